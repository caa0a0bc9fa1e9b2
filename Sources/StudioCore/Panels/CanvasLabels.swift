import Geometry
import Localization
import Raster
import StudioUI
import TouchSim
import TraceKit

/// One label on the device: a text, plain or on a pill, and where the placement put it.
struct CanvasLabel {
  enum Kind: Hashable {
    case touchTag, hitBadge, localPoint, recognizer, ignoredTag, viewID
  }
  var kind: Kind
  var box: Rect
  /// What it shows (shortened when it did not fit) and the whole text.
  var text: String
  var full: String
  var size: Double
  var face: FontFace
  var ink: RGBA
  /// The pill behind the text (nil: plain text), its corner radius and outline.
  var fill: RGBA?
  var radius: Double = 0
  var stroke: Stroke?
  /// A line from the label to what it labels, when it had to be placed away from it.
  var leader: (from: Point, to: Point)?
  var leaderColor: RGBA = Palette.darkText
  /// A recognizer whose action just fired: how strongly its badge flashes (0...1).
  var flash: Double = 0
  /// A disabled recognizer: its badge is struck through.
  var struck = false
  /// Where it may show (its flash is cut to it).
  var region: Rect
  /// The view or recognizer it names (a click selects it; the whole text is its tooltip).
  var owner: String
}

/// Places every label the canvas draws on the device — view ids, the tags of views hit-testing ignores,
/// recognizer badges, the hit-test walk's badges and local points, the touch tags of hit outlines — with a
/// `LabelPlacer`, so that no label covers another or a view's own text (its title, or a value control's
/// face), and every label stays inside what its view's clipping ancestors let show.
///
/// Callers place the most important labels first (touch tags, then the walk, then recognizers, then the
/// views' own labels); what cannot be placed is dropped. Pure: the same input gives the same labels.
struct CanvasLabeler {
  let geometry: CanvasGeometry
  /// Pixels per point of the labels on the device.
  let unit: Double
  /// The part of the device the canvas shows.
  let visible: Rect
  private(set) var placer: LabelPlacer
  private(set) var labels: [CanvasLabel] = []
  /// The views whose ids were placed already (with their walk badges).
  private(set) var named: Set<String> = []
  /// The boxes of the views' own text (what no label may cover), for tests and debugging.
  let textBoxes: [Rect]
  /// By node: what the view draws of its own in its middle, and the rectangle its labels hug.
  private let own: [[Rect]]
  /// Views whose own text was shortened to fit: their visible box and whole text (their tooltip).
  private var shortened: [(box: Rect, text: String)] = []
  private let anchors: [Rect?]
  /// Presenter mode: the free rectangles beside the device. When there are any, every label about a view
  /// but its id (walk badges and points, recognizer badges, tags, touch tags) goes in them, with a leader
  /// line to what it labels, so that nothing covers the device the room is watching.
  let beside: [Rect]
  /// The language of the labels.
  let language: Language

  init(
    geometry: CanvasGeometry, unit: Double, visible: Rect, controls: [String: ControlStatus], beside: [Rect] = [],
    textFloor: Double = 0, language: Language = .english, sight: Sight? = nil
  ) {
    self.language = language
    self.geometry = geometry
    self.unit = unit
    self.visible = visible
    self.beside = beside.filter { $0.width > 0 && $0.height > 0 }
    let sight =
      sight ?? Self.sight(geometry: geometry, unit: unit, visible: visible, controls: controls, textFloor: textFloor)
    own = sight.own
    shortened = sight.shortened
    anchors = sight.anchors
    textBoxes = sight.textBoxes
    let bounds = self.beside.reduce(visible) { CanvasGeometry.union($0, $1) }
    placer = LabelPlacer(obstacles: sight.textBoxes, gap: max(unit, 1), bounds: bounds, cell: 48 * unit)
    removed = FiledBoxes(bounds: bounds, cell: 48 * unit)
    added = FiledBoxes(bounds: bounds, cell: 48 * unit)
  }

