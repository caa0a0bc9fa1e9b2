import Foundation
import Geometry
import TestSupport
import Testing
import TouchSim

@testable import DeviceBridge
@testable import SceneFile

/// Hostile inputs on every surface text comes in by (a scene file, a recursive-description dump, a device
/// log, a `--set` value), generated from a seed: random bytes, huge and non-finite numbers, control and
/// line-separator characters, deep nesting, huge counts. Each is refused with positioned messages of
/// bounded size, or read; never a crash, never an unbounded output.
@Suite struct HostileInputPropertyTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Pieces that have broken readers: numbers past any range, not-a-number, separators YAML counts as
  /// line breaks, control characters, an escape sequence, flow brackets, anchors, tags, quotes, joined
  /// emoji, a right-to-left override, a long run.
  static let hostile: [String] = [
    "nan", ".nan", ".inf", "-.inf", "1e308", "1e309", "-1e400", "99999999999999999999999", "0x7fffffff", "-0",
    "\u{2028}", "\u{2029}", "\u{85}", "\u{0}", "\u{1b}[31m", "\t", "\r", "\r\n", "\n", "[[[[[[[[", "{{{{{{",
    "]]]", "}", "&a ", "*a", "!!binary ", "'", "\"", "# ", ": ", "- ", "é", "👩‍👩‍👧", "\u{202E}", "\u{FEFF}",
    String(repeating: "x", count: 5000), String(repeating: "[", count: 3000), "t: 1e999", "frame: [nan, 0, 1, 1]",
  ]

  /// `text` with `count` random edits: a hostile piece inserted, a span deleted, a span repeated, or
  /// random bytes written over.
  static func mutated(_ text: String, count: Int, _ rng: inout SplitMix) -> [UInt8] {
    var bytes = Array(text.utf8)
    for _ in 0..<count {
      let at = bytes.isEmpty ? 0 : Int.random(in: 0...bytes.count, using: &rng)
      switch Int.random(in: 0..<4, using: &rng) {
      case 0:
        bytes.insert(contentsOf: Array(hostile.randomElement(using: &rng)!.utf8), at: at)
      case 1:
        let n = min(Int.random(in: 1...40, using: &rng), bytes.count - at)
        bytes.removeSubrange(at..<(at + n))
      case 2:
        let n = min(Int.random(in: 1...60, using: &rng), bytes.count - at)
        let span = Array(bytes[at..<(at + n)])
        for _ in 0..<Int.random(in: 2...200, using: &rng) { bytes.insert(contentsOf: span, at: at) }
      default:
        let n = min(Int.random(in: 1...8, using: &rng), bytes.count - at)
        for i in at..<(at + n) { bytes[i] = UInt8.random(in: 0...255, using: &rng) }
      }
    }
    return bytes
  }

  /// Every message positioned inside the text and of bounded length, at most the problem limit of them.
  static func checkRefusal(
    _ error: SceneFileError, lines: Int, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(!error.diagnostics.isEmpty, "\(what): an error without diagnostics", sourceLocation: sourceLocation)
    #expect(error.diagnostics.count <= Problems.limit + 1, "\(what)", sourceLocation: sourceLocation)
    for d in error.diagnostics {
      let placed = d.line >= 1 && d.line <= lines + 1 && d.column >= 1
      #expect(placed, "\(what): badly positioned \(d.line):\(d.column)", sourceLocation: sourceLocation)
      #expect(
        !d.message.isEmpty && d.message.count <= 600, "\(what): \(d.message.prefix(700))",
        sourceLocation: sourceLocation)
    }
  }

  @Test func sceneFileText() throws {
    var rng = SplitMix(seed: 0x5CE7E)
    let seeds = try ["tour", "11-single-vs-double-tap", "08-cancels-touches-in-view"].map {
      try String(contentsOf: Self.root.appendingPathComponent("Scenes/\($0).yaml"), encoding: .utf8)
    }
    for round in 0..<120 {
      let bytes = Self.mutated(seeds[round % seeds.count], count: 1 + round % 6, &rng)
      #expect(FuzzChecks.sceneLoader(bytes) == [], "round \(round)")
      let text = String(decoding: bytes, as: UTF8.self)
      do {
        _ = try SceneLoader.parse(text, file: "hostile.yaml")
      } catch {
        Self.checkRefusal(error, lines: FuzzChecks.lineCount(text), "round \(round)")
      }
    }
    // Random bytes alone, and deep nesting.
    for round in 0..<40 {
      let bytes = (0..<Int.random(in: 0...3000, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
      #expect(FuzzChecks.sceneLoader(bytes) == [], "random bytes \(round)")
    }
    for depth in [1000, 20_000] {
      let nested =
        "format: touchscope/1\nroot: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
      #expect(FuzzChecks.sceneLoader(Array(nested.utf8)) == [], "nesting \(depth)")
    }
  }

  @Test func recursiveDescriptionDump() throws {
    var rng = SplitMix(seed: 0xD0_0D)
    let folder = Self.root.appendingPathComponent("Tests/Fixtures/RecursiveDescription")
    let seeds = try ["plain", "gestures", "nested-scroll", "table", "transformed"].map {
      try String(contentsOf: folder.appendingPathComponent("\($0).txt"), encoding: .utf8)
    }
    for round in 0..<150 {
      let bytes = Self.mutated(seeds[round % seeds.count], count: 1 + round % 5, &rng)
      let text = String(decoding: bytes, as: UTF8.self)
      do {
        let imported = try RecursiveDescriptionImporter.importDescription(bytes, file: "dump.txt")
        // What is imported is a scene file that loads.
        let yaml = SceneWriter.yaml(imported.scene)
        #expect(throws: Never.self, "round \(round)") { try SceneLoader.parse(yaml, file: "imported.yaml") }
      } catch {
        Self.checkRefusal(error, lines: FuzzChecks.lineCount(text), "round \(round)")
      }
    }
  }

  /// Interface Builder files: real-shaped storyboards and XIBs with random edits (hostile pieces, cut and
  /// repeated spans, XML's own hazards: entities, unclosed and mismatched tags, huge attribute values). Each
  /// either imports into scenes that load, or is refused with positioned, bounded messages.
  @Test func storyboardDocument() throws {
    var rng = SplitMix(seed: 0x5B0A4D)
    let folder = Self.root.appendingPathComponent("Tests/Fixtures/Storyboard")
    let seeds = try ["gestures.storyboard", "controls.xib", "tables.storyboard", "old-xcode4.storyboard"].map {
      try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
    }
    let xml = [
      "&amp;", "&#0;", "&#xFFFF;", "&undefined;", "<!DOCTYPE x [<!ENTITY a \"aaaa\">]>", "<view>", "</view>",
      "</document>", "<![CDATA[", "]]>", "<?xml version=\"1.0\"?>", " x=\"1e999\"", " width=\"nan\"",
      " id=\"\u{2028}\"", String(repeating: "<view>", count: 400),
    ]
    for round in 0..<120 {
      var bytes = Self.mutated(seeds[round % seeds.count], count: 1 + round % 5, &rng)
      if round % 3 == 0 {
        let at = Int.random(in: 0...bytes.count, using: &rng)
        bytes.insert(contentsOf: Array(xml.randomElement(using: &rng)!.utf8), at: at)
      }
      let text = String(decoding: bytes, as: UTF8.self)
      do {
        let imported = try StoryboardImporter.importDocument(bytes, file: "hostile.storyboard")
        for scene in imported.scenes {
          let yaml = SceneWriter.yaml(scene.scene)
          #expect(throws: Never.self, "round \(round)") { try SceneLoader.parse(yaml, file: "imported.yaml") }
        }
        for w in imported.warnings { #expect(w.message.count <= 600, "round \(round): \(w.message.prefix(700))") }
      } catch {
        Self.checkRefusal(error, lines: FuzzChecks.lineCount(text), "round \(round)")
      }
    }
  }

  @Test func deviceLog() throws {
    var rng = SplitMix(seed: 0x106)
    let scene = try SceneLoader.load(path: Self.root.appendingPathComponent("Scenes/tour.yaml").path)
    let expected = DeviceLog.expected(Engine.replay(scene), scene: scene)
    let log = DeviceLog.text(expected)
    for round in 0..<150 {
      let bytes = Self.mutated(log, count: 1 + round % 8, &rng)
      let text = String(decoding: bytes, as: UTF8.self)
      let events = DeviceLog.parse(text)
      // No more events than lines, each from a line of the text.
      let lines = FuzzChecks.lineCount(text)
      #expect(events.count <= lines, "round \(round)")
      #expect(events.allSatisfy { $0.line >= 1 && $0.line <= lines && $0.t.isFinite }, "round \(round)")
      let comparison = DeviceLogComparison(replay: expected, device: events)
      #expect(comparison.differences.count <= expected.count + events.count, "round \(round)")
      #expect(comparison.differences.allSatisfy { $0.text.count <= 600 }, "round \(round)")
    }
  }

  @Test func setValues() throws {
    var rng = SplitMix(seed: 0x5E7)
    let scene = try SceneLoader.load(path: Self.root.appendingPathComponent("Scenes/tour.yaml").path)
    let targets = ["buyButton.hidden", "cardTap.numberOfTapsRequired", "note.alpha", "x.y", "cardTap.requireToFail"]
    for round in 0..<300 {
      var value = ""
      for _ in 0..<Int.random(in: 1...4, using: &rng) { value += Self.hostile.randomElement(using: &rng)! }
      let path = targets[round % targets.count]
      // As `touchscope compare --set PATH=VALUE` reads it: a script of one `set` step.
      let yaml = "script:\n  - t: 0\n    set:\n      '\(path)': \(value)\n"
      do {
        let steps = try SceneLoader.parseScript(yaml, file: "--set", for: scene)
        var changed = scene
        for case .set(let list) in steps.map(\.action) {
          for c in list { _ = changed.apply(c) }
        }
      } catch {
        Self.checkRefusal(
          error, lines: FuzzChecks.lineCount(yaml), "round \(round): \(value.prefix(80).debugDescription)")
      }
    }
  }
}
