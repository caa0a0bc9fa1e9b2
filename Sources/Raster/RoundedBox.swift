import Geometry

/// An axis-aligned rectangle with circular corners, as a signed distance field: a circle is one with
/// `radius == halfWidth == halfHeight`, a plain rectangle one with radius 0.
struct RoundedBox {
  var centerX: Double
  var centerY: Double
  var halfWidth: Double
  var halfHeight: Double
  var radius: Double

  /// The box `x0...x1` × `y0...y1` with `radius` clamped to fit.
  init(x0: Double, y0: Double, x1: Double, y1: Double, radius: Double) {
    centerX = (x0 + x1) / 2
    centerY = (y0 + y1) / 2
    halfWidth = max((x1 - x0) / 2, 0)
    halfHeight = max((y1 - y0) / 2, 0)
    self.radius = min(max(radius, 0), halfWidth, halfHeight)
  }

  /// A circle.
  init(center: Point, radius: Double) {
    let r = max(radius, 0)
    centerX = center.x
    centerY = center.y
    halfWidth = r
    halfHeight = r
    self.radius = r
  }

  var isEmpty: Bool { halfWidth <= 0 || halfHeight <= 0 }

  /// Signed distance from the edge (negative inside) at offsets `ax`, `ay` ≥ 0 from the centre.
  @inline(__always) func distance(_ ax: Double, _ ay: Double) -> Double {
    let qx = ax - (halfWidth - radius)
    let qy = ay - (halfHeight - radius)
    if qx > 0 && qy > 0 { return (qx * qx + qy * qy).squareRoot() - radius }
    return max(qx, qy) - radius
  }

  /// Coverage 0...1 at the pixel centre (`px`, `py`).
  @inline(__always) func coverage(_ px: Double, _ py: Double) -> Double {
    let d = distance(abs(px - centerX), abs(py - centerY))
    return d <= -0.5 ? 1 : (d >= 0.5 ? 0 : 0.5 - d)
  }

  var rows: (y0: Int, y1: Int) {
    (floorIndex(centerY - halfHeight - 1), ceilIndex(centerY + halfHeight + 1))
  }

  /// Row `y`'s pixels: touched where the distance is below 0.5, covered where it is at most −0.5.
  func extent(row y: Int) -> RowExtent {
    guard !isEmpty else { return .empty }
    let ay = abs(Double(y) + 0.5 - centerY)
    let qy = ay - (halfHeight - radius)
    let any: Double
    if qy <= 0 {
      any = halfWidth + 0.5
    } else if qy < radius + 0.5 {
      let r = radius + 0.5
      any = halfWidth - radius + (r * r - qy * qy).squareRoot()
    } else {
      return .empty
    }
    var full = -1.0
    if qy <= 0 {
      if ay <= halfHeight - 0.5 { full = halfWidth - 0.5 }
    } else if radius >= 0.5 && qy <= radius - 0.5 {
      let r = radius - 0.5
      full = halfWidth - radius + (r * r - qy * qy).squareRoot()
    }
    return RowExtent(any: (centerX - any, centerX + any), full: (centerX - full, centerX + full))
  }
}

/// A filled rounded box, or a ring (the box minus an inner box), optionally dashed around a circle.
struct BoxShape: CoverageShape {
  var outer: RoundedBox
  var hole: RoundedBox?
  var dash: CircleDash?

  var rows: (y0: Int, y1: Int) { outer.rows }
  var hasSolidInterior: Bool { dash == nil }

  func extent(row y: Int) -> RowExtent { outer.extent(row: y) }

  func holeExtent(row y: Int) -> RowExtent {
    guard let hole else { return .empty }
    return hole.extent(row: y)
  }

  @inline(__always) func coverage(_ px: Double, _ py: Double, outerFull: Bool, nearHole: Bool) -> Double {
    var c = outerFull ? 1 : outer.coverage(px, py)
    if nearHole, let hole { c -= hole.coverage(px, py) }
    if c > 0, let dash { c *= dash.coverage(px, py) }
    return c
  }
}

/// A dash pattern along a circle: dashes and gaps of `length` pixels measured along the circle of
/// `radius` around `center`, starting at its rightmost point and running clockwise on screen.
struct CircleDash {
  var centerX: Double
  var centerY: Double
  var radius: Double
  var length: Double

  /// 1 well inside a dash, 0 well inside a gap, a ramp over the pixel at each dash end.
  @inline(__always) func coverage(_ px: Double, _ py: Double) -> Double {
    var angle = FastAngle.atan2(py - centerY, px - centerX)
    if angle < 0 { angle += 2 * Double.pi }
    let s = angle * radius
    let period = 2 * length
    let m = s - (s / period).rounded(.down) * period
    if m < length {
      return min(0.5 + min(m, length - m), 1)
    }
    return max(0.5 - min(m - length, period - m), 0)
  }
}

/// A fast `atan2` (error below 1e-5 radians), for dash patterns around circles.
enum FastAngle {
  @inline(__always) static func atan2(_ y: Double, _ x: Double) -> Double {
    let ax = abs(x)
    let ay = abs(y)
    let big = max(ax, ay)
    guard big > 0 else { return 0 }
    let z = min(ax, ay) / big
    let z2 = z * z
    var a = z * (0.999_866_0 + z2 * (-0.330_299_5 + z2 * (0.180_141_0 + z2 * (-0.085_133_0 + z2 * 0.020_835_1))))
    if ay > ax { a = Double.pi / 2 - a }
    if x < 0 { a = Double.pi - a }
    return y < 0 ? -a : a
  }
}
