import Geometry
import TestSupport
import Testing
import TouchSim

/// Rule A-12: `hitTest` and `point(inside:)` overridden freely (`hitTestOverrides`, `pointInside`).
@Suite struct HitTestOverrideTests {
  /// Two buttons side by side in a bar; `bar` may override its hitTest.
  private func bar(_ overrides: [HitTestOverride]) -> Scene {
    scene([
      v("under", [0, 0, 390, 844]),
      v(
        "bar", [0, 700, 390, 100],
        subviews: [v("left", [10, 10, 80, 80], kind: .button), v("right", [300, 10, 80, 80], kind: .button)]
      ) { $0.hitTestOverrides = overrides },
    ])
  }

  /// A-12 (sibling): the region of one button is sent to another; the returned view is not hit-tested again.
  @Test func a12OverrideReturnsASibling() {
    let s = scene([
      v("left", [10, 700, 80, 80], kind: .button) {
        $0.hitTestOverrides = [HitTestOverride(rect: Rect(0, 0, 80, 80), returns: .view("right"))]
      },
      v("right", [300, 700, 80, 80], kind: .button),
    ])
    let run = Run(s, tap(50, 740))
    #expect(run.hit() == "right")
    #expect(run.visits == ["root:inside", "right:outside", "left:override>right"])
    #expect(run.json.contains(#""ev":"hitTest","view":"left","at":[40,40],"result":"override","returned":"right""#))
    #expect(run.controlEvents("right").first == "touchDown")
    #expect(run.controlEvents("left").isEmpty)
  }

  /// A-12 (ancestor): an edge band of a subview answers with the container, whatever lies below.
  @Test func a12OverrideReturnsAnAncestor() {
    let s = scene([
      v(
        "nav", [0, 0, 390, 844],
        subviews: [
          v("page", [0, 0, 390, 844]) {
            $0.hitTestOverrides = [HitTestOverride(rect: Rect(0, 0, 20, 844), returns: .view("nav"))]
          }
        ])
    ])
    let edge = Run(s, tap(10, 400))
    #expect(edge.hit() == "nav")
    #expect(edge.visits == ["root:inside", "nav:inside", "page:override>nav"])
    #expect(Run(s, tap(200, 400)).hit() == "page")
  }

  /// A-12 (self): the view swallows the point; its subviews are never asked.
  @Test func a12OverrideReturnsSelf() {
    let run = Run(bar([HitTestOverride(rect: Rect(0, 0, 390, 100), returns: .this)]), tap(50, 750))
    #expect(run.hit() == "bar")
    #expect(run.visits == ["root:inside", "bar:override>bar"])
  }

  /// A-12 (nil): the branch returns nil and the walk goes on behind it; outside the region, as before.
  @Test func a12OverrideReturnsNil() {
    let s = bar([HitTestOverride(rect: Rect(0, 0, 100, 100), returns: .none)])
    let run = Run(s, tap(50, 750))
    #expect(run.hit() == "under")
    #expect(run.visits == ["root:inside", "bar:override>nil", "under:inside"])
    #expect(run.json.contains(#""result":"override","returned":null"#))
    #expect(Run(s, tap(340, 750)).hit() == "right")
  }

  /// A-12: regions are checked in order, before the view's own bounds test: a region outside the bounds
  /// answers there (the tab bar's bulge); outside every region and the bounds the view is `outside`.
  @Test func a12OverrideRegionsInOrderAndOutsideTheBounds() {
    let s = bar([
      HitTestOverride(rect: Rect(300, -30, 80, 30), returns: .view("right")),
      HitTestOverride(rect: Rect(0, -30, 390, 130), returns: .this),
    ])
    #expect(Run(s, tap(340, 690)).hit() == "right")
    #expect(Run(s, tap(100, 690)).hit() == "bar")
    let above = Run(s, tap(100, 600))
    #expect(above.hit() == "under")
    #expect(above.visits.contains("bar:outside"))
  }

  /// A-12 with A-1: a hidden view's override is never consulted (the view is not hit-tested at all).
  @Test func a12HiddenViewsOverrideIsNotConsulted() {
    let s = scene([
      v("under", [0, 0, 390, 844]),
      v("cover", [0, 0, 390, 844]) {
        $0.hidden = true
        $0.hitTestOverrides = [HitTestOverride(rect: Rect(0, 0, 390, 844), returns: .this)]
      },
    ])
    let run = Run(s, tap(100, 100))
    #expect(run.hit() == "under")
    #expect(run.visits == ["root:inside", "cover:hidden", "under:inside"])
  }

  /// A-12 (circle): point(inside:) accepts a circle: the corner of the square misses.
  @Test func a12PointInsideCircle() {
    let s = scene([
      v("under", [0, 0, 390, 844]),
      v("round", [100, 100, 100, 100], kind: .button) { $0.pointInside = .circle(center: Point(50, 50), radius: 50) },
    ])
    #expect(Run(s, tap(150, 150)).hit() == "round")
    let corner = Run(s, tap(105, 105))
    #expect(corner.hit() == "under")
    #expect(corner.visits == ["root:inside", "round:outside", "under:inside"])
  }

  /// A-12 (rects): point(inside:) accepts a list of rectangles, even beyond the bounds; the subviews are
  /// asked only where it does.
  @Test func a12PointInsideRects() {
    let s = scene([
      v("under", [0, 0, 390, 844]),
      v("ell", [100, 100, 100, 100], subviews: [v("knob", [0, 0, 100, 100])]) {
        $0.pointInside = .rects([Rect(0, 0, 100, 20), Rect(0, 0, 20, 150)])
      },
    ])
    #expect(Run(s, tap(150, 110)).hit() == "knob")
    #expect(Run(s, tap(150, 150)).hit() == "under")
    let below = Run(s, tap(110, 230))
    #expect(below.hit() == "ell")
    #expect(below.visits == ["root:inside", "ell:inside", "knob:outside"])
  }
}
