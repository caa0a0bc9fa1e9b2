import TouchSim

/// User-defined runtime attributes (`<userDefinedRuntimeAttributes>`): the key paths a view's Identity
/// inspector sets with key-value coding once the view is decoded, so after its own attributes. Those that
/// hit-testing and touch delivery read are applied to the view, over what its attributes said; every
/// other key path (`layer.cornerRadius`, an accessibility hint, a custom class's inspectables) is left out
/// without a word, as it changes no touch.
extension StoryboardBuilder {
  /// The view properties a runtime attribute can set here.
  enum RuntimeKey {
    case userInteractionEnabled, hidden, alpha, clipsToBounds, multipleTouchEnabled, exclusiveTouch, enabled
    case delaysContentTouches, canCancelContentTouches, pagingEnabled, bounces, alwaysBounceVertical
    case alwaysBounceHorizontal, directionalLockEnabled, bouncesZoom, scrollEnabled

    /// Alpha is a number in 0…1; every other one is a boolean.
    var isFlag: Bool { self != .alpha }
    /// Only on scroll views (scroll, table, collection and text views).
    var isScroll: Bool {
      switch self {
      case .delaysContentTouches, .canCancelContentTouches, .pagingEnabled, .bounces, .alwaysBounceVertical,
        .alwaysBounceHorizontal, .directionalLockEnabled, .bouncesZoom, .scrollEnabled:
        return true
      default: return false
      }
    }
  }

  /// Key paths by the property they set: UIKit's property names, the Swift getter names (`isHidden`), and
  /// the layer's `masksToBounds`, which is `clipsToBounds`.
  static let runtimeKeys: [String: RuntimeKey] = [
    "userInteractionEnabled": .userInteractionEnabled, "isUserInteractionEnabled": .userInteractionEnabled,
    "hidden": .hidden, "isHidden": .hidden, "alpha": .alpha,
    "clipsToBounds": .clipsToBounds, "layer.masksToBounds": .clipsToBounds,
    "multipleTouchEnabled": .multipleTouchEnabled, "isMultipleTouchEnabled": .multipleTouchEnabled,
    "exclusiveTouch": .exclusiveTouch, "isExclusiveTouch": .exclusiveTouch,
    "enabled": .enabled, "isEnabled": .enabled,
    "delaysContentTouches": .delaysContentTouches, "canCancelContentTouches": .canCancelContentTouches,
    "pagingEnabled": .pagingEnabled, "isPagingEnabled": .pagingEnabled, "bounces": .bounces,
    "alwaysBounceVertical": .alwaysBounceVertical, "alwaysBounceHorizontal": .alwaysBounceHorizontal,
    "directionalLockEnabled": .directionalLockEnabled, "isDirectionalLockEnabled": .directionalLockEnabled,
    "bouncesZoom": .bouncesZoom, "scrollEnabled": .scrollEnabled, "isScrollEnabled": .scrollEnabled,
  ]

  /// The runtime attributes of view `e` that set a property read here, in the order IB applies them.
  func runtimeAttributes(_ e: Int) -> [(element: Int, key: RuntimeKey, keyPath: String)] {
    guard let list = doc.child(e, named: "userDefinedRuntimeAttributes") else { return [] }
    var out: [(Int, RuntimeKey, String)] = []
    for r in doc.children(list, named: "userDefinedRuntimeAttribute") {
      guard let path = doc[r].attributes["keyPath"], let key = Self.runtimeKeys[path] else { continue }
      out.append((r, key, path))
    }
    return out
  }

  /// A runtime attribute's value as a number (a boolean's `YES` is 1): its `value` attribute, or the
  /// `value` of its `<real key="value">`, `<integer key="value">` or `<boolean key="value">` child.
  /// nil, with the text found (if any), when it is none.
  func runtimeNumber(_ r: Int) -> (number: Double?, text: String?) {
    var text = doc[r].attributes["value"]
    if text == nil, let c = doc[r].children.first(where: { doc[$0].attributes["key"] == "value" }) {
      text = doc[c].attributes["value"]
    }
    guard let text else { return (nil, nil) }
    switch text {
    case "YES", "true": return (1, text)
    case "NO", "false": return (0, text)
    default:
      guard let n = Double(text), n.isFinite else { return (nil, text) }
      return (n, text)
    }
  }

  /// The type IB wrote for a runtime attribute, when it is one that holds no number or boolean.
  func runtimeTypeHoldsNoNumber(_ r: Int) -> String? {
    guard let type = doc[r].attributes["type"], type != "boolean", type != "number" else { return nil }
    return type
  }

  /// Applies view `e`'s runtime attributes to `v`, after its own attributes (as UIKit does when it
  /// decodes the nib). A value that is not a boolean or number of the right kind is a warning, and the
  /// property keeps what the view's attributes gave it.
  mutating func applyRuntimeAttributes(_ e: Int, into v: inout ViewSpec) {
    for (r, key, path) in runtimeAttributes(e) {
      if key.isScroll && v.scroll == nil { continue }
      if key == .enabled && !v.kind.isControl { continue }
      let what = key.isFlag ? "a boolean" : "a number in 0…1"
      if let type = runtimeTypeHoldsNoNumber(r) {
        warn(r, "the runtime attribute '\(path.prefix(40))' is of type \(type.prefix(20)), not \(what): left out")
        continue
      }
      let (number, text) = runtimeNumber(r)
      guard let n = number, key.isFlag || (0...1).contains(n) else {
        let shown = text.map { "\"\($0.prefix(40))\"" } ?? "no value"
        warn(r, "the runtime attribute '\(path.prefix(40))' has \(shown), not \(what): left out")
        continue
      }
      let on = n != 0
      switch key {
      case .userInteractionEnabled: v.userInteractionEnabled = on
      case .hidden: v.hidden = on
      case .alpha: v.alpha = n
      case .clipsToBounds: v.clipsToBounds = on
      case .multipleTouchEnabled: v.multipleTouchEnabled = on
      case .exclusiveTouch: v.exclusiveTouch = on
      case .enabled: v.enabled = on
      case .delaysContentTouches: v.scroll?.delaysContentTouches = on
      case .canCancelContentTouches: v.scroll?.canCancelContentTouches = on
      case .pagingEnabled: v.scroll?.isPagingEnabled = on
      case .bounces: v.scroll?.bounces = on
      case .alwaysBounceVertical: v.scroll?.alwaysBounceVertical = on
      case .alwaysBounceHorizontal: v.scroll?.alwaysBounceHorizontal = on
      case .directionalLockEnabled: v.scroll?.isDirectionalLockEnabled = on
      case .bouncesZoom: v.scroll?.bouncesZoom = on
      case .scrollEnabled:
        if !on {
          warn(
            r,
            "the runtime attribute '\(path)' NO is not in the scene format: this scroll view scrolls in the scene")
        }
      }
    }
  }
}
