import TouchSim

/// The scene as the run changes it: `set` changes, `bringToFront` / `sendToBack`, scrolling. The
/// narration reads view kinds, properties and the subview order from it at the time of each entry.
struct LiveScene {
  private(set) var views: [String: ViewSpec] = [:]
  private(set) var parent: [String: String] = [:]
  /// Subview ids in `subviews` order (the last is front-most).
  private(set) var children: [String: [String]] = [:]
  private(set) var recognizers: [String: RecognizerSpec] = [:]
  /// The view each recognizer is attached to.
  private(set) var recognizerView: [String: String] = [:]
  /// Recognizer ids on each view, in `gestureRecognizers` order (a scroll view's pan first, H-8).
  private(set) var recognizersOn: [String: [String]] = [:]
  /// Ids of the scroll views' built-in pan recognizers.
  private(set) var scrollPans: Set<String> = []
  let rootID: String
  let appDelegateIsResponder: Bool

  init(_ scene: Scene) {
    rootID = scene.root.id
    appDelegateIsResponder = scene.appDelegateIsResponder
    var stack: [(ViewSpec, String?)] = [(scene.root, nil)]
    while let (v, p) = stack.popLast() {
      var flat = v
      flat.subviews = []
      views[v.id] = flat
      parent[v.id] = p
      children[v.id] = v.subviews.map(\.id)
      var ids: [String] = []
      if v.kind == .scroll {
        var pan = RecognizerSpec(id: v.id + ".pan", kind: .pan)
        pan.requireToFail = v.scroll?.panRequireToFail ?? []
        recognizers[pan.id] = pan
        recognizerView[pan.id] = v.id
        scrollPans.insert(pan.id)
        ids.append(pan.id)
      }
      for r in v.recognizers {
        recognizers[r.id] = r
        recognizerView[r.id] = v.id
        ids.append(r.id)
      }
      recognizersOn[v.id] = ids
      for s in v.subviews.reversed() { stack.append((s, v.id)) }
    }
  }

  // MARK: Changes

  mutating func apply(target: String, key: String, value: PropertyValue) {
    if var v = views[target] {
      if v.set(key, value) == nil { views[target] = v }
    } else if var r = recognizers[target] {
      if r.set(key, value) == nil { recognizers[target] = r }
    }
  }

  mutating func reorder(_ id: String, toFront: Bool) {
    guard let p = parent[id], var list = children[p] else { return }
    list.removeAll { $0 == id }
    if toFront { list.append(id) } else { list.insert(id, at: 0) }
    children[p] = list
  }

  mutating func scroll(_ id: String, to offset: Point) {
    views[id]?.bounds.origin = offset
  }

  // MARK: Queries

  func kind(_ view: String) -> ViewKind? { views[view]?.kind }

  func isControl(_ view: String) -> Bool { views[view]?.kind.isControl ?? false }

  /// "UIButton", "UIView" ... ("UIView" for unknown ids).
  func className(_ view: String) -> String { views[view]?.kind.uikitClass ?? "UIView" }

  /// The view, then each superview up to the root.
  func ancestry(_ view: String) -> [String] {
    var out: [String] = []
    var cur: String? = view
    while let c = cur, views[c] != nil, !out.contains(c) {
      out.append(c)
      cur = parent[c]
    }
    return out
  }

  func isDescendant(_ view: String, of ancestor: String) -> Bool { ancestry(view).contains(ancestor) }

  /// The scroll view whose built-in pan this is.
  func scrollView(ofPan id: String) -> String? { scrollPans.contains(id) ? recognizerView[id] : nil }

  func recognizerKind(_ id: String) -> RecognizerKind? { recognizers[id]?.kind }

  /// Whether `at` (in the view's own coordinates) lies inside what point(inside:) accepts.
  func contains(_ view: String, _ at: Point, withOutset: Bool = true) -> Bool {
    guard let v = views[view] else { return false }
    return v.bounds.insetBy(withOutset ? -v.hitOutset : 0).contains(at)
  }

  /// A point in the superview's coordinates converted into `view`'s own (nil for a singular transform).
  func fromSuperview(_ p: Point, into view: String) -> Point? {
    guard let v = views[view], let inverse = v.transform.affine.inverted else { return nil }
    let boundsCentre = Point(v.bounds.minX + v.bounds.width / 2, v.bounds.minY + v.bounds.height / 2)
    return inverse.apply(p - v.center) + boundsCentre
  }

  /// The deepest visible subview of `view` drawn under `at` (in `view`'s coordinates), if any: what a
  /// student sees there although the hit test never asks it (rule A-5).
  func subviewDrawn(under at: Point, in view: String) -> String? {
    for c in (children[view] ?? []).reversed() {
      guard let spec = views[c], !spec.hidden, spec.alpha >= 0.01, let p = fromSuperview(at, into: c) else { continue }
      if let deeper = subviewDrawn(under: p, in: c) { return deeper }
      if spec.bounds.contains(p) { return c }
    }
    return nil
  }

  /// Whether the id names a view controller of the scene.
  func isController(_ id: String) -> Bool { views.values.contains { $0.controller == id } }
}
