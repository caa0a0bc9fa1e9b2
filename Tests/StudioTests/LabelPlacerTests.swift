import Geometry
import TestSupport
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore

/// The label placement step on its own: slots in order, then shortening, then a leader line, else dropped;
/// never over a taken box; the same input always gives the same placement.
@Suite struct LabelPlacerTests {
  /// Every character 10 px wide, 12 px high.
  static func measure(_ s: String) -> Size { Size(Double(s.count) * 10, 12) }

  let region = Rect(0, 0, 400, 300)
  let anchor = Rect(100, 100, 120, 60)

  @Test func theFirstFreeSlotWins() {
    var placer = LabelPlacer(obstacles: [Rect(100, 100, 20, 20)], gap: 1, bounds: Rect(0, 0, 400, 300))
    let slots = LabelPlacer.Slot.around(anchor, pad: 2, gap: 2)

    let p = placer.place(LabelPlacer.Text("abc"), measure: Self.measure, slots: slots, region: region)

    // The top-leading corner is taken: the top-trailing one.
    #expect(p?.box == Rect(188, 102, 30, 12))
    #expect(p?.shortened == false && p?.leader == nil)
    // Now that box is taken too.
    let q = placer.place(LabelPlacer.Text("abc"), measure: Self.measure, slots: slots, region: region)
    #expect(q?.box == Rect(188, 146, 30, 12))  // bottom trailing
  }

  @Test func slotsPlaceBoxesByTheirAnchors() {
    let size = Size(30, 10)
    #expect(LabelPlacer.Slot(Point(50, 50), .leading, .top).box(size) == Rect(50, 50, 30, 10))
    #expect(LabelPlacer.Slot(Point(50, 50), .trailing, .bottom).box(size) == Rect(20, 40, 30, 10))
    #expect(LabelPlacer.Slot(Point(50, 50), .center, .middle).box(size) == Rect(35, 45, 30, 10))
  }

  @Test func aTextTooLongForEverySlotIsShortenedWithAnEllipsis() {
    var placer = LabelPlacer(obstacles: [], gap: 1, bounds: Rect(0, 0, 400, 300))
    let narrow = Rect(100, 100, 90, 60)
    let slots = LabelPlacer.Slot.inside(narrow, pad: 2)

    let p = placer.place(
      LabelPlacer.Text("recognizer", tail: " ✓", keep: 3), measure: Self.measure, slots: slots, region: narrow)

    #expect(p?.shortened == true)
    #expect(p?.text.hasSuffix("… ✓") == true)  // the state glyph is kept
    #expect(p.map { $0.box.width <= 86 } == true)
  }

  @Test func aBodyThatMayGoEntirelyLeavesTheHeadWithoutAnEllipsis() {
    var placer = LabelPlacer(obstacles: [], gap: 1, bounds: Rect(0, 0, 400, 300))
    let narrow = Rect(0, 0, 100, 20)

    let p = placer.place(
      LabelPlacer.Text(head: "at (1, 2)", " in stamp", keep: 0), measure: Self.measure,
      slots: [LabelPlacer.Slot(Point(0, 0), .leading, .top)], region: narrow)

    #expect(p?.text == "at (1, 2)")
  }

  @Test func withEverySlotTakenALeaderLineGoesToAFreeSpot() {
    // The anchor is covered, so is a band around it.
    var placer = LabelPlacer(obstacles: [CanvasGeometry.grow(anchor, 30, 30)], gap: 1, bounds: Rect(0, 0, 400, 300))
    let target = Point(anchor.minX, anchor.minY)

    let p = placer.place(
      LabelPlacer.Text("abc"), measure: Self.measure, slots: LabelPlacer.Slot.around(anchor, pad: 2, gap: 2),
      region: region, target: target, reach: 100)

    guard let p, let leader = p.leader else {
      Issue.record("not placed with a leader")
      return
    }
    #expect(leader.to == target)
    #expect(p.box.contains(leader.from) || LabelPlacer.nearest(on: p.box, to: target) == leader.from)
    #expect(!CanvasGeometry.overlap(p.box, CanvasGeometry.grow(anchor, 30, 30)))
    #expect(CanvasGeometry.contains(region, p.box))
  }

