/// The live view hierarchy: the scene's views flattened into an array with parent links.
///
/// A view's geometry follows UIKit: `center` in the superview's bounds coordinates, `bounds` (its
/// origin shifts the view's own space; a scroll view's `contentOffset` is its bounds origin) and a
/// `transform` applied around the centre.
struct ViewNode {
  /// The view's properties; `subviews` and `recognizers` are emptied (see `children`, `recognizers`).
  var spec: ViewSpec
  var parent: Int?
  var children: [Int]
  var depth: Int
  /// Indices into the engine's recognizers, in `gestureRecognizers` order (a scroll view's pan first).
  var recognizers: [Int] = []

  var id: String { spec.id }
  var isControl: Bool { spec.kind.isControl }
  var isScroll: Bool { spec.kind == .scroll }
}

struct ViewTree {
  var nodes: [ViewNode] = []
  var index: [String: Int] = [:]

  init(root: ViewSpec) {
    // Iterative flattening: scene trees may be deep; no recursion on input.
    var stack: [(spec: ViewSpec, parent: Int?, depth: Int)] = [(root, nil, 0)]
    var pendingChildren: [Int: [Int]] = [:]
    var order: [Int] = []
    while let (spec, parent, depth) = stack.popLast() {
      var own = spec
      own.subviews = []
      own.recognizers = []
      let i = nodes.count
      nodes.append(ViewNode(spec: own, parent: parent, children: [], depth: depth))
      index[spec.id] = i
      order.append(i)
      if let p = parent { pendingChildren[p, default: []].append(i) }
      for sub in spec.subviews.reversed() { stack.append((sub, i, depth + 1)) }
    }
    for (p, kids) in pendingChildren { nodes[p].children = kids }
  }

  subscript(i: Int) -> ViewNode {
    get { nodes[i] }
    set { nodes[i] = newValue }
  }

  /// The transform from the view's own coordinates to its superview's (rule A-4 conversions).
  func toSuperview(_ i: Int) -> AffineTransform {
    let s = nodes[i].spec
    let t = s.transform.affine
    let b = s.bounds
    // p_super = center + T·(p - boundsCentre)
    let bc = Point(b.minX + b.width / 2, b.minY + b.height / 2)
    let off = t.apply(Point(-bc.x, -bc.y))
    return AffineTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: off.x + s.center.x, ty: off.y + s.center.y)
  }

  /// Converts a point from the superview's coordinates into view `i`'s own coordinates.
  func fromSuperview(_ p: Point, into i: Int) -> Point? {
    toSuperview(i).inverted?.apply(p)
  }

  /// Converts a point from window coordinates into view `i`'s coordinates (nil for a singular transform).
  func convertFromWindow(_ p: Point, to i: Int) -> Point? {
    var q = p
    for v in ancestry(i).reversed() {
      guard let r = fromSuperview(q, into: v) else { return nil }
      q = r
    }
    return q
  }

  /// Converts a point from view `i`'s coordinates into window coordinates.
  func convertToWindow(_ p: Point, from i: Int) -> Point {
    var q = p
    var v: Int? = i
    while let cur = v {
      q = toSuperview(cur).apply(q)
      v = nodes[cur].parent
    }
    return q
  }

  /// `i`, its superview, ..., the root.
  func ancestry(_ i: Int) -> [Int] {
    var out: [Int] = []
    var v: Int? = i
    while let cur = v {
      out.append(cur)
      v = nodes[cur].parent
    }
    return out
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
      stack.append(contentsOf: nodes[v].children.reversed())
    }
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
        s.subviews = nodes[v].children.map { built.removeValue(forKey: $0)! }
        built[v] = s
      } else {
        stack.append((v, true))
        for c in nodes[v].children { stack.append((c, false)) }
      }
    }
    return built[0]!
  }
}
