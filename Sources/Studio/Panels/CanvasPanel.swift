import TouchSim

/// The device canvas: the scene's views to scale, the touches, and the hit-test walk.
public enum CanvasPanel {
  /// Where the scene's window goes inside the canvas rectangle.
  public static func viewport(in rect: Rect, window: Size, zoom: Double, theme: Theme) -> Viewport {
    let fit = Viewport.fit(window, in: rect, margin: 16 * theme.unit)
    guard zoom != 1 else { return fit }
    let scale = fit.scale * zoom
    let c = rect.mid
    return Viewport(scale: scale, origin: Point(c.x - window.width * scale / 2, c.y - window.height * scale / 2))
  }

  public static func draw(in rect: Rect, _ ctx: PanelContext) -> DrawList {
    var list = DrawList()
    list.add(.clip(rect))
    let canvas = SceneCanvas(viewport: ctx.viewport, pixelScale: ctx.theme.pixelScale)
    let markers = ctx.fold.touches.values.filter { $0.isDown }.sorted { $0.number < $1.number }
      .map { TouchMarker(number: $0.number, location: $0.location) }
    list.add(canvas.commands(for: ctx.fold.scene, touches: markers))
    list.add(.unclip)
    return list
  }
}
