import Geometry

/// Convex polygons: the geometry behind the `polygon` draw command (a transformed view is a
/// parallelogram, and one cut by a clipping ancestor a convex polygon of up to eight corners).
///
/// Pure functions on corner lists, in order around the polygon (either way round).
public enum ConvexPolygon {
  /// Whether every corner is a finite number and the corners enclose some area.
  public static func isDrawable(_ points: [Point]) -> Bool {
    guard points.count >= 3, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return false }
    return abs(signedArea(points)) > 1e-9
  }

  /// Twice the signed area (positive when the corners run clockwise on screen, y growing downwards).
  static func signedArea(_ p: [Point]) -> Double {
    var sum = 0.0
    for i in p.indices {
      let a = p[i]
      let b = p[(i + 1) % p.count]
      sum += a.x * b.y - b.x * a.y
    }
    return sum
  }

  /// The smallest rectangle holding every corner (zero at the origin for no corners).
  public static func boundingBox(_ points: [Point]) -> Rect {
    guard let first = points.first else { return Rect(0, 0, 0, 0) }
    var x0 = first.x
    var y0 = first.y
    var x1 = first.x
    var y1 = first.y
    for p in points.dropFirst() {
      x0 = min(x0, p.x)
      y0 = min(y0, p.y)
      x1 = max(x1, p.x)
      y1 = max(y1, p.y)
    }
    return Rect(x0, y0, x1 - x0, y1 - y0)
  }

  /// The centre of the corners (the centre of a parallelogram).
  public static func center(_ points: [Point]) -> Point {
    guard !points.isEmpty else { return Point(0, 0) }
    let s = points.reduce(Point(0, 0), +)
    return s * (1 / Double(points.count))
  }

  /// Whether `q` lies inside the polygon or on its edge.
  public static func contains(_ points: [Point], _ q: Point) -> Bool {
    guard points.count >= 3 else { return false }
    let sign = signedArea(points) >= 0 ? 1.0 : -1.0
    for i in points.indices {
      let a = points[i]
      let b = points[(i + 1) % points.count]
      if sign * ((b.x - a.x) * (q.y - a.y) - (b.y - a.y) * (q.x - a.x)) < -1e-9 { return false }
    }
    return true
  }

  /// The polygon with every edge moved outwards by `d` (inwards when negative), corners where the moved
  /// edges meet; nil when it is not drawable or an inward move leaves nothing.
  public static func offset(_ points: [Point], by d: Double) -> [Point]? {
    let p = withoutRepeats(points)
    guard isDrawable(p) else { return nil }
    let sign = signedArea(p) >= 0 ? 1.0 : -1.0
    let n = p.count
    // Outward unit normal of edge i (from p[i] to p[i + 1]).
    func normal(_ i: Int) -> Point {
      let a = p[i]
      let b = p[(i + 1) % n]
      let len = a.distance(to: b)
      return Point(sign * (b.y - a.y) / len, -sign * (b.x - a.x) / len)
    }
    var out: [Point] = []
    out.reserveCapacity(n)
    for i in 0..<n {
      let n0 = normal((i + n - 1) % n)
      let n1 = normal(i)
      // The corner moves along the bisector, by d / cos(half the turn).
      let sum = n0 + n1
      let k = 1 + n0.x * n1.x + n0.y * n1.y
      out.append(k < 1e-6 ? p[i] + n1 * d : p[i] + sum * (d / k))
    }
    // An inward move past the middle turns edges round: nothing is left.
    if d < 0 {
      for i in 0..<n {
        let old = p[(i + 1) % n] - p[i]
        let new = out[(i + 1) % n] - out[i]
        guard old.x * new.x + old.y * new.y > 0 else { return nil }
      }
    }
    return out
  }

  /// The part of the polygon inside `rect` (Sutherland–Hodgman); empty when they do not overlap.
  public static func clipped(_ points: [Point], to rect: Rect) -> [Point] {
    var poly = points
    func cut(_ inside: (Point) -> Bool, _ cross: (Point, Point) -> Point) {
      guard !poly.isEmpty else { return }
      var out: [Point] = []
      out.reserveCapacity(poly.count + 2)
      for i in poly.indices {
        let a = poly[i]
        let b = poly[(i + 1) % poly.count]
        let ina = inside(a)
        let inb = inside(b)
        if ina { out.append(a) }
        if ina != inb { out.append(cross(a, b)) }
      }
      poly = out
    }
    func atX(_ x: Double) -> (Point, Point) -> Point {
      { a, b in Point(x, a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x)) }
    }
    func atY(_ y: Double) -> (Point, Point) -> Point {
      { a, b in Point(a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y), y) }
    }
    cut({ $0.x >= rect.minX }, atX(rect.minX))
    cut({ $0.x <= rect.maxX }, atX(rect.maxX))
    cut({ $0.y >= rect.minY }, atY(rect.minY))
    cut({ $0.y <= rect.maxY }, atY(rect.maxY))
    poly = withoutRepeats(poly)
    return isDrawable(poly) ? poly : []
  }

  /// The part of the segment `a`–`b` inside the polygon (Cyrus–Beck), or nil when it misses.
  public static func clippedSegment(_ a: Point, _ b: Point, to points: [Point]) -> (Point, Point)? {
    guard points.count >= 3 else { return nil }
    let sign = signedArea(points) >= 0 ? 1.0 : -1.0
    var t0 = 0.0
    var t1 = 1.0
    let d = b - a
    for i in points.indices {
      let p = points[i]
      let q = points[(i + 1) % points.count]
      // Inside: sign · cross(q − p, x − p) ≥ 0, linear in t along the segment.
      let e = q - p
      let f0 = sign * (e.x * (a.y - p.y) - e.y * (a.x - p.x))
      let df = sign * (e.x * d.y - e.y * d.x)
      if abs(df) < 1e-12 {
        if f0 < 0 { return nil }
        continue
      }
      let t = -f0 / df
      if df > 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
      if t0 >= t1 { return nil }
    }
    return (a + d * t0, a + d * t1)
  }

  /// The corners without consecutive repeats (nor a last one equal to the first).
  static func withoutRepeats(_ points: [Point]) -> [Point] {
    var out: [Point] = []
    out.reserveCapacity(points.count)
    for p in points where out.last.map({ $0.distance(to: p) > 1e-9 }) ?? true { out.append(p) }
    while out.count > 1, out[0].distance(to: out[out.count - 1]) <= 1e-9 { out.removeLast() }
    return out
  }
}

