import Geometry
import Localization
import Raster
import TouchSim
import TraceKit

/// The inspector's Pairs tab: which recognizers may recognize together and which wait for which.
///
/// A compact matrix (row A, column B): a double line where A and B may recognize simultaneously, an
/// hourglass where A waits for B to fail (require(toFail:), shouldRequireFailureOf, or B's
/// shouldBeRequiredToFailBy), lit amber while that wait blocks, ringed when the engine just asked about
/// the pair. Below it, the selected recognizer's four toggles against every other one.
enum InspectorPairMatrix {
  static func draw(
    x: Double, top: Double, width: Double, _ ctx: PanelContext, _ recents: InspectorRecents, into list: inout DrawList
  )
    -> Double
  {
    let t = ctx.theme
    let u = t.unit
    let recs = ctx.memo.recognizers(in: ctx.config)
    var y = top
    guard recs.count >= 2 else {
      let style = t.style(t.bodySize, t.secondaryText)
      let text =
        recs.isEmpty
        ? ctx.lang("No gesture recognizers in this scene.", "这个场景没有手势识别器。")
        : ctx.lang("Only one recognizer: no pairs.", "只有一个手势识别器：没有配对。")
      list.text(InspectorText.truncate(text, width, style), Point(x, y + 4 * u), style)
      return 28 * u
    }
    // The selected recognizer, else one waiting now, else one the last touch reached, else the first.
    let focus = InspectorPanel.involved(ctx) ?? []
    let selectedIndex =
      recs.firstIndex { $0.id == ctx.selected }
      ?? recs.firstIndex { !(ctx.snapshot.recognizers[$0.id]?.waitingFor.isEmpty ?? true) }
      ?? recs.firstIndex { focus.contains($0.id) } ?? 0
    let a = recs[selectedIndex]
    y += legend(x: x, y: y, width: width, t, into: &list)

    // The matrix.
    let n = recs.count
    let labelStyle = t.style(t.smallSize, t.text, anchor: InspectorWidgets.leadingMiddle)
    let boldLabel = t.style(t.smallSize, t.accent, face: .bold, anchor: InspectorWidgets.leadingMiddle)
    let widest = recs.enumerated().map { i, r in InspectorText.width("\(i + 1)  \(r.id)", boldLabel) }.max() ?? 0
    var labelW = min(widest + 10 * u, width * 0.42)
    var cell = min(max((width - labelW) / Double(n), 16 * u), 28 * u)
    if labelW + cell * Double(n) > width {
      cell = max((width - labelW) / Double(n), 10 * u)
      labelW = max(width - cell * Double(n), 40 * u)
    }
    let gridX = x + labelW
    let headerStyle = t.style(t.smallSize * 0.92, t.faintText, anchor: .center)
    for j in 0..<n {
      let c = Point(gridX + (Double(j) + 0.5) * cell, y + 8 * u)
      list.text(String(j + 1), c, j == selectedIndex ? InspectorWidgets.recolor(headerStyle, t.accent) : headerStyle)
    }
    y += 17 * u
    for (i, ra) in recs.enumerated() {
      let rowRect = Rect(x, y, labelW + cell * Double(n), cell)
      if i == selectedIndex {
        list.add(.roundedRect(rowRect, radius: 4 * u, fill: t.accent.withAlpha(0.14), stroke: nil))
      }
      let style = i == selectedIndex ? boldLabel : labelStyle
      let label = InspectorText.truncate("\(i + 1)  \(ra.id)", labelW - 8 * u, style)
      list.text(label, Point(x + 4 * u, y + cell / 2), style)
      list.region(Rect(x, y, labelW, cell), .select(ra.id), tip: ctx.lang("select \(ra.id)", "选择 \(ra.id)"))
      for (j, rb) in recs.enumerated() {
        let r = Rect(gridX + Double(j) * cell + 1, y + 1, cell - 2, cell - 2)
        if i == j {
          list.add(.rect(r, fill: t.panelBorder.withAlpha(0.35), stroke: nil))
          continue
        }
        drawCell(ra, rb, in: r, ctx, recents, into: &list)
      }
      y += cell
    }
    y += 12 * u

    // The selected recognizer against each other one.
    y += detail(a, recs, x: x, top: y, width: width, ctx, recents, into: &list)
    return y - top
  }

