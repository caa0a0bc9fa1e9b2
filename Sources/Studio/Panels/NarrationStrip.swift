import TouchSim

/// The narration strip: the sentences explaining what the playhead shows.
public enum NarrationStrip {
  public static func draw(in rect: Rect, _ ctx: PanelContext) -> DrawList {
    var list = DrawList()
    let t = ctx.theme
    list.add(.rect(rect, fill: t.panel.mixed(with: t.background, 0.5), stroke: nil))
    let current = ctx.narration.last { $0.traceIndex < ctx.playheadIndex }
    list.text(current?.text ?? "", Point(rect.minX + 12 * t.unit, rect.minY + 8 * t.unit), t.style())
    return list
  }
}
