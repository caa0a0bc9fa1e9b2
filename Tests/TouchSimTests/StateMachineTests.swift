import Geometry
import TestSupport
import Testing
import TouchSim

/// Rule group D: recognizer state machines (5.1 to 5.4, section 10).
@Suite struct StateMachineTests {
  /// 5.1: the legal transition table, and normalisation of requests.
  @Test func legalTransitionsAndNormalisation() {
    typealias M = GestureStateMachine
    #expect(M.isLegal(from: .possible, to: .ended, isDiscrete: true))
    #expect(!M.isLegal(from: .possible, to: .began, isDiscrete: true))
    #expect(!M.isLegal(from: .possible, to: .cancelled, isDiscrete: true))
    #expect(M.isLegal(from: .changed, to: .changed, isDiscrete: false))
    #expect(!M.isLegal(from: .failed, to: .began, isDiscrete: false))
    #expect(!M.isLegal(from: .possible, to: .changed, isDiscrete: false))
    // Cancel while possible is failed; fail while active is cancelled; terminal ignores requests.
    #expect(M.target(of: .cancel, from: .possible, isDiscrete: false) == .failed)
    #expect(M.target(of: .fail, from: .changed, isDiscrete: false) == .cancelled)
    #expect(M.target(of: .begin, from: .ended, isDiscrete: false) == nil)
    #expect(M.target(of: .begin, from: .possible, isDiscrete: true) == .ended)
    var m = M(isDiscrete: false)
    #expect(m.apply(.change) == nil)  // nothing to change before it began
    #expect(m.apply(.begin) == M.Pair(.possible, .began))
    #expect(m.apply(.change) == M.Pair(.began, .changed))
    #expect(m.apply(.end) == M.Pair(.changed, .ended))
    #expect(m.apply(.cancel) == nil)
    #expect(m.apply(.reset) == M.Pair(.ended, .possible))
  }

  /// 5.1 / 5.2: a tap is discrete: one action with state ended, no began; then reset.
  @Test func tapRecognizesWithOneEndedAction() {
    let s = scene([v("card", [0, 100, 390, 300], recognizers: [g("tap", .tap)])])
    let run = Run(s, tap(100, 200))
    #expect(run.states("tap") == ["possible>ended", "ended>possible"])
    #expect(run.actions("tap") == ["ended"])
    #expect(run.actionValues("tap").first?.location == Point(100, 200))
  }