  /// What a labeler works out of the views before placing anything, by node: what each view draws of its
  /// own in its middle, and the rectangle its labels hug (nil when nothing of it shows); then the views
  /// whose own text was shortened to fit, and every box of the views' own text that shows.
  struct Sight {
    var own: [[Rect]]
    var anchors: [Rect?]
    var shortened: [(box: Rect, text: String)]
    var textBoxes: [Rect]
  }

  /// This labeler's `Sight`.
  var sight: Sight { Sight(own: own, anchors: anchors, shortened: shortened, textBoxes: textBoxes) }

  /// The `Sight` of `geometry`'s views within `visible`, their text measured at `unit` pixels a point (no
  /// smaller than `textFloor`), the value controls drawn as `controls` says.
  static func sight(
    geometry: CanvasGeometry, unit: Double, visible: Rect, controls: [String: ControlStatus], textFloor: Double
  ) -> Sight {
    var canvas = SceneCanvas(viewport: geometry.viewport, pixelScale: unit)
    canvas.controls = controls
    canvas.textFloor = textFloor
    var sight = Sight(own: [], anchors: [], shortened: [], textBoxes: [])
    sight.own.reserveCapacity(geometry.nodes.count)
    sight.anchors.reserveCapacity(geometry.nodes.count)
    for i in geometry.nodes.indices {
      let region = CanvasGeometry.intersect(geometry.nodes[i].clip, visible)
      // Nothing of a view whose box lies outside what its clipping ancestors let show (a row scrolled out
      // of its list) shows: neither its text nor its labels.
      let inSight = CanvasGeometry.intersect(geometry.nodes[i].box, region)
      guard inSight.width > 0 && inSight.height > 0 else {
        sight.own.append([])
        sight.anchors.append(nil)
        continue
      }
      let node = geometry.nodes[i]
      let (mine, cut) = Self.ownText(node, canvas: canvas)
      if cut, let text = node.spec.text { sight.shortened.append((CanvasGeometry.intersect(node.box, region), text)) }
      sight.own.append(mine)
      sight.anchors.append(Self.anchor(of: node, in: region))
      for b in mine {
        let r = CanvasGeometry.intersect(b, region)
        if r.width > 0 && r.height > 0 { sight.textBoxes.append(r) }
      }
    }
    return sight
  }

  /// The boxes of what a view draws of its own in its middle: its text, or a value control's face.
  static func ownBoxes(_ node: CanvasGeometry.Node, canvas: SceneCanvas) -> [Rect] {
    ownText(node, canvas: canvas).boxes
  }

  /// `ownBoxes`, and whether the view's text had to be shortened to fit.
  static func ownText(_ node: CanvasGeometry.Node, canvas: SceneCanvas) -> (boxes: [Rect], shortened: Bool) {
    let face = node.ghost ? [] : canvas.faceBoxes(of: node.spec, in: node.box, status: canvas.controls[node.spec.id])
    if !face.isEmpty { return (face, false) }
    let around = canvas.shownSubviewBoxes(of: node.spec, node.toWindow)
    guard let t = canvas.textLayout(of: node.spec, box: node.box, quad: node.quad, around: around) else {
      return ([], false)
    }
    let h = TextMetrics.height(size: t.size)
    let boxes = t.lines.map { line in
      let w = TextMetrics.width(line.text, size: t.size, face: t.face)
      return Rect(line.at.x - w / 2, line.at.y - h / 2, w, h)
    }
    return (boxes, t.shortened && !node.ghost)
  }

  // MARK: Where labels of a view may go

  /// Where the labels of `node` may go: what its clipping ancestors let show of the device.
  func region(of node: CanvasGeometry.Node) -> Rect {
    CanvasGeometry.intersect(node.clip, visible)
  }

  /// The rectangle a view's labels hug: the visible part of its box, or for a turned view the upright
  /// rectangle about its centre that fits inside it. Nil when nothing of the view shows.
  func anchor(of node: CanvasGeometry.Node) -> Rect? {
    geometry.index(of: node.spec.id).flatMap { anchors[$0] }
  }

