import Geometry
import TestSupport
import Testing
import TouchSim

@testable import TraceKit

/// Rules read back from the trace: the window's scene has the views UIKit builds for a sheet, and
/// loses them when the dismissal ends, as the engine does.
@Suite struct SheetSnapshotTests {
  @Test func theSnapshotBuildsAndDismissesTheSheet() throws {
    var s = scene([v("buy", [40, 120, 310, 60], kind: .button), sheetView()]) { $0.root.controller = "RootVC" }
    s.script = [down(1, 195, 150, t: 0), up(1, t: 60)]
    let trace = Engine.replay(s)
    let before = Snapshot.at(0, of: trace, scene: s)
    #expect(before.live.children["root"] == ["buy", "detail.transitionView"])
    #expect(before.live.recognizersOn["detail.dimmingView"] == ["detail.dimmingTap"])
    let after = Snapshot.at(trace.count, of: trace, scene: s)
    #expect(after.live.children["root"] == ["buy"])
  }
}
