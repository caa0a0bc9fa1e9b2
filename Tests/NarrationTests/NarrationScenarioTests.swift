import Geometry
import Narration
import TestSupport
import Testing
import TouchSim

/// The narration of typical scenes: the key sentences, word for word.
@Suite struct NarrationScenarioTests {
  /// Rule 8.3: a button inside a view with a single-tap recognizer (the contract's example).
  /// Rules 8.6 to 8.8 told: a momentary control's selection gone again, a disabled segment, a page control
  /// at its last page, the tracking overrides' answers and an endTracking without super, in both languages.
  @Test func controlSettingsAndTrackingOverridesAreTold() {
    let s = scene([
      v("bar", [20, 100, 300, 32], kind: .segmentedControl) {
        $0.text = "A|B|C"
        $0.isMomentary = true
      },
      v("theme", [20, 160, 300, 32], kind: .segmentedControl) {
        $0.text = "A|B|C"
        $0.disabledSegments = [2]
      },
      v("pages", [20, 220, 300, 30], kind: .pageControl) {
        $0.numberOfPages = 3
        $0.value = 2
      },
      v("knob", [20, 300, 100, 100], kind: .control) {
        $0.trackingOverrides.beginTracking = .within(.circle(center: Point(50, 50), radius: 20))
        $0.trackingOverrides.continueTracking = .within(.rects([Rect(0, 0, 100, 100)]))
      },
      v("lock", [20, 450, 51, 31], kind: .switch) { $0.trackingOverrides.endTrackingCallsSuper = false },
    ])
    let script =
      tap(170, 116, t: 0) + tap(270, 176, t: 500) + tap(300, 235, t: 1000) + tap(25, 305, t: 1500)
      + [down(1, 70, 350, t: 2000), move(1, 200, 350, t: 2040), up(1, t: 2080)] + tap(40, 465, t: 2500)
    let n = Narrated(s, script)
    n.checkInvariants()
    let told = n.steps.joined(separator: "\n")
    for part in [
      "it is momentary, so once the touch is over no segment is selected again",
      "no valueChanged: the segment under the finger is disabled (segments 2)",
      "no valueChanged: it is already at its first or last page (numberOfPages 3)",
      "`knob`'s beginTracking override answers NO, so the control does not track this touch",
      "`knob`'s continueTracking override answers NO, so tracking ends here",
      "its endTracking is overridden without calling super, so a UISwitch's own end of tracking never runs",
    ] {
      #expect(told.contains(part), "no '\(part)' in \(n)")
    }
    #expect(n.summaries.contains { $0.contains("its beginTracking override answered NO at 1500 ms") }, "\(n)")
    #expect(n.summaries.contains { $0.contains("its continueTracking override answered NO at 2040 ms") }, "\(n)")
  }

  /// Rules H-12 and H-14 told: a list pulled past its top (the rubber band), springing back at the lift, and
  /// a pager settling on the nearest page after a slow drag and on the next page after a flick, in English
  /// and in Chinese.
  @Test func bounceAndPagingAreTold() {
    let s = scene([
      v("list", [0, 100, 390, 300], kind: .scroll) { $0.scroll = ScrollSpec(contentSize: Size(390, 900)) },
      v("pager", [0, 450, 390, 200], kind: .scroll) {
        $0.scroll = ScrollSpec(contentSize: Size(1170, 200))
        $0.scroll!.isPagingEnabled = true
      },
    ])
    let script =
      drag(from: (195, 150), to: (195, 350), steps: 10)
      + drag(from: (300, 550), to: (150, 550), t: 1000, steps: 30, every: 50)
      + drag(from: (300, 550), to: (200, 550), t: 3000, steps: 5)
    let n = Narrated(s, script)
    n.checkInvariants()
    let told = n.steps.joined(separator: "\n")
    for part in [
      "past the edge of its content, where the rubber band holds it back (bounces) (rules H-8, H-12)",
      "The drag of `list` ended with its content pulled past an edge, to (0, -77.5), where the rubber band held it back (bounces is on): the offset springs back to (0, 0) (rule H-12).",
      "The drag of `pager` ended at (140, 0), and isPagingEnabled is on: the offset settles on page 1 at (0, 0), the page nearest to where the finger left it (rule H-14).",
      "the offset settles on page 2 at (390, 0), not the nearest page but the next one in the direction of the flick",
    ] {
      #expect(told.contains(part), "no '\(part)' in \(n)")
    }
    let chinese = n.chineseSteps.joined(separator: "\n")
    for part in ["橡皮筋阻力拖住了它（bounces 开着）：偏移弹回到 (0, 0)（规则 H-12）", "偏移停在第 1 页 (0, 0)", "偏移停在第 2 页 (390, 0)，即不是最近的一页"] {
      #expect(chinese.contains(part), "no '\(part)' in \(chinese)")
    }
  }

