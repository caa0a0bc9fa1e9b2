import CSDL2
import TouchSim

/// Executes draw commands on an `SDL_Renderer`: the only code that draws.
///
/// Shapes are built from `SDL_RenderGeometry` triangles (fills, thick and dashed outlines); text comes
/// from a `TextCache`. Not Sendable: main actor only.
final class CommandRenderer {
  let renderer: OpaquePointer
  let textCache: TextCache
  private var clipStack: [SDL_Rect] = []
  private var vertices: [SDL_Vertex] = []
  private var indices: [Int32] = []

  init(renderer: OpaquePointer, fonts: FontLibrary) {
    self.renderer = renderer
    textCache = TextCache(renderer: renderer, fonts: fonts)
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
  }

  /// Draws `commands` in order, then ends the text cache's frame. Does not present.
  func draw(_ commands: [DrawCommand]) throws(SDLError) {
    clipStack.removeAll()
    SDL_RenderSetClipRect(renderer, nil)
    for command in commands { try draw(command) }
    if !clipStack.isEmpty {
      clipStack.removeAll()
      SDL_RenderSetClipRect(renderer, nil)
    }
    textCache.endFrame()
  }

  private func draw(_ command: DrawCommand) throws(SDLError) {
    switch command {
    case .rect(let r, let fill, let stroke):
      if let fill { fillRect(r, fill) }
      if let stroke { strokeShape(Shape.roundedRect(r, radius: 0), stroke) }
    case .roundedRect(let r, let radius, let fill, let stroke):
      let shape = Shape.roundedRect(r, radius: radius)
      if let fill { fillPolygon(shape.outline(inset: 0), fill) }
      if let stroke { strokeShape(shape, stroke) }
    case .circle(let center, let radius, let fill, let stroke):
      let shape = Shape.circle(center, radius: radius)
      if let fill { fillPolygon(shape.outline(inset: 0), fill) }
      if let stroke { strokeShape(shape, stroke) }
    case .line(let from, let to, let stroke):
      strokePolyline([from, to], closed: false, stroke)
    case .text(let text, let at, let style):
      try drawText(text, at: at, style: style)
    case .clip(let r):
      pushClip(r)
    case .unclip:
      popClip()
    }
  }

  // MARK: Clipping

  private func pushClip(_ r: Rect) {
    var rect = SDL_Rect(
      x: Int32(r.minX.rounded(.down)), y: Int32(r.minY.rounded(.down)),
      w: Int32(max(r.maxX.rounded(.up) - r.minX.rounded(.down), 0)),
      h: Int32(max(r.maxY.rounded(.up) - r.minY.rounded(.down), 0)))
    if let current = clipStack.last {
      var out = SDL_Rect()
      var a = current
      if SDL_IntersectRect(&a, &rect, &out) == SDL_FALSE { out = SDL_Rect(x: rect.x, y: rect.y, w: 0, h: 0) }
      rect = out
    }
    clipStack.append(rect)
    applyClip()
  }

  private func popClip() {
    if !clipStack.isEmpty { clipStack.removeLast() }
    applyClip()
  }

  private func applyClip() {
    guard var rect = clipStack.last else {
      SDL_RenderSetClipRect(renderer, nil)
      return
    }
    // An empty clip rectangle means "no clipping" to SDL: clip to a pixel off-target instead.
    if rect.w <= 0 || rect.h <= 0 { rect = SDL_Rect(x: -10, y: -10, w: 1, h: 1) }
    SDL_RenderSetClipRect(renderer, &rect)
  }

  // MARK: Shapes

