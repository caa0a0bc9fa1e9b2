import Geometry
import Localization
import Raster
import StudioUI
import TouchSim
import TraceKit

/// The hit-test walk on the canvas, as far as the playhead has shown it.
///
/// Each visited view gets a badge with its visit number and ✓ inside / ✗ outside / ⊘ skipped; the reason
/// is written out, in a list beside the device when there is room (a leader line to each badge), on the
/// badge otherwise. Beside the badge of the hit view and of each view the point was outside of, the point
/// in that view's own coordinates, as the trace gives it ("at (12, 40) in stamp"). The subtrees the walk
/// never entered are greyed; the view being visited is outlined with a dot at the probed point; the hit
/// view is outlined thickly in its touch's colour. Outlines and washes are cut to what the view's clipping
/// ancestors let show; a hit view scrolled out of sight gets an arrow at the clip's edge instead. Badges
/// hold for `hold` ms of playhead time after the touch-down, then fade; the hit outline stays while the
/// touch is down. Labels are placed by `CanvasLabeler`.
enum CanvasWalk {
  static let hold: Double = 1500
  static let fade: Double = 600

  enum Outcome {
    case inside, outside, skipped
  }

  /// The glyph, reason and outcome of a visit: an overriding hitTest (rule A-12) names what it returned
  /// (short: the list beside the device is narrow; the narration cites the rule).
  static func describe(_ visit: HitTestVisit, _ lang: Language) -> (glyph: String, reason: String, outcome: Outcome) {
    guard visit.result == .override else { return describe(visit.result, lang) }
    guard let returned = visit.returned else {
      return ("↪", lang("hitTest override → nil", "重写的 hitTest → nil"), .skipped)
    }
    return ("↪", lang("hitTest override → \(returned)", "重写的 hitTest → \(returned)"), .inside)
  }

  /// The glyph, the reason written out, and the outcome of a visit's result.
  static func describe(_ result: TraceEvent.HitResult, _ lang: Language) -> (
    glyph: String, reason: String, outcome: Outcome
  ) {
    switch result {
    case .inside: return ("✓", lang("inside", "在内"), .inside)
    case .outside: return ("✗", lang("point outside bounds", "点在 bounds 之外"), .outside)
    case .hidden: return ("⊘", lang("hidden", "isHidden = YES"), .skipped)
    case .alpha: return ("⊘", "alpha < 0.01", .skipped)
    case .noInteraction: return ("⊘", "userInteractionEnabled = NO", .skipped)
    case .disabled: return ("⊘", lang("disabled control", "控件已禁用"), .skipped)
    case .passThrough: return ("⊘", lang("hitTest → nil (pass-through)", "hitTest → nil（穿透）"), .skipped)
    case .override: return ("↪", lang("hitTest override", "重写的 hitTest"), .inside)
    }
  }

  static func color(_ outcome: Outcome, theme: Theme) -> RGBA {
    switch outcome {
    case .inside: return theme.good
    case .outside: return theme.bad
    case .skipped: return Palette.skippedBadge
    }
  }

  /// How visible the badges are (1 → 0) at the playhead.
  static func badgeAlpha(_ walk: HitTestWalk, playheadTime: Double) -> Double {
    let age = playheadTime - walk.time
    if age <= hold { return 1 }
    return max(0, 1 - (age - hold) / fade)
  }

  /// The walk's shapes under the labels: greyed subtrees, the probe, hit outlines.
  static func overlays(
    _ ctx: PanelContext, geometry: CanvasGeometry, outlines: [HitOutline], visible: Rect
  ) -> [DrawCommand] {
    var out: [DrawCommand] = []
    let unit = ctx.theme.unit
    if let walk = ctx.shownWalk, !walk.visits.isEmpty {
      let alpha = badgeAlpha(walk, playheadTime: ctx.playheadTime)
      if alpha > 0 { out += pruned(walk, geometry: geometry, alpha: alpha, visible: visible) }
      if !walk.isComplete, let probe = walk.visits.last, let node = geometry[probe.view] {
        let clip = CanvasGeometry.intersect(node.clip, visible)
        if let ring = outline(node, grow: unit, width: 3 * unit, within: clip) {
          out.append(ring.shape(Stroke(Palette.probe, width: 3 * unit)))
        }
        if let p = geometry.pixel(probe.at, inViewOf: probe.view) {
          out.append(
            .circle(center: p, radius: 5 * unit, fill: Palette.probe, stroke: Stroke(RGBA.white, width: 1.5 * unit)))
        }
      }
    }
    for o in outlines { out += o.commands }
    return out
  }

