import TestSupport
import Testing
import TouchSim

/// Cases found in review, each tied to its rule.
@Suite struct ReviewFixTests {
  /// 8.1: lifting outside in the same step as the move: the exit is reported unhighlighted.
  @Test func dragExitAtTheLiftIsNotHighlighted() {
    let s = scene([v("buy", [100, 300, 190, 60], kind: .button)])
    let run = Run(s, [down(1, 195, 330, t: 0), up(1, t: 60, 195, 100)])
    let exits = run.trace.compactMap { e -> Bool? in
      if case .control("buy", .touchDragExit, let h, _) = e.event { return h }
      return nil
    }
    #expect(exits == [false])
    #expect(run.controlEvents("buy") == ["touchDown", "touchDragExit", "touchUpOutside"])
  }

  /// Section 10: a pinch keeps the first two fingers; a pan with a maximum keeps the first ones (the
  /// others are fed once, then ignored).
  @Test func extraTouchesAreTheLaterOnes() {
    let script = [
      down(1, 100, 400, t: 0), down(2, 200, 400, t: 0), down(3, 300, 700, t: 0),
      move(1, 80, 400, t: 40), move(2, 220, 400, t: 40), up(1, t: 80), up(2, t: 80), up(3, t: 80),
    ]
    let pinch = Run(scene([v("photo", [0, 0, 390, 844], recognizers: [g("pinch", .pinch)])]), script)
    #expect(pinch.fired("pinch"))
    let pan = Run(
      scene([v("photo", [0, 0, 390, 844], recognizers: [g("pan1", .pan) { $0.maximumNumberOfTouches = 1 }])]), script)
    let fed = pan.trace.compactMap { e -> [Int]? in
      if case .feed("pan1", _, let ts) = e.event { return ts }
      return nil
    }
    #expect(fed == [[1, 2, 3], [1], [1]])
  }

  /// 5.4: a cancelled touch fails a possible pan even when another finger stays down.
  @Test func cancelledTouchFailsAPossiblePan() {
    let s = scene([v("card", [0, 0, 390, 844], recognizers: [g("pan", .pan)]) { $0.multipleTouchEnabled = true }])
    let run = Run(
      s, [down(1, 100, 100, t: 0), down(2, 200, 100, t: 0), cancel(1, t: 30), move(2, 240, 100, t: 60), up(2, t: 90)])
    #expect(run.states("pan").first == "possible>failed")
    #expect(run.reason("pan", to: .failed) == "touch cancelled")
    #expect(!run.fired("pan"))
  }

  /// Section 10: a long press with numberOfTapsRequired 1 stays possible through the tap (holding its
  /// touchesEnded, F-6) and begins 0.5 s after the second touch-down.
  @Test func longPressAfterATap() {
    let s = scene([v("card", [0, 0, 390, 844], recognizers: [g("lp", .longPress) { $0.numberOfTapsRequired = 1 }])])
    let run = Run(s, tap(100, 100, t: 0, hold: 80) + [down(1, 100, 100, t: 200), up(1, t: 900)])
    #expect(run.actionTimes("lp") == ["began@700", "ended@900"])
    #expect(run.states("lp").first == "possible>began")
    #expect(run.events("withhold").first.map { $0.t } == 80)
    let alone = Run(s, tap(100, 100, t: 0, hold: 900))
    #expect(!alone.fired("lp"))
  }

  /// 8.1: a second tap on a button whose first touchesEnded is still held (behind a parent double tap)
  /// is tracked: touchDown and touchDownRepeat.
  @Test func buttonTracksTheSecondTapWhileTheFirstIsHeld() {
    let s = scene([
      v(
        "card", [0, 0, 390, 844], recognizers: [g("double", .tap) { $0.numberOfTapsRequired = 2 }],
        subviews: [v("buy", [100, 300, 190, 60], kind: .button)])
    ])
    let run = Run(s, tap(195, 330, t: 0) + tap(195, 330, t: 200))
    #expect(run.fired("double"))
    #expect(run.controlEvents("buy") == ["touchDown", "touchDown", "touchDownRepeat", "touchCancel"])
  }
}

/// Input the window's live sessions can produce, which scene files may not say.
@Suite struct LiveInputEdgeTests {
  /// A touch that goes down and up at one time (two steps of one touch at the same t) is two events, not
  /// one event where the up is lost: the touch ends, nothing stays down.
  @Test func aTouchChangingTwiceAtOneTimeIsTwoEvents() {
    let scene = TestSupport.scene([v("pad", [0, 0, 390, 844], recognizers: [g("tap", .tap)])])
    let run = Run(scene, [down(1, 50, 50, t: 10), up(1, t: 10), down(1, 60, 60, t: 10), up(1, t: 20)])
    #expect(run.engine.liveTouches.isEmpty)
    let cancelled = Run(scene, [down(1, 50, 50, t: 0), ScriptStep(t: 0, .cancel(touch: 1))])
    #expect(cancelled.engine.liveTouches.isEmpty)
    let inputs = run.trace.compactMap {
      if case .input(1, let phase, _, _) = $0.event { return phase }
      return nil
    }
    #expect(inputs == [.began, .ended, .began, .ended])
    #expect(TraceInvariants.violations(in: run.trace, discrete: ["tap": true]).isEmpty)
  }

  /// Hundreds of simultaneous touches: one event of 300 downs, all delivered, all lifted.
  @Test func hundredsOfSimultaneousTouches() {
    let scene = TestSupport.scene([
      v("pad", [0, 0, 390, 844], recognizers: [g("pan", .pan) { $0.maximumNumberOfTouches = 1000 }]) {
        $0.multipleTouchEnabled = true
      }
    ])
    var script: [ScriptStep] = []
    for n in 1...300 { script.append(down(n, Double(n % 390), Double(n), t: 0)) }
    for n in 1...300 { script.append(move(n, Double(n % 390), Double(n) + 40, t: 16)) }
    for n in 1...300 { script.append(up(n, t: 32)) }
    let run = Run(scene, script)
    #expect(run.engine.liveTouches.isEmpty)
    #expect(TraceInvariants.violations(in: run.trace, discrete: ["pan": false]).isEmpty)
    let began = run.trace.first {
      if case .deliver("pad", .touchesBegan, _, _) = $0.event { return true }
      return false
    }
    if case .deliver(_, _, let ts, _) = began?.event {
      #expect(ts.count == 300)
    } else {
      Issue.record("no touchesBegan")
    }
  }

  /// The window numbers a new touch around lifted touches whose touchesEnded is still withheld (F-7).
  @Test func touchesInUseIncludeWithheldOnes() {
    let scene = TestSupport.scene([
      v("pad", [0, 0, 390, 844], recognizers: [g("double", .tap) { $0.numberOfTapsRequired = 2 }])
    ])
    let engine = Engine(scene: scene)
    engine.perform([down(1, 50, 50, t: 0)])
    engine.perform([up(1, t: 80)])
    #expect(engine.liveTouches.isEmpty)
    #expect(engine.touchesInUse == [1])
    engine.runUntilIdle()
    #expect(engine.touchesInUse.isEmpty)
  }
}
