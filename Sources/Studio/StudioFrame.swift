import TouchSim

/// The layout of one frame of the window: a header with the scene's title above the device canvas.
///
/// Shared by the live window and headless renders, so a render looks like a screenshot of the window.
public struct StudioFrame: Sendable {
  /// The size of the drawing target in pixels.
  public var size: Size
  /// Pixels per point (2 on a HiDPI screen).
  public var pixelScale: Double

  public init(size: Size, pixelScale: Double = 1) {
    self.size = size
    self.pixelScale = pixelScale
  }

  public var headerHeight: Double { 40 * pixelScale }

  /// Where the scene's window is drawn.
  public func viewport(for scene: Scene) -> Viewport {
    let area = Rect(0, headerHeight, size.width, max(size.height - headerHeight, 1))
    return Viewport.fit(scene.window, in: area, margin: 16 * pixelScale)
  }

  /// Everything the window shows for `scene` with `touches` on it.
  public func commands(for scene: Scene, touches: [TouchMarker] = [], status: String? = nil) -> [DrawCommand] {
    var out: [DrawCommand] = [.rect(Rect(0, 0, size.width, size.height), fill: Palette.background, stroke: nil)]
    let titleStyle = TextStyle(
      size: 16 * pixelScale, color: Palette.headerText, face: .bold, anchor: TextAnchor(.leading, .middle))
    out.append(.text(scene.title ?? "Untitled scene", at: Point(12 * pixelScale, headerHeight / 2), style: titleStyle))
    if let status {
      let statusStyle = TextStyle(
        size: 12 * pixelScale, color: Palette.secondaryHeaderText, face: .regular,
        anchor: TextAnchor(.trailing, .middle))
      out.append(.text(status, at: Point(size.width - 12 * pixelScale, headerHeight / 2), style: statusStyle))
    }
    let canvas = SceneCanvas(viewport: viewport(for: scene), pixelScale: pixelScale)
    out += canvas.commands(for: scene, touches: touches)
    return out
  }
}