  /// The outline of `node` grown by `grow` pixels and cut to `clip` (a rectangle, or for a turned view its
  /// quadrilateral), as a function of the stroke (drawn inside the edge, so around the view), and its box;
  /// nil when nothing of the view shows.
  static func outline(_ node: CanvasGeometry.Node, grow: Double, width: Double, within clip: Rect)
    -> (shape: (Stroke) -> DrawCommand, box: Rect, corners: [Point]?)?
  {
    if let quad = node.quad {
      guard let grown = ConvexPolygon.offset(quad, by: grow) else { return nil }
      let cut = ConvexPolygon.clipped(grown, to: clip)
      guard !cut.isEmpty, !ConvexPolygon.clipped(quad, to: clip).isEmpty else { return nil }
      return ({ .polygon(cut, fill: nil, stroke: $0) }, ConvexPolygon.boundingBox(cut), cut)
    }
    let visible = CanvasGeometry.intersect(node.box, clip)
    guard visible.width > 0, visible.height > 0 else { return nil }
    let r = CanvasGeometry.intersect(CanvasGeometry.grow(node.box, grow, grow), clip)
    return ({ .rect(r, fill: nil, stroke: $0) }, r, nil)
  }

  /// Grey washes over the views the walk never visited because an ancestor was outside or skipped.
  private static func pruned(_ walk: HitTestWalk, geometry: CanvasGeometry, alpha: Double, visible: Rect)
    -> [DrawCommand]
  {
    var out: [DrawCommand] = []
    func covered(_ r: Rect, by w: Rect) -> Bool {
      w.minX <= r.minX && w.minY <= r.minY && w.maxX >= r.maxX && w.maxY >= r.maxY
    }
    for visit in walk.visits {
      let outcome = describe(visit, .english).outcome
      guard outcome != .inside, visit.result != .passThrough else { continue }
      // Washes already drawn for this subtree; a descendant inside one of the last few needs none.
      // (Comparing with a few recent washes, not all, keeps large scenes linear.)
      var washed: [Rect] = []
      for d in geometry.descendants(of: visit.view) {
        let clip = CanvasGeometry.intersect(d.clip, visible)
        if let quad = d.quad {
          // A turned view: its quadrilateral, cut to what shows.
          let cut = ConvexPolygon.clipped(quad, to: clip)
          if !cut.isEmpty { out.append(.polygon(cut, fill: Palette.prunedWash.withAlpha(0.75 * alpha), stroke: nil)) }
          continue
        }
        let r = CanvasGeometry.intersect(d.box, clip)
        guard r.width > 0, r.height > 0 else { continue }
        if washed.suffix(8).contains(where: { covered(r, by: $0) }) || washed.first.map({ covered(r, by: $0) }) == true
        {
          continue
        }
        washed.append(r)
        out.append(.rect(r, fill: Palette.prunedWash.withAlpha(0.75 * alpha), stroke: nil))
      }
    }
    return out
  }

  /// A visit as one line of the list: number, glyph, view, reason.
  static func line(_ number: Int, _ visit: HitTestVisit, _ lang: Language) -> String {
    let d = describe(visit, lang)
    return "\(number) \(d.glyph) \(visit.view): \(d.reason)"
  }

  /// Where the walk's list goes, if there is room beside the device for it.
  static func listSide(canvas: Rect, device: Rect, unit: Double) -> (listed: Bool, onRight: Bool) {
    let right = canvas.maxX - device.maxX
    let left = device.minX - canvas.minX
    let room = max(right, left) - 24 * unit
    return (room >= 150 * unit, right + 40 * unit >= left)
  }

  /// A point in a view's own coordinates, as the walk's badges show it.
  static func pointText(_ p: Point, _ lang: Language = .english) -> String {
    func n(_ v: Double) -> String {
      let r = (v * 10).rounded() / 10
      return JSONNumber.format(r == 0 ? 0 : r)
    }
    return lang("at (\(n(p.x)), \(n(p.y)))", "(\(n(p.x)), \(n(p.y)))")
  }

