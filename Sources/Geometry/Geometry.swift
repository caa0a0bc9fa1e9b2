/// Points, sizes, rectangles and affine transforms, in UIKit's conventions (y grows downwards).
///
/// Everything is `Double`; the engine never rounds except when it writes the trace (`JSONNumber`).
public struct Point: Hashable, Sendable, CustomStringConvertible {
  public var x: Double
  public var y: Double
  public init(_ x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }
  public static let zero = Point(0, 0)
  public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
  public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
  public static func * (a: Point, k: Double) -> Point { Point(a.x * k, a.y * k) }
  public func distance(to p: Point) -> Double { ((x - p.x) * (x - p.x) + (y - p.y) * (y - p.y)).squareRoot() }
  public var length: Double { (x * x + y * y).squareRoot() }
  public var description: String { "[\(JSONNumber.format(x)), \(JSONNumber.format(y))]" }
}

public struct Size: Hashable, Sendable {
  public var width: Double
  public var height: Double
  public init(_ width: Double, _ height: Double) {
    self.width = width
    self.height = height
  }
}

public struct Rect: Hashable, Sendable {
  public var origin: Point
  public var size: Size
  public init(_ x: Double, _ y: Double, _ w: Double, _ h: Double) {
    origin = Point(x, y)
    size = Size(w, h)
  }
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }
  public var minX: Double { origin.x }
  public var minY: Double { origin.y }
  public var maxX: Double { origin.x + size.width }
  public var maxY: Double { origin.y + size.height }
  public var width: Double { size.width }
  public var height: Double { size.height }
  public var mid: Point { Point(origin.x + size.width / 2, origin.y + size.height / 2) }

  /// `CGRect.contains`: the min edges are inside, the max edges are not.
  public func contains(_ p: Point) -> Bool {
    p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
  }
  /// `CGRect.insetBy(dx:dy:)`; a negative inset grows the rectangle.
  public func insetBy(_ d: Double) -> Rect {
    Rect(origin.x + d, origin.y + d, size.width - 2 * d, size.height - 2 * d)
  }
}

/// A 2-D affine transform `p' = M·p + t` with `M = [[a, c], [b, d]]`, as `CGAffineTransform`.
public struct AffineTransform: Hashable, Sendable {
  public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double
  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }
  public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// The transform a scene's `transform:` key describes: scale first, then rotate (degrees,
  /// clockwise on screen as in UIKit), then translate: `p' = T + R·S·p`.
  public init(scale: Point, rotationDegrees: Double, translation: Point) {
    let (cs, sn) = Trig.cosSin(degrees: rotationDegrees)
    self.init(
      a: cs * scale.x, b: sn * scale.x, c: -sn * scale.y, d: cs * scale.y,
      tx: translation.x, ty: translation.y)
  }
  public var isIdentity: Bool { self == .identity }
  public func apply(_ p: Point) -> Point { Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty) }
  public var determinant: Double { a * d - b * c }
  /// The inverse, or nil when the transform is singular (a zero scale).
  public var inverted: AffineTransform? {
    let det = determinant
    if abs(det) < 1e-12 { return nil }
    let ia = d / det
    let ib = -b / det
    let ic = -c / det
    let id = a / det
    return AffineTransform(
      a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
  }
}

extension AffineTransform {
  /// The transform that applies `self` first and then `outer`: `outer.apply(self.apply(p))`.
  public func followed(by outer: AffineTransform) -> AffineTransform {
    AffineTransform(
      a: outer.a * a + outer.c * b,
      b: outer.b * a + outer.d * b,
      c: outer.a * c + outer.c * d,
      d: outer.b * c + outer.d * d,
      tx: outer.a * tx + outer.c * ty + outer.tx,
      ty: outer.b * tx + outer.d * ty + outer.ty)
  }

  /// A pure translation.
  public static func translation(_ p: Point) -> AffineTransform {
    AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: p.x, ty: p.y)
  }

  /// Whether the transform keeps rectangles axis-aligned (no rotation or skew).
  public var isAxisAligned: Bool { abs(b) < 1e-9 && abs(c) < 1e-9 }

  /// The linear part applied to a vector (no translation).
  public func applyLinear(_ v: Point) -> Point { Point(a * v.x + c * v.y, b * v.x + d * v.y) }
}

/// Sine, cosine and atan2 without Foundation (the engine depends on the standard library only).
public enum Trig {
  /// Cosine and sine of an angle in degrees, exact at multiples of 90°.
  public static func cosSin(degrees: Double) -> (Double, Double) {
    let q = degrees / 90
    if q.rounded() == q, abs(q) < 1e9 {
      switch ((Int(q) % 4) + 4) % 4 {
      case 0: return (1, 0)
      case 1: return (0, 1)
      case 2: return (-1, 0)
      default: return (0, -1)
      }
    }
    let r = degrees * Double.pi / 180
    return (cos(r), sin(r))
  }

  /// Reduces to [-π, π] and evaluates a Taylor series; accurate to ~1e-15 there.
  public static func sin(_ x0: Double) -> Double {
    var x = x0.truncatingRemainder(dividingBy: 2 * Double.pi)
    if x > Double.pi { x -= 2 * Double.pi }
    if x < -Double.pi { x += 2 * Double.pi }
    // Use symmetry to stay within [-π/2, π/2] for fast convergence.
    if x > Double.pi / 2 { x = Double.pi - x }
    if x < -Double.pi / 2 { x = -Double.pi - x }
    var term = x
    var sum = x
    let x2 = x * x
    var n = 1.0
    for _ in 0..<12 {
      term *= -x2 / ((n + 1) * (n + 2))
      sum += term
      n += 2
    }
    return sum
  }
  public static func cos(_ x: Double) -> Double { sin(x + Double.pi / 2) }

  public static func atan(_ z: Double) -> Double {
    if z.isNaN { return z }
    if abs(z) > 1 { return (z > 0 ? Double.pi / 2 : -Double.pi / 2) - atan(1 / z) }
    // Halve the angle twice (atan z = 2·atan(z / (1 + √(1+z²)))) then use the series.
    var w = z
    var k = 1.0
    for _ in 0..<3 {
      w = w / (1 + (1 + w * w).squareRoot())
      k *= 2
    }
    var term = w
    var sum = w
    let w2 = w * w
    var n = 1.0
    for _ in 0..<20 {
      term *= -w2
      n += 2
      sum += term / n
    }
    return sum * k
  }

  public static func atan2(_ y: Double, _ x: Double) -> Double {
    if x > 0 { return atan(y / x) }
    if x < 0 { return y >= 0 ? atan(y / x) + Double.pi : atan(y / x) - Double.pi }
    if y > 0 { return Double.pi / 2 }
    if y < 0 { return -Double.pi / 2 }
    return 0
  }
}
