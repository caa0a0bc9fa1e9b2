import Geometry
import Localization
import Raster
import StudioUI
import TouchSim

/// The timeline tab: the gesture at the playhead as lanes on one time axis.
///
/// A lane per touch (● down, ticks for moves, ○ up, ✗ cancelled), per recognizer (state letters
/// P B C E X F at their times, ⚡ for action messages, an amber bar while it waits for another to fail)
/// and per responder (B M E C deliveries, a hatched amber bar while a delivery is withheld, ✗ for drops,
/// control events in small words). An arrow joins a recognizer's decision to the touchesCancelled it
/// caused. Entries after the playhead are dimmed; clicking a time jumps the playhead to the last entry at
/// or before it, clicking a mark jumps to that entry.
enum TimelinePanel {
  /// The lanes of the gesture at the playhead, in `rect`.
  static func draw(in rect: Rect, _ ctx: PanelContext) -> DrawList { draw(in: rect, ctx, view: TimelineView(ctx)) }

  /// The lanes of `view` (the bottom panel builds it once for the lanes and the toolbar).
  static func draw(in rect: Rect, _ ctx: PanelContext, view: TimelineView?) -> DrawList {
    var list = DrawList()
    let t = ctx.theme
    guard let view else {
      list.paragraph(
        ctx.lang(
          "Touch the device: each gesture appears here as lanes of touches, recognizers and responders.",
          "触摸设备：每个手势会在这里显示为触摸、手势识别器和响应者的泳道。"),
        Rect(rect.minX + 12 * t.unit, rect.minY + 10 * t.unit, rect.width - 24 * t.unit, rect.height - 14 * t.unit),
        t.style(nil, t.secondaryText))
      return list
    }
    list.add(.clip(rect))
    let geo = Geometry(rect: rect, view: view, theme: t)
    drawAxis(geo, view, ctx, into: &list)
    clickStrips(geo, view, ctx, into: &list)
    // The playhead first: letters sit on chips above it and stay readable.
    drawPlayhead(geo, view, ctx, into: &list)
    for (row, laneIndex) in geo.shown.enumerated() {
      drawLane(view.content.lanes[laneIndex], row: row, geo, view, ctx, into: &list)
    }
    drawArrows(geo, view, ctx, into: &list)
    if geo.hidden > 0 {
      // In the axis row above the lane names, where nothing else is drawn.
      let s = ctx.lang(
        "+\(geo.hidden) lane\(geo.hidden == 1 ? "" : "s") not shown", "另有 \(geo.hidden) 条泳道未显示")
      list.text(
        TextMetrics.truncate(s, toWidth: geo.labelRight - rect.minX - 10 * t.unit, size: t.smallSize),
        Point(rect.minX + 8 * t.unit, rect.minY + 3 * t.unit), t.style(t.smallSize, t.waiting))
    }
    list.add(.unclip)
    return list
  }

  // MARK: - Drawing

  private static func dimmed(_ c: RGBA, _ index: Int, _ ctx: PanelContext) -> RGBA {
    index >= ctx.playheadIndex ? c.withAlpha(0.3) : c
  }

  private static func drawAxis(_ geo: Geometry, _ view: TimelineView, _ ctx: PanelContext, into list: inout DrawList) {
    let t = ctx.theme
    let top = geo.rect.minY
    let bottom = geo.laneRect(geo.shown.count).minY
    let ticks = geo.axis.ticks(minGap: 84 * t.unit)
    var labelled = false
    for tick in ticks {
      let x = geo.axis.x(tick)
      list.add(
        .line(
          from: Point(x, geo.axisBottom - 3 * t.unit), to: Point(x, bottom),
          stroke: Stroke(t.panelBorder.withAlpha(0.7), width: 1)))
      // The first label shown has the unit. A label that would reach into the lane names' column (where
      // "+n lanes not shown" goes) is left out.
      let label = labelled ? JSONNumber.format(tick) : TraceDescriber.time(tick)
      guard x - TextMetrics.width(label, size: t.smallSize) / 2 >= geo.labelRight + 2 * t.unit else { continue }
      labelled = true
      list.text(label, Point(x, top + 3 * t.unit), t.style(t.smallSize, t.faintText, anchor: .topCenter))
    }
  }

