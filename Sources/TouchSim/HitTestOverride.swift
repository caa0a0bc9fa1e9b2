import Geometry

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
  /// Extension (rule A-13): the entry counts only while the view's flag of this name (`ViewSpec.flags`) is
  /// true, as an override that reads a stored property of the subclass; nil: always.
  public var when: String?
  /// Extension (rule A-13): the override calls `super.hitTest` first and replaces only the answer `self`
  /// (the view itself) with `returns`: `let v = super.hitTest(p); return v == self ? returns : v`.
  public var mapsSuper: Bool
  public init(rect: Rect, returns: Answer, when: String? = nil, mapsSuper: Bool = false) {
    self.rect = rect
    self.returns = returns
    self.when = when
    self.mapsSuper = mapsSuper
  }

  /// Whether the entry counts now, for a view with these flags.
  public func isActive(_ flags: [String: Bool]) -> Bool { when.map { flags[$0] == true } ?? true }
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

/// Rule 8.8: a control subclass's overrides of UIControl's tracking methods (scene-format extension key
/// `tracking:`). The default is a control that overrides none of them.
public struct TrackingOverrides: Equatable, Sendable {
  /// What an overridden `beginTracking` or `continueTracking` answers.
  public enum Answer: Equatable, Sendable {
    /// The same answer for every touch (`true` is UIKit's default).
    case always(Bool)
    /// YES (after asking super) for a touch within the shape, in the control's own coordinates; NO elsewhere.
    case within(PointInsideShape)

    public func answer(at p: Point) -> Bool {
      switch self {
      case .always(let b): return b
      case .within(let shape): return shape.contains(p)
      }
    }
    public var isDefault: Bool { self == .always(true) }
  }
  public var beginTracking: Answer = .always(true)
  public var continueTracking: Answer = .always(true)
  /// False: `endTracking(_:with:)` is overridden without calling super, so the control class's own
  /// end-of-tracking work does not happen.
  public var endTrackingCallsSuper = true
  /// False: `cancelTracking(with:)` is overridden without calling super: the control's state is not reset.
  public var cancelTrackingCallsSuper = true
  public init() {}
  public var isDefault: Bool { self == TrackingOverrides() }
}
