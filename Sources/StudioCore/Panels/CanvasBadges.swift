import Raster
import TouchSim
import TraceKit

/// Recognizer badges: a small pill per recognizer in the top-trailing corner of its view, coloured by the
/// recognizer's state at the playhead (blue in progress, green recognized, red failed or cancelled, amber
/// while it waits for others to fail), with an icon as well as a colour, flashing when its action fires.
enum CanvasBadges {
  /// How long (trace ms) a badge flashes after its action fired.
  static let flash: Double = 400
  /// How long (trace ms) a badge keeps showing the outcome after the recognizer was reset to possible.
  static let afterglow: Double = 500

  /// One badge: the recognizer, what it shows, and where.
  struct Badge {
    var id: String
    var text: String
    var fill: RGBA
    var ink: RGBA
    var stroke: Stroke?
    /// 0...1: how strongly the action flash shows.
    var flash: Double
  }

  /// The recognizers of a view, as ids, with whether each is enabled: its own, then a scroll view's pan.
  static func recognizers(of view: ViewSpec) -> [(id: String, enabled: Bool)] {
    var out = view.recognizers.map { (id: $0.id, enabled: $0.isEnabled) }
    if view.kind == .scroll { out.append((id: view.id + ".pan", enabled: true)) }
    return out
  }

  /// What the badge of recognizer `id` shows now.
  static func badge(_ id: String, enabled: Bool, _ ctx: PanelContext) -> Badge {
    let status = ctx.snapshot.recognizers[id] ?? RecognizerStatus()
    let theme = ctx.theme
    var state = status.state
    var strength = 1.0
    if state == .possible, let last = status.lastNonReset, status.last?.to == .possible {
      let age = ctx.playheadTime - last.time
      if age >= 0 && age < afterglow {
        state = last.to
        strength = 1 - age / afterglow * 0.6
      }
    }
    let flashAge = status.lastAction.map { ctx.playheadTime - $0.time } ?? .infinity
    let flash = flashAge >= 0 && flashAge < flash ? 1 - flashAge / flash : 0
    if !enabled {
      return Badge(
        id: id, text: id + " off", fill: Palette.tagFill.withAlpha(0.7), ink: Palette.ghost, stroke: nil, flash: 0)
    }
    switch state {
    case .possible where !status.waitingFor.isEmpty:
      return Badge(id: id, text: id + " …", fill: theme.waiting, ink: Palette.darkText, stroke: nil, flash: flash)
    case .possible:
      return Badge(
        id: id, text: id, fill: Palette.tagFill, ink: Palette.lightText,
        stroke: Stroke(theme.active, width: theme.pixelScale),
        flash: flash)
    case .began, .changed:
      return Badge(
        id: id, text: id + " ●", fill: theme.active.withAlpha(strength), ink: Palette.lightText, stroke: nil,
        flash: flash)
    case .ended:
      return Badge(
        id: id, text: id + " ✓", fill: theme.good.withAlpha(strength), ink: Palette.lightText, stroke: nil, flash: flash
      )
    case .failed, .cancelled:
      return Badge(
        id: id, text: id + " ✗", fill: theme.bad.withAlpha(strength), ink: Palette.lightText, stroke: nil, flash: flash)
    }
  }

  /// Where each badge goes: the top-trailing corner of its view, one under the other.
  static func layout(_ ctx: PanelContext, geometry: CanvasGeometry, unit: Double) -> [(
    badge: Badge, pill: Rect, clip: Rect, enabled: Bool
  )] {
    let size = 10 * unit
    let h = size * 1.5
    let gap = 2 * unit
    var out: [(badge: Badge, pill: Rect, clip: Rect, enabled: Bool)] = []
    for node in geometry.nodes {
      let list = recognizers(of: node.spec)
      guard !list.isEmpty, node.clip.width > 0, node.clip.height > 0 else { continue }
      var y = node.box.minY + gap
      for (id, enabled) in list {
        let b = badge(id, enabled: enabled, ctx)
        let w = CanvasText.width(b.text, size: size, bold: true) + 8 * unit
        out.append((b, Rect(node.box.maxX - gap - w, y, w, h), node.clip, enabled))
        y += h + gap
      }
    }
    return out
  }

  /// The badges of every view with recognizers, clipped to what each view shows.
  static func commands(_ layout: [(badge: Badge, pill: Rect, clip: Rect, enabled: Bool)], unit: Double)
    -> [DrawCommand]
  {
    let size = 10 * unit
    var out: [DrawCommand] = []
    for (b, pill, clip, enabled) in layout {
      let h = pill.height
      out.append(.clip(clip))
      if b.flash > 0 {
        out.append(
          .roundedRect(
            CanvasGeometry.grow(pill, 3 * unit, 3 * unit), radius: h / 2 + 3 * unit,
            fill: Palette.actionFlash.withAlpha(0.55 * b.flash),
            stroke: Stroke(Palette.actionFlash.withAlpha(b.flash), width: 2 * unit)))
      }
      out.append(.roundedRect(pill, radius: h / 2, fill: b.fill, stroke: b.stroke))
      if !enabled {
        out.append(
          .line(
            from: Point(pill.minX + 4 * unit, pill.mid.y), to: Point(pill.maxX - 4 * unit, pill.mid.y),
            stroke: Stroke(Palette.ghost, width: unit)))
      }
      out.append(.text(b.text, at: pill.mid, style: TextStyle(size: size, color: b.ink, face: .bold, anchor: .center)))
      out.append(.unclip)
    }
    return out
  }
}

extension Palette {
  /// The flash around a recognizer badge when its action fires.
  static let actionFlash = RGBA(0xF0, 0xE4, 0x42)
}
