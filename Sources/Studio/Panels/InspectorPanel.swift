import TouchSim

/// The inspector: recognizer cards, the view hierarchy, the pair matrix (one tab at a time).
public enum InspectorPanel {
  public static func draw(in rect: Rect, _ ctx: PanelContext) -> DrawList {
    var list = DrawList()
    let t = ctx.theme
    list.add(.rect(rect, fill: t.panel, stroke: nil))
    var y = rect.minY + 8 * t.unit
    for r in ctx.config.allRecognizers {
      let s = ctx.fold.recognizers[r.id]?.state ?? .possible
      list.text("\(r.id)  \(s.rawValue)", Point(rect.minX + 10 * t.unit, y), t.style(nil, t.color(of: s)))
      y += t.lineHeight
    }
    return list
  }
}
