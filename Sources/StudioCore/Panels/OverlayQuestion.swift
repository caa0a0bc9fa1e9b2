import Localization
import Raster
import TouchSim

/// A scene's question, asked where the script stopped (issue 17, ask the class): a card over the device
/// in presenter-sized text whatever the mode, the choices lettered A, B, C…, and rings where the fingers
/// are about to land. Enter shows the answer the engine gave (read from the trace: `QuestionOnScreen`),
/// the choice that is right marked, and the narration's why.
enum OverlayQuestion {
  static func draw(_ q: QuestionOnScreen, over canvas: Rect, _ ctx: PanelContext) -> DrawList {
    var list = DrawList()
    let t = ctx.theme
    let l = ctx.lang
    // Presenter size: readable from the back of a room even when the window is not in presenter mode.
    let u = max(t.unit, t.pixelScale * 1.5)
    let margin = 12 * u
    let pad = 14 * u
    let width = min(canvas.width - 2 * margin, 760 * u)
    let inner = width - 2 * pad
    let small = 12 * u
    let body = 14 * u
    let big = 19 * u
    let lineH = { (size: Double) in (size * 1.35).rounded() }

    // Where the fingers land next: rings on the device, numbered.
    let vp = ctx.viewport
    let r = 22 * u
    let rings = q.upcoming.map { vp.toPixels($0.at) }
    for touch in q.upcoming {
      let p = vp.toPixels(touch.at)
      list.add(
        .circle(
          center: p, radius: r, fill: t.accent.withAlpha(0.18), stroke: Stroke(t.accent, width: 3 * u, dash: 6 * u)))
      list.text("\(touch.touch)", p, t.style(body, .white, face: .bold, anchor: .center))
    }

    // The text, measured first: the card is as tall as it needs (within the canvas).
    let heading =
      l("Question \(q.index + 1) of \(q.count)", "问题 \(q.index + 1) / \(q.count)") + "  ·  \(Self.ms(q.question.t)) ms"
    let ask = TextMetrics.wrap(q.question.ask(in: l.rawValue), toWidth: inner, size: big, face: .bold, maxLines: 4)
    let choices = q.question.offered
    let letters = Array("ABCDEFGH")
    let pills = choices.enumerated().map { i, c in
      (choice: c, text: "\(letters[min(i, letters.count - 1)])  " + Self.display(c, l))
    }
    let pillH = lineH(body) + 10 * u
    let pillGap = 8 * u
    // Pills flow left to right and wrap.
    var rows: [[(choice: String, text: String, width: Double)]] = [[]]
    var rowWidth = 0.0
    for p in pills {
      let w = min(TextMetrics.width(p.text, size: body, face: .bold) + 28 * u, inner)
      if !rows[rows.count - 1].isEmpty && rowWidth + pillGap + w > inner {
        rows.append([])
        rowWidth = 0
      }
      rowWidth += (rows[rows.count - 1].isEmpty ? 0 : pillGap) + w
      rows[rows.count - 1].append((p.choice, p.text, w))
    }
    var after: [(text: String, size: Double, color: RGBA, face: FontFace)] = []
    if q.revealed {
      let a = q.answer
      if let v = a.value {
        let among = choices.contains(v)
        let line = l("The engine: ", "引擎的答案：") + Self.display(v, l)
        after.append((line, body, among ? t.good : t.badText, .bold))
        if !among {
          after.append((l("(not among the choices)", "（不在选项之中）"), small, t.badText, .regular))
        }
      } else {
        after.append((l("Nothing in this run answers it.", "这次运行中没有任何事情回答它。"), body, t.badText, .bold))
      }
      for w in q.why {
        for line in TextMetrics.wrap(w, toWidth: inner, size: small, maxLines: 4) {
          after.append((line, small, t.text, .regular))
        }
      }
    }
    let keys =
      q.revealed
      ? l("Space: play on   Esc: close", "Space：继续播放   Esc：关闭")
      : l("Enter: show the answer   Space: play on", "Enter：显示答案   Space：继续播放")
    var height = pad + lineH(small) + 4 * u + Double(ask.count) * lineH(big) + 8 * u
    height += Double(rows.count) * pillH + Double(rows.count - 1) * pillGap + 10 * u
    height += after.reduce(0) { $0 + lineH($1.size) } + (after.isEmpty ? 0 : 6 * u)
    height += lineH(small) + pad
    height = min(height, canvas.height - 2 * margin)
    let x0 = canvas.minX + (canvas.width - width) / 2
    // Away from where the fingers land: at the bottom of the canvas, or at the top when that covers fewer
    // of the rings.
    func covered(_ top: Double) -> Int {
      rings.filter { $0.y + r > top && $0.y - r < top + height }.count
    }
    let bottom = canvas.maxY - margin - height
    let top = canvas.minY + margin
    let y0 = covered(top) < covered(bottom) ? top : bottom
    let card = Rect(x0, y0, width, max(0, height))
    list.add(
      .roundedRect(
        card, radius: 10 * u, fill: t.panel.mixed(with: .black, 0.25).withAlpha(0.97),
        stroke: Stroke(t.accent, width: 2 * u)))
    list.add(.clip(card))
    let x = card.minX + pad
    var y = card.minY + pad
    list.text(heading, Point(x, y), t.style(small, t.accent, face: .bold))
    y += lineH(small) + 4 * u
    for line in ask {
      list.text(line, Point(x, y), t.style(big, t.text, face: .bold))
      y += lineH(big)
    }
    y += 8 * u
    for row in rows {
      var px = x
      for p in row {
        let r = Rect(px, y, p.width, pillH)
        let right = q.revealed && q.answer.value == p.choice
        let dim = q.revealed && !right
        let fill = right ? t.good.mixed(with: .black, 0.25) : t.panel.mixed(with: .white, dim ? 0.02 : 0.1)
        let stroke = right ? t.good : dim ? t.panelBorder : t.secondaryText
        list.add(.roundedRect(r, radius: pillH / 2, fill: fill, stroke: Stroke(stroke, width: (right ? 3 : 1.5) * u)))
        let label = right ? "✓ " + p.text : p.text
        list.text(label, r.mid, t.style(body, dim ? t.secondaryText : t.text, face: .bold, anchor: .center))
        px += p.width + pillGap
      }
      y += pillH + pillGap
    }
    y += 10 * u - pillGap
    if !after.isEmpty { y += 6 * u }
    for a in after {
      list.text(a.text, Point(x, y), t.style(a.size, a.color, face: a.face))
      y += lineH(a.size)
    }
    list.text(keys, Point(x, y), t.style(small, t.secondaryText))
    list.add(.unclip)
    // The hint is a button too: a click shows the answer (or plays on).
    list.region(
      Rect(x, y, inner, lineH(small)), q.revealed ? .togglePause : .revealAnswer,
      tip: q.revealed ? l("play on (Space)", "继续播放（Space）") : l("show the answer (Enter)", "显示答案（Enter）"))
    return list
  }

  /// A choice as shown: ids, states and methods as UIKit writes them; the plain words in the window's language.
  static func display(_ choice: String, _ l: Language) -> String {
    switch choice {
    case SceneQuestion.yes: return l("yes", "是")
    case SceneQuestion.no: return l("no", "否")
    case SceneQuestion.none: return l("none", "无")
    case SceneQuestion.nothing: return l("nothing", "什么也没有")
    default: return choice
    }
  }

  static func ms(_ t: Double) -> String { t == t.rounded() && abs(t) < 1e15 ? String(Int(t)) : String(t) }
}
