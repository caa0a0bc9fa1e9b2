import Foundation
import Testing

/// The real program: `touchscope check` and `touchscope replay` on hostile
/// files exit with code 1 and print positioned errors (`FILE:LINE:COLUMN: error: ...`), never crash (a
/// signal) or hang.
@Suite(.timeLimit(.minutes(5)))
struct CommandLineRobustnessTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static var executable: String { RealWindow.executable }

  struct Result {
    var status: Int32
    var reason: Process.TerminationReason
    var stdout: String
    var stderr: String
  }

  static func run(_ args: [String], environment: [String: String]? = nil) throws -> Result {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: executable)
    p.arguments = args
    if let environment { p.environment = environment }
    // Standard output goes to a file (a trace can be long; a full pipe would block the child).
    let outURL = FileManager.default.temporaryDirectory.appendingPathComponent("cli-out-\(UUID().uuidString)")
    FileManager.default.createFile(atPath: outURL.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: outURL) }
    let out = try FileHandle(forWritingTo: outURL)
    let err = Pipe()
    p.standardOutput = out
    p.standardError = err
    try p.run()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    try out.close()
    let outData = (try? Data(contentsOf: outURL)) ?? Data()
    return Result(
      status: p.terminationStatus, reason: p.terminationReason, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  @Test func hostileScenesExitWithOneAndPositionedErrors() throws {
    #expect(FileManager.default.fileExists(atPath: Self.executable), "build first: \(Self.executable)")
    let dir = try HostileFiles.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    var aliasBomb = "format: touchscope/1\nx0: &a0 { id: v, frame: [0, 0, 1, 1] }\n"
    for i in 1...30 { aliasBomb += "x\(i): &a\(i) { id: v, subviews: [*a\(i - 1), *a\(i - 1)] }\n" }
    aliasBomb += "root: *a30\n"
    var deep = "format: touchscope/1\nroot: "
    for i in 0..<10_000 { deep += "{ id: v\(i), subviews: [" }
    deep += String(repeating: "] }", count: 10_000)
    let files: [(String, Data)] = [
      (
        "truncated.yaml", Data("format: touchscope/1\nroot:\n  id: root\n  subviews:\n    - { id: a, frame: [0, 0".utf8)
      ),
      ("types.yaml", Data("format: touchscope/1\nroot: { id: root, frame: yes, alpha: [1], recognizers: 3 }\n".utf8)),
      ("keys.yaml", Data("format: touchscope/1\nroot: { id: root, fram: [0, 0, 1, 1], colour: red }\n".utf8)),
      (
        "ids.yaml",
        Data(
          """
          format: touchscope/1
          root:
            id: root
            subviews: [{ id: a }, { id: a }]
            recognizers:
              - { id: t, kind: tap, requireToFail: [u] }
              - { id: u, kind: tap, requireToFail: [t] }
              - { id: w, kind: tap, requireToFail: [nobody] }

          """.utf8)
      ),
      ("numbers.yaml", Data("format: touchscope/1\nroot: { id: root, frame: [.nan, .inf, -5, 1e300] }\n".utf8)),
      ("utf8.yaml", Data("format: touchscope/1\nroot: { id: r".utf8) + Data([0xFF, 0xFE]) + Data(" }\n".utf8)),
      ("bomb.yaml", Data(aliasBomb.utf8)),
      ("deep.yaml", Data(deep.utf8)),
      ("empty.yaml", Data()),
      ("binary.yaml", Data((0..<2000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })),
    ]
    for (name, bytes) in files {
      let path = dir.appendingPathComponent(name).path
      try bytes.write(to: URL(fileURLWithPath: path))
      for command in [["check", path], ["replay", path]] {
        let r = try Self.run(command)
        #expect(r.reason == .exit && r.status == 1, "\(command): \(r.reason) \(r.status) \(r.stderr)")
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("\(path):") && $0.contains(": error: ") }, "\(command): \(r.stderr)")
        #expect(r.stdout.isEmpty || command[0] == "check", "\(command) printed a trace for a bad scene")
      }
    }
  }

  /// A script file that moves and lifts touches that are not down, reuses a number that is down, goes
  /// back in time and changes a property of nothing: exit 1, each problem at its line.
  @Test func hostileScriptsExitWithOneAndPositionedErrors() throws {
    let dir = try HostileFiles.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let scene = dir.appendingPathComponent("scene.yaml").path
    try "format: touchscope/1\nroot: { id: root, recognizers: [{ id: tap, kind: tap }] }\n".write(
      toFile: scene, atomically: true, encoding: .utf8)
    let script = dir.appendingPathComponent("script.yaml").path
    try """
    script:
      - { t: 0, touch: 3, move: [1, 1] }
      - { t: 5, touch: 4, up: true }
      - { t: 10, touch: 1, down: [5, 5] }
      - { t: 20, touch: 1, down: [6, 6] }
      - { t: 15, touch: 1, up: true }
      - { t: 30, set: { ghost.hidden: true, tap.bogus: 1 } }

    """.write(toFile: script, atomically: true, encoding: .utf8)
    let r = try Self.run(["replay", scene, "--script", script])
    #expect(r.reason == .exit && r.status == 1, "\(r.reason) \(r.status)")
    #expect(r.stdout.isEmpty)
    for line in [2, 3, 5, 6, 7] {
      #expect(r.stderr.contains("\(script):\(line):"), "no error at line \(line): \(r.stderr)")
    }
  }

  /// A script whose run passes the trace limit (here lowered to 60 entries) is refused where it passes it,
  /// by every command that runs it: `replay` writes what ran, then the positioned error, and exits 1.
  @Test func aScriptPastTheTraceLimitIsRefusedAtItsStep() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("trace-limit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    var text = """
      format: touchscope/1
      window: [390, 844]
      root:
        id: root
        frame: [0, 0, 390, 844]
        subviews:
          - { id: card, frame: [0, 0, 390, 844], recognizers: [{ id: tap, kind: tap }] }
      script:

      """
    for i in 0..<40 {
      text += "  - { t: \(i * 200), touch: 1, down: [100, 100] }\n  - { t: \(i * 200 + 40), touch: 1, up: true }\n"
    }
    let path = dir.appendingPathComponent("long.yaml").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let env = ProcessInfo.processInfo.environment.merging(["TOUCHSCOPE_SCRIPT_TRACE_LIMIT": "60"]) { $1 }
    // Without the lowered limit the same file is fine.
    #expect(try Self.run(["check", path]).status == 0)
    for command in [["replay", path], ["check", path], ["explain", path]] {
      let r = try Self.run(command, environment: env)
      #expect(r.reason == .exit && r.status == 1, "\(command): \(r.reason) \(r.status) \(r.stderr)")
      let message = try #require(r.stderr.split(separator: "\n").first { $0.contains("the script stops here") })
      // FILE:LINE:COLUMN, at a step of the script (lines 9 on), at its first character after "- ".
      let parts = message.split(separator: ":")
      #expect(message.hasPrefix(path + ":") && parts.count > 3, "\(command): \(message)")
      let line = Int(parts[1]) ?? 0
      #expect(line >= 9 && line <= 88, "\(command): \(message)")
      #expect(parts[2] == "5", "\(command): \(message)")
      #expect(message.contains("60 entries"), "\(command): \(message)")
      if command[0] == "replay" {
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count > 60 && lines.count < 120, "replay wrote \(lines.count) lines")
      }
    }
  }

  /// `bench --json` prints every figure it was asked for, an unmeasured one with `"value": null`
  /// and `"measured": false` (JSON has no NaN), never `{}`.
  @Test func benchJSONWithoutADisplayMarksTheUnmeasuredFigures() throws {
    var env = ProcessInfo.processInfo.environment
    env["DISPLAY"] = nil
    env["WAYLAND_DISPLAY"] = nil
    let r = try Self.run(["bench", "--json", "--only", "startup", "--runs", "1"], environment: env)
    #expect(r.status == 0, "\(r.stderr)")
    let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
    let figures = json?["figures"] as? [[String: Any]] ?? []
    #expect(figures.count == 1, "\(r.stdout)")
    #expect(figures.first?["value"] is NSNull)
    #expect(figures.first?["measured"] as? Bool == false)
  }

  /// `--version`, and `list` in the language asked for.
  /// Every command reads `--size` with one parser: decimal digits on both sides of an x, within the
  /// command's range (render and record: whole pixels 16 to 8192; open: points 200 to 10,000). Hex floats,
  /// exponents, signs, NaN and a missing side are refused before any work, with the command's message.
  @Test func sizesAreReadOneWayByEveryCommand() throws {
    let scene = Self.root.appendingPathComponent("Scenes/tour.yaml").path
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("size-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("p.png").path
    for bad in [
      "0x1p4x100", "1e3x800", "+640x400", "640x", "x400", "nanx400", "640.5x400", "15x400", "640x8193", "640 x400",
    ] {
      let r = try Self.run(["render", scene, "--out", out, "--size", bad])
      #expect(r.status == 1 && r.stderr.contains("--size must be WIDTHxHEIGHT"), "\(bad): \(r.stderr)")
      #expect(!FileManager.default.fileExists(atPath: out))
    }
    // For open only sizes it refuses too (one it takes would open a window).
    for bad in ["0x1p4x900", "1e3x800", "+640x400", "640x", "nanx400", "199x400", "640x10001"] {
      let o = try Self.run(["open", scene, "--size", bad])
      #expect(o.status == 1 && o.stderr.contains("--size must look like"), "open \(bad): \(o.stderr)")
    }
    let r = try Self.run(["render", scene, "--out", out, "--size", "64X40"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(FileManager.default.fileExists(atPath: out))
  }

  @Test func versionAndListInChinese() throws {
    let v = try Self.run(["--version"])
    #expect(v.status == 0 && v.stdout.hasPrefix("touchscope ") && v.stdout.contains("touchscope/1"), "\(v.stdout)")
    let list = try Self.run(["list", "--lang", "zh-Hans"])
    #expect(list.status == 0)
    #expect(list.stdout.contains("单击与双击"), "\(list.stdout)")
    let english = try Self.run(["list", "--lang", "en"])
    #expect(english.stdout.contains("Single tap versus double tap"))
  }

}

/// Scratch folders for the hostile-input tests.
enum HostileFiles {
  static func scratch() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
  }
}

/// C-9 through the real program: `check` prints the loader's warnings, positioned, and the file is OK.
@Suite struct CheckWarningTests {
  @Test func checkPrintsWarningsAndExitsZero() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let path = root.appendingPathComponent("Scenes/31-one-recognizer-three-views.yaml").path
    let r = try CommandLineRobustnessTests.run(["check", path])
    #expect(r.reason == .exit && r.status == 0, "\(r.stderr)")
    #expect(r.stdout == "OK: \(path) (2 warnings)\n")
    let warnings = r.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }
    #expect(warnings.count == 2, "\(r.stderr)")
    // At the recognizer's definition on the first card, wherever the file puts it.
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false)
    let line = try #require(lines.firstIndex { $0.contains("{ id: cardTap, kind: tap }") }) + 1
    #expect(warnings.first?.hasPrefix("\(path):\(line):11: warning: 'cardTap' is added to 'redCard' here") == true)
  }
}
