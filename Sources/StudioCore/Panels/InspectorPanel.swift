import Geometry
import Localization
import Raster
import StudioUI
import TouchSim

/// The inspector (right of the canvas): recognizer cards, the view hierarchy, the pair matrix, one tab
/// at a time.
///
/// Tabs sit at the top; the content below scrolls with `ctx.scroll[.inspector]` (the model applies the
/// wheel; the offset is clamped here so the content never scrolls away) and is clipped to the panel,
/// clickable regions included.
public enum InspectorPanel: WindowPanel {
  public static func draw(in rect: Rect, _ ctx: PanelContext, into list: inout DrawList) {
    let t = ctx.theme
    let u = t.unit
    list.add(.rect(rect, fill: t.panel, stroke: nil))
    list.add(
      .line(
        from: Point(rect.minX, rect.minY), to: Point(rect.minX, rect.maxY),
        stroke: Stroke(t.panelBorder, width: max(1, u))))
    list.add(.clip(rect))
    drawTabs(in: Rect(rect.minX, rect.minY, rect.width, tabBarHeight(t)), ctx, into: &list)

    let laid = layOut(in: rect, ctx)
    let content = laid.content
    list.append(laid.fixed)
    if content.minY > rect.minY + tabBarHeight(t) {
      list.add(
        .line(
          from: Point(rect.minX, content.minY), to: Point(rect.maxX, content.minY),
          stroke: Stroke(t.panelBorder, width: max(1, u))))
    }
    let maxScroll = max(laid.height - content.height, 0)
    let scroll = min(max(ctx.scroll[.inspector] ?? 0, 0), maxScroll)
    list.add(.clip(content))
    list.add(scroll == 0 ? laid.body.commands : laid.body.commands.map { shift($0, dy: -scroll) })
    list.add(.unclip)
    for r in laid.body.regions {
      var moved = r.rect
      moved.origin.y -= scroll
      if let visible = InspectorGeometry.overlap(moved, content) {
        list.region(visible, r.action, tip: r.tip)
      }
    }
    if maxScroll > 0 { drawScrollBar(content, scroll: scroll, contentHeight: laid.height, t, into: &list) }
    list.add(.unclip)
  }

  /// How far the current tab's content can scroll (pixels): the model may clamp the wheel with it, so
  /// scrolling past the end never has to be scrolled back first.
  public static func maxScroll(in rect: Rect, _ ctx: PanelContext) -> Double {
    let laid = layOut(in: rect, ctx)
    return max(laid.height - laid.content.height, 0)
  }

  /// The fixed header, the scrolling area and the content (unscrolled) with its height.
  private static func layOut(in rect: Rect, _ ctx: PanelContext) -> (
    fixed: DrawList, content: Rect, body: DrawList, height: Double
  ) {
    let t = ctx.theme
    let u = t.unit
    let tabsH = tabBarHeight(t)
    let margin = 10 * u
    let x = rect.minX + margin
    let width = max(rect.width - 2 * margin - 6 * u, 1)
    // A fixed header under the tabs (the Views tab's walk summary and column names).
    var fixed = DrawList()
    let fixedH = drawFixedHeader(x: x, top: rect.minY + tabsH + 6 * u, width: width, ctx, into: &fixed)
    let headerH = fixedH > 0 ? fixedH + 6 * u : 0
    let content = Rect(rect.minX, rect.minY + tabsH + headerH, rect.width, max(rect.height - tabsH - headerH, 0))
    var body = DrawList()
    let height =
      drawContent(
        x: x, top: content.minY + margin, width: width, visibleHeight: content.height - 2 * margin, ctx, into: &body)
      + 2 * margin
    return (fixed, content, body, height)
  }

  static func tabBarHeight(_ t: Theme) -> Double { 32 * t.unit }

  /// The part of the current tab that does not scroll; returns its height (0: none).
  static func drawFixedHeader(x: Double, top: Double, width: Double, _ ctx: PanelContext, into list: inout DrawList)
    -> Double
  {
    switch ctx.inspectorTab {
    case .views: return InspectorHierarchyTree.drawHeader(x: x, top: top, width: width, ctx, into: &list)
    case .recognizers, .pairs: return 0
    }
  }

