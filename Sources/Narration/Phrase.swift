import Geometry
import Localization
import TouchSim
import TraceKit

/// Small helpers that keep the sentences uniform: ids in backticks, numbers, points, lists, rules.
///
/// The helpers that write words take the language: English and Chinese lists, rule citations, counts and
/// sentence ends differ; ids, numbers, points and times are written alike in both.
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

  /// A size, "W × H".
  static func size(_ s: Size) -> String { "\(num(s.width)) × \(num(s.height))" }

  /// A zoom scale, rounded to two decimals.
  static func scale(_ v: Double) -> String {
    guard v.isFinite else { return "1" }
    return JSONNumber.format((v * 100).rounded() / 100)
  }

  /// "a", "a and b", "a, b and c"; in Chinese "a、b 和 c" ("或" for `or`).
  static func list(_ items: [String], or: Bool = false, _ language: Language) -> String {
    switch items.count {
    case 0: return ""
    case 1: return items[0]
    default:
      let conjunction = or ? language("or", "或") : language("and", "和")
      let head = items.dropLast().joined(separator: language(", ", "、"))
      return head + " \(conjunction) " + items[items.count - 1]
    }
  }

  static func codes(_ ids: [String], or: Bool = false, _ language: Language) -> String {
    list(ids.map(code), or: or, language)
  }

  /// "(rule A-1)" / "(rules A-1, A-3)"; in Chinese "（规则 A-1、A-3）". Empty when there is no rule;
  /// duplicates are dropped.
  static func cite(_ rules: [String], _ language: Language) -> String {
    var seen: [String] = []
    for r in rules where !r.isEmpty && !seen.contains(r) { seen.append(r) }
    if seen.isEmpty { return "" }
    if language.isChinese { return "（规则 \(seen.joined(separator: "、"))）" }
    return seen.count == 1 ? " (rule \(seen[0]))" : " (rules \(seen.joined(separator: ", ")))"
  }

  /// A sentence: the text, the rules, a full stop. English capitalises its first letter; Chinese ends
  /// with "。" and gets the customary spaces between Chinese and Latin text (`ChineseSpacing`).
  static func sentence(_ text: String, _ rules: [String] = [], _ language: Language) -> String {
    var s = text
    if language.isChinese {
      while s.hasSuffix("。") || s.hasSuffix(".") || s.hasSuffix("，") { s.removeLast() }
      return ChineseSpacing.apply(s + cite(rules, language) + "。")
    }
    while s.hasSuffix(".") { s.removeLast() }
    return capitalized(s) + cite(rules, language) + "."
  }

  /// Upper-cases the first letter unless the sentence starts with an id.
  static func capitalized(_ s: String) -> String {
    guard let first = s.first, first != "`" else { return s }
    return first.uppercased() + s.dropFirst()
  }

  /// "once", "twice", "3 times"; "1 次", "2 次".
  static func times(_ n: Int, _ language: Language) -> String {
    if language.isChinese { return "\(n) 次" }
    switch n {
    case 1: return "once"
    case 2: return "twice"
    default: return "\(n) times"
    }
  }

  /// "second", "third" ... for tap numbers; "第 2 次" in Chinese.
  static func ordinal(_ n: Int, _ language: Language) -> String {
    if language.isChinese { return "第 \(n) 次" }
    let words = [1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"]
    return words[n] ?? "\(n)th"
  }

  /// "a UIButton": every UIKit class name starts with the sound "you". Chinese has no article.
  static func article(_ className: String, _ language: Language) -> String {
    language("a " + className, className)
  }

  /// "finger 1" / "手指 1".
  static func finger(_ n: Int, _ language: Language) -> String { language("finger \(n)", "手指 \(n)") }

  /// "finger 1" / "fingers 1 and 2"; "手指 1" / "手指 1 和 2".
  static func fingers(_ touches: [Int], _ language: Language) -> String {
    if touches.count == 1 { return finger(touches[0], language) }
    return language("fingers ", "手指 ") + list(touches.map(String.init), language)
  }
}

/// The spaces technical Chinese puts between Chinese and Latin text: one between a Chinese character and
/// a Latin letter, a digit or an id in backticks, none next to full-width punctuation or between two
/// Chinese characters.
enum ChineseSpacing {
  static func isCJK(_ c: Character) -> Bool {
    guard let v = c.unicodeScalars.first?.value else { return false }
    return (0x4E00...0x9FFF).contains(v) || (0x3400...0x4DBF).contains(v)
  }

  static func isFullWidthPunctuation(_ c: Character) -> Bool { "，。；：、（）？！“”".contains(c) }

  static func isLatin(_ c: Character) -> Bool { c.isASCII && (c.isLetter || c.isNumber) }

  static func apply(_ text: String) -> String {
    var out: [Character] = []
    var inCode = false
    for c in text {
      if c == " ", let last = out.last, isFullWidthPunctuation(last) { continue }
      if isFullWidthPunctuation(c), out.last == " " { out.removeLast() }
      // No space between two Chinese characters ("这是 它的代理" when a template's slot holds Chinese).
      if isCJK(c), out.last == " ", out.count >= 2, isCJK(out[out.count - 2]) { out.removeLast() }
      if let last = out.last {
        // A backtick after a Chinese character opens an id; after an id or Latin text a Chinese character follows.
        let opening = c == "`" && !inCode
        let closedBefore = last == "`" && !inCode
        if isCJK(last) && (isLatin(c) || opening || c == "(") { out.append(" ") }
        if isCJK(c) && (isLatin(last) || closedBefore || last == ")") { out.append(" ") }
      }
      if c == "`" { inCode.toggle() }
      out.append(c)
    }
    return String(out)
  }
}
