import Geometry

/// The pixel loops: spans, single pixels, anti-aliased shapes, centre-sampled quadrilaterals and text masks,
/// all clipped to `clip`.
///
/// A non-owning view of a `PixelBuffer` (a value, so the loops need no exclusivity checks); make a new one
/// when the clip or the buffer changes.
struct PixelPainter {
  let pixels: UnsafeMutablePointer<UInt32>
  let stride: Int
  let clip: PixelRect

  /// Paints pixels `x0..<x1` of row `y` (already clipped) with `paint` at full coverage.
  @inline(__always) func span(_ y: Int, _ x0: Int, _ x1: Int, _ paint: Paint) {
    guard x1 > x0 else { return }
    let row = pixels + y * stride
    if paint.alpha == 255 {
      (row + x0).update(repeating: paint.rgb, count: x1 - x0)
    } else {
      let rgb = paint.rgb
      let alpha = paint.alpha
      for x in x0..<x1 { row[x] = Blend.over(row[x], rgb, alpha) }
    }
  }

  /// Paints one pixel (already clipped) at `coverage` (0...1).
  @inline(__always) func plot(_ x: Int, _ y: Int, _ paint: Paint, coverage: Double) {
    let alpha = paint.alpha(coverage: coverage)
    guard alpha > 0 else { return }
    let p = pixels + y * stride + x
    p.pointee = alpha >= 255 ? paint.rgb : Blend.over(p.pointee, paint.rgb, alpha)
  }

  /// Fills the pixels of `r` inside the clip.
  func fill(_ r: PixelRect, _ paint: Paint) {
    let c = r.intersection(clip)
    guard !c.isEmpty, paint.alpha > 0 else { return }
    for y in c.y0..<c.y1 { span(y, c.x0, c.x1, paint) }
  }

  /// Fills a shape with anti-aliased edges: whole runs where it covers pixels entirely, a computed
  /// coverage on its edges, nothing inside its hole.
  func fill<Shape: CoverageShape>(_ shape: Shape, _ paint: Paint) {
    guard paint.alpha > 0 else { return }
    let rows = shape.rows
    let y0 = max(rows.y0, clip.y0)
    let y1 = min(rows.y1, clip.y1)
    guard y0 < y1 else { return }
    let solid = shape.hasSolidInterior
    for y in y0..<y1 {
      let outer = shape.extent(row: y)
      let lo = max(outer.anyLo, clip.x0)
      let hi = min(outer.anyHi, clip.x1 - 1)
      guard lo <= hi else { continue }
      let hole = shape.holeExtent(row: y)
      let yc = Double(y) + 0.5
      var x = lo
      while x <= hi {
        if x >= hole.fullLo && x <= hole.fullHi {
          x = hole.fullHi + 1
          continue
        }
        if solid && x >= outer.fullLo && x <= outer.fullHi && (x < hole.anyLo || x > hole.anyHi) {
          var end = min(outer.fullHi, hi)
          if x < hole.anyLo { end = min(end, hole.anyLo - 1) }
          span(y, x, end + 1, paint)
          x = end + 1
          continue
        }
        let c = shape.coverage(
          Double(x) + 0.5, yc, outerFull: x >= outer.fullLo && x <= outer.fullHi,
          nearHole: x >= hole.anyLo && x <= hole.anyHi)
        if c > 0 { plot(x, y, paint, coverage: min(c, 1)) }
        x += 1
      }
    }
  }

  /// Fills a convex quadrilateral with sharp edges: the pixels whose centres are inside (left and top
  /// edges included), so quadrilaterals that share an edge neither overlap nor leave a gap.
  func fillSampled(_ q: Quad, _ paint: Paint) {
    guard paint.alpha > 0 else { return }
    let y0 = max(snap(q.minY), clip.y0)
    let y1 = min(snap(q.maxY), clip.y1)
    guard y0 < y1 else { return }
    for y in y0..<y1 {
      guard let (l, r) = q.span(atY: Double(y) + 0.5) else { continue }
      span(y, max(snap(l), clip.x0), min(snap(r), clip.x1), paint)
    }
  }

  /// Draws `mask` with its top left at (`x`, `y`) in `paint`, its coverage scaling the paint's alpha.
  func blit(_ mask: TextMask, x: Int, y: Int, _ paint: Paint) {
    guard paint.alpha > 0 else { return }
    let r = PixelRect(x0: x, y0: y, x1: x + mask.width, y1: y + mask.height).intersection(clip)
    guard !r.isEmpty else { return }
    let rgb = paint.rgb
    let opaque = paint.alpha == 255
    @inline(__always) func blend(_ coverage: UInt8, into pixel: UnsafeMutablePointer<UInt32>) {
      guard coverage != 0 else { return }
      let alpha = paint.alpha(coverage: UInt32(coverage))
      pixel.pointee = alpha == 255 ? rgb : Blend.over(pixel.pointee, rgb, alpha)
    }
    mask.coverage.withUnsafeBufferPointer { source in
      mask.rows.withUnsafeBufferPointer { rows in
        guard let base = source.baseAddress else { return }
        for row in r.y0..<r.y1 {
          let from = base + (row - y) * mask.width - x
          let to = pixels + row * stride
          var column = max(r.x0, x + Int(rows[2 * (row - y)]))
          let end = min(r.x1, x + Int(rows[2 * (row - y) + 1]))
          // Four pixels at a time: empty (the gaps between glyphs) and fully covered groups need no blending.
          while column + 4 <= end {
            let group = UnsafeRawPointer(from + column).loadUnaligned(as: UInt32.self)
            if group == 0 {
              column += 4
              continue
            }
            if group == 0xFFFF_FFFF && opaque {
              (to + column).update(repeating: rgb, count: 4)
              column += 4
              continue
            }
            for k in column..<(column + 4) { blend(from[k], into: to + k) }
            column += 4
          }
          while column < end {
            blend(from[column], into: to + column)
            column += 1
          }
        }
      }
    }
  }
}
