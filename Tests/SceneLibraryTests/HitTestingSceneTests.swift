import Geometry
import Testing
import TouchSim

/// What the hit-testing and responder-chain scenes promise in their `about` text, checked on their traces.
/// Times are those of each scene's script: `during(a..<b)` is one gesture.
@Suite struct HitTestingSceneTests {
  /// A-1: the last-added sibling wins the overlap; the walk falls back behind it; nesting; bringToFront.
  @Test func hitTestOrder() throws {
    let run = try PlayedScene("01-hit-test-order.yaml")
    let overlap = run.during(0..<800)
    #expect(overlap.hits == ["noteCard"])
    #expect(overlap.visits == ["root:inside", "profile:outside", "noteCard:inside"])
    let uncovered = run.during(800..<1600)
    #expect(uncovered.hits == ["photoCard"])
    #expect(uncovered.visits == ["root:inside", "profile:outside", "noteCard:outside", "photoCard:inside"])
    let nested = run.during(1600..<2400)
    #expect(nested.hits == ["badge"])
    #expect(
      nested.visits.filter { $0.hasSuffix(":inside") } == [
        "root:inside", "profile:inside", "avatar:inside", "badge:inside",
      ])
    #expect(run.events("reorder").map(\.json) == [#"{"t":2400,"ev":"reorder","view":"photoCard","to":"front"}"#])
    let afterReorder = run.from(2400)
    #expect(afterReorder.hits == ["photoCard"])
    #expect(afterReorder.visits == ["root:inside", "photoCard:inside"])
  }

  /// A-1, A-2, A-3, A-8, A-9: hidden, alpha < 0.01, no interaction and disabled are skipped with their subtree.
  @Test func skippedViews() throws {
    let run = try PlayedScene("02-skipped-views.yaml")
    #expect(run.hits == ["promoSection", "adSection", "photoSection", "checkoutSection", "likeButton", "payButton"])
    let visits = run.during(0..<3200).visits
    for skipped in ["promoBanner:hidden", "fadedAd:alpha", "photo:noInteraction", "payButton:disabled"] {
      #expect(visits.contains(skipped), "\(skipped)")
    }
    // The image view's subtree is never asked: the Like button is not visited at all.
    #expect(!run.during(1600..<2400).visits.contains { $0.hasPrefix("likeButton:") })
    #expect(run.during(0..<3200).controlEvents("likeButton").isEmpty)
    #expect(run.during(0..<3200).controlEvents("payButton").isEmpty)
    // The fixes: interaction on for the photo, the button enabled.
    #expect(run.from(3200).controlEvents("likeButton") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    #expect(run.from(4600).controlEvents("payButton") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
  }

  /// A-5: a subview outside its parent's bounds is not touchable there; clipsToBounds changes nothing.
  @Test func childOutsideParent() throws {
    let run = try PlayedScene("03-child-outside-parent.yaml")
    let inside = run.during(0..<800)
    #expect(inside.hits == ["shareItem"])
    #expect(inside.controlEvents("shareItem") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    let outside = run.during(800..<1600)
    #expect(outside.hits == ["post1"])
    #expect(outside.visits.contains("navBar:outside"))
    #expect(!outside.visits.contains { $0.hasPrefix("reportItem:") || $0.hasPrefix("menu:") })
    #expect(outside.controlEvents("reportItem").isEmpty)
    let clipped = run.during(2200..<3000)
    #expect(clipped.visits == outside.visits)
    #expect(clipped.hits == ["post1"])
  }

  /// A-6: hitOutset enlarges the button, but not beyond its parent's bounds.
  @Test func enlargedTouchArea() throws {
    let run = try PlayedScene("04-enlarged-touch-area.yaml")
    #expect(run.hits == ["closeButton", "closeButton", "playerBar", "content"])
    #expect(
      run.during(800..<1600).controlEvents("closeButton") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    #expect(run.during(1600..<2400).visits.contains("nextButton:outside"))
    let above = run.during(2400..<3200)
    #expect(above.visits.contains("playerBar:outside"))
    #expect(!above.visits.contains { $0.hasPrefix("closeButton:") })
  }

  /// A-7: the overlay's hitTest returns nil for itself; its subviews still work; without it the map is dead.
  @Test func passThroughOverlay() throws {
    let run = try PlayedScene("05-pass-through-overlay.yaml")
    let map = run.during(0..<800)
    #expect(map.hits == ["mapView"])
    #expect(map.visits.contains("overlay:passThrough"))
    #expect(map.actionTimes("dropPin") == ["ended@80"])
    let locate = run.during(800..<1600)
    #expect(locate.hits == ["locateButton"])
    #expect(locate.controlEvents("locateButton") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    let blocked = run.during(1600..<3000)
    #expect(blocked.hits == ["overlay"])
    #expect(blocked.attached == [[]])
    #expect(!blocked.fired("dropPin"))
  }

  /// B-1 to B-4: the chain through a child view controller to the app delegate; a view that stops it.
  @Test func responderChain() throws {
    let run = try PlayedScene("06-responder-chain.yaml")
    let chain = ["childRoot", "ChildVC", "container", "root", "RootVC", "window", "application", "appDelegate"]
    let card = run.during(0..<800)
    #expect(card.hits == ["messageCard"])
    #expect(card.forwards(.touchesBegan) == chain)
    #expect(card.forwards(.touchesEnded) == chain)
    #expect(
      run.during(800..<1600).forwards(.touchesBegan) == ["root", "RootVC", "window", "application", "appDelegate"])
    let dot = run.during(1600..<2400)
    #expect(dot.hits == ["colorDot"])
    #expect(dot.forwards(.touchesBegan) == ["sketchPad"])
    #expect(dot.forwards(.touchesEnded) == ["sketchPad"])
    let pad = run.during(2400..<3200)
    #expect(pad.methods("sketchPad") == ["touchesBegan", "touchesEnded"])
    #expect(pad.events("forward").isEmpty)
  }

  /// A-4: hit-testing goes through the transform: a rotated and a scaled view.
  @Test func transformedViews() throws {
    let run = try PlayedScene("25-transformed-views.yaml")
    #expect(run.hits == ["stamp", "desk", "stamp", "chip"])
    #expect(run.during(0..<800).hitTestPoints("stamp").map(\.rounded) == [Point(100, 100)])
    #expect(run.during(800..<1600).visits.contains("stamp:outside"))
    #expect(run.during(2400..<3200).hitTestPoints("chip").map(\.rounded) == [Point(6.25, 30)])
  }
}

extension Point {
  /// Rounded to 3 decimals, as the trace writes it: transforms leave tiny floating-point residues.
  fileprivate var rounded: Point { Point((x * 1000).rounded() / 1000, (y * 1000).rounded() / 1000) }
}
