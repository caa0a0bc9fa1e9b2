import Geometry
import TouchSim

/// Boxes filed by the cells of a flat grid over an area, so finding the boxes near a rectangle looks at a
/// few cells instead of every box (the label placement and the canvas's view lookups).
///
/// Boxes and queries beyond the area are filed in its edge cells (clamping keeps every overlap in a shared
/// cell); a box spanning a great many cells is kept in a list every query reads.
struct BoxGrid {
  private let origin: Point
  private let cell: Double
  private let columns: Int
  private let rows: Int
  private var cells: [[Int]]
  private var huge: [Int] = []

  /// A grid over `bounds` of cells about `cell` pixels wide (larger when the area needs more than 256
  /// cells a side).
  init(bounds: Rect, cell: Double) {
    let width = bounds.width.isFinite ? max(bounds.width, 1) : 1
    let height = bounds.height.isFinite ? max(bounds.height, 1) : 1
    let size = max(cell.isFinite ? cell : 64, 4, width / 256, height / 256)
    origin = Point(bounds.minX.isFinite ? bounds.minX : 0, bounds.minY.isFinite ? bounds.minY : 0)
    self.cell = size
    columns = max(Int((width / size).rounded(.up)), 1)
    rows = max(Int((height / size).rounded(.up)), 1)
    cells = Array(repeating: [], count: columns * rows)
  }

  /// The cells `r` touches, clamped to the grid.
  private func span(_ r: Rect) -> (ClosedRange<Int>, ClosedRange<Int>) {
    func index(_ v: Double, _ o: Double, _ n: Int) -> Int {
      let q = (v - o) / cell
      return q.isNaN ? 0 : Int(max(min(q, Double(n - 1)), 0).rounded(.down))
    }
    let x0 = index(r.minX, origin.x, columns)
    let y0 = index(r.minY, origin.y, rows)
    return (x0...max(index(r.maxX, origin.x, columns), x0), y0...max(index(r.maxY, origin.y, rows), y0))
  }

  /// Files box number `i` covering `r`.
  mutating func insert(_ r: Rect, as i: Int) {
    let (xs, ys) = span(r)
    if xs.count * ys.count > 64 {
      huge.append(i)
      return
    }
    for y in ys {
      for x in xs { cells[y * columns + x].append(i) }
    }
  }

  /// Whether `test` holds for any box filed in the cells `r` touches (each box may be tested more than once).
  func contains(near r: Rect, where test: (Int) -> Bool) -> Bool {
    if huge.contains(where: test) { return true }
    let (xs, ys) = span(r)
    for y in ys {
      for x in xs where cells[y * columns + x].contains(where: test) { return true }
    }
    return false
  }
}

/// Rectangles kept in the order they came and filed in a `BoxGrid` (made at the first), so asking about
/// those near a rectangle looks at a few cells: the boxes a label placer has taken, the boxes a labeler
/// following an earlier frame counts as changed.
struct FiledBoxes {
  private(set) var boxes: [Rect] = []
  private var grid: BoxGrid?
  private let bounds: Rect
  private let cell: Double

  /// Boxes filed over `bounds` in cells about `cell` pixels wide (see `BoxGrid`).
  init(bounds: Rect, cell: Double) {
    self.bounds = bounds
    self.cell = cell
  }

  mutating func insert(_ r: Rect) {
    if grid == nil { grid = BoxGrid(bounds: bounds, cell: cell) }
    grid!.insert(r, as: boxes.count)
    boxes.append(r)
  }

  /// Whether `test` holds for any box filed near `r`.
  func contains(near r: Rect, where test: (Rect) -> Bool) -> Bool {
    grid?.contains(near: r) { test(boxes[$0]) } ?? false
  }
}
