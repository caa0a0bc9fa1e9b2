import Foundation
import Geometry
import Testing
import TouchSim

@testable import SceneFile

@Suite("Malformed, huge and deep input never crashes")
struct RobustnessTests {
  @Test func fiveThousandNestedViews() {
    var text = "format: touchscope/1\nroot: "
    for i in 0..<5000 { text += "{ id: v\(i), frame: [0, 0, 1, 1], subviews: [" }
    text += String(repeating: "] }", count: 5000) + "\n"
    let found = problems(text)
    #expect(found.count == 1)
    #expect(found.first?.contains("nested too deeply") == true, "\(found)")
  }

  /// The nesting limit is the composer's own (the system's libyaml 0.2.5 has none): 1000 collections inside
  /// one another are read, the 1001st is refused at its bracket, in flow and in block style.
  @Test func nestingLimitIsExactlyAThousandLevels() throws {
    let limit = YAMLComposer.maxNesting
    #expect(limit == 1000)
    let flow = { (n: Int) in String(repeating: "[", count: n) + String(repeating: "]", count: n) }
    #expect(try YAMLComposer.compose(flow(limit)) != nil)
    do {
      _ = try YAMLComposer.compose(flow(limit + 1))
      Issue.record("1001 flow sequences were read")
    } catch {
      guard case .nesting(let line, let column) = error else { throw error }
      #expect(line == 1 && column == limit + 1)
    }
    let block = { (n: Int) in (0..<n).map { String(repeating: " ", count: $0) + "a:\n" }.joined() + "\n" }
    #expect(try YAMLComposer.compose(block(limit)) != nil)
    do {
      _ = try YAMLComposer.compose(block(limit + 1))
      Issue.record("1001 block mappings were read")
    } catch {
      guard case .nesting(let line, let column) = error else { throw error }
      #expect(line == limit + 1 && column == limit + 1)
    }
  }

  @Test func deepBracketsAndDashes() {
    for text in [
      String(repeating: "[", count: 100_000),
      String(repeating: "{a: ", count: 20_000),
      String(repeating: "- ", count: 50_000) + "x",
      (0..<1500).map { String(repeating: " ", count: $0) + "a:\n" }.joined(),
    ] {
      #expect(!problems(text).isEmpty)
    }
    // Deep indentation alone is not nesting: this is a valid scene.
    #expect(problems("format: touchscope/1\nroot:\n" + String(repeating: "  ", count: 3000) + "id: x\n").isEmpty)
  }

  @Test func exponentialAliasesAreCutShort() {
    // Each level doubles the views the tree expands to: 2^30 if followed blindly.
    var text = "format: touchscope/1\nx0: &a0 { id: v, frame: [0, 0, 1, 1] }\n"
    for i in 1...30 {
      text += "x\(i): &a\(i) { id: v, frame: [0, 0, 1, 1], subviews: [*a\(i - 1), *a\(i - 1)] }\n"
    }
    text += "root: *a30\n"
    let found = problems(text)
    #expect(found.contains { $0.contains("duplicate id 'v'") })
    #expect(found.count == Problems.limit + 1)
  }

  @Test func tooManyViews() {
    var text = "format: touchscope/1\nroot:\n  id: root\n  subviews:\n"
    for i in 0..<20_001 { text += "    - { id: v\(i), frame: [0, 0, 1, 1] }\n" }
    let found = problems(text)
    #expect(found == ["20004:7: too many views: a scene may have at most 20000"])
  }

  @Test func manyErrorsAreCapped() {
    var text = "format: touchscope/1\nroot:\n  id: root\n  subviews:\n"
    for _ in 0..<2000 { text += "    - { id: same, frame: [0, 0, -1, 1], bogus: 1 }\n" }
    let found = problems(text)
    #expect(found.count == Problems.limit + 1)
    #expect(found.last?.contains("too many errors") == true)
  }

  @Test func oddScalarsAndControlCharacters() {
    for text in [
      "format: touchscope/1\nroot: { id: r, frame: [1e400, 0, 1, 1] }",
      "format: touchscope/1\nroot: { id: r, frame: [0x10, 0, 1, 1] }",
      "format: touchscope/1\nroot: { id: r, text: \u{0} }",
      "format: touchscope/1\u{1}\nroot: { id: r }",
      "format: touchscope/1\nroot: !!binary AAAA",
      "format: touchscope/1\nroot: { ? [a, b] : c }",
      "format: touchscope/1\nroot: *undefined",
      "format: touchscope/1\n---\nroot: { id: r }\n",
      "%YAML 9.9\n---\nformat: touchscope/1",
      "format: touchscope/1\nroot: { id: r }\nscript: { t: 0 }",
      "format: touchscope/1\nroot: { id: r }\nscript: [[1, 2], null, 3, { t: 1, set: [] }, { t: 2, set: { a: [[1]] } }]",
      "\u{FEFF}format: touchscope/1\nroot: { id: \"\u{7F}\" }",
    ] {
      #expect(!problems(text).isEmpty, "\(text.debugDescription)")
    }
  }

  @Test func randomGarbageGivesErrors() {
    var rng = SplitMix(seed: 7)
    let alphabet = Array("abcxyz019 :-[]{},#&*!|>'\"%@`?\n\t\\.~" + "éü🎉\u{0}\u{1}\u{2028}")
    for _ in 0..<400 {
      let count = Int.random(in: 0...300, using: &rng)
      let text = String((0..<count).map { _ in alphabet.randomElement(using: &rng) ?? "a" })
      #expect(!problems(text).isEmpty)
    }
    // Deep indentation alone is not nesting: this is a valid scene.
    #expect(problems("format: touchscope/1\nroot:\n" + String(repeating: "  ", count: 3000) + "id: x\n").isEmpty)
  }

  @Test func mutatedScenesNeverCrash() throws {
    var seed = SplitMix(seed: 3)
    let base = SceneWriter.yaml(RandomScene.make(using: &seed))
    var rng = SplitMix(seed: 99)
    let pieces = Array(" :-[]{},#\n0123456789.xyz\"'&*")
    var loaded = 0
    for _ in 0..<300 {
      var chars = Array(base)
      for _ in 0..<Int.random(in: 1...4, using: &rng) where !chars.isEmpty {
        let i = Int.random(in: 0..<chars.count, using: &rng)
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: chars.remove(at: i)
        case 1: chars.insert(pieces.randomElement(using: &rng) ?? " ", at: i)
        default: chars[i] = pieces.randomElement(using: &rng) ?? " "
        }
      }
      if problems(String(chars)).isEmpty { loaded += 1 }
    }
    // Some mutations hit comments or numbers and still load; most do not.
    #expect(loaded < 300)
  }

  @Test func unreadableFiles() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "scenefile-robust-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let latin1 = dir.appendingPathComponent("latin1.yaml")
    try Data([0x74, 0x3A, 0x20, 0xE9, 0xFF, 0x0A]).write(to: latin1)
    for (path, message) in [
      (latin1.path, "not UTF-8"), (dir.path, "folder"),
      (dir.appendingPathComponent("missing.yaml").path, "no such file"),
    ] {
      do {
        _ = try SceneLoader.load(path: path)
        Issue.record("loaded \(path)")
      } catch {
        #expect(error.diagnostics.count == 1)
        #expect(error.diagnostics[0].description.hasPrefix("\(path):1:1: error: "))
        #expect(error.diagnostics[0].message.contains(message))
      }
    }
  }
}
