import ArgumentParser
import Foundation
import Localization
import SceneFile
import StudioCore
import TouchSim
import TraceKit

struct Compare: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Run a scene's script as written and with changes, and say where the runs part.",
    discussion: """
      Runs the script of SCENE twice, headless: once on the scene as written, once with every --set \
      applied (the same keys and values a script's `set` step takes: ID.KEY=VALUE, with VALUE true, \
      false, a number, a string, or a [list]). Prints the first place where the two traces part, in \
      words, then every difference, gesture by gesture: the trace lines only the run as written has, and \
      those only the changed run has.

      --json prints the comparison as one JSON object instead (see docs/TRACE-FORMAT.md for the trace \
      lines it holds). Exit codes: 0 the runs agree, 3 they differ, 1 invalid input, 2 internal error.
      """
  )

  @Argument(help: "The scene file (YAML or JSON).")
  var scene: String

  @Option(
    name: .customLong("set"), help: "A change, ID.KEY=VALUE (repeatable), e.g. cardTap.cancelsTouchesInView=false.")
  var sets: [String] = []

  @Flag(help: "Print the comparison as JSON.")
  var json = false

  @OptionGroup var language: LanguageOption

  func validate() throws {
    if sets.isEmpty { throw ValidationError("give at least one --set ID.KEY=VALUE") }
  }

  func run() throws {
    let written = try SceneInput.load(scene)
    let changes = try sets.map { try Self.change($0, for: written) }
    var changed = written
    for c in changes {
      if let problem = changed.apply(c) { throw InputError("--set \(c.target).\(c.key): \(problem)") }
    }
    let comparison = TraceComparison(written: Engine.replay(written), changed: Engine.replay(changed))
    let lang = language.language
    Console.out(json ? Self.json(comparison, changes) : Self.text(comparison, changes, lang))
    if !comparison.same { throw ExitCode(3) }
  }

  /// `ID.KEY=VALUE` read as a script's `set` step reads it (the same keys, values and checks).
  static func change(_ text: String, for scene: Scene) throws -> PropertyChange {
    guard let eq = text.firstIndex(of: "="), text[..<eq].contains(".") else {
      throw InputError("--set '\(text)': write ID.KEY=VALUE (for example cardTap.cancelsTouchesInView=false)")
    }
    let path = String(text[..<eq])
    let value = String(text[text.index(after: eq)...])
    let quotedPath = "'" + path.replacingOccurrences(of: "'", with: "''") + "'"
    let yaml = "script:\n  - t: 0\n    set:\n      \(quotedPath): \(value.isEmpty ? "''" : value)\n"
    do {
      let steps = try SceneLoader.parseScript(yaml, file: "--set", for: scene)
      guard case .set(let list)? = steps.first?.action, let c = list.first else {
        throw InputError("--set '\(text)': not a change")
      }
      return c
    } catch let error as SceneFileError {
      let reasons = error.diagnostics.map(\.message).joined(separator: "; ")
      throw InputError("--set '\(text)': \(reasons)")
    }
  }

  static func changesText(_ changes: [PropertyChange]) -> String {
    changes.map { "\($0.target).\($0.key) = \($0.value)" }.joined(separator: ", ")
  }

  /// One difference in words when the two entries are the same kind of decision about the same view,
  /// recognizer or control ("`card` gets touchesEnded at 80 ms instead of touchesCancelled"); nil otherwise.
  static func pairSentence(_ w: TraceEntry, _ c: TraceEntry, _ changes: [PropertyChange], _ l: Language) -> String? {
    let with = l("With \(changesText(changes))", "改为 \(changesText(changes)) 后")
    let at = JSONNumber.format(c.t)
    switch (w.event, c.event) {
    case (.deliver(let v1, let m1, _, _), .deliver(let v2, let m2, _, _)) where v1 == v2 && m1 != m2:
      return l(
        "\(with), `\(v1)` gets \(m2.rawValue) at \(at) ms instead of \(m1.rawValue).",
        "\(with)，`\(v1)` 在 \(at) 毫秒收到 \(m2.rawValue)，而不是 \(m1.rawValue)。")
    case (.state(let r1, let f1, let t1, _), .state(let r2, let f2, let t2, _)) where r1 == r2 && f1 == f2 && t1 != t2:
      return l(
        "\(with), `\(r1)` goes from \(f1.rawValue) to \(t2.rawValue) at \(at) ms instead of \(t1.rawValue).",
        "\(with)，`\(r1)` 在 \(at) 毫秒从 \(f1.rawValue) 变为 \(t2.rawValue)，而不是 \(t1.rawValue)。")
    case (.control(let c1, let e1, _, _), .control(let c2, let e2, _, _)) where c1 == c2 && e1 != e2:
      return l(
        "\(with), `\(c1)` sends \(e2.rawValue) at \(at) ms instead of \(e1.rawValue).",
        "\(with)，`\(c1)` 在 \(at) 毫秒发送 \(e2.rawValue)，而不是 \(e1.rawValue)。")
    case (.state(let r1, let f1, let t1, _), .state(let r2, let f2, let t2, _))
    where r1 == r2 && f1 == f2 && t1 == t2 && w.t != c.t:
      let before = JSONNumber.format(w.t)
      return l(
        "\(with), `\(r1)` goes from \(f1.rawValue) to \(t1.rawValue) at \(at) ms instead of \(before) ms.",
        "\(with)，`\(r1)` 在 \(at) 毫秒从 \(f1.rawValue) 变为 \(t1.rawValue)，而不是在 \(before) 毫秒。")
    case (.deliver(let v1, let m1, _, _), .deliver(let v2, let m2, _, _)) where v1 == v2 && m1 == m2 && w.t != c.t:
      let before = JSONNumber.format(w.t)
      return l(
        "\(with), `\(v1)` gets \(m1.rawValue) at \(at) ms instead of \(before) ms.",
        "\(with)，`\(v1)` 在 \(at) 毫秒收到 \(m1.rawValue)，而不是在 \(before) 毫秒。")
    case (.hit(let n1, let v1), .hit(let n2, let v2)) where n1 == n2 && v1 != v2:
      return l(
        "\(with), touch \(n1) is hit-tested to `\(v2 ?? "nil")` at \(at) ms instead of `\(v1 ?? "nil")`.",
        "\(with)，触摸 \(n1) 在 \(at) 毫秒命中 `\(v2 ?? "nil")`，而不是 `\(v1 ?? "nil")`。")
    default:
      return nil
    }
  }

  /// What differs first, in words: the first decision of the first differing gesture that the two runs make
  /// differently (when there is such a pair), then where the traces part line by line.
  static func firstSentence(_ c: TraceComparison, _ changes: [PropertyChange], _ l: Language) -> String {
    guard let d = c.first else { return "" }
    var headline: String?
    if let g = c.gestures.first {
      search: for x in g.onlyChanged {
        for w in g.onlyWritten {
          if let s = pairSentence(w, x, changes, l) {
            headline = s
            break search
          }
        }
      }
    }
    let at = JSONNumber.format(d.t)
    let asWritten = d.written.map { TraceDescriber.sentence($0.event, l) } ?? l("the run has ended.", "运行已经结束。")
    let withChanges = d.changed.map { TraceDescriber.sentence($0.event, l) } ?? l("the run has ended.", "运行已经结束。")
    let raw = l(
      "The traces part at \(at) ms. As written: \(asWritten) With the changes: \(withChanges)",
      "两条轨迹在 \(at) 毫秒分开。按原样：\(asWritten) 修改后：\(withChanges)")
    return headline.map { $0 + " " + raw } ?? raw
  }

  static func text(_ c: TraceComparison, _ changes: [PropertyChange], _ l: Language) -> String {
    guard let first = c.first else {
      return l(
        "The runs agree: with \(changesText(changes)) the trace is the same, line for line.\n",
        "两次运行一致：改为 \(changesText(changes)) 后，轨迹逐行相同。\n")
    }
    var out = l("First difference (gesture \(first.gesture + 1)): ", "第一处不同（手势 \(first.gesture + 1)）：")
    out += firstSentence(c, changes, l) + "\n"
    func line(_ e: TraceEntry) -> String {
      let t = JSONNumber.format(e.t) + " ms"
      return "    " + String(repeating: " ", count: max(0, 9 - t.count)) + t + "  "
        + TraceDescriber.sentence(e.event, l)
    }
    for g in c.gestures {
      out += "\n"
      out += l(
        "Gesture \(g.gesture + 1) (\(JSONNumber.format(g.from))–\(JSONNumber.format(g.to)) ms):\n",
        "手势 \(g.gesture + 1)（\(JSONNumber.format(g.from))–\(JSONNumber.format(g.to)) 毫秒）：\n")
      if !g.onlyWritten.isEmpty {
        out += l("  only as written:\n", "  只在按原样运行时：\n")
        for e in g.onlyWritten { out += line(e) + "\n" }
      }
      if !g.onlyChanged.isEmpty {
        out += l("  only with the changes:\n", "  只在修改后运行时：\n")
        for e in g.onlyChanged { out += line(e) + "\n" }
      }
    }
    return out
  }

  static func json(_ c: TraceComparison, _ changes: [PropertyChange]) -> String {
    let q = JSONString.quote
    let changeList = changes.map {
      "{\"target\":\(q($0.target)),\"key\":\(q($0.key)),\"value\":\($0.value.json)}"
    }.joined(separator: ",")
    var out = "{\"same\":\(c.same),\"changes\":[\(changeList)]"
    if let f = c.first {
      out += ",\"first\":{\"index\":\(f.index),\"gesture\":\(f.gesture + 1),\"t\":\(JSONNumber.format(f.t))"
      out += ",\"written\":\(f.written?.json ?? "null"),\"changed\":\(f.changed?.json ?? "null")"
      out += ",\"text\":\(q(firstSentence(c, changes, .english)))}"
    } else {
      out += ",\"first\":null"
    }
    let gestures = c.gestures.map { g in
      "{\"gesture\":\(g.gesture + 1),\"from\":\(JSONNumber.format(g.from)),\"to\":\(JSONNumber.format(g.to)),"
        + "\"onlyWritten\":[\(g.onlyWritten.map(\.json).joined(separator: ","))],"
        + "\"onlyChanged\":[\(g.onlyChanged.map(\.json).joined(separator: ","))]}"
    }
    out += ",\"gestures\":[\(gestures.joined(separator: ","))]}\n"
    return out
  }
}
