import Geometry
import Raster
import TouchSim

/// A finger to draw on the canvas: its number, where it is (scene points) and whether it is down.
///
/// VISUAL-LANGUAGE: a 44 pt ring with a 3 pt stroke in the finger's Okabe-Ito colour, half filled while
/// pressed and hollow while hovering, the finger's number inside, a tap-count badge when the touch is a
/// repeat tap, a fading trail, and after lift a short ripple before it disappears.
public struct TouchMarker: Hashable, Sendable {
  public var number: Int
  public var location: Point
  /// False for a hovering pointer (drawn hollow).
  public var pressed: Bool
  /// `UITouch.tapCount`: a badge shows it when it is more than 1.
  public var tapCount = 1
  /// Recent positions, oldest first (scene points): drawn as a fading polyline.
  public var trail: [Point] = []
  /// After the touch lifted: how far through its linger it is (0 at the lift ... 1 gone); nil while down.
  public var lift: Double?
  /// The touch was cancelled rather than lifted (it ends with a ✗).
  public var cancelled = false
  /// The simulated second finger (Alt / Shift + drag): a dashed ring labelled "virtual".
  public var isVirtual = false
  /// The word on a simulated finger's label ("virtual"), in the window's language.
  public var virtualLabel = "virtual"

  public init(number: Int, location: Point, pressed: Bool = true) {
    self.number = number
    self.location = location
    self.pressed = pressed
  }

  /// The ring's radius in pixels: 22 scene points, never smaller than 12 `unit`s so it stays visible.
  public static func radius(viewport: Viewport, unit: Double) -> Double {
    max(22 * viewport.scale, 12 * unit)
  }

  /// The draw commands of the marker (`unit`: pixels per point of the window's chrome).
  public func commands(viewport: Viewport, unit: Double) -> [DrawCommand] {
    var out: [DrawCommand] = []
    let color = Palette.touch(number)
    let center = viewport.toPixels(location)
    let radius = Self.radius(viewport: viewport, unit: unit)
    let fade = 1 - min(max(lift ?? 0, 0), 1)
    guard fade > 0 else { return [] }
    let dash = isVirtual ? 5 * unit : nil
    let fill = pressed && lift == nil ? color.withAlpha(isVirtual ? 0.3 : 0.5) : nil
    let ringColor = color.withAlpha(pressed ? fade : 0.8 * fade)
    let width = (pressed ? 3 : 2) * unit
    out.append(.circle(center: center, radius: radius, fill: fill, stroke: Stroke(ringColor, width: width, dash: dash)))
    // A thin dark edge keeps the ring visible on a view of the finger's own colour.
    out.append(
      .circle(
        center: center, radius: radius + unit, fill: nil,
        stroke: Stroke(Palette.darkText.withAlpha(0.45 * fade), width: unit, dash: dash)))
    if let lift {
      // The ripple: a thinner ring spreading out as the marker fades.
      let k = min(max(lift, 0), 1)
      out.append(
        .circle(
          center: center, radius: radius * (1 + 0.7 * k), fill: nil,
          stroke: Stroke(color.withAlpha(0.7 * (1 - k)), width: 2 * unit)))
    }
    if pressed {
      let style = TextStyle(
        size: max(14 * viewport.scale, 10 * unit), color: Palette.darkText.withAlpha(fade), face: .bold,
        anchor: .center)
      out.append(.text(String(number), at: center, style: style))
    }
    if cancelled {
      let style = TextStyle(size: radius * 1.3, color: Palette.cancelMark.withAlpha(fade), face: .bold, anchor: .center)
      out.append(.text("✗", at: center, style: style))
    }
    if tapCount > 1 {
      let badge = Point(center.x + radius * 0.8, center.y - radius * 0.8)
      let r = 9 * unit
      out.append(
        .circle(
          center: badge, radius: r, fill: color.withAlpha(fade), stroke: Stroke(RGBA.white.withAlpha(fade), width: unit)
        ))
      let style = TextStyle(size: 10 * unit, color: Palette.darkText.withAlpha(fade), face: .bold, anchor: .center)
      out.append(.text("×\(tapCount)", at: badge, style: style))
    }
    if isVirtual {
      let size = 10 * unit
      let label = virtualLabel
      let w = CanvasText.width(label, size: size, bold: true) + 8 * unit
      let pill = Rect(center.x - w / 2, center.y + radius + 3 * unit, w, size * 1.5)
      out.append(.roundedRect(pill, radius: pill.height / 2, fill: color.withAlpha(fade), stroke: nil))
      out.append(
        .text(label, at: pill.mid, style: TextStyle(size: size, color: Palette.darkText, face: .bold, anchor: .center)))
    }
    return out
  }

  /// The trail: a polyline through the recent positions, fading towards the oldest.
  public func trailCommands(viewport: Viewport, unit: Double) -> [DrawCommand] {
    guard trail.count >= 2 else { return [] }
    let fade = 1 - min(max(lift ?? 0, 0), 1)
    // A little darker than the ring, so the trail shows on light and saturated views alike.
    let color = Palette.touch(number).mixed(with: Palette.darkText, 0.3)
    let n = trail.count
    var out: [DrawCommand] = []
    for i in 1..<n {
      let a = viewport.toPixels(trail[i - 1])
      let b = viewport.toPixels(trail[i])
      guard a != b else { continue }
      let age = Double(i) / Double(n - 1)
      out.append(.line(from: a, to: b, stroke: Stroke(Palette.darkText.withAlpha(0.3 * age * fade), width: 5 * unit)))
      out.append(.line(from: a, to: b, stroke: Stroke(color.withAlpha(0.85 * age * fade), width: 3 * unit)))
    }
    return out
  }
}

extension Palette {
  /// The ✗ of a cancelled touch.
  static let cancelMark = RGBA(0xE5, 0x4B, 0x4B)
}
