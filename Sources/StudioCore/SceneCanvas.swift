import Raster
import TouchSim
import TraceKit

/// Turns a scene (and the fingers on it) into draw commands: the device canvas of the window.
///
/// Pure: no SDL, no clock. Every view is drawn to scale at its place in the window, nested coordinate
/// spaces included (a subview's `center` is in its superview's bounds coordinates, so a superview's
/// `bounds.origin`, such as a scroll view's content offset, shifts its subviews). A transformed view is
/// drawn as its bounding box with its true outline on top; a hidden or fully transparent view (and its
/// subtree) as a dashed outline. What hit-testing ignores is marked: hatching and a tag ("hidden",
/// "α<0.01", "no interaction", "disabled"); an enlarged hit area (`hitOutset`) is dashed with a faint fill.
public struct SceneCanvas: Sendable {
  /// Where the scene's window goes in pixels.
  public var viewport: Viewport
  /// Pixels per point of the window's own chrome (2 on a HiDPI screen, × 1.5 in presenter mode): label
  /// sizes and stroke widths.
  public var pixelScale: Double
  /// Control states from the trace (highlight, value) by id; a control not listed shows its scene value.
  public var controls: [String: ControlStatus] = [:]

  public init(viewport: Viewport, pixelScale: Double = 1) {
    self.viewport = viewport
    self.pixelScale = pixelScale
  }

  /// The draw commands for `scene` with `touches` on top.
  public func commands(for scene: Scene, touches: [TouchMarker] = []) -> [DrawCommand] {
    var out = viewCommands(for: scene)
    for touch in touches { out += touch.commands(viewport: viewport, unit: pixelScale) }
    return out
  }

  /// The device and its views, without touches.
  public func viewCommands(for scene: Scene) -> [DrawCommand] {
    var out: [DrawCommand] = []
    let device = viewport.toPixels(Rect(origin: .zero, size: scene.window))
    out.append(.rect(device, fill: Palette.device, stroke: nil))
    out.append(.clip(device))
    draw(scene.root, parentToWindow: .identity, alpha: 1, ghost: false, into: &out)
    out.append(.unclip)
    out.append(
      .rect(device.insetBy(-2 * pixelScale), fill: nil, stroke: Stroke(Palette.deviceBorder, width: 2 * pixelScale)))
    return out
  }

  /// The fill of a view: its `color`, or light grey when it has none or it does not parse.
  public static func fill(of view: ViewSpec) -> RGBA {
    view.color.flatMap { RGBA(hex: $0) } ?? Palette.defaultViewFill
  }

  /// The rectangle a view covers in window coordinates (its bounding box when transformed).
  public static func windowFrame(of view: ViewSpec, parentToWindow: AffineTransform) -> Rect {
    let toWindow = view.toSuperview.followed(by: parentToWindow)
    return boundingBox(corners(of: view.bounds, through: toWindow))
  }

  /// The tags that say why hit-testing ignores a view (empty for a view that takes touches).
  public static func tags(of view: ViewSpec) -> [String] {
    var tags: [String] = []
    if view.hidden { tags.append("hidden") }
    if view.alpha < 0.01 { tags.append("α<0.01") }
    if !view.userInteractionEnabled { tags.append("no interaction") }
    if view.kind.isControl && !view.enabled { tags.append("disabled") }
    return tags
  }