  /// The content of the current tab from `top`; returns its height.
  static func drawContent(
    x: Double, top: Double, width: Double, visibleHeight: Double, _ ctx: PanelContext, into list: inout DrawList
  ) -> Double {
    let recents = InspectorRecents(trace: ctx.trace, upTo: ctx.playheadIndex, now: ctx.playheadTime)
    switch ctx.inspectorTab {
    case .recognizers:
      return recognizerCards(x: x, top: top, width: width, visibleHeight: visibleHeight, ctx, recents, into: &list)
    case .views:
      return InspectorHierarchyTree.draw(x: x, top: top, width: width, ctx, into: &list)
    case .pairs:
      return InspectorPairMatrix.draw(x: x, top: top, width: width, ctx, recents, into: &list)
    }
  }

  private static func recognizerCards(
    x: Double, top: Double, width: Double, visibleHeight: Double, _ ctx: PanelContext, _ recents: InspectorRecents,
    into list: inout DrawList
  ) -> Double {
    let t = ctx.theme
    let u = t.unit
    let recs = ctx.memo.recognizers(in: ctx.config)
    var y = top
    let hintStyle = t.style(t.smallSize, t.faintText, anchor: InspectorWidgets.leadingMiddle)
    if recs.isEmpty {
      let style = t.style(t.bodySize, t.secondaryText, anchor: InspectorWidgets.leadingMiddle)
      list.text(
        InspectorText.truncate(ctx.lang("No gesture recognizers in this scene.", "这个场景没有手势识别器。"), width, style),
        Point(x, y + 10 * u), style)
      return 24 * u
    }
    // Fold the cards the latest touch never reached when they do not all fit (as few as needed).
    let gap = 10 * u
    // A card's height is what drawing it takes; cards are measured only as far as the decision needs
    // (with fifty recognizers most are folded, and measuring them all would dominate the frame).
    // A card measured is kept as drawn (at the top 0) and moved into place, not drawn a second time.
    var scratch = DrawList()
    var measured: [String: (height: Double, card: DrawList)] = [:]
    // A card at rest is kept from the frame before while nothing it shows changed (`FrameMemo.card`).
    let measurer = TextMetrics.measurer.identity
    func height(_ r: InspectorRecognizer) -> Double {
      if let m = measured[r.id] { return m.height }
      let key =
        InspectorRecognizerCard.isAtRest(r, ctx, recents)
        ? FrameMemo.CardKey(
          config: ctx.config, x: x, width: width, theme: t, selected: ctx.selected == r.id,
          status: ctx.snapshot.recognizers[r.id],
          onView: r.isBuiltIn ? r.view.id : ctx.snapshot.live.recognizerView[r.id], measurer: measurer)
        : nil
      let m = ctx.memo.card(r.id, key: key) {
        var card = DrawList()
        let h = InspectorRecognizerCard.draw(r, x: x, top: 0, width: width, ctx, recents, into: &card)
        return (h, card)
      }
      measured[r.id] = m
      return m.height
    }
    let hintH = 20 * u
    let minimumCard = InspectorRecognizerCard.minimumHeight(t)
    let focus = involved(ctx)
    var open = Set(recs.map(\.id))
    var capped = false
    // Thousands of recognizers (a chain of 20,000): the first ones open, the selected one too, the rest
    // folded into chips (measuring and drawing every card made one frame take seconds).
    func capOpen() {
      guard open.count > maxOpenCards else { return }
      capped = true
      var kept = Set(ctx.selected.map { [$0] } ?? [])
      for r in recs where open.contains(r.id) && kept.count < maxOpenCards { kept.insert(r.id) }
      open = kept
    }
    let surelyOverflows = Double(recs.count) * (minimumCard + gap) + hintH > visibleHeight
    if let focus,
      surelyOverflows || recs.reduce(0, { $0 + height($1) }) + Double(recs.count) * gap + hintH > visibleHeight
    {
      open = focus.union(ctx.selected.map { [$0] } ?? [])
      capOpen()
      let chipsH = foldedChips(recs.filter { !open.contains($0.id) }, x: x, top: 0, width: width, ctx, into: &scratch)
      var room = visibleHeight - hintH - chipsH - gap
      for r in recs where open.contains(r.id) { room -= height(r) + gap }
      for r in recs where !open.contains(r.id) {
        if room < minimumCard + gap { break }
        let h = height(r)
        if h + gap <= room {
          open.insert(r.id)
          room -= h + gap
        }
      }
    }
    capOpen()
    let folded = recs.filter { !open.contains($0.id) }
    let l = ctx.lang
    let hint =
      folded.isEmpty
      ? l(
        "Click a card to select it (Tab: next) · keys E C B D V G flip its toggles",
        "点击卡片选中（Tab：下一个）· 按 E C B D V G 切换开关")
      : capped
        ? l(
          "\(recs.count) recognizers: \(maxOpenCards) open, the rest folded: click one to open it",
          "\(recs.count) 个手势识别器：展开 \(maxOpenCards) 个，其余已折叠：点击展开")
        : l(
          "Recognizers the last touch did not reach, folded: click one to open it",
          "上一次触摸未到达的手势识别器已折叠：点击展开")
    list.text(InspectorText.truncate(hint, width, hintStyle), Point(x, y + 7 * u), hintStyle)
    y += hintH
    let isOpen = { (r: InspectorRecognizer) in open.contains(r.id) }
    if !folded.isEmpty {
      y += foldedChips(folded, x: x, top: y, width: width, ctx, into: &list) + gap
    }
    for r in recs where isOpen(r) {
      let h = height(r)
      guard let m = measured[r.id] else { continue }
      appendShifted(m.card, dy: y, into: &list)
      y += h + gap
    }
    return y - top - gap
  }

