import Geometry

/// Executes draw commands into a `PixelBuffer`, in pure Swift: the renderer behind the window and the
/// headless renders.
///
/// Every shape is filled span by span, each row's span computed from the geometry. Rectangles and rounded
/// rectangles snap to whole pixels (sharp interface edges); circles, rounded corners, convex polygons and
/// slanted lines have anti-aliased edges. Outlines are drawn inside the shape's edge; dashes run on across
/// corners. Colours blend over the destination by their alpha. Text comes as coverage masks from the
/// caller, so this type knows nothing of fonts (or SDL). Nothing is allocated per command or per frame once
/// the scratch arrays have grown (but for a dashed polygon's centre line). Not Sendable: use it from one
/// thread.
public final class Rasterizer {
  public let buffer: PixelBuffer
  private var clips: [PixelRect] = []
  private(set) var painter: PixelPainter
  /// Scratch: the centre line of a dashed outline.
  private var outline: [Point] = []
  /// Scratch: the edges of a polygon.
  private var polygonEdges: [PolygonEdge] = []
  /// Scratch for `drawFrame`: large opaque rectangles drawn later over the background.
  var occluders: [PixelRect] = []
  /// What every clip is intersected with: the whole buffer, or the damaged rectangle being redrawn.
  var baseClip: PixelRect
  /// The frame the buffer holds, when it was drawn by `drawFrame` or `updateFrame` and nothing since.
  public var shownFrame: [DrawCommand]? { didSet { keptAgreementWithShown = nil } }
  /// The pixels the last `drawFrame` or `updateFrame` changed (the whole buffer for a full frame).
  public internal(set) var damage: [PixelRect] = []
  /// The background `shownFrame` was drawn over.
  var shownBackground: RGBA?
  /// Scratch for `updateFrame`.
  var damageScratch: [PixelRect] = []
  var clipScratch: [PixelRect] = []
  var segments: (old: [FrameSegment], new: [FrameSegment]) = ([], [])
  /// How many commands the last two frames drawn by `updateFrame` had in common with the one before
  /// each (the last first).
  var commonPrefix = 0
  var previousCommonPrefix = 0
  /// The pixels of a frame's first commands (`Rasterizer+Kept`).
  var kept: KeptPrefix?
  /// How many of `kept`'s commands `shownFrame` begins with (nil when not known).
  var keptAgreementWithShown: Int?
  /// The fewest commands whose pixels are kept (`fewestKeptCommands`; fewer in tests).
  var keptMinimum = Rasterizer.fewestKeptCommands
  /// How many times pixels were kept, and how many frames copied some of them back (for tests).
  var keptTaken = 0
  var keptUsed = 0

  /// A `width` × `height` target, black.
  public init(width: Int, height: Int) {
    buffer = PixelBuffer(width: width, height: height)
    painter = PixelPainter(pixels: buffer.pixels, stride: buffer.width, clip: buffer.bounds)
    baseClip = buffer.bounds
  }

  /// Changes the target's size (its contents are undefined afterwards).
  public func resize(width: Int, height: Int) {
    // Kept pixels of another size never match again.
    if width != buffer.width || height != buffer.height { kept = nil }
    buffer.resize(width: width, height: height)
    shownFrame = nil
    baseClip = buffer.bounds
    resetClip()
  }

  /// Sets every pixel to `color`.
  public func clear(to color: RGBA) {
    shownFrame = nil
    buffer.clear(to: color)
  }

  /// Draws `commands[start...]` in order over what the buffer holds; `masks` returns the coverage mask of
  /// a text (nil draws nothing), and its error stops the drawing.
  public func draw<Failure: Error>(
    _ commands: [DrawCommand], from start: Int = 0, masks: (TextMaskKey) throws(Failure) -> TextMask?
  ) throws(Failure) {
    shownFrame = nil
    resetClip()
    defer { resetClip() }
    try commands.withUnsafeBufferPointer { list throws(Failure) in
      for i in min(max(start, 0), list.count)..<list.count {
        try draw(list[i], masks: masks)
      }
    }
  }

