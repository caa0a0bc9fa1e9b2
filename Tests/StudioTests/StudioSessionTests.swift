import Testing
import TouchSim

@testable import Studio

@Suite struct StudioSessionTests {
  /// A 390 × 844 scene drawn in a 1200 × 900 frame.
  private func session() -> StudioSession {
    StudioSession(scene: DemoScene.scene, frame: StudioFrame(size: Size(1200, 900)))
  }

  @Test func theMouseIsOneTouchInSceneCoordinates() {
    let s = session()
    let viewport = s.frame.viewport(for: s.engine.scene)

    s.handle(.pointerDown(.mouse, at: viewport.toPixels(Point(100, 200))), at: 10)
    s.handle(.pointerMoved(.mouse, to: viewport.toPixels(Point(110, 205))), at: 20)

    #expect(s.touches.count == 1)
    #expect(s.touches.first?.number == 1)
    #expect(s.touches.first.map { $0.location.distance(to: Point(110, 205)) < 1e-9 } == true)

    s.handle(.pointerUp(.mouse, at: viewport.toPixels(Point(110, 205))), at: 30)

    #expect(s.touches.isEmpty)
  }

  @Test func aPressOutsideTheSimulatedWindowIsNoTouch() {
    let s = session()

    s.handle(.pointerDown(.mouse, at: Point(2, 2)), at: 0)

    #expect(s.touches.isEmpty)
  }

  @Test func fingersGetTheLowestFreeNumbersAndFocusLossCancelsThemAll() {
    let s = session()
    let p = s.frame.viewport(for: s.engine.scene).toPixels(Point(50, 50))

    s.handle(.pointerDown(.finger(7), at: p), at: 0)
    s.handle(.pointerDown(.finger(9), at: p), at: 0)
    s.handle(.pointerUp(.finger(7), at: p), at: 5)
    s.handle(.pointerDown(.mouse, at: p), at: 6)

    #expect(s.touches.map(\.number) == [1, 2])

    s.handle(.focusLost, at: 7)

    #expect(s.touches.isEmpty)
  }

  @Test func escapeQuits() {
    let s = session()

    s.handle(.key(.escape), at: 0)

    #expect(!s.isRunning)
  }
}

@Suite struct TouchMarkerTests {
  @Test func activeTouchesComeFromTheTracesInputEvents() {
    let trace = [
      TraceEntry(t: 0, event: .input(touch: 1, phase: .began, at: Point(1, 1), tapCount: 1)),
      TraceEntry(t: 0, event: .input(touch: 2, phase: .began, at: Point(5, 5), tapCount: 1)),
      TraceEntry(t: 10, event: .input(touch: 1, phase: .moved, at: Point(2, 3), tapCount: 1)),
      TraceEntry(t: 20, event: .input(touch: 2, phase: .ended, at: Point(5, 5), tapCount: 1)),
    ]

    #expect(TouchMarker.active(in: trace) == [TouchMarker(number: 1, location: Point(2, 3))])
  }
}
