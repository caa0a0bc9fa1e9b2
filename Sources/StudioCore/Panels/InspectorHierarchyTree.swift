import Geometry
import Localization
import Raster
import TouchSim
import TraceKit

/// The inspector's Views tab: the view hierarchy as an indented tree with per-view toggles, and the
/// last hit-test walk on it (visit numbers and results, the hit view in the touch's colour, views the
/// walk never reached greyed).
enum InspectorHierarchyTree {
  /// One view's toggle: the scene key, its column names (long, short) and the UIKit name for the tip.
  private struct Chip {
    var key: String
    var name: String
    var short: String
    var uikit: String
    /// The names and the tip's words in Chinese.
    var chinese: (name: String, short: String, uikit: String)

    func name(_ l: Language) -> String { l(name, chinese.name) }
    func short(_ l: Language) -> String { l(short, chinese.short) }
    func uikit(_ l: Language) -> String { l(uikit, chinese.uikit) }
  }

  private static let chips: [Chip] = [
    Chip(key: "hidden", name: "hidden", short: "hid.", uikit: "isHidden", chinese: ("隐藏", "隐藏", "isHidden")),
    Chip(key: "alpha", name: "alpha", short: "α", uikit: "alpha (0 or 1)", chinese: ("alpha", "α", "alpha（0 或 1）")),
    Chip(
      key: "userInteractionEnabled", name: "interaction", short: "interact.", uikit: "isUserInteractionEnabled",
      chinese: ("交互", "交互", "isUserInteractionEnabled")),
    Chip(
      key: "enabled", name: "enabled", short: "enab.", uikit: "UIControl.isEnabled",
      chinese: ("启用", "启用", "UIControl.isEnabled")),
    Chip(
      key: "multipleTouchEnabled", name: "multiTouch", short: "multi", uikit: "isMultipleTouchEnabled",
      chinese: ("多点触摸", "多点", "isMultipleTouchEnabled")),
    Chip(
      key: "forwardsTouches", name: "forwards", short: "fwd", uikit: "touches* call super (forward up the chain)",
      chinese: ("转发", "转发", "touches* 调用 super（沿响应者链向上转发）")),
  ]

  /// Where the toggle columns go: beside the names when wide, on a second line under each name otherwise.
  private struct Columns {
    var x: Double
    var width: Double
    var oneLine: Bool
  }

  private static func columns(x: Double, width: Double, _ t: Theme) -> Columns {
    let u = t.unit
    let n = Double(chips.count)
    if width >= 600 * u {
      let w = min(72 * u, (width - 240 * u) / n)
      return Columns(x: x + width - n * w, width: w, oneLine: true)
    }
    return Columns(x: x + 30 * u, width: min((width - 30 * u) / n, 70 * u), oneLine: false)
  }

  /// The walk summary and the column names (drawn fixed above the scrolling rows); returns the height.
  static func drawHeader(x: Double, top: Double, width: Double, _ ctx: PanelContext, into list: inout DrawList)
    -> Double
  {
    let t = ctx.theme
    let u = t.unit
    var y = top
    y += walkHeader(ctx.shownWalk, touch: walkTouch(ctx), x: x, y: y, width: width, t, into: &list)
    let cols = columns(x: x, width: width, t)
    let size = cols.width < 60 * u ? t.smallSize * 0.9 : t.smallSize
    let style = t.style(size, t.faintText, anchor: TextAnchor(.center, .top))
    for (i, c) in chips.enumerated() {
      let room = cols.width - 4 * u
      let full = c.name(ctx.lang)
      let name =
        InspectorText.width(full, style) <= room ? full : InspectorText.truncate(c.short(ctx.lang), room, style)
      list.text(name, Point(cols.x + (Double(i) + 0.5) * cols.width, y), style)
    }
    if !cols.oneLine {
      list.text(ctx.lang("view", "视图"), Point(x, y), t.style(t.smallSize, t.faintText))
    }
    return y + 15 * u - top
  }

