import Geometry
import TouchSim

/// The scene as the trace changes it: `set` changes, `bringToFront` / `sendToBack`, scrolling.
///
/// The one scene rebuilt from the trace: the window draws `scene` (the tree), the narration and the
/// panels look views and recognizers up by id (flattened copies, with parent and subview lists). Both
/// change together, only through `apply(_:)`.
public struct LiveScene: Sendable, Equatable {
  /// The whole scene, as the trace has changed it so far.
  public private(set) var scene: Scene
  /// Every view by id, flattened: `subviews` emptied (see `children`).
  public private(set) var views: [String: ViewSpec] = [:]
  public private(set) var parent: [String: String] = [:]
  /// Subview ids in `subviews` order (the last is front-most).
  public private(set) var children: [String: [String]] = [:]
  /// Each view's index in its superview's `children` (and in its `subviews` in `scene`): the path from the
  /// root to a view is found by climbing its superviews, without searching the tree.
  private var position: [String: Int] = [:]
  public private(set) var recognizers: [String: RecognizerSpec] = [:]
  /// The view each recognizer is attached to.
  public private(set) var recognizerView: [String: String] = [:]
  /// Recognizer ids on each view, in `gestureRecognizers` order (a scroll view's pan first, H-8).
  public private(set) var recognizersOn: [String: [String]] = [:]
  /// Ids of the scroll views' built-in pan recognizers.
  public private(set) var scrollPans: Set<String> = []
  /// Ids of the scroll views' built-in recognizers: their pans, and their pinches (rule H-18).
  public private(set) var builtInRecognizers: Set<String> = []
  public let rootID: String
  public let appDelegateIsResponder: Bool
  /// Views taken out of the window by `removeFromSuperview` (rule C-15), with their subtrees, by id: what
  /// an `addSubview` puts back. Their ids stay in `views` (a touch still names its view).
  public private(set) var removed: [String: ViewSpec] = [:]

