import Geometry
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

  /// `groups` containers with a tap each, each holding ten views with a tap each: moving one of those ten
  /// changes the processing order among the recognizers of its group only.
  static func groupedRecognizers(groups: Int, steps: Int) -> Scene {
    var subviews: [ViewSpec] = []
    for k in 0..<groups {
      var members: [ViewSpec] = []
      for i in 0..<10 {
        members.append(v("g\(k)v\(i)", [Double(i), 0, 1, 1], recognizers: [g("g\(k)v\(i)Tap", .tap)]))
      }
      let frame = [Double(k % 39 * 10), Double(k / 39 * 10), 10, 10]
      subviews.append(v("group\(k)", frame, recognizers: [g("group\(k)Tap", .tap)], subviews: members))
    }
    return scene(subviews, rootRecognizers: [g("rootTap", .tap)]) { s in
      s.script = (0..<steps).map { i in
        let id = "g\(i * 7919 % groups)v\(i % 10)"
        return ScriptStep(t: Double(i), i % 2 == 0 ? .bringToFront(id) : .sendToBack(id))
      }
    }
  }

  /// With recognizers on the moved view and on its siblings, a move orders again the recognizers inside
  /// its superview, not every recognizer of the scene.
  @Test func movesAmongRecognizersWorkInsideTheSuperview() {
    func work(_ groups: Int, _ steps: Int) -> Int {
      WorkMeter.measure { Engine.replay(Self.groupedRecognizers(groups: groups, steps: steps)) }.work
    }
    let small = work(500, 2000)
    let large = work(1000, 4000)
    // Ordering every recognizer again at each move would count about 11,000 a move: 22,000,000.
    #expect(small <= 40 * (5500 + 2000), "\(small) units for 2,000 moves among 5,500 views with recognizers")
    #expect(large <= small * 5 / 2, "\(large) units for twice the input, against \(small)")
  }

  /// The order worked out inside the superview is the one a fresh engine works out for the tree as it is
  /// now, after moves at every depth, and the engaged recognizers keep their marks at their new places.
  @Test func movesInsideTheSuperviewGiveTheFullOrder() {
    func deep(_ id: String, _ level: Int) -> ViewSpec {
      v(
        id, [0, 0, 100, 100], recognizers: level % 2 == 0 ? [g(id + "Tap", .tap), g(id + "Pan", .pan)] : [],
        subviews: level == 3 ? [] : (0..<3).map { deep(id + "\($0)", level + 1) })
    }
    let s = scene((0..<3).map { deep("v\($0)", 0) }, rootRecognizers: [g("rootTap", .tap)])
    let e = Engine(scene: s)
    func ids(_ e: Engine) -> [String] { e.sim.byRank.map { e.sim.recs[$0].id } }
    e.perform([ScriptStep(t: 0, .down(touch: 1, at: Point(50, 50)))])
    var t = 1.0
    for (i, id) in ["v0", "v01", "v012", "v2", "v0120", "v10", "v1", "v222", "v21", "v000"].enumerated() {
      e.perform([ScriptStep(t: t, i % 2 == 0 ? .bringToFront(id) : .sendToBack(id))])
      t += 1
      #expect(ids(e) == ids(Engine(scene: e.scene)), "after moving \(id)")
      for r in e.sim.recs.indices {
        let rank = e.sim.processingRank[r]
        #expect(e.sim.byRank[rank] == r)
        #expect(e.sim.engagedRanks.contains(rank) == e.sim.isEngaged[r])
        #expect(e.sim.openRanks.contains(rank) == (e.sim.isEngaged[r] && e.sim.recs[r].machine.state == .possible))
      }
    }
    #expect(e.sim.isEngaged.contains(true))
  }
}