  /// `anchor(of:)` of the node at `index` of the geometry's nodes.
  func anchor(at index: Int) -> Rect? { anchors[index] }

  private static func anchor(of node: CanvasGeometry.Node, in region: Rect) -> Rect? {
    guard node.isVisible else { return nil }
    var r = node.box
    if let quad = node.quad {
      let c = ConvexPolygon.center(quad)
      var k = 0.5
      while k > 0.05 {
        let inner = Rect(c.x - r.width * k / 2, c.y - r.height * k / 2, r.width * k, r.height * k)
        let corners = [
          Point(inner.minX, inner.minY), Point(inner.maxX, inner.minY), Point(inner.maxX, inner.maxY),
          Point(inner.minX, inner.maxY),
        ]
        if corners.allSatisfy({ ConvexPolygon.contains(quad, $0) }) { break }
        k *= 0.8
      }
      r = Rect(c.x - r.width * k / 2, c.y - r.height * k / 2, r.width * k, r.height * k)
    }
    let v = CanvasGeometry.intersect(r, region)
    return v.width > 0 && v.height > 0 ? v : nil
  }

  /// The boxes of what the view draws of its own in its middle (its text, or a control's face).
  func ownTextBoxes(_ node: CanvasGeometry.Node) -> [Rect] {
    geometry.index(of: node.spec.id).map { own[$0] } ?? []
  }

  /// Whether the view draws something of its own in its middle (a text or a control's face).
  func showsOwnText(_ node: CanvasGeometry.Node) -> Bool { !ownTextBoxes(node).isEmpty }

  /// The box of the view's id in its first place (the top-leading corner), when it fits there: inside the
  /// view and clear of its own text.
  func idBox(_ node: CanvasGeometry.Node, anchor: Rect) -> Rect? {
    let u = unit
    let size = Self.textSize(node.spec.id, size: SceneCanvas.idSize(unit: u), face: .mono)
    let box = LabelPlacer.Slot(Point(anchor.minX + 3 * u, anchor.minY + 3 * u), .leading, .top).box(size)
    guard CanvasGeometry.contains(anchor, box) else { return nil }
    return ownTextBoxes(node).contains { CanvasGeometry.overlap($0, box) } ? nil : box
  }

  // MARK: Measures

  /// The box of a plain text.
  static func textSize(_ s: String, size: Double, face: FontFace) -> Size {
    Size(TextMetrics.width(s, size: size, face: face), TextMetrics.height(size: size))
  }

  /// The box of a pill: the text with `pad` on each side, `height` high.
  static func pillSize(_ s: String, size: Double, face: FontFace, pad: Double, height: Double) -> Size {
    Size(TextMetrics.width(s, size: size, face: face) + 2 * pad, height)
  }

  /// A readable ink at `p`: on the front-most view shown there (or the device).
  static func ink(at p: Point, in geometry: CanvasGeometry) -> RGBA {
    for node in geometry.nodes.reversed() {
      let v = node.visible
      guard v.contains(p), node.quad.map({ ConvexPolygon.contains($0, p) }) ?? true else { continue }
      if node.ghost { continue }
      return Palette.text(on: SceneCanvas.fill(of: node.spec).withAlpha(min(max(node.spec.alpha, 0), 1)))
    }
    return Palette.text(on: Palette.device)
  }

  // MARK: Placing

  /// Everything a label's place depends on besides the labeler's state: what `place` was asked.
  struct Request: Equatable {
    var kind: CanvasLabel.Kind
    var text: LabelPlacer.Text
    var size: Double
    var face: FontFace
    /// A pill behind the text: its padding each side and its height.
    var pill: Pill?
    var slots: [LabelPlacer.Slot]
    var shortSlots: [LabelPlacer.Slot]?
    var region: Rect
    var target: Point?
    var reach: Double
    var owner: String
    var view: String?
    var within: Rect?
    var shortWithin: Rect?

