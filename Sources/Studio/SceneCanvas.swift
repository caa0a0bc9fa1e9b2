import TouchSim

/// Turns a scene (and the fingers on it) into draw commands: the device canvas of the window.
///
/// Pure: no SDL, no clock. Every view is drawn to scale at its place in the window, nested coordinate
/// spaces included (a subview's `center` is in its superview's bounds coordinates, so a superview's
/// `bounds.origin`, such as a scroll view's content offset, shifts its subviews). A transformed view is
/// drawn as its bounding box with its true outline on top; a hidden or fully transparent view (and its
/// subtree) as a dashed outline.
public struct SceneCanvas: Sendable {
  /// Where the scene's window goes in pixels.
  public var viewport: Viewport
  /// Pixels per point of the window's own chrome (2 on a HiDPI screen): label sizes and stroke widths.
  public var pixelScale: Double

  public init(viewport: Viewport, pixelScale: Double = 1) {
    self.viewport = viewport
    self.pixelScale = pixelScale
  }

  /// The draw commands for `scene` with `touches` on top.
  public func commands(for scene: Scene, touches: [TouchMarker] = []) -> [DrawCommand] {
    var out: [DrawCommand] = []
    let device = viewport.toPixels(Rect(origin: .zero, size: scene.window))
    out.append(.rect(device, fill: Palette.device, stroke: nil))
    out.append(.clip(device))
    draw(scene.root, parentToWindow: .identity, alpha: 1, ghost: false, into: &out)
    out.append(.unclip)
    out.append(
      .rect(device.insetBy(-2 * pixelScale), fill: nil, stroke: Stroke(Palette.deviceBorder, width: 2 * pixelScale)))
    for touch in touches { drawTouch(touch, into: &out) }
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

    let fill = Self.fill(of: view)
    let shown = fill.withAlpha(opacity * (rotated ? 0.35 : 1))
    if isGhost {
      let stroke = Stroke(Palette.ghost, width: pixelScale, dash: 5 * pixelScale)
      out.append(shape(box, radius: radius, fill: nil, stroke: stroke))
    } else {
      out.append(shape(box, radius: radius, fill: shown, stroke: Stroke(Palette.viewOutline.withAlpha(opacity))))
      if rotated {
        let outline = Stroke(fill.withAlpha(opacity), width: 2 * pixelScale)
        let pixels = windowCorners.map(viewport.toPixels)
        for i in 0..<4 { out.append(.line(from: pixels[i], to: pixels[(i + 1) % 4], stroke: outline)) }
      }
    }
    // Text readable on what is actually drawn (a faint fill reads as the background behind it).
    let ink = isGhost ? Palette.ghost : Palette.text(on: shown).withAlpha(max(opacity, 0.4))
    if let text = view.text, !text.isEmpty {
      let size = max(15 * viewport.scale, 8 * pixelScale)
      let style = TextStyle(size: size, color: ink, face: view.kind.isControl ? .bold : .regular, anchor: .center)
      out.append(.text(text, at: box.mid, style: style))
    }

    if !view.subviews.isEmpty {
      let clips = view.clipsToBounds || view.kind == .scroll
      if clips { out.append(.clip(box)) }
      for sub in view.subviews {
        draw(sub, parentToWindow: toWindow, alpha: opacity, ghost: isGhost, into: &out)
      }
      if clips { out.append(.unclip) }
    }
    // The id goes on top of the subviews, so a container stays named even when its content covers it.
    let pad = 3 * pixelScale
    let idStyle = TextStyle(size: 11 * pixelScale, color: ink, face: .mono, anchor: .topLeading)
    out.append(.text(view.id, at: Point(box.minX + pad, box.minY + pad), style: idStyle))
  }

  private func drawTouch(_ touch: TouchMarker, into out: inout [DrawCommand]) {
    let color = Palette.touch(touch.number)
    let center = viewport.toPixels(touch.location)
    let radius = 22 * viewport.scale
    let fill = touch.pressed ? color.withAlpha(0.5) : nil
    out.append(.circle(center: center, radius: radius, fill: fill, stroke: Stroke(color, width: 3 * pixelScale)))
    let style = TextStyle(
      size: max(14 * viewport.scale, 9 * pixelScale), color: Palette.darkText, face: .bold, anchor: .center)
    out.append(.text(String(touch.number), at: center, style: style))
  }

  private func shape(_ rect: Rect, radius: Double, fill: RGBA?, stroke: Stroke?) -> DrawCommand {
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
