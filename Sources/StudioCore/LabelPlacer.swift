import Geometry
import Raster
import TouchSim

/// Places labels so that none covers another or any of the obstacles it was given (the views' own text).
///
/// Pure and deterministic: labels are placed one at a time, in the order they are asked for (so the
/// caller puts the most important first), each at the first of its candidate places that is free:
///
/// 1. its slots in order (for a view's label: the inside corners of the view, then outside its edges),
///    with the whole text;
/// 2. the same slots with the text shortened by an ellipsis, less and less of it kept;
/// 3. with a leader line: free spots on rings around the point it labels, nearest first;
/// 4. otherwise it is dropped (nil), never drawn over another.
///
/// A place is free when the label's box lies inside the label's region and keeps `gap` pixels from every
/// box taken so far. Taken boxes are filed in a grid of cells, so each test looks at a few neighbours only.
struct LabelPlacer {
  /// Where a label's box goes: its `anchor` corner (or edge middle) at `point`.
  struct Slot: Equatable {
    var point: Point
    var anchor: TextAnchor

    init(_ point: Point, _ anchor: TextAnchor) {
      self.point = point
      self.anchor = anchor
    }

    init(_ point: Point, _ horizontal: TextAnchor.Horizontal, _ vertical: TextAnchor.Vertical) {
      self.init(point, TextAnchor(horizontal, vertical))
    }

    /// The box of `size` placed here.
    func box(_ size: Size) -> Rect {
      var x = point.x
      var y = point.y
      switch anchor.horizontal {
      case .leading: break
      case .center: x -= size.width / 2
      case .trailing: x -= size.width
      }
      switch anchor.vertical {
      case .top: break
      case .middle: y -= size.height / 2
      case .bottom: y -= size.height
      }
      return Rect(x, y, size.width, size.height)
    }

    /// The inside corners of `r`, `pad` from its edges (top leading first, then clockwise from top trailing),
    /// then outside it, `gap` from its edges: above, below, then beside at the top and at the bottom.
    static func around(_ r: Rect, pad: Double, gap: Double) -> [Slot] {
      inside(r, pad: pad) + outside(r, gap: gap)
    }

    /// The inside corners of `r`, `pad` from its edges: top leading, top trailing, bottom trailing, bottom
    /// leading.
    static func inside(_ r: Rect, pad: Double) -> [Slot] {
      [
        Slot(Point(r.minX + pad, r.minY + pad), .leading, .top),
        Slot(Point(r.maxX - pad, r.minY + pad), .trailing, .top),
        Slot(Point(r.maxX - pad, r.maxY - pad), .trailing, .bottom),
        Slot(Point(r.minX + pad, r.maxY - pad), .leading, .bottom),
      ]
    }

    /// Outside `r`, `gap` from its edges: above (leading, trailing), below (leading, trailing), then to the
    /// right and the left (top, bottom).
    static func outside(_ r: Rect, gap: Double) -> [Slot] {
      [
        Slot(Point(r.minX, r.minY - gap), .leading, .bottom),
        Slot(Point(r.maxX, r.minY - gap), .trailing, .bottom),
        Slot(Point(r.minX, r.maxY + gap), .leading, .top),
        Slot(Point(r.maxX, r.maxY + gap), .trailing, .top),
        Slot(Point(r.maxX + gap, r.minY), .leading, .top),
        Slot(Point(r.minX - gap, r.minY), .trailing, .top),
        Slot(Point(r.maxX + gap, r.maxY), .leading, .bottom),
        Slot(Point(r.minX - gap, r.maxY), .trailing, .bottom),
      ]
    }
  }

  /// A label's text: a part kept whole around a part that may be shortened ("7 ✗ " + reason, id + " ✓").
  struct Text: Equatable {
    var head: String
    var body: String
    var tail: String
    /// The fewest characters of `body` kept before an ellipsis; 0 lets the body go altogether (without an
    /// ellipsis); nil never shortens it.
    var keep: Int?

    init(head: String = "", _ body: String, tail: String = "", keep: Int? = nil) {
      self.head = head
      self.body = body
      self.tail = tail
      self.keep = keep
    }

    var full: String { head + body + tail }

    /// The shortened versions to try, longest first: about four steps down to `keep` characters.
    var shortened: [String] {
      guard let keep else { return [] }
      let count = body.count
      guard count > keep else { return [] }
      var lengths: [Int] = []
      let step = max((count - keep + 3) / 4, 1)
      var n = count - 1
      while n > keep {
        lengths.append(n)
        n -= step
      }
      lengths.append(keep)
      return lengths.map { n in
        n == 0 ? (head + tail).trimmingTrailingSpace : head + String(body.prefix(n)).trimmingTrailingSpace + "…" + tail
      }
    }
  }

  /// One label placed: its box, the text it shows, and the leader line to what it labels, if it needed one.
  struct Placement: Equatable {
    var box: Rect
    var text: String
    var shortened: Bool
    var leader: (from: Point, to: Point)?

    static func == (a: Placement, b: Placement) -> Bool {
      a.box == b.box && a.text == b.text && a.shortened == b.shortened && a.leader?.from == b.leader?.from
        && a.leader?.to == b.leader?.to
    }
  }

