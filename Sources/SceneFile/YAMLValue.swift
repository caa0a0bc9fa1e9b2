/// What a YAML scalar means in a scene file: YAML 1.2 core schema for plain scalars, a string otherwise.
///
/// Quoted and block scalars are always strings; a plain scalar is `null`, a bool (`true`/`false` in any of
/// the three spellings of the core schema), a number, or else a string. `yes`/`no`/`on`/`off` are strings,
/// as in YAML 1.2. Tags (`!!int 1`) are ignored: a plain scalar is read by its text alone.
enum ScalarValue: Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)

  /// How a plain (unquoted) scalar with this text is read.
  static func plain(_ s: String) -> ScalarValue {
    var copy = s
    return copy.withUTF8 { plain($0, s) }
  }

  /// How a plain scalar with these UTF-8 bytes is read; `text` is the same text as a `String`, made only
  /// when the scalar is a string.
  static func plain(_ u: UnsafeBufferPointer<UInt8>, _ text: @autoclosure () -> String) -> ScalarValue {
    switch u.count {
    case 0: return .null
    case 1: if u[0] == 0x7E { return .null }  // ~
    case 4:
      if matches(u, "null", "Null", "NULL") { return .null }
      if matches(u, "true", "True", "TRUE") { return .bool(true) }
      if matches(u, ".inf", ".Inf", ".INF") { return .number(.infinity) }
      if matches(u, ".nan", ".NaN", ".NAN") { return .number(.nan) }
    case 5:
      if matches(u, "false", "False", "FALSE") { return .bool(false) }
      if matches(u, "+.inf", "+.Inf", "+.INF") { return .number(.infinity) }
      if matches(u, "-.inf", "-.Inf", "-.INF") { return .number(-.infinity) }
    default: break
    }
    if let n = parseNumber(u) { return .number(n) }
    return .string(text())
  }

  private static func matches(_ u: UnsafeBufferPointer<UInt8>, _ a: StaticString, _ b: StaticString, _ c: StaticString)
    -> Bool
  {
    func eq(_ s: StaticString) -> Bool {
      s.utf8CodeUnitCount == u.count && UnsafeBufferPointer(start: s.utf8Start, count: u.count).elementsEqual(u)
    }
    return eq(a) || eq(b) || eq(c)
  }

  /// Decimal numbers: `[-+]? (digits [. digits?] | . digits) ([eE] [-+]? digits)?`.
  static func parseNumber(_ s: String) -> Double? {
    var copy = s
    return copy.withUTF8 { parseNumber($0) }
  }

  /// Powers of ten that are exact doubles.
  private static let exactPowers: [Double] = (0...22).map { n in (0..<n).reduce(1.0) { p, _ in p * 10 } }

  /// `parseNumber` on UTF-8 bytes. Numbers of at most 15 significant digits and 22 decimals are computed
  /// directly (one correctly rounded division of exact values, so the same double as `Double(String)`);
  /// others go through `Double(String)`.
  static func parseNumber(_ u: UnsafeBufferPointer<UInt8>) -> Double? {
    guard !u.isEmpty, u.count <= 400 else { return nil }
    var i = 0
    func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
    let negative = u[0] == 45
    if u[i] == 43 || u[i] == 45 { i += 1 }  // + -
    var mantissaDigits = 0
    var mantissa: UInt64 = 0
    var decimals = 0
    while i < u.count, isDigit(u[i]) {
      if mantissaDigits < 19 { mantissa = mantissa &* 10 &+ UInt64(u[i] - 48) }
      i += 1
      mantissaDigits += 1
    }
    if i < u.count, u[i] == 46 {  // .
      i += 1
      while i < u.count, isDigit(u[i]) {
        if mantissaDigits < 19 { mantissa = mantissa &* 10 &+ UInt64(u[i] - 48) }
        i += 1
        mantissaDigits += 1
        decimals += 1
      }
    }
    guard mantissaDigits > 0 else { return nil }
    var hasExponent = false
    if i < u.count, u[i] == 101 || u[i] == 69 {  // e E
      hasExponent = true
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
    if !hasExponent, mantissaDigits <= 15, decimals <= 22 {
      let m = Double(mantissa)
      let v = decimals == 0 ? m : m / exactPowers[decimals]
      return negative ? -v : v
    }
    // Swift's parser does not take a leading '+'; drop it.
    let body = u[0] == 43 ? UnsafeBufferPointer(rebasing: u[1...]) : u
    return Double(String(decoding: body, as: UTF8.self))
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

/// Short excerpts of user text for messages.
public enum Excerpt {
  public static func short(_ s: String, limit: Int = 40) -> String {
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
