import Geometry
import Localization
import Raster
import StudioUI
import TouchSim

extension TimelinePanel {
  /// The gesture navigation and the legend, in the bottom panel's tab bar (`rect`: the free space there).
  static func toolbar(in rect: Rect, _ ctx: PanelContext, view: TimelineView?) -> DrawList {
    var list = DrawList()
    let t = ctx.theme
    guard let view else { return list }
    let small = t.smallSize
    var x = rect.maxX
    // ◀ previous gesture · "gesture 2 of 4 · 1000–1430 ms" · next gesture ▶, right-aligned.
    let button = rect.height - 6 * t.unit
    func navButton(_ glyph: String, _ target: Int?, tip: String) {
      let r = Rect(x - button, rect.mid.y - button / 2, button, button)
      x -= button + 4 * t.unit
      let enabled = target != nil
      list.add(
        .roundedRect(
          r, radius: 4 * t.unit, fill: enabled ? t.panelBorder.withAlpha(0.6) : nil,
          stroke: Stroke(t.panelBorder, width: t.unit)))
      list.text(glyph, r.mid, t.style(small, enabled ? t.text : t.faintText, anchor: .center))
      if let target { list.region(r, .jump(target), tip: tip) }
    }
    navButton("▶", view.nextStart, tip: ctx.lang("next gesture", "下一个手势"))
    navButton("◀", view.previousStart, tip: ctx.lang("previous gesture", "上一个手势"))
    let times = "\(TraceDescriber.time(view.first))–\(TraceDescriber.time(view.last))"
    let what =
      ctx.lang("gesture \(view.episode + 1) of \(view.count) · ", "手势 \(view.episode + 1)/\(view.count) · ") + times
    let whatWidth = TextMetrics.width(what, size: small)
    if x - whatWidth - 8 * t.unit > rect.minX {
      list.text(
        what, Point(x - 4 * t.unit, rect.mid.y), t.style(small, t.secondaryText, anchor: TextAnchor(.trailing, .middle))
      )
      x -= whatWidth + 28 * t.unit
    }
    // The legend, if there is room.
    let legend: [(String, String, GestureState)] = [
      ("P", "possible", .possible), ("B", "began", .began), ("C", "changed", .changed), ("E", "ended", .ended),
      ("X", "cancelled", .cancelled), ("F", "failed", .failed),
    ]
    let space = TextMetrics.width(" ", size: small)
    let pieces = legend.map {
      (TextMetrics.width($0.0, size: small, face: .bold), TextMetrics.width($0.1, size: small))
    }
    let legendWidth = pieces.reduce(0) { $0 + $1.0 + space + $1.1 } + Double(legend.count - 1) * 3 * space
    if x - legendWidth - 8 * t.unit > rect.minX {
      var lx = x - legendWidth
      for ((letter, word, state), (lw, ww)) in zip(legend, pieces) {
        list.text(
          letter, Point(lx, rect.mid.y),
          t.style(small, t.color(of: state), face: .bold, anchor: TextAnchor(.leading, .middle)))
        lx += lw + space
        list.text(word, Point(lx, rect.mid.y), t.style(small, t.faintText, anchor: TextAnchor(.leading, .middle)))
        lx += ww + 3 * space
      }
    }
    return list
  }

}