  private func draw(
    _ view: ViewSpec, parentToWindow: AffineTransform, alpha: Double, ghost: Bool, into out: inout [DrawCommand]
  ) {
    let toWindow = view.toSuperview.followed(by: parentToWindow)
    let windowCorners = Self.corners(of: view.bounds, through: toWindow)
    let box = Self.snapped(viewport.toPixels(Self.boundingBox(windowCorners)))
    let isGhost = ghost || view.hidden || view.alpha < 0.01
    let opacity = alpha * min(max(view.alpha, 0), 1)
    let radius = view.kind.isControl ? min(8 * viewport.scale, box.height / 2, box.width / 2) : 0
    let rotated = !toWindow.isAxisAligned
    let status = controls[view.id]
    let disabled = view.kind.isControl && !view.enabled

    if view.hitOutset > 0 && !isGhost { drawOutset(view, toWindow: toWindow, into: &out) }

    var fill = Self.fill(of: view)
    if disabled { fill = fill.mixed(with: Palette.ghost, 0.55) }
    if status?.highlighted == true { fill = fill.mixed(with: RGBA.black, 0.3) }
    let shown = fill.withAlpha(opacity * (rotated ? 0.35 : 1))
    if isGhost {
      let stroke = Stroke(Palette.ghost, width: pixelScale, dash: 5 * pixelScale)
      out.append(shape(box, radius: radius, fill: nil, stroke: stroke))
    } else {
      let outline =
        status?.highlighted == true
        ? Stroke(Palette.darkText, width: 2 * pixelScale) : Stroke(Palette.viewOutline.withAlpha(opacity))
      out.append(shape(box, radius: radius, fill: shown, stroke: outline))
      if rotated {
        let outline = Stroke(fill.withAlpha(opacity), width: 2 * pixelScale)
        let pixels = windowCorners.map(viewport.toPixels)
        for i in 0..<4 { out.append(.line(from: pixels[i], to: pixels[(i + 1) % 4], stroke: outline)) }
      }
    }
    // Text readable on what is actually drawn (a faint fill reads as the background behind it).
    let ink = isGhost ? Palette.ghost : Palette.text(on: shown).withAlpha(max(opacity * (disabled ? 0.6 : 1), 0.4))
    let drewControl = !isGhost && drawControl(view, in: box, status: status, ink: ink, opacity: opacity, into: &out)
    if !drewControl, let text = view.text, !text.isEmpty {
      let size = Self.textSize(scale: viewport.scale, unit: pixelScale)
      let style = TextStyle(size: size, color: ink, face: view.kind.isControl ? .bold : .regular, anchor: .center)
      let fitted = CanvasText.truncated(text, width: box.width - 4 * pixelScale, size: size)
      if !fitted.isEmpty { out.append(.text(fitted, at: box.mid, style: style)) }
    }

    if !view.subviews.isEmpty {
      let clips = view.clipsToBounds || view.kind == .scroll
      if clips { out.append(.clip(box)) }
      for sub in view.subviews {
        draw(sub, parentToWindow: toWindow, alpha: opacity, ghost: isGhost, into: &out)
      }
      if clips { out.append(.unclip) }
    }
    if view.kind == .scroll, !isGhost { drawScrollIndicators(view, in: box, into: &out) }
    let tags = Self.tags(of: view)
    // Ignored by hit-testing: hatch the whole area (its subviews included: they are ignored too).
    if !tags.isEmpty { drawHatch(box, into: &out) }
    // The id goes on top of the subviews, so a container stays named even when its content covers it.
    // A small view showing its own text is named by that text: its id would only cover it.
    let pad = 3 * pixelScale
    let idSize = Self.idSize(unit: pixelScale)
    if Self.showsID(of: view, box: box, scale: viewport.scale, unit: pixelScale) {
      let id = CanvasText.truncated(view.id, width: max(box.width - 2 * pad, idSize * 3), size: idSize, mono: true)
      let idStyle = TextStyle(size: idSize, color: ink, face: .mono, anchor: .topLeading)
      out.append(.text(id, at: Point(box.minX + pad, box.minY + pad), style: idStyle))
    }
    guard box.height >= idSize * 1.3 + Self.tagSize(unit: pixelScale) * 1.45 + 4 * pixelScale else { return }
    drawTags(
      tags.map { ($0, Palette.tagFill) } + (view.passThrough ? [("pass-through", Palette.passThroughTag)] : []),
      in: box, into: &out)
  }

  /// The enlarged hit area: the bounds grown by `hitOutset`, dashed, with a 15 % fill.
  private func drawOutset(_ view: ViewSpec, toWindow: AffineTransform, into out: inout [DrawCommand]) {
    let grown = view.bounds.insetBy(-view.hitOutset)
    let area = Self.snapped(viewport.toPixels(Self.boundingBox(Self.corners(of: grown, through: toWindow))))
    let color = Self.fill(of: view)
    let ink = color.mixed(with: Palette.darkText, 0.35)
    out.append(
      .rect(area, fill: color.withAlpha(0.15), stroke: Stroke(ink, width: 1.5 * pixelScale, dash: 4 * pixelScale)))
  }

  /// Diagonal hatching over `box`: the mark of what hit-testing skips.
  private func drawHatch(_ box: Rect, into out: inout [DrawCommand]) {
    guard box.width > 1, box.height > 1 else { return }
    let gap = 9 * pixelScale
    let stroke = Stroke(Palette.ghost.withAlpha(0.45), width: max(pixelScale, 1))
    out.append(.clip(box))
    var d = gap / 2
    while d < box.width + box.height {
      // The line x + y = d (relative to the box's top-left corner), cut to the box.
      let a = Point(box.minX + min(d, box.width), box.minY + max(0, d - box.width))
      let b = Point(box.minX + max(0, d - box.height), box.minY + min(d, box.height))
      out.append(.line(from: a, to: b, stroke: stroke))
      d += gap
    }
    out.append(.unclip)
  }

  /// Small tags in the bottom-leading corner of a view ("hidden", "no interaction" ...).
  /// The size of a view's own text, in pixels.
  static func textSize(scale: Double, unit: Double) -> Double { max(15 * scale, 10 * unit) }

  /// Whether a view's id is drawn: always when it shows nothing else, otherwise only when the id and the
  /// view's text (or a control's face) both fit without covering each other.
  static func showsID(of view: ViewSpec, box: Rect, scale: Double, unit: Double) -> Bool {
    let idLine = 3 * unit + idSize(unit: unit) * 1.15
    let hasFace = [.switch, .slider, .stepper, .segmentedControl, .pageControl].contains(view.kind)
    if hasFace { return box.height >= 2 * idLine + box.height * 0.35 }
    guard let text = view.text, !text.isEmpty else { return true }
    return box.height >= 2 * idLine + textSize(scale: scale, unit: unit)
  }