  /// Draws the rows from `top`; returns the height used.
  static func draw(x: Double, top: Double, width: Double, _ ctx: PanelContext, into list: inout DrawList) -> Double {
    let t = ctx.theme
    let u = t.unit
    var y = top
    let walk = ctx.shownWalk
    var visits: [String: (number: Int, result: TraceEvent.HitResult)] = [:]
    for (i, v) in (walk?.visits ?? []).enumerated() {
      visits[v.view] = (visits[v.view]?.number ?? i + 1, v.result)
    }
    let hitView: String? = walk?.hitView ?? nil
    let touch = walkTouch(ctx)
    let touchColor = Palette.touch(touch ?? 1)
    let cols = columns(x: x, width: width, t)

    var rows: [(ViewSpec, Int)] = []
    func collect(_ v: ViewSpec, _ depth: Int) {
      rows.append((v, depth))
      for s in v.subviews { collect(s, depth + 1) }
    }
    // With the views UIKit builds around sheets (A-14), as the engine and the canvas have them.
    collect(ctx.memo.built(ctx.config).root, 0)

    for (v, depth) in rows {
      let visit = visits[v.id]
      let isHit = hitView == v.id
      let pruned = walk != nil && visit == nil
      let indent = min(Double(depth) * 14 * u, width * 0.3)
      let badgeX = x + 2 * u
      let labelX = x + 30 * u + indent
      let lineH = 22 * u
      let rowTop = y
      let labelRight = cols.oneLine ? cols.x - 8 * u : x + width
      let chipTop = cols.oneLine ? rowTop + (lineH - InspectorWidgets.toggleHeight(t)) / 2 : rowTop + lineH
      let rowH = cols.oneLine ? lineH + 2 * u : lineH + InspectorWidgets.toggleHeight(t) + 5 * u
      // Row background: the hit view in the touch's colour.
      let rowRect = Rect(x, rowTop, width, rowH)
      if isHit {
        list.add(
          .roundedRect(
            rowRect, radius: 5 * u, fill: touchColor.withAlpha(0.22), stroke: Stroke(touchColor, width: max(1, 2 * u))))
      } else if ctx.selected == v.id {
        list.add(.roundedRect(rowRect, radius: 5 * u, fill: t.accent.withAlpha(0.12), stroke: nil))
      }
      // Visit badge.
      let mid = rowTop + lineH / 2
      if let visit {
        let c = color(of: visit.result, t)
        list.add(.circle(center: Point(badgeX + 11 * u, mid), radius: 9.5 * u, fill: c, stroke: nil))
        list.text(
          String(visit.number), Point(badgeX + 11 * u, mid),
          t.style(t.smallSize * 0.95, Palette.text(on: c), face: .bold, anchor: .center))
      }
      if depth > 0 {
        list.add(
          .line(
            from: Point(labelX - 9 * u, mid), to: Point(labelX - 3 * u, mid),
            stroke: Stroke(t.panelBorder, width: max(1, u))))
      }
      // Result on the right of the name line.
      var right = labelRight
      if let visit {
        let text =
          isHit ? ctx.lang("✓ hit · touch \(touch ?? 1)", "✓ 命中 · 触摸 \(touch ?? 1)") : describe(visit.result, ctx.lang)
        let c = isHit ? touchColor : color(of: visit.result, t)
        let style = t.style(t.smallSize, c, face: .bold, anchor: InspectorWidgets.trailingMiddle)
        let shown = InspectorText.truncate(text, max((labelRight - labelX) * 0.5, 0), style)
        list.text(shown, Point(labelRight, mid), style)
        right -= InspectorText.width(shown, style) + 8 * u
      }
      // Name, class, controller, recognizers.
      let nameStyle = t.style(
        t.bodySize, pruned ? t.faintText : t.text, face: isHit ? .bold : .regular,
        anchor: InspectorWidgets.leadingMiddle)
      let name = InspectorText.truncate(v.id, max(right - labelX, 0), nameStyle)
      list.text(name, Point(labelX, mid), nameStyle)
      var extra = [v.kind.uikitClass]
      if let c = v.controller { extra.append(ctx.lang("root of \(c)", "\(c) 的根视图")) }
      if !v.recognizers.isEmpty { extra.append("⚡ " + v.recognizers.map(\.id).joined(separator: ", ")) }
      let extraStyle = t.style(t.smallSize, t.faintText, anchor: InspectorWidgets.leadingMiddle)
      let extraX = labelX + InspectorText.width(name, nameStyle) + 8 * u
      let extraText = InspectorText.truncate(extra.joined(separator: " · "), right - extraX, extraStyle)
      if !extraText.isEmpty { list.text(extraText, Point(extraX, mid), extraStyle) }
      list.region(
        Rect(x, rowTop, width, lineH), .select(v.id), tip: "\(v.id)\(ctx.lang(": ", "："))\(v.kind.uikitClass)")

      for (i, toggle) in toggles(for: v, ctx).enumerated() {
        guard var toggle else { continue }
        if pruned { toggle.valueColor = toggle.valueColor.withAlpha(0.7) }
        let w = min(InspectorWidgets.width(of: toggle, t), cols.width - 6 * u)
        let r = Rect(
          cols.x + Double(i) * cols.width + (cols.width - w) / 2, chipTop, w, InspectorWidgets.toggleHeight(t))
        InspectorWidgets.draw(toggle, in: r, t, into: &list)
      }
      y += rowH + 2 * u
    }
    return y - top
  }

  /// The touch the walk belongs to: its `hit` line, or the latest touch down before it began.
  private static func walkTouch(_ ctx: PanelContext) -> Int? {
    guard let walk = ctx.shownWalk else { return nil }
    if let n = walk.touch { return n }
    return ctx.snapshot.touches.values.filter { $0.downIndex <= walk.startIndex }.max { $0.downIndex < $1.downIndex }?
      .number
  }

