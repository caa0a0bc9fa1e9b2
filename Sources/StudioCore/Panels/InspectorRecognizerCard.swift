import Geometry
import Localization
import Raster
import TouchSim
import TraceKit

/// One recognizer's card in the inspector's Recognizers tab.
///
/// Header (id, state, UIKit class, view, key properties; click to select), the state diagram, the
/// reason of the last transition, the last action with its values (flashing when it fires), an explicit
/// "waiting for X to fail" row, and the toggles: isEnabled, cancelsTouchesInView, delaysTouchesBegan,
/// delaysTouchesEnded and the delegate's shouldReceive / shouldBegin, each pulsing when the engine
/// consulted it. A scroll view's built-in pan shows the same, with read-only toggles.
enum InspectorRecognizerCard {
  /// Content at least this wide puts the toggles in a column beside the diagram.
  static func wideLayoutWidth(_ t: Theme) -> Double { 540 * t.unit }

  /// Draws the card at `top` and returns its height.
  static func draw(
    _ r: InspectorRecognizer, x: Double, top: Double, width: Double, _ ctx: PanelContext,
    _ recents: InspectorRecents, into list: inout DrawList
  ) -> Double {
    let t = ctx.theme
    let u = t.unit
    let pad = 10 * u
    let status = ctx.snapshot.recognizers[r.id]
    let selected = ctx.selected == r.id
    let flash = status?.lastAction.flatMap { recents.strength(since: $0.time, window: InspectorRecents.flashWindow) }
    let inner = Span(x: x + pad, width: max(width - 2 * pad, 1))

    var body = DrawList()
    let headerBottom = header(r, status, inner, top: top + 8 * u, ctx, into: &body)
    let columns = Columns(
      makeToggles(r, ctx, recents, selected: selected), inner: inner.width, card: width,
      minDiagram: InspectorStateDiagram.minimumWidth(discrete: r.kind.isDiscrete, t), t)
    let contentBottom = drawColumns(
      columns, r, status, flash: flash, recents, inner, top: headerBottom + 4 * u, t, into: &body)
    let cardRect = Rect(x, top, width, contentBottom + 10 * u - top)

    // The card behind its content, the selection click behind the toggles.
    let fill = selected ? t.panel.mixed(with: t.accent, 0.10) : t.panel.mixed(with: .white, 0.035)
    let border = selected ? Stroke(t.accent, width: max(1, 2 * u)) : Stroke(t.panelBorder, width: max(1, u))
    list.add(.roundedRect(cardRect, radius: 7 * u, fill: fill, stroke: border))
    let l = ctx.lang
    list.region(
      Rect(x, top, width, headerBottom - top), .select(r.id),
      tip: l("select \(r.id) (keys E C B D V G act on it)", "选择 \(r.id)（按键 E C B D V G 作用于它）"))
    list.region(cardRect, .select(r.id))
    list.append(body)
    if let flash, let a = status?.lastAction {
      InspectorWidgets.ring(around: cardRect, radius: 7 * u, flash, t.color(of: a.state), t, into: &list)
    }
    return cardRect.height
  }

  /// A horizontal stretch of the card: where its content starts and how wide it is.
  struct Span {
    var x: Double
    var width: Double
  }