/// One edge of a convex polygon as a half-plane: inside where `nx·x + ny·y − c ≤ 0` (a unit normal
/// pointing out, so the left side is a signed distance in pixels).
struct PolygonEdge {
  var nx: Double
  var ny: Double
  var c: Double
}

/// A convex polygon filled with anti-aliased edges, or its outline as a ring `inset` pixels wide inside
/// the edge.
///
/// The polygon is the intersection of its edges' half-planes; the distance of a pixel centre from it is
/// taken as the largest of its distances from the edges (exact along the edges, a little short of the
/// true distance just outside a corner), so a row's span is one division per edge.
struct PolygonShape: CoverageShape {
  let edges: [PolygonEdge]
  let minY: Double
  let maxY: Double
  /// For an outline: the ring's width (its hole is the polygon moved in by it).
  let inset: Double?

  /// The shape of `points` (a drawable convex polygon), its edges written into `edges`' storage.
  init(_ points: [Point], inset: Double?, edges scratch: inout [PolygonEdge]) {
    scratch.removeAll(keepingCapacity: true)
    let sign = ConvexPolygon.signedArea(points) >= 0 ? 1.0 : -1.0
    var y0 = Double.infinity
    var y1 = -Double.infinity
    for i in points.indices {
      let a = points[i]
      let b = points[(i + 1) % points.count]
      y0 = min(y0, a.y)
      y1 = max(y1, a.y)
      let len = a.distance(to: b)
      guard len > 1e-9 else { continue }
      let nx = sign * (b.y - a.y) / len
      let ny = -sign * (b.x - a.x) / len
      scratch.append(PolygonEdge(nx: nx, ny: ny, c: nx * a.x + ny * a.y))
    }
    edges = scratch
    minY = y0
    maxY = y1
    self.inset = inset
  }

  var rows: (y0: Int, y1: Int) { (floorIndex(minY) - 1, ceilIndex(maxY) + 1) }
  var hasSolidInterior: Bool { true }

  /// The polygon's distance at a pixel centre (negative inside).
  @inline(__always) private func distance(_ px: Double, _ py: Double) -> Double {
    var d = -Double.infinity
    for e in edges { d = max(d, e.nx * px + e.ny * py - e.c) }
    return d
  }

  /// The x range where row `yc` is within `grow` of the polygon (every edge moved out by `grow`), or nil.
  @inline(__always) private func span(_ yc: Double, grow: Double) -> (Double, Double)? {
    var lo = -Double.infinity
    var hi = Double.infinity
    for e in edges {
      let k = e.c + grow - e.ny * yc
      if abs(e.nx) < 1e-12 {
        if k < 0 { return nil }
        continue
      }
      let x = k / e.nx
      if e.nx > 0 { hi = min(hi, x) } else { lo = max(lo, x) }
    }
    return lo <= hi ? (lo, hi) : nil
  }

  private func extent(_ y: Int, grow: Double) -> RowExtent {
    let yc = Double(y) + 0.5
    guard let any = span(yc, grow: grow + 0.5) else { return .empty }
    let full = span(yc, grow: grow - 0.5) ?? (1, 0)
    return RowExtent(any: any, full: full)
  }

  func extent(row y: Int) -> RowExtent { extent(y, grow: 0) }

  func holeExtent(row y: Int) -> RowExtent {
    guard let inset else { return .empty }
    return extent(y, grow: -inset)
  }

  @inline(__always) func coverage(_ px: Double, _ py: Double, outerFull: Bool, nearHole: Bool) -> Double {
    let d = distance(px, py)
    var c = outerFull ? 1 : (d <= -0.5 ? 1 : (d >= 0.5 ? 0 : 0.5 - d))
    if nearHole, let inset {
      let h = d + inset
      c -= h <= -0.5 ? 1 : (h >= 0.5 ? 0 : 0.5 - h)
    }
    return c
  }
}