  private static func walkHeader(
    _ walk: HitTestWalk?, touch: Int?, x: Double, y: Double, width: Double, _ t: Theme, into list: inout DrawList
  ) -> Double {
    let u = t.unit
    let style = t.style(t.smallSize, t.secondaryText, anchor: InspectorWidgets.leadingMiddle)
    let mid = y + 10 * u
    let l = t.lang
    guard let walk else {
      let text = l("Touch the device: the hit-test walk shows here, view by view.", "触摸设备：命中测试的过程会在这里逐个视图显示。")
      list.text(InspectorText.truncate(text, width, style), Point(x, mid), style)
      return 24 * u
    }
    let c = Palette.touch(touch ?? 1)
    list.add(
      .circle(
        center: Point(x + 7 * u, mid), radius: 6 * u, fill: c.withAlpha(0.5), stroke: Stroke(c, width: max(1, 2 * u))))
    var text = l("Hit test of touch \(touch ?? 1)", "触摸 \(touch ?? 1) 的命中测试")
    if let at = walk.visits.first?.at {
      text += l(" at \(InspectorFormat.point(at))", "，位置 \(InspectorFormat.point(at))")
    }
    let n = walk.visits.count
    text += l(" · \(n) visit\(n == 1 ? "" : "s")", " · 访问 \(n) 次")
    if let hit = walk.hitView {
      text += " → \(hit ?? l("nothing (no view)", "无（没有视图）"))"
    } else if let last = walk.visits.last {
      text += l(" · visiting \(last.view)…", " · 正在访问 \(last.view)…")
    }
    list.text(InspectorText.truncate(text, width - 20 * u, style), Point(x + 18 * u, mid), style)
    return 24 * u
  }

  /// The chips of a view (nil where the key does not apply: `enabled` on a non-control).
  private static func toggles(for v: ViewSpec, _ ctx: PanelContext) -> [InspectorToggle?] {
    let t = ctx.theme
    return chips.map { c -> InspectorToggle? in
      let value: String
      let color: RGBA
      let next: PropertyValue
      switch c.key {
      case "hidden":
        (value, color, next) = (v.hidden ? "YES" : "NO", v.hidden ? t.bad : t.secondaryText, .bool(!v.hidden))
      case "alpha":
        let transparent = v.alpha < 0.01
        value = InspectorFormat.number(v.alpha, decimals: 2)
        color = transparent ? t.bad : t.secondaryText
        next = .number(transparent ? 1 : 0)
      case "userInteractionEnabled":
        let on = v.userInteractionEnabled
        (value, color, next) = (on ? "YES" : "NO", on ? t.secondaryText : t.bad, .bool(!on))
      case "enabled":
        guard v.kind.isControl else { return nil }
        (value, color, next) = (v.enabled ? "YES" : "NO", v.enabled ? t.secondaryText : t.bad, .bool(!v.enabled))
      case "multipleTouchEnabled":
        let on = v.multipleTouchEnabled
        (value, color, next) = (on ? "YES" : "NO", on ? t.good : t.secondaryText, .bool(!on))
      default:
        let on = v.forwardsTouches
        // B-4a: when some methods forward and some do not, PART; a click makes them all alike.
        let part = !v.touchForwarding.isUniform
        (value, color, next) = (
          part ? "PART" : on ? "YES" : "NO", on && !part ? t.secondaryText : t.waiting, .bool(!on)
        )
      }
      return InspectorToggle(
        key: nil, label: "", value: value, valueColor: color,
        action: .change(PropertyChange(target: v.id, key: c.key, value: next)),
        tip: ctx.lang("\(v.id).\(c.uikit): click to set \(next)", "\(v.id).\(c.uikit(ctx.lang))：点击设为 \(next)"),
        pulse: nil,
        reserve: ["YES"])
    }
  }

  private static func describe(_ r: TraceEvent.HitResult, _ l: Language) -> String {
    switch r {
    case .inside: return l("✓ inside", "✓ 在内")
    case .outside: return l("✗ outside", "✗ 在外")
    case .hidden: return l("⊘ hidden", "⊘ 隐藏")
    case .alpha: return "⊘ alpha < 0.01"
    case .noInteraction: return l("⊘ interaction off", "⊘ 交互关闭")
    case .disabled: return l("⊘ disabled", "⊘ 已禁用")
    case .passThrough: return l("⊘ passes through", "⊘ 穿过")
    case .override: return l("↪ hitTest override", "↪ hitTest 被重写")
    }
  }

  private static func color(of r: TraceEvent.HitResult, _ t: Theme) -> RGBA {
    switch r {
    case .inside: return t.good
    case .outside: return t.bad
    default: return t.waiting
    }
  }
}
