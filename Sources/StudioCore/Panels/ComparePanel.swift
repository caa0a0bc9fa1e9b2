import Geometry
import Localization
import Raster
import SceneFile
import StudioUI
import TouchSim
import TraceKit

/// Compare mode's frame (key X): the header, two devices side by side (each labelled with its world and
/// where its run parts from the other's), the first difference in words, and the two timelines on one
/// time axis (the left world's above, the right world's below), the first difference marked on both.
///
/// Each device is drawn by `CanvasPanel` and each timeline by `TimelinePanel`, the single window's own
/// code, from a context that reads only that side's engine: its trace and its one snapshot at the
/// shared playhead.
enum ComparePanel {
  /// Where compare mode's parts go.
  struct Layout: Equatable {
    var header: Rect
    /// The two devices' halves, each with its label band on top.
    var sides: [Rect]
    var narration: Rect
    var bottom: Rect
  }

  static func layout(size: Size, theme t: Theme, stage: Bool, narrationHeight: Double) -> Layout {
    let base = StudioLayout(size: size, theme: t, stage: stage)
    let h = size.height
    let w = size.width
    let bottomH = stage ? 0 : (h * (t.presenter ? 0.27 : 0.3)).rounded()
    let narrationH = min(max(narrationHeight, t.lineHeight * 2 + 12 * t.unit), h * 0.22).rounded()
    let top = base.header.maxY
    let canvasH = max(h - top - narrationH - bottomH, 60 * t.unit)
    let half = (w / 2).rounded()
    return Layout(
      header: base.header,
      sides: [Rect(0, top, half, canvasH), Rect(half, top, w - half, canvasH)],
      narration: Rect(0, top + canvasH, w, narrationH),
      bottom: Rect(0, top + canvasH + narrationH, w, max(h - (top + canvasH + narrationH), 0)))
  }

  // MARK: - Words

  /// The world's name: "As written" / "Your toggles", or "Now" / "Flipped" for a toggle's context menu.
  static func title(side: Int, origin: CompareSession.Origin, _ l: Language) -> String {
    switch (origin, side) {
    case (.toggles, 0): return l("As written", "按文件原样")
    case (.toggles, _): return l("Your toggles", "你的开关")
    case (.flip, 0): return l("Now", "当前配置")
    case (.flip, _): return l("One toggle flipped", "切换一个开关后")
    }
  }

  /// What the world is: the file's values, or the changes (`cardTap.cancelsTouchesInView = false`).
  static func detail(
    side: Int, origin: CompareSession.Origin, changes: [PropertyChange], differ: Bool = false, _ l: Language
  ) -> String {
    if side == 0 {
      return origin == .toggles ? l("the scene file's values", "场景文件中的值") : l("the configuration now", "当前的配置")
    }
    guard changes.isEmpty else { return CompareText.changesText(changes) }
    return differ
      ? l("changed where no scene-file key can say (a touch filter)", "有改动，但场景文件的键无法表示（触摸过滤）")
      : l("no change", "没有改动")
  }

  /// The strip's text: the first difference, or that the runs agree so far.
  static func sentence(_ c: CompareSession, _ l: Language) -> String {
    if let comparison = c.comparison {
      // In the window the worlds go by the names their bands give them.
      let names: (String, String)? =
        c.origin == .toggles ? nil : (title(side: 0, origin: c.origin, l), title(side: 1, origin: c.origin, l))
      return CompareText.firstSentence(comparison, c.changes, l, names: names)
    }
    if c.merged.isEmpty {
      return l(
        "Touch either device, or press P to play the script: both run the same input, and the first place where they part is marked here.",
        "触摸任一台设备，或按 P 播放脚本：两台设备运行相同的输入，它们第一次分开的地方会在这里标出。")
    }
    let n = c.left.engine.trace.count
    return l(
      "The two runs agree so far: \(n) trace line\(n == 1 ? "" : "s") each, line for line.",
      "到目前为止两次运行一致：各 \(n) 行轨迹，逐行相同。")
  }

  // MARK: - Drawing

