import Geometry
import Raster
import TouchSim

/// The pivot of the simulated pinch while Alt is held: a crosshair where the two fingers mirror, and
/// while the mouse only hovers, a faint preview of where the second finger would go. So a pinch by mouse
/// is never a surprise: the user sees both fingers before pressing.
enum CanvasPivot {
  static func commands(_ ctx: PanelContext, viewport: Viewport, unit: Double) -> [DrawCommand] {
    guard let pivot = ctx.pivot else { return [] }
    let c = viewport.toPixels(pivot)
    let r = 9 * unit
    let ink = Palette.probe
    var out: [DrawCommand] = [
      .circle(center: c, radius: r, fill: nil, stroke: Stroke(ink, width: 2 * unit)),
      .line(from: Point(c.x - 1.6 * r, c.y), to: Point(c.x + 1.6 * r, c.y), stroke: Stroke(ink, width: 1.5 * unit)),
      .line(from: Point(c.x, c.y - 1.6 * r), to: Point(c.x, c.y + 1.6 * r), stroke: Stroke(ink, width: 1.5 * unit)),
    ]
    let down = ctx.snapshot.touches.values.contains { $0.isDown } || ctx.virtualFinger != nil
    if !down, let hover = ctx.hover {
      // The preview: the second finger mirrored around the pivot, hollow and dashed.
      let partner = viewport.toPixels(Point(2 * pivot.x - hover.x, 2 * pivot.y - hover.y))
      let ring = TouchMarker.radius(viewport: viewport, unit: unit)
      out.append(
        .line(
          from: viewport.toPixels(hover), to: partner, stroke: Stroke(ink.withAlpha(0.5), width: unit, dash: 5 * unit)))
      out.append(
        .circle(center: partner, radius: ring, fill: nil, stroke: Stroke(ink, width: 2 * unit, dash: 5 * unit)))
    }
    return out
  }
}