  /// The header from `top`: the state's dot, the id and the state on one line; the UIKit class, the view it
  /// is on and the key properties on the next. Returns where it ends.
  private static func header(
    _ r: InspectorRecognizer, _ status: RecognizerStatus?, _ inner: Span, top: Double, _ ctx: PanelContext,
    into body: inout DrawList
  ) -> Double {
    let t = ctx.theme
    let u = t.unit
    let state = status?.state ?? .possible
    let stateColor = t.color(of: state)
    let stateText = "\(icon(state))\(state.rawValue)"
    let stateStyle = t.style(t.smallSize, stateColor, face: .bold, anchor: InspectorWidgets.trailingMiddle)
    let line1 = top + 10 * u
    body.add(.circle(center: Point(inner.x + 5 * u, line1), radius: 5 * u, fill: stateColor, stroke: nil))
    let stateW = InspectorText.width(stateText, stateStyle)
    body.text(stateText, Point(inner.x + inner.width, line1), stateStyle)
    let idStyle = t.style(t.bodySize, t.text, face: .bold, anchor: InspectorWidgets.leadingMiddle)
    let idRoom = inner.width - 16 * u - stateW - 10 * u
    let shownID = InspectorText.truncate(r.id, idRoom, idStyle)
    body.text(shownID, Point(inner.x + 16 * u, line1), idStyle)
    let y = top + 21 * u
    let l = ctx.lang
    // Rules C-12, C-13: the view the trace has it on now (removed: on none; added: the new one).
    let onView = r.isBuiltIn ? r.view.id : ctx.snapshot.live.recognizerView[r.id]
    let classLine =
      (onView.map { l("\(r.kind.uikitClass) on \($0)", "\($0) 上的 \(r.kind.uikitClass)") }
        ?? l("\(r.kind.uikitClass), removed from its view", "\(r.kind.uikitClass)，已从视图上移除"))
      + (r.isScrollPan
        ? l(" (the scroll view's own pan)", "（滚动视图自带的平移）")
        : r.isScrollPinch
          ? l(" (the scroll view's own pinch)", "（滚动视图自带的捏合）")
          : r.isSheetTap ? l(" (UIKit's, on the sheet's dimming view)", "（UIKit 的，在表单的变暗视图上）") : "") + " · "
      + r.keyProperties(l)
    let smallStyle = t.style(t.smallSize, t.secondaryText, anchor: .topLeading)
    body.text(InspectorText.truncate(classLine, inner.width, smallStyle), Point(inner.x, y), smallStyle)
    return y + 16 * u
  }

  /// Where the toggles go: in a two-column grid beside the diagram when the card is wide enough that the
  /// diagram keeps its room, in one column beside it when only that fits, else in a grid below.
  struct Columns {
    enum Arrangement { case gridBeside, columnBeside, gridBelow }
    let toggles: [InspectorToggle]
    /// Each toggle's width, in order (measured once, for the arrangement and the grid).
    let widths: [Double]
    let arrangement: Arrangement
    /// The toggles' column width (the card's inner width when below).
    let toggleWidth: Double
    /// The width of the left column: the diagram, the reason, the action and the waiting row.
    let leftWidth: Double

    init(_ toggles: [InspectorToggle], inner: Double, card: Double, minDiagram: Double, _ t: Theme) {
      let u = t.unit
      self.toggles = toggles
      widths = toggles.map { InspectorWidgets.width(of: $0, t) }
      // The column width the usual toggles need (a long predicate answer spans both grid columns instead).
      let widths = widths.sorted()
      let median = widths.isEmpty ? 0 : widths[widths.count / 2]
      let natural = widths.filter { $0 <= median * 1.3 }.max() ?? median
      let twoColumns = 2 * natural + 5 * u
      let wide = card >= wideLayoutWidth(t) && inner - natural - 16 * u >= minDiagram
      let gridBeside = wide && inner - twoColumns - 16 * u >= minDiagram
      arrangement = gridBeside ? .gridBeside : wide ? .columnBeside : .gridBelow
      toggleWidth = gridBeside ? twoColumns : wide ? min(max(natural, inner * 0.4), inner - minDiagram - 16 * u) : inner
      leftWidth = wide ? inner - toggleWidth - 16 * u : inner
    }
  }