  /// Draws one command.
  @inline(__always) func draw<Failure: Error>(
    _ command: DrawCommand, masks: (TextMaskKey) throws(Failure) -> TextMask?
  ) throws(Failure) {
    switch command {
    case .rect(let r, let fill, let stroke):
      rect(r, fill: fill, stroke: stroke)
    case .roundedRect(let r, let radius, let fill, let stroke):
      roundedRect(r, radius: radius, fill: fill, stroke: stroke)
    case .circle(let center, let radius, let fill, let stroke):
      circle(center, radius: radius, fill: fill, stroke: stroke)
    case .polygon(let points, let fill, let stroke):
      polygon(points, fill: fill, stroke: stroke)
    case .line(let from, let to, let stroke):
      line(from, to, stroke)
    case .text(let text, let at, let style):
      guard !text.isEmpty, mayShowText(at: at, style: style) else { return }
      guard let mask = try masks(Self.maskKey(text, style)) else { return }
      self.text(mask, at: at, anchor: style.anchor, color: style.color)
    case .clip(let r):
      pushClip(r)
    case .unclip:
      popClip()
    }
  }

  /// The mask a text command draws.
  public static func maskKey(_ text: String, _ style: TextStyle) -> TextMaskKey {
    TextMaskKey(text: text, face: style.face, size: pixelIndex(style.size.rounded()))
  }

  // MARK: Clipping

  /// The whole pixels `r` touches, as a clip takes them.
  func pixelClip(_ r: Rect) -> PixelRect {
    PixelRect(x0: floorIndex(r.minX), y0: floorIndex(r.minY), x1: ceilIndex(r.maxX), y1: ceilIndex(r.maxY))
  }

  func resetClip() {
    clips.removeAll(keepingCapacity: true)
    painter = PixelPainter(pixels: buffer.pixels, stride: buffer.width, clip: baseClip)
  }

  /// Clips to the whole pixels `r` touches, intersected with the current clip.
  private func pushClip(_ r: Rect) {
    let clip = pixelClip(r).intersection(clips.last ?? baseClip)
    clips.append(clip)
    painter = PixelPainter(pixels: buffer.pixels, stride: buffer.width, clip: clip)
  }

  /// Paints within `clip` from now on (the clip stack is left as it is).
  func paint(within clip: PixelRect) {
    painter = PixelPainter(pixels: buffer.pixels, stride: buffer.width, clip: clip)
  }

  private func popClip() {
    if !clips.isEmpty { clips.removeLast() }
    painter = PixelPainter(pixels: buffer.pixels, stride: buffer.width, clip: clips.last ?? baseClip)
  }

  // MARK: Culling

