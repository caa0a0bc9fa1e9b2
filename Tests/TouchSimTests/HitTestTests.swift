import Geometry
import TestSupport
import Testing
import TouchSim

/// Rule group A: hit-testing.
@Suite struct HitTestTests {
  /// A-1: subviews are tested in reverse order; the last added (front-most) wins an overlap.
  @Test func lastAddedSiblingWinsTheOverlap() {
    let s = scene([v("back", [50, 100, 200, 200]), v("front", [150, 200, 200, 200])])
    let run = Run(s, tap(200, 250))
    #expect(run.hit() == "front")
    #expect(run.visits == ["root:inside", "front:inside"])
  }

  /// A-1: outside the front view, the walk moves on to the next sibling behind it.
  @Test func walkVisitsFrontMostFirstThenFallsBack() {
    let s = scene([v("back", [50, 100, 200, 200]), v("front", [150, 200, 200, 200])])
    let run = Run(s, tap(100, 150))
    #expect(run.visits == ["root:inside", "front:outside", "back:inside"])
    #expect(run.hit() == "back")
  }

  /// A-1 (nested): the deepest view containing the point is touch.view; `at` is in each view's space.
  @Test func nestedViewsConvertThePointIntoEachSpace() {
    let s = scene([v("card", [20, 100, 300, 300], subviews: [v("icon", [10, 10, 50, 50])])])
    let run = Run(s, tap(45, 135))
    #expect(run.hit() == "icon")
    let ats = run.trace.compactMap { e -> Point? in
      if case .hitTest(_, let p, _) = e.event { return p }
      return nil
    }
    #expect(ats == [Point(45, 135), Point(25, 35), Point(15, 25)])
  }

  /// A-1 / A-3: hidden, userInteractionEnabled = false and alpha < 0.01 are skipped with their subtree.
  @Test func hiddenNoInteractionAndTransparentViewsAreSkippedWithTheirSubtrees() {
    for (key, value, result) in [
      ("hidden", PropertyValue.bool(true), "hidden"), ("userInteractionEnabled", .bool(false), "noInteraction"),
      ("alpha", .number(0.005), "alpha"),
    ] {
      var cover = v("cover", [0, 0, 390, 844], subviews: [v("inner", [100, 100, 100, 100])])
      _ = cover.set(key, value)
      let s = scene([v("under", [100, 100, 100, 100]), cover])
      let run = Run(s, tap(150, 150))
      #expect(run.visits == ["root:inside", "cover:\(result)", "under:inside"], "\(key)")
      #expect(run.hit() == "under")
    }
  }

  /// A-2 / L1: skipped below 0.01, compared as the Float CALayer stores: 0.01 itself reads back as
  /// 0.0099999998, so it is skipped too; 0.011 is not.
  @Test func alphaThresholdIsStrictlyBelowOneHundredthAsAFloat() {
    for (alpha, hit) in [(0.011, "faint"), (0.01, "under"), (0.0099, "under")] {
      let s = scene([v("under", [0, 0, 390, 844]), v("faint", [100, 100, 100, 100]) { $0.alpha = alpha }])
      #expect(Run(s, tap(150, 150)).hit() == .some(hit), "alpha \(alpha)")
    }
  }

  /// A-5: a subview sticking out of its parent is not touchable outside the parent, clipsToBounds or not.
  @Test func childOutsideParentBoundsIsNotHittableWhateverClipsToBounds() {
    for clips in [false, true] {
      let s = scene([
        v("parent", [50, 100, 100, 100], subviews: [v("child", [50, 50, 150, 150])]) { $0.clipsToBounds = clips }
      ])
      let outside = Run(s, tap(230, 230))
      #expect(outside.hit() == "root")
      #expect(outside.visits == ["root:inside", "parent:outside"])
      #expect(Run(s, tap(120, 170)).hit() == "child")
    }
  }

  /// A-6: hitOutset enlarges point(inside:), but only where the parent also accepts the point.
  @Test func enlargedHitAreaWorksOnlyInsideTheParent() {
    let s = scene([
      v("bar", [0, 700, 390, 100], subviews: [v("small", [10, 10, 20, 20]) { $0.hitOutset = 15 }])
    ])
    #expect(Run(s, tap(42, 715)).hit() == "small")  // 12 pt right of the 20 pt button, inside its outset
    #expect(Run(s, tap(20, 698)).hit() == "root")  // above the bar: the bar says outside first
  }

  /// A-7: a pass-through overlay returns nil for itself; touches fall to the view behind.
  @Test func passThroughOverlayLetsTouchesFallThrough() {
    let s = scene([
      v("content", [0, 0, 390, 844]),
      v("overlay", [0, 0, 390, 844], subviews: [v("badge", [300, 40, 60, 60])]) { $0.passThrough = true },
    ])
    let run = Run(s, tap(100, 400))
    #expect(run.hit() == "content")
    #expect(run.visits == ["root:inside", "overlay:inside", "badge:outside", "overlay:passThrough", "content:inside"])
    #expect(Run(s, tap(330, 70)).hit() == "badge")  // its subviews still work
  }

