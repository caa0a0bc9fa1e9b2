import Geometry
import Localization
import Narration
import Raster
import StudioUI
import TouchSim

/// A scene's question, asked where the script stopped (ask the class): a card in presenter-sized
/// text whatever the mode, the choices lettered A, B, C…, and rings on the device where the fingers are
/// about to land. Enter shows the answer the engine gave (read from the trace: `QuestionOnScreen`), the
/// right choice marked, and the narration's why.
///
/// The card never covers the device: it takes a column on the right (`reserve`), and the device, the
/// narration and the timeline make room for it.
enum OverlayQuestion {
  /// The card's text laid out for one width.
  struct Card {
    var heading: String
    var ask: [String]
    var rows: [[(choice: String, text: String, width: Double)]]
    var after: [(text: String, size: Double, color: RGBA, face: FontFace)]
    var keys: String
    var height: Double
  }

  /// Text sizes and spacing, in presenter units (`u`).
  struct Metrics {
    let u: Double
    /// Tighter, for a small window: the question at the choices' size, less padding; nothing below
    /// presenter size.
    var compact = false
    var pad: Double { (compact ? 10 : 14) * u }
    var small: Double { 12 * u }
    var body: Double { 13 * u }
    var big: Double { (compact ? 13 : 16) * u }
    var pillH: Double { line(body) + (compact ? 6 : 8) * u }
    var pillGap: Double { (compact ? 5 : 8) * u }
    func line(_ size: Double) -> Double { (size * 1.35).rounded() }
  }

  /// The presenter unit of the card: readable from the back of a room even when the window is not in
  /// presenter mode (the answer and its why at least 18 px at scale 1).
  static func unit(_ t: Theme) -> Double { max(t.unit, t.pixelScale * 1.5) }
  static func presenterUnit(_ t: Theme) -> Double { unit(t) }

  /// How far a ring of where a finger lands next reaches from its centre, its number's badge included
  /// (pixels).
  static func ringRadius(_ t: Theme) -> Double { 34 * unit(t) }

  /// Makes room for the card before the panels are laid out: a column on the right, the inspector's when
  /// the card fits there, else as narrow as lets the card, answer and why included, stand whole from under
  /// the header to the bottom of the window. The device shrinks if it must (to a fifth of the window at
  /// least); a small window sets the card tighter, and only when even the widest column cannot hold it so
  /// is its text made smaller (never below 0.72).
  static func reserve(_ q: QuestionOnScreen, in frame: inout StudioLayout, _ ctx: PanelContext) {
    let u = unit(ctx.theme)
    let margin = 12 * u
    let available = frame.size.height - frame.header.maxY - 2 * margin
    // The column grows only as far as the card needs (the device keeps its size when it can), and the
    // device, shrinking if it must, keeps a fifth of the window at least.
    let widest = max(frame.size.width - max(frame.size.width / 5, 100 * u), 1)
    let narrowest = min(max(300 * u, frame.inspector.width), widest)
    // Before Enter the column is sized by the question alone: its width must not hint at how long the
    // answer is. Once answered, the column is as wide as the question needed, or wider if the answer must.
    var asked = q
    asked.revealed = false
    func fits(_ column: Double, _ m: Metrics) -> Bool {
      let width = column - 2 * margin
      return layout(asked, width: width, m, ctx).height <= available
        && (!q.revealed || layout(q, width: width, m, ctx).height <= available)
    }
    for (factor, compact) in [(1.0, false), (1, true), (0.85, true), (0.72, true)] {
      let m = Metrics(u: u * factor, compact: compact)
      var column = narrowest
      while true {
        if fits(column, m) {
          frame.reserveCardColumn(width: column)
          frame.cardScale = factor
          frame.cardCompact = compact
          return
        }
        if column >= widest { break }
        column = min(column + 40 * u, widest)
      }
    }
    frame.reserveCardColumn(width: widest)
    frame.cardScale = 0.72
    frame.cardCompact = true
  }

