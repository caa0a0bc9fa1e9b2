import Geometry
import Raster
import StudioUI
import TouchSim

/// A save that did not write what was asked: a banner over the top of the canvas, in the error style of
/// the reload banner, with the whole explanation wrapped (never cut) and, when it offers one, what Ctrl+S
/// again does. It stays until Esc, the next save or a load.
enum OverlaySaveBanner {
  /// The banner's commands and where it ends (the reload banner goes below it).
  static func draw(_ message: SaveMessage, over canvas: Rect, _ ctx: PanelContext) -> (DrawList, bottom: Double) {
    var list = DrawList()
    let t = ctx.theme
    let margin = ErrorBannerFrame.margin(t)
    let pad = ErrorBannerFrame.padding(t)
    let width = canvas.width - 2 * margin - 2 * pad
    let title = TextMetrics.wrap("⚠ " + message.title, toWidth: width, size: t.bodySize, face: .bold)
    let lines = message.lines.flatMap { TextMetrics.wrap($0, toWidth: width, size: t.smallSize) }
    let titleH = (t.bodySize * 1.35).rounded()
    let lineH = (t.smallSize * 1.4).rounded()
    let height = 2 * pad + Double(title.count) * titleH + 4 * t.unit + Double(lines.count) * lineH
    let banner = Rect(
      canvas.minX + margin, canvas.minY + margin, canvas.width - 2 * margin,
      max(0, min(height, canvas.height - 2 * margin)))
    ErrorBannerFrame.open(banner, t, into: &list)
    let x = banner.minX + pad
    var y = banner.minY + pad
    for line in title {
      list.text(line, Point(x, y), t.style(t.bodySize, .white, face: .bold))
      y += titleH
    }
    y += 4 * t.unit
    for line in lines {
      list.text(line, Point(x, y), t.style(t.smallSize, ErrorBannerFrame.lineInk))
      y += lineH
    }
    list.add(.unclip)
    return (list, banner.maxY)
  }
}