  public init(_ written: Scene) {
    // Sheets sit in the views UIKit builds for them, as the engine has them.
    let scene = written.presentingSheets()
    self.scene = scene
    rootID = scene.root.id
    appDelegateIsResponder = scene.appDelegateIsResponder
    // Iterative: scene trees may be deep.
    var stack: [(ViewSpec, String?)] = [(scene.root, nil)]
    while let (v, p) = stack.popLast() {
      var flat = v
      flat.subviews = []
      views[v.id] = flat
      parent[v.id] = p
      children[v.id] = v.subviews.map(\.id)
      for (i, s) in v.subviews.enumerated() { position[s.id] = i }
      var ids: [String] = []
      for r in v.builtInRecognizers {
        recognizers[r.id] = r
        recognizerView[r.id] = v.id
        if r.kind == .pan { scrollPans.insert(r.id) }
        builtInRecognizers.insert(r.id)
        ids.append(r.id)
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

  /// Takes a trace entry's change to the scene into account (`set`, `scroll`, `reorder`); other
  /// entries change nothing.
  public mutating func apply(_ event: TraceEvent) {
    switch event {
    case .set(let target, let key, let value, _):
      set(target: target, key: key, value: value)
    case .scroll(let view, let offset, _):
      set(target: view, key: "contentOffset", value: .list([.number(offset.x), .number(offset.y)]))
    case .zoom(let view, let zoomView, let scale, let contentSize, let offset, _):
      zoom(view, zoomView, scale: scale, contentSize: contentSize, offset: offset)
    case .reorder(let view, let to):
      reorder(view, toFront: to == "front")
    case .removeGestureRecognizer(let recognizer, _, _):
      moveRecognizer(recognizer, to: nil)
    case .addGestureRecognizer(let recognizer, let view):
      moveRecognizer(recognizer, to: view)
    case .removeFromSuperview(let view, _, _):
      removeFromSuperview(view)
    case .addSubview(let view, let superview):
      addSubview(view, to: superview)
    default:
      break
    }
  }

  /// C-12, C-13: the recognizer leaves its view (and, with `to`, goes last on that view's list).
  private mutating func moveRecognizer(_ id: String, to view: String?) {
    guard let spec = recognizers[id], !builtInRecognizers.contains(id) else { return }
    if let old = recognizerView[id] {
      recognizersOn[old]?.removeAll { $0 == id }
      _ = updateView(old) { $0.recognizers.removeAll { $0.id == id } }
      removed[old]?.recognizers.removeAll { $0.id == id }
      recognizerView[id] = nil
    }
    guard let view, views[view] != nil else { return }
    recognizerView[id] = view
    recognizersOn[view, default: []].append(id)
    if !updateView(view, { $0.recognizers.append(spec) }) { removed[view]?.recognizers.append(spec) }
  }

  /// C-15: the view and its subtree leave the window's tree; kept in `removed` for an `addSubview`.
  private mutating func removeFromSuperview(_ id: String) {
    guard let p = parent[id], let i = position[id], i < (children[p]?.count ?? 0), children[p]![i] == id else { return }
    var taken: ViewSpec?
    let inPlace = changeView(p) { v in
      guard i < v.subviews.count, v.subviews[i].id == id else { return false }
      taken = v.subviews.remove(at: i)
      return true
    }
    guard inPlace, let taken else { return }
    children[p]!.remove(at: i)
    for (k, c) in children[p]!.enumerated() { position[c] = k }
    parent[id] = nil
    position[id] = nil
    removed[id] = taken
  }

  /// C-15: a removed view goes back in as `superview`'s front-most subview (a view still in the window is
  /// taken out first).
  private mutating func addSubview(_ id: String, to superview: String) {
    if parent[id] != nil { removeFromSuperview(id) }
    guard let spec = removed[id], views[superview] != nil, !isDescendant(superview, of: id) else { return }
    let inPlace = updateView(superview) { $0.subviews.append(spec) }
    guard inPlace else { return }
    removed[id] = nil
    parent[id] = superview
    position[id] = children[superview]?.count ?? 0
    children[superview, default: []].append(id)
  }

  private mutating func set(target: String, key: String, value: PropertyValue) {
    let change = PropertyChange(target: target, key: key, value: value)
    if var v = views[target] {
      guard v.set(key, value) == nil else { return }
      views[target] = v
      if !updateView(target, { _ = $0.set(key, value) }) { _ = scene.apply(change) }
    } else if var r = recognizers[target] {
      guard r.set(key, value) == nil else { return }
      recognizers[target] = r
      // A scroll view's own pan and pinch are not in the scene's tree (they are made from its keys).
      guard !builtInRecognizers.contains(target) else { return }
      let found =
        recognizerView[target].map { view in
          updateView(view) { v in
            if let i = v.recognizers.firstIndex(where: { $0.id == target }) { _ = v.recognizers[i].set(key, value) }
          }
        } ?? false
      if !found { _ = scene.apply(change) }
    }
  }

  /// H-18: the zoom view scaled with its frame at the content's origin, the scroll view's scale, content size
  /// and offset as the engine set them.
  private mutating func zoom(_ view: String, _ zoomView: String, scale: Double, contentSize: Size, offset: Point) {
    guard var z = views[zoomView], var s = views[view], s.scroll != nil else { return }
    let zoomed = ScrollSpec.zoomed(size: z.bounds.size, scale: scale)
    func scaleZoomView(_ v: inout ViewSpec) {
      v.center = zoomed.center
      v.transform = zoomed.transform
    }
    func zoomScroll(_ v: inout ViewSpec) {
      v.scroll?.zoomScale = scale
      v.scroll?.contentSize = contentSize
      v.bounds.origin = offset
    }
    scaleZoomView(&z)
    views[zoomView] = z
    _ = updateView(zoomView, scaleZoomView)
    zoomScroll(&s)
    views[view] = s
    _ = updateView(view, zoomScroll)
  }

  /// `bringSubviewToFront` / `sendSubviewToBack`: the work is the view's siblings (those it passes) and
  /// the depth of its superview, however large the tree.
  private mutating func reorder(_ id: String, toFront: Bool) {
    guard let p = parent[id], let i = position[id], let count = children[p]?.count, i < count, children[p]![i] == id
    else { return }
    children[p]!.remove(at: i)
    if toFront { children[p]!.append(id) } else { children[p]!.insert(id, at: 0) }
    // The siblings between the old place and the new one move by one.
    let moved = toFront ? i..<count : 0..<(i + 1)
    for k in moved { position[children[p]![k]] = k }
    WorkMeter.add(count)
    let inPlace = changeView(p) { v in
      guard i < v.subviews.count, v.subviews[i].id == id else { return false }
      let sub = v.subviews.remove(at: i)
      if toFront { v.subviews.append(sub) } else { v.subviews.insert(sub, at: 0) }
      return true
    }
    if !inPlace { scene.reorder(id, toFront: toFront) }
  }

  /// Changes view `id` in `scene` in place, reached by its path from the root (as long as it is deep);
  /// false when the path does not lead to a view of that id (`body` returned false, or ids repeat).
  private mutating func changeView(_ id: String, _ body: (inout ViewSpec) -> Bool) -> Bool {
    var path: [Int] = []
    var cur = id
    while cur != rootID {
      guard let i = position[cur], let p = parent[cur], path.count < views.count else { return false }
      path.append(i)
      cur = p
    }
    WorkMeter.add(path.count)
    path.reverse()
    return scene.changeView(at: path, id: id, body)
  }

  private mutating func updateView(_ id: String, _ body: (inout ViewSpec) -> Void) -> Bool {
    changeView(id) { v in
      body(&v)
      return true
    }
  }

  // MARK: Queries

  public func kind(_ view: String) -> ViewKind? { views[view]?.kind }

  public func isControl(_ view: String) -> Bool { views[view]?.kind.isControl ?? false }

  /// "UIButton", "UIView" ... ("UIView" for unknown ids).
  public func className(_ view: String) -> String { views[view]?.kind.uikitClass ?? "UIView" }

  /// The view, then each superview up to the root.
  public func ancestry(_ view: String) -> [String] {
    var out: [String] = []
    var cur: String? = view
    while let c = cur, views[c] != nil, !out.contains(c) {
      out.append(c)
      cur = parent[c]
    }
    return out
  }

  public func isDescendant(_ view: String, of ancestor: String) -> Bool { ancestry(view).contains(ancestor) }

  /// The scroll view whose built-in pan this is.
  public func scrollView(ofPan id: String) -> String? { scrollPans.contains(id) ? recognizerView[id] : nil }

  public func recognizerKind(_ id: String) -> RecognizerKind? { recognizers[id]?.kind }

  /// Whether `at` (in the view's own coordinates) lies inside what point(inside:) accepts (its
  /// `pointInside` shape, rule A-12, or the bounds grown by `hitOutset`); `withOutset` false: the bounds.
  public func contains(_ view: String, _ at: Point, withOutset: Bool = true) -> Bool {
    guard let v = views[view] else { return false }
    if withOutset, let shape = v.pointInside { return shape.contains(at) }
    return v.bounds.insetBy(withOutset ? -v.hitOutset : 0).contains(at)
  }

  /// A point in the superview's coordinates converted into `view`'s own (nil for a singular transform).
  public func fromSuperview(_ p: Point, into view: String) -> Point? {
    guard let v = views[view], let inverse = v.toSuperview.inverted else { return nil }
    return inverse.apply(p)
  }

  /// A point in window coordinates converted into `view`'s own coordinates, through every superview
  /// (rule A-4); nil for an unknown view or a singular transform on the way.
  public func fromWindow(_ p: Point, into view: String) -> Point? {
    var q = p
    for v in ancestry(view).reversed() {
      guard let r = fromSuperview(q, into: v) else { return nil }
      q = r
    }
    return q
  }

  /// The deepest visible subview of `view` drawn under `at` (in `view`'s coordinates), if any: what a
  /// student sees there although the hit test never asks it (rule A-5).
  public func subviewDrawn(under at: Point, in view: String) -> String? {
    // A view that clips to its bounds draws none of its subviews outside them (rule A-5).
    if let spec = views[view], spec.clipsToBounds, !spec.bounds.contains(at) { return nil }
    for c in (children[view] ?? []).reversed() {
      guard let spec = views[c], !spec.hidden, spec.alpha >= 0.01, let p = fromSuperview(at, into: c) else { continue }
      if let deeper = subviewDrawn(under: p, in: c) { return deeper }
      if spec.bounds.contains(p) { return c }
    }
    return nil
  }

  /// Whether the id names a view controller of the scene.
  public func isController(_ id: String) -> Bool { views.values.contains { $0.controller == id } }
}

extension Scene {
  /// Changes the view at `path` (indices into `subviews` from the root down) if its id is `id`; false
  /// when the path leads elsewhere or `body` returns false.
  fileprivate mutating func changeView(at path: [Int], id: String, _ body: (inout ViewSpec) -> Bool) -> Bool {
    func walk(_ v: inout ViewSpec, _ k: Int) -> Bool {
      guard k < path.count else { return v.id == id && body(&v) }
      guard path[k] < v.subviews.count else { return false }
      return walk(&v.subviews[path[k]], k + 1)
    }
    return walk(&root, 0)
  }

  /// `superview.bringSubviewToFront(id)` / `sendSubviewToBack(id)` on the model.
  public mutating func reorder(_ id: String, toFront: Bool) {
    func walk(_ v: inout ViewSpec) -> Bool {
      WorkMeter.add(1 + v.subviews.count)
      if let i = v.subviews.firstIndex(where: { $0.id == id }) {
        let sub = v.subviews.remove(at: i)
        if toFront { v.subviews.append(sub) } else { v.subviews.insert(sub, at: 0) }
        return true
      }
      for i in v.subviews.indices where walk(&v.subviews[i]) { return true }
      return false
    }
    _ = walk(&root)
  }
}
