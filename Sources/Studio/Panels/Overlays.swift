import TouchSim

/// Things drawn over everything: the help, the scene list, the reload error banner.
public enum Overlays {
  public static func draw(in rect: Rect, _ ctx: PanelContext) -> DrawList {
    DrawList()
  }
}