  /// Where the fingers land next: hollow dashed rings on the device, numbered beside them, drawn under the
  /// views' own text so a ring never hides the title it lands on.
  static func rings(_ q: QuestionOnScreen, _ ctx: PanelContext) -> [DrawCommand] {
    var list = DrawList()
    let t = ctx.theme
    let u = unit(t)
    let vp = ctx.viewport
    let r = 22 * u
    for touch in q.upcoming {
      let p = vp.toPixels(touch.at)
      list.add(.circle(center: p, radius: r, fill: nil, stroke: Stroke(t.accent, width: 3 * u, dash: 6 * u)))
      let badge = Point(p.x + r * 0.75, p.y - r * 0.75)
      list.add(.circle(center: badge, radius: 10 * u, fill: t.accent, stroke: nil))
      list.text("\(touch.touch)", badge, t.style(11 * u, .white, face: .bold, anchor: .center))
    }
    return list.commands
  }

  static func draw(_ q: QuestionOnScreen, _ ctx: PanelContext) -> DrawList {
    var list = DrawList()
    let t = ctx.theme
    let u = unit(t)
    let margin = 12 * u

    guard let column = ctx.layout.card else { return list }
    let m = Metrics(u: u * ctx.layout.cardScale, compact: ctx.layout.cardCompact)
    let width = column.width - 2 * margin
    let c = layout(q, width: width, m, ctx)
    let rect = Rect(column.minX + margin, column.minY + margin, width, min(c.height, column.height - 2 * margin))
    drawCard(c, q, in: rect, m, ctx, into: &list)
    return list
  }

  /// What is left of the card's column under the card (where a toast goes while a question is up, off
  /// the card, the device and the narration); nil without a card.
  static func roomUnderCard(_ q: QuestionOnScreen, _ ctx: PanelContext) -> Rect? {
    guard let column = ctx.layout.card else { return nil }
    let u = unit(ctx.theme)
    let margin = 12 * u
    let m = Metrics(u: u * ctx.layout.cardScale, compact: ctx.layout.cardCompact)
    let c = layout(q, width: column.width - 2 * margin, m, ctx)
    let bottom = column.minY + margin + min(c.height, column.height - 2 * margin)
    return Rect(column.minX, bottom, column.width, max(column.maxY - bottom, 0))
  }

  /// The card's lines at `width`, and the height they need.
  static func layout(_ q: QuestionOnScreen, width: Double, _ m: Metrics, _ ctx: PanelContext) -> Card {
    let t = ctx.theme
    let l = ctx.lang
    let u = m.u
    let inner = width - 2 * m.pad
    let heading =
      l("Question \(q.index + 1) of \(q.count)", "问题 \(q.index + 1) / \(q.count)")
      + "  ·  \(JSONNumber.format(q.question.t)) ms"
    let ask = TextMetrics.wrap(q.question.ask(in: l.rawValue), toWidth: inner, size: m.big, face: .bold)
    let letters = Array("ABCDEFGH")
    // Choices as pills flowing left to right, wrapping.
    var rows: [[(choice: String, text: String, width: Double)]] = [[]]
    var rowWidth = 0.0
    for (i, choice) in q.question.offered.enumerated() {
      let text = "\(letters[min(i, letters.count - 1)])  " + QuestionWhy.display(choice, l)
      let w = min(TextMetrics.width("✓ " + text, size: m.body, face: .bold) + 24 * u, inner)
      if !rows[rows.count - 1].isEmpty && rowWidth + m.pillGap + w > inner {
        rows.append([])
        rowWidth = 0
      }
      rowWidth += (rows[rows.count - 1].isEmpty ? 0 : m.pillGap) + w
      rows[rows.count - 1].append((choice, text, w))
    }
    var after: [(text: String, size: Double, color: RGBA, face: FontFace)] = []
    if q.revealed {
      if let v = q.answer.value {
        let among = q.question.offered.contains(v)
        for line in TextMetrics.wrap(
          l("The engine: ", "引擎的答案：") + QuestionWhy.display(v, l), toWidth: inner, size: m.body, face: .bold)
        {
          after.append((line, m.body, among ? t.good : t.badText, .bold))
        }
        if !among { after.append((l("(not among the choices)", "（不在选项之中）"), m.small, t.badText, .regular)) }
      } else {
        after.append((l("Nothing in this run answers it.", "这次运行中没有任何事件能回答这个问题。"), m.body, t.badText, .bold))
        for line in TextMetrics.wrap(
          q.problem ?? "", toWidth: inner, size: m.small)
        {
          after.append((line, m.small, t.badText, .regular))
        }
      }
      for w in q.why {
        for line in TextMetrics.wrap(w, toWidth: inner, size: m.small) {
          after.append((line, m.small, t.text, .regular))
        }
      }
    }
    let keys =
      q.revealed
      ? l("Space: play on   Esc: close", "Space：继续播放   Esc：关闭")
      : l("Enter: show the answer   Space: play on", "Enter：显示答案   Space：继续播放")
    var height = m.pad + m.line(m.small) + 4 * u + Double(ask.count) * m.line(m.big) + 8 * u
    height += Double(rows.count) * (m.pillH + m.pillGap) + 2 * u
    height += after.reduce(0) { $0 + m.line($1.size) } + (after.isEmpty ? 0 : 6 * u)
    height += m.line(m.small) + m.pad
    return Card(heading: heading, ask: ask, rows: rows, after: after, keys: keys, height: height)
  }