  /// Vertical strips between consecutive entry times: clicking one jumps to the last entry at or before it.
  private static func clickStrips(_ geo: Geometry, _ view: TimelineView, _ ctx: PanelContext, into list: inout DrawList)
  {
    let trace = ctx.trace
    // The last index of each distinct time in the gesture.
    var lastOfTime: [(t: Double, index: Int)] = []
    for i in view.range {
      if let l = lastOfTime.last, l.t == trace[i].t {
        lastOfTime[lastOfTime.count - 1].index = i
      } else {
        lastOfTime.append((trace[i].t, i))
      }
    }
    let top = geo.rect.minY
    let bottom = geo.rect.maxY
    var left = geo.labelRight
    let before = max(view.range.lowerBound - 1, view.range.lowerBound)
    var target = before
    for (k, entry) in lastOfTime.enumerated() {
      let x = min(max(geo.axis.x(entry.t), geo.labelRight), geo.rect.maxX)
      if x > left { list.region(Rect(left, top, x - left, bottom - top), .jump(target)) }
      left = max(left, x)
      target = entry.index
      if k == lastOfTime.count - 1 {
        list.region(Rect(left, top, geo.rect.maxX - left, bottom - top), .jump(target))
      }
    }
  }

  private static func drawLane(
    _ lane: TimelineLane, row: Int, _ geo: Geometry, _ view: TimelineView, _ ctx: PanelContext,
    into list: inout DrawList
  ) {
    let t = ctx.theme
    let r = geo.laneRect(row)
    let mid = r.mid.y
    if row % 2 == 1 { list.add(.rect(r, fill: t.background.withAlpha(0.35), stroke: nil)) }
    // A line above the first lane of each group (touches, recognizers, responders).
    if row > 0, let prev = geo.shown[safe: row - 1], group(view.content.lanes[prev].kind) != group(lane.kind) {
      list.add(
        .line(from: Point(r.minX, r.minY), to: Point(r.maxX, r.minY), stroke: Stroke(t.panelBorder, width: t.unit)))
    }
    // Name.
    let nameColor: RGBA
    var face = FontFace.regular
    switch lane.kind {
    case .touch(let n): nameColor = Palette.touch(n)
    case .recognizer(let id):
      nameColor = t.text
      face = .bold
      list.region(
        Rect(r.minX, r.minY, geo.labelRight - r.minX, r.height), .select(id), tip: ctx.lang("select \(id)", "选择 \(id)"))
    case .responder: nameColor = t.secondaryText
    }
    let name = TextMetrics.truncate(
      lane.name, toWidth: geo.labelRight - r.minX - 14 * t.unit, size: t.smallSize, face: face)
    list.text(
      name, Point(geo.labelRight - 6 * t.unit, mid),
      t.style(t.smallSize, nameColor, face: face, anchor: TextAnchor(.trailing, .middle)))
    list.add(.clip(Rect(geo.labelRight, r.minY, r.maxX - geo.labelRight, r.height)))
    let placed = place(lane, axis: geo.axis, right: geo.rect.maxX - 4 * t.unit, theme: t)
    drawBars(lane, r, geo, placed, ctx, into: &list)
    drawMarks(lane, r, placed, ctx, into: &list)
    list.add(.unclip)
  }

  private static func group(_ k: TimelineLane.Kind) -> Int {
    switch k {
    case .touch: return 0
    case .recognizer: return 1
    case .responder: return 2
    }
  }

