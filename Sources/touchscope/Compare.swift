import ArgumentParser
import Foundation
import Geometry
import Localization
import SceneFile
import StudioCore
import TouchSim
import TraceKit

struct Compare: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compare",
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

  @OptionGroup var sceneFile: SceneArgument
  var scene: String { sceneFile.scene }

  @Option(
    name: .customLong("set"), help: "A change, ID.KEY=VALUE (repeatable), e.g. cardTap.cancelsTouchesInView=false.")
  var sets: [String] = []

  /// Every `--set` at once, gathered before parsing (`CompareArguments`: linear in their number).
  @Option(name: .customLong("set-list"), help: .hidden)
  var setList: String?

  /// The changes in the order given.
  var allSets: [String] { sets + (setList.map(CompareArguments.sets(fromList:)) ?? []) }

  @Flag(help: "Print the comparison as JSON.")
  var json = false

  @OptionGroup var language: LanguageOption

  func validate() throws {
    if allSets.isEmpty { throw ValidationError("give at least one --set ID.KEY=VALUE") }
  }

  func run() throws {
    let written = try SceneInput.load(scene)
    let changes = try Self.changes(allSets, for: written)
    var changed = written
    for c in changes {
      if let problem = changed.apply(c) { throw InputError("--set \(c.target).\(c.key): \(problem)") }
    }
    let comparison = TraceComparison(
      written: try SceneInput.replay(written, path: scene), changed: try SceneInput.replay(changed, path: scene))
    let lang = language.language
    Console.out(json ? Self.json(comparison, changes) : Self.text(comparison, changes, lang))
    if !comparison.same { throw ExitCode(3) }
  }

  /// Every `ID.KEY=VALUE` read as `change` reads it, in their order; the first that is wrong is reported
  /// as `change` reports it. They are read as the steps of one script (one reading of the scene's ids
  /// whatever their number: linear), except a change written with a line break, read on its own.
  static func changes(_ texts: [String], for scene: Scene) throws -> [PropertyChange] {
    var out: [PropertyChange] = []
    var start = 0
    while start < texts.count {
      var steps: [String] = []
      var end = start
      while end < texts.count, let step = step(texts[end]), !step.hasLineBreak {
        steps.append(step.yaml)
        end += 1
      }
      guard end > start else {
        out.append(try change(texts[start], for: scene))
        start += 1
        continue
      }
      let batch = texts[start..<end]
      do {
        let read = try SceneLoader.parseScript("script:\n" + steps.joined(), file: "--set", for: scene)
        let found = read.compactMap { step -> PropertyChange? in
          guard case .set(let list) = step.action, list.count == 1 else { return nil }
          return list[0]
        }
        let whole = found.count == batch.count && read.count == batch.count
        out += whole ? found : try batch.map { try change($0, for: scene) }
      } catch let error as SceneFileError {
        // Step i is on lines 2 + 3i to 4 + 3i: the first one wrong is read again alone, for its message.
        if let line = error.diagnostics.first?.line, (line - 2) / 3 < batch.count, line >= 2 {
          _ = try change(batch[start + (line - 2) / 3], for: scene)
        }
        out += try batch.map { try change($0, for: scene) }
      }
      start = end
    }
    return out
  }

  /// A change as a script's step (three lines), or nil when it is not written ID.KEY=VALUE.
  private static func step(_ text: String) -> (yaml: String, hasLineBreak: Bool)? {
    guard let eq = text.firstIndex(of: "="), text[..<eq].contains(".") else { return nil }
    let path = String(text[..<eq])
    let value = String(text[text.index(after: eq)...])
    let quotedPath = "'" + path.replacingOccurrences(of: "'", with: "''") + "'"
    let breaks = text.unicodeScalars.contains { [0x0A, 0x0D, 0x85, 0x2028, 0x2029].contains($0.value) }
    return ("  - t: 0\n    set:\n      \(quotedPath): \(value.isEmpty ? "''" : value)\n", breaks)
  }

  /// `ID.KEY=VALUE` read as a script's `set` step reads it (the same keys, values and checks).
  static func change(_ text: String, for scene: Scene) throws -> PropertyChange {
    guard let eq = text.firstIndex(of: "="), let step = step(text) else {
      throw InputError("--set '\(text)': write ID.KEY=VALUE (for example cardTap.cancelsTouchesInView=false)")
    }
    let path = String(text[..<eq])
    let value = String(text[text.index(after: eq)...])
    let yaml = "script:\n" + step.yaml
    do {
      let steps = try SceneLoader.parseScript(yaml, file: "--set", for: scene)
      guard case .set(let list)? = steps.first?.action, let c = list.first else {
        throw InputError("--set '\(text)': not a change")
      }
      return c
    } catch let error as SceneFileError {
      let reasons = error.diagnostics.map(\.message).joined(separator: "; ")
      // `color=#FFF` reads as an empty value: in YAML a '#' after a blank or at the start is a comment.
      if value.drop(while: { $0 == " " }).hasPrefix("#"), reasons.contains("needs a value") {
        throw InputError(
          "--set '\(text)': the value is empty, because a '#' at the start of a value begins a YAML comment; "
            + "quote it inside the argument: --set '\(path)=\"\(value)\"'")
      }
      throw InputError("--set '\(text)': \(reasons)")
    }
  }

  static func text(_ c: TraceComparison, _ changes: [PropertyChange], _ l: Language) -> String {
    guard let first = c.first else {
      return l(
        "The runs agree: with \(CompareText.changesText(changes)) the trace is the same, line for line.\n",
        "两次运行一致：改为 \(CompareText.changesText(changes)) 后，轨迹逐行相同。\n")
    }
    var out = l("First difference (gesture \(first.gesture + 1)): ", "第一处不同（手势 \(first.gesture + 1)）：")
    out += CompareText.firstSentence(c, changes, l) + "\n"
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
      out += ",\"text\":\(q(CompareText.firstSentence(c, changes, .english)))}"
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