  /// The walk's labels on the device: a badge per visited view that shows (in visit order), and the local
  /// point beside the badges of the hit view and of the views the point was outside of. Placed in two
  /// rounds (the hit view's first, the rest after the recognizer badges), so `anchors` fills up as they go.
  struct Labels {
    let alpha: Double
    let listed: Bool
    let onRight: Bool
    /// The visited views in visit order, one each (a pass-through view is visited twice: both numbers on
    /// one badge), and the hit view among them.
    let order: [String]
    let hit: String?
    private let numbers: [String: [Int]]
    private let lastVisit: [String: HitTestVisit]
    private let theme: Theme
    /// Where each badge went, and where the list's leader to it ends.
    private(set) var badges: [String: Rect] = [:]
    private(set) var anchors: [String: Point] = [:]

    /// The walk at the playhead, nil when there is none or its badges have faded.
    init?(_ ctx: PanelContext, canvas: Rect, device: Rect) {
      guard let walk = ctx.shownWalk, !walk.visits.isEmpty else { return nil }
      alpha = badgeAlpha(walk, playheadTime: ctx.playheadTime)
      guard alpha > 0 else { return nil }
      theme = ctx.theme
      (listed, onRight) = listSide(canvas: canvas, device: device, unit: ctx.theme.unit)
      var order: [String] = []
      var numbers: [String: [Int]] = [:]
      var lastVisit: [String: HitTestVisit] = [:]
      for (i, visit) in walk.visits.enumerated() {
        if numbers[visit.view] == nil { order.append(visit.view) }
        numbers[visit.view, default: []].append(i + 1)
        lastVisit[visit.view] = visit
      }
      self.order = order
      self.numbers = numbers
      self.lastVisit = lastVisit
      hit = walk.hitView.flatMap { $0 }
    }

    /// The views whose badges come first: the hit view.
    var first: [String] { order.filter { $0 == hit } }
    /// The others, in visit order.
    var rest: [String] { order.filter { $0 != hit } }

    /// Places the badges of `ids`, then the local points beside those that show one.
    mutating func place(_ ids: [String], geometry: CanvasGeometry, labeler: inout CanvasLabeler) {
      for id in ids { placeBadge(id, geometry: geometry, labeler: &labeler) }
      for id in ids { placePoint(id, geometry: geometry, labeler: &labeler) }
    }

    private mutating func placeBadge(_ id: String, geometry: CanvasGeometry, labeler: inout CanvasLabeler) {
      guard let node = geometry[id], let visit = lastVisit[id], let anchor = labeler.anchor(of: node) else { return }
      if listed && !labeler.beside.isEmpty {
        // Presenter mode with the list beside the device: the list is the legend, its leader ends on the view.
        badges[id] = anchor
        anchors[id] = Point(anchor.minX, anchor.minY)
        return
      }
      let u = labeler.unit
      let size = 11 * u
      let h = size * 1.55
      let d = describe(visit, theme.language)
      let nums = numbers[id, default: []].map(String.init).joined(separator: "·")
      let text = LabelPlacer.Text(head: "\(nums) \(d.glyph)", listed ? "" : " " + d.reason, keep: listed ? nil : 0)
      // First just after the view's id, the id placed now in its first place when it is free: "post1 (6 ✓)".
      var slots = LabelPlacer.Slot.around(anchor, pad: u, gap: 2 * u)
      if let idBox = labeler.placeID(of: node, anchor: anchor) {
        slots.insert(LabelPlacer.Slot(Point(idBox.maxX + 3 * u, anchor.minY + u), .leading, .top), at: 0)
      }
      let color = color(d.outcome, theme: theme)
      let alpha = alpha
      guard
        let badge = labeler.place(
          .hitBadge, text, size: size, face: .bold, pill: (4 * u, h), slots: slots, region: labeler.region(of: node),
          target: Point(anchor.minX, anchor.minY), reach: 80 * u, owner: id, of: id,
          style: { label in
            label.fill = color.withAlpha(alpha)
            label.radius = h / 2
            label.stroke = Stroke(RGBA.white.withAlpha(alpha), width: u)
            label.ink = Palette.lightText.withAlpha(alpha)
            label.leaderColor = color.withAlpha(alpha)
          })
      else { return }
      badges[id] = badge.box
      anchors[id] = onRight ? Point(badge.box.maxX, badge.box.mid.y) : Point(badge.box.minX, badge.box.mid.y)
    }

