import Geometry
import TestSupport
import Testing
import TouchSim

@testable import TraceKit

/// The one snapshot every reader shows: gestures cut once, results scoped to the current gesture, local
/// points from the trace, what is withheld and for whom.
@Suite struct SnapshotTests {
  func run(_ scene: Scene, _ script: [ScriptStep]) -> (trace: [TraceEntry], scene: Scene) {
    (Engine.replay(scene, script: script), scene)
  }

  func starts(_ trace: [TraceEntry]) -> [Double] {
    var index = GestureIndex()
    index.update(trace)
    return index.starts.map { trace[$0].t }
  }

  static let doubleTapScene = TestSupport.scene([
    v("card", [0, 100, 390, 500], recognizers: [g("double", .tap) { $0.numberOfTapsRequired = 2 }])
  ])

  /// A double tap's two taps are one gesture: the recognizer is engaged between them.
  @Test func aDoubleTapIsOneGesture() {
    let (trace, _) = run(Self.doubleTapScene, tap(100, 300) + tap(100, 300, t: 200))
    #expect(starts(trace) == [0])
  }

  /// A tap after everything settled starts a gesture; a change set between them does not.
  @Test func aTouchDownOnASettledTraceStartsAGestureAndNothingElseDoes() {
    let script = tap(100, 300) + [set("double", "isEnabled", .bool(true), t: 700)] + tap(100, 300, t: 1000)
    let (trace, _) = run(Self.doubleTapScene, script)
    #expect(starts(trace) == [0, 1000])
    var index = GestureIndex()
    index.update(trace)
    // The first gesture settled when the double tap gave up (350 ms after the lift), before the set.
    let settled = try? #require(index.settled.first ?? nil)
    #expect(settled.map { trace[$0].t } == 430)
  }

  /// A touchesEnded withheld from the view (delaysTouchesEnded, the double tap undecided) keeps the
  /// gesture going, and the snapshot says what is held and for whom until it is delivered.
  @Test func aWithheldDeliveryIsHeldUntilMade() throws {
    let (trace, scene) = run(Self.doubleTapScene, tap(100, 300))
    let withhold = try #require(
      trace.firstIndex {
        if case .withhold(_, .touchesEnded, _, _) = $0.event { return true }
        return false
      })
    var s = Snapshot(scene: scene)
    s.advance(trace, upTo: withhold + 1)
    #expect(s.held["card"]?.map(\.by) == [["double"]])
    #expect(!s.isSettled)
    s.advance(trace, upTo: trace.count)
    #expect(s.held["card"] == nil)
    #expect(s.isSettled)
  }

  /// What a recognizer did in the gesture before is kept apart as `previous`; the current gesture starts
  /// with no transition and no action.
  @Test func anEarlierGesturesResultIsPreviousNotCurrent() {
    let scene = TestSupport.scene([v("card", [0, 100, 390, 500], recognizers: [g("tap", .tap)])])
    let (trace, _) = run(scene, tap(100, 300) + tap(100, 300, t: 1000))
    let second = trace.firstIndex { $0.t == 1000 }!
    var s = Snapshot(scene: scene)
    s.advance(trace, upTo: second)
    #expect(s.recognizers["tap"]?.lastNonReset?.to == .ended)
    #expect(s.recognizers["tap"]?.actionCount == 1)
    #expect(s.gestureStart == 0)
    s.advance(trace, upTo: second + 1)
    #expect(s.gestureStart == second)
    #expect(s.recognizers["tap"]?.lastNonReset == nil)
    #expect(s.recognizers["tap"]?.actionCount == 0)
    #expect(s.recognizers["tap"]?.previous?.transition?.to == .ended)
    #expect(s.recognizers["tap"]?.previous?.actionCount == 1)
    s.advance(trace, upTo: trace.count)
    #expect(s.recognizers["tap"]?.actionCount == 1)
  }

  /// The local point of a touch: at touch-down the point the hit test decided with (the `hitTest` line's
  /// `at` for the hit view), afterwards its location in the view's coordinates, through the view's
  /// transform.
  @Test func aTouchsLocalPointIsInItsViewsOwnCoordinates() throws {
    let scene = TestSupport.scene([
      v("stamp", [95, 322, 200, 200]) {
        $0.transform = TransformSpec(scale: Point(2, 2), rotation: 90, translation: .zero)
      }
    ])
    let (trace, _) = run(scene, [down(1, 195, 422, t: 0), move(1, 195, 442, t: 16), up(1, t: 32)])
    let hit = try #require(
      trace.firstIndex {
        if case .hit = $0.event { return true }
        return false
      })
    var s = Snapshot(scene: scene)
    s.advance(trace, upTo: hit + 1)
    // The centre of the stamp is the centre of its bounds.
    #expect(s.touches[1]?.view == .some("stamp"))
    #expect(s.touches[1]?.local == Point(100, 100))
    let moved = try #require(
      trace.firstIndex {
        if case .input(1, .moved, _, _) = $0.event { return true }
        return false
      })
    s.advance(trace, upTo: moved + 1)
    // 20 pt down in the window is 10 pt along the stamp's own x (turned 90° clockwise, scaled by 2).
    let local = try #require(s.touches[1]?.local)
    #expect(abs(local.x - 110) < 1e-9 && abs(local.y - 100) < 1e-9, "\(local)")
  }
}
