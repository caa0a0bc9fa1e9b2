import TestSupport
import Testing

@testable import TouchSim

/// `bringToFront` and `sendToBack` take constant work however many siblings the view has, and the
/// recognizers' processing order (rule E-6.6) is worked out again only when the move can change it. The
/// tests count the views visited by walks of the tree (`WorkMeter`), not time.
@Suite struct ReorderScalingTests {
  /// N views side by side under the root, a tap on the root, and `steps` moves of views to the front and back.
  static func reorders(views n: Int, steps: Int) -> Scene {
    let subviews = (0..<n).map { i in v("v\(i)", [Double(i % 380), Double(i / 380 * 12), 10, 10]) }
    return scene(subviews, rootRecognizers: [g("rootTap", .tap)]) { s in
      s.script = (0..<steps).map { i in
        let id = "v\(i * 7919 % n)"
        return ScriptStep(t: Double(i), i % 2 == 0 ? .bringToFront(id) : .sendToBack(id))
      }
    }
  }

  @Test func movesDoNotWalkTheTree() {
    let n = 2000
    let steps = 2000
    let s = Self.reorders(views: n, steps: steps)
    let (trace, work) = WorkMeter.measure { Engine.replay(s) }
    // A walk of the tree at every move would count N × steps = 4,000,000.
    #expect(work <= 4 * (n + steps), "\(work) views visited for \(steps) moves among \(n) views")
    #expect(trace.filter { if case .reorder = $0.event { true } else { false } }.count == steps)
  }

  /// The order of the subviews after the moves is UIKit's, in the scene the engine gives back and in the
  /// hit test (the front-most view under the point is hit).
  @Test func movesKeepUIKitsOrder() {
    let overlapping = (0..<4).map { i in v("v\(i)", [0, 0, 100, 100]) }
    let s = scene(overlapping)
    let e = Engine(scene: s)
    e.perform([ScriptStep(t: 0, .bringToFront("v1"))])
    e.perform([ScriptStep(t: 1, .sendToBack("v3"))])
    e.perform([ScriptStep(t: 2, .bringToFront("v0"))])
    e.perform([ScriptStep(t: 3, .sendToBack("v0"))])
    e.perform([ScriptStep(t: 4, .bringToFront("v2"))])
    #expect(e.scene.root.subviews.map(\.id) == ["v0", "v3", "v1", "v2"])
    var visits: [TraceEntry] = []
    #expect(e.hitTest(at: Point(50, 50), visits: &visits) == "v2")
    e.perform([ScriptStep(t: 5, .sendToBack("v2"))])
    #expect(e.scene.root.subviews.map(\.id) == ["v2", "v0", "v3", "v1"])
    #expect(e.hitTest(at: Point(50, 50), visits: &visits) == "v1")
  }

  /// Views with recognizers on both sides of a move: the processing order follows the new subview order
  /// (a later sibling's recognizers come first at the same depth... the deeper first, E-6.6).
  @Test func recognizerOrderFollowsTheMoves() {
    let s = scene([
      v("a", [0, 0, 100, 100], recognizers: [g("aTap", .tap)]),
      v("b", [0, 0, 100, 100], recognizers: [g("bTap", .tap)]),
    ])
    let e = Engine(scene: s)
    func order() -> [String] { e.sim.byRank.map { e.sim.recs[$0].id } }
    let before = order()
    e.perform([ScriptStep(t: 0, .bringToFront("a"))])
    let after = order()
    #expect(before == ["aTap", "bTap"])
    #expect(after == ["bTap", "aTap"])
  }
}