  static func drawCard(
    _ c: Card, _ q: QuestionOnScreen, in card: Rect, _ m: Metrics, _ ctx: PanelContext, into list: inout DrawList
  ) {
    let t = ctx.theme
    let l = ctx.lang
    let u = m.u
    list.add(
      .roundedRect(
        card, radius: 10 * u, fill: t.panel.mixed(with: .black, 0.25).withAlpha(0.97),
        stroke: Stroke(t.accent, width: 2 * u)))
    // The card takes its clicks and hides the tooltips of what lies under it.
    list.region(card, .questionCard, tip: "")
    list.add(.clip(card))
    let x = card.minX + m.pad
    var y = card.minY + m.pad
    list.text(c.heading, Point(x, y), t.style(m.small, t.accent, face: .bold))
    y += m.line(m.small) + 4 * u
    for line in c.ask {
      list.text(line, Point(x, y), t.style(m.big, t.text, face: .bold))
      y += m.line(m.big)
    }
    y += 8 * u
    for row in c.rows {
      var px = x
      for p in row {
        let r = Rect(px, y, p.width, m.pillH)
        let right = q.revealed && q.answer.value == p.choice
        let dim = q.revealed && !right
        let fill = right ? t.good.mixed(with: .black, 0.25) : t.panel.mixed(with: .white, dim ? 0.02 : 0.1)
        let stroke = right ? t.good : dim ? t.panelBorder : t.secondaryText
        list.add(.roundedRect(r, radius: m.pillH / 2, fill: fill, stroke: Stroke(stroke, width: (right ? 3 : 1.5) * u)))
        // A choice longer than the card is shortened to fit ("…"); its whole text is the pill's tooltip.
        let label = TextMetrics.truncate(
          right ? "✓ " + p.text : p.text, toWidth: p.width - 16 * u, size: m.body, face: .bold)
        list.text(label, r.mid, t.style(m.body, dim ? t.secondaryText : t.text, face: .bold, anchor: .center))
        if label != (right ? "✓ " + p.text : p.text) { list.region(r, .questionCard, tip: p.text) }
        px += p.width + m.pillGap
      }
      y += m.pillH + m.pillGap
    }
    y += 2 * u
    if !c.after.isEmpty { y += 6 * u }
    for a in c.after {
      list.text(a.text, Point(x, y), t.style(a.size, a.color, face: a.face))
      y += m.line(a.size)
    }
    list.text(c.keys, Point(x, y), t.style(m.small, t.secondaryText))
    list.add(.unclip)
    // The hint is a button too: a click shows the answer (or plays on).
    list.region(
      Rect(x, y, card.width - 2 * m.pad, m.line(m.small)), q.revealed ? .togglePause : .revealAnswer,
      tip: q.revealed ? l("play on (Space)", "继续播放（Space）") : l("show the answer (Enter)", "显示答案（Enter）"))
  }

}