    /// The point that decided, in the view's own coordinates (from the trace), beside its badge: for the hit
    /// view and the views the point was outside of.
    private func placePoint(_ id: String, geometry: CanvasGeometry, labeler: inout CanvasLabeler) {
      guard let visit = lastVisit[id], let b = badges[id], let node = geometry[id],
        visit.result == .outside || (visit.result == .inside && id == hit)
      else { return }
      let u = labeler.unit
      let size = 10 * u
      let g = 2 * u
      let slots = [
        LabelPlacer.Slot(Point(b.maxX + g, b.mid.y), .leading, .middle),
        LabelPlacer.Slot(Point(b.minX, b.maxY + g), .leading, .top),
        LabelPlacer.Slot(Point(b.minX - g, b.mid.y), .trailing, .middle),
        LabelPlacer.Slot(Point(b.minX, b.minY - g), .leading, .bottom),
        LabelPlacer.Slot(Point(b.maxX, b.maxY + g), .trailing, .top),
      ]
      let alpha = alpha
      labeler.place(
        .localPoint,
        LabelPlacer.Text(
          head: pointText(visit.at, theme.language), theme.language(" in \(id)", " 位于 \(id) 内"), keep: 0), size: size,
        face: .regular,
        pill: (3 * u, size * 1.45), slots: slots, region: labeler.region(of: node), target: b.mid, reach: 60 * u,
        owner: id
      ) { label in
        label.fill = Palette.tagFill.withAlpha(alpha)
        label.radius = 3 * u
        label.ink = Palette.lightText.withAlpha(alpha)
        label.leaderColor = Palette.tagFill.withAlpha(alpha)
      }
    }
  }

  /// The list of the walk's visits beside the device (when there is room), a leader line from each line
  /// to its view's badge.
  static func list(
    _ ctx: PanelContext, canvas: Rect, device: Rect, anchors: [String: Point]
  ) -> [DrawCommand] {
    guard let walk = ctx.shownWalk, !walk.visits.isEmpty else { return [] }
    let alpha = badgeAlpha(walk, playheadTime: ctx.playheadTime)
    guard alpha > 0 else { return [] }
    let theme = ctx.theme
    let unit = theme.unit
    // Presenter mode: presenter size (18 px at scale 1), lines wrapped rather than made smaller.
    let floor = theme.presenter ? 18 * theme.pixelScale : 10 * theme.pixelScale
    var size = max(11 * unit, floor)
    let (listed, onRight) = listSide(canvas: canvas, device: device, unit: unit)
    var out: [DrawCommand] = []
    guard listed else { return out }

    // The list beside the device: a title, one line per visit, then the result.
    let pad = 12 * unit
    let x0 = onRight ? device.maxX + pad + 10 * unit : canvas.minX + pad
    let x1 = onRight ? canvas.maxX - pad : device.minX - pad - 10 * unit
    let width = x1 - x0
    // Reasons are never cut: the list's text shrinks (to 10 points at least, 18 in presenter mode) until
    // each half-line fits, and a reason still too long is wrapped.
    let longest =
      walk.visits.map { v in
        let d = describe(v, theme.language)
        return max(d.reason.count + 2, "\(walk.visits.count) \(d.glyph) \(v.view):".count)
      }.max() ?? 1
    size = max(min(size, (width - 8 * unit) / (Double(longest) * 0.6)), floor)
    let lineH = size * 1.55
    // A line too long for the list goes on two: the view, then its reason indented.
    var lines: [(text: String, color: RGBA, view: String?)] = []
    for (i, v) in walk.visits.enumerated() {
      let color = color(describe(v, theme.language).outcome, theme: theme)
      let whole = line(i + 1, v, theme.language)
      if CanvasText.width(whole, size: size) <= width - 8 * unit {
        lines.append((whole, color, v.view))
      } else {
        let d = describe(v, theme.language)
        lines.append(("\(i + 1) \(d.glyph) \(v.view):", color, v.view))
        for part in TextMetrics.wrap(
          d.reason, toWidth: width - 8 * unit - CanvasText.width("  ", size: size), size: size)
        {
          lines.append(("  " + part, color, nil))
        }
      }
    }
    if let hit = walk.hitView {
      let n = walk.touch ?? 1
      let lang = theme.language
      lines.append(
        (
          lang("touch", "触摸") + " \(n) → " + (hit ?? lang("nil: no view", "nil：没有视图")),
          hit == nil ? theme.bad : Palette.touch(n), nil
        ))
    }
    // A list longer than the room pages while the walk goes on: its first lines fold half a room at a time
    // (the "… earlier" line taking one), so the lines shown stand still to be read while the next visits
    // appear under them, and a step of the walk draws one line and its leader, not every line moved up by
    // one. Once the walk has its result, the list fills the room down to it.
    let capacity = max(Int((canvas.height - 2 * pad) / lineH) - 1, 2)
    var skippedCount = 0
    if lines.count > capacity {
      let room = capacity - 1
      let page = max(room / 2, 1)
      let over = lines.count - room
      skippedCount = walk.hitView == nil ? min((over + page - 1) / page * page, lines.count - 1) : over
      lines.removeFirst(skippedCount)
    }
    var y = canvas.minY + pad
    let titleStyle = TextStyle(size: size, color: theme.secondaryText.withAlpha(alpha), face: .bold)
    out.append(
      .text(theme.language("hitTest(_:with:) walk", "hitTest(_:with:) 遍历"), at: Point(x0, y), style: titleStyle))
    y += lineH
    if skippedCount > 0 {
      out.append(
        .text(
          theme.language("… \(skippedCount) earlier", "… 前面还有 \(skippedCount) 行"), at: Point(x0, y),
          style: TextStyle(size: size, color: theme.faintText.withAlpha(alpha))))
      y += lineH
    }
    for line in lines {
      let swatch = Rect(x0, y + lineH * 0.2, 4 * unit, lineH * 0.6)
      out.append(.rect(swatch, fill: line.color.withAlpha(alpha), stroke: nil))
      let text = CanvasText.truncated(line.text, width: width - 8 * unit, size: size)
      out.append(
        .text(
          text, at: Point(x0 + 8 * unit, y + 1 * unit), style: TextStyle(size: size, color: theme.text.withAlpha(alpha))
        ))
      if let view = line.view, let anchor = anchors[view] {
        let from = Point(onRight ? x0 - 4 * unit : x1 + 4 * unit, y + lineH / 2)
        out.append(.line(from: from, to: anchor, stroke: Stroke(line.color.withAlpha(0.3 * alpha), width: unit)))
      }
      y += lineH
    }
    return out
  }