  /// The label band of side `i` (its world, its changes, where it parts), and the device's rect below it.
  static func band(
    side i: Int, in rect: Rect, _ c: CompareSession, _ t: Theme, into list: inout DrawList
  ) -> Rect {
    let l = t.language
    let pad = 8 * t.unit
    let width = rect.width - 2 * pad
    let title = title(side: i, origin: c.origin, l)
    let detail = TextMetrics.wrap(
      detail(side: i, origin: c.origin, changes: c.changes, differ: c.worldsDiffer, l), toWidth: width,
      size: t.bodySize, face: .mono,
      maxLines: 2)
    var y = rect.minY + pad
    let accent = i == 0 ? t.secondaryText : t.accent
    list.add(.rect(Rect(rect.minX, rect.minY, rect.width, 3 * t.unit), fill: accent, stroke: nil))
    list.text(
      TextMetrics.truncate(title, toWidth: width * 0.55, size: t.titleSize, face: .bold), Point(rect.minX + pad, y),
      t.style(t.titleSize, t.text, face: .bold))
    // Where this run parts from the other, on the title's line at the trailing edge.
    let (mark, color) = partMark(side: i, c, t)
    let shownMark = TextMetrics.truncate(mark, toWidth: width * 0.43, size: t.bodySize, face: .bold)
    let markAt = Point(rect.maxX - pad, y + (t.titleSize - t.bodySize) * 0.6)
    list.text(shownMark, markAt, t.style(t.bodySize, color, face: .bold, anchor: TextAnchor(.trailing, .top)))
    if let d = c.divergence, let index = i == 0 ? d.left : d.right {
      // A click on the mark shows both sides at the first difference.
      let w = TextMetrics.width(shownMark, size: t.bodySize, face: .bold)
      list.region(
        Rect(markAt.x - w, markAt.y, w, TextMetrics.height(size: t.bodySize)), .compareJump(side: i, index: index),
        tip: t.language("show the first difference", "显示第一处不同"))
    }
    y += (t.titleSize * 1.3).rounded()
    for line in detail {
      list.text(line, Point(rect.minX + pad, y), t.style(t.bodySize, i == 0 ? t.secondaryText : t.text, face: .mono))
      y += (t.bodySize * 1.3).rounded()
    }
    let full = self.detail(side: i, origin: c.origin, changes: c.changes, differ: c.worldsDiffer, l)
    // Under every other region (the mark's jump wins where they meet).
    list.regions.insert(
      HitRegion(
        rect: Rect(rect.minX, rect.minY, rect.width, y - rect.minY), action: .tipOnly, tip: title + ": " + full),
      at: 0)
    y += 2 * t.unit
    return Rect(rect.minX, y, rect.width, max(rect.maxY - y, 1))
  }

  /// "≠ parts at 80 ms" (red once the playhead has reached it), or "= agrees so far".
  static func partMark(side i: Int, _ c: CompareSession, _ t: Theme) -> (String, RGBA) {
    let l = t.language
    guard let d = c.divergence else { return (l("= agrees so far", "= 目前一致"), t.good) }
    let at = TraceDescriber.time(d.t)
    let index = i == 0 ? d.left : d.right
    let side = i == 0 ? c.left : c.right
    let reached = index.map { side.shown > $0 } ?? (c.playhead.time >= d.t)
    return (l("≠ parts at \(at)", "≠ 在 \(at) 分开"), reached ? t.badText : t.secondaryText)
  }

  /// The sentence strip: the first difference in words, wrapped; what does not fit is in its tooltip.
  static func strip(_ text: String, in rect: Rect, _ t: Theme, into list: inout DrawList) {
    list.add(.rect(rect, fill: t.panel.mixed(with: t.background, 0.5), stroke: nil))
    list.add(.line(from: rect.origin, to: Point(rect.maxX, rect.minY), stroke: Stroke(t.panelBorder, width: t.unit)))
    list.add(.clip(rect))
    let pad = 8 * t.unit
    let size = t.bodySize
    let lineH = (size * 1.35).rounded()
    let maxLines = max(Int((rect.height - 2 * pad) / lineH), 1)
    let lines = TextMetrics.wrap(
      TextRun.parse(text), toWidth: rect.width - 2 * pad - 12 * t.unit, size: size, face: .regular,
      emphasisFace: .bold, maxLines: maxLines)
    var y = rect.minY + pad
    for line in lines {
      NarrationStrip.drawRuns(
        line, at: Point(rect.minX + pad + 4 * t.unit, y), size: size, color: t.text, emphasis: t.accent, into: &list)
      y += lineH
    }
    list.region(rect, .tipOnly, tip: text.replacingOccurrences(of: "`", with: ""))
    list.add(.unclip)
  }

  /// The height the strip needs for `text` at `width`.
  static func stripHeight(_ text: String, width: Double, _ t: Theme) -> Double {
    let lines = TextMetrics.wrap(
      TextRun.parse(text), toWidth: width - 28 * t.unit, size: t.bodySize, face: .regular, emphasisFace: .bold)
    return Double(lines.count) * (t.bodySize * 1.35).rounded() + 16 * t.unit
  }

