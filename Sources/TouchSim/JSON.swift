/// Deterministic JSON writing (no Foundation): numbers rounded to 3 decimals, shortest form.
public enum JSONString {
  public static func quote(_ s: String) -> String {
    // Most strings (ids, names) need no escape: they are copied whole.
    if s.utf8.withContiguousStorageIfAvailable(JSONString.needsNoEscape) ?? false { return "\"" + s + "\"" }
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

  /// Whether UTF-8 text holds no control character, quote or backslash.
  private static func needsNoEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard var p = bytes.baseAddress else { return true }
    let end = p + bytes.count
    while p < end {
      let b = p.pointee
      if b < 0x20 || b == 0x22 || b == 0x5C { return false }
      p += 1
    }
    return true
  }
}

/// Writes one JSON object, keys in the order they are added.
struct JSONObjectWriter {
  /// The object so far, without its closing brace.
  private var text = "{"
  mutating func raw(_ key: String, _ json: String) {
    if text.utf8.count > 1 { text += "," }
    text += JSONString.quote(key)
    text += ":"
    text += json
  }
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
  func finish() -> String { text + "}" }
}
