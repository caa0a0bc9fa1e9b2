import Geometry
import Raster
import TouchSim

/// A save that did not write what was asked: a banner over the top of the canvas, in the error style of
/// the reload banner, with the whole explanation wrapped (never cut) and, when it offers one, what Ctrl+S
/// again does. It stays until Esc, the next save or a load.
enum OverlaySaveBanner {
  /// The banner's commands and where it ends (the reload banner goes below it).
  static func draw(_ message: SaveMessage, over canvas: Rect, _ ctx: PanelContext) -> (DrawList, bottom: Double) {
    var list = DrawList()
    let t = ctx.theme
    let margin = 10 * t.unit
    let pad = 10 * t.unit
    let width = canvas.width - 2 * margin - 2 * pad
    let title = TextMetrics.wrap("⚠ " + message.title, toWidth: width, size: t.bodySize, face: .bold)
    let lines = message.lines.flatMap { TextMetrics.wrap($0, toWidth: width, size: t.smallSize) }
    let titleH = (t.bodySize * 1.35).rounded()
    let lineH = (t.smallSize * 1.4).rounded()
    let height = 2 * pad + Double(title.count) * titleH + 4 * t.unit + Double(lines.count) * lineH
    let banner = Rect(
      canvas.minX + margin, canvas.minY + margin, canvas.width - 2 * margin,
      max(0, min(height, canvas.height - 2 * margin)))
    list.add(
      .roundedRect(
        banner, radius: 8 * t.unit, fill: t.bad.mixed(with: .black, 0.35).withAlpha(0.96),
        stroke: Stroke(t.bad, width: 2 * t.unit)))
    list.add(.clip(banner))
    let x = banner.minX + pad
    var y = banner.minY + pad
    for line in title {
      list.text(line, Point(x, y), t.style(t.bodySize, .white, face: .bold))
      y += titleH
    }
    y += 4 * t.unit
    for line in lines {
      list.text(line, Point(x, y), t.style(t.smallSize, RGBA(0xFF, 0xE4, 0xE4)))
      y += lineH
    }
    list.add(.unclip)
    return (list, banner.maxY)
  }
}
