import Foundation
import Geometry
import Localization
import Raster
import StudioUI
import TouchSim

/// The narration strip: the sentence explaining what the playhead shows, large enough for a projector.
///
/// It shows the narration's sentence(s) for the entry at the playhead (the last item before the playhead)
/// with ids set apart in bold accent, and the answer to "why did …?" once the gesture has one. Without a
/// narrator it explains the entry at the playhead itself (`TraceDescriber.sentence`).
public enum NarrationStrip: WindowPanel {
  /// What the strip says: the time of the explained entry, the sentence (ids between backticks) and the
  /// gesture's summary, if any.
  public struct Content: Equatable {
    var t: Double?
    var text: String
    var summary: String?
    /// The label before the second line: "why" for a gesture's summary, "tip" for the introduction.
    var summaryLabel = "why"
  }

  public static func content(_ ctx: PanelContext) -> Content {
    let l = ctx.lang
    let scene = ctx.startScene
    // A question on screen: the strip says what has happened so far and nothing more. The scene's
    // introduction, written to explain the lesson, would answer the question, so it is not shown.
    // Beside a question's card in a small window the strip is too narrow for a sentence: it stays empty
    // rather than break words (the card says it all).
    if ctx.question != nil && ctx.layout.narration.width < 240 * ctx.theme.unit { return Content(t: nil, text: "") }
    if let q = ctx.question, ctx.playheadIndex == 0 || ctx.trace.isEmpty {
      return Content(
        t: nil,
        text: l(
          "Question \(q.index + 1) of \(q.count): what will UIKit do? Press Enter to see the engine's answer.",
          "问题 \(q.index + 1) / \(q.count)：UIKit 会怎么做？按 Enter 查看引擎的答案。"))
    }
    guard !ctx.trace.isEmpty else {
      // Before anything happens the strip introduces the scene: its `about` text, written for the class.
      // Whole, up to a length no class reads (a text of megabytes would be laid out as thousands of lines
      // each frame): past that it is cut with "…".
      let longest = 4000
      let about = (l.isChinese ? scene.about(in: l.rawValue) : scene.about).map { TextMetrics.cut($0, after: longest) }
      if let about = about?.trimmingCharacters(in: .whitespacesAndNewlines), !about.isEmpty {
        // The title first, whole (the header may have had to shorten it), set apart like an id.
        let title = (l.isChinese ? scene.title(in: l.rawValue) : scene.title).map {
          "`\(TextMetrics.cut($0, after: longest).replacingOccurrences(of: "`", with: "'"))` — "
        }
        return Content(
          t: nil, text: (title ?? "") + about,
          summary: scene.questions.isEmpty
            ? l(
              "Touch the device with the mouse (or a finger), or press P to play the scene's script.",
              "用鼠标（或手指）触摸设备，或按 P 播放场景脚本。")
            : l(
              "Touch the device with the mouse (or a finger), or press P to play the scene's script: it stops to ask the class \(scene.questions.count == 1 ? "a question" : "\(scene.questions.count) questions") (Enter shows the answer, Space plays on).",
              "用鼠标（或手指）触摸设备，或按 P 播放场景脚本：播放会停下来向全班提出 \(scene.questions.count) 个问题（Enter 显示答案，Space 继续播放）。"),
          summaryLabel: l("tip", "提示"))
      }
      return Content(
        t: nil,
        text: l(
          "Touch the device with the mouse (or a finger): every decision UIKit makes is explained here.",
          "用鼠标（或手指）触摸设备：UIKit 做出的每个决策都会在这里解说。"))
    }
    guard ctx.playheadIndex > 0 else {
      return Content(
        t: nil,
        text: l(
          "At the start of the trace: press Space to play, or → to step one decision.",
          "位于跟踪记录的开头：按 Space 播放，或按 → 单步前进一个决策。"))
    }
    let before = ctx.narration.filter { $0.traceIndex < ctx.playheadIndex }
    let gestureStart = ctx.snapshot.gestureStart ?? 0
    let summary = before.last { $0.isSummary && $0.traceIndex >= gestureStart }?.text
    if let current = before.last(where: { !$0.isSummary }) {
      let same = before.filter { !$0.isSummary && $0.traceIndex == current.traceIndex }.map(\.text)
      return Content(
        t: current.t, text: same.joined(separator: l.isChinese ? "" : " "), summary: summary,
        summaryLabel: l("why", "为什么"))
    }
    let e = ctx.trace[min(ctx.playheadIndex, ctx.trace.count) - 1]
    return Content(t: e.t, text: TraceDescriber.sentence(e.event, l), summary: summary, summaryLabel: l("why", "为什么"))
  }

  /// How the strip sets its text in `width` pixels: sizes, line heights, and every line of the
  /// explanation and of the summary, wrapped and never cut (legibility).
  struct Setting {
    var pad: Double
    var timeWidth: Double
    var mainSize: Double
    var mainLine: Double
    var summarySize: Double
    var summaryLine: Double
    var main: [[TextRun]]
    var summary: [[TextRun]]

    /// The height all of it needs.
    var height: Double {
      2 * pad + Double(main.count) * mainLine + (summary.isEmpty ? 0 : 4 + Double(summary.count) * summaryLine)
    }
  }