  /// Most recognizer cards drawn open at once; the others are folded into chips.
  static let maxOpenCards = 60

  /// One small chip per folded recognizer (state dot, id, state); clicking one selects it, which opens it.
  private static func foldedChips(
    _ recs: [InspectorRecognizer], x: Double, top: Double, width: Double, _ ctx: PanelContext, into list: inout DrawList
  ) -> Double {
    // Kept from the frame before while the recognizers folded and their states are the same (fifty chips
    // measured and drawn twice a frame were a twentieth of a large scene's frame).
    let key = FrameMemo.ChipsKey(
      config: ctx.config, ids: recs.map(\.id), statuses: recs.map { ctx.snapshot.recognizers[$0.id] }, x: x,
      width: width, theme: ctx.theme, measurer: TextMetrics.measurer.identity)
    let chips = ctx.memo.chips(key) {
      var chips = DrawList()
      let height = drawChips(recs, x: x, width: width, ctx, into: &chips)
      return (height, chips)
    }
    appendShifted(chips.list, dy: top, into: &list)
    return chips.height
  }

  /// The folded recognizers' chips, from the top 0; returns their height.
  private static func drawChips(
    _ recs: [InspectorRecognizer], x: Double, width: Double, _ ctx: PanelContext, into list: inout DrawList
  ) -> Double {
    let t = ctx.theme
    let toggles = recs.map { r -> InspectorToggle in
      let status = ctx.snapshot.recognizers[r.id]
      let state = status?.state ?? .possible
      var tip = ctx.lang(
        "\(r.id): \(r.kind.uikitClass) on \(r.view.id)", "\(r.id)：\(r.view.id) 上的 \(r.kind.uikitClass)")
      if let m = status?.lastNonReset {
        tip += ctx.lang(
          " · last: \(m.to.rawValue), \(m.reason.text)", " · 最近：\(m.to.rawValue)，\(m.reason.text(ctx.lang))")
      }
      return InspectorToggle(
        key: nil, label: r.id, value: state.rawValue, valueColor: t.color(of: state), action: .select(r.id),
        tip: tip, pulse: nil)
    }
    let laid = InspectorWidgets.flow(toggles.map { InspectorWidgets.width(of: $0, t) }, x: x, y: 0, width: width, t)
    for (toggle, r) in zip(toggles, laid.rects) { InspectorWidgets.draw(toggle, in: r, t, into: &list) }
    return laid.height
  }

  /// `part` (drawn from the top 0) moved down by `dy`, with its regions, appended to `list`.
  private static func appendShifted(_ part: DrawList, dy: Double, into list: inout DrawList) {
    if dy == 0 {
      list.add(part.commands)
    } else {
      for c in part.commands { list.add(shift(c, dy: dy)) }
    }
    for region in part.regions {
      var moved = region.rect
      moved.origin.y += dy
      list.region(moved, region.action, tip: region.tip)
    }
  }