    struct Pill: Equatable {
      var pad: Double
      var height: Double
    }
  }

  /// One label asked for and where it went (before its style): its label, or nil when it was dropped, the
  /// boxes it took, and the part of the boxes taken before it that its place depended on
  /// (`LabelPlacer.takeProbe`; nil when none).
  struct Entry {
    var request: Request
    var label: CanvasLabel?
    var taken: [Rect]
    var probe: Rect?
  }

  /// The labels asked for so far, in order, with where they went (`FrameMemo` keeps them for the next frame).
  private(set) var journal: [Entry] = []
  /// The journal of an earlier labeler that started in the same state (the same `FrameMemo.LabelerKey`), or
  /// in a state whose differences `follow(_:gone:come:)` was told. A label asked for as then goes where it
  /// went then, unless a box taken then but not now lies where its place was tried, or one taken now but
  /// not then comes near the place it took: only the labels near a change are placed again.
  var replaying: [Entry] = [] {
    didSet {
      cursor = 0
      byLabel = nil
    }
  }
  /// The next entry of `replaying` to follow.
  private var cursor = 0
  /// The boxes taken at the same point of the journal followed but not by this labeler (`removed`), and
  /// the reverse (`added`).
  private var removed: FiledBoxes
  private var added: FiledBoxes
  /// How many labels went where the journal followed said (for tests).
  private(set) var replayed = 0
  /// How many labels asked for as in the journal followed were placed again, a change lying where their
  /// place was tried (for tests).
  private(set) var replacedNearChange = 0
  /// The entries of `replaying` by what they label, made when a label is not the next one there.
  private var byLabel: [LabelKey: [Int]]?

  /// Places a label and keeps it; nil when it was dropped.
  @discardableResult
  mutating func place(
    _ kind: CanvasLabel.Kind, _ text: LabelPlacer.Text, size: Double, face: FontFace,
    pill: (pad: Double, height: Double)?,
    slots: [LabelPlacer.Slot], shortSlots: [LabelPlacer.Slot]? = nil, region: Rect, target: Point?, reach: Double,
    owner: String, of view: String? = nil, within: Rect? = nil, shortWithin: Rect? = nil,
    style: (inout CanvasLabel) -> Void
  ) -> CanvasLabel? {
    let request = Request(
      kind: kind, text: text, size: size, face: face, pill: pill.map { Request.Pill(pad: $0.pad, height: $0.height) },
      slots: slots,
      shortSlots: shortSlots, region: region, target: target, reach: reach, owner: owner, view: view,
      within: within, shortWithin: shortWithin)
    let old = follow(request)
    // Asked for as before, and nothing changed that could move it: it goes where it went, and it takes
    // what it took.
    if let old, !mayMove(old) {
      journal.append(old)
      replayed += 1
      for box in old.taken { placer.take(box) }
      guard var label = old.label else { return nil }
      finish(&label, style: style)
      return label
    }
    if old != nil { replacedNearChange += 1 }
    let before = placer.taken.count
    _ = placer.takeProbe()
    var label = unstyledPlace(request)
    let entry = Entry(request: request, label: label, taken: Array(placer.taken[before...]), probe: placer.takeProbe())
    journal.append(entry)
    if old?.taken != entry.taken {
      for box in old?.taken ?? [] { removed.insert(box) }
      for box in entry.taken { added.insert(box) }
    }
    guard label != nil else { return nil }
    finish(&label!, style: style)
    return label
  }

