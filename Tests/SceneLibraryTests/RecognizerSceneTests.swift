import Geometry
import Testing
import TouchSim

/// What the gesture-recognizer and control scenes promise in their `about` text, checked on their traces.
/// Times are those of each scene's script: `during(a..<b)` is one gesture.
@Suite struct RecognizerSceneTests {
  static let buyVeto = "buyButton (UIButton) vetoes a superview's single tap"

  /// 8.3: the button vetoes the parent tap; a recognizer on the button wins; a custom control does not veto.
  @Test func controlsVersusTapRecognizers() throws {
    let run = try PlayedScene("07-controls-vs-tap-recognizers.yaml")
    let buy = run.during(0..<800)
    #expect(buy.controlEvents("buyButton") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    #expect(!buy.fired("openProduct"))
    #expect(buy.reason("openProduct", to: .failed) == Self.buyVeto)
    let share = run.during(800..<1600)
    #expect(share.actionTimes("shareTap") == ["ended@880"])
    #expect(share.controlEvents("shareButton") == ["touchDown", "touchCancel"])
    let rating = run.during(1600..<2400)
    #expect(rating.answers(.gestureRecognizerShouldBegin, of: "starRating", about: "openReviews") == [true])
    #expect(rating.fired("openReviews"))
    #expect(rating.controlEvents("starRating") == ["touchDown", "touchCancel"])
    #expect(run.during(2400..<3200).fired("openProduct"))
  }

  /// F-2 / F-3 / F-4 and 8.3: cancelsTouchesInView on cancels the view; off, both the action and the view's
  /// touchesEnded happen, and the button's veto is not asked.
  @Test func cancelsTouchesInView() throws {
    let run = try PlayedScene("08-cancels-touches-in-view.yaml")
    let on = run.during(0..<800)
    #expect(on.fired("tapCancels"))
    #expect(on.delivered("cancelCard") == ["touchesBegan@0", "touchesCancelled@80"])
    let off = run.during(800..<1600)
    #expect(off.fired("tapKeeps"))
    #expect(off.delivered("keepCard") == ["touchesBegan@800", "touchesEnded@880"])
    let leftButton = run.during(1600..<2400)
    #expect(leftButton.controlEvents("cancelButton") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    #expect(leftButton.reason("tapCancels", to: .failed) == "cancelButton (UIButton) vetoes a superview's single tap")
    let rightButton = run.during(2400..<3200)
    #expect(rightButton.controlEvents("keepButton") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    #expect(rightButton.fired("tapKeeps"))
    #expect(rightButton.asks(.gestureRecognizerShouldBegin).isEmpty)
  }

