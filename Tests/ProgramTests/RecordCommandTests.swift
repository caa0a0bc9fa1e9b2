import Foundation
import Geometry
import Raster
import SceneFile
import StudioSDL
import TestSupport
import Testing
import TouchSim

@testable import StudioCore

/// `touchscope record` through the real program: it writes a video FFmpeg can read back, with the frames
/// the window's playback takes (counted in-process by `ScriptRecording`, the same playback), lasting that
/// long, frames that change as the run plays, the last one showing the playback's end; its progress is a
/// line every tenth of the frames when standard error is not a terminal.
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

  /// The frames `touchscope record` takes of `file`'s script, counted in-process on the same playback.
  static func expectedFrames(
    _ file: String, fps: Int, from: Double = 0, to: Double? = nil, presenter: Bool = false
  ) throws -> (count: Int, model: StudioModel) {
    let scene = try SceneLoader.load(path: root.appendingPathComponent("Scenes/\(file)").path)
    let model = StudioModel(scene: scene)
    model.narrator = StudioNarration.narrate
    if presenter { model.perform(.togglePresenter) }
    let count = try ScriptRecording(script: scene.script, fps: fps, from: from, to: to).play(on: model) { _ in }
    return (count, model)
  }

  static func frameCount(_ out: String) throws -> Int? {
    let text = try output(
      try tool("ffprobe"),
      [
        "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames", "-of",
        "default=nw=1:nk=1", out,
      ])
    return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// The progress lines on standard error (not a terminal here): one at every tenth of the frames, the
  /// last at 100 %, and no bar redrawn with carriage returns.
  static func checkProgressLines(_ stderr: String, total: Int) {
    #expect(!stderr.contains("\r"), "\(stderr)")
    let lines = stderr.split(separator: "\n").filter { $0.hasPrefix("recording: ") }
    #expect(lines.count == min(10, total), "\(stderr)")
    #expect(lines.last == "recording: 100% (\(total)/\(total) frames)", "\(stderr)")
    let percents = lines.compactMap { Int($0.dropFirst("recording: ".count).prefix { $0.isNumber }) }
    #expect(percents == percents.sorted() && Set(percents).count == percents.count, "\(percents)")
  }

  @Test(arguments: ["mp4", "gif", "webm"])
  func recordsTheFramesOfThePlaybackBetweenFromAndTo(_ ext: String) throws {
    let ffprobe = try Self.tool("ffprobe")
    let ffmpeg = try Self.tool("ffmpeg")
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("run.\(ext)").path
    let file = "11-single-vs-double-tap.yaml"
    let scene = Self.root.appendingPathComponent("Scenes/\(file)").path
    let r = try CommandLineRobustnessTests.run([
      "record", scene, "--out", out, "--size", "640x400", "--fps", "10", "--from", "7600", "--to", "8400",
    ])
    #expect(r.status == 0, "\(r.stderr)")
    // The last double tap (7600 to 7860 ms): the playback dwells on each decision, so these 800 ms of
    // script time take more than 8 frames at 10 a second.
    let expected = try Self.expectedFrames(file, fps: 10, from: 7600, to: 8400).count
    #expect(expected > 8)
    Self.checkProgressLines(r.stderr, total: expected)
    let frames = try Self.output(
      ffprobe,
      [
        "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames,width,height",
        "-of", "default=nw=1", out,
      ])
    #expect(frames.contains("nb_read_frames=\(expected)\n"), "\(frames)")
    #expect(frames.contains("width=640") && frames.contains("height=400"), "\(frames)")
    let duration = try Self.output(
      ffprobe, ["-v", "error", "-show_entries", "format=duration", "-of", "default=nw=1:nk=1", out])
    let seconds = Double(duration.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    #expect(abs(seconds - Double(expected) / 10) < 0.15, "duration \(duration)")
    // The frames change as the run plays (three touches go down and lift, the timeline moves).
    let hashes = try Self.output(ffmpeg, ["-v", "error", "-i", out, "-f", "framemd5", "-"])
      .split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { $0.split(separator: ",").last }
    #expect(hashes.count == expected)
    #expect(Set(hashes).count > 3, "\(hashes)")
  }

  /// Lesson 11 in presenter mode, whole, as a small GIF: the video has the frames of the window's whole
  /// playback (its last double tap resolved and the fades run out), and its last frame is the window at the
  /// end of that playback, not the frame the script's length alone would have ended on.
  @MainActor
  @Test func recordsTheWholeLessonToItsLastFrame() throws {
    let ffmpeg = try Self.tool("ffmpeg")
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("lesson.gif").path
    let file = "11-single-vs-double-tap.yaml"
    let r = try CommandLineRobustnessTests.run(
      [
        "record", Self.root.appendingPathComponent("Scenes/\(file)").path, "--out", out, "--size", "320x200",
        "--fps", "5", "--presenter", "--to", "900000",
      ],
      environment: ["LC_ALL": "C.UTF-8", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"])
    #expect(r.status == 0, "\(r.stderr)")
    let (expected, model) = try Self.expectedFrames(file, fps: 5, presenter: true)
    Self.checkProgressLines(r.stderr, total: expected)
    #expect(try Self.frameCount(out) == expected)
    // The video's last frame against the window at the end of its playback, and at the script's end.
    let size = Size(320, 200)
    let end = try renderWindowBitmap(model, size: size)
    let scene = try SceneLoader.load(path: Self.root.appendingPathComponent("Scenes/\(file)").path)
    let early = StudioModel(scene: scene)
    early.narrator = StudioNarration.narrate
    early.perform(.togglePresenter)
    // Where the recording used to stop: as many frames as the script's time and 1.5 s.
    let oldCount = Int((((scene.script.last?.t ?? 0) + 1500) * 5 / 1000).rounded(.up))
    #expect(oldCount < expected)
    var before: Bitmap?
    _ = try ScriptRecording(script: scene.script, fps: 5).play(on: early) { i in
      if i == oldCount - 1 { before = try renderWindowBitmap(early, size: size) }
    }
    let earlier = try #require(before)
    let raw = dir.appendingPathComponent("last.rgba")
    _ = try Self.output(
      ffmpeg,
      [
        "-v", "error", "-i", out, "-vf", "select=eq(n\\,\(expected - 1))", "-frames:v", "1", "-f", "rawvideo",
        "-pix_fmt", "rgba", "-y", raw.path,
      ])
    let last = [UInt8](try Data(contentsOf: raw))
    #expect(last.count == 320 * 200 * 4)
    func differing(_ b: Bitmap) -> Int {
      var n = 0
      for (i, p) in b.pixels.enumerated() where i * 4 + 2 < last.count {
        let d = max(
          abs(Int(p.r) - Int(last[i * 4])), abs(Int(p.g) - Int(last[i * 4 + 1])), abs(Int(p.b) - Int(last[i * 4 + 2])))
        if d > 48 { n += 1 }
      }
      return n
    }
    let fromEnd = differing(end)
    let fromBefore = differing(earlier)
    // Its colours are the window's (in their order: a red drawn blue would be off), but for what the
    // GIF's palette of 256 colours cannot hold.
    #expect(fromEnd < 320 * 200 / 100, "last frame: \(fromEnd) pixels off the playback's end")
    #expect(
      fromEnd * 4 < fromBefore,
      "last frame: \(fromEnd) pixels off the playback's end, \(fromBefore) off where the script's length ended it")
  }

  /// On a terminal (a pseudo-terminal made by `script`) the progress is one bar redrawn in place, ending
  /// full, and no tenth lines.
  @Test func showsABarOnATerminal() throws {
    let script = try Self.tool("script")
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = "12-two-identical-taps.yaml"
    let out = dir.appendingPathComponent("bar.gif").path
    let command = [
      CommandLineRobustnessTests.executable, "record", Self.root.appendingPathComponent("Scenes/\(file)").path,
      "--out", out, "--size", "160x100", "--fps", "3",
    ].joined(separator: " ")
    let shown = try Self.output(script, ["-qec", command, "/dev/null"])
    let total = try Self.expectedFrames(file, fps: 3).count
    #expect(shown.contains("\r"), "\(shown)")
    #expect(!shown.contains("recording: "), "\(shown)")
    // ("\r\n", the terminal's line end, is one Character: the lines are split on scalars.)
    let bars = shown.unicodeScalars.split(whereSeparator: { $0 == "\r" || $0 == "\n" }).map { String($0) }
      .filter { $0.hasPrefix("recording [") }
    #expect(bars.count == total, "\(shown)")
    #expect(bars.last == "recording [\(String(repeating: "#", count: 30))] \(total)/\(total) frames", "\(shown)")
  }

  @Test func refusesAnUnknownFormat() throws {
    let scene = Self.root.appendingPathComponent("Scenes/tour.yaml").path
    let r = try CommandLineRobustnessTests.run(["record", scene, "--out", "/tmp/x.avi"])
    #expect(r.status == 1)
    #expect(r.stderr.contains("--out must end in .gif, .mp4 or .webm"))
  }
}
