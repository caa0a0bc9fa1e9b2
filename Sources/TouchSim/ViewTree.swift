import Geometry

/// The live view hierarchy: the scene's views flattened into an array with parent links.
///
/// A view's geometry follows UIKit: `center` in the superview's bounds coordinates, `bounds` (its
/// origin shifts the view's own space; a scroll view's `contentOffset` is its bounds origin) and a
/// `transform` applied around the centre.
struct ViewNode {
  /// The view's properties; `subviews` and `recognizers` are emptied (see `children`, `recognizers`).
  /// Any change to it recomputes what is cached from it below.
  var spec: ViewSpec {
    didSet { cache() }
  }
  /// `spec.id`, and what `spec.kind` says, which never change (stored: read on every event).
  let id: String
  let isControl: Bool
  let isScroll: Bool
  var parent: Int?
  /// The subviews as a list linked through their siblings, back-most first: `bringToFront` and `sendToBack`
  /// move a view in constant time, however many siblings it has (see `ViewTree.children(of:)`).
  var firstChild: Int?
  var lastChild: Int?
  /// The sibling just behind (`previousSibling`) and just in front of (`nextSibling`) this view.
  var previousSibling: Int?
  var nextSibling: Int?
  var depth: Int
  /// Indices into the engine's recognizers, in `gestureRecognizers` order (a scroll view's pan first).
  var recognizers: [Int] = []

  // Cached from `spec` (hit-testing and conversions run often; the properties rarely change).
  /// The transform from the view's own coordinates to its superview's (rule A-4 conversions).
  private(set) var toSuperview = AffineTransform.identity
  /// Its inverse, from the superview's coordinates into the view's own; nil for a singular transform.
  private(set) var fromSuperview: AffineTransform?
  /// Why hit-testing skips the view and its subtree wherever the point is (nil: it does not).
  private(set) var hitSkip: TraceEvent.HitResult?
  /// The area `point(inside:)` accepts, in the view's own coordinates.
  private(set) var hitArea = Rect(0, 0, 0, 0)

  init(spec: ViewSpec, parent: Int?, depth: Int) {
    self.spec = spec
    id = spec.id
    isControl = spec.kind.isControl
    isScroll = spec.kind == .scroll
    self.parent = parent
    self.depth = depth
    cache()
  }

  private mutating func cache() {
    let s = spec
    toSuperview = s.toSuperview
    fromSuperview = toSuperview.inverted
    if s.hidden {
      // hidden, no interaction or alpha < 0.01 → nil, and the subtree is never asked.
      hitSkip = .hidden
    } else if !s.userInteractionEnabled {
      hitSkip = .noInteraction
    } else if Double(Float(s.alpha)) < 0.01 {
      // strictly less than 0.01 (Apple doc, decompiled _UIViewIgnoresTouchEvents), compared as UIKit
      // stores it: CALayer.opacity is a Float, so an alpha of 0.01 reads back as 0.0099999998 (L1).
      hitSkip = .alpha
    } else if s.kind.isControl && !s.enabled {
      // A-8: -[UIControl hitTest:] returns nil when the control is not enabled.
      hitSkip = .disabled
    } else {
      hitSkip = nil
    }
    // point(inside:) is bounds.contains, grown by hitOutset.
    hitArea = s.bounds.insetBy(-s.hitOutset)
  }
}

struct ViewTree {
  var nodes: [ViewNode] = []
  var index: [String: Int] = [:]
  /// The view of each view controller, by the controller's id (rule B-2a needs the presenting one's).
  var controllerView: [String: Int] = [:]

  init(root: ViewSpec) {
    // Iterative flattening: scene trees may be deep; no recursion on input.
    var stack: [(spec: ViewSpec, parent: Int?, depth: Int)] = [(root, nil, 0)]
    while let (spec, parent, depth) = stack.popLast() {
      var own = spec
      own.subviews = []
      own.recognizers = []
      let i = nodes.count
      nodes.append(ViewNode(spec: own, parent: parent, depth: depth))
      index[spec.id] = i
      if let c = spec.controller { controllerView[c] = i }
      // Subviews are visited in order (pushed in reverse), so each is linked in front of those before it.
      if let p = parent { link(i, inFrontOf: p) }
      for sub in spec.subviews.reversed() { stack.append((sub, i, depth + 1)) }
    }
  }

  /// View `v`'s subviews, back-most first (`subviews` order).
  func children(of v: Int) -> [Int] {
    var out: [Int] = []
    var c = nodes[v].firstChild
    while let k = c {
      out.append(k)
      c = nodes[k].nextSibling
    }
    return out
  }

  /// Makes `v` the front-most subview of its superview `p` (`v` is in no sibling list).
  private mutating func link(_ v: Int, inFrontOf p: Int) {
    nodes[v].previousSibling = nodes[p].lastChild
    nodes[v].nextSibling = nil
    if let last = nodes[p].lastChild { nodes[last].nextSibling = v } else { nodes[p].firstChild = v }
    nodes[p].lastChild = v
  }

  /// Makes `v` the back-most subview of its superview `p` (`v` is in no sibling list).
  private mutating func link(_ v: Int, behind p: Int) {
    nodes[v].nextSibling = nodes[p].firstChild
    nodes[v].previousSibling = nil
    if let first = nodes[p].firstChild { nodes[first].previousSibling = v } else { nodes[p].lastChild = v }
    nodes[p].firstChild = v
  }