  /// A hit view's outline in its touch's colour (or, when the view is out of sight, an arrow at the edge of
  /// what its clipping ancestors show, pointing to it), and where its "touch n" tag goes.
  struct HitOutline {
    var touch: Int
    var view: String
    var alpha: Double
    var commands: [DrawCommand]
    /// What the tag goes beside: the outline's box, or the arrow's.
    var tagAnchor: Rect
    /// The corners of a turned outline (or of the arrow): the tag goes beside one.
    var corners: [Point]?
    /// The outline's width (the tag may go just inside it).
    var width: Double
    /// The part of the device the outline may show in.
    var region: Rect
  }

  /// The hit view of every touch on the canvas, outlined thickly in the touch's colour: while the touch is
  /// down, while it lingers after lift, and as long as the walk's badges show. Cut to what the view's
  /// clipping ancestors let show.
  static func hitOutlines(_ ctx: PanelContext, geometry: CanvasGeometry, visible: Rect) -> [HitOutline] {
    let unit = ctx.theme.unit
    var strength: [Int: (view: String, alpha: Double)] = [:]
    for t in ctx.snapshot.touches.values {
      guard case .some(.some(let view)) = t.view else { continue }
      var a = 1.0
      if let lifted = t.liftTime {
        a = 1 - (ctx.playheadTime - lifted) / CanvasTouches.linger
      }
      if a > 0 { strength[t.number] = (view, min(a, 1)) }
    }
    if let walk = ctx.shownWalk, let n = walk.touch, case .some(.some(let view)) = walk.hitView {
      let a = badgeAlpha(walk, playheadTime: ctx.playheadTime)
      if a > (strength[n]?.alpha ?? 0) { strength[n] = (view, a) }
    }
    var out: [HitOutline] = []
    var rings: [String: Int] = [:]
    for n in strength.keys.sorted() {
      guard let (view, a) = strength[n], let node = geometry[view] else { continue }
      let w = 4 * unit
      // Touches on the same view: each outline just outside the previous one.
      let k = Double(rings[view, default: 0])
      rings[view, default: 0] += 1
      let color = Palette.touch(n).withAlpha(a)
      let clip = CanvasGeometry.intersect(node.clip, visible)
      guard clip.width > 0, clip.height > 0 else { continue }
      if let ring = outline(node, grow: w * (1 + k), width: w, within: clip) {
        out.append(
          HitOutline(
            touch: n, view: view, alpha: a, commands: [ring.shape(Stroke(color, width: w))], tagAnchor: ring.box,
            corners: ring.corners, width: w, region: clip))
      } else if let arrow = arrow(towards: node.box, within: clip, size: 9 * unit) {
        out.append(
          HitOutline(
            touch: n, view: view, alpha: a,
            commands: [.polygon(arrow, fill: color, stroke: Stroke(Palette.darkText.withAlpha(0.7 * a), width: unit))],
            tagAnchor: ConvexPolygon.boundingBox(arrow), corners: nil, width: 0, region: clip))
      }
    }
    return out
  }

