/// Rule A-12: `hitTest(_:with:)` and `point(inside:with:)` overridden freely (scene-format extension keys
/// `hitTestOverrides:` and `pointInside:`, docs/SCENE-FORMAT.md).

/// One region of a view whose `hitTest` answers with a fixed view: another view (a sibling, a cousin, an
/// ancestor), the view itself (swallowing its subviews) or nil (pass-through).
public struct HitTestOverride: Equatable, Sendable {
  public enum Answer: Equatable, Sendable {
    /// The view with this id, returned as it is (not hit-tested again).
    case view(String)
    /// `self`: the view itself, whatever its subviews are.
    case this
    /// `nil`: nothing, for this branch of the walk.
    case none
  }
  /// The region, in the view's own (bounds) coordinates.
  public var rect: Rect
  public var returns: Answer
  public init(rect: Rect, returns: Answer) {
    self.rect = rect
    self.returns = returns
  }
}

/// The shape an overridden `point(inside:with:)` accepts, in the view's own coordinates (rule A-12).
public enum PointInsideShape: Equatable, Sendable {
  case circle(center: Point, radius: Double)
  case rects([Rect])

  public func contains(_ p: Point) -> Bool {
    switch self {
    case .circle(let c, let r):
      let dx = p.x - c.x
      let dy = p.y - c.y
      return dx * dx + dy * dy <= r * r
    case .rects(let rects):
      return rects.contains { $0.contains(p) }
    }
  }
}
