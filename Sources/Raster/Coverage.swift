/// The pixels a shape touches on one row, as inclusive index ranges: every pixel in `full` is covered
/// entirely, no pixel outside `any` is covered at all, and the pixels between need their coverage computed.
struct RowExtent {
  var anyLo: Int
  var anyHi: Int
  var fullLo: Int
  var fullHi: Int

  /// No pixel.
  static let empty = RowExtent(anyLo: 1, anyHi: 0, fullLo: 1, fullHi: 0)

  init(anyLo: Int, anyHi: Int, fullLo: Int, fullHi: Int) {
    self.anyLo = anyLo
    self.anyHi = anyHi
    self.fullLo = fullLo
    self.fullHi = fullHi
  }

  /// The pixels whose centres lie strictly inside `any` (touched), and those whose centres lie in `full`
  /// (covered); pass an empty range (lower bound above the upper) for none.
  init(any: (Double, Double), full: (Double, Double)) {
    anyLo = floorIndex(any.0 - 0.5) + 1
    anyHi = ceilIndex(any.1 - 0.5) - 1
    if full.0 <= full.1 {
      fullLo = ceilIndex(full.0 - 0.5)
      fullHi = floorIndex(full.1 - 0.5)
    } else {
      fullLo = 1
      fullHi = 0
    }
  }
}

/// A coordinate as a pixel index (rounded towards zero), clamped far outside any target (and NaN to the far
/// left), so stray values in a command can never trap.
@inline(__always) func pixelIndex(_ v: Double) -> Int {
  v > -1e7 ? (v < 1e7 ? Int(v) : 10_000_000) : -10_000_000
}

/// `pixelIndex` of `v` rounded down, without a call into the C library.
@inline(__always) func floorIndex(_ v: Double) -> Int {
  let i = pixelIndex(v)
  return Double(i) > v ? i - 1 : i
}

/// `pixelIndex` of `v` rounded up, without a call into the C library.
@inline(__always) func ceilIndex(_ v: Double) -> Int {
  let i = pixelIndex(v)
  return Double(i) < v ? i + 1 : i
}

/// The pixel whose centre is nearest to `v` on the left-inclusive rule (`10.5` → 10): where a sharp edge at
/// `v` starts or ends when pixels are sampled at their centres.
@inline(__always) func snap(_ v: Double) -> Int { ceilIndex(v - 0.5) }

/// A shape drawn with anti-aliased edges: its extent per row and its coverage at a pixel centre.
protocol CoverageShape {
  /// The rows that can be touched, `y0..<y1` (unclipped).
  var rows: (y0: Int, y1: Int) { get }
  /// The pixels of row `y` touched or covered (centre `y + 0.5`).
  func extent(row y: Int) -> RowExtent
  /// The pixels of row `y` covered entirely by the hole, if the shape has one (they are skipped).
  func holeExtent(row y: Int) -> RowExtent
  /// Coverage 0...1 at the pixel centre (`px`, `py`), a pixel of `extent(row:).any` outside `full`
  /// unless `outerFull`; `nearHole` is false when the pixel is outside the hole's `any` (so the hole
  /// takes nothing from it).
  func coverage(_ px: Double, _ py: Double, outerFull: Bool, nearHole: Bool) -> Double
  /// Whether the pixels in `extent(row:).full` (and not in the hole's `any`) may be filled without
  /// computing their coverage.
  var hasSolidInterior: Bool { get }
}
