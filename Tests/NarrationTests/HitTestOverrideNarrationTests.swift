import Geometry
import Localization
import Narration
import TestSupport
import Testing
import TouchSim

/// Rule A-12 in the narration: what an overridden hitTest returned, in both languages.
@Suite struct HitTestOverrideNarrationTests {
  private let s = scene([
    v("under", [0, 0, 390, 844]),
    v("photo", [0, 400, 390, 200], subviews: [v("shareButton", [300, 10, 40, 40], kind: .button)]) {
      $0.hitTestOverrides = [
        HitTestOverride(rect: Rect(250, 0, 140, 100), returns: .view("shareButton")),
        HitTestOverride(rect: Rect(0, 150, 390, 50), returns: .none),
      ]
    },
  ])

  @Test func a12OverrideReturningAViewIsNarrated() {
    let n = Narrated(s, tap(270, 450))
    #expect(
      n.steps.contains {
        $0.contains("hitTest of `photo` returned `shareButton` for this point (an override)") && $0.contains("A-12")
      }, "\(n)")
    #expect(n.steps.contains { $0.contains("`shareButton`, which is not hit-tested again") }, "\(n)")
    #expect(
      n.chineseSteps.contains {
        $0.contains("`photo` 的 hitTest 对这个点返回了 `shareButton`（重写）") && $0.contains("（规则 A-1、A-12）")
      },
      "\(n.chineseSteps)")
  }

  @Test func a12OverrideReturningNilIsNarrated() {
    let n = Narrated(s, tap(100, 580))
    #expect(n.run.hit() == "under")
    #expect(n.steps.contains { $0.contains("hitTest of `photo` returned nil for this point (an override)") }, "\(n)")
    #expect(n.chineseSteps.contains { $0.contains("返回了 `nil`（重写）") }, "\(n.chineseSteps)")
  }

  @Test func a12PointInsideShapeIsNamedWhenItRefusesThePoint() {
    let round = scene([
      v("under", [0, 0, 390, 844]),
      v("dot", [100, 100, 100, 100]) { $0.pointInside = .circle(center: Point(50, 50), radius: 50) },
    ])
    let n = Narrated(round, tap(105, 105))
    #expect(n.steps.contains { $0.contains("its point(inside:) accepts a circle only") && $0.contains("A-12") }, "\(n)")
  }
}