  private func setColor(_ c: RGBA) {
    SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a)
  }

  private func fillRect(_ r: Rect, _ color: RGBA) {
    setColor(color)
    var rect = SDL_FRect(x: Float(r.minX), y: Float(r.minY), w: Float(r.width), h: Float(r.height))
    SDL_RenderFillRectF(renderer, &rect)
  }

  /// Fills a convex polygon as a triangle fan around its centroid.
  private func fillPolygon(_ points: [Point], _ color: RGBA) {
    guard points.count >= 3 else { return }
    let c = Point(
      points.reduce(0) { $0 + $1.x } / Double(points.count), points.reduce(0) { $0 + $1.y } / Double(points.count))
    let base = Int32(vertices.count)
    vertices.append(vertex(c, color))
    for p in points { vertices.append(vertex(p, color)) }
    let n = Int32(points.count)
    for i in 0..<n { indices += [base, base + 1 + i, base + 1 + (i + 1) % n] }
    flushGeometry()
  }

  /// Strokes a shape's outline inside its edge: a solid ring, or dashes along the inset centre line.
  private func strokeShape(_ shape: Shape, _ stroke: Stroke) {
    let w = max(stroke.width, 1)
    if let dash = stroke.dash, dash > 0 {
      strokePolyline(shape.outline(inset: w / 2), closed: true, stroke)
      return
    }
    let outer = shape.outline(inset: 0)
    let inner = shape.outline(inset: w)
    let base = Int32(vertices.count)
    for (o, i) in zip(outer, inner) {
      vertices.append(vertex(o, stroke.color))
      vertices.append(vertex(i, stroke.color))
    }
    let n = Int32(outer.count)
    for k in 0..<n {
      let o0 = base + 2 * k
      let i0 = o0 + 1
      let o1 = base + 2 * ((k + 1) % n)
      let i1 = o1 + 1
      indices += [o0, o1, i0, i0, o1, i1]
    }
    flushGeometry()
  }

  /// Strokes a polyline centred on its points, solid or dashed (the dash pattern runs on across corners).
  private func strokePolyline(_ points: [Point], closed: Bool, _ stroke: Stroke) {
    guard points.count >= 2 else { return }
    var path = points
    if closed { path.append(points[0]) }
    let dash = stroke.dash ?? 0
    var phase = 0.0
    for k in 0..<(path.count - 1) {
      let a = path[k]
      let b = path[k + 1]
      let length = a.distance(to: b)
      guard length > 0 else { continue }
      if dash <= 0 {
        segment(a, b, stroke)
        continue
      }
      var s = 0.0
      while s < length {
        let inDash = phase.truncatingRemainder(dividingBy: 2 * dash) < dash
        let left = dash - phase.truncatingRemainder(dividingBy: dash)
        let e = min(s + left, length)
        if inDash { segment(a + (b - a) * (s / length), a + (b - a) * (e / length), stroke) }
        phase += e - s
        s = e
      }
    }
    flushGeometry()
  }

  private func segment(_ a: Point, _ b: Point, _ stroke: Stroke) {
    let w = max(stroke.width, 1)
    let length = a.distance(to: b)
    guard length > 0 else { return }
    let n = Point(-(b.y - a.y) / length * w / 2, (b.x - a.x) / length * w / 2)
    let base = Int32(vertices.count)
    for p in [a + n, b + n, b - n, a - n] { vertices.append(vertex(p, stroke.color)) }
    indices += [base, base + 1, base + 2, base, base + 2, base + 3]
  }

  private func vertex(_ p: Point, _ c: RGBA) -> SDL_Vertex {
    SDL_Vertex(
      position: SDL_FPoint(x: Float(p.x), y: Float(p.y)), color: SDL_Color(r: c.r, g: c.g, b: c.b, a: c.a),
      tex_coord: SDL_FPoint(x: 0, y: 0))
  }

  private func flushGeometry() {
    guard !indices.isEmpty else {
      vertices.removeAll(keepingCapacity: true)
      return
    }
    SDL_RenderGeometry(renderer, nil, vertices, Int32(vertices.count), indices, Int32(indices.count))
    vertices.removeAll(keepingCapacity: true)
    indices.removeAll(keepingCapacity: true)
  }

  // MARK: Text

  private func drawText(_ text: String, at p: Point, style: TextStyle) throws(SDLError) {
    let size = Int(style.size.rounded())
    guard let entry = try textCache.texture(text, face: style.face, size: size, color: style.color) else { return }
    let w = Double(entry.width)
    let h = Double(entry.height)
    var x = p.x
    var y = p.y
    switch style.anchor.horizontal {
    case .leading: break
    case .center: x -= w / 2
    case .trailing: x -= w
    }
    switch style.anchor.vertical {
    case .top: break
    case .middle: y -= h / 2
    case .bottom: y -= h
    }
    var dst = SDL_FRect(x: Float(x.rounded()), y: Float(y.rounded()), w: Float(w), h: Float(h))
    SDL_RenderCopyF(renderer, entry.texture, nil, &dst)
  }
}

/// An outline that can be inset by a distance with the same number of points (so rings can be stitched).
private enum Shape {
  case roundedRect(Rect, radius: Double)
  case circle(Point, radius: Double)

  func outline(inset d: Double) -> [Point] {
    switch self {
    case .roundedRect(let r, let radius):
      let x0 = r.minX + d
      let y0 = r.minY + d
      let x1 = max(r.maxX - d, x0)
      let y1 = max(r.maxY - d, y0)
      let rad = min(max(radius - d, 0), (x1 - x0) / 2, (y1 - y0) / 2)
      if radius <= 0 { return [Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)] }
      let steps = min(max(Int(radius / 2), 3), 16)
      var points: [Point] = []
      let corners: [(Point, Double)] = [
        (Point(x1 - rad, y0 + rad), -Double.pi / 2), (Point(x1 - rad, y1 - rad), 0),
        (Point(x0 + rad, y1 - rad), Double.pi / 2), (Point(x0 + rad, y0 + rad), Double.pi),
      ]
      for (c, start) in corners {
        for i in 0...steps {
          let angle = start + Double(i) / Double(steps) * Double.pi / 2
          points.append(Point(c.x + rad * Trig.cos(angle), c.y + rad * Trig.sin(angle)))
        }
      }
      return points
    case .circle(let c, let radius):
      let steps = min(max(Int(radius * 0.8), 16), 128)
      let rad = max(radius - d, 0)
      return (0..<steps).map { i in
        let angle = Double(i) / Double(steps) * 2 * Double.pi
        return Point(c.x + rad * Trig.cos(angle), c.y + rad * Trig.sin(angle))
      }
    }
  }
}
