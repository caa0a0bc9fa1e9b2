import Geometry

/// A key a `set` step (or the window's toggles) may change on a view: each key once, with its type, the
/// views it applies to, how its value is read from a view and how it is written to one. Everything else
/// that lists the view keys (`SettableKeys.view`, the scene editor's order and values) is derived from here.
///
/// The cases are in the scene format's order (docs/SCENE-FORMAT.md, "Keys a set may change on a view").
public enum ViewKey: String, CaseIterable, Sendable {
  case transformScale = "transform.scale"
  case transformRotation = "transform.rotation"
  case transformTranslation = "transform.translation"
  case color, text, alpha, hidden, userInteractionEnabled, multipleTouchEnabled, exclusiveTouch, clipsToBounds
  case enabled, value, forwardsTouches, hitOutset, passThrough, gestureRecognizerShouldBegin, contentOffset
  case delaysContentTouches, canCancelContentTouches, minimumValue, maximumValue, stepValue, wraps, autorepeat
  case isContinuous, isMomentary, disabledSegments, numberOfPages, bounces, alwaysBounceVertical
  case alwaysBounceHorizontal, isPagingEnabled, isDirectionalLockEnabled, transfersVerticalScrollingToParent
  case transfersHorizontalScrollingToParent, bouncesZoom

  public var type: PropertyType {
    switch self {
    case .transformScale, .transformTranslation, .contentOffset: return .point
    case .transformRotation, .alpha, .value, .hitOutset, .minimumValue, .maximumValue, .stepValue, .numberOfPages:
      return .number
    case .color, .text: return .string
    case .disabledSegments: return .indexList
    case .hidden, .userInteractionEnabled, .multipleTouchEnabled, .exclusiveTouch, .clipsToBounds, .enabled,
      .forwardsTouches, .passThrough, .gestureRecognizerShouldBegin, .delaysContentTouches, .canCancelContentTouches,
      .wraps, .autorepeat, .isContinuous, .isMomentary, .bounces, .alwaysBounceVertical, .alwaysBounceHorizontal,
      .isPagingEnabled, .isDirectionalLockEnabled, .transfersVerticalScrollingToParent,
      .transfersHorizontalScrollingToParent, .bouncesZoom:
      return .bool
    }
  }

  /// A key of scroll views only (rules H-1 to H-18).
  public var isScrollOnly: Bool {
    switch self {
    case .contentOffset, .delaysContentTouches, .canCancelContentTouches, .bounces, .alwaysBounceVertical,
      .alwaysBounceHorizontal, .isPagingEnabled, .isDirectionalLockEnabled, .transfersVerticalScrollingToParent,
      .transfersHorizontalScrollingToParent, .bouncesZoom:
      return true
    default: return false
    }
  }

  /// The key's value in `v` as a `set` would write it; nil when `v` has none, or has one a `set` cannot
  /// write (per-method forwarding, rule B-4a).
  public func value(in v: ViewSpec) -> PropertyValue? {
    func point(_ p: Point) -> PropertyValue { .list([.number(p.x), .number(p.y)]) }
    switch self {
    case .hidden: return .bool(v.hidden)
    case .alpha: return .number(v.alpha)
    case .userInteractionEnabled: return .bool(v.userInteractionEnabled)
    case .multipleTouchEnabled: return .bool(v.multipleTouchEnabled)
    case .exclusiveTouch: return .bool(v.exclusiveTouch)
    case .clipsToBounds: return .bool(v.clipsToBounds)
    case .enabled: return .bool(v.enabled)
    case .forwardsTouches: return v.touchForwarding.isUniform ? .bool(v.forwardsTouches) : nil
    case .hitOutset: return .number(v.hitOutset)
    case .passThrough: return .bool(v.passThrough)
    case .gestureRecognizerShouldBegin: return .bool(v.gestureRecognizerShouldBegin)
    case .color: return v.color.map { .string($0) }
    case .text: return v.text.map { .string($0) }
    case .value: return v.value.map { .number($0) }
    case .minimumValue: return v.minimumValue.map { .number($0) }
    case .maximumValue: return v.maximumValue.map { .number($0) }
    case .stepValue: return v.stepValue.map { .number($0) }
    case .wraps: return v.wraps.map { .bool($0) }
    case .autorepeat: return v.autorepeat.map { .bool($0) }
    case .isContinuous: return v.isContinuous.map { .bool($0) }
    case .isMomentary: return v.isMomentary.map { .bool($0) }
    case .disabledSegments:
      return v.kind == .segmentedControl ? .list(v.disabledSegments.map { .number(Double($0)) }) : nil
    case .numberOfPages: return v.numberOfPages.map { .number(Double($0)) }
    case .contentOffset: return v.scroll == nil ? nil : point(v.bounds.origin)
    case .delaysContentTouches: return v.scroll.map { .bool($0.delaysContentTouches) }
    case .canCancelContentTouches: return v.scroll.map { .bool($0.canCancelContentTouches) }
    case .bounces: return v.scroll.map { .bool($0.bounces) }
    case .alwaysBounceVertical: return v.scroll.map { .bool($0.alwaysBounceVertical) }
    case .alwaysBounceHorizontal: return v.scroll.map { .bool($0.alwaysBounceHorizontal) }
    case .isPagingEnabled: return v.scroll.map { .bool($0.isPagingEnabled) }
    case .isDirectionalLockEnabled: return v.scroll.map { .bool($0.isDirectionalLockEnabled) }
    case .transfersVerticalScrollingToParent: return v.scroll.map { .bool($0.transfersVerticalScrollingToParent) }
    case .transfersHorizontalScrollingToParent:
      return v.scroll.map { .bool($0.transfersHorizontalScrollingToParent) }
    case .bouncesZoom: return v.scroll.map { .bool($0.bouncesZoom) }
    case .transformTranslation: return point(v.transform.translation)
    case .transformScale: return point(v.transform.scale)
    case .transformRotation: return .number(v.transform.rotation)
    }
  }

