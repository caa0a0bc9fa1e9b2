import TestSupport
import Testing
import TouchSim

@testable import TraceKit

/// The scene the window shows follows `reorder` and `set` entries by the path from the root to the view,
/// never by a search of the tree: a move costs the view's siblings and its depth, a change its depth. The
/// tests count that work (`WorkMeter`), not time.
@Suite struct LiveSceneScalingTests {
  /// `groups` containers under the root, each with ten small views.
  static func grouped(_ groups: Int) -> Scene {
    var groupViews: [ViewSpec] = []
    for k in 0..<groups {
      let x = Double(k % 39 * 10)
      let y = Double(k / 39 * 10)
      var members: [ViewSpec] = []
      for i in 0..<10 { members.append(v("g\(k)v\(i)", [Double(i), 0, 1, 1])) }
      groupViews.append(v("group\(k)", [x, y, 10, 10], subviews: members))
    }
    return scene(groupViews)
  }

  /// A move or a change for every step, spread over the groups.
  static func entries(groups: Int, steps: Int) -> [TraceEvent] {
    (0..<steps).map { i in
      let id = "g\(i * 7919 % groups)v\(i % 10)"
      switch i % 3 {
      case 0: return .reorder(view: id, to: "front")
      case 1: return .reorder(view: id, to: "back")
      default: return .set(target: id, key: "hidden", value: .bool(i % 2 == 0), origin: .script)
      }
    }
  }

  static func work(groups: Int, steps: Int) -> Int {
    var live = LiveScene(grouped(groups))
    let events = entries(groups: groups, steps: steps)
    return WorkMeter.measure { for e in events { live.apply(e) } }.work
  }

  @Test func movesAndChangesCostTheSiblingsNotTheTree() {
    let small = Self.work(groups: 500, steps: 2000)
    let large = Self.work(groups: 1000, steps: 4000)
    // A search of the tree per step would count about 5,500 views a step: 11,000,000 for the small run.
    #expect(small <= 20 * 2000, "\(small) units for 2,000 steps among 5,500 views")
    #expect(large <= small * 5 / 2, "\(large) units for twice the input, against \(small)")
  }

  /// The live scene is the scene with each move and change made on it, in the tree and in the lookups.
  @Test func movesAndChangesGiveTheSameScene() {
    let start = Self.grouped(40)
    var live = LiveScene(start)
    var expected = start
    for e in Self.entries(groups: 40, steps: 300) {
      live.apply(e)
      switch e {
      case .reorder(let id, let to): expected.reorder(id, toFront: to == "front")
      case .set(let target, let key, let value, _):
        #expect(expected.apply(PropertyChange(target: target, key: key, value: value)) == nil)
      default: break
      }
    }
    #expect(live.scene == expected)
    #expect(live == LiveScene(expected))
    #expect(live.children["group7"]?.count == 10)
  }

  /// A recognizer's change reaches the recognizer in the tree; one on a scroll view's own pan does not
  /// (that pan is not in the tree).
  @Test func recognizerChangesReachTheTree() {
    let s = scene([
      v("a", [0, 0, 10, 10], subviews: [v("b", [0, 0, 5, 5], recognizers: [g("tap", .tap), g("pan", .pan)])]),
      v("list", [0, 20, 100, 100], kind: .scroll),
    ])
    var live = LiveScene(s)
    live.apply(.set(target: "pan", key: "isEnabled", value: .bool(false), origin: .script))
    live.apply(.set(target: "list.pan", key: "isEnabled", value: .bool(false), origin: .script))
    #expect(live.scene.root.subviews[0].subviews[0].recognizers.map(\.isEnabled) == [true, false])
    #expect(live.recognizers["list.pan"]?.isEnabled == false)
    var expected = s
    _ = expected.apply(PropertyChange(target: "pan", key: "isEnabled", value: .bool(false)))
    #expect(live.scene == expected)
  }
}
