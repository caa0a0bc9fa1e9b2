import Foundation
import Raster
import TouchSim

/// The narration strip: the sentence explaining what the playhead shows, large enough for a projector.
///
/// It shows the narration's sentence(s) for the entry at the playhead (the last item before the playhead)
/// with ids set apart in bold accent, and the answer to "why did …?" once the gesture has one. Without a
/// narrator it explains the entry at the playhead itself (`TraceDescriber.sentence`).
public enum NarrationStrip {
  /// What the strip says: the time of the explained entry, the sentence (ids between backticks) and the
  /// gesture's summary, if any.
  struct Content: Equatable {
    var t: Double?
    var text: String
    var summary: String?
    /// The label before the second line: "why" for a gesture's summary, "tip" for the introduction.
    var summaryLabel = "why"
  }

  static func content(_ ctx: PanelContext) -> Content {
    guard !ctx.trace.isEmpty else {
      // Before anything happens the strip introduces the scene: its `about` text, written for the class.
      if let about = ctx.startScene.about?.trimmingCharacters(in: .whitespacesAndNewlines), !about.isEmpty {
        return Content(
          t: nil, text: about,
          summary: "Touch the device with the mouse (or a finger), or press P to play the scene's script.",
          summaryLabel: "tip")
      }
      return Content(
        t: nil, text: "Touch the device with the mouse (or a finger): every decision UIKit makes is explained here.")
    }
    guard ctx.playheadIndex > 0 else {
      return Content(t: nil, text: "At the start of the trace: press Space to play, or → to step one decision.")
    }
    let before = ctx.narration.filter { $0.traceIndex < ctx.playheadIndex }
    let gestureStart = ctx.snapshot.gestureStart ?? 0
    let summary = before.last { $0.isSummary && $0.traceIndex >= gestureStart }?.text
    if let current = before.last(where: { !$0.isSummary }) {
      let same = before.filter { !$0.isSummary && $0.traceIndex == current.traceIndex }.map(\.text)
      return Content(t: current.t, text: same.joined(separator: " "), summary: summary)
    }
    let e = ctx.trace[min(ctx.playheadIndex, ctx.trace.count) - 1]
    return Content(t: e.t, text: TraceDescriber.sentence(e.event), summary: summary)
  }

  public static func draw(in rect: Rect, _ ctx: PanelContext) -> DrawList {
    var list = DrawList()
    let t = ctx.theme
    list.add(.rect(rect, fill: t.panel.mixed(with: t.background, 0.5), stroke: nil))
    list.add(
      .line(
        from: Point(rect.minX, rect.minY), to: Point(rect.maxX, rect.minY), stroke: Stroke(t.panelBorder, width: t.unit)
      ))
    list.add(.clip(rect))
    let c = content(ctx)
    let pad = 5 * t.unit
    let timeWidth = TextMetrics.width("00000 ms", size: t.smallSize) + 10 * t.unit
    let left = rect.minX + 12 * t.unit
    let textX = left + timeWidth
    let width = rect.maxX - textX - 14 * t.unit
    let mainSize = t.titleSize
    let mainLine = (mainSize * 1.2).rounded()
    let summarySize = t.bodySize
    let summaryLine = (summarySize * 1.3).rounded()
    let available = rect.height - 2 * pad
    let summaryRoom = c.summary == nil ? 0 : summaryLine
    let mainLines = min(max(Int((available - summaryRoom) / mainLine), 1), 3)
    var y = rect.minY + pad
    if let time = c.t {
      list.text(
        TraceDescriber.time(time), Point(left, y + (mainLine - TextMetrics.height(size: t.smallSize)) / 2),
        t.style(t.smallSize, t.faintText, face: .mono))
    }
    let lines = TextMetrics.wrap(
      TextRun.parse(c.text), toWidth: width, size: mainSize, face: .regular, emphasisFace: .bold, maxLines: mainLines)
    for line in lines {
      drawRuns(line, at: Point(textX, y), size: mainSize, color: t.text, emphasis: t.accent, into: &list)
      y += mainLine
    }
    if let summary = c.summary {
      let sy = rect.maxY - pad - summaryLine
      let runs = TextMetrics.wrap(
        TextRun.parse(summary), toWidth: width, size: summarySize, face: .regular, emphasisFace: .bold, maxLines: 1)
      list.text(
        c.summaryLabel, Point(left, sy + (summaryLine - TextMetrics.height(size: t.smallSize)) / 2),
        t.style(t.smallSize, t.waiting, face: .bold))
      if let first = runs.first {
        drawRuns(
          first, at: Point(textX, sy), size: summarySize, color: t.secondaryText, emphasis: t.waiting, into: &list)
      }
    }
    list.add(.unclip)
    return list
  }

  /// One line of runs side by side; emphasised runs bold in `emphasis`.
  static func drawRuns(
    _ runs: [TextRun], at p: Point, size: Double, color: RGBA, emphasis: RGBA, into list: inout DrawList
  ) {
    var x = p.x
    for r in runs {
      let face: FontFace = r.emphasis ? .bold : .regular
      list.add(
        .text(r.text, at: Point(x, p.y), style: TextStyle(size: size, color: r.emphasis ? emphasis : color, face: face))
      )
      x += TextMetrics.width(r.text, size: size, face: face)
    }
  }
}