  /// The diagram, the details (reason, action, waiting) and the toggles, from `top`, as `columns` arranges
  /// them. Returns where the lower of the columns ends.
  private static func drawColumns(
    _ columns: Columns, _ r: InspectorRecognizer, _ status: RecognizerStatus?, flash: Double?,
    _ recents: InspectorRecents, _ inner: Span, top y: Double, _ t: Theme, into body: inout DrawList
  ) -> Double {
    let u = t.unit
    let toggles = columns.toggles
    var leftY = y
    let diagramRect = Rect(inner.x, leftY, columns.leftWidth, InspectorStateDiagram.height(t))
    InspectorStateDiagram.draw(
      InspectorStateDiagram.Input(
        discrete: r.kind.isDiscrete, status: status, flash: flash, waiting: !(status?.waitingFor.isEmpty ?? true)),
      in: diagramRect, t, into: &body)
    leftY += diagramRect.height + 6 * u
    /// The reason, the action and the waiting row, from `top`, `w` wide; returns their height.
    func details(_ top: Double, _ w: Double, _ body: inout DrawList) -> Double {
      var y = top
      y += reasonLines(status, x: inner.x, y: y, width: w, maxLines: 2, t, into: &body)
      y += actionLine(r, status, flash: flash, x: inner.x, y: y, width: w, t, into: &body)
      if let waiting = status?.waitingFor, !waiting.isEmpty {
        let pulse = recents.strength(since: recents.waited[r.id])
        y += waitingRow(waiting, pulse: pulse, x: inner.x, y: y, width: w, t, into: &body)
      }
      return y - top
    }
    let toggleX = inner.x + inner.width - columns.toggleWidth
    var toggleBottom: Double
    switch columns.arrangement {
    case .gridBeside:
      // Diagram and a two-column grid side by side, the details across the whole card below them.
      let laid = InspectorWidgets.grid(columns.widths, x: toggleX, y: y, width: columns.toggleWidth, t)
      for (toggle, rect) in zip(toggles, laid.rects) { InspectorWidgets.draw(toggle, in: rect, t, into: &body) }
      toggleBottom = y + laid.height
      leftY = max(leftY, toggleBottom + 8 * u)
      leftY += details(leftY, inner.width, &body)
    case .columnBeside:
      leftY += details(leftY, columns.leftWidth, &body)
      var ty = y
      for toggle in toggles {
        InspectorWidgets.draw(
          toggle, in: Rect(toggleX, ty, columns.toggleWidth, InspectorWidgets.toggleHeight(t)), t, into: &body)
        ty += InspectorWidgets.toggleHeight(t) + 5 * u
      }
      toggleBottom = ty - 5 * u
    case .gridBelow:
      leftY += details(leftY, columns.leftWidth, &body)
      let ty = leftY + 4 * u
      let laid = InspectorWidgets.grid(columns.widths, x: inner.x, y: ty, width: inner.width, t)
      for (toggle, rect) in zip(toggles, laid.rects) { InspectorWidgets.draw(toggle, in: rect, t, into: &body) }
      toggleBottom = ty + laid.height
    }
    return max(leftY, toggleBottom)
  }

  /// Nothing on the card changes with the clock: it is not flashing for an action, and none of its
  /// toggles pulses (the inputs of every `recents.strength` and `recents.ask` that `draw` reads).
  static func isAtRest(_ r: InspectorRecognizer, _ ctx: PanelContext, _ recents: InspectorRecents) -> Bool {
    let status = ctx.snapshot.recognizers[r.id]
    if let a = status?.lastAction, recents.strength(since: a.time, window: InspectorRecents.flashWindow) != nil {
      return false
    }
    for time in [recents.cancelled[r.id], recents.heldBegan[r.id], recents.heldEnded[r.id], recents.waited[r.id]]
    where recents.strength(since: time) != nil {
      return false
    }
    for q in [TraceEvent.Question.shouldReceive, .shouldBegin] {
      if let a = ctx.snapshot.asks[AskKey(of: r.id, question: q, about: nil)], recents.strength(since: a.time) != nil {
        return false
      }
    }
    return true
  }

  /// No card is shorter than this: its header, the state diagram and the paddings around them.
  static func minimumHeight(_ t: Theme) -> Double {
    (8 + 21 + 16 + 4 + 6 + 10) * t.unit + InspectorStateDiagram.height(t)
  }