  @Test func aLabelWithNowhereToGoIsDropped() {
    var placer = LabelPlacer(obstacles: [region], gap: 1, bounds: Rect(0, 0, 400, 300))
    let p = placer.place(
      LabelPlacer.Text("abc", keep: 1), measure: Self.measure, slots: LabelPlacer.Slot.around(anchor, pad: 2, gap: 2),
      region: region, target: anchor.mid, reach: 200)
    #expect(p == nil)
    #expect(placer.taken.count == 1)
    // An empty region holds nothing.
    var empty = LabelPlacer(obstacles: [], gap: 1, bounds: Rect(0, 0, 400, 300))
    #expect(
      empty.place(
        LabelPlacer.Text("a"), measure: Self.measure, slots: [LabelPlacer.Slot(Point(0, 0), .leading, .top)],
        region: Rect(0, 0, 0, 10)) == nil)
  }

  @Test func shortenedVersionsOnlyGoWhereShortSlotsSay() {
    var placer = LabelPlacer(obstacles: [], gap: 1, bounds: Rect(0, 0, 400, 300))
    let inside = [LabelPlacer.Slot(Point(0, 0), .leading, .top)]
    let outside = [LabelPlacer.Slot(Point(0, 50), .leading, .top)]
    // The whole text fits nowhere; shortened, only inside, which is blocked by the region's width there.
    let p = placer.place(
      LabelPlacer.Text("abcdefghij", keep: 2), measure: Self.measure, slots: outside, shortSlots: inside,
      region: Rect(0, 0, 40, 100))
    #expect(p?.box.minY == 0 && p?.shortened == true)
  }

  @Test func aSlotMustAlsoPassTheCallersTest() {
    var placer = LabelPlacer(obstacles: [], gap: 1, bounds: Rect(0, 0, 400, 300))
    var asked: [(Rect, Bool)] = []
    // Only boxes right of x 150 pass, and only shortened ones.
    let p = placer.place(
      LabelPlacer.Text("abcdefgh", keep: 2), measure: Self.measure, slots: LabelPlacer.Slot.inside(anchor, pad: 2),
      region: region,
      accept: { box, shortened in
        asked.append((box, shortened))
        return box.minX > 150 && shortened
      })

    #expect(p?.shortened == true)
    #expect(p.map { $0.box.minX > 150 } == true)
    #expect(asked.contains { !$0.1 } && asked.contains { $0.1 })
  }

  /// Random labels over random obstacles: nothing placed overlaps anything taken before it (by `gap`), all
  /// stays in the region, and the same input gives the same placement.
  @Test func randomLabelsNeverOverlapAndPlaceTheSameEveryTime() {
    var rng = SplitMix(seed: 42)
    func n(_ r: ClosedRange<Double>) -> Double {
      r.lowerBound + Double(rng.next() % 10_000) / 10_000 * (r.upperBound - r.lowerBound)
    }
    for _ in 0..<20 {
      let obstacles = (0..<15).map { _ in Rect(n(0...380), n(0...280), n(5...60), n(5...20)) }
      let requests = (0..<60).map { _ -> (String, Rect, Int) in
        let text = String(repeating: "x", count: Int(n(1...12)))
        return (text, Rect(n(0...360), n(0...260), n(10...120), n(10...80)), Int(n(0...2.99)))
      }
      func run() -> [LabelPlacer.Placement?] {
        var placer = LabelPlacer(obstacles: obstacles, gap: 1.5, bounds: Rect(0, 0, 400, 300))
        return requests.map { text, anchor, keep in
          placer.place(
            LabelPlacer.Text(text, keep: keep), measure: Self.measure,
            slots: LabelPlacer.Slot.around(anchor, pad: 2, gap: 2), region: region, target: anchor.mid, reach: 80)
        }
      }
      let placed = run()
      #expect(placed == run())
      let boxes = placed.compactMap { $0?.box }
      #expect(boxes.count > 10)
      for (i, a) in boxes.enumerated() {
        #expect(CanvasGeometry.contains(region, a))
        for b in obstacles + boxes[(i + 1)...] {
          #expect(!CanvasGeometry.overlap(CanvasGeometry.grow(a, 1.49, 1.49), b), "\(a) near \(b)")
        }
      }
    }
  }

  @Test func strayGeometryIsHarmless() {
    var placer = LabelPlacer(
      obstacles: [Rect(-1e12, -1e12, 2e12, 2e12), Rect(.nan, 0, 10, 10)], gap: 1, bounds: Rect(0, 0, 400, 300))
    let p = placer.place(
      LabelPlacer.Text("abc"), measure: Self.measure, slots: [LabelPlacer.Slot(Point(1e9, .nan), .leading, .top)],
      region: region, target: Point(.infinity, 0), reach: 50)
    #expect(p == nil)
  }
}
