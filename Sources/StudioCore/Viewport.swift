import Geometry
import TouchSim

/// Maps scene coordinates (points of the simulated window) to pixels of a drawing target and back.
///
/// A uniform scale and an offset: `pixel = origin + point · scale`.
public struct Viewport: Hashable, Sendable {
  /// Pixels per scene point.
  public var scale: Double
  /// The pixel position of the scene's (0, 0).
  public var origin: Point

  public init(scale: Double, origin: Point) {
    self.scale = scale
    self.origin = origin
  }

  /// The largest viewport that shows `content` whole inside `area`, centred, `margin` pixels from its edges.
  public static func fit(_ content: Size, in area: Rect, margin: Double = 0) -> Viewport {
    let w = max(area.width - 2 * margin, 1)
    let h = max(area.height - 2 * margin, 1)
    let scale = max(min(w / max(content.width, 1), h / max(content.height, 1)), 0.01)
    let origin = Point(
      area.minX + (area.width - content.width * scale) / 2,
      area.minY + (area.height - content.height * scale) / 2)
    return Viewport(scale: scale, origin: origin)
  }

  /// A scene point in pixels.
  public func toPixels(_ p: Point) -> Point { Point(origin.x + p.x * scale, origin.y + p.y * scale) }

  /// A scene rectangle in pixels.
  public func toPixels(_ r: Rect) -> Rect {
    Rect(origin: toPixels(r.origin), size: Size(r.width * scale, r.height * scale))
  }

  /// A pixel position as a scene point.
  public func toScene(_ p: Point) -> Point { Point((p.x - origin.x) / scale, (p.y - origin.y) / scale) }
}
