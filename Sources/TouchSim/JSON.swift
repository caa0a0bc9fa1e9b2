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
  /// The bytes written so far: the object being written is the last part, from `start` on, without its
  /// closing brace (a trace's lines are written one after another into the same bytes).
  private(set) var bytes: [UInt8]
  /// Where the object being written begins (its opening brace).
  private var start = 0

  init() {
    bytes = []
    bytes.reserveCapacity(112)
    bytes.append(UInt8(ascii: "{"))
  }

  /// A writer whose objects are appended to `bytes` (taken over, so no copy is made): `begin` each
  /// object, `end` it, and take the bytes back with `take`.
  init(appendingTo bytes: [UInt8]) {
    self.bytes = bytes
    start = bytes.count
  }

  /// A key: the writer's keys are names written in the code, which need no escape.
  private mutating func key(_ key: StaticString) {
    if bytes.count > start + 1 { bytes.append(UInt8(ascii: ",")) }
    bytes.append(UInt8(ascii: "\""))
    key.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
  }

  /// A key known only when writing (a property's name), escaped as any string.
  private mutating func key(dynamic key: String) {
    if bytes.count > start + 1 { bytes.append(UInt8(ascii: ",")) }
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
    start = 0
    bytes.append(UInt8(ascii: "{"))
  }

  /// Opens the next object after the bytes written so far.
  mutating func begin() {
    start = bytes.count
    bytes.append(UInt8(ascii: "{"))
  }

  /// Closes the object begun last.
  mutating func end() { bytes.append(UInt8(ascii: "}")) }

  /// Appends `byte` between objects (a newline after each line).
  mutating func append(_ byte: UInt8) { bytes.append(byte) }

  /// The bytes written, leaving the writer empty (with the same storage reserved again).
  mutating func take() -> [UInt8] {
    let capacity = bytes.capacity
    defer {
      bytes = []
      bytes.reserveCapacity(capacity)
      start = 0
    }
    return bytes
  }

  /// Appends the object, closed, to `out`.
  func finish(into out: inout [UInt8]) {
    out.append(contentsOf: bytes[start...])
    out.append(UInt8(ascii: "}"))
  }

  mutating func raw(_ key: StaticString, _ json: String) {
    self.key(key)
    bytes.append(contentsOf: json.utf8)
  }
  /// A number under a key known only when writing.
  mutating func number(dynamicKey key: String, _ v: Double) {
    self.key(dynamic: key)
    JSONNumber.append(v, to: &bytes)
  }
  mutating func number(_ key: StaticString, _ v: Double) {
    self.key(key)
    JSONNumber.append(v, to: &bytes)
  }
  mutating func int(_ key: StaticString, _ v: Int) { raw(key, String(v)) }
  mutating func bool(_ key: StaticString, _ v: Bool) { raw(key, v ? "true" : "false") }
  mutating func string(_ key: StaticString, _ v: String) {
    self.key(key)
    quoted(v)
  }
  mutating func optionalString(_ key: StaticString, _ v: String?) {
    guard let v else { return raw(key, "null") }
    string(key, v)
  }
  mutating func point(_ key: StaticString, _ p: Point) {
    self.key(key)
    bytes.append(UInt8(ascii: "["))
    JSONNumber.append(p.x, to: &bytes)
    bytes.append(UInt8(ascii: ","))
    JSONNumber.append(p.y, to: &bytes)
    bytes.append(UInt8(ascii: "]"))
  }
  mutating func ints(_ key: StaticString, _ v: [Int]) {
    self.key(key)
    bytes.append(UInt8(ascii: "["))
    for (i, n) in v.enumerated() {
      if i > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(contentsOf: String(n).utf8)
    }
    bytes.append(UInt8(ascii: "]"))
  }
  mutating func strings(_ key: StaticString, _ v: [String]) {
    self.key(key)
    bytes.append(UInt8(ascii: "["))
    for (i, s) in v.enumerated() {
      if i > 0 { bytes.append(UInt8(ascii: ",")) }
      quoted(s)
    }
    bytes.append(UInt8(ascii: "]"))
  }
  func finish() -> String {
    var out = Array(bytes[start...])
    out.append(UInt8(ascii: "}"))
    return String(decoding: out, as: UTF8.self)
  }
}
