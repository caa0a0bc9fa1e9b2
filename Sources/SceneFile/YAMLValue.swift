import Yams

/// What a YAML scalar means in a scene file: YAML 1.2 core schema for plain scalars, a string otherwise.
///
/// Quoted and block scalars are always strings; a plain scalar is `null`, a bool (`true`/`false` in any of
/// the three spellings of the core schema), a number, or else a string. `yes`/`no`/`on`/`off` are strings,
/// as in YAML 1.2.
enum ScalarValue: Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)

  init(_ scalar: Node.Scalar) {
    if scalar.style != .plain && scalar.style != .any {
      self = .string(scalar.string)
    } else {
      self = ScalarValue.plain(scalar.string)
    }
  }

  /// How a plain (unquoted) scalar with this text is read.
  static func plain(_ s: String) -> ScalarValue {
    switch s {
    case "", "~", "null", "Null", "NULL": return .null
    case "true", "True", "TRUE": return .bool(true)
    case "false", "False", "FALSE": return .bool(false)
    case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .number(.infinity)
    case "-.inf", "-.Inf", "-.INF": return .number(-.infinity)
    case ".nan", ".NaN", ".NAN": return .number(.nan)
    default:
      if let n = parseNumber(s) { return .number(n) }
      return .string(s)
    }
  }

  /// Decimal numbers: `[-+]? (digits [. digits?] | . digits) ([eE] [-+]? digits)?`.
  static func parseNumber(_ s: String) -> Double? {
    let u = Array(s.utf8)
    guard !u.isEmpty, u.count <= 400 else { return nil }
    var i = 0
    func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
    if u[i] == 43 || u[i] == 45 { i += 1 }  // + -
    var mantissaDigits = 0
    while i < u.count, isDigit(u[i]) {
      i += 1
      mantissaDigits += 1
    }
    if i < u.count, u[i] == 46 {  // .
      i += 1
      while i < u.count, isDigit(u[i]) {
        i += 1
        mantissaDigits += 1
      }
    }
    guard mantissaDigits > 0 else { return nil }
    if i < u.count, u[i] == 101 || u[i] == 69 {  // e E
      i += 1
      if i < u.count, u[i] == 43 || u[i] == 45 { i += 1 }
      var expDigits = 0
      while i < u.count, isDigit(u[i]) {
        i += 1
        expDigits += 1
      }
      guard expDigits > 0 else { return nil }
    }
    guard i == u.count else { return nil }
    // Swift's parser does not take a leading '+' or a bare trailing '.' everywhere; normalise.
    var text = s
    if text.hasPrefix("+") { text.removeFirst() }
    return Double(text)
  }

  /// For messages: what the value is, e.g. `the string 'abc'`.
  var described: String {
    switch self {
    case .null: return "nothing (null)"
    case .bool(let b): return b ? "true" : "false"
    case .number(let n): return "the number \(NumberText.format(n))"
    case .string(let s): return "the string '\(Excerpt.short(s))'"
    }
  }
}

extension Node {
  /// 1-based line and column of the node (1:1 when Yams has no position).
  var position: (line: Int, column: Int) {
    guard let m = mark else { return (1, 1) }
    return (max(m.line, 1), max(m.column, 1))
  }

  /// The scalar's meaning, or nil for a mapping or a list.
  var value: ScalarValue? {
    switch self {
    case .scalar(let s): return ScalarValue(s)
    case .alias: return nil
    case .mapping, .sequence: return nil
    }
  }

  /// For messages: what this node is.
  var described: String {
    switch self {
    case .scalar(let s): return ScalarValue(s).described
    case .mapping: return "a mapping"
    case .sequence: return "a list"
    case .alias: return "an alias"
    }
  }
}

/// Short excerpts of user text for messages.
enum Excerpt {
  static func short(_ s: String, limit: Int = 40) -> String {
    var out = ""
    var n = 0
    for ch in s {
      if n == limit { return out + "…" }
      if ch == "\n" {
        out += "\\n"
      } else if ch.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
        out += "?"
      } else {
        out.append(ch)
      }
      n += 1
    }
    return out
  }
}
