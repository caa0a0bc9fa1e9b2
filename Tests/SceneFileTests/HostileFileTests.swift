import Foundation
import Geometry
import TestSupport
import Testing
import TouchSim

@testable import SceneFile

/// Every malformed, truncated, huge or hostile scene file gives positioned errors (and
/// `touchscope check` exit code 1, see CommandLineRobustnessTests), never a crash or a hang. The limits
/// are those of docs/SCENE-FILES.md: 16 MiB of text, YAML nesting 1000 levels, a view tree 200 levels
/// deep, 20,000 views, aliases standing for at most 1,000,000 nodes.
@Suite(.timeLimit(.minutes(5)))
struct HostileFileTests {
  static let scenes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Scenes")
  static var libraryFiles: [URL] {
    ((try? FileManager.default.contentsOfDirectory(atPath: scenes.path)) ?? []).filter { $0.hasSuffix(".yaml") }
      .sorted().map { scenes.appendingPathComponent($0) }
  }

  /// A scratch folder, removed by the caller.
  static func scratch() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
  }

  /// Loads `bytes` as a file: nil when it loads, else its diagnostics, each checked to be positioned
  /// inside the file (a line of it, or the line after its end) with a message.
  static func loadProblems(_ bytes: Data, at url: URL, sourceLocation: SourceLocation = #_sourceLocation)
    -> [Diagnostic]?
  {
    try? bytes.write(to: url)
    do {
      _ = try SceneLoader.load(path: url.path)
      return nil
    } catch {
      let lines = FuzzChecks.lineCount(String(decoding: bytes, as: UTF8.self))
      #expect(!error.diagnostics.isEmpty, sourceLocation: sourceLocation)
      for d in error.diagnostics {
        #expect(d.file == url.path, sourceLocation: sourceLocation)
        #expect(d.line >= 1 && d.line <= lines + 1, "\(d) of \(lines) lines", sourceLocation: sourceLocation)
        #expect(d.column >= 1, "\(d)", sourceLocation: sourceLocation)
        #expect(!d.message.isEmpty, sourceLocation: sourceLocation)
        #expect(d.description.hasPrefix("\(url.path):\(d.line):\(d.column): error: "), sourceLocation: sourceLocation)
      }
      return error.diagnostics
    }
  }

  @Test func theLibraryIsThere() {
    #expect(Self.libraryFiles.count >= 20)
  }

  /// Every library scene cut short at 40 points (and at every line end of its first 60 lines): each cut
  /// either still loads (a cut between top-level keys can) or gives positioned errors.
  @Test func truncationsOfEveryLibraryScene() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    var failed = 0
    for file in Self.libraryFiles {
      let bytes = try Data(contentsOf: file)
      var cuts = Set((0..<40).map { bytes.count * $0 / 40 })
      var line = 0
      for (i, b) in bytes.enumerated() where b == 0x0A && line < 60 {
        cuts.insert(i)
        line += 1
      }
      for cut in cuts.sorted() {
        if Self.loadProblems(bytes.prefix(cut), at: dir.appendingPathComponent("cut.yaml")) != nil { failed += 1 }
      }
    }
    // Most cuts lose the script's end or a view's closing part: errors, not silent success.
    #expect(failed > Self.libraryFiles.count * 20)
  }

  /// Every library scene with random bytes changed: a byte flipped, set to an invalid UTF-8 byte (0xFF,
  /// a lone continuation byte), a NUL, a YAML indicator, or a byte deleted or doubled.
  @Test func byteFlipsOfEveryLibraryScene() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    var rng = SplitMix(seed: 6)
    var failed = 0
    var total = 0
    let indicators = Array(":-[]{},#&*!|>'\"%@`?\t\n ".utf8)
    for file in Self.libraryFiles {
      let original = [UInt8](try Data(contentsOf: file))
      for _ in 0..<120 {
        var bytes = original
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
          let i = Int.random(in: 0..<bytes.count, using: &rng)
          switch Int.random(in: 0..<7, using: &rng) {
          case 0: bytes[i] ^= UInt8(1 << Int.random(in: 0..<8, using: &rng))
          case 1: bytes[i] = 0xFF
          case 2: bytes[i] = 0x80
          case 3: bytes[i] = 0
          case 4: bytes[i] = indicators.randomElement(using: &rng)!
          case 5: bytes.remove(at: i)
          default: bytes.insert(bytes[i], at: i)
          }
        }
        total += 1
        if Self.loadProblems(Data(bytes), at: dir.appendingPathComponent("flip.yaml")) != nil { failed += 1 }
      }
    }
    #expect(failed > total / 3, "only \(failed) of \(total) damaged files were refused")
  }

  /// Not UTF-8 at all, or UTF-8 with a byte order mark, or UTF-16: one error at 1:1, or a clean load.
  @Test func encodings() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let text = "format: touchscope/1\nroot: { id: r, frame: [0, 0, 10, 10] }\n"
    let url = dir.appendingPathComponent("e.yaml")
    let utf16 = Self.loadProblems(text.data(using: .utf16)!, at: url)
    #expect(utf16?.count == 1)
    #expect(utf16?.first?.line == 1)
    #expect(Self.loadProblems(Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8), at: url) == nil)
    // The byte order mark is not part of the text an edit and a save start from.
    #expect(try SceneLoader.readText(path: url.path) == text)
    let invalid = Self.loadProblems(Data(text.utf8) + Data([0xC3, 0x28, 0x0A]), at: url)
    #expect(invalid?.map(\.message) == ["the file is not UTF-8 text"])
    let binary = Self.loadProblems(Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }), at: url)
    #expect(binary != nil)
  }

  /// Old Mac (lone CR), Windows (CR LF) and Unicode (LS) line breaks count as YAML counts them, so an
  /// error is reported on the line an editor shows (a fuzzer finding: positions past the last LF).
  @Test(arguments: ["\r", "\r\n", "\u{2028}"]) func lineBreaks(_ br: String) throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let text = ["format: touchscope/1", "root:", "  id: r", "  frame: [0, 0, 10, 10]", "  colour: red", ""]
      .joined(separator: br)
    let problems = Self.loadProblems(Data(text.utf8), at: dir.appendingPathComponent("b.yaml"))
    #expect(problems?.map(\.line) == [5])
    #expect(problems?.first?.column == 3)
  }

  /// A 50 MB file is refused before it is read, at 1:1, with the limit.
  @Test func fiftyMegabytes() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let url = dir.appendingPathComponent("big.yaml")
    var chunk = "format: touchscope/1\nroot: { id: r }\n"
    chunk += String(repeating: "# padding padding padding padding padding padding padding padding\n", count: 16_000)
    let data = Data(chunk.utf8)
    FileManager.default.createFile(atPath: url.path, contents: nil)
    let handle = try FileHandle(forWritingTo: url)
    while (try handle.offset()) < 50_000_000 { handle.write(data) }
    try handle.close()
    let found = Self.loadProblems(Data(), at: dir.appendingPathComponent("empty.yaml"))
    #expect(found != nil)
    do {
      _ = try SceneLoader.load(path: url.path)
      Issue.record("a 50 MB file loaded")
    } catch {
      #expect(error.diagnostics.map(\.description) == ["\(url.path):1:1: error: the file is too large: at most 16 MiB"])
    }
    // The same text handed over in memory (the studio's reload path reads files too) is refused too.
    let text = String(repeating: "# x\n", count: (17 << 20) / 4)
    #expect(problems(text) == ["1:1: the file is too large: at most 16 MiB"])
  }

  /// A scene named as a pipe or a device is read to its end (`touchscope check /dev/stdin`); one longer
  /// than the limit is refused as a large file is, and a folder or a missing path says what it is.
  @Test func aSceneFromAPipe() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let text = "format: touchscope/1\nroot: { id: r, frame: [0, 0, 10, 10] }\n"
    signal(SIGPIPE, SIG_IGN)  // the writer of the long stream finds the pipe closed: an error, not a death
    for (sent, expected) in [
      (Data(text.utf8), nil as String?),
      (Data(count: (16 << 20) + 70_000), "the file is too large: at most 16 MiB"),
    ] {
      let fifo = dir.appendingPathComponent("scene.fifo").path
      try #require(mkfifo(fifo, 0o600) == 0)
      defer { unlink(fifo) }
      let writer = Thread {
        guard let handle = FileHandle(forWritingAtPath: fifo) else { return }
        try? handle.write(contentsOf: sent)
        try? handle.close()
      }
      writer.start()
      do {
        let read = try SceneLoader.readText(path: fifo)
        #expect(expected == nil)
        #expect(read == text)
      } catch {
        #expect(error.diagnostics.map(\.message) == [expected ?? "loaded"])
      }
      while !writer.isFinished { Thread.sleep(forTimeInterval: 0.01) }
    }
    for (path, message) in [
      (dir.path, "this is a folder, not a scene file"), (dir.path + "/none.yaml", "no such file"),
    ] {
      #expect(throws: SceneFileError.self) { try SceneLoader.readText(path: path) }
      do { _ = try SceneLoader.readText(path: path) } catch { #expect(error.diagnostics.map(\.message) == [message]) }
    }
  }

  /// 10,000 levels of nesting, in flow style and in block style (as views, each the only subview of the
  /// one before): refused at the documented limits with one positioned error, quickly and without
  /// overflowing the stack.
  @Test func tenThousandLevelsDeep() {
    var flow = "format: touchscope/1\nroot: "
    for i in 0..<10_000 { flow += "{ id: v\(i), frame: [0, 0, 1, 1], subviews: [" }
    flow += String(repeating: "] }", count: 10_000) + "\n"
    let flowProblems = problems(flow)
    #expect(flowProblems.count == 1)
    #expect(flowProblems.first?.contains("nested too deeply") == true, "\(flowProblems)")

    // In block style every level indents further: 10,000 levels are 100 MB of text, refused by size.
    // 2,500 levels (12 MB) get past the size check and meet the nesting limits.
    for (levels, expected) in [(10_000, "the file is too large"), (2_500, "nested too deeply")] {
      var block = "format: touchscope/1\nroot:\n"
      for i in 0..<levels {
        let pad = String(repeating: " ", count: 2 + 2 * i)
        block += (i == 0 ? pad : String(repeating: " ", count: 2 * i) + "- ") + "id: v\(i)\n"
        if i < levels - 1 { block += pad + "subviews:\n" }
      }
      let blockProblems = problems(block)
      #expect(blockProblems.count == 1)
      #expect(blockProblems.first?.contains(expected) == true, "\(levels): \(blockProblems)")
    }
  }

  /// 100,000 sibling views: refused at the 20,000-view limit, at the view that goes over.
  @Test func aHundredThousandSiblings() {
    var text = "format: touchscope/1\nroot:\n  id: root\n  subviews:\n"
    text.reserveCapacity(4_000_000)
    for i in 0..<100_000 { text += "    - { id: v\(i), frame: [0, 0, 1, 1] }\n" }
    #expect(problems(text) == ["20004:7: too many views: a scene may have at most 20000"])
  }

  /// Numbers of every odd kind, in every numeric key family: each refused with its position.
  @Test func absurdNumbers() {
    for bad in [".nan", ".inf", "-.inf", "1e308", "-1e12", "1e-320", "0x7FFFFFFFFFFFFFFF", "99999999999999999999999"] {
      let text = sceneText(
        """
        root:
          id: root
          frame: [0, 0, \(bad), 10]
          recognizers:
            - { id: t, kind: tap, numberOfTapsRequired: \(bad) }
            - { id: p, kind: longPress, minimumPressDuration: \(bad), allowableMovement: \(bad) }
        script:
          - { t: \(bad), touch: 1, down: [\(bad), 5] }
        """)
      let found = problems(text)
      // 1e-320 is a fine (tiny) coordinate, time and duration, only not a number of taps; every other
      // value is refused in every key.
      #expect(found.count >= (bad == "1e-320" ? 1 : 5), "\(bad): \(found)")
      for f in found { #expect(f.range(of: #"^\d+:\d+: "#, options: .regularExpression) != nil, "\(f)") }
    }
  }
}