  /// The two timelines on one time axis: both views get the union of their stretches and one lane-name
  /// column, so one time is at one x in both. Nil views (nothing yet) get a hint.
  static func alignedViews(_ ctxs: [PanelContext], width: Double, _ t: Theme) -> [TimelinePanel.TimelineView?] {
    var views = ctxs.map { TimelinePanel.TimelineView($0) }
    let shown = views.compactMap { $0 }
    guard let start = shown.map(\.window.start).min(), let end = shown.map(\.window.end).max() else { return views }
    let label = shown.map { TimelinePanel.Geometry.labelWidth($0, width: width, theme: t) }.max()
    for i in views.indices {
      views[i]?.window = (start, end)
      views[i]?.labelWidth = label
    }
    return views
  }

  /// The halves of the bottom panel: a caption row, then side 0's timeline above side 1's, each with a
  /// column at its trailing edge for the world's name (nothing of the timeline is drawn there).
  static func timelineRects(_ rect: Rect, _ t: Theme) -> (caption: Rect, lanes: [Rect], names: [Rect]) {
    let captionH = (t.bodySize * 1.5).rounded()
    let caption = Rect(rect.minX, rect.minY, rect.width, captionH)
    let rest = max(rect.height - captionH, 2)
    let half = (rest / 2).rounded()
    let nameW = min(92 * t.unit, rect.width * 0.2)
    let rows = [(rect.minY + captionH, half), (rect.minY + captionH + half, rest - half)]
    return (
      caption,
      rows.map { Rect(rect.minX, $0.0, max(rect.width - nameW, 1), $0.1) },
      rows.map { Rect(rect.maxX - nameW, $0.0, nameW, $0.1) }
    )
  }

  static func timelines(
    in rect: Rect, _ ctxs: [PanelContext], _ c: CompareSession, _ t: Theme, into list: inout DrawList
  ) {
    guard rect.height > 1 else { return }
    let l = t.language
    list.add(.rect(rect, fill: t.panel, stroke: nil))
    list.add(.clip(rect))
    let (caption, halves, nameColumns) = timelineRects(rect, t)
    list.add(.rect(caption, fill: t.background.mixed(with: t.panel, 0.4), stroke: nil))
    let names = [0, 1].map { title(side: $0, origin: c.origin, l) }
    let head = l(
      "Timelines on one time axis: \(names[0]) above, \(names[1]) below",
      "同一时间轴上的时间线：上为\(names[0])，下为\(names[1])")
    list.text(
      TextMetrics.truncate(head, toWidth: rect.width - 16 * t.unit, size: t.bodySize, face: .bold),
      Point(rect.minX + 8 * t.unit, caption.mid.y),
      t.style(t.bodySize, t.secondaryText, face: .bold, anchor: TextAnchor(.leading, .middle)))
    let views = alignedViews(ctxs, width: rect.width, t)
    for i in 0..<2 {
      let r = halves[i]
      let column = nameColumns[i]
      if i == 1 {
        list.add(
          .line(
            from: Point(rect.minX, r.minY), to: Point(rect.maxX, r.minY),
            stroke: Stroke(t.panelBorder, width: 2 * t.unit)))
      }
      // The first difference, under the lanes' marks so its letters stay readable.
      if let view = views[i], let d = c.divergence {
        let geo = TimelinePanel.Geometry(rect: r, view: view, theme: t)
        if geo.axis.contains(d.t) {
          let x = geo.axis.x(d.t)
          list.add(
            .line(
              from: Point(x, r.minY + 2), to: Point(x, r.maxY - 2),
              stroke: Stroke(t.bad.withAlpha(0.9), width: 2 * t.unit)))
        }
      }
      var part = TimelinePanel.draw(in: r, ctxs[i], view: views[i])
      // A click on a side's timeline moves the shared playhead to that side's entry.
      for k in part.regions.indices {
        if case .jump(let index) = part.regions[k].action {
          part.regions[k].action = .compareJump(side: i, index: index)
        }
      }
      list.append(part)
      // The world's name in its column, in the colour of its device's band.
      let color = i == 0 ? t.secondaryText : t.accent
      list.add(.rect(Rect(column.minX, column.minY, 3 * t.unit, column.height), fill: color, stroke: nil))
      let lines = TextMetrics.wrap(
        names[i], toWidth: column.width - 12 * t.unit, size: t.smallSize, face: .bold, maxLines: 3)
      let lineH = (t.smallSize * 1.3).rounded()
      var y = column.minY + 4 * t.unit
      for line in lines where y + lineH <= column.maxY + 1 {
        list.text(line, Point(column.minX + 8 * t.unit, y), t.style(t.smallSize, color, face: .bold))
        y += lineH
      }
      list.region(column, .tipOnly, tip: names[i])
    }
    list.add(.unclip)
  }

