import Geometry
import TestSupport
import Testing
import TouchSim

@testable import TraceKit

/// Rule H-18 read back from the trace: the snapshot's scene zooms as the engine's did.
@Suite struct ZoomSnapshotTests {
  /// Every reader of the trace sees the zoom as the engine made it.
  @Test func theSnapshotFollowsTheZoom() throws {
    var s = zoomingScene()
    s.script = pinchScript(to: 360)
    let engine = Engine(scene: s)
    engine.run(script: s.script)
    let snapshot = Snapshot.at(engine.trace.count, of: engine.trace, scene: s)
    for id in ["photo", "scroller", "pin"] {
      let live = try #require(snapshot.live.views[id])
      let real = try #require(engine.scene.allViews.first { $0.id == id })
      #expect(live.center == real.center && live.transform == real.transform && live.bounds == real.bounds, "\(id)")
      #expect(live.scroll == real.scroll, "\(id)")
    }
    #expect(snapshot.live.recognizersOn["scroller"] == ["scroller.pan", "scroller.pinch"])
  }

}
