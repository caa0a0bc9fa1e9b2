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
    guard v.isFinite else { return out.append(UInt8(ascii: "0")) }
    let scaled = (v * 1000).rounded()
    if scaled == 0 { return out.append(UInt8(ascii: "0")) }
    if abs(scaled) >= 9e15 { return out.append(contentsOf: large(v).utf8) }
    let negative = scaled < 0
    let n = Int64(abs(scaled))
    let whole = n / 1000
    let frac = n % 1000
    var digits = 1
    var power: Int64 = 10
    while digits < 19 && whole >= power {
      digits += 1
      power &*= 10
    }
    // Room for the sign and the whole part, then filled from the last digit back.
    let length = (negative ? 1 : 0) + digits
    let first = out.count
    out.append(contentsOf: repeatElement(UInt8(ascii: "-"), count: length))
    out.withUnsafeMutableBufferPointer { buffer in
      var w = whole
      var i = first + length - 1
      for _ in 0..<digits {
        buffer[i] = UInt8(truncatingIfNeeded: 48 + w % 10)
        w /= 10
        i -= 1
      }
    }
    guard frac != 0 else { return }
    // Three decimals without their trailing zeros.
    let decimals = frac % 100 == 0 ? 1 : (frac % 10 == 0 ? 2 : 3)
    out.append(UInt8(ascii: "."))
    var scale: Int64 = 100
    for _ in 0..<decimals {
      out.append(UInt8(truncatingIfNeeded: 48 + frac / scale % 10))
      scale /= 10
    }
  }
}
