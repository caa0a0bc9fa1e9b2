import Geometry
import Localization
import Raster
import StudioUI
import TouchSim

/// The help overlay: every key and mouse action of `KeyTable.help` in two columns, as large as fits.
enum OverlayHelp {
  /// The rows shown, in order (the one table the key handling follows).
  static func rows(_ l: Language) -> [(keys: String, what: String)] { KeyTable.help(l) }

  /// How the rows are set: text size, columns and the wrapped descriptions.
  struct Setting {
    var size: Double
    var lineHeight: Double
    var keysWidth: Double
    var columnWidth: Double
    /// Rows of each column: the row's index, its keys and its description, each wrapped into lines.
    var columns: [[(row: Int, keys: [String], lines: [String])]]
    var height: Double
  }

  /// The largest text size whose columns fit in `height`: two columns from 1.25 × body down, then three
  /// when they are wide enough, then smaller still, so every row is shown whole (nothing cut, even in
  /// presenter mode on a projector's 1024 × 768).
  static func setting(width: Double, height: Double, _ t: Theme) -> Setting {
    var last: Setting?
    let rows = rows(t.lang)
    let columnGap = 28 * t.unit
    // Not below 11 px (the smallest text the window draws): past that the rows scroll with the wheel.
    let scales = [1.25, 1.15, 1.05, 0.95, 0.85, 0.75, 0.68, 0.6].filter { t.bodySize * $0 >= 11 * t.pixelScale }
    for scale in scales.isEmpty ? [0.85] : scales {
      let size = t.bodySize * scale
      for count in [2, 3] {
        let columnWidth = (width - columnGap * Double(count - 1)) / Double(count)
        // Three columns only when each still holds a readable line of text.
        if count == 3 && columnWidth < 22 * size { continue }
        let s = setting(rows: rows, size: size, count: count, columnWidth: columnWidth, t)
        if s.height <= height { return s }
        last = s
      }
    }
    return last!
  }

  /// The rows set in `count` columns at `size`.
  private static func setting(
    rows: [(keys: String, what: String)], size: Double, count: Int, columnWidth: Double, _ t: Theme
  ) -> Setting {
    let lineHeight = (size * 1.32).rounded()
    let keysWidth = min(
      (rows.map { TextMetrics.width($0.keys, size: size, face: .bold) }.max() ?? 0) + 14 * t.unit, columnWidth * 0.36)
    let descWidth = columnWidth - keysWidth
    let wrapped = rows.enumerated().map { (i, r) in
      (
        row: i, keys: keyLines(r.keys, width: keysWidth - 12 * t.unit, size: size),
        lines: TextMetrics.wrap(r.what, toWidth: descWidth, size: size)
      )
    }
    let rowGap = 5 * t.unit
    let heights = wrapped.map { Double(max($0.lines.count, $0.keys.count)) * lineHeight + rowGap }
    let total = heights.reduce(0, +)
    // Split where each column holds about its share of the height.
    var columns: [[(row: Int, keys: [String], lines: [String])]] = [[]]
    var acc = 0.0
    for (i, h) in heights.enumerated() {
      let share = total * Double(columns.count) / Double(count)
      if columns.count < count, !columns[columns.count - 1].isEmpty, acc + h / 2 > share { columns.append([]) }
      columns[columns.count - 1].append(wrapped[i])
      acc += h
    }
    let columnHeight =
      columns.map { col in col.reduce(0) { $0 + Double(max($1.lines.count, $1.keys.count)) * lineHeight + rowGap } }
      .max() ?? 0
    return Setting(
      size: size, lineHeight: lineHeight, keysWidth: keysWidth, columnWidth: columnWidth, columns: columns,
      height: columnHeight)
  }

  /// Keys as written (their double spaces kept) when they fit, otherwise wrapped.
  private static func keyLines(_ keys: String, width: Double, size: Double) -> [String] {
    TextMetrics.width(keys, size: size, face: .bold) <= width
      ? [keys] : TextMetrics.wrap(keys, toWidth: width, size: size, face: .bold)
  }