  /// Where the views that moved or changed between two labelers' geometries and sights showed (`gone`) and
  /// show (`come`): each such view's visible part, which holds its own text; nil unless both lay out the
  /// same views in the same tree at the same viewport. What another view's label reads of a view is where
  /// it shows (its box, shape, clip and transparency) and its own text: a view the same in these is left
  /// out, whatever else of it changed (a scroll view's offset), and so is a part of which nothing shows (a
  /// row scrolled out of its list has no text and lies on nothing).
  static func changedViews(
    from old: (geometry: CanvasGeometry, sight: Sight), to new: (geometry: CanvasGeometry, sight: Sight)
  ) -> (gone: [Rect], come: [Rect])? {
    let a = old.geometry.nodes
    let b = new.geometry.nodes
    guard old.geometry.viewport == new.geometry.viewport, a.count == b.count, old.sight.own.count == a.count,
      new.sight.own.count == b.count
    else { return nil }
    var gone: [Rect] = []
    var come: [Rect] = []
    for i in a.indices {
      guard a[i].parent == b[i].parent, a[i].spec.id == b[i].spec.id else { return nil }
      if a[i].box == b[i].box && a[i].clip == b[i].clip && a[i].ghost == b[i].ghost && a[i].quad == b[i].quad
        && old.sight.own[i] == new.sight.own[i]
      {
        continue
      }
      let before = a[i].visible
      let after = b[i].visible
      if before.width > 0 && before.height > 0 { gone.append(before) }
      if after.width > 0 && after.height > 0 { come.append(after) }
    }
    return (gone, come)
  }

  /// Follows the journal of a labeler whose geometry differs from this one's only where `changedViews`
  /// says: those rectangles hold everything of the views that moved or changed that a label's place depends
  /// on (their own text, and whether a box lies on them), so they count as boxes taken then (`gone`) and
  /// now (`come`).
  mutating func follow(_ entries: [Entry], gone: [Rect], come: [Rect]) {
    replaying = entries
    for r in gone { removed.insert(r) }
    for r in come { added.insert(r) }
  }

  /// The entry of `replaying` asked for as `request`, at or after the cursor; the entries passed over were
  /// asked for then but not now, so the boxes they took are a change. Nil for a new label.
  private mutating func follow(_ request: Request) -> Entry? {
    var found: Int?
    if cursor < replaying.count && replaying[cursor].request == request {
      found = cursor
    } else {
      if byLabel == nil {
        var index: [LabelKey: [Int]] = [:]
        for (i, e) in replaying.enumerated() { index[LabelKey(e.request), default: []].append(i) }
        byLabel = index
      }
      found = byLabel?[LabelKey(request)]?.first { $0 >= cursor && replaying[$0].request == request }
    }
    guard let j = found else { return nil }
    for skipped in replaying[cursor..<j] {
      for box in skipped.taken { removed.insert(box) }
    }
    cursor = j + 1
    return replaying[j]
  }

  /// What finds a label of `replaying` asked for again (`byLabel`).
  private struct LabelKey: Hashable {
    var kind: CanvasLabel.Kind
    var owner: String
    var text: String
    init(_ r: Request) {
      kind = r.kind
      owner = r.owner
      text = r.text.full
    }
  }

  /// Whether the label of `entry`, asked for again now, could go elsewhere than it went then. The places
  /// it tried before the one it took were taken or outside its region, and stay so while no box taken
  /// then is gone from where they lie (its probe); the place it took stays free while no box taken now
  /// and not then comes near it. A label dropped then stays dropped while nothing is gone.
  private func mayMove(_ entry: Entry) -> Bool {
    if let probe = entry.probe, Self.touches(removed, CanvasGeometry.grow(probe, 1, 1)) { return true }
    let margin = placer.gap + 1
    return entry.taken.contains { Self.touches(added, CanvasGeometry.grow($0, margin, margin)) }
  }

  /// Whether a box of `boxes` overlaps `r` or touches its edge.
  private static func touches(_ boxes: FiledBoxes, _ r: Rect) -> Bool {
    boxes.contains(near: r) { c in c.minX <= r.maxX && r.minX <= c.maxX && c.minY <= r.maxY && r.minY <= c.maxY }
  }

  /// Styles a label placed, and keeps it.
  private mutating func finish(_ label: inout CanvasLabel, style: (inout CanvasLabel) -> Void) {
    style(&label)
    if !beside.isEmpty && label.kind != .viewID {
      label.leaderColor = label.leaderColor.withAlpha(1).mixed(with: RGBA.white, 0.45)
    }
    labels.append(label)
  }

