import Foundation
import Geometry
import Raster

/// Every text the window draws is legible: at least 4.5:1 contrast (WCAG 2, level AA) against
/// what it is drawn on, in normal and presenter mode, whatever colour a panel chose for its meaning (a
/// state's blue on a tinted row, white on a recognizer's badge in the scene's colours, dimmed text).
///
/// Applied to each panel's commands as the frame is built: for each text, the surface under it (at
/// `samplePoint`) is the last filled shape drawn before it that contains that point (translucent fills blended
/// over what is under them, down to the window's background). A text colour under the minimum keeps its
/// hue and is lightened (on a dark surface) or darkened (on a light one) until it reaches it.
public enum Legibility {
  /// The least contrast of any text with its surface.
  public static let minimumContrast = 4.5

  /// WCAG 2 relative luminance of an sRGB colour (its alpha ignored).
  public static func luminance(_ c: RGBA) -> Double {
    0.2126 * linear[Int(c.r)] + 0.7152 * linear[Int(c.g)] + 0.0722 * linear[Int(c.b)]
  }

  /// An sRGB channel value made linear, for each of the 256 values.
  private static let linear: [Double] = (0...255).map { v in
    let s = Double(v) / 255
    return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
  }

  /// The contrast ratio of two opaque colours (1 ... 21).
  public static func contrast(_ a: RGBA, _ b: RGBA) -> Double {
    let (la, lb) = (luminance(a), luminance(b))
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
  }

