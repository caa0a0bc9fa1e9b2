/// Deterministic JSON writing (no Foundation): numbers rounded to 3 decimals, shortest form.
public enum JSONNumber {
  /// `12` for whole numbers, otherwise up to 3 decimals without trailing zeros; `-0` becomes `0`;
  /// non-finite numbers (never produced by the engine) become `0`.
  public static func format(_ v: Double) -> String {
    guard v.isFinite else { return "0" }
    let scaled = (v * 1000).rounded()
    if scaled == 0 { return "0" }
    if abs(scaled) >= 9e15 { return String(Int64(v.rounded())) }
    let negative = scaled < 0
    let n = Int64(abs(scaled))
    let whole = n / 1000
    let frac = n % 1000
    var digits = 1
    var w = whole
    while w >= 10 {
      w /= 10
      digits += 1
    }
    // Three decimals without their trailing zeros.
    let decimals = frac == 0 ? 0 : (frac % 100 == 0 ? 1 : (frac % 10 == 0 ? 2 : 3))
    let length = (negative ? 1 : 0) + digits + (decimals > 0 ? 1 + decimals : 0)
    // Written straight into the string's storage (no intermediate strings).
    return String(unsafeUninitializedCapacity: length) { out in
      var i = 0
      if negative {
        out[0] = UInt8(ascii: "-")
        i = 1
      }
      w = whole
      for k in stride(from: i + digits - 1, through: i, by: -1) {
        out[k] = UInt8(truncatingIfNeeded: 48 + w % 10)
        w /= 10
      }
      i += digits
      if decimals > 0 {
        out[i] = UInt8(ascii: ".")
        i += 1
        var scale: Int64 = 100
        for _ in 0..<decimals {
          out[i] = UInt8(truncatingIfNeeded: 48 + frac / scale % 10)
          scale /= 10
          i += 1
        }
      }
      return i
    }
  }
}

public enum JSONString {
  public static func quote(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
      switch u {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if u.value < 0x20 {
          let hex = String(u.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(u)
        }
      }
    }
    return out + "\""
  }
}

/// Writes one JSON object, keys in the order they are added.
struct JSONObjectWriter {
  private var parts: [String] = []
  mutating func raw(_ key: String, _ json: String) { parts.append(JSONString.quote(key) + ":" + json) }
  mutating func number(_ key: String, _ v: Double) { raw(key, JSONNumber.format(v)) }
  mutating func int(_ key: String, _ v: Int) { raw(key, String(v)) }
  mutating func bool(_ key: String, _ v: Bool) { raw(key, v ? "true" : "false") }
  mutating func string(_ key: String, _ v: String) { raw(key, JSONString.quote(v)) }
  mutating func optionalString(_ key: String, _ v: String?) { raw(key, v.map(JSONString.quote) ?? "null") }
  mutating func point(_ key: String, _ p: Point) {
    raw(key, "[" + JSONNumber.format(p.x) + "," + JSONNumber.format(p.y) + "]")
  }
  mutating func ints(_ key: String, _ v: [Int]) { raw(key, "[" + v.map(String.init).joined(separator: ",") + "]") }
  mutating func strings(_ key: String, _ v: [String]) {
    raw(key, "[" + v.map(JSONString.quote).joined(separator: ",") + "]")
  }
  func finish() -> String { "{" + parts.joined(separator: ",") + "}" }
}