  /// Where the label `r` asks for goes, unstyled; nil when it is dropped.
  private mutating func unstyledPlace(_ r: Request) -> CanvasLabel? {
    let measure: (String) -> Size = { s in
      if let pill = r.pill { return Self.pillSize(s, size: r.size, face: r.face, pad: pill.pad, height: pill.height) }
      return Self.textSize(s, size: r.size, face: r.face)
    }
    let region = r.region
    if !beside.isEmpty && r.kind != .viewID {
      let point = r.target ?? r.slots.first?.point ?? region.mid
      // What it labels, on the part of the device that shows.
      let t = Point(min(max(point.x, region.minX), region.maxX), min(max(point.y, region.minY), region.maxY))
      return placeBeside(r.kind, r.text, measure: measure, size: r.size, face: r.face, target: t, owner: r.owner)
    }
    // A view's label beside it (not inside it) must not lie on another view, or it would seem to name that
    // one.
    let geometry = self.geometry
    let index = r.view.flatMap { geometry.index(of: $0) }
    // A leader ends on the device, even when what it points at is cut away.
    let target = r.target.map { t in
      Point(min(max(t.x, region.minX), region.maxX), min(max(t.y, region.minY), region.maxY))
    }
    guard
      let p = placer.place(
        r.text, measure: measure, slots: r.slots, shortSlots: r.shortSlots, region: region, target: target,
        reach: r.reach,
        accept: { box, shortened in
          (shortened ? r.shortWithin ?? r.within : r.within).map { CanvasGeometry.contains($0, box) } ?? true
            && index.map { geometry.liesOnlyOnKin(box, of: $0) } ?? true
        })
    else { return nil }
    var label = CanvasLabel(
      kind: r.kind, box: p.box, text: p.text, full: r.text.full, size: r.size, face: r.face, ink: Palette.darkText,
      fill: nil, region: region, owner: r.owner)
    label.leader = p.leader
    return label
  }

  /// Places a label in the first of the rectangles `beside` the device (the nearest to `target` first) at
  /// the edge facing the device, as level with `target` as is free, a leader line to `target`.
  private mutating func placeBeside(
    _ kind: CanvasLabel.Kind, _ text: LabelPlacer.Text, measure: (String) -> Size, size: Double, face: FontFace,
    target t: Point, owner: String
  ) -> CanvasLabel? {
    let height = measure(text.full).height
    let step = height + 2 * max(unit, 1)
    let margins = beside.sorted { a, b in
      min(abs(a.minX - t.x), abs(a.maxX - t.x)) < min(abs(b.minX - t.x), abs(b.maxX - t.x))
    }
    for m in margins {
      let onLeft = m.mid.x < t.x
      let x = onLeft ? m.maxX : m.minX
      let rungs = Int(m.height / step) + 1
      var slots: [LabelPlacer.Slot] = []
      for k in 0...rungs {
        for sign in k == 0 ? [0.0] : [-1.0, 1.0] {
          let y = min(max(t.y + sign * Double(k) * step, m.minY + height / 2), m.maxY - height / 2)
          slots.append(LabelPlacer.Slot(Point(x, y), onLeft ? .trailing : .leading, .middle))
        }
      }
      guard let p = placer.place(text, measure: measure, slots: slots, region: m) else { continue }
      var label = CanvasLabel(
        kind: kind, box: p.box, text: p.text, full: text.full, size: size, face: face, ink: Palette.darkText,
        fill: nil, region: m, owner: owner)
      label.leader = (Point(onLeft ? p.box.maxX : p.box.minX, p.box.mid.y), t)
      return label
    }
    return nil
  }

  /// What `placeViewLabels` added to a labeler: its labels, the boxes they took, the views they named.
  struct ViewLabels {
    var labels: [CanvasLabel]
    var taken: [Rect]
    var named: Set<String>
    /// Their entries in the journal.
    var entries: [Entry]
  }