  /// `top` drawn over the opaque `bottom`: the opaque colour that shows.
  public static func blend(_ top: RGBA, over bottom: RGBA) -> RGBA {
    let a = Double(top.a) / 255
    func mix(_ t: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(t) * a + Double(b) * (1 - a)).rounded()) }
    return RGBA(mix(top.r, bottom.r), mix(top.g, bottom.g), mix(top.b, bottom.b))
  }

  /// `color` (as it shows over `surface`) made to contrast at least `minimumContrast` with `surface`: mixed
  /// with white on a dark surface, with black on a light one, as little as needed. An opaque colour.
  public static func readable(_ color: RGBA, on surface: RGBA) -> RGBA {
    let shown = blend(color, over: surface)
    if contrast(shown, surface) >= minimumContrast { return shown }
    let towardsWhite = contrast(.white, surface) >= contrast(.black, surface)
    let target: RGBA = towardsWhite ? .white : .black
    var low = 0.0
    var high = 1.0
    for _ in 0..<12 {
      let mid = (low + high) / 2
      if contrast(shown.mixed(with: target, mid), surface) >= minimumContrast { high = mid } else { low = mid }
    }
    return shown.mixed(with: target, high)
  }

  /// A filled shape drawn before a text, and the clip it was drawn in.
  private struct Surface {
    /// Plain values only (a polygon's corners are kept by `Surfaces`), so that looking fills up copies
    /// no reference: this pass runs over every text of every frame.
    enum Shape {
      case rect(Rect)
      case circle(Point, Double)
      /// The corners `Surfaces.corners[from..<to]`, and the box around them.
      case polygon(from: Int, to: Int, box: Rect)
    }
    var shape: Shape
    var fill: RGBA
    var clip: Rect?

    /// The box the shape covers (clipped).
    var bounds: Rect {
      var box: Rect
      switch shape {
      case .rect(let r): box = r
      case .circle(let c, let radius): box = Rect(c.x - radius, c.y - radius, 2 * radius, 2 * radius)
      case .polygon(_, _, let b): box = b
      }
      return clip.map { Legibility.intersection($0, box) } ?? box
    }

    func contains(_ p: Point, corners: [Point]) -> Bool {
      if let clip, !clip.contains(p) { return false }
      switch shape {
      case .rect(let r): return r.contains(p)
      case .circle(let c, let radius):
        return (p.x - c.x) * (p.x - c.x) + (p.y - c.y) * (p.y - c.y) <= radius * radius
      case .polygon(let from, let to, let box):
        // The box first (edges included, as the polygon's own edges are), then the polygon.
        return p.x >= box.minX && p.x <= box.maxX && p.y >= box.minY && p.y <= box.maxY
          && Legibility.convex(corners[from..<to], contains: p)
      }
    }
  }

  /// Makes every text of `commands` legible on what it is drawn on (`background` under everything).
  public static func enforce(_ commands: inout [DrawCommand], background: RGBA) {
    var verdicts: [UInt64: RGBA?] = [:]
    enforce(&commands, background: background, verdicts: &verdicts)
  }

  /// The same, with the verdicts on pairs of text colour and surface (packed, the text's colour in the
  /// high half; nil: legible as it is) kept from earlier frames: a pure function of the pair.
  public static func enforce(_ commands: inout [DrawCommand], background: RGBA, verdicts: inout [UInt64: RGBA?]) {
    _ = enforce(&commands, background: background, verdicts: &verdicts, isPart: false)
  }

  /// The same for a part of a frame (its commands run on from the parts before it, which another thread
  /// may still be drawing). A text over a filled shape of the part that is opaque where the text is
  /// gets the colour the whole frame's pass would give it: nothing drawn before that shape shows through
  /// it. Returns whether the part is settled so: false when a text lies on no such shape (it is left as
  /// it is) or the part's clips do not balance; then the whole frame needs `enforce` after all (which
  /// leaves the texts settled here as they are: a readable colour stays readable).
  public static func enforcePart(
    _ commands: inout [DrawCommand], background: RGBA, verdicts: inout [UInt64: RGBA?]
  ) -> Bool {
    enforce(&commands, background: background, verdicts: &verdicts, isPart: true)
  }

  /// The pass; in a part (`isPart`), whether every text found an opaque surface in the part and the
  /// part's clips balance (true for a whole frame).
  private static func enforce(
    _ commands: inout [DrawCommand], background: RGBA, verdicts: inout [UInt64: RGBA?], isPart: Bool
  ) -> Bool {
    var complete = true
    if verdicts.count > 4096 { verdicts.removeAll(keepingCapacity: true) }
    var surfaces = Surfaces()
    var clips: [Rect] = []
    for i in commands.indices {
      switch commands[i] {
      case .rect(let r, let fill?, _), .roundedRect(let r, _, let fill?, _):
        if fill.a > 0 { surfaces.add(Surface(shape: .rect(r), fill: fill, clip: clips.last)) }
      case .circle(let c, let radius, let fill?, _):
        if fill.a > 0 { surfaces.add(Surface(shape: .circle(c, radius), fill: fill, clip: clips.last)) }
      case .polygon(let corners, let fill?, _):
        if fill.a > 0, corners.count >= 3, corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) {
          surfaces.addPolygon(corners, fill: fill, clip: clips.last)
        }
      case .clip(let r): clips.append(clips.last.map { intersection($0, r) } ?? r)
      case .unclip:
        if isPart && clips.isEmpty { return false }
        _ = clips.popLast()
      case .text(let s, let at, var style):
        guard style.color.a > 0, !s.isEmpty else { continue }
        let p = samplePoint(of: s, at: at, style: style)
        // Clipped away (scrolled out of its panel): not shown.
        if let clip = clips.last, !clip.contains(p) { continue }
        guard let surface = self.surface(under: p, in: &surfaces, background: isPart ? nil : background) else {
          complete = false
          continue
        }
        // A frame has a few dozen pairs of text colour and surface for its hundreds of texts: each
        // pair is judged once.
        let key = UInt64(style.color.packed) << 32 | UInt64(surface.packed)
        let verdict: RGBA?
        if let known = verdicts[key] {
          verdict = known
        } else {
          let readable = readable(style.color, on: surface)
          verdict = readable != blend(style.color, over: surface) ? readable : nil
          verdicts[key] = verdict
        }
        if let verdict {
          style.color = verdict
          commands[i] = .text(s, at: at, style: style)
        }
      default: break
      }
    }
    return complete && clips.isEmpty
  }

  /// The fills drawn so far. Most texts sit on a fill drawn just before them, so the last few are looked
  /// at first; past those, the fills are found by the cells of a coarse grid they cover (built only when
  /// needed, each fill indexed once), so that a frame of thousands of translucent chips stays linear.
  private struct Surfaces {
    static let cell = 64.0
    /// The grid has at most this many cells a side (over 16,000 pixels).
    static let extent = 256
    /// How many of the last fills are looked at before the grid.
    static let recent = 8
    var all: [Surface] = []
    /// The corners of the polygons among `all`, one after another.
    var corners: [Point] = []
    /// The grid, row by row: its size is that of the fills there when it is first needed (the window's
    /// background comes first); a fill or a point past its edges is taken to the edge cells, so a cell
    /// still lists every fill that may cover a point in it. Each cell's list is linked through flat
    /// arrays, newest first (`head` per cell, then `link`), so building it allocates nothing per cell.
    private var head: [Int32] = []
    /// Per entry of the lists: the fill it names, and the entry after it in its cell's list (-1: none).
    private var entryFill: [Int32] = []
    private var link: [Int32] = []
    private var columns = 0
    private var rows = 0
    private var indexed = 0

    mutating func add(_ s: Surface) { all.append(s) }

    mutating func addPolygon(_ points: [Point], fill: RGBA, clip: Rect?) {
      let from = corners.count
      corners += points
      let xs = points.map(\.x)
      let ys = points.map(\.y)
      let box = Rect(xs.min()!, ys.min()!, xs.max()! - xs.min()!, ys.max()! - ys.min()!)
      all.append(Surface(shape: .polygon(from: from, to: corners.count, box: box), fill: fill, clip: clip))
    }

    /// The first entry of the list of fills before `end` whose box covers `p`'s cell, the newest first
    /// (-1: none); `next(after:)` goes on, `fill(of:)` names the fill.
    mutating func newest(before end: Int, near p: Point) -> Int32 {
      index(upTo: end)
      guard p.x.isFinite, p.y.isFinite, columns > 0 else { return -1 }
      return head[Self.cell(p.y, rows) * columns + Self.cell(p.x, columns)]
    }

    func next(after entry: Int32) -> Int32 { link[Int(entry)] }
    func fill(of entry: Int32) -> Int { Int(entryFill[Int(entry)]) }

    /// The cell of coordinate `v` in a line of `count` cells, past either end taken to that end.
    private static func cell(_ v: Double, _ count: Int) -> Int {
      guard v > 0 else { return 0 }
      return min(Int(min(v / cell, Double(Int32.max))), count - 1)
    }

    private mutating func index(upTo end: Int) {
      if columns == 0 {
        var maxX = 0.0
        var maxY = 0.0
        for s in all[..<end] where s.bounds.maxX.isFinite && s.bounds.maxY.isFinite {
          maxX = max(maxX, s.bounds.maxX)
          maxY = max(maxY, s.bounds.maxY)
        }
        columns = Self.cell(maxX, Self.extent) + 1
        rows = Self.cell(maxY, Self.extent) + 1
        head = Array(repeating: -1, count: columns * rows)
      }
      while indexed < end {
        defer { indexed += 1 }
        let b = all[indexed].bounds
        guard b.width >= 0, b.height >= 0, !b.minX.isNaN, !b.minY.isNaN, !b.maxX.isNaN, !b.maxY.isNaN else {
          continue
        }
        let xs = Self.cell(b.minX, columns)...Self.cell(b.maxX, columns)
        for y in Self.cell(b.minY, rows)...Self.cell(b.maxY, rows) {
          let row = y * columns
          for x in xs {
            entryFill.append(Int32(indexed))
            link.append(head[row + x])
            head[row + x] = Int32(link.count - 1)
          }
        }
      }
    }
  }

  /// The opaque colour under `p`: the fills containing it, from the topmost opaque one up.
  /// The colour that shows under `p`; nil when no opaque fill lies under it and there is no `background`
  /// (a part of a frame: what shows there was drawn before the part).
  private static func surface(under p: Point, in surfaces: inout Surfaces, background: RGBA?) -> RGBA? {
    // The translucent fills over the opaque one, topmost first: almost always none or a few, kept without
    // allocating (past `inline`, in an array).
    var above = InlineFills()
    var base: RGBA?
    let start = max(surfaces.all.count - Surfaces.recent, 0)
    var i = surfaces.all.count - 1
    while i >= start {
      let s = surfaces.all[i]
      i -= 1
      guard s.contains(p, corners: surfaces.corners) else { continue }
      if s.fill.a == 255 {
        base = s.fill
        break
      }
      above.append(s.fill)
    }
    if base == nil && start > 0 {
      var entry = surfaces.newest(before: start, near: p)
      while entry >= 0 {
        let index = surfaces.fill(of: entry)
        entry = surfaces.next(after: entry)
        guard index < start else { continue }
        let s = surfaces.all[index]
        guard s.contains(p, corners: surfaces.corners) else { continue }
        if s.fill.a == 255 {
          base = s.fill
          break
        }
        above.append(s.fill)
      }
    }
    guard let under = base ?? background else { return nil }
    return above.blended(over: under)
  }

  /// Fills collected topmost first, blended bottom up; the first four without an allocation.
  private struct InlineFills {
    var count = 0
    var first: (RGBA, RGBA, RGBA, RGBA) = (.black, .black, .black, .black)
    var more: [RGBA] = []

    mutating func append(_ c: RGBA) {
      switch count {
      case 0: first.0 = c
      case 1: first.1 = c
      case 2: first.2 = c
      case 3: first.3 = c
      default: more.append(c)
      }
      count += 1
    }

    func blended(over bottom: RGBA) -> RGBA {
      var color = bottom
      for fill in more.reversed() { color = blend(fill, over: color) }
      if count > 3 { color = blend(first.3, over: color) }
      if count > 2 { color = blend(first.2, over: color) }
      if count > 1 { color = blend(first.1, over: color) }
      if count > 0 { color = blend(first.0, over: color) }
      return color
    }
  }

  /// Where a text command is judged: in the middle of its line's height, half a line's height in from
  /// its anchored edge (inside its first or last glyph; the middle for centred text). Found without
  /// measuring the text, which would cost as much as the rest of the check.
  public static func samplePoint(of s: String, at: Point, style: TextStyle) -> Point {
    let h = TextMetrics.height(size: style.size)
    var x = at.x
    var y = at.y
    switch style.anchor.horizontal {
    case .leading: x += h / 2
    case .center: break
    case .trailing: x -= h / 2
    }
    switch style.anchor.vertical {
    case .top: y += h / 2
    case .middle: break
    case .bottom: y -= h / 2
    }
    return Point(x, y)
  }

  public static func intersection(_ a: Rect, _ b: Rect) -> Rect {
    let x0 = max(a.minX, b.minX)
    let y0 = max(a.minY, b.minY)
    return Rect(x0, y0, max(min(a.maxX, b.maxX) - x0, 0), max(min(a.maxY, b.maxY) - y0, 0))
  }

  /// Whether the convex polygon `corners` (either way round) contains `p`.
  public static func convex(_ corners: [Point], contains p: Point) -> Bool { convex(corners[...], contains: p) }

  /// Whether the convex polygon `corners` (either way round) contains `p`.
  public static func convex(_ corners: ArraySlice<Point>, contains p: Point) -> Bool {
    var sign = 0.0
    for i in corners.indices {
      let a = corners[i]
      let b = corners[i + 1 == corners.endIndex ? corners.startIndex : i + 1]
      let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
      if cross == 0 { continue }
      if sign == 0 {
        sign = cross
      } else if (cross > 0) != (sign > 0) {
        return false
      }
    }
    return true
  }
}