  /// A small triangle just inside `clip`, as near as it gets to `target`, pointing at it; nil when the clip
  /// is too small to hold one.
  static func arrow(towards target: Rect, within clip: Rect, size s: Double) -> [Point]? {
    guard clip.width > 2 * s, clip.height > 2 * s else { return nil }
    let inner = clip.insetBy(s)
    let p = Point(min(max(target.mid.x, inner.minX), inner.maxX), min(max(target.mid.y, inner.minY), inner.maxY))
    let d = target.mid - p
    let length = d.length
    guard length > 1e-9 else { return nil }
    let u = d * (1 / length)
    let n = Point(-u.y, u.x)
    return [p + u * (0.8 * s), p - u * (0.6 * s) + n * (0.7 * s), p - u * (0.6 * s) - n * (0.7 * s)]
  }

  /// Places the "touch n" tag of each hit outline, beside its bottom-trailing corner where there is room.
  static func placeTouchTags(_ outlines: [HitOutline], labeler: inout CanvasLabeler) {
    let u = labeler.unit
    let size = 10 * u
    let h = size * 1.5
    for o in outlines {
      let t = o.tagAnchor
      let g = u
      var slots: [LabelPlacer.Slot] = []
      if let corners = o.corners {
        // A turned outline: below its lowest corner, beside its rightmost, above its highest, beside its leftmost.
        let by: ((Point, Point) -> Bool) -> Point = { corners.max(by: $0)! }
        slots += [
          LabelPlacer.Slot(by { $0.y < $1.y } + Point(0, g), .center, .top),
          LabelPlacer.Slot(by { $0.x < $1.x } + Point(g, 0), .leading, .middle),
          LabelPlacer.Slot(by { $0.y > $1.y } - Point(0, g), .center, .bottom),
          LabelPlacer.Slot(by { $0.x > $1.x } - Point(g, 0), .trailing, .middle),
        ]
      }
      let w = o.width
      slots += [
        LabelPlacer.Slot(Point(t.maxX, t.maxY), .trailing, .top),
        LabelPlacer.Slot(Point(t.maxX - w, t.maxY - w), .trailing, .bottom),
        LabelPlacer.Slot(Point(t.maxX - w, t.minY + w), .trailing, .top),
        LabelPlacer.Slot(Point(t.maxX, t.minY), .trailing, .bottom),
        LabelPlacer.Slot(Point(t.minX, t.maxY), .leading, .top),
        LabelPlacer.Slot(Point(t.minX, t.minY), .leading, .bottom),
        LabelPlacer.Slot(Point(t.maxX + g, t.maxY), .leading, .bottom),
        LabelPlacer.Slot(Point(t.minX - g, t.maxY), .trailing, .bottom),
        LabelPlacer.Slot(Point(t.maxX + g, t.minY), .leading, .top),
        LabelPlacer.Slot(Point(t.minX - g, t.minY), .trailing, .top),
      ]
      let color = Palette.touch(o.touch).withAlpha(o.alpha)
      labeler.place(
        .touchTag, LabelPlacer.Text(labeler.language("touch \(o.touch)", "触摸 \(o.touch)")), size: size, face: .bold,
        pill: (4 * u, h), slots: slots,
        region: o.region, target: Point(t.maxX, t.maxY), reach: 60 * u, owner: o.view
      ) { label in
        label.fill = color
        label.ink = Palette.darkText.withAlpha(o.alpha)
        label.leaderColor = color
      }
    }
  }
}

extension Palette {
  /// A hit-test badge of a view that was skipped (hidden, transparent, no interaction, disabled, pass-through).
  static let skippedBadge = RGBA(0x6E, 0x72, 0x7A)
  /// The grey laid over subtrees the walk never entered.
  static let prunedWash = RGBA(0x8A, 0x8D, 0x93)
  /// The view being visited and the point being probed.
  static let probe = RGBA(0x9B, 0x59, 0xF6)
}
