import Geometry
import TestSupport
import Testing
import TouchSim

/// Section 13's low-confidence choices that no other suite pinned down: L3, L6, L16, L18, L21, L22. Each test
/// plays the row's scenario and checks what the model does there (UIKit may differ: that is why they are L).
@Suite struct LowConfidenceChoiceTests {
  /// The tapCount of each touch-down, in order.
  private func tapCounts(_ run: Run) -> [Int] {
    run.trace.compactMap { e -> Int? in
      if case .input(_, .began, _, let c) = e.event { return c }
      return nil
    }
  }

  /// What a recognizer was fed, as "touchesBegan[1]".
  private func feeds(_ run: Run, _ r: String) -> [String] {
    run.trace.compactMap {
      if case .feed(let g, let m, let ts) = $0.event, g == r { return "\(m.rawValue)\(ts)" }
      return nil
    }
  }

  /// The recognizers whose actions were sent, in order.
  private func actionOrder(_ run: Run) -> [String] {
    run.trace.compactMap {
      if case .action(let r, _, _) = $0.event { return r }
      return nil
    }
  }

  /// L3: a second tap 400 ms after the lift, or 60 pt away, starts again at tapCount 1; 300 ms after and
  /// 40 pt away it is tapCount 2 (the model's limits: 350 ms and 45 pt from the last lift).
  @Test func l3ALateOrFarSecondTapCountsOne() {
    let pad = scene([v("pad", [0, 0, 390, 844])])
    // The first tap lifts at t = 80, at (100, 100).
    #expect(tapCounts(Run(pad, tap(100, 100, t: 0) + tap(100, 100, t: 480))) == [1, 1])
    #expect(tapCounts(Run(pad, tap(100, 100, t: 0) + tap(100, 100, t: 380))) == [1, 2])
    #expect(tapCounts(Run(pad, tap(100, 100, t: 0) + tap(160, 100, t: 200))) == [1, 1])
    #expect(tapCounts(Run(pad, tap(100, 100, t: 0) + tap(140, 100, t: 200))) == [1, 2])
  }

  /// L6: while an exclusive view tracks a touch, another view's touch is kept from that view (C-5) but
  /// not from its recognizers: they are fed the touch and recognize. The same the other way round.
  @Test func l6RecognizersStillGetTouchesAnExclusiveViewKeepsFromTheirView() {
    let s = scene([
      v("excl", [0, 0, 195, 844], recognizers: [g("tapE", .tap)]) { $0.exclusiveTouch = true },
      v("other", [195, 0, 195, 844], recognizers: [g("tapO", .tap)]),
    ])
    let run = Run(s, [down(1, 50, 50, t: 0), down(2, 300, 50, t: 10), up(2, t: 30), up(1, t: 40)])
    #expect(run.methods("other").isEmpty)
    #expect(run.drops("other") == ["exclusiveTouch"])
    #expect(feeds(run, "tapO") == ["touchesBegan[2]", "touchesEnded[2]"])
    #expect(run.actionTimes("tapO") == ["ended@30"])
    let reverse = Run(s, [down(1, 300, 50, t: 0), down(2, 50, 50, t: 10), up(2, t: 30), up(1, t: 40)])
    #expect(reverse.methods("excl").isEmpty)
    #expect(reverse.drops("excl") == ["exclusiveTouch"])
    #expect(feeds(reverse, "tapE") == ["touchesBegan[2]", "touchesEnded[2]"])
    #expect(reverse.actionTimes("tapE") == ["ended@30"])
  }

  /// L16: two recognizers recognizing in one event send their actions deeper view first: a child's tap
  /// before its parent's (recognized together), and a tap two levels down before a sibling branch's tap
  /// one level down, though that branch comes first in the tree.
  @Test func l16TheDeeperViewsActionComesFirst() {
    let simultaneous = g("rootTap", .tap) {
      $0.delegate = DelegateSpec()
      $0.delegate!.shouldRecognizeSimultaneouslyWith = .all
    }
    let nested = scene(
      [v("card", [0, 100, 390, 400], recognizers: [g("cardTap", .tap)])], rootRecognizers: [simultaneous])
    #expect(actionOrder(Run(nested, tap(195, 300))) == ["cardTap", "rootTap"])
    let siblings = scene([
      v("a", [0, 0, 195, 844], recognizers: [g("tapA", .tap)]),
      v("b", [195, 0, 195, 844], subviews: [v("bInner", [0, 0, 195, 844], recognizers: [g("tapB", .tap)])]),
    ])
    let run = Run(siblings, [down(1, 50, 50, t: 0), down(2, 300, 50, t: 0), up(1, t: 60), up(2, t: 60)])
    #expect(run.actionTimes("tapA") == ["ended@60"] && run.actionTimes("tapB") == ["ended@60"])
    #expect(actionOrder(run) == ["tapB", "tapA"])
  }

