import TouchSim

/// The header: the scene's title, the transport controls and the speed.
public enum HeaderBar {
  public static func draw(in rect: Rect, _ ctx: PanelContext) -> DrawList {
    var list = DrawList()
    let t = ctx.theme
    list.add(.rect(rect, fill: t.background, stroke: nil))
    let title = ctx.startScene.title ?? "Untitled scene"
    list.text(
      title, Point(rect.minX + 12 * t.unit, rect.mid.y),
      t.style(t.titleSize, face: .bold, anchor: TextAnchor(.leading, .middle)))
    return list
  }
}