  private static func legend(x: Double, y: Double, width: Double, _ t: Theme, into list: inout DrawList) -> Double {
    let u = t.unit
    let style = t.style(t.smallSize, t.secondaryText, anchor: InspectorWidgets.leadingMiddle)
    let mid = y + 9 * u
    var cx = x
    InspectorWidgets.doubleLine(at: Point(cx + 8 * u, mid), width: 14 * u, t.accent, t, into: &list)
    cx += 20 * u
    let l = t.lang
    let a = l("together", "同时识别")
    list.text(a, Point(cx, mid), style)
    cx += InspectorText.width(a, style) + 14 * u
    InspectorWidgets.hourglass(at: Point(cx + 5 * u, mid), size: 12 * u, t.waiting, into: &list)
    cx += 14 * u
    let b = l("row waits for column to fail", "行等待列失败")
    let room = x + width - cx
    let shown = InspectorText.truncate(b, room, style)
    list.text(shown, Point(cx, mid), style)
    var used = 20 * u
    // Second legend line when there is room for the live colours.
    let note = l(
      "amber: blocking now · ring: just asked · click a row to edit it below", "琥珀色：正在阻塞 · 圆环：刚被询问 · 点击一行在下方编辑")
    list.text(
      InspectorText.truncate(note, width, style), Point(x, mid + 17 * u), InspectorWidgets.recolor(style, t.faintText))
    used += 17 * u
    return used + 4 * u
  }

  private static func drawCell(
    _ a: InspectorRecognizer, _ b: InspectorRecognizer, in r: Rect, _ ctx: PanelContext, _ recents: InspectorRecents,
    into list: inout DrawList
  ) {
    let t = ctx.theme
    let u = t.unit
    let sim = a.simultaneous(with: b)
    let req = a.requirement(on: b)
    let blocking = ctx.snapshot.recognizers[a.id]?.waitingFor.contains(b.id) ?? false
    let fill = blocking ? t.waiting.withAlpha(0.45) : t.background.withAlpha(0.55)
    list.add(.rect(r, fill: fill, stroke: blocking ? Stroke(t.waiting, width: max(1, 1.5 * u)) : nil))
    let size = min(r.width, r.height)
    if sim && req != nil {
      InspectorWidgets.doubleLine(
        at: Point(r.minX + r.width * 0.3, r.mid.y), width: size * 0.32, t.accent, t, into: &list)
      InspectorWidgets.hourglass(at: Point(r.minX + r.width * 0.72, r.mid.y), size: size * 0.55, t.waiting, into: &list)
    } else if sim {
      InspectorWidgets.doubleLine(at: r.mid, width: size * 0.55, t.accent, t, into: &list)
    } else if req != nil {
      InspectorWidgets.hourglass(at: r.mid, size: size * 0.6, blocking ? t.text : t.waiting, into: &list)
    }
    if let p = pairPulse(a, b, ctx, recents) {
      list.add(.rect(r, fill: nil, stroke: Stroke(p.color.withAlpha(0.4 + 0.6 * p.strength), width: max(1, 2 * u))))
    }
    let l = ctx.lang
    var tip = "\(a.id) × \(b.id)" + l(": ", "：")
    var parts: [String] = []
    if sim { parts.append(l("may recognize together", "可以同时识别")) }
    if let req { parts.append(l("\(a.id) waits for \(b.id) to fail (\(req))", "\(a.id) 等待 \(b.id) 失败（\(req)）")) }
    if blocking { parts.append(l("waiting now", "正在等待")) }
    tip += parts.isEmpty ? l("no relation (default exclusion)", "没有关系（默认互斥）") : parts.joined(separator: l("; ", "；"))
    list.region(r, .select(a.id), tip: tip)
  }

  /// The most recent question the engine asked about the pair (either way round), while it pulses.
  private static func pairPulse(
    _ a: InspectorRecognizer, _ b: InspectorRecognizer, _ ctx: PanelContext, _ recents: InspectorRecents
  ) -> (strength: Double, color: RGBA, text: String, answer: String)? {
    let questions: [TraceEvent.Question] = [
      .shouldRecognizeSimultaneouslyWith, .shouldRequireFailureOf, .shouldBeRequiredToFailBy, .canPrevent,
      .canBePrevented,
    ]
    var best: (strength: Double, color: RGBA, text: String, answer: String)?
    for q in questions {
      for (of, about) in [(a.id, b.id), (b.id, a.id)] {
        guard let s = ctx.snapshot.asks[AskKey(of: of, question: q, about: about)],
          let strength = recents.strength(since: s.time)
        else { continue }
        if best == nil || strength > best!.strength {
          let text = "\(of).\(q.rawValue)(\(about))"
          best = (strength, s.answer ? ctx.theme.good : ctx.theme.bad, text, " → \(s.answer ? "YES" : "NO")")
        }
      }
    }
    return best
  }

