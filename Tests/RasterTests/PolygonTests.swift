import Geometry
import StudioTestSupport
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore

/// The `polygon` draw command (a transformed view's true quadrilateral), pixel by pixel, and the convex
/// polygon geometry behind it.
@Suite struct PolygonTests {
  private let background = RGBA(255, 255, 255)
  private let red = RGBA(255, 0, 0)

  /// A square of side 30√2 turned 45° into a diamond around (50, 50): its edges are x ± y = const.
  private let diamond = [Point(50, 20), Point(80, 50), Point(50, 80), Point(20, 50)]

  private func draw(_ commands: [DrawCommand], width: Int = 100, height: Int = 100) -> PixelBuffer {
    let rasterizer = Rasterizer(width: width, height: height)
    rasterizer.clear(to: background)
    rasterizer.draw(commands) { _ in nil }
    return rasterizer.buffer
  }

  private func blended(_ c: RGBA?) -> Bool { c != nil && c != red && c != background }

  @Test func aRotatedSquareFillsItsDiamondWithSoftEdges() {
    let b = draw([.polygon(diamond, fill: red, stroke: nil)])

    #expect(b.pixel(50, 50) == red)
    #expect(b.pixel(50, 21) == red && b.pixel(78, 49) == red)  // just inside the tips
    // The bounding box's corners are outside the diamond.
    #expect(b.pixel(25, 25) == background && b.pixel(75, 75) == background && b.pixel(24, 74) == background)
    // Along the edge x − y = 30 (top right): a centre on it is half covered, one 0.7 px inside full,
    // one 0.7 px outside empty.
    #expect(b.pixel(64, 35) == red)
    #expect(blended(b.pixel(65, 35)))
    #expect(b.pixel(66, 35) == background)
    // The same on the opposite edge, x − y = −30, and either way round.
    let reversed = draw([.polygon(diamond.reversed(), fill: red, stroke: nil)])
    #expect(Self.close(b, reversed))
    #expect(b.pixel(35, 64) == red && blended(b.pixel(35, 65)) && b.pixel(35, 66) == background)
  }

  @Test func anAxisAlignedPolygonCoversTheSamePixelsAsARect() {
    let square = [Point(10, 10), Point(40, 10), Point(40, 30), Point(10, 30)]
    let a = draw([.polygon(square, fill: red, stroke: nil)])
    let b = draw([.rect(Rect(10, 10, 30, 20), fill: red, stroke: nil)])

    #expect(Self.close(a, b, within: 0))
  }

  /// Whether two buffers agree pixel by pixel within `within` in every channel (without printing them).
  static func close(_ a: PixelBuffer, _ b: PixelBuffer, within d: Int = 1) -> Bool {
    let (p, q) = (a.bitmap().pixels, b.bitmap().pixels)
    return p.count == q.count
      && zip(p, q).allSatisfy { x, y in
        abs(Int(x.r) - Int(y.r)) <= d && abs(Int(x.g) - Int(y.g)) <= d && abs(Int(x.b) - Int(y.b)) <= d
      }
  }

  @Test func aPolygonOutlineIsARingInsideTheEdge() {
    let b = draw([.polygon(diamond, fill: nil, stroke: Stroke(red, width: 4))])

    #expect(b.pixel(50, 50) == background)  // no fill
    // Row 35 crosses the top-right edge at x 65.5: the ring covers 4 px measured across the edge, 4√2 ≈ 5.7
    // along the row.
    #expect(b.pixel(66, 35) == background)
    #expect(blended(b.pixel(65, 35)))
    #expect(b.pixel(63, 35) == red && b.pixel(61, 35) == red)
    #expect(blended(b.pixel(59, 35)))
    #expect(b.pixel(57, 35) == background)
  }

  @Test func aDashedPolygonOutlineHasGapsAlongItsEdges() {
    let b = draw([.polygon(diamond, fill: nil, stroke: Stroke(red, width: 2, dash: 5))])

    // Walk the centre line of the top-right edge (1 px inside it) and count dash / gap changes.
    var samples: [Bool] = []
    for i in 0..<40 {
      let t = 0.1 + Double(i) / 40 * 0.8
      let x = 50 + 30 * t - 0.7
      let y = 20 + 30 * t + 0.7
      let p = b.pixel(Int(x), Int(y))!
      samples.append(p.g < 128)
    }
    let changes = zip(samples, samples.dropFirst()).filter { $0 != $1 }.count
    #expect(changes >= 4, "\(samples)")
    #expect(b.pixel(50, 50) == background)
  }

