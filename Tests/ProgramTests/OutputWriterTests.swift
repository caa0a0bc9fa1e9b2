import Foundation
import SceneFile
import TestSupport
import Testing

@testable import StudioSDL

/// Outputs never destroy a file, through the real program: `record` keeps the old video when FFmpeg could
/// not write a whole new one and says why; `render`, `import`, `handout` and `record` refuse a FIFO
/// nobody reads instead of waiting for ever; a take is never written through a link at its name.
@Suite(.timeLimit(.minutes(10)))
struct OutputWriterTests {
  static var executable: String { RealWindow.executable }
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static var scene: String { root.appendingPathComponent("Scenes/01-hit-test-order.yaml").path }

  struct Result {
    var status: Int32
    /// False when the guard had to kill it: the command did not return by itself.
    var returned: Bool
    var stderr: String
  }

  /// Runs the program with standard input, output and error on files; a guard kills it if it has not
  /// returned after `guardSeconds` (only so that a command that would wait for ever fails the test
  /// instead of hanging the suite; nothing asserts how long it took).
  static func run(_ args: [String], path: String? = nil, guardSeconds: Double = 300) throws -> Result {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: executable)
    p.arguments = args
    if let path {
      var env = ProcessInfo.processInfo.environment
      env["PATH"] = path
      p.environment = env
    }
    let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("writer-err-\(UUID().uuidString)")
    FileManager.default.createFile(atPath: errURL.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errURL) }
    let err = try FileHandle(forWritingTo: errURL)
    p.standardError = err
    p.standardOutput = FileHandle.nullDevice
    p.standardInput = FileHandle.nullDevice
    try p.run()
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      p.waitUntilExit()
      done.signal()
    }
    var returned = true
    if done.wait(timeout: .now() + guardSeconds) == .timedOut {
      returned = false
      kill(p.processIdentifier, SIGKILL)
      done.wait()
    }
    try err.close()
    let text = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
    return Result(status: p.terminationStatus, returned: returned, stderr: text)
  }

  static func leftovers(_ dir: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasPrefix(".touchscope-") }
  }

  /// A stand-in for FFmpeg, first on the PATH: it takes every frame, writes 4,096 bytes to the file it is
  /// given (as FFmpeg does before the disk fills up), says `message` on standard error and exits with 0.
  static func fakeFFmpeg(in dir: String, message: String) throws -> String {
    let bin = dir + "/bin"
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    let script = """
      #!/bin/sh
      for last in "$@"; do :; done
      cat > /dev/null
      head -c 4096 /dev/zero > "$last"
      \(message.isEmpty ? "" : "echo '\(message)' >&2")
      exit 0

      """
    try script.write(toFile: bin + "/ffmpeg", atomically: false, encoding: .utf8)
    chmod(bin + "/ffmpeg", 0o755)
    return bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
  }

  /// The encoder exits with 0 but the disk was full (it said so, or it did not): `record` exits with 1,
  /// says why, and the old video is as it was.
  @Test func recordKeepsTheOldFileWhenTheEncoderCouldNotFinish() throws {
    let dir = try HostileFiles.scratch().path
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let cases: [(ext: String, message: String, expected: String)] = [
      ("mp4", "av_interleaved_write_frame(): No space left on device", "No space left on device"),
      ("gif", "", "ends before it is complete"),
      ("mp4", "", "ends before it is complete"),
    ]
    for c in cases {
      let out = dir + "/talk." + c.ext
      let old = "the old recording, kept\n"
      try old.write(toFile: out, atomically: false, encoding: .utf8)
      let path = try Self.fakeFFmpeg(in: dir, message: c.message)
      let r = try Self.run(
        [
          "record", Self.scene, "--out", out, "--size", "64x48", "--fps", "1", "--quiet", "--to", "300",
        ], path: path)
      #expect(r.returned)
      #expect(r.status == 1, "record exited \(r.status): \(r.stderr)")
      #expect(r.stderr.contains(c.expected), "\(r.stderr)")
      #expect(r.stderr.contains("left as it was"), "\(r.stderr)")
      #expect((try? String(contentsOfFile: out, encoding: .utf8)) == old, "the old \(c.ext) was replaced")
      #expect(Self.leftovers(dir).isEmpty, "left behind: \(Self.leftovers(dir))")
    }
  }

  /// A complete MP4, GIF and WebM pass the check that the encoder finished its file; cut ones do not.
  @Test func theEncodersFileIsCheckedWhole() throws {
    guard Programs.find("ffmpeg") != nil else {
      Issue.record("ffmpeg is not installed: `make test` installs it")
      return
    }
    let dir = try HostileFiles.scratch().path
    defer { try? FileManager.default.removeItem(atPath: dir) }
    for ext in ["mp4", "gif", "webm"] {
      let out = dir + "/talk." + ext
      let r = try Self.run(
        ["record", Self.scene, "--out", out, "--size", "64x48", "--fps", "2", "--quiet", "--to", "300"])
      #expect(r.returned && r.status == 0, "\(ext): \(r.stderr)")
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
      let format = VideoEncoder.Format(rawValue: ext)!
      #expect(VideoEncoder.incomplete(out, format: format) == nil, "\(ext) taken for incomplete")
      let cut = dir + "/cut." + ext
      try Data(bytes.prefix(bytes.count - 5)).write(to: URL(fileURLWithPath: cut))
      #expect(VideoEncoder.incomplete(cut, format: format) != nil, "a cut \(ext) taken for whole")
    }
    #expect(Self.leftovers(dir).isEmpty)
  }

  /// `--out` a FIFO nobody reads: every command returns, exits with 1 and says so.
  @Test func aFIFONobodyReadsIsRefusedByEveryCommand() throws {
    let dir = try HostileFiles.scratch().path
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let lldb = Self.root.appendingPathComponent("Tests/Fixtures/RecursiveDescription/plain.txt").path
    let commands: [(String, [String])] = [
      ("pipe.png", ["render", Self.scene, "--size", "64x48"]),
      ("pipe.yaml", ["import", "recursive-description", lldb]),
      ("pipe.html", ["handout", Self.root.appendingPathComponent("Scenes/02-skipped-views.yaml").path]),
      ("pipe.gif", ["record", Self.scene, "--size", "64x48", "--fps", "1", "--quiet", "--to", "300"]),
    ]
    for (name, args) in commands {
      let fifo = dir + "/" + name
      try #require(mkfifo(fifo, 0o600) == 0)
      let r = try Self.run(args + ["--out", fifo], guardSeconds: 300)
      #expect(r.returned, "\(args[0]) waited for a reader")
      #expect(r.status == 1, "\(args[0]) exited \(r.status): \(r.stderr)")
      #expect(r.stderr.contains("FIFO") && r.stderr.contains("nothing reads"), "\(args[0]): \(r.stderr)")
    }
  }

  /// Ctrl+Shift+S's next free name passes over a dangling link, a folder and a link to a file, and never
  /// creates or changes what a link points to.
  @Test func aTakeSkipsLinksAndFoldersAtItsName() throws {
    let dir = try HostileFiles.scratch().path
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let lesson = dir + "/scene.yaml"
    try "format: touchscope/1\nroot: { id: r }\n".write(toFile: lesson, atomically: false, encoding: .utf8)
    try FileManager.default.createDirectory(atPath: dir + "/elsewhere", withIntermediateDirectories: true)
    let victim = dir + "/elsewhere/victim.yaml"
    let kept = dir + "/elsewhere/kept.yaml"
    try "kept\n".write(toFile: kept, atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(atPath: dir + "/scene.take-1.yaml", withDestinationPath: victim)
    try FileManager.default.createDirectory(atPath: dir + "/scene.take-2.yaml", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: dir + "/scene.take-3.yaml", withDestinationPath: kept)
    let saved = SceneSaving.saveTake("format: touchscope/1\nroot: { id: t }\n", beside: lesson)
    #expect(saved == .success(dir + "/scene.take-4.yaml"))
    #expect(!FileManager.default.fileExists(atPath: victim), "the dangling link's target was created")
    #expect((try? String(contentsOfFile: kept, encoding: .utf8)) == "kept\n")
    #expect(
      (try? String(contentsOfFile: dir + "/scene.take-4.yaml", encoding: .utf8))
        == "format: touchscope/1\nroot: { id: t }\n")
  }
}