/// Hostile scripts. Moves and lifts before a touch is down, reuse while down, time going
/// backwards and changes naming nothing are in ScriptTests; here the sizes.
@Suite struct HostileScriptTests {
  static let scene = """
    format: touchscope/1
    root:
      id: root
      multipleTouchEnabled: true
      recognizers: [{ id: pan, kind: pan, maximumNumberOfTouches: 100 }]

    """

  /// 500 touches down in one event, moved together, lifted together: loaded, run, every one ended.
  @Test func hundredsOfSimultaneousTouchesInAScript() throws {
    var text = Self.scene + "script:\n"
    for n in 1...500 { text += "  - { t: 0, touch: \(n), down: [\(n % 390), \(n)] }\n" }
    for n in 1...500 { text += "  - { t: 16, touch: \(n), move: [\(n % 390), \(n + 30)] }\n" }
    for n in 1...500 { text += "  - { t: 40, touch: \(n), up: true }\n" }
    let scene = try load(text)
    #expect(scene.script.count == 1500)
    let engine = Engine(scene: scene)
    engine.run(script: scene.script)
    #expect(engine.liveTouches.isEmpty)
    let ended = engine.trace.count {
      if case .input(_, .ended, _, _) = $0.event { return true }
      return false
    }
    #expect(ended == 500)
  }

  /// A script longer than the limit is refused at the script, not run.
  @Test func aScriptOverTheStepLimit() {
    var text = Self.scene + "script:\n"
    text.reserveCapacity(4_000_000)
    for i in 0...SceneReader.maxSteps { text += "  - { t: \(i), end: true }\n" }
    #expect(problems(text) == ["7:3: the script is too long: at most \(SceneReader.maxSteps) steps"])
  }
}