  /// The lane's bars; a held or waiting bar is labelled on a chip after its start letter, up to the next
  /// mark (`placed`, drawn over the bars), and not where an earlier bar's label already is (a touch's
  /// moves held one after another make bars that overlap).
  private static func drawBars(
    _ lane: TimelineLane, _ r: Rect, _ geo: Geometry, _ placed: [Placed], _ ctx: PanelContext,
    into list: inout DrawList
  ) {
    let t = ctx.theme
    let mid = r.mid.y
    var labelled: [Rect] = []
    for bar in lane.bars {
      let x0 = geo.axis.x(bar.fromT)
      let endT = bar.toT ?? max(ctx.playheadTime, bar.fromT)
      let x1 = max(geo.axis.x(endT), x0 + 2 * t.unit)
      // The part the playhead has passed is drawn fully, the rest dimmed.
      let shownTo = bar.fromIndex >= ctx.playheadIndex ? x0 : min(x1, geo.axis.x(max(ctx.playheadTime, bar.fromT)))
      let isOpen = bar.toIndex.map { $0 >= ctx.playheadIndex } ?? true
      let passedX1 = isOpen ? shownTo : x1
      switch bar.style {
      case .life:
        let color: RGBA
        if case .touch(let n) = lane.kind { color = Palette.touch(n) } else { color = t.secondaryText }
        let y = mid
        list.add(.line(from: Point(x0, y), to: Point(x1, y), stroke: Stroke(color.withAlpha(0.15), width: 2 * t.unit)))
        if passedX1 > x0 {
          list.add(
            .line(from: Point(x0, y), to: Point(passedX1, y), stroke: Stroke(color.withAlpha(0.45), width: 2 * t.unit)))
        }
      case .wait(let others), .held(let others):
        let isHeld: Bool
        if case .held = bar.style { isHeld = true } else { isHeld = false }
        let h = r.height * 0.62
        let full = Rect(x0, mid - h / 2, x1 - x0, h)
        let amber = t.waiting
        list.add(
          .rect(
            full, fill: amber.withAlpha(0.08),
            stroke: Stroke(amber.withAlpha(0.3), width: t.unit, dash: isHeld ? 3 * t.unit : nil)))
        if passedX1 > x0 {
          let passed = Rect(x0, full.minY, passedX1 - x0, h)
          list.add(
            .rect(
              passed, fill: amber.withAlpha(isHeld ? 0.16 : 0.3),
              stroke: Stroke(amber, width: t.unit, dash: isHeld ? 3 * t.unit : nil)))
          if isHeld { hatch(passed, amber.withAlpha(0.7), spacing: 6 * t.unit, into: &list) }
        }
        let label =
          others.isEmpty
          ? (isHeld ? ctx.lang("held", "扣住") : ctx.lang("waits", "等待"))
          : ctx.lang(
            (isHeld ? "held by " : "waits for ") + others.joined(separator: ", "),
            (isHeld ? "被扣住：" : "等待：") + others.joined(separator: "、"))
        // On a dark chip after the start letter, so it reads over the hatching and does not cover the
        // letter, and ending before the next mark, which would cover it.
        let start = x0 + 12 * t.unit
        let nextMark = placed.lazy.filter { p in
          if case .label = p.mark.glyph { return false }
          return p.width > 0
        }.map { $0.x - $0.width / 2 - 2 * t.unit }.first { $0 > start + t.unit }
        let room = min(x1 + 2 * t.unit, nextMark ?? .infinity) - start
        guard room > 24 * t.unit else { continue }
        let text = TextMetrics.truncate(label, toWidth: room - 8 * t.unit, size: t.smallSize, face: .bold)
        let w = TextMetrics.width(text, size: t.smallSize, face: .bold)
        let chip = Rect(start, mid - t.smallSize * 0.7, w + 8 * t.unit, t.smallSize * 1.4)
        // A label cut to fewer than four characters ("he…") says nothing: none then.
        let kept = text.hasSuffix("…") ? text.count - 1 : text.count
        if kept >= min(4, label.count) && !labelled.contains(where: { $0.minX < chip.maxX && chip.minX < $0.maxX }) {
          labelled.append(chip)
          let color = passedX1 > x0 ? amber : amber.withAlpha(0.45)
          list.add(.roundedRect(chip, radius: 3 * t.unit, fill: t.panel.withAlpha(0.9), stroke: nil))
          list.text(
            text, Point(chip.minX + 4 * t.unit, mid),
            t.style(t.smallSize, color, face: .bold, anchor: TextAnchor(.leading, .middle)))
        }
      }
    }
  }

  /// Diagonal strokes inside `r` (a held delivery).
  private static func hatch(_ r: Rect, _ color: RGBA, spacing: Double, into list: inout DrawList) {
    list.add(.clip(r))
    var x = r.minX - r.height
    while x < r.maxX {
      list.add(.line(from: Point(x, r.maxY), to: Point(x + r.height, r.minY), stroke: Stroke(color, width: 1)))
      x += spacing
    }
    list.add(.unclip)
  }

