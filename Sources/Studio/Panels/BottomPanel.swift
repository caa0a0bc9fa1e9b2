import TouchSim

/// The bottom panel: the timeline lanes or the log (one tab at a time).
public enum BottomPanel {
  public static func draw(in rect: Rect, _ ctx: PanelContext) -> DrawList {
    var list = DrawList()
    let t = ctx.theme
    list.add(.rect(rect, fill: t.panel, stroke: nil))
    let shown = ctx.trace.prefix(ctx.playheadIndex).suffix(8)
    var y = rect.minY + 6 * t.unit
    for e in shown {
      list.text(e.json, Point(rect.minX + 10 * t.unit, y), t.style(t.smallSize, t.secondaryText, face: .mono))
      y += t.lineHeight
    }
    return list
  }
}
