import Geometry
import Raster
import TouchSim

/// Where every view of a scene lands on the canvas: the shared geometry of the canvas's layers.
///
/// The view tree is drawn by `SceneCanvas`; the layers on top of it (recognizer badges, the hit-test walk,
/// hit outlines) need the same placement by id: each view's transform to window coordinates, its
/// bounding box in pixels, the clip its clipping ancestors impose, and its place in the tree.
struct CanvasGeometry {
  /// One laid-out view.
  struct Node {
    /// The view (held by reference: the panels walk a thousand nodes several times a frame, and copying
    /// a node must not copy every field of its view).
    var spec: ViewSpec { _read { yield held.spec } }
    fileprivate let held: Held
    /// Which copy of the view the node holds (tests check that a later layout kept it).
    var heldIdentity: ObjectIdentifier { ObjectIdentifier(held) }
    fileprivate final class Held {
      let spec: ViewSpec
      /// The view has recognizers, built-in ones (a scroll view) or ones taken away: it may show badges
      /// (worked out once, with the copy: the badges ask it of every node each frame).
      let mayHaveBadges: Bool
      init(_ spec: ViewSpec) {
        self.spec = spec
        mayHaveBadges = !spec.recognizers.isEmpty || spec.kind == .scroll || !spec.recognizersTakenAway.isEmpty
      }
    }
    /// Index of the superview in `nodes`, nil for the root.
    var parent: Int?
    /// Indices of the subviews, back to front.
    var children: [Int] = []
    /// From the view's bounds coordinates to window coordinates.
    var toWindow: AffineTransform
    /// Bounding box of the view's bounds, in pixels.
    var box: Rect
    /// The view's corners in pixels (clockwise from its bounds' top left) when its transform, or an
    /// ancestor's, turns or skews it; nil when `box` is its shape.
    var quad: [Point]?
    /// What the view's clipping ancestors (and the device) let show, in pixels.
    var clip: Rect
    /// Hidden or fully transparent, itself or through an ancestor.
    var ghost: Bool
    /// Whether the view may show recognizer badges.
    var mayHaveBadges: Bool { held.mayHaveBadges }
    /// What the node was laid out from besides its view: its superview's transform to the window and
    /// whether an ancestor is a ghost (with `clip` and `parent`, what a later layout compares to keep it).
    fileprivate var fromParent = AffineTransform.identity
    fileprivate var ghostAbove = false
    /// The index after its last descendant in `nodes` (its subtree is `index ..< end`).
    fileprivate var end = 0

    /// The part of `box` its clipping ancestors (and the device) let show; zero-sized when none does.
    var visible: Rect { CanvasGeometry.intersect(box, clip) }
    /// Whether any of it shows.
    var isVisible: Bool {
      let v = visible
      return v.width > 0 && v.height > 0 && (quad.map { !ConvexPolygon.clipped($0, to: clip).isEmpty } ?? true)
    }
    /// The view's shape in pixels: its quadrilateral, or its box as four corners.
    var corners: [Point] {
      quad ?? [
        Point(box.minX, box.minY), Point(box.maxX, box.minY), Point(box.maxX, box.maxY), Point(box.minX, box.maxY),
      ]
    }
  }

  let viewport: Viewport
  private(set) var nodes: [Node] = []
  private var byID: [String: Int] = [:]
  /// The views that show (not ghosts), filed by where their visible parts lie.
  private var shown: BoxGrid

  /// The layout of `scene`. With `previous` (an earlier layout at the same viewport, such as the frame
  /// before's), what is laid out as it was is taken from it: a subtree whose view, place, clip and ghost
  /// ancestors are the same is kept whole, and a view that is the same keeps its node's copy of the view
  /// (when a list scrolls, everything outside it is kept and its rows are moved, not copied again). The
  /// result is the layout made without it.
  init(scene: Scene, viewport: Viewport, reusing previous: CanvasGeometry? = nil) {
    self.viewport = viewport
    let device = viewport.toPixels(Rect(origin: .zero, size: scene.window))
    shown = BoxGrid(bounds: device, cell: 48)
    let old = previous.flatMap { $0.viewport == viewport ? $0.nodes : nil } ?? []
    nodes.reserveCapacity(old.count)
    var idsAsBefore = true
    add(
      scene.root, parent: nil, parentToWindow: .identity, clip: device, ghost: false, old: old, known: false,
      idsAsBefore: &idsAsBefore)
    // The same views at the same indices (a scroll): the same index by id, shared, not hashed again.
    if let previous, !old.isEmpty, idsAsBefore, nodes.count == old.count {
      byID = previous.byID
    } else {
      byID.reserveCapacity(nodes.count)
      for i in nodes.indices where byID[nodes[i].spec.id] == nil { byID[nodes[i].spec.id] = i }
    }
    for (i, node) in nodes.enumerated() where !node.ghost {
      let v = node.visible
      if v.width > 0 && v.height > 0 { shown.insert(v, as: i) }
    }
  }

  /// Whether `r` lies on nothing but view `index`, its ancestors and its descendants (the views that show):
  /// a label there cannot be taken for another view's.
  func liesOnlyOnKin(_ r: Rect, of index: Int) -> Bool {
    !shown.contains(near: r) { j in
      j != index && CanvasGeometry.overlap(nodes[j].visible, r) && !isAncestor(j, of: index)
        && !isAncestor(index, of: j)
    }
  }

  /// Whether node `a` is an ancestor of node `b`.
  func isAncestor(_ a: Int, of b: Int) -> Bool {
    var p = nodes[b].parent
    while let i = p {
      if i == a { return true }
      p = nodes[i].parent
    }
    return false
  }

