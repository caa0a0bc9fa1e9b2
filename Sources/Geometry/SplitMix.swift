/// SplitMix64: the one small seeded generator every generated input uses (the benchmark's scenes and
/// gestures, the tests' random scripts and scene files), so a run is reproduced from its seed alone.
public struct SplitMix: RandomNumberGenerator, Sendable {
  public private(set) var state: UInt64
  public init(seed: UInt64) { state = seed }
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// 0 ..< n (n > 0), without the standard library's rejection of a biased draw (the bench's scenes were
  /// generated this way; a small bias does not matter for them).
  public mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
  public mutating func int(_ r: ClosedRange<Int>) -> Int { r.lowerBound + int(r.count) }
  /// lo ..< hi.
  public mutating func double(_ lo: Double, _ hi: Double) -> Double {
    lo + (hi - lo) * Double(next() >> 11) / 9_007_199_254_740_992
  }
  public mutating func chance(_ p: Double) -> Bool { double(0, 1) < p }
}