  @Test func polygonsAreClippedLikeEveryShape() {
    let b = draw([.clip(Rect(0, 0, 50, 100)), .polygon(diamond, fill: red, stroke: nil), .unclip])

    #expect(b.pixel(45, 50) == red)
    #expect(b.pixel(55, 50) == background)
  }

  @Test func degeneratePolygonsDrawNothing() {
    let b = draw([
      .polygon([], fill: red, stroke: Stroke(red)),
      .polygon([Point(10, 10), Point(90, 90)], fill: red, stroke: Stroke(red, width: 3)),
      .polygon([Point(10, 10), Point(50, 50), Point(90, 90)], fill: red, stroke: Stroke(red, dash: 2)),
      .polygon([Point(.nan, 10), Point(50, 50), Point(10, 90)], fill: red, stroke: Stroke(red)),
      .polygon([Point(-1e9, -1e9), Point(1e9, -1e9), Point(0, 1e9)], fill: nil, stroke: Stroke(red, width: .nan)),
    ])

    #expect((0..<100).allSatisfy { x in (0..<100).allSatisfy { y in b.pixel(x, y) == background } })
  }

  @Test func aHugePolygonCoveringTheBufferIsHarmless() {
    let b = draw([.polygon([Point(-1e9, -1e9), Point(1e9, -1e9), Point(0, 1e9)], fill: red, stroke: nil)])

    #expect(b.pixel(0, 0) == red && b.pixel(99, 99) == red)
  }

  @Test func damageCoversAPolygonAndItsOutline() {
    let moved = diamond.map { $0 + Point(60, 30) }
    let dashed = DrawCommand.polygon(moved, fill: nil, stroke: Stroke(red, width: 6, dash: 3))
    let filled = DrawCommand.polygon(diamond, fill: RGBA(0, 120, 255, 128), stroke: Stroke(red, width: 3))
    let thin = DrawCommand.polygon(
      [Point(10, 150), Point(150, 160), Point(150, 161), Point(10, 151)], fill: nil,
      stroke: Stroke(red, width: 5, dash: 2))
    #expect(
      DamageTests.agree([
        [DamageTests.bg, filled], [DamageTests.bg, dashed], [DamageTests.bg, filled, thin], [DamageTests.bg, thin],
        [DamageTests.bg],
      ]))
  }

  // MARK: Geometry

  @Test func clippingToARectangleKeepsTheInsidePart() {
    let half = ConvexPolygon.clipped(diamond, to: Rect(0, 0, 50, 100))

    #expect(ConvexPolygon.boundingBox(half) == Rect(20, 20, 30, 60))
    #expect(ConvexPolygon.clipped(diamond, to: Rect(0, 0, 20, 20)).isEmpty)
    #expect(ConvexPolygon.clipped(diamond, to: Rect(0, 0, 100, 100)).count == 4)
    // A corner cut off by each side of a small rectangle: eight corners.
    #expect(ConvexPolygon.clipped(diamond, to: Rect(25, 25, 50, 50)).count == 8)
  }

  @Test func offsettingMovesEveryEdge() {
    let square = [Point(10, 10), Point(30, 10), Point(30, 30), Point(10, 30)]

    #expect(ConvexPolygon.offset(square, by: 2) == [Point(8, 8), Point(32, 8), Point(32, 32), Point(8, 32)])
    #expect(ConvexPolygon.offset(square, by: -2) == [Point(12, 12), Point(28, 12), Point(28, 28), Point(12, 28)])
    #expect(ConvexPolygon.offset(square, by: -11) == nil)  // nothing is left
    let grown = ConvexPolygon.offset(diamond, by: 2)!
    #expect(abs(grown[0].y - (20 - 2 * 2.squareRoot())) < 1e-9)
  }

  @Test func containmentAndSegmentsCut() {
    #expect(ConvexPolygon.contains(diamond, Point(50, 50)))
    #expect(!ConvexPolygon.contains(diamond, Point(25, 25)))
    let cut = ConvexPolygon.clippedSegment(Point(0, 50), Point(100, 50), to: diamond)
    #expect(cut.map { abs($0.0.x - 20) < 1e-9 && abs($0.1.x - 80) < 1e-9 } == true)
    #expect(ConvexPolygon.clippedSegment(Point(0, 0), Point(10, 0), to: diamond) == nil)
  }
}
