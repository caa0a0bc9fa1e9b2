import Geometry
import StudioCore
import TouchSim

extension StudioModel {
  /// A model on `scene` that has drawn one frame at `size` (so it knows its layout) and ticked once, as the
  /// window's first frame does; with `narrated`, the narration module's narrator.
  public static func drawn(_ scene: Scene, size: Size, narrated: Bool = false) -> StudioModel {
    let m = StudioModel(scene: scene)
    if narrated { m.narrator = StudioNarration.narrate }
    _ = m.frame(size: size, pixelScale: 1)
    m.tick(wall: 0)
    return m
  }

  /// Where scene point (x, y) is in the window's pixels, in a frame of `size`.
  public func pixel(_ x: Double, _ y: Double, size: Size) -> Point {
    viewport(for: StudioLayout(size: size, theme: theme)).toPixels(Point(x, y))
  }
}