  static func icon(_ s: GestureState) -> String {
    switch s {
    case .ended: return "✓ "
    case .failed, .cancelled: return "✗ "
    default: return ""
    }
  }

  /// "✗ failed: buyButton (UIButton) vetoes a superview's single tap", wrapped to two lines at most.
  private static func reasonLines(
    _ status: RecognizerStatus?, x: Double, y: Double, width: Double, maxLines: Int, _ t: Theme,
    into list: inout DrawList
  ) -> Double {
    let lineH = 15 * t.unit
    let l = t.lang
    guard let m = status?.lastNonReset else {
      // Nothing yet in this gesture; what it did in an earlier one is marked as such, never as current.
      let style = t.style(t.smallSize, t.faintText)
      var text =
        status == nil
        ? l("no transition yet", "还没有状态转换") : l("no transition in this gesture", "这个手势中没有状态转换")
      if let p = status?.previous, let m = p.transition {
        text = l(
          "previous gesture: \(m.to.rawValue) (\(m.reason))", "上一个手势：\(m.to.rawValue)（\(m.reason.text(l))）")
        if p.actionCount > 0 { text += l(" · action ×\(p.actionCount)", " · 动作 ×\(p.actionCount)") }
      }
      let lines = InspectorText.wrap(text, width, style, maxLines: maxLines)
      for (i, line) in lines.enumerated() { list.text(line, Point(x, y + Double(i) * lineH), style) }
      return Double(lines.count) * lineH + 3 * t.unit
    }
    let style = t.style(t.smallSize, t.color(of: m.to).mixed(with: t.text, 0.25))
    var room = width
    if status?.last?.to == .possible {
      let resetStyle = t.style(t.smallSize, t.faintText, anchor: TextAnchor(.trailing, .top))
      let reset = l("↺ reset", "↺ 已重置")
      list.text(reset, Point(x + width, y), resetStyle)
      room -= InspectorText.width(reset, resetStyle) + 8 * t.unit
    }
    let text = "\(icon(m.to))\(m.from.rawValue) → \(m.to.rawValue)\(l(": ", "："))\(m.reason.text(l))"
    let lines = InspectorText.wrap(text, room, style, maxLines: maxLines)
    for (i, line) in lines.enumerated() { list.text(line, Point(x, y + Double(i) * lineH), style) }
    return Double(lines.count) * lineH + 3 * t.unit
  }

  /// The last action and the values its handler read; lit for a moment when it fires.
  private static func actionLine(
    _ r: InspectorRecognizer, _ status: RecognizerStatus?, flash: Double?, x: Double, y: Double, width: Double,
    _ t: Theme, into list: inout DrawList
  ) -> Double {
    guard let status, let a = status.lastAction else { return 0 }
    let u = t.unit
    let h = 17 * u
    let color = t.color(of: a.state)
    if let flash {
      list.add(
        .roundedRect(
          Rect(x - 3 * u, y - 1 * u, width + 6 * u, h), radius: 4 * u, fill: color.withAlpha(0.2 + 0.55 * flash),
          stroke: nil))
    }
    let head = t.lang("⚡ action (\(a.state.rawValue))", "⚡ 动作（\(a.state.rawValue)）")
    let headStyle = t.style(
      t.smallSize, flash == nil ? color : t.text, face: .bold, anchor: InspectorWidgets.leadingMiddle)
    let countStyle = t.style(t.smallSize, t.secondaryText, anchor: InspectorWidgets.trailingMiddle)
    let count = "×\(status.actionCount)"
    list.text(count, Point(x + width, y + h / 2 - u), countStyle)
    let headW = InspectorText.width(head, headStyle)
    list.text(head, Point(x, y + h / 2 - u), headStyle)
    let valueStyle = t.style(
      t.smallSize * 0.95, flash == nil ? t.secondaryText : t.text, face: .mono, anchor: InspectorWidgets.leadingMiddle)
    let room = width - headW - 10 * u - InspectorText.width(count, countStyle) - 8 * u
    let values = InspectorText.truncate(InspectorFormat.values(a.values, kind: r.kind, t.lang), room, valueStyle)
    list.text(values, Point(x + headW + 8 * u, y + h / 2 - u), valueStyle)
    return h + 3 * u
  }

