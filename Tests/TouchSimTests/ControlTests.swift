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
    let slide = Run(s, [down(1, 60, 310, t: 0), move(1, 150, 310, t: 20), move(1, 250, 310, t: 40), up(1, t: 60)])
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
      v("pages", [20, 500, 300, 30], kind: .pageControl) { $0.value = 0 },
    ])
    func line(_ script: [ScriptStep], _ control: String) -> String? {
      Run(s, script).trace.first {
        if case .control(control, .valueChanged, _, _) = $0.event { true } else { false }
      }?.json
    }
    let toggle = line(tap(40, 115), "toggle")
    #expect(toggle?.contains(#""value":1,"isOn":true"#) == true, "\(toggle ?? "no line")")
    let volume = line([down(1, 30, 215, t: 0), move(1, 120, 215, t: 20), up(1, t: 40)], "volume")
    #expect(volume?.hasSuffix(#""value":0.5}"#) == true, "\(volume ?? "no line")")
    let count = line(tap(100, 314), "count")
    #expect(count?.hasSuffix(#""value":1}"#) == true, "\(count ?? "no line")")
    let choice = line(tap(270, 416), "choice")
    #expect(choice?.contains(#""value":2,"selectedSegmentIndex":2"#) == true, "\(choice ?? "no line")")
    let pages = line(tap(300, 515), "pages")
    #expect(pages?.contains(#""currentPage":1"#) == true, "\(pages ?? "no line")")
  }
}
