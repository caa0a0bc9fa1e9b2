import TouchSim

extension AffineTransform {
  /// The transform that applies `self` first and then `outer`: `outer.apply(self.apply(p))`.
  func followed(by outer: AffineTransform) -> AffineTransform {
    AffineTransform(
      a: outer.a * a + outer.c * b,
      b: outer.b * a + outer.d * b,
      c: outer.a * c + outer.c * d,
      d: outer.b * c + outer.d * d,
      tx: outer.a * tx + outer.c * ty + outer.tx,
      ty: outer.b * tx + outer.d * ty + outer.ty)
  }

  /// A pure translation.
  static func translation(_ p: Point) -> AffineTransform {
    AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: p.x, ty: p.y)
  }

  /// Whether the transform keeps rectangles axis-aligned (no rotation or skew).
  var isAxisAligned: Bool { abs(b) < 1e-9 && abs(c) < 1e-9 }
}

extension ViewSpec {
  /// The transform from this view's bounds coordinates to its superview's bounds coordinates.
  ///
  /// UIKit's geometry: a point is taken relative to the centre of `bounds` (so `bounds.origin` shifts the
  /// view's own coordinate space), `transform` is applied about that centre, and the result is placed at
  /// `center`, which is in the superview's coordinate space.
  var toSuperview: AffineTransform {
    if transform.isIdentity {
      return .translation(Point(center.x - bounds.mid.x, center.y - bounds.mid.y))
    }
    return AffineTransform.translation(Point(-bounds.mid.x, -bounds.mid.y))
      .followed(by: transform.affine)
      .followed(by: .translation(center))
  }
}
