import Geometry
import Localization
import Raster
import StudioUI
import TouchSim

/// The toast: a short message (saved, reloaded, a hint about a key, a warning, a failure) in a place of
/// its own, never over the header's title nor over the device.
///
/// With the inspector shown, it sits over the bottom of the inspector; on the stage and in compare mode
/// (the inspector folded away) beside the device, in the widest free column of the canvas, or over the
/// narration strip when the device leaves no column wide enough (zoomed in, a narrow window). Its text is
/// wrapped whole, never cut (smaller before it would not fit), with the kind's mark before it: ✓ only for
/// a success, ℹ for a hint, ⚠ for a warning, ✗ for a failure. It fades out over its last moments.
public enum OverlayToast {
  /// Where the toast may go in a frame, from what it must not cover.
  public struct Room {
    /// The panel it sits over the bottom of (the inspector), when that panel is shown.
    public var panel: Rect?
    /// Each device's area and the device drawn in it (pixels).
    public var devices: [(area: Rect, device: Rect)]
    /// Where it goes when no column beside a device is wide enough (the narration strip).
    public var fallback: Rect
    /// It never reaches above this (the header's bottom).
    public var top: Double
  }

  /// The widest a toast gets.
  static func maxWidth(_ t: Theme) -> Double { 460 * t.unit }
  /// The narrowest column beside a device a toast goes into.
  static func minColumn(_ t: Theme) -> Double { 200 * t.unit }

  /// The rectangle the toast is drawn within (its bottom edge is the toast's): over the panel's bottom, or
  /// the widest column beside a device, or the fallback.
  static func area(_ room: Room, _ t: Theme) -> Rect {
    let m = 10 * t.unit
    if let p = room.panel, p.width > 2 * m + 80 * t.unit {
      return Rect(p.minX + m, max(p.minY, room.top), p.width - 2 * m, max(p.maxY - m - max(p.minY, room.top), 1))
    }
    var best: Rect?
    for (area, device) in room.devices {
      let left = Rect(area.minX, area.minY, max(min(device.minX, area.maxX) - area.minX, 0), area.height)
      let right = Rect(
        max(device.maxX, area.minX), area.minY, max(area.maxX - max(device.maxX, area.minX), 0), area.height)
      for column in [left, right] where column.width >= minColumn(t) + 2 * m {
        if column.width > (best?.width ?? 0) { best = column }
      }
    }
    if let c = best {
      let top = max(c.minY, room.top)
      return Rect(c.minX + m, top, c.width - 2 * m, max(c.maxY - m - top, 1))
    }
    let f = room.fallback
    return Rect(f.minX + m, max(f.minY, room.top), max(f.width - 2 * m, 1), max(f.height - m, 1))
  }

  /// The toast's lines and text size: wrapped whole at the body size, at the small size when that does
  /// not fit `height`, and smaller still when needed (never cut: every word is on some line).
  static func lines(_ text: String, width: Double, height: Double, _ t: Theme) -> (lines: [String], size: Double) {
    let pad = 8 * t.unit
    var last: (lines: [String], size: Double) = ([text], t.bodySize)
    for size in [t.bodySize, t.smallSize, t.smallSize * 0.85] {
      let textWidth = max(width - 2 * pad - markWidth(size, t), 1)
      last = (TextMetrics.wrap(text, toWidth: textWidth, size: size, face: .bold), size)
      if Double(last.lines.count) * lineHeight(size, t) + 2 * pad <= height { return last }
    }
    return last
  }

  private static func markWidth(_ size: Double, _ t: Theme) -> Double {
    TextMetrics.width("⚠", size: size, face: .bold) + 6 * t.unit
  }

  private static func lineHeight(_ size: Double, _ t: Theme) -> Double { TextMetrics.height(size: size) + 2 * t.unit }

  /// The toast's box in `room` for `text` (where it is drawn, and what a click dismisses).
  static func box(_ text: String, _ room: Room, _ t: Theme) -> (box: Rect, lines: [String], size: Double) {
    let a = area(room, t)
    let width = min(a.width, maxWidth(t))
    let (lines, size) = self.lines(text, width: width, height: a.height, t)
    let pad = 8 * t.unit
    let textWidth = lines.map { TextMetrics.width($0, size: size, face: .bold) }.max() ?? 0
    let w = min(width, textWidth + 2 * pad + markWidth(size, t) + 2 * t.unit)
    let h = Double(lines.count) * lineHeight(size, t) + 2 * pad
    // Bottom-aligned in its area (right-aligned over the inspector's bottom and the narration strip, so it
    // stays by the panel's edge), never above the header.
    let y = max(a.maxY - h, room.top + 4 * t.unit)
    return (Rect(a.maxX - w, y, w, h), lines, size)
  }

  /// The toast's commands at `opacity` (1: fully shown; it fades to 0). Drawn after the legibility pass:
  /// its colours are chosen readable here (text on its own opaque box).
  public static func draw(_ toast: Toast, opacity: Double, _ room: Room, _ t: Theme) -> DrawList {
    var list = DrawList()
    guard opacity > 0 else { return list }
    let (box, lines, size) = box(toast.text, room, t)
    let alpha = opacity
    // Darker than the panels it lies over, so that it stands out and every kind's colour reads on it as is.
    let fill = t.background.mixed(with: .black, 0.4)
    let kindColor = color(toast.kind, t)
    list.add(.roundedRect(box, radius: 6 * t.unit, fill: fill.withAlpha(alpha), stroke: nil))
    list.add(
      .roundedRect(box, radius: 6 * t.unit, fill: nil, stroke: Stroke(kindColor.withAlpha(alpha), width: 2 * t.unit)))
    let pad = 8 * t.unit
    let markColor = Legibility.readable(kindColor, on: fill)
    let textColor =
      toast.kind == .error ? Legibility.readable(t.badText, on: fill) : Legibility.readable(t.text, on: fill)
    list.text(
      toast.kind.mark, Point(box.minX + pad, box.minY + pad), t.style(size, markColor.withAlpha(alpha), face: .bold))
    let x = box.minX + pad + markWidth(size, t)
    for (i, line) in lines.enumerated() {
      list.text(
        line, Point(x, box.minY + pad + Double(i) * lineHeight(size, t)),
        t.style(size, textColor.withAlpha(alpha), face: .bold))
    }
    list.region(box, .dismissToast, tip: t.lang("click to dismiss", "点击关闭"))
    return list
  }

  /// The colour of a kind's mark and border.
  static func color(_ kind: ToastKind, _ t: Theme) -> RGBA {
    switch kind {
    case .success: return t.good
    case .hint: return t.accent
    case .warning: return t.waiting
    case .error: return t.bad
    }
  }
}
