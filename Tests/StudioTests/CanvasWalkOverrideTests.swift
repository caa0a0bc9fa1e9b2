import Geometry
import Localization
import TestSupport
import Testing
import TouchSim

@testable import StudioCore
@testable import TraceKit

/// Rule A-12 on the canvas: the walk list says what an overridden hitTest returned, in both languages.
@Suite struct CanvasWalkOverrideTests {
  @Test func a12TheWalkListShowsTheOverridesAnswer() {
    let returned = HitTestVisit(view: "photo", at: Point(1, 2), result: .override, index: 3, returned: "shareButton")
    #expect(CanvasWalk.line(2, returned, .english) == "2 ↪ photo: hitTest override → shareButton")
    #expect(CanvasWalk.line(2, returned, .simplifiedChinese) == "2 ↪ photo: 重写的 hitTest → shareButton")
    let none = HitTestVisit(view: "photo", at: Point(1, 2), result: .override, index: 3, returned: nil)
    #expect(CanvasWalk.line(2, none, .english) == "2 ↪ photo: hitTest override → nil")
    #expect(CanvasWalk.describe(none, .english).outcome == .skipped)
  }

  @Test func a12TheSnapshotFoldsTheOverrideLineIntoTheWalk() {
    let s = scene([
      v("left", [10, 700, 80, 80], kind: .button) {
        $0.hitTestOverrides = [HitTestOverride(rect: Rect(0, 0, 80, 80), returns: .view("right"))]
      },
      v("right", [300, 700, 80, 80], kind: .button),
    ])
    let run = Run(s, tap(50, 740))
    let hitIndex = run.trace.firstIndex { if case .hit = $0.event { return true } else { return false } }!
    let snap = Snapshot.at(hitIndex + 1, of: run.trace, scene: s)
    let walk = snap.walk
    #expect(walk?.visits.map(\.view) == ["root", "right", "left"])
    #expect(walk?.visits.last?.result == .override)
    #expect(walk?.visits.last?.returned == "right")
    #expect(walk?.hitView == .some("right"))
    // The point in the returned view's own coordinates, though the walk never visited it.
    #expect(snap.touches[1]?.local == Point(-250, 40))
  }
}