  /// "⏳ waiting for doubleTap to fail", in amber.
  private static func waitingRow(
    _ ids: [String], pulse: Double?, x: Double, y: Double, width: Double, _ t: Theme, into list: inout DrawList
  ) -> Double {
    let u = t.unit
    let h = 22 * u
    let rect = Rect(x, y + 2 * u, width, h)
    list.add(
      .roundedRect(
        rect, radius: 5 * u, fill: t.waiting.withAlpha(0.16), stroke: Stroke(t.waiting, width: max(1, 1.5 * u))))
    InspectorWidgets.hourglass(at: Point(rect.minX + 12 * u, rect.mid.y), size: 13 * u, t.waiting, into: &list)
    let style = t.style(
      t.smallSize, t.waiting.mixed(with: .white, 0.2), face: .bold, anchor: InspectorWidgets.leadingMiddle)
    let text = t.lang(
      "waiting for \(ids.joined(separator: ", ")) to fail", "正在等待 \(ids.joined(separator: "、")) 失败")
    list.text(InspectorText.truncate(text, width - 30 * u, style), Point(rect.minX + 24 * u, rect.mid.y), style)
    if let pulse { InspectorWidgets.ring(around: rect, radius: 5 * u, pulse, t.waiting, t, into: &list) }
    return h + 6 * u
  }

  // MARK: Toggles

  /// The six toggles of a card, with their current values from the configuration and their pulses.
  static func makeToggles(_ r: InspectorRecognizer, _ ctx: PanelContext, _ recents: InspectorRecents, selected: Bool)
    -> [InspectorToggle]
  {
    let t = ctx.theme
    let s = r.spec
    let editable = !r.isBuiltIn
    let l = ctx.lang
    let readOnlyTip = readOnly(l)
    func flag(_ key: Character, _ name: String, _ on: Bool, pulse: InspectorPulse?) -> InspectorToggle {
      let k = String(key).uppercased()
      return InspectorToggle(
        key: editable ? key : nil, label: name, value: onOff(on, l), valueColor: on ? t.good : t.secondaryText,
        action: editable ? .change(PropertyChange(target: r.id, key: name, value: .bool(!on))) : nil,
        tip: editable
          ? l("\(name): click or press \(k) (applies to the next touch)", "\(name)：点击或按 \(k)（从下一次触摸起生效）")
          : readOnlyTip,
        pulse: pulse, reserve: [onOff(false, l)], keyLit: selected)
    }
    func pulse(_ time: Double?, _ text: String, _ color: RGBA) -> InspectorPulse? {
      recents.strength(since: time).map { InspectorPulse(strength: $0, text: text, color: color) }
    }
    func answer(_ key: Character, _ name: String, _ p: TouchPredicate, _ q: TraceEvent.Question) -> InspectorToggle {
      let (text, color, next) = describe(p, hasDelegate: s.delegate != nil, t)
      let k = String(key).uppercased()
      let yesNo = next ? "YES" : "NO"
      let shown = InspectorText.truncate(text, 170 * t.unit, size: t.smallSize, face: .bold)
      return InspectorToggle(
        key: editable ? key : nil, label: name, value: shown, valueColor: color,
        action: editable ? .change(PropertyChange(target: r.id, key: "delegate.\(name)", value: .bool(next))) : nil,
        tip: editable
          ? l("delegate \(name): click or press \(k) to answer \(yesNo)", "代理的 \(name)：点击或按 \(k) 回答 \(yesNo)")
          : readOnlyTip,
        pulse: recents.ask(ctx.snapshot, of: r.id, q, about: nil, t), reserve: [], keyLit: selected)
    }
    let cancels = flag(
      "c", "cancelsTouchesInView", s.cancelsTouchesInView,
      pulse: pulse(recents.cancelled[r.id], l("→ cancelled", "→ 已取消"), t.bad))
    return [
      flag("e", "isEnabled", s.isEnabled, pulse: nil),
      cancels,
      flag(
        "b", "delaysTouchesBegan", s.delaysTouchesBegan,
        pulse: pulse(recents.heldBegan[r.id], l("→ held", "→ 扣住"), t.waiting)),
      flag(
        "d", "delaysTouchesEnded", s.delaysTouchesEnded,
        pulse: pulse(recents.heldEnded[r.id], l("→ held", "→ 扣住"), t.waiting)),
      answer("v", "shouldReceive", r.delegate.shouldReceive, .shouldReceive),
      answer("g", "shouldBegin", r.delegate.shouldBegin, .shouldBegin),
    ] + pairSummaries(r, ctx)
  }

