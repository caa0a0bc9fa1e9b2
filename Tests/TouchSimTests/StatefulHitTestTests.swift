import Geometry
import TestSupport
import Testing
import TouchSim

/// Rule A-13: hitTest overrides that read a flag of the view, and overrides that call super and swap its
/// answer `self` for another view.
@Suite struct StatefulHitTestTests {
  static let scene = TestSupport.scene([
    v(
      "toolbar", [0, 100, 390, 60],
      subviews: [
        v("like", [10, 10, 100, 40], kind: .button), v("close", [350, 18, 24, 24], kind: .button),
      ]
    ) { $0.hitTestOverrides = [HitTestOverride(rect: Rect(0, 0, 390, 60), returns: .view("close"), mapsSuper: true)] },
    v("buy", [100, 400, 190, 60], kind: .button),
    v("overlay", [0, 300, 390, 300]) {
      $0.passThrough = true
      $0.flags = ["isBusy": false]
      $0.hitTestOverrides = [HitTestOverride(rect: Rect(0, 0, 390, 300), returns: .this, when: "isBusy")]
    },
  ])

  /// super's answer `self` becomes the close button (after super's own walk); any other answer stays.
  @Test func a13MapsSuperSwapsOnlyTheAnswerSelf() {
    let run = Run(Self.scene, tap(300, 130))
    #expect(run.hit(1) == .some("close"))
    #expect(run.visits.suffix(4) == ["toolbar:inside", "close:outside", "like:outside", "toolbar:override>close"])
    #expect(Run(Self.scene, tap(50, 130)).hit(1) == .some("like"))
    // Outside the toolbar, super answers nil: nothing to swap.
    #expect(Run(Self.scene, tap(50, 250)).hit(1) == .some("root"))
  }

  /// an entry with `when` counts only while the flag is true; a set step flips it mid-script.
  @Test func a13AnOverrideCountsOnlyWhileItsFlagIsSet() {
    let run = Run(
      Self.scene,
      tap(195, 430) + [set("overlay", "flag.isBusy", .bool(true), t: 200)] + tap(195, 430, t: 300)
        + [set("overlay", "flag.isBusy", .bool(false), t: 500)] + tap(195, 430, t: 600))
    let hits = run.trace.compactMap { e -> String? in
      if case .hit(_, let v) = e.event { return v }
      return nil
    }
    #expect(hits == ["buy", "overlay", "buy"])
    #expect(run.controlEvents("buy").filter { $0 == "touchUpInside" }.count == 2)
    // The flag is a property of the view: an unknown flag or a non-bool value is refused.
    var spec = Self.scene.root.subviews[2]
    #expect(spec.set("flag.isBusy", .bool(true)) == nil)
    #expect(spec.flags["isBusy"] == true)
    #expect(spec.set("flag.loading", .bool(true)) != nil)
    #expect(spec.set("flag.isBusy", .number(1)) != nil)
  }
}
