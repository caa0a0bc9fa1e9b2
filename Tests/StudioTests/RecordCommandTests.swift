import Foundation
import TestSupport
import Testing

/// Issue 17 item 3 through the real program: `touchscope record` writes a video FFmpeg can read back, with
/// the frames asked for, lasting as long as asked, and frames that change as the run plays.
@Suite(.timeLimit(.minutes(10)))
struct RecordCommandTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func tool(_ name: String) throws -> String {
    guard let path = Programs.find(name) else {
      Issue.record("\(name) is not installed: `make test` installs ffmpeg")
      throw CancellationError()
    }
    return path
  }

  /// Runs a tool and returns its standard output.
  static func output(_ tool: String, _ args: [String]) throws -> String { try Programs.run(tool, args).output }

  @Test(arguments: ["mp4", "gif", "webm"])
  func recordsTheRequestedFrames(_ ext: String) throws {
    let ffprobe = try Self.tool("ffprobe")
    let ffmpeg = try Self.tool("ffmpeg")
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("run.\(ext)").path
    let scene = Self.root.appendingPathComponent("Scenes/11-single-vs-double-tap.yaml").path
    let r = try CommandLineRobustnessTests.run([
      "record", scene, "--out", out, "--size", "640x400", "--fps", "10", "--from", "0", "--to", "800",
    ])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stderr.contains("8/8 frames"), "progress: \(r.stderr)")
    let frames = try Self.output(
      ffprobe,
      [
        "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames,width,height",
        "-of", "default=nw=1", out,
      ])
    #expect(frames.contains("nb_read_frames=8"), "\(frames)")
    #expect(frames.contains("width=640") && frames.contains("height=400"), "\(frames)")
    let duration = try Self.output(
      ffprobe, ["-v", "error", "-show_entries", "format=duration", "-of", "default=nw=1:nk=1", out])
    let seconds = Double(duration.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    #expect(abs(seconds - 0.8) < 0.15, "duration \(duration)")
    // The frames change as the run plays (a touch goes down at 0 ms and lifts at 80 ms, the timeline moves).
    let hashes = try Self.output(ffmpeg, ["-v", "error", "-i", out, "-f", "framemd5", "-"])
      .split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { $0.split(separator: ",").last }
    #expect(hashes.count == 8)
    #expect(Set(hashes).count > 3, "\(hashes)")
  }

  @Test func refusesAnUnknownFormat() throws {
    let scene = Self.root.appendingPathComponent("Scenes/tour.yaml").path
    let r = try CommandLineRobustnessTests.run(["record", scene, "--out", "/tmp/x.avi"])
    #expect(r.status == 1)
    #expect(r.stderr.contains("--out must end in .gif, .mp4 or .webm"))
  }
}