  /// 5.1: a recognizer that recognized cannot recognize again in the same touch sequence. A swipe
  /// recognizes while its finger stays down; a second finger swipes on the same view: the swipe is reset,
  /// but takes no new touch while the first finger is down, so it does not recognize twice. Once every
  /// finger of that sequence has lifted, the next finger swipes as usual.
  @Test func aRecognizerThatRecognizedTakesNoNewTouchUntilItsSequenceEnds() {
    let s = scene([v("pad", [0, 100, 390, 600], recognizers: [g("swipe", .swipe)]) { $0.multipleTouchEnabled = true }])
    let swipe2 = [move(2, 130, 400, t: 120), move(2, 160, 400, t: 140)]
    let run = Run(
      s,
      [down(1, 100, 200, t: 0), move(1, 130, 200, t: 20), move(1, 160, 200, t: 40), down(2, 100, 400, t: 100)]
        + swipe2 + [up(2, t: 200), up(1, t: 220)])
    #expect(run.actionTimes("swipe") == ["ended@40"])
    let attach2 = run.events("attach").map(\.json).filter { $0.contains(#""touch":2"#) }
    #expect(attach2 == [#"{"t":100,"ev":"attach","touch":2,"recognizers":[]}"#])
    // After the first finger lifted: a new sequence, a new swipe.
    let later = Run(
      s,
      [down(1, 100, 200, t: 0), move(1, 130, 200, t: 20), move(1, 160, 200, t: 40), up(1, t: 60)]
        + [down(2, 100, 400, t: 100)] + swipe2 + [up(2, t: 200)])
    #expect(later.actionTimes("swipe") == ["ended@40", "ended@140"])
    // A recognizer that failed is reset at once and takes the next finger (L18): only recognizing bars it.
  }

  /// Section 10: the tap allows 45 pt of movement; more fails it.
  @Test func tapToleratesFortyFivePoints() {
    let s = scene([v("card", [0, 0, 390, 844], recognizers: [g("tap", .tap)])])
    #expect(Run(s, [down(1, 100, 100, t: 0), move(1, 140, 100, t: 30), up(1, t: 60)]).fired("tap"))
    let far = Run(s, [down(1, 100, 100, t: 0), move(1, 150, 100, t: 30), up(1, t: 60)])
    #expect(!far.fired("tap"))
    #expect(far.reason("tap", to: .failed) == "moved 50 pt > 45 pt")
  }

  /// Section 10: a double tap needs the second tap within 0.35 s; otherwise it fails at the timer.
  @Test func doubleTapIntervalIsThreeHundredFiftyMilliseconds() {
    let s = scene([v("card", [0, 0, 390, 844], recognizers: [g("dbl", .tap) { $0.numberOfTapsRequired = 2 }])])
    #expect(Run(s, tap(100, 100, t: 0) + tap(100, 100, t: 300)).actionTimes("dbl") == ["ended@380"])
    let slow = Run(s, tap(100, 100, t: 0) + tap(100, 100, t: 500))
    #expect(!slow.fired("dbl"))
    let timer = slow.events("timer").first
    #expect(timer?.t == 430)
    #expect(slow.reason("dbl", to: .failed) == "no tap 2 within 350 ms")
  }

  /// Section 10: a two-finger tap needs both fingers down together.
  @Test func twoFingerTap() {
    let s = scene([v("card", [0, 0, 390, 844], recognizers: [g("two", .tap) { $0.numberOfTouchesRequired = 2 }])])
    #expect(Run(s, [down(1, 100, 100, t: 0), down(2, 200, 100, t: 20), up(1, t: 80), up(2, t: 90)]).fired("two"))
    #expect(!Run(s, tap(100, 100)).fired("two"))
  }

  /// L2 (model choice): a tap held longer than the maximum tap duration fails.
  @Test func longHoldIsNotATap() {
    let s = scene([v("card", [0, 0, 390, 844], recognizers: [g("tap", .tap)])])
    let run = Run(s, tap(100, 100, t: 0, hold: 1500))
    #expect(!run.fired("tap"))
  }

  /// Section 10: long press begins after 0.5 s held within 10 pt, changes on movement, ends on lift.
  @Test func longPressLifecycle() {
    let s = scene([v("card", [0, 0, 390, 844], recognizers: [g("press", .longPress)])])
    let run = Run(s, [down(1, 100, 100, t: 0), move(1, 105, 100, t: 200), move(1, 200, 100, t: 700), up(1, t: 800)])
    #expect(run.actionTimes("press") == ["began@500", "changed@700", "ended@800"])
    #expect(
      run.events("timer").map(\.json).first == #"{"t":500,"ev":"timer","what":"minimumPressDuration","owner":"press"}"#)
    let early = Run(s, tap(100, 100, t: 0, hold: 300))
    #expect(early.reason("press", to: .failed) == "lifted before 0.5 s")
    let moved = Run(s, [down(1, 100, 100, t: 0), move(1, 115, 100, t: 200), up(1, t: 600)])
    #expect(!moved.fired("press"))
  }

  /// Section 10: a pan begins after 10 pt, then changed on every move, ended on lift; translation
  /// from touch-down (L15), velocity in pt/s.
  @Test func panLifecycleAndValues() {
    let s = scene([v("card", [0, 0, 390, 844], recognizers: [g("pan", .pan)])])
    let run = Run(
      s,
      [
        down(1, 100, 100, t: 0), move(1, 105, 100, t: 10), move(1, 112, 100, t: 20), move(1, 132, 100, t: 30),
        up(1, t: 40),
      ])
    #expect(run.actionTimes("pan") == ["began@20", "changed@30", "ended@40"])
    let values = run.actionValues("pan")
    #expect(values[0].translation == Point(12, 0))
    #expect(values[1].translation == Point(32, 0))
    #expect(values[1].velocity == Point(2000, 0))
    #expect(run.reason("pan", to: .began) == "moved 12 pt ≥ 10 pt")
  }

  /// 5.4: one finger of a two-finger pan is cancelled: the pan is cancelled, and its last action reports
  /// the translation it had (20, 0), not a jump to where the remaining finger is from the two fingers'
  /// starting centroid (-30, 0).
  @Test func aPanCancelledByOneOfItsFingersKeepsItsTranslation() {
    let s = scene([v("card", [0, 0, 390, 844], recognizers: [g("pan", .pan)]) { $0.multipleTouchEnabled = true }])
    let run = Run(
      s,
      [
        down(1, 100, 200, t: 0), down(2, 200, 200, t: 0), move(1, 120, 200, t: 20), move(2, 220, 200, t: 20),
        cancel(2, t: 40), up(1, t: 60),
      ])
    #expect(run.actionTimes("pan") == ["began@20", "cancelled@40"])
    let values = run.actionValues("pan")
    #expect(values.map(\.translation) == [Point(20, 0), Point(20, 0)])
  }

  /// 5.4 with E-6.3: a long press held past its 0.5 s, but waiting for a tap to fail, fails at the lift for
  /// that wait, not for "lifted before 0.5 s" (which would be false: it was held 0.9 s).
  @Test func aLongPressLiftedWhileWaitingSaysSo() {
    let s = scene([
      v(
        "card", [0, 0, 390, 844], recognizers: [g("tap", .tap), g("press", .longPress) { $0.requireToFail = ["tap"] }])
    ])
    let run = Run(s, tap(100, 100, hold: 900))
    #expect(!run.fired("press"))
    #expect(run.reason("press", to: .failed) == "lifted while waiting for tap to fail")
    // Lifted before its time, it says that.
    #expect(Run(s, tap(100, 100, hold: 300)).reason("press", to: .failed) == "lifted before 0.5 s")
  }

  /// 5.4 with E-6.3: a pan that moved past its 10 pt but waits for a double tap (still possible: 30 pt is
  /// within a tap's 45 pt) fails at the lift for that wait, not for "lifted before moving 10 pt".
  @Test func aPanLiftedWhileWaitingSaysSo() {
    let s = scene([
      v(
        "card", [0, 0, 390, 844],
        recognizers: [
          g("double", .tap) { $0.numberOfTapsRequired = 2 }, g("pan", .pan) { $0.requireToFail = ["double"] },
        ])
    ])
    let run = Run(s, drag(from: (100, 100), to: (130, 100), steps: 3, every: 16))
    #expect(!run.fired("pan"))
    #expect(run.reason("pan", to: .failed) == "lifted while waiting for double to fail")
  }

  /// 5.4 / L14: a pan lifted before 10 pt fails; a diagonal (8, 8) move does not begin it.
  @Test func panFailsWhenLiftedEarlyAndUsesPerAxisHysteresis() {
    let s = scene([v("card", [0, 0, 390, 844], recognizers: [g("pan", .pan)])])
    let run = Run(s, [down(1, 100, 100, t: 0), move(1, 108, 108, t: 10), up(1, t: 20)])
    #expect(run.states("pan") == ["possible>failed", "failed>possible"])
  }

  /// Section 10: minimumNumberOfTouches 2 waits for the second finger.
  @Test func twoFingerPanNeedsTwoFingers() {
    let s = scene([v("card", [0, 0, 390, 844], recognizers: [g("pan2", .pan) { $0.minimumNumberOfTouches = 2 }])])
    #expect(!Run(s, drag(from: (100, 100), to: (200, 100))).fired("pan2"))
    let two = Run(
      s,
      [
        down(1, 100, 100, t: 0), down(2, 150, 100, t: 0), move(1, 120, 130, t: 20), move(2, 170, 130, t: 20),
        up(1, t: 40), up(2, t: 40),
      ])
    #expect(two.actions("pan2") == ["began", "ended"])
  }

  /// Section 10 / L9: a fast swipe in its direction is recognized with its direction; a slow one fails.
  @Test func swipeNeedsSpeedAndDirection() {
    let s = scene([v("card", [0, 0, 390, 844], recognizers: [g("swipe", .swipe)])])
    let fast = Run(s, drag(from: (50, 400), to: (250, 400), steps: 5, every: 20))
    #expect(fast.actions("swipe") == ["ended"])
    #expect(fast.actionValues("swipe").first?.direction == .right)
    #expect(!Run(s, drag(from: (50, 400), to: (250, 400), steps: 10, every: 200)).fired("swipe"))
    #expect(!Run(s, drag(from: (250, 400), to: (50, 400), steps: 5, every: 20)).fired("swipe"))
    let up = scene([v("card", [0, 0, 390, 844], recognizers: [g("swipe", .swipe) { $0.direction = [.up, .left] }])])
    #expect(
      Run(up, drag(from: (200, 600), to: (200, 400), steps: 5, every: 20)).actionValues("swipe").first?.direction == .up
    )
  }

  /// L9: a swipe goes through within 45° of its direction (`swipeSidewaysRatio` 1); a move further across
  /// counts for the other axis, and a narrower ratio lets only a straighter move through.
  @Test func swipeSidewaysLimit() {
    let s = scene([v("card", [0, 0, 390, 844], recognizers: [g("swipe", .swipe)])])
    // 60 pt right, 40 pt down, in one step: within 45° of right.
    let slanted: [ScriptStep] = [down(1, 100, 300, t: 0), move(1, 160, 340, t: 30), up(1, t: 60)]
    #expect(Run(s, slanted).actions("swipe") == ["ended"])
    // 60 pt right, 61 pt down: a swipe down, which this one does not allow.
    let steep: [ScriptStep] = [down(1, 100, 300, t: 0), move(1, 160, 361, t: 30), up(1, t: 60)]
    let wrong = Run(s, steep)
    #expect(!wrong.fired("swipe"))
    #expect(wrong.reason("swipe", to: .failed)?.contains("down") == true)
    var strict = ModelConstants.uikit
    strict.swipeSidewaysRatio = 0.5
    let narrow = Run(s, slanted, constants: strict)
    #expect(!narrow.fired("swipe"))
    #expect(
      Run(s, [down(1, 100, 300, t: 0), move(1, 160, 325, t: 30), up(1, t: 60)], constants: strict).fired("swipe"))
  }

