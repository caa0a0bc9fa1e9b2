import Raster
import TouchSim

/// Things drawn over everything: the reload error banner, the help, the scene list.
public enum Overlays {
  public static func draw(in rect: Rect, _ ctx: PanelContext) -> DrawList {
    var list = DrawList()
    if !ctx.loadErrors.isEmpty { list.append(OverlayErrorBanner.draw(over: ctx.layout.canvas, ctx)) }
    if ctx.showHelp {
      list.append(OverlayHelp.draw(in: rect, ctx))
    } else if let items = ctx.sceneList {
      list.append(OverlaySceneList.draw(in: rect, items: items, ctx))
    }
    return list
  }

  /// The dimmed window behind a card; a click there closes the overlay.
  static func backdrop(_ rect: Rect, _ t: Theme, into list: inout DrawList) {
    list.add(.rect(rect, fill: RGBA(0, 0, 0, t.presenter ? 190 : 160), stroke: nil))
    list.region(rect, .closeOverlay, tip: "close")
  }

  /// A ✕ button at the top-right corner of `card`.
  static func closeButton(_ card: Rect, _ t: Theme, into list: inout DrawList) {
    let s = 30 * t.unit
    let r = Rect(card.maxX - s - 10 * t.unit, card.minY + 10 * t.unit, s, s)
    list.add(.roundedRect(r, radius: 5 * t.unit, fill: t.panel, stroke: Stroke(t.panelBorder, width: t.unit)))
    list.text("✕", r.mid, t.style(t.bodySize, t.text, face: .bold, anchor: .center))
    list.region(r, .closeOverlay, tip: "close (Esc)")
  }
}