  /// The answers about pairs, named with the other recognizers: whom it recognizes together with (its own
  /// delegate's shouldRecognizeSimultaneously, or the other's) and whom it waits for (require(toFail:) and
  /// both delegate forms). A click opens the Pairs tab on it, where each pair's toggles are.
  static func pairSummaries(_ r: InspectorRecognizer, _ ctx: PanelContext) -> [InspectorToggle] {
    let t = ctx.theme
    let l = ctx.lang
    guard ctx.memo.recognizers(in: ctx.config).count > 1 else { return [] }
    func names(_ ids: [String]) -> String {
      ids.isEmpty
        ? l("none", "无")
        : ids.count <= 3 ? ids.joined(separator: ", ") : ids.prefix(2).joined(separator: ", ") + " +\(ids.count - 2)"
    }
    let relations = ctx.memo.pairRelations(in: ctx.config)
    let together = relations.together(with: r.id)
    let waits = relations.waits(for: r.id)
    let tip = l("pairs: click to open the Pairs tab on \(r.id)", "配对：点击在配对页打开 \(r.id)")
    let togetherValue = together.map(names) ?? l("all", "全部")
    let anyTogether = together.map { !$0.isEmpty } ?? true
    return [
      InspectorToggle(
        key: nil, label: "shouldRecognizeSimultaneously",
        value: InspectorText.truncate(togetherValue, 150 * t.unit, size: t.smallSize, face: .bold),
        valueColor: anyTogether ? t.accent : t.secondaryText, action: .openPairs(r.id), tip: tip),
      InspectorToggle(
        key: nil, label: l("waits for failure of", "等待失败"),
        value: InspectorText.truncate(names(waits), 150 * t.unit, size: t.smallSize, face: .bold),
        valueColor: waits.isEmpty ? t.secondaryText : t.waiting, action: .openPairs(r.id), tip: tip),
    ]
  }

  /// A delegate answer as shown, its colour, and the value a click sets (YES → NO → YES; a predicate → NO).
  static func describe(_ p: TouchPredicate, hasDelegate: Bool, _ t: Theme) -> (String, RGBA, Bool) {
    let l = t.lang
    if !hasDelegate && p == .always(true) { return (l("default YES", "默认 YES"), t.secondaryText, false) }
    switch p {
    case .always(true): return ("YES", t.good, false)
    case .always(false): return ("NO", t.bad, true)
    case .unlessTouchIn(let ids):
      let list = ids.joined(separator: ", ")
      return (l("unless touch in \(list)", "除非触摸在 \(list) 中"), t.accent, false)
    case .onlyTouchIn(let ids):
      let list = ids.joined(separator: ", ")
      return (l("only touch in \(list)", "仅当触摸在 \(list) 中"), t.accent, false)
    }
  }

  /// A flag's value as a toggle shows it.
  static func onOff(_ on: Bool, _ l: Language) -> String { on ? l("ON", "开") : l("OFF", "关") }

  /// The tooltip of a toggle of the scroll view's built-in pan.
  static func readOnly(_ l: Language) -> String {
    l("read-only: UIScrollView's built-in pan is not in the scene file", "只读：UIScrollView 自带的平移不在场景文件中")
  }
}