  /// `idsAsBefore` is cleared when a view's id is not the one its index held before. `known`: the view is
  /// the one laid out at this index before (its superview was, or its superview's subviews are the very
  /// array they were), so it is not compared again. A scroll changes the list's bounds, not its rows: they
  /// are then known without comparing each row's forty fields.
  private mutating func add(
    _ view: ViewSpec, parent: Int?, parentToWindow: AffineTransform, clip: Rect, ghost: Bool, old: [Node],
    known: Bool, idsAsBefore: inout Bool
  ) {
    let index = nodes.count
    // The node laid out at this index before, read in place (a copy of a node retains what it holds).
    let same = known || (index < old.count && old[index].held.spec.id == view.id)
    if !same { idsAsBefore = false }
    let sameView = same && (known || old[index].held.spec == view)
    if sameView, old[index].parent == parent, old[index].clip == clip, old[index].ghostAbove == ghost,
      old[index].fromParent == parentToWindow
    {
      // The whole subtree lies where it lay: its nodes are the same, at the same indices.
      nodes.append(contentsOf: old[index..<old[index].end])
      if let parent { nodes[parent].children.append(index) }
      return
    }
    let toWindow = view.toSuperview.followed(by: parentToWindow)
    let (box, quad) = SceneCanvas.placed(view.bounds, through: toWindow, viewport: viewport)
    let isGhost = ghost || view.hidden || view.alpha < 0.01
    // The view whole, its subviews with it (shared with the scene, not copied): where its own text is drawn
    // depends on the subviews over it (`SceneCanvas.shownSubviewBoxes`). The same view keeps its copy.
    let held = sameView ? old[index].held : Node.Held(view)
    var node = Node(
      held: held, parent: parent, toWindow: toWindow, box: box, quad: quad, clip: clip, ghost: isGhost)
    node.fromParent = parentToWindow
    node.ghostAbove = ghost
    nodes.append(node)
    if let parent { nodes[parent].children.append(index) }
    let clipsSubviews = view.clipsToBounds || view.kind == .scroll
    let inner = clipsSubviews ? Self.intersect(clip, box) : clip
    // The subviews are those laid out before when they are the same array (shared, not copied).
    let subviewsKnown = sameView || (same && Self.sameStorage(old[index].held.spec.subviews, view.subviews))
    // Each subview read in place (a `for … in` over the array copies every view it passes, and a view
    // holds some forty fields).
    view.subviews.withUnsafeBufferPointer { subs in
      for i in subs.indices {
        add(
          subs[i], parent: index, parentToWindow: toWindow, clip: inner, ghost: isGhost, old: old,
          known: subviewsKnown, idsAsBefore: &idsAsBefore)
      }
    }
    nodes[index].end = nodes.count
  }

  /// Whether two arrays of views are one array: the same storage, so the same views (an array's storage
  /// is never changed while it is shared).
  private static func sameStorage(_ a: [ViewSpec], _ b: [ViewSpec]) -> Bool {
    a.count == b.count
      && a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { pb in pa.baseAddress == pb.baseAddress } }
  }

  /// The node of view `id`.
  subscript(id: String) -> Node? { byID[id].map { nodes[$0] } }

  /// The index of view `id` in `nodes`.
  func index(of id: String) -> Int? { byID[id] }

  /// Every view below `id` (not `id` itself), depth first.
  func descendants(of id: String) -> [Node] {
    guard let start = byID[id] else { return [] }
    var out: [Node] = []
    var stack = nodes[start].children.reversed() as [Int]
    while let i = stack.popLast() {
      out.append(nodes[i])
      stack += nodes[i].children.reversed()
    }
    return out
  }

  /// A point in the coordinates of view `id`, in pixels.
  func pixel(_ p: Point, inViewOf id: String) -> Point? {
    self[id].map { viewport.toPixels($0.toWindow.apply(p)) }
  }
}

extension CanvasGeometry {
  /// The overlap of two rectangles (zero-sized at the nearest corner when they do not overlap).
  static func intersect(_ a: Rect, _ b: Rect) -> Rect {
    let x0 = max(a.minX, b.minX)
    let y0 = max(a.minY, b.minY)
    let x1 = max(min(a.maxX, b.maxX), x0)
    let y1 = max(min(a.maxY, b.maxY), y0)
    return Rect(x0, y0, x1 - x0, y1 - y0)
  }

  /// The smallest rectangle holding both.
  static func union(_ a: Rect, _ b: Rect) -> Rect {
    let x0 = min(a.minX, b.minX)
    let y0 = min(a.minY, b.minY)
    return Rect(x0, y0, max(a.maxX, b.maxX) - x0, max(a.maxY, b.maxY) - y0)
  }

  /// Whether `inner` lies within `outer` (to a thousandth of a pixel).
  static func contains(_ outer: Rect, _ inner: Rect) -> Bool {
    let e = 0.001
    return inner.minX >= outer.minX - e && inner.minY >= outer.minY - e && inner.maxX <= outer.maxX + e
      && inner.maxY <= outer.maxY + e
  }

  /// Whether two rectangles overlap with a positive area.
  static func overlap(_ a: Rect, _ b: Rect) -> Bool {
    a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
  }

  /// `r` grown by `dx` horizontally and `dy` vertically on each side.
  static func grow(_ r: Rect, _ dx: Double, _ dy: Double) -> Rect {
    Rect(r.minX - dx, r.minY - dy, r.width + 2 * dx, r.height + 2 * dy)
  }
}
