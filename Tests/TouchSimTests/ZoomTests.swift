import Geometry
import TestSupport
import Testing

@testable import TouchSim

/// Rule H-18: a scroll view whose zoom scales differ has its own pinch, which scales the zoom view
/// (`viewForZooming`), makes the content size follow and keeps the point under the fingers in place;
/// `bouncesZoom` lets the scale pass the limits and springs it back as the pinch ends.
@Suite struct ZoomTests {
  static func zooms(_ trace: [TraceEntry]) -> [(scale: Double, offset: Point, settle: TraceEvent.ScrollSettle?)] {
    trace.compactMap { e in
      if case .zoom(_, _, let z, _, let o, let settle) = e.event { (z, o, settle) } else { nil }
    }
  }

  @Test func equalZoomScalesGiveNoPinch() {
    var s = zoomingScene(min: 1, max: 1)
    s.script = pinchScript(to: 190)
    let trace = Engine.replay(s)
    #expect(!trace.contains { if case .state("scroller.pinch", _, _, _) = $0.event { true } else { false } })
    #expect(Self.zooms(trace).isEmpty)
  }

  @Test func thePinchScalesTheZoomViewAndKeepsThePointUnderTheFingers() throws {
    var s = zoomingScene()
    s.script = pinchScript(to: 190)
    let engine = Engine(scene: s)
    engine.run(script: s.script)
    let zooms = Self.zooms(engine.trace)
    let last = try #require(zooms.last)
    let z = 190.0 / 90
    #expect(abs(last.scale - z) < 1e-9)
    #expect(last.settle == nil, "within the limits: nothing springs back")
    // The point of the photo under the fingers' centre, (195, 400), stays under it.
    #expect(abs(last.offset.x - (195 * z - 195)) < 1e-6 && abs(last.offset.y - (400 * z - 400)) < 1e-6)
    let now = engine.scene
    let photo = try #require(now.allViews.first { $0.id == "photo" })
    let scroller = try #require(now.allViews.first { $0.id == "scroller" })
    #expect(photo.transform.scale == Point(z, z))
    #expect(abs(photo.center.x - 390 * z / 2) < 1e-9 && abs(photo.center.y - 844 * z / 2) < 1e-9)
    #expect(scroller.scroll?.contentSize == Size(390 * z, 844 * z))
    #expect(scroller.scroll?.zoomScale == z)
    // The scale grew with the fingers, line by line.
    #expect(zooms.map(\.scale) == zooms.map(\.scale).sorted())
  }

  /// Hit-testing reaches the zoomed content through its transform: a tap that misses the pin before the
  /// zoom lands on it after.
  @Test func aTapAfterTheZoomHitsTheScaledContent() {
    var before = zoomingScene()
    before.script = [down(1, 220, 435, t: 0), up(1, t: 50)]
    #expect(hitView(Engine.replay(before)) == "photo")
    var after = zoomingScene()
    after.script = pinchScript(to: 190) + [down(1, 220, 435, t: 1000), up(1, t: 1050)]
    let trace = Engine.replay(after)
    #expect(hitViews(trace).last == "pin")
  }

  @Test func pastTheMaximumItSpringsBackWithBouncesZoom() throws {
    var s = zoomingScene(max: 3)
    s.script = pinchScript(to: 360)  // four times the start
    let zooms = Self.zooms(Engine.replay(s))
    #expect(zooms.contains { $0.scale > 3 }, "the pinch takes it past the limit")
    let last = try #require(zooms.last)
    #expect(last.scale == 3 && last.settle == .bounce)
  }

  @Test func withoutBouncesZoomItStopsAtTheLimits() {
    var s = zoomingScene(max: 3, bouncesZoom: false)
    s.script = pinchScript(to: 360)
    let zooms = Self.zooms(Engine.replay(s))
    #expect(!zooms.isEmpty)
    #expect(zooms.allSatisfy { $0.scale <= 3 && $0.settle == nil })
    #expect(zooms.last?.scale == 3)
  }

  /// The content's own pinch is deeper, so it is processed first and wins the tie (E-6.1): nothing zooms.
  @Test func theContentsOwnPinchWins() {
    var s = zoomingScene(photoRecognizers: [g("photoPinch", .pinch)])
    s.script = pinchScript(to: 190)
    let trace = Engine.replay(s)
    #expect(stateChanges(trace, "photoPinch").contains(.began))
    #expect(!stateChanges(trace, "scroller.pinch").contains(.began))
    #expect(Self.zooms(trace).isEmpty)
  }

  /// Without a view for zooming the pinch still recognizes, and nothing is scaled.
  @Test func withoutAZoomViewThePinchScalesNothing() {
    var s = zoomingScene(zoomView: nil)
    s.script = pinchScript(to: 190)
    let trace = Engine.replay(s)
    #expect(stateChanges(trace, "scroller.pinch").contains(.began))
    #expect(Self.zooms(trace).isEmpty)
  }

  /// After zooming, the content size has grown: a one-finger drag now scrolls a scroll view whose content
  /// first fitted its bounds.
  @Test func theZoomedContentScrolls() {
    var s = zoomingScene()
    s.script =
      pinchScript(to: 190) + [
        down(1, 200, 600, t: 1000), move(1, 200, 560, t: 1016), move(1, 200, 500, t: 1032), up(1, t: 1048),
      ]
    let trace = Engine.replay(s)
    #expect(stateChanges(trace, "scroller.pan").contains(.began))
    #expect(trace.contains { if case .scroll("scroller", _, nil) = $0.event { true } else { false } })
  }

  /// A script cannot take the scroll view's pinch away.
  @Test func theScrollViewsPinchCannotBeRemoved() {
    var s = zoomingScene()
    s.script = [ScriptStep(t: 0, .removeGestureRecognizer("scroller.pinch"))] + pinchScript(to: 190, t0: 10)
    #expect(!Self.zooms(Engine.replay(s)).isEmpty)
  }
}

private func hitViews(_ trace: [TraceEntry]) -> [String?] {
  trace.compactMap { if case .hit(_, let view) = $0.event { view } else { nil } }
}

private func hitView(_ trace: [TraceEntry]) -> String? { hitViews(trace).first ?? nil }

private func stateChanges(_ trace: [TraceEntry], _ r: String) -> [GestureState] {
  trace.compactMap { if case .state(r, _, let to, _) = $0.event { to } else { nil } }
}