  /// The card in the window and how its rows are set.
  static func layout(in rect: Rect, _ t: Theme) -> (card: Rect, setting: Setting) {
    let pad = 24 * t.unit
    let cardWidth = min(rect.width - 40 * t.unit, 1180 * t.unit)
    let titleH = TextMetrics.height(size: t.titleSize * 1.3) + 16 * t.unit
    let footerH = TextMetrics.height(size: t.bodySize) + 14 * t.unit
    let maxBody = rect.height - 40 * t.unit - 2 * pad - titleH - footerH
    let s = setting(width: cardWidth - 2 * pad, height: maxBody, t)
    let cardHeight = min(2 * pad + titleH + s.height + footerH, max(0, rect.height - 40 * t.unit))
    return (Rect(rect.mid.x - cardWidth / 2, rect.mid.y - cardHeight / 2, cardWidth, cardHeight), s)
  }

  /// How far the rows can scroll in a window of `rect` (0: they fit).
  static func maxScroll(in rect: Rect, _ t: Theme, memo: FrameMemo? = nil) -> Double {
    let (card, s) = memo?.helpLayout(in: rect, t) ?? layout(in: rect, t)
    let pad = 24 * t.unit
    let titleH = TextMetrics.height(size: t.titleSize * 1.3) + 16 * t.unit
    let footerH = TextMetrics.height(size: t.bodySize) + 14 * t.unit
    return max(0, s.height - (card.height - 2 * pad - titleH - footerH))
  }

  static func draw(in rect: Rect, _ ctx: PanelContext) -> DrawList {
    var list = DrawList()
    let t = ctx.theme
    Overlays.backdrop(rect, t, into: &list)
    let pad = 24 * t.unit
    let titleSize = t.titleSize * 1.3
    let titleH = TextMetrics.height(size: titleSize) + 16 * t.unit
    let footerH = TextMetrics.height(size: t.bodySize) + 14 * t.unit
    let (card, s) = ctx.memo.helpLayout(in: rect, t)
    list.add(.roundedRect(card, radius: 12 * t.unit, fill: t.panel, stroke: Stroke(t.panelBorder, width: 2 * t.unit)))
    list.add(.clip(card))
    list.text(
      ctx.lang("Keys and mouse", "键盘与鼠标"), Point(card.minX + pad, card.minY + pad), t.style(titleSize, face: .bold))
    Overlays.closeButton(card, t, into: &list)
    // The rows' own area; when they are taller, the wheel scrolls them and a hint says there is more.
    let body = Rect(
      card.minX, card.minY + pad + titleH, card.width, max(0, card.maxY - pad - footerH - (card.minY + pad + titleH)))
    let maxOffset = max(0, s.height - body.height)
    let offset = min(max(ctx.scroll[.help] ?? 0, 0), maxOffset)
    list.add(.clip(body))
    let top = body.minY - offset
    for (c, column) in s.columns.enumerated() {
      let x = card.minX + pad + Double(c) * (s.columnWidth + 28 * t.unit)
      var y = top
      for (_, keys, lines) in column {
        for (k, line) in keys.enumerated() {
          list.text(line, Point(x, y + Double(k) * s.lineHeight), t.style(s.size, t.accent, face: .bold))
        }
        for (k, line) in lines.enumerated() {
          list.text(line, Point(x + s.keysWidth, y + Double(k) * s.lineHeight), t.style(s.size, t.text))
        }
        y += Double(max(lines.count, keys.count)) * s.lineHeight + 5 * t.unit
      }
    }
    list.add(.unclip)
    list.add(.clip(card))
    if maxOffset > 0 {
      // The wheel over the card scrolls the rows (the region's own action is the scroll).
      list.region(body, .scroll(.help, by: 0))
    }
    let footer =
      offset < maxOffset
      ? ctx.lang("Esc closes  ·  ▾ more: scroll with the wheel", "Esc 关闭  ·  ▾ 更多：用滚轮滚动")
      : ctx.lang("Esc closes  ·  click anywhere to close", "Esc 关闭  ·  点击任意处关闭")
    list.text(
      TextMetrics.truncate(footer, toWidth: card.width - 2 * pad, size: t.bodySize),
      Point(card.mid.x, card.maxY - pad / 2 - footerH / 2),
      t.style(t.bodySize, t.secondaryText, anchor: .center))
    list.add(.unclip)
    return list
  }
}