  /// The time → x mapping of each side's timeline (nil: nothing to show yet), as drawn.
  static func axes(in rect: Rect, _ ctxs: [PanelContext], _ t: Theme) -> [TimelineAxis?] {
    let (_, halves, _) = timelineRects(rect, t)
    let views = alignedViews(ctxs, width: rect.width, t)
    return (0..<2).map { i in views[i].map { TimelinePanel.Geometry(rect: halves[i], view: $0, theme: t).axis } }
  }
}

extension StudioModel {
  /// Compare mode's frame: every side drawn from its own engine's snapshot at the shared playhead.
  func buildCompareFrame(_ c: CompareSession, size: Size, pixelScale: Double) -> DrawList {
    view.theme.pixelScale = pixelScale * view.uiScale
    let t = view.theme
    c.showPlayhead()
    let text = ComparePanel.sentence(c, t.language)
    let layout = ComparePanel.layout(
      size: size, theme: t, stage: view.stage, narrationHeight: ComparePanel.stripHeight(text, width: size.width, t))
    let ctxs = compareContexts(c, layout: layout)
    var list = DrawList()
    list.add(.rect(Rect(0, 0, size.width, size.height), fill: t.background, stroke: nil))
    c.deviceAreas = []
    for i in 0..<2 {
      let device = ComparePanel.band(side: i, in: layout.sides[i], c, t, into: &list)
      var ctx = ctxs[i]
      ctx.layout.canvas = device
      list.append(CanvasPanel.draw(in: device, ctx))
      c.deviceAreas.append((layout.sides[i], ctx.viewport, device))
    }
    let divider = layout.sides[1].minX
    list.add(
      .line(
        from: Point(divider, layout.sides[1].minY), to: Point(divider, layout.sides[1].maxY),
        stroke: Stroke(t.panelBorder, width: 2 * t.unit)))
    ComparePanel.strip(text, in: layout.narration, t, into: &list)
    ComparePanel.timelines(in: layout.bottom, ctxs, c, t, into: &list)
    var header = ctxs[1]
    header.layout.header = layout.header
    list.append(HeaderBar.draw(in: layout.header, header))
    list.append(Overlays.draw(in: Rect(0, 0, size.width, size.height), header))
    Legibility.enforce(&list.commands, background: t.background)
    let devices = (0..<2).map { i in
      (layout.sides[i], c.deviceAreas[i].viewport.toPixels(Rect(origin: .zero, size: c.sides[i].scene.window)))
    }
    appendToast(
      OverlayToast.Room(panel: nil, devices: devices, fallback: layout.narration, top: layout.header.maxY), to: &list)
    lastFrame = list
    lastLayout = StudioLayout(size: size, theme: t, stage: view.stage)
    lastLayout?.canvas = Rect(0, layout.sides[0].minY, size.width, layout.sides[0].height)
    return list
  }

  /// One context per side: the single window's, reading that side's engine, snapshot and playhead only.
  func compareContexts(_ c: CompareSession, layout: ComparePanel.Layout) -> [PanelContext] {
    let whole = Size(layout.header.width, max(layout.bottom.maxY, layout.narration.maxY))
    let base = PanelContext(model: self, layout: StudioLayout(size: whole, theme: view.theme, stage: view.stage))
    return c.sides.map { side in
      var ctx = base
      ctx.layout.header = layout.header
      ctx.snapshot = side.snapshot
      ctx.gestures = side.gestures
      ctx.trace = side.engine.trace
      ctx.traceSource = TraceSource(side.engine)
      ctx.playheadIndex = side.shown
      ctx.playheadTime = c.playhead.time
      ctx.now = c.clock
      ctx.startScene = side.scene
      ctx.config = side.scene
      ctx.walkReveal = nil
      ctx.memo = side.memo
      ctx.narration = []
      ctx.pendingChanges = []
      ctx.pivot = input.shownPivot(scene: side.snapshot.live)
      ctx.paused = c.paused
      ctx.isReplaying = c.replaying
      ctx.mode = c.paused ? .paused : c.replaying ? .script : .live
      return ctx
    }
  }

  /// The time → x mapping of the two compare timelines in a frame of `size` (nil: not comparing, or a side
  /// with nothing to show).
  func compareTimelineAxes(size: Size) -> [TimelineAxis?]? {
    guard let c = compare else { return nil }
    let t = view.theme
    let layout = ComparePanel.layout(
      size: size, theme: t, stage: view.stage,
      narrationHeight: ComparePanel.stripHeight(ComparePanel.sentence(c, t.language), width: size.width, t))
    return ComparePanel.axes(in: layout.bottom, compareContexts(c, layout: layout), t)
  }
}
