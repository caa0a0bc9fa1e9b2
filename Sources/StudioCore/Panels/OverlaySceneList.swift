import Geometry
import Localization
import Raster
import StudioUI
import TouchSim

/// The scene list: the library's scenes (title and file name); clicking one opens it.
enum OverlaySceneList {
  static func rowHeight(_ t: Theme) -> Double {
    (TextMetrics.height(size: t.bodySize * 1.1) + TextMetrics.height(size: t.smallSize) + 14 * t.unit).rounded()
  }

  static func draw(in rect: Rect, items: [SceneListItem], _ ctx: PanelContext) -> DrawList {
    var list = DrawList()
    let t = ctx.theme
    Overlays.backdrop(rect, t, into: &list)
    let pad = 20 * t.unit
    let titleSize = t.titleSize * 1.2
    let titleH = TextMetrics.height(size: titleSize) + 14 * t.unit
    let footerH = TextMetrics.height(size: t.smallSize) + 14 * t.unit
    let row = rowHeight(t)
    let contentH = max(Double(items.count), 1) * row
    let cardWidth = min(rect.width - 40 * t.unit, 760 * t.unit)
    let cardHeight = min(2 * pad + titleH + contentH + footerH, rect.height - 40 * t.unit)
    let card = Rect(rect.mid.x - cardWidth / 2, rect.mid.y - cardHeight / 2, cardWidth, cardHeight)
    list.add(.roundedRect(card, radius: 12 * t.unit, fill: t.panel, stroke: Stroke(t.panelBorder, width: 2 * t.unit)))
    // Clicks on the card itself do nothing (instead of closing it).
    list.region(card, .scroll(.sceneList, by: 0))
    list.add(.clip(card))
    list.text(
      ctx.lang("Open a scene", "打开场景"), Point(card.minX + pad, card.minY + pad), t.style(titleSize, face: .bold))
    Overlays.closeButton(card, t, into: &list)
    let area = Rect(
      card.minX + pad / 2, card.minY + pad + titleH, card.width - pad,
      card.maxY - pad / 2 - footerH - (card.minY + pad + titleH))
    if items.isEmpty {
      list.text(
        ctx.lang(
          "No scenes found: the Scenes folder is missing next to the program.", "没有找到场景：程序旁边缺少 Scenes 文件夹。"),
        Point(area.minX + pad / 2, area.minY + 8 * t.unit),
        t.style(nil, t.secondaryText))
    }
    let maxOffset = max(0, contentH - area.height)
    let offset = min(max(ctx.scroll[.sceneList] ?? 0, 0), maxOffset)
    list.add(.clip(area))
    let first = max(Int(offset / row), 0)
    let last = min(Int((offset + area.height) / row) + 1, items.count)
    for i in first..<max(first, last) {
      let item = items[i]
      let r = Rect(area.minX, area.minY + Double(i) * row - offset, area.width - 10 * t.unit, row - 3 * t.unit)
      let isCurrent = item.path == ctx.scenePath
      list.add(
        .roundedRect(
          r, radius: 6 * t.unit, fill: isCurrent ? t.accent.withAlpha(0.2) : t.background.withAlpha(0.35),
          stroke: isCurrent ? Stroke(t.accent, width: t.unit) : nil))
      let textX = r.minX + 12 * t.unit
      let room = r.width - 24 * t.unit
      let titleY = r.minY + 6 * t.unit
      list.text(
        TextMetrics.truncate(item.title, toWidth: room, size: t.bodySize * 1.1, face: .bold), Point(textX, titleY),
        t.style(t.bodySize * 1.1, face: .bold))
      let file =
        String(item.path.split(separator: "/").last ?? Substring(item.path))
        + (isCurrent ? ctx.lang("  ·  open now", "  ·  当前打开") : "")
      list.text(
        TextMetrics.truncate(file, toWidth: room, size: t.smallSize),
        Point(textX, titleY + TextMetrics.height(size: t.bodySize * 1.1) + 2 * t.unit),
        t.style(t.smallSize, t.secondaryText, face: .mono))
      let visible = Rect(r.minX, max(r.minY, area.minY), r.width, min(r.maxY, area.maxY) - max(r.minY, area.minY))
      if visible.height > 0 { list.region(visible, .openScene(path: item.path), tip: item.path) }
    }
    list.add(.unclip)
    if maxOffset > 0 {
      let track = Rect(area.maxX - 5 * t.unit, area.minY, 4 * t.unit, area.height)
      let h = max(track.height * area.height / contentH, 20 * t.unit)
      let y = track.minY + (track.height - h) * offset / maxOffset
      list.add(.roundedRect(Rect(track.minX, y, track.width, h), radius: 2 * t.unit, fill: t.panelBorder, stroke: nil))
    }
    let hint =
      maxOffset > 0
      ? ctx.lang("Esc closes  ·  the wheel scrolls", "Esc 关闭  ·  滚轮滚动") : ctx.lang("Esc closes", "Esc 关闭")
    list.text(
      hint, Point(card.mid.x, card.maxY - pad / 2 - footerH / 2), t.style(t.smallSize, t.secondaryText, anchor: .center)
    )
    list.add(.unclip)
    return list
  }
}
