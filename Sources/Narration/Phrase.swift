import TouchSim
import TraceKit

/// Small helpers that keep the sentences uniform: ids in backticks, numbers, points, lists, rules.
enum Phrase {
  /// An id as the narration writes it.
  static func code(_ id: String) -> String { "`\(id)`" }

  /// A number rounded to one decimal, without a trailing ".0".
  static func num(_ v: Double) -> String {
    guard v.isFinite else { return "0" }
    return JSONNumber.format((v * 10).rounded() / 10)
  }

  /// A time in milliseconds, as written in the trace.
  static func ms(_ t: Double) -> String { JSONNumber.format(t) + " ms" }

  static func point(_ p: Point) -> String { "(\(num(p.x)), \(num(p.y)))" }

  /// "a", "a and b", "a, b and c".
  static func list(_ items: [String], and conjunction: String = "and") -> String {
    switch items.count {
    case 0: return ""
    case 1: return items[0]
    default: return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items[items.count - 1]
    }
  }

  static func codes(_ ids: [String], and conjunction: String = "and") -> String {
    list(ids.map(code), and: conjunction)
  }

  /// "(rule A-1)" / "(rules A-1, A-3)"; empty when there is no rule. Duplicates are dropped.
  static func cite(_ rules: [String]) -> String {
    var seen: [String] = []
    for r in rules where !r.isEmpty && !seen.contains(r) { seen.append(r) }
    switch seen.count {
    case 0: return ""
    case 1: return " (rule \(seen[0]))"
    default: return " (rules \(seen.joined(separator: ", ")))"
    }
  }

  /// A sentence: the text, the rules, a full stop.
  static func sentence(_ text: String, _ rules: [String] = []) -> String {
    var s = text
    while s.hasSuffix(".") { s.removeLast() }
    return capitalized(s) + cite(rules) + "."
  }

  /// Upper-cases the first letter unless the sentence starts with an id.
  static func capitalized(_ s: String) -> String {
    guard let first = s.first, first != "`" else { return s }
    return first.uppercased() + s.dropFirst()
  }

  /// "once", "twice", "3 times".
  static func times(_ n: Int) -> String {
    switch n {
    case 1: return "once"
    case 2: return "twice"
    default: return "\(n) times"
    }
  }

  /// "second", "third" ... for tap numbers.
  static func ordinal(_ n: Int) -> String {
    let words = [1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"]
    return words[n] ?? "\(n)th"
  }

  /// "a UIButton": every UIKit class name starts with the sound "you".
  static func article(_ className: String) -> String { "a " + className }

  static func finger(_ n: Int) -> String { "finger \(n)" }
}
