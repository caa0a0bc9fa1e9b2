import Geometry
import TestSupport
import Testing
import TouchSim

/// Rule group G: UIControl (section 8).
@Suite struct ControlTests {
  let button = scene([v("buy", [100, 300, 100, 50], kind: .button)])

  /// 8.1: touchDown on touch-down, touchUpInside on lift inside, highlight on then off.
  @Test func tapOnAButton() {
    let run = Run(button, tap(150, 320))
    #expect(run.controlEvents("buy") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    let highlights = run.trace.compactMap { e -> Bool? in
      if case .control(_, _, let h, _) = e.event { return h }
      return nil
    }
    #expect(highlights == [true, false, false])
  }

  /// 8.1: dragging out past the 70 pt margin exits; coming back enters; lift outside → touchUpOutside.
  @Test func dragExitAndEnterWithTheTrackingMargin() {
    let run = Run(
      button,
      [
        down(1, 150, 320, t: 0), move(1, 150, 360, t: 20), move(1, 150, 600, t: 40), move(1, 150, 330, t: 60),
        move(1, 150, 700, t: 80), up(1, t: 100),
      ])
    #expect(
      run.controlEvents("buy") == [
        "touchDown", "touchDragInside", "touchDragExit", "touchDragOutside", "touchDragEnter", "touchDragInside",
        "touchDragExit", "touchDragOutside", "touchUpOutside",
      ])
  }

  /// 8.1 / L7: 20 pt outside still counts as inside; 150 pt outside does not.
  @Test func marginIsSeventyPoints() {
    #expect(
      Run(button, [down(1, 150, 320, t: 0), up(1, t: 50, 150, 370)]).controlEvents("buy").suffix(2) == [
        "touchUpInside", "primaryActionTriggered",
      ])
    #expect(
      Run(button, [down(1, 150, 320, t: 0), up(1, t: 50, 150, 500)]).controlEvents("buy").last == "touchUpOutside")
  }

  /// 8.1 with A-6: a small button whose touch area is grown by 90 pt (past the 70 pt tracking margin),
  /// touched 80 pt right of its edge without moving: the point is inside by its own point(inside:), so it
  /// is not "outside" (no drag exit) and the lift sends touchUpInside. 100 pt away is outside both.
  @Test func aTouchAreaGrownPastTheMarginCountsAsInside() {
    let s = scene([v("small", [100, 300, 40, 40], kind: .button) { $0.hitOutset = 90 }])
    let run = Run(s, [down(1, 220, 320, t: 0), move(1, 221, 320, t: 20), up(1, t: 50)])
    #expect(run.hit(1) == .some("small"))
    #expect(run.controlEvents("small") == ["touchDown", "touchDragInside", "touchUpInside", "primaryActionTriggered"])
    let away = Run(s, [down(1, 220, 320, t: 0), move(1, 240, 320, t: 20), up(1, t: 50)])
    #expect(away.controlEvents("small") == ["touchDown", "touchDragExit", "touchDragOutside", "touchUpOutside"])
  }

  /// 8.1: a second tap soon after sends touchDownRepeat.
  @Test func touchDownRepeat() {
    let run = Run(button, tap(150, 320, t: 0) + tap(150, 320, t: 150))
    #expect(
      run.controlEvents("buy") == [
        "touchDown", "touchUpInside", "primaryActionTriggered", "touchDown", "touchDownRepeat", "touchUpInside",
        "primaryActionTriggered",
      ])
  }

  /// 8.1: touchesCancelled → touchCancel, no touchUp.
  @Test func cancelledTouchSendsTouchCancel() {
    #expect(
      Run(button, [down(1, 150, 320, t: 0), cancel(1, t: 50)]).controlEvents("buy") == ["touchDown", "touchCancel"])
  }

  /// 8.1: a control tracks one touch.
  @Test func controlTracksASingleTouch() {
    let s = scene([v("buy", [100, 300, 100, 50], kind: .button) { $0.multipleTouchEnabled = true }])
    let run = Run(s, [down(1, 120, 320, t: 0), down(2, 180, 320, t: 10), up(2, t: 40), up(1, t: 60)])
    #expect(run.controlEvents("buy") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
  }

  /// 8.1: value controls send valueChanged: a switch on tap, a slider while dragging.
  @Test func valueChangedForSwitchAndSlider() {
    let s = scene([v("toggle", [100, 100, 51, 31], kind: .switch), v("volume", [50, 300, 200, 30], kind: .slider)])
    let sw = Run(s, tap(120, 110))
    #expect(sw.controlEvents("toggle") == ["touchDown", "valueChanged", "touchUpInside"])
    // Down on the thumb (value 0: its centre 14 pt in), then 86 pt along the 172 pt track, then past its end.
    let slide = Run(s, [down(1, 64, 310, t: 0), move(1, 150, 310, t: 20), move(1, 250, 310, t: 40), up(1, t: 60)])
    let values = slide.trace.compactMap { e -> Double? in
      if case .control("volume", .valueChanged, _, let v) = e.event { return v?.number }
      return nil
    }
    #expect(values == [0.5, 1])
  }

  /// 8.2 / A-8: a disabled control gets nothing.
  @Test func disabledControlSendsNothing() {
    let s = scene([v("buy", [100, 300, 100, 50], kind: .button) { $0.enabled = false }])
    let run = Run(s, tap(150, 320))
    #expect(run.controlEvents("buy").isEmpty)
    #expect(run.hit() == "root")
  }

  /// 8.1: each valueChanged line carries the value under the property UIKit's handler reads, with UIKit's
  /// type (`isOn` a Bool, the indexes whole numbers), beside the documented `value` number.
  @Test func valueChangedNamesTheUIKitProperty() {
    let s = scene([
      v("toggle", [20, 100, 51, 31], kind: .switch),
      v("volume", [20, 200, 200, 30], kind: .slider),
      v("count", [20, 300, 94, 29], kind: .stepper),
      v("choice", [20, 400, 300, 32], kind: .segmentedControl) { $0.text = "A|B|C" },
      v("pages", [20, 500, 300, 30], kind: .pageControl) {
        $0.value = 0
        $0.numberOfPages = 3
      },
    ])
    func line(_ script: [ScriptStep], _ control: String) -> String? {
      Run(s, script).trace.first {
        if case .control(control, .valueChanged, _, _) = $0.event { true } else { false }
      }?.json
    }
    let toggle = line(tap(40, 115), "toggle")
    #expect(toggle?.contains(#""value":1,"isOn":true"#) == true, "\(toggle ?? "no line")")
    let volume = line([down(1, 34, 215, t: 0), move(1, 120, 215, t: 20), up(1, t: 40)], "volume")
    #expect(volume?.hasSuffix(#""value":0.5}"#) == true, "\(volume ?? "no line")")
    let count = line(tap(100, 314), "count")
    #expect(count?.hasSuffix(#""value":1}"#) == true, "\(count ?? "no line")")
    let choice = line(tap(270, 416), "choice")
    #expect(choice?.contains(#""value":2,"selectedSegmentIndex":2"#) == true, "\(choice ?? "no line")")
    let pages = line(tap(300, 515), "pages")
    #expect(pages?.contains(#""currentPage":1"#) == true, "\(pages ?? "no line")")
  }

  // MARK: UIStepper (8.4) and UISlider (8.5) as UIKit ships them

  static func values(_ run: Run, _ control: String) -> [Double] {
    run.trace.compactMap { e -> Double? in
      if case .control(control, .valueChanged, _, let v) = e.event { return v?.number }
      return nil
    }
  }

  static func stepper(_ configure: (inout ViewSpec) -> Void = { _ in }) -> Scene {
    scene([v("count", [100, 300, 94, 29], kind: .stepper, configure)])
  }

  /// 8.4: within its range: − at the minimum and + at the maximum change nothing and send no valueChanged
  /// (the button is disabled); the tap is still tracked.
  @Test func stepperStopsAtItsLimits() {
    let minus = Run(Self.stepper(), tap(110, 314))
    #expect(Self.values(minus, "count").isEmpty)
    #expect(minus.controlEvents("count") == ["touchDown", "touchUpInside"])
    let plus = Run(Self.stepper { $0.value = 100 }, tap(180, 314))
    #expect(Self.values(plus, "count").isEmpty)
    let custom = Run(
      Self.stepper {
        $0.value = 9.5
        $0.maximumValue = 10
        $0.stepValue = 2
      }, tap(180, 314))
    #expect(Self.values(custom, "count") == [10])
  }

  /// 8.4: wraps: past the maximum to the minimum, below the minimum to the maximum.
  @Test func aWrappingStepperGoesRound() {
    let up = Run(
      Self.stepper {
        $0.value = 100
        $0.wraps = true
      }, tap(180, 314))
    #expect(Self.values(up, "count") == [0])
    let down = Run(
      Self.stepper {
        $0.wraps = true
        $0.minimumValue = -3
        $0.value = -3
        $0.maximumValue = 3
      }, tap(110, 314))
    #expect(Self.values(down, "count") == [3])
  }

  /// 8.4: held, a stepper repeats: one step on touch-down, the first repeat 500 ms later, then every 100 ms,
  /// each a valueChanged, until the lift; the repeats stop at a limit.
  @Test func aHeldStepperRepeats() {
    let run = Run(Self.stepper(), [down(1, 180, 314, t: 0), up(1, t: 2500)])
    let values = Self.values(run, "count")
    // 1 at 0 ms, then one more at 500, 600 … 2400 (a touch step fires only the timers due before it).
    #expect(values == (1...21).map(Double.init), "\(values)")
    let times = run.trace.compactMap { e -> Double? in
      if case .control("count", .valueChanged, _, _) = e.event { return e.t }
      return nil
    }
    #expect(times.prefix(3) == [0, 500, 600])
    let limited = Run(Self.stepper { $0.maximumValue = 3 }, [down(1, 180, 314, t: 0), up(1, t: 2500)])
    #expect(Self.values(limited, "count") == [1, 2, 3])
    let none = Run(Self.stepper { $0.autorepeat = false }, [down(1, 180, 314, t: 0), up(1, t: 2500)])
    #expect(Self.values(none, "count") == [1])
  }

  /// 8.4: a stepper that is not continuous sends one valueChanged, at the lift, with the value reached.
  @Test func aStepperThatIsNotContinuousSendsOnceAtTheEnd() {
    let run = Run(Self.stepper { $0.isContinuous = false }, [down(1, 180, 314, t: 0), up(1, t: 750)])
    #expect(Self.values(run, "count") == [4])
    let events = run.controlEvents("count")
    #expect(events == ["touchDown", "valueChanged", "touchUpInside"], "\(events)")
    #expect(
      run.trace.first { if case .control("count", .valueChanged, _, _) = $0.event { true } else { false } }?.t == 750)
  }

  /// 8.5: a stock slider tracks only a touch that begins on its thumb: a tap or a drag from the track far
  /// from the thumb sends nothing and changes nothing.
  @Test func aSliderIgnoresATouchOnItsTrack() {
    let s = scene([v("volume", [50, 300, 200, 30], kind: .slider) { $0.value = 0.5 }])
    // The thumb's centre: 50 + 14 + 0.5 × 172 = 150.
    let far = Run(s, [down(1, 60, 315, t: 0), move(1, 120, 315, t: 20), move(1, 240, 315, t: 40), up(1, t: 60)])
    #expect(far.controlEvents("volume").isEmpty)
    let onThumb = Run(s, [down(1, 145, 315, t: 0), move(1, 188, 315, t: 20), up(1, t: 40)])
    #expect(Self.values(onThumb, "volume") == [0.75])
    #expect(onThumb.controlEvents("volume").first == "touchDown")
  }

  /// 8.5: the slider's own range: the value follows the finger in its units, within minimum and maximum;
  /// not continuous: one valueChanged at the lift.
  @Test func aSliderKeepsItsRangeAndMayWaitForTheLift() {
    let s = scene([
      v("volume", [50, 300, 200, 30], kind: .slider) {
        $0.minimumValue = 10
        $0.maximumValue = 20
        $0.value = 10
      }
    ])
    let run = Run(s, [down(1, 64, 315, t: 0), move(1, 150, 315, t: 20), move(1, 400, 315, t: 40), up(1, t: 60)])
    #expect(Self.values(run, "volume") == [15, 20])
    var quiet = s
    quiet.root.subviews[0].isContinuous = false
    let once = Run(quiet, [down(1, 64, 315, t: 0), move(1, 150, 315, t: 20), move(1, 400, 315, t: 40), up(1, t: 60)])
    #expect(Self.values(once, "volume") == [20])
  }

  /// 8.4: a `set` step changes a stepper's settings mid-script: a smaller maximum keeps the value within it
  /// (as UIKit's setter does), and the next step uses the new step and wraps.
  @Test func aSetStepChangesAStepperMidScript() {
    var script = tap(180, 314, t: 0) + tap(180, 314, t: 200)
    script.append(ScriptStep(t: 400, .set([PropertyChange(target: "count", key: "maximumValue", value: .number(1))])))
    script.append(
      ScriptStep(
        t: 400,
        .set([
          PropertyChange(target: "count", key: "stepValue", value: .number(0.5)),
          PropertyChange(target: "count", key: "wraps", value: .bool(true)),
        ])))
    script += tap(180, 314, t: 600)
    let run = Run(Self.stepper(), script)
    // 1, 2; the maximum 1 keeps the value at 1 (no event: UIKit sends none for a setter); then 1 + 0.5 is
    // beyond the maximum, so the wrapping stepper goes to its minimum.
    #expect(Self.values(run, "count") == [1, 2, 0])
  }

  // MARK: Segmented control, page control and switch settings (8.6, 8.7)

  static func choice(_ configure: (inout ViewSpec) -> Void = { _ in }) -> Scene {
    scene([
      v("choice", [20, 400, 300, 32], kind: .segmentedControl) {
        $0.text = "A|B|C"
        configure(&$0)
      }
    ])
  }

  /// The value a control event carried, event by event (nil where it carried none).
  static func carried(_ run: Run, _ control: String) -> [String] {
    run.trace.compactMap { e -> String? in
      guard case .control(control, let event, _, let value) = e.event else { return nil }
      return value.map { "\(event.rawValue)=\(JSONNumber.format($0.number))" } ?? event.rawValue
    }
  }

  /// 8.6: a momentary segmented control sends valueChanged with the touched segment each time, even the same
  /// segment twice, and its selection is back to none (-1) once the touch is over.
  @Test func aMomentarySegmentedControlDoesNotKeepItsSelection() {
    let run = Run(Self.choice { $0.isMomentary = true }, tap(270, 416, t: 0) + tap(270, 416, t: 600))
    #expect(
      Self.carried(run, "choice") == [
        "touchDown", "valueChanged=2", "touchUpInside=-1", "touchDown", "valueChanged=2", "touchUpInside=-1",
      ])
    // Not momentary: the second tap on the selected segment changes nothing.
    let kept = Run(Self.choice(), tap(270, 416, t: 0) + tap(270, 416, t: 600))
    #expect(
      Self.carried(kept, "choice") == ["touchDown", "valueChanged=2", "touchUpInside", "touchDown", "touchUpInside"])
    // Momentary without a value starts with no segment selected.
    #expect(Self.choice { $0.isMomentary = true }.root.subviews[0].initialControlValue == -1)
  }

  /// 8.6: a touch on a disabled segment selects nothing and sends no valueChanged; the control still
  /// tracks the touch. The other segments work.
  @Test func aDisabledSegmentSelectsNothing() {
    let s = Self.choice { $0.disabledSegments = [2] }
    #expect(Self.carried(Run(s, tap(270, 416)), "choice") == ["touchDown", "touchUpInside"])
    #expect(Self.values(Run(s, tap(170, 416)), "choice") == [1])
  }

  /// 8.7: a tap on the right half goes one page on, on the left half one back, never past the first or the
  /// last page; valueChanged only when the page changed. Without numberOfPages (UIKit's default 0) a tap
  /// changes nothing.
  @Test func aPageControlMovesOnePageWithinItsPages() {
    func pages(_ n: Int?, at value: Double) -> Scene {
      scene([
        v("pages", [20, 500, 300, 30], kind: .pageControl) {
          $0.numberOfPages = n
          $0.value = value
        }
      ])
    }
    #expect(Self.values(Run(pages(3, at: 1), tap(300, 515)), "pages") == [2])
    #expect(Self.values(Run(pages(3, at: 1), tap(40, 515)), "pages") == [0])
    let atEnd = Run(pages(3, at: 2), tap(300, 515))
    #expect(Self.values(atEnd, "pages").isEmpty)
    #expect(atEnd.controlEvents("pages") == ["touchDown", "touchUpInside"])
    #expect(Self.values(Run(pages(3, at: 0), tap(40, 515)), "pages").isEmpty)
    #expect(Self.values(Run(pages(nil, at: 0), tap(300, 515)), "pages").isEmpty)
    // A file's page beyond the last is kept at the last, as UIKit's setter keeps it.
    #expect(pages(3, at: 7).root.subviews[0].initialControlValue == 2)
  }

  /// 8.7: a set step that gives fewer pages keeps the current page within them.
  @Test func fewerPagesKeepTheCurrentPageWithinThem() {
    let s = scene([
      v("pages", [20, 500, 300, 30], kind: .pageControl) {
        $0.numberOfPages = 5
        $0.value = 4
      }
    ])
    let script =
      [ScriptStep(t: 0, .set([PropertyChange(target: "pages", key: "numberOfPages", value: .number(2))]))]
      + tap(40, 515, t: 100)
    #expect(Self.values(Run(s, script), "pages") == [0])
  }

  /// 8.6: set steps make a segment disabled and the control momentary mid-script.
  @Test func setStepsChangeASegmentedControlMidScript() {
    let script =
      tap(270, 416, t: 0)
      + [
        ScriptStep(
          t: 300,
          .set([
            PropertyChange(target: "choice", key: "disabledSegments", value: .list([.number(0)])),
            PropertyChange(target: "choice", key: "isMomentary", value: .bool(true)),
          ]))
      ] + tap(40, 416, t: 400) + tap(170, 416, t: 800)
    // 2; segment 0 is disabled now: nothing; then segment 1, momentary: valueChanged, then none again.
    #expect(
      Self.carried(Run(Self.choice(), script), "choice") == [
        "touchDown", "valueChanged=2", "touchUpInside", "touchDown", "touchUpInside", "touchDown", "valueChanged=1",
        "touchUpInside=-1",
      ])
  }

  /// 8.6 (the switch): a switch the file sets on starts on, and a tap turns it off.
  @Test func aSwitchStartsAsTheFileSetsIt() {
    let s = scene([v("toggle", [100, 100, 51, 31], kind: .switch) { $0.value = 1 }])
    #expect(Self.carried(Run(s, tap(120, 110)), "toggle") == ["touchDown", "valueChanged=0", "touchUpInside"])
  }

  // MARK: Tracking overrides (8.8)

  static func answers(_ run: Run, _ control: String) -> [String] {
    run.trace.compactMap { e -> String? in
      guard case .ask(control, let q, _, _, let yes) = e.event else { return nil }
      return "\(q.rawValue)=\(yes)"
    }
  }

  /// 8.8: beginTracking answering NO: the control sends nothing for that touch, and the trace shows the
  /// answer; a shape answers YES only for a touch that begins in it.
  @Test func beginTrackingNoTracksNothing() {
    let no = scene([
      v("knob", [100, 300, 100, 100], kind: .control) { $0.trackingOverrides.beginTracking = .always(false) }
    ])
    let run = Run(no, [down(1, 150, 350, t: 0), move(1, 160, 350, t: 20), up(1, t: 40)])
    #expect(run.controlEvents("knob").isEmpty)
    #expect(Self.answers(run, "knob") == ["beginTracking=false"])
    let circle = scene([
      v("knob", [100, 300, 100, 100], kind: .control) {
        $0.trackingOverrides.beginTracking = .within(.circle(center: Point(50, 50), radius: 20))
      }
    ])
    #expect(Run(circle, tap(150, 350)).controlEvents("knob") == ["touchDown", "touchUpInside"])
    #expect(Run(circle, tap(110, 310)).controlEvents("knob").isEmpty)
  }

  /// 8.8: continueTracking answering NO ends tracking: no drag event for that move or later ones, no
  /// touch-up; a slider's value stops following the finger.
  @Test func continueTrackingNoEndsTracking() {
    let s = scene([
      v("knob", [100, 300, 100, 100], kind: .control) {
        $0.trackingOverrides.continueTracking = .within(.rects([Rect(0, 0, 100, 100)]))
      }
    ])
    let run = Run(
      s,
      [
        down(1, 150, 350, t: 0), move(1, 160, 350, t: 20), move(1, 230, 350, t: 40), move(1, 150, 350, t: 60),
        up(1, t: 80),
      ])
    #expect(run.controlEvents("knob") == ["touchDown", "touchDragInside"])
    #expect(Self.answers(run, "knob") == ["continueTracking=true", "continueTracking=false"])
    let slider = scene([
      v("volume", [50, 300, 200, 30], kind: .slider) { $0.trackingOverrides.continueTracking = .always(false) }
    ])
    let slide = Run(slider, [down(1, 64, 310, t: 0), move(1, 150, 310, t: 20), up(1, t: 40)])
    #expect(Self.values(slide, "volume").isEmpty)
    #expect(slide.controlEvents("volume") == ["touchDown"])
  }

  /// 8.8: endTracking without super skips the class's own end of tracking (a switch does not toggle) while
  /// UIControl still sends the touch-up; cancelTracking without super leaves the control highlighted.
  @Test func endAndCancelTrackingWithoutSuper() {
    let s = scene([
      v("toggle", [100, 100, 51, 31], kind: .switch) { $0.trackingOverrides.endTrackingCallsSuper = false }
    ])
    #expect(Run(s, tap(120, 110)).controlEvents("toggle") == ["touchDown", "touchUpInside"])
    let kept = scene([
      v("buy", [100, 300, 100, 50], kind: .button) { $0.trackingOverrides.cancelTrackingCallsSuper = false }
    ])
    let cancelled = Run(kept, [down(1, 150, 320, t: 0), cancel(1, t: 50)])
    let last = cancelled.trace.last { if case .control("buy", .touchCancel, _, _) = $0.event { true } else { false } }
    guard case .control(_, _, let highlighted, _)? = last?.event else {
      Issue.record("no touchCancel")
      return
    }
    #expect(highlighted)
    let plain = Run(button, [down(1, 150, 320, t: 0), cancel(1, t: 50)])
    #expect(plain.trace.contains { if case .control("buy", .touchCancel, false, _) = $0.event { true } else { false } })
  }
}
