/// Numbers as the trace writes them (and as the window shows them): at most three decimals.
public enum JSONNumber {
  /// `12` for whole numbers, otherwise up to 3 decimals without trailing zeros; `-0` becomes `0`;
  /// non-finite numbers (never produced by the engine) become `0`.
  public static func format(_ v: Double) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(24)
    append(v, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Past what Int64 holds in thousandths: whole numbers while Int64 holds them; beyond, the Double's
  /// own shortest form ("1e+19", still JSON).
  private static func large(_ v: Double) -> String {
    let whole = v.rounded()
    return abs(whole) < 9.2e18 ? String(Int64(whole)) : "\(whole)"
  }

  /// `format(v)`'s bytes appended to `out` (the trace writer's numbers, without a string each).
  public static func append(_ v: Double, to out: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: longest) { scratch in
      let n = write(v, to: scratch.baseAddress!)
      out.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[..<n]))
    }
  }

  /// Writes `v` in decimal at `p` (room for 20 bytes), returning how many.
  public static func write(integer v: Int, to p: UnsafeMutablePointer<UInt8>) -> Int {
    decimal(negative: v < 0, magnitude: UInt64(v.magnitude), to: p)
  }

  /// A sign when `negative`, then `magnitude`'s digits, filled from the last one back.
  private static func decimal(negative: Bool, magnitude: UInt64, to p: UnsafeMutablePointer<UInt8>) -> Int {
    var digits = 1
    var power: UInt64 = 10
    while digits < 20 && magnitude >= power {
      digits += 1
      power &*= 10
    }
    var count = 0
    if negative {
      p[0] = UInt8(ascii: "-")
      count = 1
    }
    var rest = magnitude
    var i = count + digits - 1
    for _ in 0..<digits {
      p[i] = UInt8(truncatingIfNeeded: 48 + rest % 10)
      rest /= 10
      i -= 1
    }
    return count + digits
  }

  /// The most bytes `write` writes.
  public static let longest = 32

  /// Writes `format(v)`'s bytes at `p` (room for `longest`), returning how many.
  public static func write(_ v: Double, to p: UnsafeMutablePointer<UInt8>) -> Int {
    guard v.isFinite else {
      p[0] = UInt8(ascii: "0")
      return 1
    }
    let scaled = (v * 1000).rounded()
    if scaled == 0 {
      p[0] = UInt8(ascii: "0")
      return 1
    }
    if abs(scaled) >= 9e15 {
      var text = large(v)
      return text.withUTF8 { utf8 in
        let n = min(utf8.count, longest)
        p.update(from: utf8.baseAddress!, count: n)
        return n
      }
    }
    let negative = scaled < 0
    let n = Int64(abs(scaled))
    let frac = n % 1000
    var count = decimal(negative: negative, magnitude: UInt64(n / 1000), to: p)
    guard frac != 0 else { return count }
    // Three decimals without their trailing zeros.
    let decimals = frac % 100 == 0 ? 1 : (frac % 10 == 0 ? 2 : 3)
    p[count] = UInt8(ascii: ".")
    count += 1
    var scale: Int64 = 100
    for _ in 0..<decimals {
      p[count] = UInt8(truncatingIfNeeded: 48 + frac / scale % 10)
      count += 1
      scale /= 10
    }
    return count
  }
}
