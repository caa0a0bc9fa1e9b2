import Geometry
import Localization
import Raster
import StudioUI
import TouchSim

/// The log tab: every trace event as one readable line; clicking a line jumps the playhead there.
///
/// The line at the playhead is highlighted and lines after it are dimmed. The log follows the playhead
/// page by page until the user scrolls it with the wheel (`ctx.scroll[.log]`, pixels from the top).
enum LogPanel {
  static func rowHeight(_ t: Theme) -> Double { t.lineHeight + 2 * t.unit }

  /// The scroll offset (pixels from the top) that shows the playhead's line in a log of `height` pixels.
  ///
  /// The log turns pages instead of scrolling with every step: pages overlap by two lines (one above, one
  /// below), so a line clicked on the page stays where it is, and playing the trace moves the highlight
  /// down the page until the next page comes.
  public static func followOffset(count: Int, playheadIndex: Int, height: Double, theme t: Theme) -> Double {
    let row = rowHeight(t)
    let maxOffset = max(0, Double(count) * row - height)
    let visible = max(Int(height / row), 1)
    let step = max(visible - 2, 1)
    let line = max(playheadIndex - 1, 0)
    let page = line / step
    let first = max(page * step - 1, 0)
    return min(Double(first) * row, maxOffset)
  }

  /// The offset in use: the user's (clamped) if they scrolled, otherwise following the playhead.
  static func offset(_ ctx: PanelContext, height: Double) -> Double {
    let row = rowHeight(ctx.theme)
    let maxOffset = max(0, Double(ctx.trace.count) * row - height)
    if let manual = ctx.scroll[.log] { return min(max(manual, 0), maxOffset) }
    return followOffset(count: ctx.trace.count, playheadIndex: ctx.playheadIndex, height: height, theme: ctx.theme)
  }

  static func draw(in rect: Rect, _ ctx: PanelContext) -> DrawList {
    var list = DrawList()
    let t = ctx.theme
    guard !ctx.trace.isEmpty else {
      list.paragraph(
        ctx.lang(
          "Nothing yet: touch the device, or press P to play the scene's script.", "还没有记录：触摸设备，或按 P 播放场景脚本。"),
        Rect(rect.minX + 12 * t.unit, rect.minY + 10 * t.unit, rect.width - 24 * t.unit, rect.height - 14 * t.unit),
        t.style(nil, t.secondaryText))
      return list
    }
    let row = rowHeight(t)
    let offset = offset(ctx, height: rect.height)
    let first = max(Int(offset / row), 0)
    let last = min(Int((offset + rect.height) / row) + 1, ctx.trace.count)
    let timeWidth = max(
      TextMetrics.width(TraceDescriber.time(ctx.trace.last!.t), size: t.smallSize, face: .mono),
      TextMetrics.width("0000 ms", size: t.smallSize, face: .mono))
    let timeRight = rect.minX + 10 * t.unit + timeWidth
    let iconX = timeRight + 14 * t.unit
    let textX = iconX + 14 * t.unit
    let textRoom = rect.maxX - textX - 16 * t.unit
    // Gesture boundaries near the lines shown (a line between gestures).
    let starts = Set(ctx.gestures.starts)
    list.add(.clip(rect))
    for i in first..<max(first, last) {
      let e = ctx.trace[i]
      let y = rect.minY + Double(i) * row - offset
      let r = Rect(rect.minX, y, rect.width - 8 * t.unit, row)
      let isCurrent = i == ctx.playheadIndex - 1
      let isFuture = i >= ctx.playheadIndex
      if isCurrent {
        list.add(.rect(r, fill: t.accent.withAlpha(0.22), stroke: nil))
        list.add(.rect(Rect(r.minX, r.minY, 4 * t.unit, r.height), fill: t.accent, stroke: nil))
      }
      if i > 0 && starts.contains(i) {
        list.add(
          .line(from: Point(r.minX, r.minY), to: Point(r.maxX, r.minY), stroke: Stroke(t.panelBorder, width: t.unit)))
      }
      let fade: (RGBA) -> RGBA = { isFuture ? $0.withAlpha(0.42) : $0 }
      let tone = TraceDescriber.tone(e.event)
      list.text(
        TraceDescriber.time(e.t), Point(timeRight, r.mid.y),
        t.style(t.smallSize, fade(t.faintText), face: .mono, anchor: TextAnchor(.trailing, .middle)))
      list.text(
        TraceDescriber.icon(e.event), Point(iconX, r.mid.y),
        t.style(t.bodySize, fade(TraceDescriber.color(tone, t)), anchor: .center))
      let textColor: RGBA
      switch tone {
      case .quiet: textColor = t.secondaryText
      case .touch, .normal, .accent: textColor = t.text
      default: textColor = TraceDescriber.color(tone, t)
      }
      let line = TextMetrics.truncate(
        TraceDescriber.plain(TraceDescriber.line(e.event, ctx.lang)), toWidth: textRoom, size: t.bodySize)
      list.text(
        line, Point(textX, r.mid.y), t.style(t.bodySize, fade(textColor), anchor: TextAnchor(.leading, .middle)))
      list.region(r, .jump(i))
    }
    drawScrollBar(rect, offset: offset, content: Double(ctx.trace.count) * row, t, into: &list)
    list.add(.unclip)
    return list
  }

  private static func drawScrollBar(
    _ rect: Rect, offset: Double, content: Double, _ t: Theme, into list: inout DrawList
  ) {
    guard content > rect.height else { return }
    let track = Rect(rect.maxX - 6 * t.unit, rect.minY + 2 * t.unit, 4 * t.unit, rect.height - 4 * t.unit)
    let h = max(track.height * rect.height / content, 16 * t.unit)
    let y = track.minY + (track.height - h) * offset / (content - rect.height)
    list.add(.roundedRect(track, radius: 2 * t.unit, fill: t.background.withAlpha(0.5), stroke: nil))
    list.add(.roundedRect(Rect(track.minX, y, track.width, h), radius: 2 * t.unit, fill: t.panelBorder, stroke: nil))
  }

  /// The count of events and whether the log follows the playhead, in the tab bar.
  static func toolbar(in rect: Rect, _ ctx: PanelContext) -> DrawList {
    var list = DrawList()
    let t = ctx.theme
    let n = ctx.trace.count
    var s = ctx.lang("\(n) event\(n == 1 ? "" : "s")", "\(n) 个事件")
    if ctx.scroll[.log] != nil { s += ctx.lang(" · scrolled by hand", " · 已手动滚动") }
    list.text(
      TextMetrics.truncate(s, toWidth: rect.width, size: t.smallSize), Point(rect.maxX - 4 * t.unit, rect.mid.y),
      t.style(t.smallSize, t.faintText, anchor: TextAnchor(.trailing, .middle)))
    return list
  }
}