  /// L18: a tap that fails while its finger is still down is reset at the end of that event; that touch
  /// stays ignored (not fed again), but a second finger going down before the first lifts is a new tap,
  /// recognized while the first finger is still down.
  @Test func l18AFailedRecognizerIsResetAtOnceAndTakesTheNextFinger() {
    let s = scene([v("pad", [0, 0, 390, 844], recognizers: [g("tap", .tap)]) { $0.multipleTouchEnabled = true }])
    let run = Run(
      s,
      [
        down(1, 100, 100, t: 0), move(1, 200, 100, t: 20), down(2, 300, 300, t: 40), up(2, t: 80),
        move(1, 210, 100, t: 90), up(1, t: 120),
      ])
    let states = run.trace.compactMap { e -> String? in
      if case .state("tap", let f, let t, _) = e.event {
        return "\(f.rawValue)>\(t.rawValue)@\(JSONNumber.format(e.t))"
      }
      return nil
    }
    #expect(states == ["possible>failed@20", "failed>possible@20", "possible>ended@80", "ended>possible@80"])
    #expect(feeds(run, "tap") == ["touchesBegan[1]", "touchesMoved[1]", "touchesBegan[2]", "touchesEnded[2]"])
    #expect(run.actionTimes("tap") == ["ended@80"])
  }

  /// L21: a delaysTouchesBegan tap that fails (held past 1 s, L2) releases touchesBegan and then the three
  /// moves it held as one touchesMoved, at the touch's latest place; the lift goes as usual.
  @Test func l21HeldMovesComeAsOneTouchesMoved() {
    let s = scene([v("card", [0, 0, 390, 844], recognizers: [g("tap", .tap) { $0.delaysTouchesBegan = true }])])
    let run = Run(
      s,
      [
        down(1, 100, 100, t: 0), move(1, 105, 100, t: 10), move(1, 110, 100, t: 20), move(1, 115, 100, t: 30),
        up(1, t: 1100),
      ])
    #expect(run.withheld("card") == ["touchesBegan", "touchesMoved", "touchesMoved", "touchesMoved"])
    #expect(run.delivered("card") == ["touchesBegan@1000", "touchesMoved@1000", "touchesEnded@1100"])
    let moved = run.trace.compactMap { e -> Point? in
      if case .deliver("card", .touchesMoved, _, let at) = e.event { return at }
      return nil
    }
    #expect(moved == [Point(115, 100)])
  }

  /// L22: a quick tap on a button in a scroll view (H-3): touchDown (highlighted) and touchUpInside (not)
  /// come at the same instant, the lift, so the highlight lasts no time; held, it shows from 150 ms.
  @Test func l22AQuickTapHighlightsTheButtonOnlyAtTheLift() {
    let list = scene([
      v("list", [0, 100, 390, 600], kind: .scroll, subviews: [v("buy", [100, 100, 150, 50], kind: .button)]) {
        $0.scroll = ScrollSpec(contentSize: Size(390, 2000))
      }
    ])
    func highlights(_ run: Run) -> [String] {
      run.trace.compactMap {
        if case .control("buy", let e, let h, _) = $0.event { return "\(e.rawValue)@\(JSONNumber.format($0.t)):\(h)" }
        return nil
      }
    }
    #expect(
      highlights(Run(list, tap(175, 225, hold: 80))) == [
        "touchDown@80:true", "touchUpInside@80:false", "primaryActionTriggered@80:false",
      ])
    #expect(
      highlights(Run(list, tap(175, 225, hold: 400))) == [
        "touchDown@150:true", "touchUpInside@400:false", "primaryActionTriggered@400:false",
      ])
  }
}