  /// A-8: a disabled control is skipped; the touch goes to what is behind it.
  @Test func disabledControlPassesTouchesThrough() {
    let s = scene([
      v("panel", [0, 0, 390, 844], subviews: [v("buy", [100, 100, 100, 50], kind: .button) { $0.enabled = false }])
    ])
    let run = Run(s, tap(150, 120))
    #expect(run.hit() == "panel")
    #expect(run.visits.contains("buy:disabled"))
    #expect(run.controlEvents("buy").isEmpty)
  }

  /// A-9: image views and labels default to no interaction, so a button inside an image view is dead.
  @Test func buttonInsideImageViewNeverReceivesTouches() {
    let s = scene([
      v("photo", [0, 100, 390, 300], kind: .imageView, subviews: [v("like", [10, 10, 80, 40], kind: .button)])
    ])
    let run = Run(s, tap(40, 125))
    #expect(run.hit() == "root")
    #expect(run.visits == ["root:inside", "photo:noInteraction"])
  }

  /// A-4: bounds.origin shifts the view's own coordinate space (a scrolled container).
  @Test func boundsOriginShiftsSubviewCoordinates() {
    let s = scene([
      v("box", [0, 0, 390, 400], subviews: [v("row", [0, 500, 390, 50])]) { $0.bounds.origin = Point(0, 480) }
    ])
    #expect(Run(s, tap(100, 30)).hit() == "row")  // 30 + 480 = 510, inside the row at y 500...550
  }

  /// A-4: transforms are honoured through the conversion (a rotated and a scaled view).
  @Test func transformedViewsHitTestThroughTheirTransform() {
    let s = scene([v("bar", [95, 400, 200, 20]) { $0.transform = TransformSpec(rotation: 90) }])
    #expect(Run(s, tap(195, 330)).hit() == "bar")  // rotated 90°: now tall, spans y 310...510
    #expect(Run(s, tap(120, 410)).hit() == "root")  // where it was before the rotation
    let scaled = scene([v("chip", [100, 100, 40, 40]) { $0.transform = TransformSpec(scale: Point(2, 2)) }])
    #expect(Run(scaled, tap(85, 85)).hit() == "chip")
  }

  /// A-10: each touch is hit-tested on its own at its own touch-down point.
  @Test func eachTouchIsHitTestedIndependently() {
    let s = scene([v("a", [0, 0, 195, 844]) { $0.multipleTouchEnabled = true }, v("b", [195, 0, 195, 844])])
    let run = Run(s, [down(1, 50, 50, t: 0), down(2, 300, 50, t: 10), up(1, t: 50), up(2, t: 60)])
    #expect(run.hit(1) == "a")
    #expect(run.hit(2) == "b")
  }

  /// Nothing hit: `view` is null and nothing is delivered.
  @Test func touchOnNothingHasNullView() {
    let s = scene([]) { $0.root.userInteractionEnabled = false }
    let run = Run(s, tap(10, 10))
    #expect(run.hit() == .some(nil))
    #expect(run.events("deliver").isEmpty)
    #expect(run.lines[2] == #"{"t":0,"ev":"hit","touch":1,"view":null}"#)
  }

  /// bringToFront changes the walk order (A-1).
  @Test func bringToFrontChangesWhoWins() {
    let s = scene([v("back", [0, 0, 390, 844]), v("front", [0, 0, 390, 844])])
    let script = tap(100, 100, t: 0) + [ScriptStep(t: 200, .bringToFront("back"))] + tap(100, 100, t: 300, touch: 2)
    let run = Run(s, script)
    #expect(run.hit(1) == "front")
    #expect(run.hit(2) == "back")
  }
}

/// Geometry: frame, bounds origin, transform, and conversion between any two views (A-4).
@Suite struct GeometryTests {
  @Test func convertBetweenViewsThroughBoundsAndTransforms() {
    let s = scene([
      v("scroller", [0, 100, 390, 400], subviews: [v("row", [10, 500, 300, 50])]) { $0.bounds.origin = Point(0, 480) },
      v("chip", [100, 600, 40, 40]) { $0.transform = TransformSpec(scale: Point(2, 2)) },
    ])
    let e = Engine(scene: s)
    // row's (0, 0) is at window (10, 100 + 500 - 480).
    #expect(e.convert(Point(0, 0), from: "row", to: nil) == Point(10, 120))
    #expect(e.convert(Point(10, 120), from: nil, to: "row") == Point(0, 0))
    // chip is scaled 2× about its centre (120, 620): its (0, 0) corner lands at (80, 580).
    #expect(e.convert(Point(0, 0), from: "chip", to: nil) == Point(80, 580))
    // Between two views: row's origin in chip's space.
    #expect(e.convert(Point(0, 0), from: "row", to: "chip") == Point(-35, -230))
    #expect(e.convert(.zero, from: "nope", to: nil) == nil)
  }
}
