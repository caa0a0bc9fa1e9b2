import Narration
import TestSupport
import Testing
import TouchSim

/// Narration never crashes, stays in time order and points at real entries, whatever the script.
@Suite struct NarrationPropertyTests {
  /// A small deterministic generator (no dependency needed): the same ops on every run.
  struct Generator {
    var state: UInt64
    mutating func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % 1_000_000_000)
    }
  }

  @Test(arguments: PropertyScenes.all.indices)
  func randomScriptsOnPropertyScenes(_ sceneIndex: Int) {
    var gen = Generator(state: UInt64(sceneIndex + 1) * 7919)
    let scene = PropertyScenes.all[sceneIndex]
    for _ in 0..<60 {
      let count = 1 + gen.next() % 60
      let ops = (0..<count).map { _ in gen.next() }
      let n = Narrated(scene, randomScript(ops))
      n.checkInvariants()
      if !n.run.trace.isEmpty {
        #expect(!n.lines.isEmpty)
        // Every gesture ends with a summary, so the narration does too.
        #expect(n.lines.last?.kind == .summary, "\(n)")
      }
      // The same trace gives the same narration.
      #expect(Narrator.narrate(n.run.trace, scene: scene) == n.lines)
      for line in n.lines { checkRuleIds(line.text) }
    }
  }

  /// Lines are never lost between the builder and the renderer: one text line per sentence.
  @Test func plainTextHasOneLinePerSentence() {
    let s = scene([v("buy", [100, 300, 190, 60], kind: .button)], rootRecognizers: [g("parentTap", .tap)])
    let n = Narrated(s, tap(195, 330))
    let text = NarrationText.render(n.lines)
    for line in n.lines { #expect(text.contains(line.text)) }
    #expect(text.contains("\n         Why?\n"))
    #expect(text.hasPrefix("   0 ms  Finger 1 touches down at (195, 330).\n"))
    #expect(
      text.contains(
        "  80 ms  `buy` received touchesEnded and sent touchUpInside, then primaryActionTriggered (rules 8.1, G-8.1b).\n"
      ))
    #expect(text.contains("         - `buy` fired touchUpInside at 80 ms"))
  }

  @Test func wrappingKeepsEveryWordAndIndents() {
    let words = (1...40).map { "word\($0)" }.joined(separator: " ")
    let line = NarrationLine(t: 5, traceIndex: 0, kind: .step, text: words)
    let text = NarrationText.render([line], width: 40)
    let rows = text.split(separator: "\n")
    #expect(rows.count > 1)
    for row in rows { #expect(row.count <= 40) }
    for row in rows.dropFirst() { #expect(row.hasPrefix("        ")) }
    #expect(text.split(whereSeparator: { $0 == " " || $0 == "\n" }).filter { $0.hasPrefix("word") }.count == 40)
  }

  /// Rule ids cited at the end of a sentence exist in docs/RULES.md.
  private func checkRuleIds(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let open = text.lastIndex(of: "("), text.hasSuffix(").") else { return }
    let inside = text[text.index(after: open)..<text.index(text.endIndex, offsetBy: -2)]
    guard inside.hasPrefix("rule") else { return }
    let ids = inside.split(separator: " ", maxSplits: 1).last.map { $0.split(separator: ",") } ?? []
    for raw in ids {
      let id = raw.trimmingCharacters()
      #expect(Self.knownRules.contains(id), "unknown rule \(id) in \(text)", sourceLocation: sourceLocation)
    }
  }

  static let knownRules: Set<String> = {
    var out: Set<String> = ["I", "5.1", "5.2", "5.3", "5.4", "8.1", "8.2", "8.3", "8.4", "8.5"]
    for (letter, count) in [("A", 11), ("B", 7), ("C", 8), ("F", 10), ("H", 16)] {
      for k in 1...count { out.insert("\(letter)-\(k)") }
    }
    for k in 1...7 { out.insert("E-6.\(k)") }
    for k in 1...25 { out.insert("L\(k)") }
    // Section 14 (the second pass).
    out.formUnion(["F-3a", "G-8.1a", "G-8.1b", "B-4a", "A-12", "C-9", "C-10", "B-2a", "I-LP2", "I-SW2", "H-11"])
    out.insert("B-7b")
    return out
  }()

  @Test func emptyTraceGivesNoLines() {
    #expect(Narrator.narrate([], scene: scene([])).isEmpty)
  }
}

extension Substring {
  fileprivate func trimmingCharacters() -> String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