  /// The labels of the views themselves, for every view that shows: the tags saying why hit-testing
  /// ignores a view, then the ids. Returns what it added.
  @discardableResult
  mutating func placeViewLabels() -> ViewLabels {
    let labelsBefore = labels.count
    let takenBefore = placer.taken.count
    let namedBefore = named
    let entriesBefore = journal.count
    placeTagsAndIDs()
    return ViewLabels(
      labels: Array(labels[labelsBefore...]), taken: Array(placer.taken[takenBefore...]),
      named: named.subtracting(namedBefore), entries: Array(journal[entriesBefore...]))
  }

  /// Adds what `placeViewLabels` added to a labeler that came to it in the same state as this one (the
  /// same geometry and measures, the same boxes taken and views named so far): the same labels, and their
  /// entries in the journal.
  mutating func add(_ placed: ViewLabels) {
    labels += placed.labels
    for box in placed.taken { placer.take(box) }
    named.formUnion(placed.named)
    journal += placed.entries
  }

  private mutating func placeTagsAndIDs() {
    let u = unit
    for i in geometry.nodes.indices {
      guard let anchor = anchors[i] else { continue }
      let node = geometry.nodes[i]
      let tags =
        SceneCanvas.tags(of: node.spec, language).map { ($0, Palette.tagFill) }
        + (node.spec.passThrough ? [(language("pass-through", "穿透"), Palette.passThroughTag)] : [])
      let size = SceneCanvas.tagSize(unit: u)
      // A view showing its own text is named by it: its tags only go inside it, where there is room.
      let ownText = !own[i].isEmpty
      var previous: Rect?
      for (tag, fill) in tags {
        var slots =
          ownText
          ? LabelPlacer.Slot.inside(anchor, pad: 2 * u) : LabelPlacer.Slot.around(anchor, pad: 2 * u, gap: 2 * u)
        slots.insert(LabelPlacer.Slot(Point(anchor.minX + 2 * u, anchor.maxY - 2 * u), .leading, .bottom), at: 0)
        if let previous {
          slots.insert(LabelPlacer.Slot(Point(previous.maxX + 3 * u, previous.minY), .leading, .top), at: 0)
        }
        let h = size * 1.45
        let placed = place(
          .ignoredTag, LabelPlacer.Text(tag), size: size, face: .regular, pill: (4 * u, h), slots: slots,
          region: region(of: node), target: ownText ? nil : Point(anchor.minX, anchor.maxY), reach: 40 * u,
          owner: node.spec.id, of: node.spec.id, within: ownText ? anchor : nil
        ) { label in
          label.fill = fill
          label.radius = h / 2
          label.ink = Palette.lightText
          label.leaderColor = Palette.tagFill
        }
        previous = placed?.box ?? previous
      }
    }
    for i in geometry.nodes.indices {
      guard let anchor = anchors[i] else { continue }
      let node = geometry.nodes[i]
      guard !named.contains(node.spec.id) else { continue }
      let ownText = !own[i].isEmpty
      // A view showing its own text is named by it: its id only goes inside it, where there is room.
      let slots =
        ownText
        ? LabelPlacer.Slot.inside(anchor, pad: 3 * u) : LabelPlacer.Slot.around(anchor, pad: 3 * u, gap: 2 * u)
      // Shortened, it only goes inside the view (a cut id away from its view would name nothing clearly), so
      // not at all in a view too small for its first three letters.
      let idSize = SceneCanvas.idSize(unit: u)
      let least = Self.textSize(String(node.spec.id.prefix(3)) + "…", size: idSize, face: .mono)
      let roomy = anchor.width >= least.width + 6 * u && anchor.height >= least.height + 6 * u
      placeID(
        node, anchor: anchor, LabelPlacer.Text(node.spec.id, keep: ownText || !roomy ? nil : 3), slots: slots,
        shortSlots: LabelPlacer.Slot.inside(anchor, pad: 3 * u), within: ownText ? anchor : nil,
        target: ownText ? nil : Point(anchor.minX, anchor.minY))
    }
  }