  static func setting(_ c: Content, width panelWidth: Double, _ t: Theme, memo: FrameMemo? = nil) -> Setting {
    if let memo {
      return memo.narrationSetting(c, width: panelWidth, t) { setting(c, width: panelWidth, t) }
    }
    // The gutter holds the time of the line and the summary's label, as wide as they are (no gutter when
    // there is neither): a time past ten seconds never runs into the sentence.
    var gutter = c.t.map { TextMetrics.width(TraceDescriber.time($0), size: t.smallSize, face: .mono) } ?? 0
    if c.summary != nil { gutter = max(gutter, TextMetrics.width(c.summaryLabel, size: t.smallSize, face: .bold)) }
    let timeWidth = gutter > 0 ? gutter + 10 * t.unit : 0
    let width = max(panelWidth - 12 * t.unit - timeWidth - 14 * t.unit, 40 * t.unit)
    let mainSize = t.titleSize
    let summarySize = t.bodySize
    let main = TextMetrics.wrap(
      TextRun.parse(c.text), toWidth: width, size: mainSize, face: .regular, emphasisFace: .bold)
    let summary =
      c.summary.map {
        TextMetrics.wrap(TextRun.parse($0), toWidth: width, size: summarySize, face: .regular, emphasisFace: .bold)
      } ?? []
    return Setting(
      pad: 5 * t.unit, timeWidth: timeWidth, mainSize: mainSize, mainLine: (mainSize * 1.2).rounded(),
      summarySize: summarySize, summaryLine: (summarySize * 1.3).rounded(), main: main, summary: summary)
  }

  /// The height the strip needs to show `c` whole in a panel `width` pixels wide.
  static func neededHeight(_ c: Content, width: Double, _ t: Theme, memo: FrameMemo? = nil) -> Double {
    setting(c, width: width, t, memo: memo).height
  }

  /// How far the strip can scroll in `rect` (0 when everything fits).
  static func maxScroll(in rect: Rect, _ ctx: PanelContext) -> Double {
    max(laidOut(content(ctx), in: rect, ctx).height - rect.height, 0)
  }

  /// The text set in `rect`: across its width when it fits; narrower when it scrolls, so that the "more"
  /// mark in the bottom-trailing corner covers none of it.
  static func laidOut(_ c: Content, in rect: Rect, _ ctx: PanelContext) -> Setting {
    let whole = setting(c, width: rect.width, ctx.theme, memo: ctx.memo)
    guard whole.height > rect.height else { return whole }
    return setting(c, width: rect.width - moreWidth(ctx) - 12 * ctx.theme.unit, ctx.theme, memo: ctx.memo)
  }

  /// The width of the "more" mark's box.
  static func moreWidth(_ ctx: PanelContext) -> Double {
    TextMetrics.width(ctx.lang("▾ more", "▾ 更多"), size: ctx.theme.smallSize, face: .bold) + 10 * ctx.theme.unit
  }

  public static func draw(in rect: Rect, _ ctx: PanelContext, into list: inout DrawList) {
    let t = ctx.theme
    list.add(.rect(rect, fill: t.panel.mixed(with: t.background, 0.5), stroke: nil))
    list.add(
      .line(
        from: Point(rect.minX, rect.minY), to: Point(rect.maxX, rect.minY), stroke: Stroke(t.panelBorder, width: t.unit)
      ))
    list.add(.clip(rect))
    let c = content(ctx)
    let s = laidOut(c, in: rect, ctx)
    let left = rect.minX + 12 * t.unit
    let textX = left + s.timeWidth
    // Longer than the strip can grow: it scrolls (the wheel over it), with a mark while more is below.
    let overflow = max(s.height - rect.height, 0)
    let offset = min(ctx.scroll[.narration] ?? 0, overflow)
    var y = rect.minY + s.pad - offset
    // Only whole lines: a line the strip's edge would slice is left for the wheel to bring in.
    func whole(_ y: Double, _ size: Double) -> Bool {
      y >= rect.minY - 0.5 && y + TextMetrics.height(size: size) <= rect.maxY + 0.5
    }
    if let time = c.t, whole(y + (s.mainLine - TextMetrics.height(size: t.smallSize)) / 2, t.smallSize) {
      list.text(
        TraceDescriber.time(time), Point(left, y + (s.mainLine - TextMetrics.height(size: t.smallSize)) / 2),
        t.style(t.smallSize, t.faintText, face: .mono))
    }
    for line in s.main {
      if whole(y, s.mainSize) {
        drawRuns(line, at: Point(textX, y), size: s.mainSize, color: t.text, emphasis: t.accent, into: &list)
      }
      y += s.mainLine
    }
    if let label = s.summary.isEmpty ? nil : c.summaryLabel {
      y += 4
      let labelY = y + (s.summaryLine - TextMetrics.height(size: t.smallSize)) / 2
      if whole(labelY, t.smallSize) {
        list.text(label, Point(left, labelY), t.style(t.smallSize, t.waiting, face: .bold))
      }
      for line in s.summary {
        if whole(y, s.summarySize) {
          drawRuns(
            line, at: Point(textX, y), size: s.summarySize, color: t.secondaryText, emphasis: t.waiting, into: &list)
        }
        y += s.summaryLine
      }
    }
    if overflow > 0 {
      list.region(rect, .tipOnly, tip: ctx.lang("scroll with the wheel for the rest", "用滚轮查看其余内容"))
      if offset < overflow {
        let more = ctx.lang("▾ more", "▾ 更多")
        let style = t.style(t.smallSize, t.accent, face: .bold, anchor: TextAnchor(.trailing, .bottom))
        let w = moreWidth(ctx)
        let box = Rect(
          rect.maxX - w - 8 * t.unit, rect.maxY - TextMetrics.height(size: t.smallSize) - 4 * t.unit, w,
          TextMetrics.height(size: t.smallSize) + 2 * t.unit)
        list.add(.roundedRect(box, radius: 4 * t.unit, fill: t.panel, stroke: nil))
        list.text(more, Point(box.maxX - 5 * t.unit, box.maxY - t.unit), style)
      }
    }
    list.add(.unclip)
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