  @Test func buttonInsideATappedView() {
    let s = scene([v("buy", [100, 300, 190, 60], kind: .button)], rootRecognizers: [g("parentTap", .tap)])
    let n = Narrated(s, tap(195, 330))
    n.checkInvariants()
    #expect(
      n.steps == [
        "Finger 1 touches down at (195, 330).",
        "The hit test for finger 1 goes `root` → `buy`: `buy` is the deepest view containing the point, so it becomes touch.view (rule A-1).",
        "Finger 1 goes to the recognizers of `buy` and its superviews: `parentTap`, which accepts it (shouldReceive YES) (rules C-7, E-6.4).",
        "`buy` received touchesBegan after the recognizers got the touch, and sent touchDown (rules F-1, 8.1).",
        "Finger 1 lifts at (195, 330).",
        "`parentTap` asked `buy` whether it may begin; a UIButton says no to a superview's single tap, so `parentTap` failed (rule 8.3).",
        "`buy` received touchesEnded and sent touchUpInside, then primaryActionTriggered (rules 8.1, G-8.1b).",
      ], "\(n)")
    #expect(
      n.summaries == [
        "`parentTap` did not fire: it failed at 80 ms because `buy` is a UIButton, and a UIButton says no to a superview's single tap (rule 8.3).",
        "`buy` fired touchUpInside at 80 ms; `parentTap` could not take the touch away, because a UIButton says no to a superview's single tap (rules 8.1, 8.3).",
      ], "\(n)")
    // The veto sentence is shown from the question the button was asked (the ask entry).
    let veto = n.lines.first { $0.text.hasPrefix("`parentTap` asked") }
    #expect(veto.map { n.run.trace[$0.traceIndex].event.kind } == "ask")
    #expect(veto?.t == 80)
    // The summary comes at the gesture's last entry.
    #expect(n.lines.last?.traceIndex == n.run.trace.count - 1)
  }

  /// Rules: a hidden overlay in front is visited first and skipped.
  @Test func hiddenOverlayIsSkipped() {
    let s = scene([
      v("buy", [100, 300, 190, 60], kind: .button),
      v("overlay", [0, 0, 390, 844], recognizers: [g("overlayTap", .tap)]) { $0.hidden = true },
    ])
    let n = Narrated(s, tap(195, 330))
    n.checkInvariants()
    #expect(
      n.steps.contains(
        "The hit test for finger 1 goes `root` → `buy`; in `root` it visits `overlay` first because it was added last: `overlay` is hidden, so it is skipped even though it covers the point (rule A-1)."
      ), "\(n)")
    #expect(
      n.steps.contains(
        "`buy` is the deepest view containing the point, so it becomes touch.view of finger 1 (rule A-1)."),
      "\(n)")
    #expect(
      n.summaries.contains(
        "`overlayTap` did not fire: it is on `overlay`, and the hit test skipped `overlay` because it is hidden, so finger 1 never reached it (rules A-1, C-7)."
      ), "\(n)")
    #expect(n.summaries.contains("`buy` fired touchUpInside at 80 ms (rule 8.1)."), "\(n)")
  }

  /// Rule E-6.3: single tap waiting for a double tap; a single tap fires 350 ms after the lift.
  @Test func singleTapWaitsForTheDoubleTapToFail() {
    let s = scene([
      v(
        "card", [20, 100, 350, 400],
        recognizers: [
          g("singleTap", .tap) { $0.requireToFail = ["doubleTap"] },
          g("doubleTap", .tap) { $0.numberOfTapsRequired = 2 },
        ])
    ])
    let n = Narrated(s, tap(195, 300))
    n.checkInvariants()
    let waiting = n.step(
      "`singleTap` is waiting for `doubleTap` to fail, as require(toFail:) asks; it stays possible meanwhile (rules E-6.3, L12)."
    )
    #expect(waiting?.t == 80, "\(n)")
    #expect(
      n.steps.contains(
        "`card`'s touchesEnded is held back while `singleTap` and `doubleTap` are undecided (delaysTouchesEnded) (rule F-6)."
      ),
      "\(n)")
    #expect(n.step("No second tap came within 350 ms, so `doubleTap` failed (rule I).")?.t == 430, "\(n)")
    #expect(
      n.steps.contains(
        "`doubleTap` failed, so `singleTap` recognized at last and sent its action, 350 ms after the lift (rule E-6.3)."
      ),
      "\(n)")
    #expect(
      n.summaries == [
        "`singleTap` fired at 430 ms, 350 ms after the lift, because it had to wait for `doubleTap` to fail, and `doubleTap` failed because no second tap came within 350 ms (rule E-6.3).",
        "`doubleTap` did not fire: it failed at 430 ms because no second tap came within 350 ms (rule I).",
        "`card` got touchesCancelled for finger 1 at 430 ms because `singleTap` recognized and cancelsTouchesInView is on (rule F-2).",
      ], "\(n)")
  }

  /// Rule E-6.3: a double tap makes the waiting single tap fail; one gesture, one summary.
  @Test func doubleTapMakesTheSingleTapFail() {
    let s = scene([
      v(
        "card", [20, 100, 350, 400],
        recognizers: [
          g("singleTap", .tap) { $0.requireToFail = ["doubleTap"] },
          g("doubleTap", .tap) { $0.numberOfTapsRequired = 2 },
        ])
    ])
    let n = Narrated(s, tap(195, 300, t: 0, touch: 1) + tap(195, 300, t: 200, touch: 2))
    n.checkInvariants()
    #expect(
      n.steps.contains(
        "Finger 2 goes to the recognizers of `card` and its superviews: `doubleTap`, which accepts it (shouldReceive YES); `singleTap` does not get it: it is waiting for `doubleTap` to fail and takes no new touch (rules C-7, E-6.4)."
      ), "\(n)")
    #expect(n.steps.contains("`doubleTap` recognized tap 2 of 2 and sent its action (rule 5.1)."), "\(n)")
    #expect(n.summary(ofGesture: 1).isEmpty, "two taps, one gesture: \(n)")
    #expect(
      Array(n.summary(ofGesture: 0).prefix(2)) == [
        "`singleTap` did not fire: it had to wait for `doubleTap` to fail, but `doubleTap` recognized (rule E-6.3).",
        "`doubleTap` fired at 280 ms, when tap 2 of 2 was complete (rule 5.1).",
      ], "\(n)")
  }

  /// Rule B-7b: a control that is not tracking (its beginTracking answered NO) passes the lift up the
  /// chain, and the narration says why.
  @Test func aControlThatIsNotTrackingPassesTheLiftOn() {
    let s = scene([
      v("dial", [50, 200, 200, 200], kind: .control) { $0.trackingOverrides.beginTracking = .always(false) }
    ])
    let n = Narrated(s, drag(from: (100, 300), to: (140, 300), steps: 4))
    n.checkInvariants()
    #expect(
      n.steps.contains(
        "`dial` did not handle touchesEnded (it is a control that is not tracking: UIControl's own touchesEnded sends nothing and calls super), so it travelled up the responder chain: root → window → application → appDelegate, where nobody handled it (rules B-1, B-4, B-7b, B-5)."
      ), "\(n)")
  }

  /// Rules B-7b, G-8.1a: a button whose touchesBegan does not call super never tracks; the narration says
  /// that is why its touchesEnded goes up the chain.
  @Test func aButtonWithoutSuperInTouchesBeganPassesTheLiftOn() {
    let s = scene([
      v("buy", [50, 200, 200, 60], kind: .button) { $0.touchForwarding = TouchForwarding(except: [.touchesBegan]) }
    ])
    let n = Narrated(s, tap(100, 230))
    n.checkInvariants()
    #expect(
      n.steps.contains(
        "`buy` did not handle touchesEnded (its touchesBegan does not call super, so it never started tracking, and UIControl's own touchesEnded, finding it not tracking, sends nothing and calls super), so it travelled up the responder chain: root → window → application → appDelegate, where nobody handled it (rules B-1, B-4, B-7b, G-8.1a, B-5)."
      ), "\(n)")
  }

  /// Rules F-2, F-3, B-1 to B-5: a pan cancels the view's touch; the chain is told once.
  @Test func panCancelsTheView() {
    let s = scene([v("card", [20, 100, 350, 400], recognizers: [g("pan", .pan)])]) { $0.root.controller = "RootVC" }
    let n = Narrated(s, drag(from: (100, 300), to: (200, 300), steps: 10))
    n.checkInvariants()
    #expect(
      n.steps.contains(
        "`card` did not handle touchesBegan, so it travelled up the responder chain: root → RootVC → window → application → appDelegate, where nobody handled it (rules B-1, B-2, B-4, B-5)."
      ), "\(n)")
    #expect(
      n.steps.contains(
        "`pan` began because the finger moved 10 pt (at least 10 pt), and sent its action (rules I, 5.1)."),
      "\(n)")
    #expect(
      n.steps.contains(
        "`card` received touchesCancelled because `pan` began and cancelsTouchesInView is on, and it went up the same responder chain, where nobody handled it (rules F-2, B-4)."
      ), "\(n)")
    #expect(
      n.steps.contains("`pan` changed 9 times as the finger moved (translation now (100, 0)) (rule 5.1)."), "\(n)")
    #expect(n.steps.contains("Finger 1 moves to (200, 300) in 9 steps."), "\(n)")
    #expect(
      n.summaries == [
        "`pan` fired: it began at 16 ms because the finger moved 10 pt (at least 10 pt), changed 9 times and ended at 176 ms (rules I, 5.1).",
        "`card` got touchesCancelled for finger 1 at 16 ms because `pan` began and cancelsTouchesInView is on (rule F-2).",
      ], "\(n)")
  }

  /// Rule F-6 (S15): a double-tap recognizer on the superview delays the button's touchUpInside.
  @Test func delaysTouchesEndedBehindADoubleTap() {
    let s = scene([
      v(
        "card", [0, 100, 390, 500], recognizers: [g("doubleTap", .tap) { $0.numberOfTapsRequired = 2 }],
        subviews: [v("buy", [100, 200, 190, 60], kind: .button)])
    ])
    let n = Narrated(s, tap(195, 330))
    n.checkInvariants()
    #expect(
      n.steps.contains(
        "`buy`'s touchesEnded is held back while `doubleTap` is undecided (delaysTouchesEnded) (rule F-6)."),
      "\(n)")
    #expect(
      n.step(
        "`buy` received touchesEnded and sent touchUpInside, then primaryActionTriggered, 350 ms late, now that `doubleTap` failed (delaysTouchesEnded) (rules 8.1, G-8.1b, F-6)."
      )?.t == 430, "\(n)")
    #expect(
      n.summaries == [
        "`doubleTap` did not fire: it failed at 430 ms because no second tap came within 350 ms (rule I).",
        "`buy` fired touchUpInside at 430 ms, 350 ms after the lift: its touchesEnded was held back until `doubleTap` failed (delaysTouchesEnded) (rule F-6).",
      ], "\(n)")
  }

  /// Rule F-6 with L4: a double tap with delaysTouchesEnded on. The first tap's touchesEnded is held; when
  /// the second tap completes the double tap, the view gets two touchesCancelled (began, began, cancelled,
  /// cancelled). Both touches are finger 1, so the sentences must say which is which: the first is the
  /// one that takes the place of the held touchesEnded.
  @Test func aHeldTouchesEndedTurnedIntoTouchesCancelledIsToldApart() {
    let s = scene([v("card", [0, 100, 390, 500], recognizers: [g("doubleTap", .tap) { $0.numberOfTapsRequired = 2 }])])
    let n = Narrated(s, tap(195, 330, t: 0) + tap(195, 330, t: 200))
    n.checkInvariants()
    let cancels = n.steps.filter { $0.hasPrefix("`card` received touchesCancelled") }
    #expect(
      cancels == [
        "`card` received touchesCancelled (in place of the touchesEnded held back since 80 ms) because `doubleTap` recognized and cancelsTouchesInView is on, and it went up the same responder chain, where nobody handled it (rules F-6, F-2, B-4).",
        "`card` received touchesCancelled because `doubleTap` recognized and cancelsTouchesInView is on, and it went up the same responder chain, where nobody handled it (rules F-2, B-4).",
      ], "\(n)")
    #expect(n.chineseSteps.contains { $0.contains("取代自 80 ms 起被延迟的 touchesEnded") }, "\(n)")
  }

  /// Rule E-6.1: a parent's tap whose delegate allows recognizing with its child's tap is asked twice in
  /// one event (when the child's recognizes, and when the parent's tries to); the same answer is told once.
  @Test func theSameAnswerInOneEventIsToldOnce() {
    let parentTap = g("parentTap", .tap) {
      $0.delegate = DelegateSpec()
      $0.delegate!.shouldRecognizeSimultaneouslyWith = .ids(["childTap"])
    }
    let s = scene([
      v(
        "parent", [0, 0, 390, 844], recognizers: [parentTap],
        subviews: [
          v("child", [0, 100, 390, 300], recognizers: [g("childTap", .tap)])
        ])
    ])
    let n = Narrated(s, tap(150, 225))
    n.checkInvariants()
    #expect(n.run.asks(.shouldRecognizeSimultaneouslyWith).count == 2)
    let told = n.steps.filter { $0.contains("shouldRecognizeSimultaneouslyWith YES") }
    #expect(
      told == [
        "`parentTap`'s delegate lets it recognize together with `childTap` (shouldRecognizeSimultaneouslyWith YES), so neither stops the other (rule E-6.1)."
      ], "\(n)")
    #expect(n.run.fired("childTap") && n.run.fired("parentTap"))
  }

  /// Rule 5.1: a swipe that recognized while its finger stays down gets no second finger; the narration
  /// says why, naming the finger still down.
  @Test func aRecognizerBarredForTheRestOfItsSequenceIsExplained() {
    let s = scene([v("pad", [0, 100, 390, 600], recognizers: [g("swipe", .swipe)]) { $0.multipleTouchEnabled = true }])
    let n = Narrated(
      s,
      [
        down(1, 100, 200, t: 0), move(1, 130, 200, t: 20), move(1, 160, 200, t: 40), down(2, 100, 400, t: 100),
        move(2, 130, 400, t: 120), move(2, 160, 400, t: 140), up(2, t: 200), up(1, t: 220),
      ])
    n.checkInvariants()
    #expect(
      n.steps.contains(
        "No recognizer takes finger 2; `swipe` does not get it: it already recognized with finger 1, still down, and cannot recognize again in this touch sequence (until it lifts) (rules C-7, 5.1)."
      ), "\(n)")
  }

  /// Rules H-1, H-4: a list inside a scrolling page; a quick drag on the list scrolls the list while the
  /// page's content delay still holds the touch. Both the step and the gesture's "Why?" name the list as
  /// the one that scrolled (the summary once named the page: by then the list's pan was reset) and the
  /// page as the one that held the touch back.
  @Test func aDroppedTouchNamesTheScrollViewThatScrolled() {
    let s = scene([
      v(
        "page", [0, 0, 390, 844], kind: .scroll,
        subviews: [
          v("comments", [0, 200, 390, 400], kind: .scroll) { $0.scroll = ScrollSpec(contentSize: Size(390, 1200)) }
        ]
      ) { $0.scroll = ScrollSpec(contentSize: Size(390, 2000)) }
    ])
    let n = Narrated(s, drag(from: (195, 500), to: (195, 400), steps: 5, every: 16))
    n.checkInvariants()
    let told = "`comments` began scrolling while `page` still held it back (delaysContentTouches)"
    #expect(n.steps.contains { $0.contains("`comments` never gets finger 1: " + told) }, "\(n)")
    #expect(n.summaries.contains { $0.contains("`comments` never got finger 1: " + told) }, "\(n)")
  }

  /// Rule 8.4: a stepper's + held at its maximum: the autorepeat timer fires but the value cannot step, and
  /// the narration must not say it steps again. Below the maximum it does.
  @Test func anAutorepeatAtTheLimitIsNotToldAsAStep() {
    func narrated(value: Double) -> Narrated {
      let s = scene([v("count", [100, 300, 94, 29], kind: .stepper) { $0.value = value }])
      return Narrated(s, tap(180, 314, hold: 700))
    }
    let atMax = narrated(value: 100)
    #expect(atMax.steps.contains { $0.contains("its autorepeat fires, but it does not step") }, "\(atMax)")
    #expect(!atMax.steps.contains { $0.contains("steps again") }, "\(atMax)")
    let below = narrated(value: 50)
    #expect(below.steps.contains { $0.contains("a UIStepper steps again while a button stays down") }, "\(below)")
  }

  /// Rule C-12: a double tap removed from its view while it waits for a second tap never decides; the
  /// "Why?" says it was removed, not that it had not decided when the gesture ended (5.4).
  @Test func aRecognizerRemovedBeforeDecidingIsExplainedAsRemoved() {
    let s = scene([v("card", [0, 0, 390, 844], recognizers: [g("double", .tap) { $0.numberOfTapsRequired = 2 }])])
    let n = Narrated(s, tap(100, 100) + [ScriptStep(t: 200, .removeGestureRecognizer("double"))])
    n.checkInvariants()
    #expect(
      n.summaries.contains(
        "`double` was removed from its view at 200 ms before it decided, so it sent nothing (rule C-12)."), "\(n)")
    #expect(!n.summaries.contains { $0.contains("had not decided when the gesture ended") }, "\(n)")
  }

  /// Rules H-1, H-3, H-4, H-8: a quick tap on a button in a scroll view, then a drag.
  @Test func scrollViewQuickTapAndDrag() {
    let s = scene([
      v(
        "list", [0, 100, 390, 600], kind: .scroll,
        subviews: [v("b1", [250, 25, 100, 50], kind: .button)]
      ) { $0.scroll = ScrollSpec(contentSize: Size(390, 1800)) }
    ])
    let n = Narrated(s, tap(300, 150) + drag(from: (300, 150), to: (300, 50), t: 1000, steps: 5))
    n.checkInvariants()
    #expect(
      n.steps.contains(
        "`list` holds back `b1`'s touchesBegan for finger 1 to see whether the finger scrolls (delaysContentTouches) (rule H-1)."
      ), "\(n)")
    #expect(
      n.steps.contains(
        "The finger lifted before `list`'s content-touch delay ran out, so `list` asks touchesShouldBegin(in: `b1`) at the lift: YES, so it no longer holds the touch back from `b1` (rule H-3)."
      ), "\(n)")
    #expect(
      n.summary(ofGesture: 0).contains(
        "`b1` fired touchUpInside at 80 ms, together with touchDown, at the lift: `list` held the touch back for 80 ms to see whether it would scroll (rules H-1, H-3)."
      ), "\(n)")
    #expect(
      n.steps.contains("`b1` never gets finger 1: `list` began scrolling before delivering it (rule H-4)."), "\(n)")
    #expect(
      n.summary(ofGesture: 1).contains(
        "`b1` got no events: finger 1 never reached it, because `list` began scrolling before delivering it (rule H-4)."
      ), "\(n)")
    #expect(n.steps.contains { $0.hasPrefix("`list` scrolled ") && $0.hasSuffix("(rule H-8).") }, "\(n)")
  }

  /// Rule H-6: once the content tracks the touch, scrolling cancels it (touchesShouldCancel YES).
  @Test func scrollingCancelsContentThatGotTheTouch() {
    let s = scene([
      v("list", [0, 100, 390, 600], kind: .scroll, subviews: [v("row", [0, 0, 390, 100])]) {
        $0.scroll = ScrollSpec(contentSize: Size(390, 1800))
      }
    ])
    let n = Narrated(s, [down(1, 100, 150, t: 0), move(1, 100, 130, t: 300), up(1, t: 320)])
    n.checkInvariants()
    #expect(
      n.steps.contains(
        "`list`'s 150 ms content-touch delay ran out with the finger still down, so it asks touchesShouldBegin(in: `row`): YES, so it no longer holds the touch back from `row` (rule H-2)."
      ), "\(n)")
    #expect(n.steps.contains { $0.hasPrefix("`row` received touchesCancelled because `list` began scrolling") }, "\(n)")
    #expect(
      n.summaries.contains(
        "`row` got touchesCancelled for finger 1 at 300 ms because `list` began scrolling (rule H-6)."),
      "\(n)")
  }

  /// Rules C-4, F-5, F-2: delaysTouchesBegan and multipleTouchEnabled, told from the trace alone.
  @Test func heldAndDroppedDeliveries() {
    let s = scene([
      v("card", [0, 0, 390, 844], recognizers: [g("press", .longPress) { $0.delaysTouchesBegan = true }])
    ])
    let n = Narrated(s, [down(1, 100, 100, t: 0), down(2, 200, 200, t: 10), up(2, t: 20), up(1, t: 700)])
    n.checkInvariants()
    #expect(
      n.steps.contains(
        "`card`'s touchesBegan is held back while `press` is undecided (delaysTouchesBegan) (rule F-5)."),
      "\(n)")
    #expect(n.summaries.contains { $0.hasPrefix("`press` did not fire") || $0.hasPrefix("`press` fired") }, "\(n)")
  }

  /// A touch that hits nothing still gets a summary.
  @Test func touchOnNothing() {
    let s = scene([]) { $0.root.hidden = true }
    let n = Narrated(s, tap(10, 10))
    n.checkInvariants()
    #expect(
      n.steps.contains(
        "No view takes the point, so finger 1 has no touch.view and no view gets its touches (rule A-1)."), "\(n)")
    #expect(n.summaries == ["No view was hit, so no view and no recognizer got the touches (rule A-1)."], "\(n)")
  }

  /// Rule A-5: a subview drawn outside its superview is never asked where the superview is not hit.
  @Test func childDrawnOutsideItsParentIsNeverAsked() {
    let s = scene([
      v("feed", [0, 200, 390, 600]),
      v("navBar", [0, 0, 390, 100], subviews: [v("menu", [200, 60, 180, 200], kind: .button)]),
    ])
    let n = Narrated(s, tap(290, 230))
    n.checkInvariants()
    #expect(
      n.steps.contains(
        "The hit test for finger 1 goes `root` → `feed`; in `root` it visits `navBar` first because it was added last: `navBar` does not contain the point, so its subviews are not asked, not even `menu`, which is drawn there (rules A-1, A-5)."
      ), "\(n)")
  }

  /// Rules F-2, 8.1: a pan on the superview takes the touch from a button (touchCancel).
  @Test func panCancelsAButton() {
    let s = scene([
      v(
        "card", [0, 100, 390, 500], recognizers: [g("pan", .pan)],
        subviews: [v("buy", [100, 200, 190, 60], kind: .button)])
    ])
    let n = Narrated(s, drag(from: (195, 330), to: (195, 430), steps: 5))
    n.checkInvariants()
    #expect(
      n.steps.contains(
        "`buy` received touchesCancelled and sent touchCancel because `pan` began and cancelsTouchesInView is on (rules 8.1, F-2)."
      ), "\(n)")
    #expect(
      n.summaries.contains(
        "`buy` did not fire touchUpInside: it got touchesCancelled at 16 ms because `pan` began and cancelsTouchesInView is on, so it sent touchCancel (rules F-2, 8.1)."
      ), "\(n)")
  }

  /// Rules C-4 and C-5: touches the window never delivers, told with their reason.
  @Test func multipleTouchAndExclusiveTouch() {
    let s = scene([
      v("pad", [0, 0, 390, 400]),
      v("lock", [0, 400, 390, 400], kind: .button) { $0.exclusiveTouch = true },
    ])
    let n = Narrated(
      s,
      [
        down(1, 100, 100, t: 0), down(2, 200, 200, t: 10), down(3, 100, 600, t: 20), up(3, t: 30), up(2, t: 40),
        up(1, t: 50),
      ])
    n.checkInvariants()
    #expect(
      n.steps.contains(
        "`pad` never gets finger 2: it already tracks another touch and multipleTouchEnabled is off (rule C-4)."),
      "\(n)")
    #expect(
      n.steps.contains(
        "`lock` never gets finger 3: it is exclusiveTouch and another view is already tracking a touch (rule C-5)."),
      "\(n)")
    #expect(
      n.summaries.contains(
        "`lock` got no events: finger 3 never reached it, because it is exclusiveTouch and another view is already tracking a touch (rule C-5)."
      ), "\(n)")
  }

  /// Each gesture gets its own "Why?" block, shown at the gesture's last entry, when every touch is up.
  @Test func oneSummaryPerGesture() {
    let s = scene([v("card", [0, 0, 390, 844], recognizers: [g("tap", .tap)])])
    let n = Narrated(s, tap(100, 100, t: 0) + tap(100, 100, t: 1000) + tap(300, 300, t: 2000))
    n.checkInvariants()
    let blocks = (0..<4).map { n.summary(ofGesture: $0) }
    #expect(blocks.prefix(3).allSatisfy { !$0.isEmpty } && blocks[3].isEmpty, "\(n)")
    #expect(blocks[1].first == "`tap` fired at 1080 ms, when the tap was complete (rule 5.1).", "\(n)")
    let ends = n.lines.filter { $0.kind == .summary }.map(\.traceIndex)
    for end in Set(ends) {
      // The entry after a summary is a later time, or there is none.
      #expect(end == n.run.trace.count - 1 || n.run.trace[end + 1].t > n.run.trace[end].t)
    }
  }

  /// Narration comes from the trace and the scene: other ids, other words, same shape.
  @Test func sentencesUseTheScenesOwnIdsAndClasses() {
    let s = scene([v("toggle", [100, 300, 51, 31], kind: .switch)], rootRecognizers: [g("dismiss", .tap)])
    let n = Narrated(s, tap(120, 315))
    #expect(
      n.steps.contains(
        "`dismiss` asked `toggle` whether it may begin; a UISwitch says no to a superview's single tap, so `dismiss` failed (rule 8.3)."
      ), "\(n)")
    #expect(
      n.steps.contains(
        "`toggle` received touchesEnded and sent valueChanged (`isOn` true), then touchUpInside (rule 8.1)."), "\(n)")
  }
}