  /// F-5: delaysTouchesBegan withholds the view's touches; never delivered on recognition, delivered late on failure.
  @Test func delaysTouchesBegan() throws {
    let run = try PlayedScene("09-delays-touches-began.yaml")
    #expect(run.during(0..<800).delivered("instantCard") == ["touchesBegan@0", "touchesCancelled@80"])
    let tapped = run.during(800..<1600)
    #expect(tapped.fired("delayedTap"))
    #expect(tapped.methods("delayedCard").isEmpty)
    #expect(tapped.withheldBy("delayedCard") == [["delayedTap"]])
    #expect(tapped.drops("delayedCard") == ["cancelled by delayedTap before delivery"])
    let dragged = run.during(1600..<2600)
    let failedAt = try #require(dragged.time("delayedTap", to: .failed))
    #expect(failedAt > 1600)
    #expect(dragged.delivered("delayedCard").first == "touchesBegan@\(JSONNumber.format(failedAt))")
    #expect(dragged.methods("delayedCard").last == "touchesEnded")
    #expect(
      run.during(2600..<3600).controlEventTimes("instantButton") == [
        "touchDown@2600", "touchUpInside@3000", "primaryActionTriggered@3000",
      ])
    #expect(
      run.during(3600..<4600).controlEventTimes("delayedButton") == [
        "touchDown@4000", "touchUpInside@4000", "primaryActionTriggered@4000",
      ])
  }

  /// F-6: a double tap on the superview keeps the button's touchesEnded for 350 ms; delaysTouchesEnded = NO fixes it.
  @Test func slowButtonBehindDoubleTap() throws {
    let run = try PlayedScene("10-slow-button-behind-double-tap.yaml")
    let slow = run.during(0..<1000)
    #expect(
      slow.controlEventTimes("commentButton") == ["touchDown@0", "touchUpInside@430", "primaryActionTriggered@430"])
    #expect(slow.withheldBy("commentButton") == [["likeDoubleTap"]])
    #expect(slow.reason("likeDoubleTap", to: .failed) == "no tap 2 within 350 ms")
    #expect(
      run.during(1000..<2000).controlEventTimes("fixedCommentButton") == [
        "touchDown@1000", "touchUpInside@1080", "primaryActionTriggered@1080",
      ])
    #expect(run.during(2000..<3000).actionTimes("likeDoubleTap") == ["ended@2260"])
    #expect(run.during(3000..<4000).actionTimes("likeDoubleTapFixed") == ["ended@3260"])
  }

  /// E-6.7 / E-6.3: single and double taps without a relationship, with require(toFail:) and both delegate forms.
  @Test func singleVersusDoubleTap() throws {
    let run = try PlayedScene("11-single-vs-double-tap.yaml")
    let none = run.during(0..<2200)
    // E-6.7: without a relationship the single tap fires on every tap, the double on the second.
    #expect(none.actionTimes("singleA") == ["ended@80", "ended@1080", "ended@1260"])
    #expect(none.actionTimes("doubleA") == ["ended@1260"])
    // Each requirement form: a lone tap fires single 350 ms after the lift, after double failed;
    // a double tap fires double only.
    for (i, (single, double)) in [("singleB", "doubleB"), ("singleC", "doubleC"), ("singleD", "doubleD")].enumerated() {
      let t = 2200 * Double(i + 1)
      let lone = run.during(t..<t + 1000)
      #expect(lone.waits(single) == [[double]], "\(single)")
      #expect(lone.actionTimes(single) == ["ended@\(JSONNumber.format(t + 430))"], "\(single)")
      #expect(lone.reason(double, to: .failed) == "no tap 2 within 350 ms")
      #expect(lone.time(double, to: .failed) == t + 430)
      let twice = run.during(t + 1000..<t + 2200)
      #expect(twice.actionTimes(double) == ["ended@\(JSONNumber.format(t + 1260))"], "\(double)")
      #expect(!twice.fired(single), "\(single)")
      #expect(twice.reason(single, to: .failed) == "required gesture \(double) recognized")
    }
    #expect(run.answers(.shouldRequireFailureOf, of: "singleC", about: "doubleC").contains(true))
    #expect(run.answers(.shouldBeRequiredToFailBy, of: "doubleD", about: "singleD").contains(true))
  }

  /// E-6.6 / E-6.3: two identical taps: the later-added wins; require(toFail:) reverses it.
  @Test func twoIdenticalTaps() throws {
    let run = try PlayedScene("12-two-identical-taps.yaml")
    let plain = run.during(0..<800)
    #expect(plain.fired("secondTap"))
    #expect(!plain.fired("firstTap"))
    #expect(plain.reason("firstTap", to: .failed) == "excluded by secondTap")
    let ordered = run.during(800..<1600)
    #expect(ordered.fired("firstTapB"))
    #expect(!ordered.fired("secondTapB"))
    #expect(ordered.reason("secondTapB", to: .failed) == "required gesture firstTapB recognized")
  }

  /// E-6.7 (S9): pan and swipe on one view: the swipe never fires; pan.require(toFail: swipe) fixes it.
  @Test func panVersusSwipe() throws {
    let run = try PlayedScene("13-pan-vs-swipe.yaml")
    #expect(!run.fired("swipeA"))
    let fast = run.during(0..<1000)
    #expect(fast.fired("panA"))
    #expect(fast.reason("swipeA", to: .failed) == "excluded by panA")
    let fixed = run.during(1000..<2000)
    #expect(fixed.actionValues("swipeB").map(\.direction) == [.right])
    #expect(!fixed.fired("panB"))
    #expect(fixed.reason("panB", to: .failed) == "required gesture swipeB recognized")
    let slow = run.during(2000..<3000)
    #expect(slow.waits("panB") == [["swipeB"]])
    let swipeFailed = try #require(slow.time("swipeB", to: .failed))
    #expect(slow.reason("swipeB", to: .failed) == "slower than 500 ms")
    #expect(slow.time("panB", to: .began) == swipeFailed)
    #expect(slow.actionValues("panB").first?.translation == Point(0, 0))
    #expect(slow.actions("panB").last == "ended")
  }

  /// E-6.1 / E-6.2 and section 10: tap versus long press; a child's long press versus a parent's pan.
  @Test func tapVersusLongPress() throws {
    let run = try PlayedScene("14-tap-vs-long-press.yaml")
    let quick = run.during(0..<1000)
    #expect(quick.actionTimes("openPhoto") == ["ended@80"])
    #expect(quick.reason("showMenu", to: .failed) == "lifted before 0.5 s")
    let hold = run.during(1000..<2600)
    #expect(hold.actionTimes("showMenu") == ["began@1500", "ended@1900"])
    #expect(hold.reason("openPhoto", to: .failed) == "excluded by showMenu")
    let drag = run.during(2600..<3600)
    #expect(drag.reason("pickUp", to: .failed)?.hasPrefix("moved") == true)
    #expect(drag.fired("scrollBoard"))
    #expect(drag.methods("sticky") == ["touchesBegan", "touchesCancelled"])
    let holdThenDrag = run.during(3600..<5000)
    #expect(holdThenDrag.actionTimes("pickUp").first == "began@4100")
    #expect(holdThenDrag.actions("pickUp").contains("changed"))
    #expect(holdThenDrag.actions("pickUp").last == "ended")
    #expect(!holdThenDrag.fired("scrollBoard"))
    #expect(holdThenDrag.reason("scrollBoard", to: .failed) == "excluded by pickUp")
  }

  /// E-6.1: one winner by default; shouldRecognizeSimultaneouslyWith lets pinch + rotation and two pans run together.
  @Test func simultaneousRecognition() throws {
    let run = try PlayedScene("15-simultaneous-recognition.yaml")
    let alone = run.during(0..<800)
    #expect(alone.fired("zoom") != alone.fired("spin"), "exactly one of zoom and spin")
    let together = run.during(1400..<2400)
    #expect(together.fired("zoom") && together.fired("spin"))
    #expect(together.answers(.shouldRecognizeSimultaneouslyWith, of: "zoom", about: "spin").contains(true))
    #expect(together.actions("zoom").last == "ended" && together.actions("spin").last == "ended")
    let nested = run.during(2400..<3200)
    #expect(nested.fired("carouselPan"))
    #expect(!nested.fired("sheetPan"))
    #expect(nested.reason("sheetPan", to: .failed) == "excluded by carouselPan")
    let both = run.from(3800)
    #expect(both.fired("carouselPan") && both.fired("sheetPan"))
    #expect(
      both.actions("sheetPan").filter { $0 == "changed" }.count
        == both.actions("carouselPan").filter { $0 == "changed" }.count)
  }

  /// E-6.4 / F-8: shouldReceive NO on the control: the recognizer never sees the touch; elsewhere it still fires.
  @Test func shouldReceiveFilter() throws {
    let run = try PlayedScene("16-should-receive-filter.yaml")
    let unfiltered = run.during(0..<800)
    #expect(unfiltered.fired("cardTapA"))
    #expect(unfiltered.controlEvents("ratingA") == ["touchDown", "touchCancel"])
    let filtered = run.during(800..<1600)
    #expect(filtered.answers(.shouldReceive, of: "cardTapB") == [false])
    #expect(!filtered.fed("cardTapB"))
    #expect(filtered.states("cardTapB").isEmpty)
    #expect(filtered.controlEvents("ratingB") == ["touchDown", "touchUpInside"])
    let elsewhere = run.during(1600..<2400)
    #expect(elsewhere.answers(.shouldReceive, of: "cardTapB") == [true])
    #expect(elsewhere.fired("cardTapB"))
  }

  /// C-3 / C-4: two fingers on two views; the second finger is withheld from a single-touch view, not from its pinch.
  @Test func multiTouch() throws {
    let run = try PlayedScene("22-multi-touch.yaml")
    let pads = run.during(0..<1000)
    #expect(pads.deliveries("kickPad") == ["touchesBegan[1]", "touchesEnded[1]"])
    #expect(pads.deliveries("snarePad") == ["touchesBegan[2]", "touchesEnded[2]"])
    let single = run.during(1000..<2000)
    #expect(single.drops("photo") == ["multipleTouchEnabled"])
    #expect(single.fedBegan("zoom") == [[1], [2]])
    #expect(single.fired("zoom"))
    #expect(single.deliveries("photo") == ["touchesBegan[1]", "touchesCancelled[1]"])
    let multiple = run.from(2000)
    #expect(multiple.drops("photo").isEmpty)
    #expect(multiple.deliveries("photo").prefix(2) == ["touchesBegan[1]", "touchesBegan[2]"])
    #expect(multiple.fired("zoom"))
  }

  /// 5.1: isEnabled = false cancels a pan that began (one cancelled action) and fails a possible long press silently.
  @Test func disableMidGesture() throws {
    let run = try PlayedScene("23-disable-mid-gesture.yaml")
    let cancelled = run.during(0..<800)
    #expect(cancelled.actions("dragCard").first == "began")
    #expect(cancelled.actionTimes("dragCard").last == "cancelled@88")
    #expect(cancelled.reason("dragCard", to: .cancelled) == "isEnabled set to false")
    #expect(cancelled.actions("dragCard").filter { $0 == "cancelled" }.count == 1)
    let again = run.during(800..<2400)
    #expect(again.actions("dragCard").first == "began")
    #expect(again.actions("dragCard").last == "ended")
    let press = run.during(2400..<3600)
    #expect(press.states("holdToRecord") == ["possible>failed", "failed>possible"])
    #expect(press.reason("holdToRecord", to: .failed) == "isEnabled set to false")
    #expect(press.actions("holdToRecord").isEmpty)
    #expect(run.from(3600).actionTimes("holdToRecord") == ["began@4700", "ended@5100"])
  }

  /// C-5: while an exclusive button tracks, other views get no touches, and an exclusive one gets none while others track.
  @Test func exclusiveTouch() throws {
    let run = try PlayedScene("24-exclusive-touch.yaml")
    let exclusive = run.during(0..<1000)
    #expect(exclusive.controlEvents("saveButton") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    #expect(exclusive.controlEvents("deleteButton").isEmpty)
    #expect(exclusive.drops("deleteButton") == ["exclusiveTouch"])
    let normal = run.during(1000..<2000)
    #expect(normal.controlEvents("likeButton") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    #expect(normal.controlEvents("shareButton") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    let reversed = run.from(2000)
    #expect(reversed.controlEvents("likeButton") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    #expect(reversed.controlEvents("saveButton").isEmpty)
    #expect(reversed.drops("saveButton") == ["exclusiveTouch"])
  }

  /// 8.3 / L20: switch, stepper and segmented control veto the card's tap; the slider follows the finger.
  @Test func valueControlsInTappedCard() throws {
    let run = try PlayedScene("26-value-controls-in-tapped-card.yaml")
    let toggle = run.during(0..<800)
    #expect(toggle.controlEvents("wifiSwitch") == ["touchDown", "valueChanged", "touchUpInside"])
    #expect(toggle.values("wifiSwitch") == [1])
    #expect(toggle.reason("expandCard", to: .failed) == "wifiSwitch (UISwitch) vetoes a superview's single tap")
    let slide = run.during(800..<1800)
    let volume = slide.values("volumeSlider")
    #expect(volume.count == 8)
    #expect(volume == volume.sorted() && (volume.first ?? 0) > 0.3)
    #expect(!slide.fired("expandCard"))
    let step = run.during(1800..<2600)
    #expect(step.values("sizeStepper") == [4])
    #expect(step.reason("expandCard", to: .failed) == "sizeStepper (UIStepper) vetoes a superview's single tap")
    let segment = run.during(2600..<3400)
    #expect(segment.values("themeControl") == [1])
    #expect(!segment.fired("expandCard"))
    #expect(run.from(3400).fired("expandCard"))
  }
}