  // MARK: Detail

  private static func detail(
    _ a: InspectorRecognizer, _ recs: [InspectorRecognizer], x: Double, top: Double, width: Double, _ ctx: PanelContext,
    _ recents: InspectorRecents, into list: inout DrawList
  ) -> Double {
    let t = ctx.theme
    let u = t.unit
    var y = top
    list.add(.line(from: Point(x, y), to: Point(x + width, y), stroke: Stroke(t.panelBorder, width: max(1, u))))
    y += 8 * u
    let titleStyle = t.style(t.bodySize, t.text, face: .bold, anchor: InspectorWidgets.leadingMiddle)
    let l = ctx.lang
    let title = l("\(a.id) with each other recognizer", "\(a.id) 与其他每个手势识别器")
    list.text(InspectorText.truncate(title, width, titleStyle), Point(x, y + 9 * u), titleStyle)
    y += 20 * u
    let noteStyle = t.style(t.smallSize, t.faintText, anchor: InspectorWidgets.leadingMiddle)
    let note =
      a.isScrollPan
      ? l(
        "UIScrollView's own pan: its requirements (panRequireToFail) are read-only here",
        "UIScrollView 自带的平移：它的失败依赖（panRequireToFail）在这里只读")
      : l(
        "\(a.id)'s delegate and require(toFail:) against each one; the last toggle is the other's delegate",
        "\(a.id) 的代理和 require(toFail:) 对每一个的设置；最后一个开关属于对方的代理")
    for line in InspectorText.wrap(note, width, noteStyle, maxLines: 2) {
      list.text(line, Point(x, y + 7 * u), noteStyle)
      y += 15 * u
    }
    y += 4 * u
    // Related pairs first (blocking now, then any relation), each group in the matrix's order.
    func rank(_ b: InspectorRecognizer) -> Int {
      let waits = ctx.snapshot.recognizers
      if (waits[a.id]?.waitingFor.contains(b.id) ?? false) || (waits[b.id]?.waitingFor.contains(a.id) ?? false) {
        return 0
      }
      if a.simultaneous(with: b) || a.requirement(on: b) != nil || b.requirement(on: a) != nil { return 1 }
      return 2
    }
    let others = recs.enumerated().filter { $0.element.id != a.id }
    for (j, b) in others.sorted(by: { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }) {
      y += detailRow(a, b, number: j + 1, recs, x: x, top: y, width: width, ctx, recents, into: &list)
    }
    return y - top
  }