  /// The space kept between any two boxes, in pixels.
  let gap: Double
  /// Every box taken so far: the obstacles, then the labels placed.
  var taken: [Rect] { filed.boxes }
  private var filed: FiledBoxes
  /// What the places tried since the last `takeProbe()` asked of the boxes taken: the smallest rectangle
  /// holding each place tried inside its region, grown by `gap` (nil when none was). While no box taken
  /// comes or goes in it, the same places are tried in the same order and the same one is found free.
  private var probe: Rect?

  /// A placer for labels within `bounds` that keeps them off `obstacles` and `gap` pixels apart; `cell` is
  /// the size of the grid's cells that keeps tests local (about a label's width).
  init(obstacles: [Rect], gap: Double, bounds: Rect, cell: Double = 64) {
    self.gap = max(gap, 0)
    filed = FiledBoxes(bounds: bounds, cell: cell)
    for r in obstacles where r.width > 0 && r.height > 0 { take(r) }
  }

  /// Marks `r` as taken: no label may come within `gap` of it.
  mutating func take(_ r: Rect) { filed.insert(r) }

  /// The rectangle the places tried since the last call asked of the boxes taken (see `probe`), and a
  /// fresh start.
  mutating func takeProbe() -> Rect? {
    defer { probe = nil }
    return probe
  }

  /// Whether `r` lies inside `region` and keeps `gap` from every box taken so far; the part of the boxes
  /// taken it read is added to `probe`.
  private func isFree(_ r: Rect, in region: Rect, probe: inout Rect?) -> Bool {
    let e = 0.001
    guard r.minX >= region.minX - e, r.minY >= region.minY - e, r.maxX <= region.maxX + e, r.maxY <= region.maxY + e
    else { return false }
    let grown = Rect(r.minX - gap, r.minY - gap, r.width + 2 * gap, r.height + 2 * gap)
    probe = probe.map { CanvasGeometry.union($0, grown) } ?? grown
    return !filed.contains(near: grown) { t in
      grown.minX < t.maxX - e && t.minX < grown.maxX - e && grown.minY < t.maxY - e && t.minY < grown.maxY - e
    }
  }

  /// Places a label of `text` (its box `measure`d for each version of the text) at the first free place:
  /// a slot with the whole text, a slot (of `shortSlots` when given) with the text shortened, then a spot
  /// within `reach` pixels of `target` with a leader line (when a target is given; the text shortened only
  /// when `shortSlots` is not given). A slot must also pass `accept` (told whether the text is shortened; a
  /// leader line says what the label belongs to, so a spot at its end need not). Returns nil when nothing is
  /// free.
  mutating func place(
    _ text: Text, measure: (String) -> Size, slots: [Slot], shortSlots: [Slot]? = nil, region: Rect,
    target: Point? = nil, reach: Double = 0, accept: (_ box: Rect, _ shortened: Bool) -> Bool = { _, _ in true }
  ) -> Placement? {
    guard region.width > 0, region.height > 0 else { return nil }
    var probe = self.probe
    defer { self.probe = probe }
    // The whole text, then (worked out only when it is needed) shorter and shorter versions.
    let full = text.full
    guard !full.isEmpty else { return nil }
    let fullSize = measure(full)
    for slot in slots {
      let box = slot.box(fullSize)
      if isFree(box, in: region, probe: &probe) && accept(box, false) {
        take(box)
        return Placement(box: box, text: full, shortened: false, leader: nil)
      }
    }
    var shortest: (text: String, size: Size)?
    for version in text.shortened where !version.isEmpty {
      let size = measure(version)
      shortest = (version, size)
      for slot in shortSlots ?? slots {
        let box = slot.box(size)
        if isFree(box, in: region, probe: &probe) && accept(box, true) {
          take(box)
          return Placement(box: box, text: version, shortened: true, leader: nil)
        }
      }
    }
    guard let target, reach > 0 else { return nil }
    var tries = [(text: full, size: fullSize, shortened: false)]
    if let shortest, shortSlots == nil { tries.append((shortest.text, shortest.size, true)) }
    for t in tries {
      if let box = freeSpot(t.size, near: target, reach: reach, in: region, probe: &probe) {
        take(box)
        return Placement(
          box: box, text: t.text, shortened: t.shortened, leader: (Self.nearest(on: box, to: target), target))
      }
    }
    return nil
  }

  /// Twelve directions, straight up first, then clockwise.
  private static let directions: [Point] = (0..<12).map { k in
    let angle = -Double.pi / 2 + Double(k) * Double.pi / 6
    return Point(Trig.cos(angle), Trig.sin(angle))
  }

  /// The first free box of `size` on rings around `target` (12 directions a ring, starting straight up and
  /// going clockwise), the rings a label's height apart, out to `reach`.
  private func freeSpot(_ size: Size, near target: Point, reach: Double, in region: Rect, probe: inout Rect?) -> Rect? {
    let step = max(size.height + gap, 4)
    var d = step
    while d <= reach {
      for u in Self.directions {
        let c = Point(target.x + d * u.x, target.y + d * u.y)
        let box = Rect(c.x - size.width / 2, c.y - size.height / 2, size.width, size.height)
        if isFree(box, in: region, probe: &probe) { return box }
      }
      d += step
    }
    return nil
  }

  /// The point of `box` nearest to `p`.
  static func nearest(on box: Rect, to p: Point) -> Point {
    Point(min(max(p.x, box.minX), box.maxX), min(max(p.y, box.minY), box.maxY))
  }
}

extension String {
  fileprivate var trimmingTrailingSpace: String {
    var s = self
    while s.last == " " { s.removeLast() }
    return s
  }
}