  /// Section 10: pinch scale relative to the first distance; rotation in radians.
  @Test func pinchAndRotationValues() {
    let s = scene([v("photo", [0, 0, 390, 844], recognizers: [g("pinch", .pinch), g("rotate", .rotation)])])
    let pinch = Run(
      s,
      [
        down(1, 150, 400, t: 0), down(2, 250, 400, t: 0), move(1, 100, 400, t: 50), move(2, 300, 400, t: 50),
        up(1, t: 100), up(2, t: 100),
      ])
    #expect(pinch.actionValues("pinch").first?.scale == 2)
    #expect(pinch.actions("pinch") == ["began", "ended"])
    let rot = Run(
      s,
      [
        down(1, 150, 400, t: 0), down(2, 250, 400, t: 0), move(1, 200, 350, t: 50), move(2, 200, 450, t: 50),
        up(1, t: 100), up(2, t: 100),
      ])
    let r = rot.actionValues("rotate").first?.rotation ?? 0
    #expect(abs(r - Double.pi / 2) < 1e-9)
  }

  /// Section 10 / L8: a screen-edge pan starts only in the edge band and ignores further touches.
  @Test func screenEdgePanStartsAtTheEdge() {
    let s = scene([], rootRecognizers: [g("edge", .screenEdgePan)])
    #expect(Run(s, drag(from: (5, 400), to: (150, 400))).actions("edge").first == "began")
    let far = Run(s, drag(from: (25, 400), to: (150, 400)))
    #expect(!far.fired("edge"))
    #expect(far.reason("edge", to: .failed)?.hasPrefix("went down 25 pt from the edge") == true)
  }