  private static func detailRow(
    _ a: InspectorRecognizer, _ b: InspectorRecognizer, number: Int, _ recs: [InspectorRecognizer], x: Double,
    top: Double,
    width: Double, _ ctx: PanelContext, _ recents: InspectorRecents, into list: inout DrawList
  ) -> Double {
    let t = ctx.theme
    let u = t.unit
    let blocking = ctx.snapshot.recognizers[a.id]?.waitingFor.contains(b.id) ?? false
    let blockedBy = ctx.snapshot.recognizers[b.id]?.waitingFor.contains(a.id) ?? false
    let toggles = pairToggles(a, b, recs, ctx, recents)
    let widths = toggles.map { InspectorWidgets.width(of: $0, t) }
    let lineH = 20 * u
    let labelStyle = t.style(t.bodySize, t.text, anchor: InspectorWidgets.leadingMiddle)
    let laid = InspectorWidgets.flow(widths, x: x + 18 * u, y: top + lineH, width: width - 18 * u, t)
    let h = lineH + laid.height + 8 * u
    let rowRect = Rect(x - 4 * u, top - 2 * u, width + 8 * u, h)
    if blocking || blockedBy {
      list.add(
        .roundedRect(
          rowRect, radius: 5 * u, fill: t.waiting.withAlpha(0.14), stroke: Stroke(t.waiting, width: max(1, 1.5 * u))))
    }
    let mid = top + lineH / 2
    // Status on the right: blocking now, or the last question asked about the pair.
    var right = x + width
    var status: (String, String, RGBA)?
    if blocking {
      status = (ctx.lang("\(a.id) waits for it now", "\(a.id) 正在等待它"), "", t.waiting)
    } else if blockedBy {
      status = (ctx.lang("it waits for \(a.id) now", "它正在等待 \(a.id)"), "", t.waiting)
    } else if let p = pairPulse(a, b, ctx, recents) {
      status = (p.text, p.answer, p.color)
    }
    if let (question, answer, color) = status {
      let style = t.style(t.smallSize, color, face: .bold, anchor: InspectorWidgets.trailingMiddle)
      // The answer always shows; the question before it shortens with "…".
      let answerW = answer.isEmpty ? 0 : InspectorText.width(answer, style)
      if !answer.isEmpty { list.text(answer, Point(right, mid), style) }
      let shown = InspectorText.truncate(question, max(width * 0.6 - answerW, 0), style)
      list.text(shown, Point(right - answerW, mid), style)
      right -= answerW + InspectorText.width(shown, style) + 8 * u
      if blocking || blockedBy {
        InspectorWidgets.hourglass(at: Point(right - 4 * u, mid), size: 12 * u, t.waiting, into: &list)
        right -= 14 * u
      }
    }
    // The relation as an edge: A on the left, B on the right.
    let edgeW = 34 * u
    edge(a, b, blocking: blocking, blockedBy: blockedBy, in: Rect(x, top, edgeW, lineH), t, into: &list)
    let labelX = x + edgeW + 6 * u
    let label = InspectorText.truncate("\(number)  \(b.id)", max(right - labelX, 0), labelStyle)
    list.text(label, Point(labelX, mid), labelStyle)
    let kindX = labelX + InspectorText.width(label, labelStyle) + 8 * u
    let kindStyle = t.style(t.smallSize, t.faintText, anchor: InspectorWidgets.leadingMiddle)
    let kind = InspectorText.truncate(b.kind.uikitClass, right - kindX - 4 * u, kindStyle)
    if !kind.isEmpty { list.text(kind, Point(kindX, mid), kindStyle) }
    for (toggle, r) in zip(toggles, laid.rects) { InspectorWidgets.draw(toggle, in: r, t, into: &list) }
    return h + 4 * u
  }

  /// The pair's relation drawn as an edge from A (left) to B (right): require-to-fail a dashed arrow
  /// towards the one waited for, with an hourglass on the waiter (lit while it blocks); simultaneous a
  /// double line; nothing related, a faint dot.
  private static func edge(
    _ a: InspectorRecognizer, _ b: InspectorRecognizer, blocking: Bool, blockedBy: Bool, in r: Rect, _ t: Theme,
    into list: inout DrawList
  ) {
    let u = t.unit
    let aWaits = a.requirement(on: b) != nil
    let bWaits = b.requirement(on: a) != nil
    let sim = a.simultaneous(with: b)
    let waitY = sim && (aWaits || bWaits) ? r.mid.y + 4 * u : r.mid.y
    if sim {
      let y = aWaits || bWaits ? r.mid.y - 5 * u : r.mid.y
      InspectorWidgets.doubleLine(at: Point(r.mid.x, y), width: r.width - 6 * u, t.accent, t, into: &list)
    }
    for (waits, lit, towardsB) in [(aWaits, blocking, true), (bWaits, blockedBy, false)] where waits {
      let color = lit ? t.waiting : t.waiting.withAlpha(0.6)
      let stroke = Stroke(color, width: max(1, (lit ? 2 : 1.2) * u), dash: 3 * u)
      let glass = towardsB ? r.minX + 5 * u : r.maxX - 5 * u
      let from = Point(towardsB ? r.minX + 11 * u : r.maxX - 11 * u, waitY)
      let tip = Point(towardsB ? r.maxX - 1 * u : r.minX + 1 * u, waitY)
      InspectorWidgets.hourglass(at: Point(glass, waitY), size: 10 * u, color, into: &list)
      list.add(.line(from: from, to: tip, stroke: stroke))
      InspectorWidgets.arrowHead(from: from, tip: tip, length: 5 * u, Stroke(color, width: stroke.width), into: &list)
    }
    if !sim && !aWaits && !bWaits {
      list.add(.circle(center: r.mid, radius: 1.5 * u, fill: t.faintText, stroke: nil))
    }
  }

