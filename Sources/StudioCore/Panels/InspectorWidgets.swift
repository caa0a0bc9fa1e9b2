import Geometry
import Raster
import TouchSim

/// A pulse: something the engine consulted a moment ago, fading out.
struct InspectorPulse: Equatable {
  /// 1 just now, falling to 0 at the end of the window.
  var strength: Double
  /// What it answered ("asked → NO"), written in the toggle while the pulse lasts.
  var text: String
  var color: RGBA
}

/// One pill toggle: a key letter, a name and its current value; clicking it emits `action`.
struct InspectorToggle {
  var key: Character?
  var label: String
  var value: String
  var valueColor: RGBA
  /// nil: read-only (drawn dashed, not clickable).
  var action: StudioAction?
  var tip: String?
  var pulse: InspectorPulse?
  /// Texts the value slot may show (the value and the pulse texts), so the pill keeps its width.
  var reserve: [String] = []
  /// The key letter is lit (the card is selected, so the key acts on it).
  var keyLit = false
}

/// Drawing helpers shared by the inspector's tabs.
enum InspectorWidgets {
  /// Leading edge, vertically centred.
  static let leadingMiddle = TextAnchor(.leading, .middle)
  /// Trailing edge, vertically centred.
  static let trailingMiddle = TextAnchor(.trailing, .middle)

  /// `style` in another colour.
  static func recolor(_ style: TextStyle, _ color: RGBA) -> TextStyle {
    var s = style
    s.color = color
    return s
  }

  static func toggleHeight(_ t: Theme) -> Double { 21 * t.unit }

  static func labelStyle(_ t: Theme) -> TextStyle { t.style(t.smallSize, t.secondaryText, anchor: leadingMiddle) }
  static func valueStyle(_ t: Theme, _ c: RGBA) -> TextStyle {
    t.style(t.smallSize, c, face: .bold, anchor: leadingMiddle)
  }
  static func keyStyle(_ t: Theme, _ c: RGBA) -> TextStyle {
    t.style(t.smallSize * 0.95, c, face: .bold, anchor: TextAnchor(.center, .middle))
  }

  /// The width the toggle needs, at most `maxWidth` (its label is truncated to fit).
  static func width(of toggle: InspectorToggle, _ t: Theme) -> Double {
    let u = t.unit
    let keyW = toggle.key == nil ? 0 : 18 * u
    let valueW = ([toggle.value] + toggle.reserve).map { InspectorText.width($0, valueStyle(t, .white)) }.max() ?? 0
    if toggle.label.isEmpty && toggle.key == nil { return valueW + 10 * u }
    return 7 * u + keyW + InspectorText.width(toggle.label, labelStyle(t)) + 6 * u + valueW + 6 * u
  }

  /// Draws `toggle` in `rect` (its height is `toggleHeight`); the label shrinks with "…" when short of room.
  static func draw(_ toggle: InspectorToggle, in rect: Rect, _ t: Theme, into list: inout DrawList) {
    let u = t.unit
    // Value-only chips (table cells) are narrow: rounder ends would crowd their text.
    let radius = toggle.label.isEmpty ? min(rect.height / 2, 6 * u) : rect.height / 2
    let readOnly = toggle.action == nil
    let fill = readOnly ? t.panel : t.background.mixed(with: t.panel, 0.35)
    let border = Stroke(readOnly ? t.faintText : t.panelBorder, width: max(1, u), dash: readOnly ? 3 * u : nil)
    list.add(.roundedRect(rect, radius: radius, fill: fill, stroke: border))
    var x = rect.minX + 7 * u
    let midY = rect.mid.y
    if let key = toggle.key {
      let box = Rect(x - 2 * u, midY - 7.5 * u, 15 * u, 15 * u)
      let keyColor = toggle.keyLit ? t.accent : t.faintText
      list.add(.roundedRect(box, radius: 3 * u, fill: nil, stroke: Stroke(keyColor, width: max(1, u))))
      list.text(String(key).uppercased(), box.mid, keyStyle(t, keyColor))
      x += 18 * u
    }
    let pulse = toggle.pulse
    let valueText = pulse?.text ?? toggle.value
    let valueColor = pulse?.color ?? toggle.valueColor
    let valueW = InspectorText.width(valueText, valueStyle(t, valueColor))
    let valueX = toggle.label.isEmpty ? rect.mid.x - valueW / 2 : rect.maxX - 6 * u - valueW
    let labelRoom = max(valueX - 6 * u - x, 0)
    let label = InspectorText.truncate(toggle.label, labelRoom, labelStyle(t))
    if !label.isEmpty {
      list.text(label, Point(x, midY), recolor(labelStyle(t), readOnly ? t.faintText : t.secondaryText))
    }
    list.text(valueText, Point(toggle.label.isEmpty ? valueX : max(valueX, x), midY), valueStyle(t, valueColor))
    if let pulse { ring(around: rect, radius: radius, pulse.strength, pulse.color, t, into: &list) }
    if let action = toggle.action { list.region(rect, action, tip: toggle.tip) }
  }

