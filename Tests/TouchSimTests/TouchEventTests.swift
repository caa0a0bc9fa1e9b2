import TestSupport
import Testing
import TouchSim

/// Rule group C: touches and events.
@Suite struct TouchEventTests {
  /// C-1: touch.view is fixed at touch-down, even when the finger leaves the view.
  @Test func touchViewIsFixedAtTouchDown() {
    let s = scene([v("card", [0, 100, 200, 200])])
    let run = Run(s, [down(1, 50, 150, t: 0), move(1, 350, 700, t: 50), up(1, t: 100)])
    #expect(run.methods("card") == ["touchesBegan", "touchesMoved", "touchesEnded"])
    #expect(run.methods("root").isEmpty)
  }

  /// C-1 / C-2: a touch that does not change while another moves is stationary, and the view gets
  /// touchesMoved only for the touch that moved.
  @Test func unchangedTouchIsStationaryAndNotDeliveredAsMoved() {
    let s = scene([v("pad", [0, 0, 390, 844]) { $0.multipleTouchEnabled = true }])
    let run = Run(
      s, [down(1, 50, 50, t: 0), down(2, 200, 200, t: 10), move(2, 220, 220, t: 20), up(1, t: 30), up(2, t: 40)])
    let phases = run.trace.compactMap { e -> String? in
      if case .input(let n, let p, _, _) = e.event, e.t == 20 { return "\(n):\(p.rawValue)" }
      return nil
    }
    #expect(phases == ["2:moved", "1:stationary"])
    let moved = run.trace.compactMap { e -> [Int]? in
      if case .deliver(_, .touchesMoved, let ts, _) = e.event { return ts }
      return nil
    }
    #expect(moved == [[2]])
  }

  /// C-3: touches that begin together on one view come in one touchesBegan call.
  @Test func simultaneousTouchesOnOneViewComeInOneCall() {
    let s = scene([v("pad", [0, 0, 390, 844]) { $0.multipleTouchEnabled = true }])
    let run = Run(s, [down(1, 50, 50, t: 0), down(2, 200, 200, t: 0), up(1, t: 40), up(2, t: 40)])
    let calls = run.trace.compactMap { e -> String? in
      if case .deliver("pad", let m, let ts, _) = e.event { return "\(m.rawValue)\(ts)" }
      return nil
    }
    #expect(calls == ["touchesBegan[1, 2]", "touchesEnded[1, 2]"])
  }

  /// C-3: touches on two views: each view gets its own touch.
  @Test func twoFingersOnTwoViews() {
    let s = scene([v("left", [0, 0, 195, 844]), v("right", [195, 0, 195, 844])])
    let run = Run(s, [down(1, 50, 50, t: 0), down(2, 300, 50, t: 0), up(1, t: 40), up(2, t: 40)])
    #expect(run.methods("left") == ["touchesBegan", "touchesEnded"])
    #expect(run.methods("right") == ["touchesBegan", "touchesEnded"])
  }

  /// C-4: with multipleTouchEnabled off the view gets only the first touch, but its recognizers get all.
  @Test func multipleTouchDisabledWithholdsSecondTouchFromViewNotRecognizers() {
    let s = scene([v("photo", [0, 0, 390, 844], recognizers: [g("pinch", .pinch)])])
    let run = Run(s, [down(1, 100, 400, t: 0), down(2, 300, 400, t: 20), up(1, t: 60), up(2, t: 70)])
    let began = run.trace.compactMap { e -> [Int]? in
      if case .deliver("photo", .touchesBegan, let ts, _) = e.event { return ts }
      return nil
    }
    #expect(began == [[1]])
    #expect(run.drops("photo") == ["multipleTouchEnabled"])
    let fed = run.trace.compactMap { e -> [Int]? in
      if case .feed("pinch", .touchesBegan, let ts) = e.event { return ts }
      return nil
    }
    #expect(fed == [[1], [2]])
  }

  /// C-5: while an exclusive view tracks a touch, another view gets no touches, and vice versa.
  @Test func exclusiveTouchBlocksOtherViews() {
    let s = scene([v("excl", [0, 0, 195, 844]) { $0.exclusiveTouch = true }, v("other", [195, 0, 195, 844])])
    let run = Run(s, [down(1, 50, 50, t: 0), down(2, 300, 50, t: 10), up(2, t: 30), up(1, t: 40)])
    #expect(run.methods("other").isEmpty)
    #expect(run.drops("other") == ["exclusiveTouch"])
    let reverse = Run(s, [down(1, 300, 50, t: 0), down(2, 50, 50, t: 10), up(2, t: 30), up(1, t: 40)])
    #expect(reverse.methods("excl").isEmpty)
    #expect(reverse.methods("other") == ["touchesBegan", "touchesEnded"])
  }

  /// C-6: tapCount grows for quick taps close together and restarts after a pause or far away.
  @Test func tapCountFollowsTimeAndDistance() {
    let s = scene([v("pad", [0, 0, 390, 844])])
    let run = Run(
      s,
      tap(100, 100, t: 0) + tap(105, 102, t: 200) + tap(104, 100, t: 400) + tap(100, 100, t: 1200)
        + tap(300, 600, t: 1400))
    let counts = run.trace.compactMap { e -> Int? in
      if case .input(_, .began, _, let c) = e.event { return c }
      return nil
    }
    #expect(counts == [1, 2, 3, 1, 1])
  }

  /// C-1: a cancelled touch (the system took it) reaches recognizers and the view as cancelled.
  @Test func systemCancellationReachesRecognizersAndView() {
    let s = scene([v("card", [0, 0, 390, 844], recognizers: [g("pan", .pan)])])
    let run = Run(s, [down(1, 100, 100, t: 0), move(1, 140, 100, t: 30), cancel(1, t: 60)])
    #expect(run.states("pan") == ["possible>began", "began>cancelled", "cancelled>possible"])
    #expect(run.actions("pan") == ["began", "cancelled"])
  }
}