  /// `bringSubviewToFront` / `sendSubviewToBack` of `v` in its superview (nothing for the root view), in
  /// constant time.
  mutating func move(_ v: Int, toFront: Bool) {
    guard let p = nodes[v].parent else { return }
    let before = nodes[v].previousSibling
    let after = nodes[v].nextSibling
    if let b = before { nodes[b].nextSibling = after } else { nodes[p].firstChild = after }
    if let a = after { nodes[a].previousSibling = before } else { nodes[p].lastChild = before }
    if toFront { link(v, inFrontOf: p) } else { link(v, behind: p) }
  }

  /// `removeFromSuperview` of `v`: it leaves its superview's subviews, with its own subtree (rule C-15). A
  /// view out of the tree has no superview and is never reached from the root.
  mutating func detach(_ v: Int) {
    guard let p = nodes[v].parent else { return }
    let before = nodes[v].previousSibling
    let after = nodes[v].nextSibling
    if let b = before { nodes[b].nextSibling = after } else { nodes[p].firstChild = after }
    if let a = after { nodes[a].previousSibling = before } else { nodes[p].lastChild = before }
    nodes[v].previousSibling = nil
    nodes[v].nextSibling = nil
    nodes[v].parent = nil
  }

  /// `p.addSubview(v)`: `v` (out of the tree, or moved from another superview) becomes `p`'s front-most
  /// subview; the depths inside it follow (rule C-15). `p` must not be `v` or inside it.
  mutating func attach(_ v: Int, to p: Int) {
    detach(v)
    nodes[v].parent = p
    link(v, inFrontOf: p)
    var stack = [(v, nodes[p].depth + 1)]
    while let (k, d) = stack.popLast() {
      nodes[k].depth = d
      var c = nodes[k].firstChild
      while let x = c {
        stack.append((x, d + 1))
        c = nodes[x].nextSibling
      }
    }
  }

  /// Whether `v` is the root view or inside it: in the window.
  func isInWindow(_ v: Int) -> Bool {
    var cur = v
    while let p = nodes[cur].parent { cur = p }
    return cur == 0
  }

  subscript(i: Int) -> ViewNode {
    _read { yield nodes[i] }
    _modify { yield &nodes[i] }
  }

  /// Converts a point from window coordinates into view `i`'s coordinates (nil for a singular transform).
  func convertFromWindow(_ p: Point, to i: Int) -> Point? {
    // From the root down, one view's space at a time (as deep as the hit-test walk goes).
    var q = p
    if let parent = nodes[i].parent {
      guard let r = convertFromWindow(p, to: parent) else { return nil }
      q = r
    }
    return nodes[i].fromSuperview?.apply(q)
  }

  /// Converts a point from view `i`'s coordinates into window coordinates.
  func convertToWindow(_ p: Point, from i: Int) -> Point {
    var q = p
    var v: Int? = i
    while let cur = v {
      q = nodes[cur].toSuperview.apply(q)
      v = nodes[cur].parent
    }
    return q
  }

  /// Whether `a` is `b` or one of `b`'s descendants.
  func isDescendant(_ a: Int, of b: Int) -> Bool {
    var v: Int? = a
    while let cur = v {
      if cur == b { return true }
      v = nodes[cur].parent
    }
    return false
  }

  /// Position in a depth-first (pre-order) walk: used to order recognizers (rule E-6.6).
  var preorder: [Int] {
    var out = [Int](repeating: 0, count: nodes.count)
    var n = 0
    var stack = [0]
    while let v = stack.popLast() {
      out[v] = n
      n += 1
      var c = nodes[v].lastChild
      while let k = c {
        stack.append(k)
        c = nodes[k].previousSibling
      }
    }
    WorkMeter.add(nodes.count)
    return out
  }

  /// The scene tree rebuilt from the live nodes (recognizer specs supplied by the caller).
  func rebuild(recognizers: (Int) -> [RecognizerSpec]) -> ViewSpec {
    // Post-order without recursion: children first.
    var built: [Int: ViewSpec] = [:]
    var stack: [(Int, Bool)] = [(0, false)]
    while let (v, expanded) = stack.popLast() {
      if expanded {
        var s = nodes[v].spec
        s.recognizers = recognizers(v)
        s.subviews = children(of: v).map { built.removeValue(forKey: $0)! }
        built[v] = s
      } else {
        stack.append((v, true))
        for c in children(of: v) { stack.append((c, false)) }
      }
    }
    return built[0]!
  }
}

extension ViewSpec {
  /// The transform from this view's bounds coordinates to its superview's bounds coordinates (rule A-4).
  ///
  /// UIKit's geometry: a point is taken relative to the centre of `bounds` (so `bounds.origin` shifts the
  /// view's own coordinate space), `transform` is applied about that centre, and the result is placed at
  /// `center`, which is in the superview's coordinate space: `p_super = center + T·(p − boundsCentre)`.
  public var toSuperview: AffineTransform {
    let t = transform.affine
    let bc = Point(bounds.minX + bounds.width / 2, bounds.minY + bounds.height / 2)
    let off = t.apply(Point(-bc.x, -bc.y))
    return AffineTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: off.x + center.x, ty: off.y + center.y)
  }
}