  /// Places the id of `node` in its first place (`idBox`) now, if that is free; its box, or nil.
  mutating func placeID(of node: CanvasGeometry.Node, anchor: Rect) -> Rect? {
    guard !named.contains(node.spec.id), let box = idBox(node, anchor: anchor) else { return nil }
    let slot = LabelPlacer.Slot(box.origin, .leading, .top)
    return placeID(
      node, anchor: anchor, LabelPlacer.Text(node.spec.id), slots: [slot], shortSlots: nil, within: anchor,
      target: nil)?.box
  }

  @discardableResult
  private mutating func placeID(
    _ node: CanvasGeometry.Node, anchor: Rect, _ text: LabelPlacer.Text, slots: [LabelPlacer.Slot],
    shortSlots: [LabelPlacer.Slot]?, within: Rect?, target: Point?
  ) -> CanvasLabel? {
    let geometry = self.geometry
    let own = Palette.text(on: SceneCanvas.fill(of: node.spec))
    let placed = place(
      .viewID, text, size: SceneCanvas.idSize(unit: unit), face: .mono, pill: nil, slots: slots,
      shortSlots: shortSlots, region: region(of: node), target: target, reach: 30 * unit, owner: node.spec.id,
      of: node.spec.id, within: within, shortWithin: anchor
    ) { label in
      let inside = node.quad == nil && CanvasGeometry.contains(anchor, label.box)
      label.ink = node.ghost ? Palette.ghost : (inside ? own : Self.ink(at: label.box.mid, in: geometry))
      label.leaderColor = Palette.ghost
    }
    if placed != nil { named.insert(node.spec.id) }
    return placed
  }

  // MARK: Drawing

  /// The labels' draw commands: leader lines first, then each label.
  func commands() -> [DrawCommand] {
    var out: [DrawCommand] = []
    for l in labels {
      guard let leader = l.leader else { continue }
      out.append(.line(from: leader.from, to: leader.to, stroke: Stroke(l.leaderColor.withAlpha(0.8), width: unit)))
      out.append(.circle(center: leader.to, radius: 1.5 * unit, fill: l.leaderColor.withAlpha(0.8), stroke: nil))
    }
    // A badge's flash spreads around it: under every label, cut to where the badge may show.
    for l in labels where l.flash > 0 {
      out.append(.clip(l.region))
      out.append(
        .roundedRect(
          CanvasGeometry.grow(l.box, 3 * unit, 3 * unit), radius: l.radius + 3 * unit,
          fill: Palette.actionFlash.withAlpha(0.55 * l.flash),
          stroke: Stroke(Palette.actionFlash.withAlpha(l.flash), width: 2 * unit)))
      out.append(.unclip)
    }
    for l in labels {
      if let fill = l.fill {
        out.append(
          l.radius > 0
            ? .roundedRect(l.box, radius: l.radius, fill: fill, stroke: l.stroke)
            : .rect(l.box, fill: fill, stroke: l.stroke))
      }
      out.append(
        .text(l.text, at: l.box.mid, style: TextStyle(size: l.size, color: l.ink, face: l.face, anchor: .center)))
      if l.struck {
        out.append(
          .line(
            from: Point(l.box.minX + 4 * unit, l.box.mid.y), to: Point(l.box.maxX - 4 * unit, l.box.mid.y),
            stroke: Stroke(Palette.ghost, width: unit)))
      }
    }
    return out
  }

  /// A tooltip with the whole text over every label that had to be shortened (clicking selects what it
  /// names).
  func regions() -> [HitRegion] {
    // A view's own text shortened to fit: its whole text is the view's tooltip (a press there is still a
    // touch: the device's presses never go to regions).
    shortened.map { HitRegion(rect: $0.box, action: .tipOnly, tip: $0.text) }
      + labels.filter { $0.text != $0.full }.map { HitRegion(rect: $0.box, action: .select($0.owner), tip: $0.full) }
  }
}