  /// Writes `value` (already checked to fit `type`) to `v`; an error message instead when it does not fit
  /// the view.
  func write(_ value: PropertyValue, to v: inout ViewSpec) -> String? {
    if isScrollOnly && v.scroll == nil {
      return "'\(rawValue)' applies to scroll views only ('\(v.id)' is a \(v.kind.rawValue))"
    }
    switch self {
    case .hidden: v.hidden = value.bool!
    case .alpha: v.alpha = value.number!
    case .userInteractionEnabled: v.userInteractionEnabled = value.bool!
    case .multipleTouchEnabled: v.multipleTouchEnabled = value.bool!
    case .exclusiveTouch: v.exclusiveTouch = value.bool!
    case .clipsToBounds: v.clipsToBounds = value.bool!
    case .enabled: v.enabled = value.bool!
    case .forwardsTouches: v.forwardsTouches = value.bool!
    case .hitOutset: v.hitOutset = value.number!
    case .passThrough: v.passThrough = value.bool!
    case .gestureRecognizerShouldBegin: v.gestureRecognizerShouldBegin = value.bool!
    case .color: v.color = value.string!
    case .text: v.text = value.string!
    case .value: v.value = value.number!
    case .minimumValue: v.minimumValue = value.number!
    case .maximumValue: v.maximumValue = value.number!
    case .stepValue: v.stepValue = value.number!
    case .wraps: v.wraps = value.bool!
    case .autorepeat: v.autorepeat = value.bool!
    case .isContinuous: v.isContinuous = value.bool!
    case .isMomentary: v.isMomentary = value.bool!
    case .disabledSegments: v.disabledSegments = Array(Set(value.indexes!)).sorted()
    case .numberOfPages:
      let n = value.number!
      guard n.rounded() == n, n >= 0, n <= 1000 else {
        return "'numberOfPages' takes a whole number 0...1000, not \(value.shortDescription)"
      }
      v.numberOfPages = Int(n)
    case .contentOffset: v.bounds.origin = value.point!
    case .delaysContentTouches: v.scroll!.delaysContentTouches = value.bool!
    case .canCancelContentTouches: v.scroll!.canCancelContentTouches = value.bool!
    case .bounces: v.scroll!.bounces = value.bool!
    case .alwaysBounceVertical: v.scroll!.alwaysBounceVertical = value.bool!
    case .alwaysBounceHorizontal: v.scroll!.alwaysBounceHorizontal = value.bool!
    case .isPagingEnabled: v.scroll!.isPagingEnabled = value.bool!
    case .isDirectionalLockEnabled: v.scroll!.isDirectionalLockEnabled = value.bool!
    case .transfersVerticalScrollingToParent: v.scroll!.transfersVerticalScrollingToParent = value.bool!
    case .transfersHorizontalScrollingToParent: v.scroll!.transfersHorizontalScrollingToParent = value.bool!
    case .bouncesZoom: v.scroll!.bouncesZoom = value.bool!
    case .transformTranslation: v.transform.translation = value.point!
    case .transformScale: v.transform.scale = value.point!
    case .transformRotation: v.transform.rotation = value.number!
    }
    return nil
  }
}
