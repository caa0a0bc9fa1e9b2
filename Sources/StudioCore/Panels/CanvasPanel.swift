import Geometry
import Localization
import Raster
import StudioUI
import TouchSim

/// The device canvas: the scene's views to scale, the touches, and the hit-test walk.
///
/// Drawn from the fold at the playhead, in layers: the device and its views (`SceneCanvas`); the hit-test
/// walk's washes and outlines and the hit outlines (`CanvasWalk`); every label on the device, placed at once
/// so that none covers another or a view's text (`CanvasLabeler`: touch tags, the walk's badges and local
/// points, recognizer badges (`CanvasBadges`), the views' tags and ids); the walk's list beside the device;
/// then the fingers (`CanvasTouches`), and over them the views' own text. A small zoom control sits in the canvas's bottom-trailing corner.
public enum CanvasPanel: WindowPanel {
  /// Where the scene's window goes inside the canvas rectangle.
  public static func viewport(in rect: Rect, window: Size, zoom: Double, theme: Theme, center: Point? = nil)
    -> Viewport
  {
    let fit = Viewport.fit(window, in: rect, margin: 16 * theme.unit)
    guard zoom != 1 || center != nil else { return fit }
    let scale = fit.scale * zoom
    let s = center ?? Point(window.width / 2, window.height / 2)
    let c = rect.mid
    return Viewport(scale: scale, origin: Point(c.x - s.x * scale, c.y - s.y * scale))
  }

  public static func draw(in rect: Rect, _ ctx: PanelContext, into list: inout DrawList) {
    let unit = ctx.theme.unit
    let viewport = ctx.viewport
    // The views' texts in the window's language (the scene's translation, when it has one).
    let scene = ctx.memo.shownScene(ctx.snapshot.scene, start: ctx.startScene, language: ctx.lang.rawValue)
    let device = viewport.toPixels(Rect(origin: .zero, size: scene.window))
    list.add(.clip(rect))
    let labels = deviceUnit(viewport: viewport, theme: ctx.theme)
    var canvas = SceneCanvas(viewport: viewport, pixelScale: labels)
    canvas.controls = ctx.snapshot.controls
    canvas.textFloor = presenterTextSize(ctx.theme)
    canvas.language = ctx.theme.language
    let views = ctx.memo.viewCommands(canvas, scene)
    list.add(views.shapes)
    let geometry = ctx.memo.geometry(scene: scene, viewport: viewport)
    let visible = CanvasGeometry.intersect(rect, device)
    // Shapes over the views, then every label on the device placed at once, then what lies beside it.
    let outlines = CanvasWalk.hitOutlines(ctx, geometry: geometry, visible: visible)
    list.add(CanvasWalk.overlays(ctx, geometry: geometry, outlines: outlines, visible: visible))
    let beside = ctx.theme.presenter ? besideDevice(rect, device: device, ctx) : []
    let labelerKey = FrameMemo.LabelerKey(
      scene: scene, viewport: viewport, unit: labels, visible: visible, beside: beside,
      controls: ctx.snapshot.controls, textFloor: canvas.textFloor, language: ctx.theme.language,
      measurer: TextMetrics.measurer.identity)
    var labeler = ctx.memo.labeler(labelerKey, geometry: geometry)
    // Most important first: touch tags, the hit view's badge and point, recognizer badges, the rest of the
    // walk, then the views' own tags and ids.
    CanvasWalk.placeTouchTags(outlines, labeler: &labeler)
    var walk = CanvasWalk.Labels(ctx, canvas: rect, device: device)
    if let first = walk?.first { walk?.place(first, geometry: geometry, labeler: &labeler) }
    CanvasBadges.place(ctx, geometry: geometry, labeler: &labeler)
    if let rest = walk?.rest { walk?.place(rest, geometry: geometry, labeler: &labeler) }
    ctx.memo.placeViewLabels(&labeler, labelerKey)
    list.add(labeler.commands())
    list.regions += labeler.regions()
    list.add(CanvasWalk.list(ctx, canvas: rect, device: device, anchors: walk?.anchors ?? [:]))
    list.add(CanvasTouches.commands(ctx, viewport: viewport, unit: unit))
    if let q = ctx.question { list.add(OverlayQuestion.rings(q, ctx)) }
    // The views' own text over the fingers' rings: a finger never hides the title it presses.
    list.add(views.text)
    list.add(CanvasPivot.commands(ctx, viewport: viewport, unit: unit))
    // A handout's picture has nothing to click.
    if !ctx.handoutPicture { zoomControl(in: rect, ctx, into: &list) }
    list.add(.unclip)
  }

  /// The unit of the labels drawn on the device (ids, tags, badges): the theme's, but no larger than the
  /// device's own scale allows, so a small device in presenter mode is not buried under its labels.
  static func deviceUnit(viewport: Viewport, theme: Theme) -> Double {
    min(theme.unit, max(theme.pixelScale, viewport.scale * 2.2))
  }

  /// Presenter mode: where the labels about views go instead of on the device: the canvas beside it on
  /// each side the walk's list does not take, above the zoom control, when at least 60 points wide.
  static func besideDevice(_ rect: Rect, device: Rect, _ ctx: PanelContext) -> [Rect] {
    let unit = ctx.theme.unit
    let pad = 8 * unit
    let walk = ctx.shownWalk.map { _ in CanvasWalk.listSide(canvas: rect, device: device, unit: unit) }
    let listed = walk?.listed == true
    let top = rect.minY + pad
    let bottom = rect.maxY - pad - 36 * unit
    var out: [Rect] = []
    let left = Rect(rect.minX + pad, top, device.minX - 2 * unit - rect.minX - pad, bottom - top)
    let right = Rect(device.maxX + 2 * unit, top, rect.maxX - pad - device.maxX - 2 * unit, bottom - top)
    if !(listed && walk?.onRight == false) { out.append(left) }
    if !(listed && walk?.onRight == true) { out.append(right) }
    return out.filter { $0.width >= 60 * unit && $0.height > 0 }
  }

  /// The least size of the device's own text: 18 pixels (at scale 1) in presenter mode, so the back of the
  /// room reads the buttons being taught whatever the device's scale; the device's own size otherwise.
  public static func presenterTextSize(_ theme: Theme) -> Double { theme.presenter ? 18 * theme.pixelScale : 0 }

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
    let lang = theme.language
    let items: [(String, Double, StudioAction, String)] = [
      ("−", button, .zoom(0.8), lang("zoom out (−)", "缩小 (−)")),
      ("\(Int((ctx.zoom * 100).rounded())) %", label, .zoomReset, lang("fit the device (0)", "完整显示设备 (0)")),
      ("+", button, .zoom(1.25), lang("zoom in (+)", "放大 (+)")),
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