  /// A ring that grows and fades as `strength` falls from 1 to 0 (a pulse, or a flash).
  static func ring(
    around rect: Rect, radius: Double, _ strength: Double, _ color: RGBA, _ t: Theme, into list: inout DrawList
  ) {
    let u = t.unit
    let grow = (1 - strength) * 4 * u + 1.5 * u
    let r = Rect(rect.minX - grow, rect.minY - grow, rect.width + 2 * grow, rect.height + 2 * grow)
    let width = max(1, 2.5 * u * (0.4 + 0.6 * strength))
    list.add(
      .roundedRect(
        r, radius: radius + grow, fill: nil, stroke: Stroke(color.withAlpha(0.35 + 0.65 * strength), width: width)))
  }

  /// An hourglass (⏳ is not in the bundled fonts): two triangles meeting at `center`, `size` pixels tall.
  static func hourglass(at center: Point, size: Double, _ color: RGBA, into list: inout DrawList) {
    let h = size / 2
    let w = size * 0.36
    let s = Stroke(color, width: max(1, size / 9))
    let tl = Point(center.x - w, center.y - h)
    let tr = Point(center.x + w, center.y - h)
    let bl = Point(center.x - w, center.y + h)
    let br = Point(center.x + w, center.y + h)
    list.add(.line(from: tl, to: tr, stroke: s))
    list.add(.line(from: bl, to: br, stroke: s))
    list.add(.line(from: tl, to: br, stroke: s))
    list.add(.line(from: tr, to: bl, stroke: s))
    // Sand in the lower bulb.
    let sand = Stroke(color, width: max(1, size / 5))
    list.add(
      .line(
        from: Point(center.x - w * 0.45, center.y + h * 0.72), to: Point(center.x + w * 0.45, center.y + h * 0.72),
        stroke: sand))
  }

  /// The "simultaneous" mark: a double line `width` pixels long.
  static func doubleLine(at center: Point, width: Double, _ color: RGBA, _ t: Theme, into list: inout DrawList) {
    let gap = max(2, 2.5 * t.unit)
    let s = Stroke(color, width: max(1, 1.5 * t.unit))
    for dy in [-gap, gap] {
      list.add(
        .line(
          from: Point(center.x - width / 2, center.y + dy), to: Point(center.x + width / 2, center.y + dy), stroke: s))
    }
  }

  /// An arrow head at `tip`, pointing along `from → tip`.
  static func arrowHead(from: Point, tip: Point, length: Double, _ stroke: Stroke, into list: inout DrawList) {
    let d = tip - from
    let len = d.length
    guard len > 0 else { return }
    let ux = d.x / len
    let uy = d.y / len
    let back = Point(tip.x - ux * length, tip.y - uy * length)
    let nx = -uy * length * 0.55
    let ny = ux * length * 0.55
    list.add(.line(from: tip, to: Point(back.x + nx, back.y + ny), stroke: stroke))
    list.add(.line(from: tip, to: Point(back.x - nx, back.y - ny), stroke: stroke))
  }

  /// Lays toggles out in two equal columns (one that does not fit a column takes the whole row).
  static func grid(_ widths: [Double], x: Double, y: Double, width: Double, _ t: Theme) -> (
    rects: [Rect], height: Double
  ) {
    let h = toggleHeight(t)
    let gap = 5 * t.unit
    let columnW = (width - gap) / 2
    var rects: [Rect] = []
    var cy = y
    var column = 0
    for w in widths {
      if w > columnW {
        if column == 1 {
          // The one before sat alone in its row: it takes the whole row rather than leave a hole.
          rects[rects.count - 1].size.width = width
          cy += h + gap
        }
        rects.append(Rect(x, cy, width, h))
        cy += h + gap
        column = 0
        continue
      }
      rects.append(Rect(x + Double(column) * (columnW + gap), cy, columnW, h))
      column += 1
      if column == 2 {
        column = 0
        cy += h + gap
      }
    }
    if column == 1 { cy += h + gap }
    return (rects, widths.isEmpty ? 0 : cy - gap - y)
  }

  /// Lays toggles out left to right, wrapping at `width`; returns their rectangles and the height used.
  static func flow(_ widths: [Double], x: Double, y: Double, width: Double, _ t: Theme) -> (
    rects: [Rect], height: Double
  ) {
    let h = toggleHeight(t)
    let gapX = 6 * t.unit
    let gapY = 6 * t.unit
    var rects: [Rect] = []
    var cx = x
    var cy = y
    for w in widths {
      let w = min(w, width)
      if cx > x && cx + w > x + width {
        cx = x
        cy += h + gapY
      }
      rects.append(Rect(cx, cy, w, h))
      cx += w + gapX
    }
    return (rects, widths.isEmpty ? 0 : cy + h - y)
  }
}

/// Rectangle helpers for clipping regions to the visible part of the inspector.
enum InspectorGeometry {
  /// The overlap of `a` and `b`, or nil when they do not overlap.
  static func overlap(_ a: Rect, _ b: Rect) -> Rect? {
    let x0 = max(a.minX, b.minX)
    let y0 = max(a.minY, b.minY)
    let x1 = min(a.maxX, b.maxX)
    let y1 = min(a.maxY, b.maxY)
    guard x1 > x0, y1 > y0 else { return nil }
    return Rect(x0, y0, x1 - x0, y1 - y0)
  }

  static func inset(_ r: Rect, dx: Double, dy: Double) -> Rect {
    Rect(r.minX + dx, r.minY + dy, max(r.width - 2 * dx, 0), max(r.height - 2 * dy, 0))
  }
}
