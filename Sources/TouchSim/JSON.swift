import Geometry

/// Deterministic JSON writing (no Foundation): numbers rounded to 3 decimals, shortest form.
public enum JSONString {
  public static func quote(_ s: String) -> String {
    // Most strings (ids, names) need no escape: they are copied whole.
    if s.utf8.withContiguousStorageIfAvailable(JSONString.needsNoEscape) ?? false { return "\"" + s + "\"" }
    return QuotedString.quote(s, as: .json)
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
  private let bytes: ByteBuffer
  /// Where the object being written begins (its opening brace).
  private var start = 0

  init() {
    bytes = ByteBuffer(capacity: 112)
    bytes.append(UInt8(ascii: "{"))
  }

  /// A writer whose objects follow one another in bytes reserved for `capacity`: `begin` each object,
  /// `end` it, and take the bytes with `take`.
  init(capacity: Int) {
    bytes = ByteBuffer(capacity: capacity)
  }

  /// How many bytes were written since the last `take`.
  var count: Int { bytes.count }

  /// A key: the writer's keys are names written in the code, which need no escape.
  private mutating func key(_ key: StaticString) {
    bytes.appendKey(key, comma: bytes.count > start + 1)
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
      bytes.append(utf8)
      bytes.append(UInt8(ascii: "\""))
      return true
    }
    if !copied { bytes.append(JSONString.quote(s)) }
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

  /// The bytes written, leaving the writer empty (its storage kept).
  mutating func take() -> [UInt8] {
    start = 0
    return bytes.take()
  }

  mutating func raw(_ key: StaticString, _ json: StaticString) {
    self.key(key)
    bytes.append(json)
  }
  mutating func raw(_ key: StaticString, json: String) {
    self.key(key)
    bytes.append(json)
  }
  /// A number under a key known only when writing.
  mutating func number(dynamicKey key: String, _ v: Double) {
    self.key(dynamic: key)
    bytes.append(number: v)
  }
  mutating func number(_ key: StaticString, _ v: Double) {
    self.key(key)
    bytes.append(number: v)
  }
  mutating func int(_ key: StaticString, _ v: Int) {
    self.key(key)
    bytes.append(int: v)
  }
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
    bytes.append(number: p.x)
    bytes.append(UInt8(ascii: ","))
    bytes.append(number: p.y)
    bytes.append(UInt8(ascii: "]"))
  }
  mutating func ints(_ key: StaticString, _ v: [Int]) {
    self.key(key)
    bytes.append(UInt8(ascii: "["))
    for (i, n) in v.enumerated() {
      if i > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(int: n)
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
    bytes.append(UInt8(ascii: "}"))
    defer { bytes.count -= 1 }
    return bytes.string(from: start)
  }
}

/// Bytes written at the end of one block of memory that grows by doubling: appending a byte or a run of
/// bytes is a bounds check and a copy (an `Array`'s `append(contentsOf:)` was an eighth of writing a
/// trace). Used by one writer at a time.
final class ByteBuffer {
  private var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  fileprivate(set) var count = 0

  init(capacity: Int) {
    self.capacity = max(capacity, 16)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// Room for `n` more bytes.
  @inline(__always) private func reserve(_ n: Int) {
    if count + n > capacity { grow(count + n) }
  }

  private func grow(_ needed: Int) {
    var next = capacity * 2
    while next < needed { next *= 2 }
    let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: next)
    moved.update(from: base, count: count)
    base.deallocate()
    base = moved
    capacity = next
  }

  func append(_ byte: UInt8) {
    reserve(1)
    base[count] = byte
    count += 1
  }

  func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, bytes.count > 0 else { return }
    reserve(bytes.count)
    (base + count).update(from: source, count: bytes.count)
    count += bytes.count
  }

  func append(_ text: StaticString) {
    text.withUTF8Buffer { append($0) }
  }

  func append(_ text: String) {
    var text = text
    text.withUTF8 { append($0) }
  }

  /// `,"key":` (without the comma for an object's first key), in one go.
  func appendKey(_ key: StaticString, comma: Bool) {
    let n = key.utf8CodeUnitCount
    reserve(n + 4)
    var p = base + count
    if comma {
      p.pointee = UInt8(ascii: ",")
      p += 1
    }
    p.pointee = UInt8(ascii: "\"")
    (p + 1).update(from: key.utf8Start, count: n)
    p[n + 1] = UInt8(ascii: "\"")
    p[n + 2] = UInt8(ascii: ":")
    count = (p + n + 3) - base
  }

  /// `JSONNumber.format(v)`'s bytes.
  func append(number v: Double) {
    reserve(JSONNumber.longest)
    count += JSONNumber.write(v, to: base + count)
  }

  /// `v` in decimal.
  func append(int v: Int) {
    reserve(20)
    count += JSONNumber.write(integer: v, to: base + count)
  }

  /// The bytes from `start` on, as text.
  func string(from start: Int) -> String {
    String(decoding: UnsafeBufferPointer(start: base + start, count: count - start), as: UTF8.self)
  }

  /// The bytes, leaving the buffer empty (its memory kept).
  func take() -> [UInt8] {
    defer { count = 0 }
    return Array(UnsafeBufferPointer(start: base, count: count))
  }
}
