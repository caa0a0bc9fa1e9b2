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
  static func needsNoEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
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

/// Writes one JSON object, keys in the order they are added, as UTF-8 bytes (a trace of millions of lines
/// is written without building a string per key).
struct JSONObjectWriter {
  /// The object so far, without its closing brace.
  private var bytes: [UInt8]

  init() {
    bytes = []
    bytes.reserveCapacity(112)
    bytes.append(UInt8(ascii: "{"))
  }

  private mutating func key(_ key: String) {
    if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
    quoted(key)
    bytes.append(UInt8(ascii: ":"))
  }

  /// `s` as a JSON string: copied whole between quotes when it needs no escape (ids, names: most).
  private mutating func quoted(_ s: String) {
    var s = s
    let copied = s.withUTF8 { utf8 in
      guard JSONString.needsNoEscape(utf8) else { return false }
      bytes.append(UInt8(ascii: "\""))
      bytes.append(contentsOf: utf8)
      bytes.append(UInt8(ascii: "\""))
      return true
    }
    if !copied { bytes.append(contentsOf: JSONString.quote(s).utf8) }
  }

  /// Empties the writer for the next object, keeping its storage.
  mutating func reset() {
    bytes.removeAll(keepingCapacity: true)
    bytes.append(UInt8(ascii: "{"))
  }

  /// Appends the object, closed, to `out`.
  func finish(into out: inout [UInt8]) {
    out.append(contentsOf: bytes)
    out.append(UInt8(ascii: "}"))
  }

  mutating func raw(_ key: String, _ json: String) {
    self.key(key)
    bytes.append(contentsOf: json.utf8)
  }
  mutating func number(_ key: String, _ v: Double) { raw(key, JSONNumber.format(v)) }
  mutating func int(_ key: String, _ v: Int) { raw(key, String(v)) }
  mutating func bool(_ key: String, _ v: Bool) { raw(key, v ? "true" : "false") }
  mutating func string(_ key: String, _ v: String) {
    self.key(key)
    quoted(v)
  }
  mutating func optionalString(_ key: String, _ v: String?) {
    guard let v else { return raw(key, "null") }
    string(key, v)
  }
  mutating func point(_ key: String, _ p: Point) {
    self.key(key)
    bytes.append(UInt8(ascii: "["))
    bytes.append(contentsOf: JSONNumber.format(p.x).utf8)
    bytes.append(UInt8(ascii: ","))
    bytes.append(contentsOf: JSONNumber.format(p.y).utf8)
    bytes.append(UInt8(ascii: "]"))
  }
  mutating func ints(_ key: String, _ v: [Int]) {
    self.key(key)
    bytes.append(UInt8(ascii: "["))
    for (i, n) in v.enumerated() {
      if i > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(contentsOf: String(n).utf8)
    }
    bytes.append(UInt8(ascii: "]"))
  }
  mutating func strings(_ key: String, _ v: [String]) {
    self.key(key)
    bytes.append(UInt8(ascii: "["))
    for (i, s) in v.enumerated() {
      if i > 0 { bytes.append(UInt8(ascii: ",")) }
      quoted(s)
    }
    bytes.append(UInt8(ascii: "]"))
  }
  func finish() -> String {
    var out = bytes
    out.append(UInt8(ascii: "}"))
    return String(decoding: out, as: UTF8.self)
  }
}
