import Geometry

/// A straight segment of some width with flat ends: a rotated rectangle, the intersection of two slabs
/// (one along the segment, one across it), so a row's span is two divisions' worth of work.
struct SegmentShape: CoverageShape {
  private var centerX: Double
  private var centerY: Double
  /// Unit vector along the segment.
  private var ux: Double
  private var uy: Double
  private var halfLength: Double
  private var halfWidth: Double

  init?(from a: Point, to b: Point, width: Double) {
    let dx = b.x - a.x
    let dy = b.y - a.y
    let length = (dx * dx + dy * dy).squareRoot()
    guard length > 0, width > 0 else { return nil }
    centerX = (a.x + b.x) / 2
    centerY = (a.y + b.y) / 2
    ux = dx / length
    uy = dy / length
    halfLength = length / 2
    halfWidth = width / 2
  }

  /// The rectangle itself, for sampling at pixel centres.
  var quad: Quad {
    Quad(
      center: Point(centerX, centerY), u: Point(ux, uy), n: Point(-uy, ux), halfLength: halfLength, halfWidth: halfWidth
    )
  }

  var rows: (y0: Int, y1: Int) {
    let reach = abs(uy) * (halfLength + 0.5) + abs(ux) * (halfWidth + 0.5)
    return (floorIndex(centerY - reach) - 1, ceilIndex(centerY + reach) + 1)
  }
  var hasSolidInterior: Bool { true }

  /// Row `y`'s pixels: touched inside the rectangle grown by half a pixel, covered inside the rectangle
  /// shrunk by half a pixel.
  func extent(row y: Int) -> RowExtent {
    let dy = Double(y) + 0.5 - centerY
    guard let any = span(dy, grow: 0.5) else { return .empty }
    let full = halfLength > 0.5 && halfWidth > 0.5 ? span(dy, grow: -0.5) ?? (1, 0) : (1, 0)
    return RowExtent(any: (centerX + any.0, centerX + any.1), full: (centerX + full.0, centerX + full.1))
  }

  /// The x offsets from the centre where the row `dy` below the centre crosses the rectangle grown by
  /// `grow` on every side, or nil when it misses.
  @inline(__always) private func span(_ dy: Double, grow: Double) -> (Double, Double)? {
    // Along the segment |dx·ux + dy·uy| ≤ halfLength; across it |dy·ux − dx·uy| ≤ halfWidth.
    let along = Self.slab(ux, dy * uy, halfLength + grow)
    let across = Self.slab(-uy, dy * ux, halfWidth + grow)
    let lo = max(along.0, across.0)
    let hi = min(along.1, across.1)
    return lo <= hi ? (lo, hi) : nil
  }

  /// The `dx` where |dx·a + k| ≤ h (`a` is never 0: horizontal and vertical segments are drawn as
  /// rectangles).
  @inline(__always) private static func slab(_ a: Double, _ k: Double, _ h: Double) -> (Double, Double) {
    let p = (-h - k) / a
    let q = (h - k) / a
    return a > 0 ? (p, q) : (q, p)
  }

  func holeExtent(row y: Int) -> RowExtent { .empty }

  @inline(__always) func coverage(_ px: Double, _ py: Double, outerFull: Bool, nearHole: Bool) -> Double {
    let rx = px - centerX
    let ry = py - centerY
    let qx = abs(rx * ux + ry * uy) - halfLength
    let qy = abs(ry * ux - rx * uy) - halfWidth
    let d = qx > 0 && qy > 0 ? (qx * qx + qy * qy).squareRoot() : max(qx, qy)
    return d <= -0.5 ? 1 : (d >= 0.5 ? 0 : 0.5 - d)
  }
}

/// A convex quadrilateral, for finding where a row crosses it.
struct Quad {
  var p0: Point
  var p1: Point
  var p2: Point
  var p3: Point

  init(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) {
    self.p0 = p0
    self.p1 = p1
    self.p2 = p2
    self.p3 = p3
  }

  /// The rectangle around `center` with axes `u` (along) and `n` (across).
  init(center c: Point, u: Point, n: Point, halfLength: Double, halfWidth: Double) {
    let along = u * halfLength
    let across = n * halfWidth
    self.init(c - along - across, c + along - across, c + along + across, c - along + across)
  }

  var minY: Double { min(p0.y, p1.y, p2.y, p3.y) }
  var maxY: Double { max(p0.y, p1.y, p2.y, p3.y) }

  /// Where the horizontal line at `y` enters and leaves the quadrilateral, or nil when it misses.
  @inline(__always) func span(atY y: Double) -> (Double, Double)? {
    var lo = Double.infinity
    var hi = -Double.infinity
    Self.cross(p0, p1, y, &lo, &hi)
    Self.cross(p1, p2, y, &lo, &hi)
    Self.cross(p2, p3, y, &lo, &hi)
    Self.cross(p3, p0, y, &lo, &hi)
    return lo <= hi ? (lo, hi) : nil
  }

  /// Widens `lo...hi` to where the edge `a`–`b` crosses the line at `y`, if it does.
  @inline(__always) private static func cross(
    _ a: Point, _ b: Point, _ y: Double, _ lo: inout Double, _ hi: inout Double
  ) {
    if a.y == b.y {
      guard y == a.y else { return }
      lo = min(lo, a.x, b.x)
      hi = max(hi, a.x, b.x)
      return
    }
    let t = (y - a.y) / (b.y - a.y)
    guard t >= 0, t <= 1 else { return }
    let x = a.x + (b.x - a.x) * t
    lo = min(lo, x)
    hi = max(hi, x)
  }
}