  /// Whether anything within `x0...x1` × `y0...y1` can land inside the clip (a quick test that spares the
  /// per-row work for the many shapes a clip hides, such as a scroll view's content).
  private func mayShow(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Bool {
    let clip = painter.clip
    return x1 > Double(clip.x0) - 1 && x0 < Double(clip.x1) + 1 && y1 > Double(clip.y0) - 1
      && y0 < Double(clip.y1) + 1 && !clip.isEmpty
  }

  /// Whether a box, or the dashed outline around it (which runs past a box thinner than the stroke by up
  /// to the stroke's width), can land inside the clip. Culling must not depend on the clip otherwise: a
  /// frame drawn in part must give the pixels of the whole frame.
  private func mayShow(_ box: PixelRect, _ stroke: Stroke?) -> Bool {
    guard let stroke, let dash = stroke.dash, dash > 0 else { return !box.intersection(painter.clip).isEmpty }
    let w = Self.reach(stroke)
    return mayShow(Double(box.x0) - w, Double(box.y0) - w, Double(box.x1) + w, Double(box.y1) + w)
  }

  /// Whether a text at `at` can land inside the clip, judged before its mask is looked up: rendered text is
  /// at most about 1.2 × its size high, and fonts are never smaller than 4 pixels (FontLibrary); its width
  /// is unknown, so only the side away from the anchor counts.
  private func mayShowText(at p: Point, style: TextStyle) -> Bool {
    let h = style.size.isFinite ? 2 * max(style.size, 4) + 2 : 1e7
    let far = 1e7
    let (x0, x1): (Double, Double)
    switch style.anchor.horizontal {
    case .leading: (x0, x1) = (p.x, far)
    case .center: (x0, x1) = (-far, far)
    case .trailing: (x0, x1) = (-far, p.x)
    }
    switch style.anchor.vertical {
    case .top: return mayShow(x0, p.y, x1, p.y + h)
    case .middle: return mayShow(x0, p.y - h / 2, x1, p.y + h / 2)
    case .bottom: return mayShow(x0, p.y - h, x1, p.y)
    }
  }

  // MARK: Shapes

  /// The whole pixels of `r` when sampled at pixel centres, at least one pixel wide and high when `r` is
  /// not empty (as SDL fills thin rectangles); nil for an empty rectangle.
  func pixelBox(_ r: Rect) -> PixelRect? {
    guard r.width > 0, r.height > 0 else { return nil }
    var box = PixelRect(x0: snap(r.minX), y0: snap(r.minY), x1: snap(r.maxX), y1: snap(r.maxY))
    if box.x1 <= box.x0 { box.x1 = box.x0 + 1 }
    if box.y1 <= box.y0 { box.y1 = box.y0 + 1 }
    return box
  }

  /// `box` inset by `width` on every side, the inset snapped to whole pixels and at least one pixel; nil
  /// when nothing is left inside.
  private func innerBox(_ box: PixelRect, _ r: Rect, inset width: Double) -> PixelRect? {
    let inner = PixelRect(
      x0: max(snap(r.minX + width), box.x0 + 1), y0: max(snap(r.minY + width), box.y0 + 1),
      x1: min(snap(r.maxX - width), box.x1 - 1), y1: min(snap(r.maxY - width), box.y1 - 1))
    return inner.isEmpty ? nil : inner
  }

  private func rect(_ r: Rect, fill: RGBA?, stroke: Stroke?) {
    guard let box = pixelBox(r), mayShow(box, stroke) else { return }
    if let fill { painter.fill(box, Paint(fill)) }
    guard let stroke else { return }
    let paint = Paint(stroke.color)
    let width = max(stroke.width, 1)
    if let dash = stroke.dash, dash > 0 {
      outline.removeAll(keepingCapacity: true)
      appendOutline(box, radius: 0, inset: width / 2)
      strokeOutline(closed: true, width: width, dash: dash, paint, antialias: false)
      return
    }
    guard let inner = innerBox(box, r, inset: width) else {
      painter.fill(box, paint)
      return
    }
    painter.fill(PixelRect(x0: box.x0, y0: box.y0, x1: box.x1, y1: inner.y0), paint)
    painter.fill(PixelRect(x0: box.x0, y0: inner.y1, x1: box.x1, y1: box.y1), paint)
    painter.fill(PixelRect(x0: box.x0, y0: inner.y0, x1: inner.x0, y1: inner.y1), paint)
    painter.fill(PixelRect(x0: inner.x1, y0: inner.y0, x1: box.x1, y1: inner.y1), paint)
  }

  private func roundedRect(_ r: Rect, radius: Double, fill: RGBA?, stroke: Stroke?) {
    guard radius > 0 else { return rect(r, fill: fill, stroke: stroke) }
    guard let box = pixelBox(r), mayShow(box, stroke) else { return }
    let outer = RoundedBox(
      x0: Double(box.x0), y0: Double(box.y0), x1: Double(box.x1), y1: Double(box.y1), radius: radius)
    if let fill { painter.fill(BoxShape(outer: outer), Paint(fill)) }
    guard let stroke else { return }
    let paint = Paint(stroke.color)
    let width = max(stroke.width, 1)
    if let dash = stroke.dash, dash > 0 {
      outline.removeAll(keepingCapacity: true)
      appendOutline(box, radius: radius, inset: width / 2)
      strokeOutline(closed: true, width: width, dash: dash, paint, antialias: false)
      return
    }
    let hole = innerBox(box, r, inset: width).map { inner in
      RoundedBox(
        x0: Double(inner.x0), y0: Double(inner.y0), x1: Double(inner.x1), y1: Double(inner.y1),
        radius: outer.radius - width)
    }
    painter.fill(BoxShape(outer: outer, hole: hole), paint)
  }

  private func circle(_ center: Point, radius: Double, fill: RGBA?, stroke: Stroke?) {
    guard radius > 0, mayShow(center.x - radius, center.y - radius, center.x + radius, center.y + radius) else {
      return
    }
    let outer = RoundedBox(center: center, radius: radius)
    if let fill { painter.fill(BoxShape(outer: outer), Paint(fill)) }
    guard let stroke else { return }
    let width = max(stroke.width, 1)
    let hole = radius > width ? RoundedBox(center: center, radius: radius - width) : nil
    var dash: CircleDash?
    if let length = stroke.dash, length > 0 {
      dash = CircleDash(centerX: center.x, centerY: center.y, radius: max(radius - width / 2, 0), length: length)
    }
    painter.fill(BoxShape(outer: outer, hole: hole, dash: dash), Paint(stroke.color))
  }

  private func polygon(_ points: [Point], fill: RGBA?, stroke: Stroke?) {
    guard ConvexPolygon.isDrawable(points) else { return }
    let box = ConvexPolygon.boundingBox(points)
    let w = stroke.map(Self.reach) ?? 0
    guard mayShow(box.minX - w, box.minY - w, box.maxX + w, box.maxY + w) else { return }
    if let fill { painter.fill(PolygonShape(points, inset: nil, edges: &polygonEdges), Paint(fill)) }
    guard let stroke else { return }
    let paint = Paint(stroke.color)
    let width = max(stroke.width, 1)
    if let dash = stroke.dash, dash > 0 {
      // The centre line half the width inside the edge (the edge itself when the polygon is thinner).
      outline.removeAll(keepingCapacity: true)
      outline += ConvexPolygon.offset(points, by: -width / 2) ?? points
      strokeOutline(closed: true, width: width, dash: dash, paint, antialias: true)
      return
    }
    painter.fill(PolygonShape(points, inset: width, edges: &polygonEdges), paint)
  }

  private func line(_ from: Point, _ to: Point, _ stroke: Stroke) {
    let width = max(stroke.width, 1)
    guard
      mayShow(
        min(from.x, to.x) - width, min(from.y, to.y) - width, max(from.x, to.x) + width, max(from.y, to.y) + width)
    else { return }
    let paint = Paint(stroke.color)
    if let dash = stroke.dash, dash > 0 {
      outline.removeAll(keepingCapacity: true)
      outline.append(from)
      outline.append(to)
      strokeOutline(closed: false, width: width, dash: dash, paint, antialias: true)
    } else {
      segment(from, to, width: width, paint, antialias: true)
    }
  }

  /// A straight piece of a stroke centred on `a`–`b`: sharp whole pixels when it is horizontal or vertical,
  /// otherwise a rotated rectangle, anti-aliased or sampled at pixel centres (for pieces that meet others
  /// edge to edge, where anti-aliased seams would show).
  private func segment(_ a: Point, _ b: Point, width: Double, _ paint: Paint, antialias: Bool) {
    if abs(a.y - b.y) < 1e-9 && abs(a.x - b.x) < 1e-9 { return }
    if let box = Self.solidBox(a, b, width: width) {
      painter.fill(box, paint)
      return
    }
    guard let shape = SegmentShape(from: a, to: b, width: width) else { return }
    if antialias {
      painter.fill(shape, paint)
    } else {
      painter.fillSampled(shape.quad, paint)
    }
  }

  /// The whole pixels a horizontal or vertical piece of a stroke `width` wide centred on `a`–`b` paints, all
  /// alike (its ends and sides snapped to pixel edges); nil for a slanted piece (drawn anti-aliased) or a
  /// point.
  static func solidBox(_ a: Point, _ b: Point, width: Double) -> PixelRect? {
    let horizontal = abs(a.y - b.y) < 1e-9
    let vertical = abs(a.x - b.x) < 1e-9
    guard horizontal != vertical else { return nil }
    let r =
      horizontal
      ? Rect(min(a.x, b.x), a.y - width / 2, abs(b.x - a.x), width)
      : Rect(a.x - width / 2, min(a.y, b.y), width, abs(b.y - a.y))
    var box = PixelRect(x0: snap(r.minX), y0: snap(r.minY), x1: snap(r.maxX), y1: snap(r.maxY))
    if horizontal && box.y1 <= box.y0 { box.y1 = box.y0 + 1 }
    if vertical && box.x1 <= box.x0 { box.x1 = box.x0 + 1 }
    return box
  }

  // MARK: Dashed outlines

  /// Appends the centre line of an outline `inset` pixels inside `box` with corners of `radius`, clockwise
  /// from the top edge's right end (where the dash pattern starts).
  private func appendOutline(_ box: PixelRect, radius: Double, inset d: Double) {
    let x0 = Double(box.x0) + d
    let y0 = Double(box.y0) + d
    let x1 = max(Double(box.x1) - d, x0)
    let y1 = max(Double(box.y1) - d, y0)
    guard radius > 0 else {
      outline.append(Point(x0, y0))
      outline.append(Point(x1, y0))
      outline.append(Point(x1, y1))
      outline.append(Point(x0, y1))
      return
    }
    let rad = min(max(radius - d, 0), (x1 - x0) / 2, (y1 - y0) / 2)
    let steps = min(max(pixelIndex(radius / 2), 3), 16)
    for corner in 0..<4 {
      let c: Point
      switch corner {
      case 0: c = Point(x1 - rad, y0 + rad)
      case 1: c = Point(x1 - rad, y1 - rad)
      case 2: c = Point(x0 + rad, y1 - rad)
      default: c = Point(x0 + rad, y0 + rad)
      }
      let start = Double(corner - 1) * Double.pi / 2
      for i in 0...steps {
        let angle = start + Double(i) / Double(steps) * Double.pi / 2
        outline.append(Point(c.x + rad * Trig.cos(angle), c.y + rad * Trig.sin(angle)))
      }
    }
  }

  /// Strokes `outline` with dashes and gaps of `dash` pixels; the pattern runs on across corners.
  private func strokeOutline(closed: Bool, width: Double, dash: Double, _ paint: Paint, antialias: Bool) {
    let count = outline.count
    guard count >= 2 else { return }
    let dash = max(dash, 0.5)
    let period = 2 * dash
    // Where the pattern is within its period: a dash over 0 ..< dash, a gap over dash ..< period.
    var phase = 0.0
    for k in 0..<(closed ? count : count - 1) {
      let a = outline[k]
      let b = outline[(k + 1) % count]
      let length = a.distance(to: b)
      guard length > 0 else { continue }
      var s = 0.0
      while s < length {
        let inDash = phase < dash
        let step = (inDash ? dash : period) - phase
        if step < 1e-9 {
          // At the end of a dash or gap but for rounding: go on with the next one.
          phase = inDash ? dash : 0
          continue
        }
        let e = min(s + step, length)
        guard e > s else { break }
        if inDash {
          segment(a + (b - a) * (s / length), a + (b - a) * (e / length), width: width, paint, antialias: antialias)
        }
        phase += e - s
        if phase >= period { phase -= period }
        s = e
      }
    }
  }

  // MARK: Text

  private func text(_ mask: TextMask, at p: Point, anchor: TextAnchor, color: RGBA) {
    let (x, y) = textOrigin(mask, at: p, anchor: anchor)
    painter.blit(mask, x: x, y: y, Paint(color))
  }

  /// The pixel where a text's mask starts, its anchor at `p`.
  func textOrigin(_ mask: TextMask, at p: Point, anchor: TextAnchor) -> (x: Int, y: Int) {
    let w = Double(mask.width)
    let h = Double(mask.height)
    var x = p.x
    var y = p.y
    switch anchor.horizontal {
    case .leading: break
    case .center: x -= w / 2
    case .trailing: x -= w
    }
    switch anchor.vertical {
    case .top: break
    case .middle: y -= h / 2
    case .bottom: y -= h
    }
    return (pixelIndex(x.rounded()), pixelIndex(y.rounded()))
  }
}
