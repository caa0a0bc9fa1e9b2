import Geometry
import TestSupport
import Testing

@testable import TouchSim

/// A replay's work per step does not grow with the tree or with the steps before it: a tap costs the views
/// its hit test visits, whatever else the scene holds, and twice the steps cost twice the work. The tests
/// count the views visited by hit tests and by walks of the tree (`WorkMeter`), not time.
@Suite struct ReplayScalingTests {
  /// `groups` containers stacked on one another, each holding ten views with a tap; the taps land in the
  /// front-most container, so more containers add views behind the ones the hit test asks.
  static func stacked(groups: Int, taps: Int) -> Scene {
    var subviews: [ViewSpec] = []
    for k in 0..<groups {
      var members: [ViewSpec] = []
      for i in 0..<10 {
        members.append(v("g\(k)v\(i)", [Double(i * 10), 0, 10, 100], recognizers: [g("g\(k)v\(i)Tap", .tap)]))
      }
      subviews.append(v("group\(k)", [0, 0, 100, 100], recognizers: [g("group\(k)Tap", .tap)], subviews: members))
    }
    return scene(subviews, rootRecognizers: [g("rootTap", .tap)]) { s in
      s.script = (0..<taps).flatMap { i in
        let x = Double(i % 10 * 10 + 5)
        return [
          ScriptStep(t: Double(i * 1000), .down(touch: 1, at: Point(x, 50))),
          ScriptStep(t: Double(i * 1000 + 50), .up(touch: 1, at: nil)),
        ]
      }
    }
  }

  /// The work the taps add to a replay of the scene without them.
  static func tapWork(groups: Int, taps: Int) -> (work: Int, trace: [TraceEntry]) {
    let base = WorkMeter.measure { Engine.replay(stacked(groups: groups, taps: 0)) }.work
    let (trace, work) = WorkMeter.measure { Engine.replay(stacked(groups: groups, taps: taps)) }
    return (work - base, trace)
  }

  @Test func aTapCostsItsHitTestNotTheTree() {
    let (small, smallTrace) = Self.tapWork(groups: 1000, taps: 1000)
    let (large, largeTrace) = Self.tapWork(groups: 2000, taps: 1000)
    // A walk of the tree per tap would count 11,000 views a tap; the hit test visits the root, the front
    // container and its views down to the one under the finger.
    #expect(small <= 15 * 1000, "\(small) views visited for 1,000 taps among 11,000 views")
    #expect(large == small, "\(large) views visited for the same taps among 22,000 views, against \(small)")
    // The same taps, the same decisions: a view of the front container recognizes each tap.
    #expect(smallTrace.count == largeTrace.count)
    #expect(Self.recognized(smallTrace).count == 1000)
    #expect(Self.recognized(smallTrace).prefix(2) == ["g999v0Tap", "g999v1Tap"])
    #expect(Self.recognized(largeTrace).prefix(2) == ["g1999v0Tap", "g1999v1Tap"])
  }

  /// The recognizers that recognized, in order.
  static func recognized(_ trace: [TraceEntry]) -> [String] {
    trace.compactMap { if case .state(let r, _, .ended, _) = $0.event { r } else { nil } }
  }

  @Test func twiceTheStepsTwiceTheWork() {
    let (small, smallTrace) = Self.tapWork(groups: 100, taps: 2000)
    let (large, largeTrace) = Self.tapWork(groups: 100, taps: 4000)
    let none = Self.tapWork(groups: 100, taps: 0).trace.count
    #expect(large <= small * 2 + 100, "\(large) views visited for 8,000 steps, against \(small) for 4,000")
    #expect(largeTrace.count - none == 2 * (smallTrace.count - none))
    #expect(Self.recognized(largeTrace).count == 4000)
  }
}