  /// The size of the id labels, in pixels.
  static func idSize(unit: Double) -> Double { 11 * unit }
  /// The size of the tags' text, in pixels.
  static func tagSize(unit: Double) -> Double { 9.5 * unit }

  private func drawTags(_ tags: [(String, RGBA)], in box: Rect, into out: inout [DrawCommand]) {
    guard !tags.isEmpty else { return }
    let size = Self.tagSize(unit: pixelScale)
    let h = size * 1.45
    var x = box.minX + 2 * pixelScale
    let y = box.maxY - h - 2 * pixelScale
    out.append(.clip(box))
    for (tag, fill) in tags {
      let w = CanvasText.width(tag, size: size) + 8 * pixelScale
      let pill = Rect(x, y, w, h)
      out.append(.roundedRect(pill, radius: h / 2, fill: fill, stroke: nil))
      out.append(.text(tag, at: pill.mid, style: TextStyle(size: size, color: Palette.lightText, anchor: .center)))
      x += w + 3 * pixelScale
    }
    out.append(.unclip)
  }

  /// A scroll view's indicators: where its bounds sit in its content.
  private func drawScrollIndicators(_ view: ViewSpec, in box: Rect, into out: inout [DrawCommand]) {
    guard let content = view.scroll?.contentSize else { return }
    let thickness = 3 * pixelScale
    let color = Palette.darkText.withAlpha(0.45)
    if content.height > view.bounds.height + 0.5 {
      let length = max(box.height * view.bounds.height / content.height, 8 * pixelScale)
      let fraction = min(max(view.bounds.minY / (content.height - view.bounds.height), 0), 1)
      let y = box.minY + (box.height - length) * fraction
      out.append(
        .roundedRect(
          Rect(box.maxX - thickness - 2, y, thickness, length), radius: thickness / 2, fill: color, stroke: nil))
    }
    if content.width > view.bounds.width + 0.5 {
      let length = max(box.width * view.bounds.width / content.width, 8 * pixelScale)
      let fraction = min(max(view.bounds.minX / (content.width - view.bounds.width), 0), 1)
      let x = box.minX + (box.width - length) * fraction
      out.append(
        .roundedRect(
          Rect(x, box.maxY - thickness - 2, length, thickness), radius: thickness / 2, fill: color, stroke: nil))
    }
  }

  func shape(_ rect: Rect, radius: Double, fill: RGBA?, stroke: Stroke?) -> DrawCommand {
    radius > 0
      ? .roundedRect(rect, radius: radius, fill: fill, stroke: stroke) : .rect(rect, fill: fill, stroke: stroke)
  }

  static func corners(of bounds: Rect, through t: AffineTransform) -> [Point] {
    [
      Point(bounds.minX, bounds.minY), Point(bounds.maxX, bounds.minY),
      Point(bounds.maxX, bounds.maxY), Point(bounds.minX, bounds.maxY),
    ].map(t.apply)
  }

  /// Rounds to a thousandth of a pixel, so equal geometry gives equal commands whatever the arithmetic path.
  static func snapped(_ r: Rect) -> Rect {
    func snap(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
    return Rect(snap(r.minX), snap(r.minY), snap(r.width), snap(r.height))
  }

  static func boundingBox(_ points: [Point]) -> Rect {
    let xs = points.map(\.x)
    let ys = points.map(\.y)
    let minX = xs.min() ?? 0
    let minY = ys.min() ?? 0
    return Rect(minX, minY, (xs.max() ?? 0) - minX, (ys.max() ?? 0) - minY)
  }
}

extension Palette {
  /// Background of the small tags on views ("hidden", "no interaction") and of canvas pills.
  static let tagFill = RGBA(0x3A, 0x3C, 0x42, 0xE6)
  /// The subtler tag of a pass-through view (its hitTest returns nil for itself, not for its subviews).
  static let passThroughTag = RGBA(0x3A, 0x3C, 0x42, 0x99)
}

/// Approximate text measures for fitting labels on the canvas (the renderer measures exactly).
enum CanvasText {
  /// Approximate width of `text` at `size` pixels.
  static func width(_ text: String, size: Double, mono: Bool = false, bold: Bool = false) -> Double {
    Double(text.count) * size * (mono ? 0.61 : bold ? 0.68 : 0.58)
  }

  /// `text` cut with an ellipsis to fit `width` pixels at `size` (empty when not even one letter fits).
  static func truncated(_ text: String, width: Double, size: Double, mono: Bool = false) -> String {
    if Self.width(text, size: size, mono: mono) <= width { return text }
    let per = size * (mono ? 0.61 : 0.58)
    let keep = Int(width / per) - 1
    guard keep >= 1 else { return "" }
    return String(text.prefix(keep)) + "…"
  }
}
