import Geometry
import Localization
import Narration
import Raster
import TouchSim

/// A scene's question, asked where the script stopped (issue 17, ask the class): a card in presenter-sized
/// text whatever the mode, the choices lettered A, B, C…, and rings on the device where the fingers are
/// about to land. Enter shows the answer the engine gave (read from the trace: `QuestionOnScreen`), the
/// right choice marked, and the narration's why.
///
/// The card keeps the device in sight when it can: over the inspector, or beside the device on the stage;
/// only when neither has room is it drawn over the device, away from the rings.
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
    var pad: Double { 14 * u }
    var small: Double { 11 * u }
    var body: Double { 13 * u }
    var big: Double { 16 * u }
    var pillH: Double { line(body) + 8 * u }
    var pillGap: Double { 8 * u }
    func line(_ size: Double) -> Double { (size * 1.35).rounded() }
  }

  /// The radius of the rings where the fingers land next, with half their stroke (pixels).
  static func ringRadius(_ t: Theme) -> Double { 22 * presenterUnit(t) }

  /// The card's unit: presenter size whatever the mode.
  static func presenterUnit(_ t: Theme) -> Double { max(t.unit, t.pixelScale * 1.5) }

  static func draw(_ q: QuestionOnScreen, over canvas: Rect, window: Rect, _ ctx: PanelContext) -> DrawList {
    var list = DrawList()
    let t = ctx.theme
    // Presenter size: readable from the back of a room even when the window is not in presenter mode.
    let m = Metrics(u: presenterUnit(t))
    let u = m.u
    let margin = 12 * u

    // Where the fingers land next: rings on the device, numbered.
    let vp = ctx.viewport
    let r = ringRadius(ctx.theme)
    let rings = q.upcoming.map { vp.toPixels($0.at) }
    for (touch, p) in zip(q.upcoming, rings) {
      list.add(
        .circle(
          center: p, radius: r, fill: t.accent.withAlpha(0.18), stroke: Stroke(t.accent, width: 3 * u, dash: 6 * u)))
      list.text("\(touch.touch)", p, t.style(m.body, .white, face: .bold, anchor: .center))
    }
    // A handout prints the question as text: the picture keeps the rings only.
    if ctx.handoutPicture { return list }

    // Over the inspector's column when it is shown (down over the panels below it when the answer needs
    // the room), or beside the device on the stage; else over the device, at the bottom or the top,
    // whichever covers fewer rings, and down over the panels below when the answer needs the room.
    let d = vp.toPixels(Rect(origin: .zero, size: ctx.config.window))
    let device = Rect(
      max(d.minX, canvas.minX), d.minY, max(0, min(d.maxX, canvas.maxX) - max(d.minX, canvas.minX)), d.height)
    let inspector = ctx.layout.inspector
    let below = window.maxY - canvas.minY
    let column = Rect(inspector.minX, canvas.minY, inspector.width, inspector.width > 0 ? below : 0)
    let right = Rect(device.maxX + margin, canvas.minY, canvas.maxX - device.maxX - margin, canvas.height)
    let left = Rect(canvas.minX, canvas.minY, device.minX - canvas.minX - margin, canvas.height)
    // Nothing cut: the card's text is made smaller (to 0.72 of presenter size) before any of it would
    // have to go; only a question that fits nowhere even then is clipped, over the device.
    var placed: (rect: Rect, card: Card, metrics: Metrics)?
    search: for factor in [1, 0.85, 0.72] {
      let mf = Metrics(u: u * factor)
      for area in [column, right, left] where area.width >= 300 * u {
        let width = area.width - 2 * margin
        let c = layout(q, width: width, mf, ctx)
        if c.height <= area.height - 2 * margin {
          placed = (Rect(area.minX + margin, area.minY + margin, width, c.height), c, mf)
          break search
        }
      }
      let width = min(canvas.width - 2 * margin, 760 * u)
      let c = layout(q, width: width, mf, ctx)
      guard c.height <= below - 2 * margin || factor == 0.72 else { continue }
      let height = min(c.height, below - 2 * margin)
      func covered(_ top: Double) -> Int { rings.filter { $0.y + r > top && $0.y - r < top + height }.count }
      let top = canvas.minY + margin
      let bottom = max(top, canvas.maxY - margin - height)
      let y = covered(top) < covered(bottom) ? top : bottom
      placed = (Rect(canvas.minX + (canvas.width - width) / 2, y, width, max(0, height)), c, mf)
      break
    }
    guard let placed else { return list }
    drawCard(placed.card, q, in: placed.rect, placed.metrics, ctx, into: &list)
    return list
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
          QuestionWhy.problem(q.question, q.answer, trace: ctx.trace, l), toWidth: inner, size: m.small)
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