  private static func drawMarks(
    _ lane: TimelineLane, _ r: Rect, _ placed: [Placed], _ ctx: PanelContext, into list: inout DrawList
  ) {
    let t = ctx.theme
    let mid = r.mid.y
    for p in placed {
      let m = p.mark
      var color = TraceDescriber.color(m.tone, t)
      if m.faint { color = color.withAlpha(0.6) }
      color = dimmed(color, m.index, ctx)
      let c = Point(p.x, mid)
      switch m.glyph {
      case .tick:
        list.add(
          .line(
            from: Point(p.x, mid - r.height * 0.2), to: Point(p.x, mid + r.height * 0.2),
            stroke: Stroke(color.withAlpha(0.8), width: max(1, t.unit))))
        continue
      case .down:
        list.add(.circle(center: c, radius: 5 * t.unit, fill: color, stroke: nil))
      case .up:
        list.add(.circle(center: c, radius: 5 * t.unit, fill: t.panel, stroke: Stroke(color, width: 2 * t.unit)))
      case .cross:
        list.text("✗", c, t.style(t.bodySize, color, face: .bold, anchor: .center))
      case .letter(let s):
        // On a chip of the panel's colour, so letters stay readable over bars and lines.
        let size = m.faint ? t.smallSize : t.bodySize
        let chip = Rect(p.x - p.width / 2 - 2 * t.unit, mid - size * 0.62, p.width + 4 * t.unit, size * 1.24)
        list.add(.roundedRect(chip, radius: 3 * t.unit, fill: t.panel, stroke: nil))
        list.text(s, c, t.style(size, color, face: .bold, anchor: .center))
      case .action:
        list.text("⚡", c, t.style(t.bodySize, color, face: .bold, anchor: .center))
      case .forward:
        list.text("↑", c, t.style(t.smallSize, color, anchor: .center))
      case .label(let s):
        let text = TextMetrics.truncate(s, toWidth: p.width, size: t.smallSize)
        if text.count > 2 {
          list.text(text, Point(p.x, mid), t.style(t.smallSize, color, anchor: TextAnchor(.leading, .middle)))
          let w = TextMetrics.width(text, size: t.smallSize)
          list.region(
            Rect(p.x, r.minY, w, r.height), .jump(m.index),
            tip: TraceDescriber.plain(TraceDescriber.line(ctx.trace[m.index].event, ctx.lang)))
        }
        continue
      }
      let w = max(p.width, 10 * t.unit)
      list.region(
        Rect(p.x - w / 2 - 2 * t.unit, r.minY, w + 4 * t.unit, r.height), .jump(m.index),
        tip: TraceDescriber.plain(TraceDescriber.line(ctx.trace[m.index].event, ctx.lang)))
    }
  }

  /// "pan began" → "view got touchesCancelled": a line with a head from the decision to the cancellation.
  private static func drawArrows(_ geo: Geometry, _ view: TimelineView, _ ctx: PanelContext, into list: inout DrawList)
  {
    let t = ctx.theme
    let lanes = view.content.lanes
    for a in view.content.arrows {
      guard let fromRow = geo.row(ofLane: a.fromLane), let toRow = geo.row(ofLane: a.toLane) else { continue }
      let fromPlaced = place(lanes[a.fromLane], axis: geo.axis, right: geo.rect.maxX, theme: t).first {
        $0.mark.index == a.fromIndex
      }
      let toPlaced = place(lanes[a.toLane], axis: geo.axis, right: geo.rect.maxX, theme: t).first {
        $0.mark.index >= a.toIndex && $0.width > 0
      }
      guard let f = fromPlaced, let to = toPlaced else { continue }
      let fr = geo.laneRect(fromRow)
      let tr = geo.laneRect(toRow)
      let down = toRow > fromRow
      let start = Point(f.x, down ? fr.mid.y + t.bodySize * 0.55 : fr.mid.y - t.bodySize * 0.55)
      let end = Point(to.x, down ? tr.mid.y - t.bodySize * 0.6 : tr.mid.y + t.bodySize * 0.6)
      let color = dimmed(t.bad, a.toIndex, ctx)
      list.add(.line(from: start, to: end, stroke: Stroke(color, width: 1.5 * t.unit, dash: 3 * t.unit)))
      // Arrow head.
      let dx = end.x - start.x
      let dy = end.y - start.y
      let len = max((dx * dx + dy * dy).squareRoot(), 0.001)
      let ux = dx / len
      let uy = dy / len
      let s = 5 * t.unit
      list.add(
        .line(
          from: end, to: Point(end.x - ux * s - uy * s * 0.6, end.y - uy * s + ux * s * 0.6),
          stroke: Stroke(color, width: 1.5 * t.unit)))
      list.add(
        .line(
          from: end, to: Point(end.x - ux * s + uy * s * 0.6, end.y - uy * s - ux * s * 0.6),
          stroke: Stroke(color, width: 1.5 * t.unit)))
    }
  }

  private static func drawPlayhead(
    _ geo: Geometry, _ view: TimelineView, _ ctx: PanelContext, into list: inout DrawList
  ) {
    let t = ctx.theme
    let time = ctx.playheadTime
    guard ctx.playheadIndex > view.range.lowerBound || geo.axis.contains(time) else { return }
    let inside = geo.axis.contains(time)
    let x = min(max(geo.axis.x(time), geo.axis.left), geo.axis.right)
    let bottom = geo.laneRect(geo.shown.count).minY
    list.add(
      .line(
        from: Point(x, geo.axisBottom - 2 * t.unit), to: Point(x, bottom),
        stroke: Stroke(t.accent, width: 2 * t.unit, dash: inside ? nil : 4 * t.unit)))
    list.add(.circle(center: Point(x, geo.axisBottom - 2 * t.unit), radius: 3.5 * t.unit, fill: t.accent, stroke: nil))
  }
}

extension Array {
  fileprivate subscript(safe i: Int) -> Element? { indices.contains(i) ? self[i] : nil }
}
