import Geometry
import Localization
import Raster
import StudioUI
import TouchSim

/// Things drawn over everything: a save's message and the reload error banner, the help, the scene list.
public enum Overlays: WindowPanel {
  public static func draw(in rect: Rect, _ ctx: PanelContext, into list: inout DrawList) {
    var canvas = ctx.layout.canvas
    if let message = ctx.saveMessage {
      let (banner, bottom) = OverlaySaveBanner.draw(message, over: canvas, ctx)
      list.append(banner)
      canvas = Rect(canvas.minX, bottom, canvas.width, max(0, canvas.maxY - bottom))
    }
    if !ctx.loadErrors.isEmpty { list.append(OverlayErrorBanner.draw(over: canvas, ctx)) }
    if let q = ctx.question { list.append(OverlayQuestion.draw(q, ctx)) }
    if ctx.showHelp {
      list.append(OverlayHelp.draw(in: rect, ctx))
    } else if let items = ctx.sceneList {
      list.append(OverlaySceneList.draw(in: rect, items: items, ctx))
    }
    if let tip = ctx.tooltip { list.add(tooltip(tip.text, at: tip.at, in: rect, ctx.theme)) }
  }

  /// A tooltip under and to the right of the mouse, kept inside the window (above the mouse near the
  /// bottom edge), wrapped to at most three lines.
  static func tooltip(_ text: String, at p: Point, in window: Rect, _ t: Theme) -> [DrawCommand] {
    let size = t.smallSize
    let pad = 6 * t.unit
    let maxWidth = min(420 * t.unit, window.width - 2 * pad)
    let lines = TextMetrics.wrap(text, toWidth: maxWidth - 2 * pad, size: size, maxLines: 3)
    let width = (lines.map { TextMetrics.width($0, size: size) }.max() ?? 0) + 2 * pad
    let lineHeight = (size * 1.3).rounded()
    let height = Double(lines.count) * lineHeight + 2 * pad
    var x = p.x + 14 * t.unit
    var y = p.y + 20 * t.unit
    if x + width > window.maxX { x = max(window.minX, window.maxX - width) }
    if y + height > window.maxY { y = max(window.minY, p.y - 8 * t.unit - height) }
    var out: [DrawCommand] = [
      .roundedRect(
        Rect(x, y, width, height), radius: 4 * t.unit, fill: t.panel.mixed(with: .white, 0.12),
        stroke: Stroke(t.panelBorder, width: t.unit))
    ]
    for (i, line) in lines.enumerated() {
      out.append(
        .text(line, at: Point(x + pad, y + pad + Double(i) * lineHeight), style: t.style(size, t.text)))
    }
    return out
  }

  /// The dimmed window behind a card; a click there closes the overlay.
  static func backdrop(_ rect: Rect, _ t: Theme, into list: inout DrawList) {
    list.add(.rect(rect, fill: RGBA(0, 0, 0, t.presenter ? 190 : 160), stroke: nil))
    list.region(rect, .closeOverlay, tip: t.lang("close", "关闭"))
  }

  /// A ✕ button at the top-right corner of `card`.
  static func closeButton(_ card: Rect, _ t: Theme, into list: inout DrawList) {
    let s = 30 * t.unit
    let r = Rect(card.maxX - s - 10 * t.unit, card.minY + 10 * t.unit, s, s)
    list.add(.roundedRect(r, radius: 5 * t.unit, fill: t.panel, stroke: Stroke(t.panelBorder, width: t.unit)))
    list.text("✕", r.mid, t.style(t.bodySize, t.text, face: .bold, anchor: .center))
    list.region(r, .closeOverlay, tip: t.lang("close (Esc)", "关闭（Esc）"))
  }
}