  /// 5.1: after a terminal state the recognizer is reset to possible in the same event.
  @Test func resetFollowsEveryTerminalState() {
    let s = scene([v("card", [0, 0, 390, 844], recognizers: [g("pan", .pan), g("tap", .tap)])])
    let run = Run(s, drag(from: (100, 100), to: (200, 100)))
    #expect(run.states("pan").last == "ended>possible")
    #expect(run.states("tap") == ["possible>failed", "failed>possible"])
    #expect(run.engine.state(of: "pan") == .possible)
  }

  /// 5.1: isEnabled = false while active cancels (with an action); while possible fails (no action).
  @Test func disablingMidGesture() {
    let s = scene([v("card", [0, 0, 390, 844], recognizers: [g("pan", .pan), g("press", .longPress)])])
    let active = Run(
      s,
      drag(from: (100, 100), to: (200, 100), lift: false) + [
        set("pan", "isEnabled", .bool(false), t: 200), up(1, t: 300),
      ])
    #expect(
      active.actions("pan") == [
        "began", "changed", "changed", "changed", "changed", "changed", "changed", "changed", "changed", "changed",
        "cancelled",
      ])
    #expect(active.reason("pan", to: .cancelled) == "isEnabled set to false")
    let possible = Run(s, [down(1, 100, 100, t: 0), set("press", "isEnabled", .bool(false), t: 200), up(1, t: 700)])
    #expect(possible.states("press") == ["possible>failed", "failed>possible"])
    #expect(possible.actions("press").isEmpty)
  }
}

/// Values at the end of a gesture are those of the lift, not of an empty set of touches.
@Suite struct EndValueTests {
  @Test func panEndedReportsTheTranslationAtTheLift() {
    let s = scene([v("card", [0, 0, 390, 844], recognizers: [g("pan", .pan)])])
    let run = Run(s, drag(from: (100, 100), to: (190, 100), steps: 9) + [])
    #expect(run.actionValues("pan").last?.translation == Point(90, 0))
    #expect(run.actionValues("pan").last?.location == Point(190, 100))
    let moved = Run(s, [down(1, 100, 100, t: 0), move(1, 150, 100, t: 20), up(1, t: 40, 170, 120)])
    #expect(moved.actionValues("pan").last?.translation == Point(70, 20))
  }
}