  /// The four ways a pair is related, spelled as UIKit spells them: A's delegate shouldRecognizeSimultaneously,
  /// A's require(toFail:), A's delegate shouldRequireFailureOf, and B's delegate shouldBeRequiredToFailBy.
  static func pairToggles(
    _ a: InspectorRecognizer, _ b: InspectorRecognizer, _ recs: [InspectorRecognizer], _ ctx: PanelContext,
    _ recents: InspectorRecents
  ) -> [InspectorToggle] {
    let t = ctx.theme
    let l = ctx.lang
    func toggle(
      _ label: String, on: Bool, target: InspectorRecognizer, key: String, value: PropertyValue, tip: String,
      pulse: InspectorPulse?
    ) -> InspectorToggle {
      let editable = !target.isBuiltIn
      return InspectorToggle(
        key: nil, label: label, value: InspectorRecognizerCard.onOff(on, l), valueColor: on ? t.good : t.secondaryText,
        action: editable ? .change(PropertyChange(target: target.id, key: key, value: value)) : nil,
        tip: editable ? tip : InspectorRecognizerCard.readOnly(l),
        pulse: pulse, reserve: [InspectorRecognizerCard.onOff(false, l), "→ YES", l("→ wait", "→ 等待")])
    }
    func ids(_ list: [String], toggling id: String) -> PropertyValue {
      .list((list.contains(id) ? list.filter { $0 != id } : list + [id]).map { .string($0) })
    }
    func short(_ p: InspectorPulse?) -> InspectorPulse? {
      p.map { InspectorPulse(strength: $0.strength, text: $0.text.replacingAsked(), color: $0.color) }
    }
    let d = a.delegate
    let simValue: PropertyValue
    let simOn = d.shouldRecognizeSimultaneouslyWith.contains(b.id)
    switch d.shouldRecognizeSimultaneouslyWith {
    case .all:
      // "all" minus this one: every other recognizer listed by name.
      simValue = .list(recs.map(\.id).filter { $0 != a.id && $0 != b.id }.map { .string($0) })
    case .ids(let list):
      simValue = ids(list, toggling: b.id)
    }
    var sim = toggle(
      "shouldRecognizeSimultaneously", on: simOn, target: a, key: "delegate.shouldRecognizeSimultaneouslyWith",
      value: simValue,
      tip: "\(a.id).delegate shouldRecognizeSimultaneouslyWith \(b.id)",
      pulse: short(recents.ask(ctx.snapshot, of: a.id, .shouldRecognizeSimultaneouslyWith, about: b.id, t)))
    if case .all = d.shouldRecognizeSimultaneouslyWith { sim.value = l("ALL", "全部") }
    let waitPulse: InspectorPulse? =
      (ctx.snapshot.recognizers[a.id]?.waitingFor.contains(b.id) ?? false)
      ? recents.strength(since: recents.waited[a.id]).map {
        InspectorPulse(strength: $0, text: l("→ wait", "→ 等待"), color: t.waiting)
      }
      : nil
    // A wait that just began pulses on the forms that made it (unless the engine just asked that one).
    let reqOn = a.spec.requireToFail.contains(b.id)
    let drfOn = d.shouldRequireFailureOf.contains(b.id)
    let dbrfOn = b.delegate.shouldBeRequiredToFailBy.contains(a.id)
    let req = toggle(
      "require(toFail:)", on: reqOn, target: a, key: "requireToFail", value: ids(a.spec.requireToFail, toggling: b.id),
      tip: "\(a.id).require(toFail: \(b.id))", pulse: reqOn ? waitPulse : nil)
    let drf = toggle(
      "shouldRequireFailureOf", on: drfOn, target: a, key: "delegate.shouldRequireFailureOf",
      value: ids(d.shouldRequireFailureOf, toggling: b.id),
      tip: "\(a.id).delegate shouldRequireFailureOf \(b.id)",
      pulse: short(recents.ask(ctx.snapshot, of: a.id, .shouldRequireFailureOf, about: b.id, t))
        ?? (drfOn ? waitPulse : nil))
    let dbrf = toggle(
      "\(b.id): shouldBeRequiredToFailBy", on: dbrfOn, target: b,
      key: "delegate.shouldBeRequiredToFailBy", value: ids(b.delegate.shouldBeRequiredToFailBy, toggling: a.id),
      tip: "\(b.id).delegate shouldBeRequiredToFailBy \(a.id)",
      pulse: short(recents.ask(ctx.snapshot, of: b.id, .shouldBeRequiredToFailBy, about: a.id, t))
        ?? (dbrfOn ? waitPulse : nil))
    return [sim, req, drf, dbrf]
  }
}

extension String {
  /// "asked → YES" as "→ YES" (the pair toggles are narrow).
  fileprivate func replacingAsked() -> String {
    for prefix in ["asked ", "已询问 "] where hasPrefix(prefix) { return String(dropFirst(prefix.count)) }
    return self
  }
}
