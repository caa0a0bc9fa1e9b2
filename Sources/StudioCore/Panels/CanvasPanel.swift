import Raster
import TouchSim

/// The device canvas: the scene's views to scale, the touches, and the hit-test walk.
///
/// Drawn from the fold at the playhead, in layers: the device and its views (`SceneCanvas`), recognizer
/// badges (`CanvasBadges`), the hit-test walk and hit outlines (`CanvasWalk`), then the fingers
/// (`CanvasTouches`). A small zoom control sits in the canvas's bottom-trailing corner.
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
    let unit = ctx.theme.unit
    let viewport = ctx.viewport
    let scene = ctx.snapshot.scene
    let device = viewport.toPixels(Rect(origin: .zero, size: scene.window))
    list.add(.clip(rect))
    let labels = deviceUnit(viewport: viewport, theme: ctx.theme)
    var canvas = SceneCanvas(viewport: viewport, pixelScale: labels)
    canvas.controls = ctx.snapshot.controls
    list.add(ctx.memo.viewCommands(canvas, scene))
    let geometry = ctx.memo.geometry(scene: scene, viewport: viewport)
    list.add(.clip(CanvasGeometry.intersect(rect, device)))
    let badges = CanvasBadges.layout(ctx, geometry: geometry, unit: labels)
    list.add(CanvasBadges.commands(badges, unit: labels))
    list.add(.unclip)
    list.add(
      CanvasWalk.commands(
        ctx, geometry: geometry, canvas: rect, device: device, labels: labels, avoiding: badges.map(\.pill)))
    list.add(CanvasTouches.commands(ctx, viewport: viewport, unit: unit))
    list.add(CanvasPivot.commands(ctx, viewport: viewport, unit: unit))
    zoomControl(in: rect, ctx, into: &list)
    list.add(.unclip)
    return list
  }

  /// The unit of the labels drawn on the device (ids, tags, badges): the theme's, but no larger than the
  /// device's own scale allows, so a small device in presenter mode is not buried under its labels.
  static func deviceUnit(viewport: Viewport, theme: Theme) -> Double {
    min(theme.unit, max(theme.pixelScale, viewport.scale * 2.2))
  }

  /// "− 100 % +" in the bottom-trailing corner: zoom out, back to fit, zoom in.
  private static func zoomControl(in rect: Rect, _ ctx: PanelContext, into list: inout DrawList) {
    let theme = ctx.theme
    let unit = theme.unit
    let h = 24 * unit
    let button = 26 * unit
    let label = 52 * unit
    let pad = 8 * unit
    let y = rect.maxY - pad - h
    var x = rect.maxX - pad - (2 * button + label)
    let items: [(String, Double, StudioAction, String)] = [
      ("−", button, .zoom(0.8), "zoom out (−)"),
      ("\(Int((ctx.zoom * 100).rounded())) %", label, .zoomReset, "fit the device (0)"),
      ("+", button, .zoom(1.25), "zoom in (+)"),
    ]
    list.add(
      .roundedRect(
        Rect(x, y, 2 * button + label, h), radius: 5 * unit, fill: theme.panel.withAlpha(0.92),
        stroke: Stroke(theme.panelBorder, width: unit)))
    for (text, w, action, tip) in items {
      let r = Rect(x, y, w, h)
      let face: FontFace = w == button ? .bold : .regular
      list.text(
        text, r.mid,
        theme.style(w == button ? theme.bodySize * 1.2 : theme.smallSize, theme.text, face: face, anchor: .center))
      list.region(r, action, tip: tip)
      x += w
    }
  }
}