  /// Recognizers worth showing open: those the latest touch that reached any was attached to (the one
  /// before it while a new touch is still being hit-tested), every touch down's, and those waiting or not
  /// in `possible`. nil while no touch has reached a recognizer yet.
  static func involved(_ ctx: PanelContext) -> Set<String>? {
    guard let latest = ctx.snapshot.latestAttached else { return nil }
    var ids = Set(latest)
    for t in ctx.snapshot.touches.values where t.isDown { ids.formUnion(t.recognizers) }
    for (id, s) in ctx.snapshot.recognizers where !s.waitingFor.isEmpty || s.state != .possible { ids.insert(id) }
    return ids
  }

  private static func drawTabs(in bar: Rect, _ ctx: PanelContext, into list: inout DrawList) {
    let t = ctx.theme
    let u = t.unit
    list.add(.rect(bar, fill: t.background.mixed(with: t.panel, 0.5), stroke: nil))
    list.add(
      .line(
        from: Point(bar.minX, bar.maxY), to: Point(bar.maxX, bar.maxY), stroke: Stroke(t.panelBorder, width: max(1, u)))
    )
    let recCount = ctx.memo.recognizers(in: ctx.config).count
    let viewCount = ctx.memo.viewCount(in: ctx.config)
    let tabs = InspectorTab.allCases
    let tabW = bar.width / Double(tabs.count)
    for (i, tab) in tabs.enumerated() {
      let r = Rect(bar.minX + Double(i) * tabW, bar.minY, tabW, bar.height)
      let active = tab == ctx.inspectorTab
      if active {
        list.add(.rect(Rect(r.minX, r.minY, r.width, r.height), fill: t.panel, stroke: nil))
        list.add(.rect(Rect(r.minX + 6 * u, r.maxY - 3 * u, r.width - 12 * u, 3 * u), fill: t.accent, stroke: nil))
      }
      let count: String
      switch tab {
      case .recognizers: count = " \(recCount)"
      case .views: count = " \(viewCount)"
      case .pairs: count = ""
      }
      // The title with its count if it fits, else without, else smaller, else shortened.
      let room = r.width - 8 * u
      var style = t.style(
        t.bodySize, active ? t.text : t.secondaryText, face: active ? .bold : .regular, anchor: .center)
      var title = tab.title(ctx.lang) + count
      if InspectorText.width(title, style) > room { title = tab.title(ctx.lang) }
      if InspectorText.width(title, style) > room { style.size = t.smallSize }
      list.text(InspectorText.truncate(title, room, style), r.mid, style)
      list.region(r, .inspectorTab(tab), tip: tab.tip(ctx.lang))
    }
  }

  private static func drawScrollBar(
    _ content: Rect, scroll: Double, contentHeight: Double, _ t: Theme, into list: inout DrawList
  ) {
    let u = t.unit
    let trackH = content.height - 8 * u
    guard trackH > 0, contentHeight > 0 else { return }
    let thumbH = max(trackH * content.height / contentHeight, 20 * u)
    let maxScroll = max(contentHeight - content.height, 1)
    let thumbY = content.minY + 4 * u + (trackH - thumbH) * (scroll / maxScroll)
    let r = Rect(content.maxX - 6 * u, thumbY, 3.5 * u, thumbH)
    list.add(.roundedRect(r, radius: 1.75 * u, fill: t.secondaryText.withAlpha(0.45), stroke: nil))
  }

  /// `c` moved down by `dy` pixels.
  static func shift(_ c: DrawCommand, dy: Double) -> DrawCommand {
    func p(_ q: Point) -> Point { Point(q.x, q.y + dy) }
    func r(_ q: Rect) -> Rect { Rect(q.minX, q.minY + dy, q.width, q.height) }
    switch c {
    case .rect(let rect, let fill, let stroke): return .rect(r(rect), fill: fill, stroke: stroke)
    case .roundedRect(let rect, let radius, let fill, let stroke):
      return .roundedRect(r(rect), radius: radius, fill: fill, stroke: stroke)
    case .circle(let center, let radius, let fill, let stroke):
      return .circle(center: p(center), radius: radius, fill: fill, stroke: stroke)
    case .polygon(let points, let fill, let stroke): return .polygon(points.map(p), fill: fill, stroke: stroke)
    case .line(let from, let to, let stroke): return .line(from: p(from), to: p(to), stroke: stroke)
    case .text(let s, let at, let style): return .text(s, at: p(at), style: style)
    case .clip(let rect): return .clip(r(rect))
    case .unclip: return .unclip
    }
  }
}
