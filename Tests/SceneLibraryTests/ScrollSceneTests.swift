import Geometry
import Testing
import TouchSim

/// What the scroll-view scenes (and the tour) promise in their `about` text, checked on their traces.
/// Times are those of each scene's script: `during(a..<b)` is one gesture.
@Suite struct ScrollSceneTests {
  /// F-2, 5.3, E-6.5: a dismiss-keyboard tap on the list's superview steals the cell's touch; the delegate's
  /// shouldBegin { unlessTouchIn: [list] } lets the selection through.
  @Test func dismissKeyboardTapVersusList() throws {
    let run = try PlayedScene("17-dismiss-keyboard-tap-vs-list.yaml")
    let quick = run.during(0..<800)
    #expect(quick.fired("dismissKeyboard"))
    #expect(quick.methods("result2").isEmpty)
    #expect(quick.drops("result2") == ["cancelled by dismissKeyboard before delivery"])
    let slower = run.during(800..<1600)
    #expect(slower.fired("dismissKeyboard"))
    #expect(slower.delivered("result1") == ["touchesBegan@950", "touchesCancelled@1060"])
    #expect(!run.during(0..<1600).forwards(.touchesEnded).contains("results"), "didSelectItemAt never runs")
    let fixed = run.during(1600..<2400)
    #expect(!fixed.fired("dismissKeyboardFixed"))
    #expect(fixed.reason("dismissKeyboardFixed", to: .failed) == "delegate's gestureRecognizerShouldBegin returned NO")
    #expect(fixed.methods("fixedResult2") == ["touchesBegan", "touchesEnded"])
    #expect(fixed.forwards(.touchesEnded).first == "fixedResults", "the list hears touchesEnded: didSelectItemAt")
    let outside = run.during(2400..<3200)
    #expect(outside.answers(.shouldBegin, of: "dismissKeyboardFixed") == [true])
    #expect(outside.fired("dismissKeyboardFixed"))
  }

  /// H-1 to H-4, H-6, H-7: buttons in a scroll view: quick tap, press and hold, dragging from a button and a row.
  @Test func scrollViewButtons() throws {
    let run = try PlayedScene("18-scroll-view-buttons.yaml")
    let quick = run.during(0..<1000)
    #expect(quick.controlEventTimes("follow1") == ["touchDown@80", "touchUpInside@80", "primaryActionTriggered@80"])
    #expect(quick.answers(.touchesShouldBegin, of: "feed", about: "follow1") == [true])
    let hold = run.during(1000..<2200)
    #expect(hold.timers("contentTouchDelay") == [1150])
    #expect(
      hold.controlEventTimes("follow2") == ["touchDown@1150", "touchUpInside@1450", "primaryActionTriggered@1450"])
    let fromButton = run.during(2200..<3400)
    #expect(fromButton.answers(.touchesShouldCancel, of: "feed", about: "follow3") == [false])
    #expect(!fromButton.fired("feed.pan"))
    #expect(fromButton.scrollOffsets("feed").isEmpty)
    #expect(fromButton.controlEvents("follow3").first == "touchDown")
    #expect(fromButton.controlEvents("follow3").last == "touchUpOutside")
    let fromRow = run.during(3400..<4600)
    #expect(fromRow.answers(.touchesShouldCancel, of: "feed", about: "post4") == [true])
    #expect(fromRow.fired("feed.pan"))
    #expect(fromRow.methods("post4") == ["touchesBegan", "touchesCancelled"])
    // H-11: the whole travel from touch-down less the 10 pt threshold.
    #expect(fromRow.scrollOffsets("feed").last == Point(0, 150))
    let flick = run.from(4600)
    #expect(flick.hits == ["follow5"])
    #expect(flick.fired("feed.pan"))
    #expect(flick.controlEvents("follow5").isEmpty)
    #expect(flick.drops("follow5") == ["scrolling"])
    #expect((flick.scrollOffsets("feed").last?.y ?? 0) > 150)
  }

  /// H-5 versus H-1/H-3 and H-6: delaysContentTouches off highlights at once but stops drags from buttons.
  @Test func delaysContentTouchesOff() throws {
    let run = try PlayedScene("19-delays-content-touches-off.yaml")
    #expect(
      run.during(0..<800).controlEventTimes("standardButton1") == [
        "touchDown@100", "touchUpInside@100", "primaryActionTriggered@100",
      ])
    #expect(
      run.during(800..<1600).controlEventTimes("instantButton1") == [
        "touchDown@800", "touchUpInside@900", "primaryActionTriggered@900",
      ])
    let standardDrag = run.during(1600..<2600)
    #expect(standardDrag.fired("standardList.pan"))
    #expect(standardDrag.controlEvents("standardButton2").isEmpty)
    #expect(!standardDrag.scrollOffsets("standardList").isEmpty)
    let instantDrag = run.during(2600..<3600)
    #expect(!instantDrag.fired("instantList.pan"))
    #expect(instantDrag.reason("instantList.pan", to: .failed) == "touchesShouldCancel(in: instantButton2) returned NO")
    #expect(instantDrag.controlEvents("instantButton2").last == "touchUpOutside")
    #expect(run.scrollOffsets("instantList").isEmpty)
  }

  /// H-6, H-7, H-9: the default blocks drags from buttons; touchesShouldCancel YES fixes it;
  /// canCancelContentTouches NO blocks every drag that starts on content.
  @Test func buttonsThatBlockScrolling() throws {
    let run = try PlayedScene("20-buttons-that-block-scrolling.yaml")
    let plainButton = run.during(0..<1000)
    #expect(!plainButton.fired("plainList.pan"))
    #expect(plainButton.answers(.touchesShouldCancel, of: "plainList", about: "plainBuy1") == [false])
    #expect(plainButton.controlEvents("plainBuy1").last == "touchUpOutside")
    let plainRow = run.during(1000..<2000)
    #expect(plainRow.fired("plainList.pan"))
    #expect(plainRow.methods("plainRow1") == ["touchesBegan", "touchesCancelled"])
    let fixed = run.during(2000..<3000)
    #expect(fixed.answers(.touchesShouldCancel, of: "fixedList", about: "fixedBuy1") == [true])
    #expect(fixed.fired("fixedList.pan"))
    #expect(fixed.controlEvents("fixedBuy1") == ["touchDown", "touchCancel"])
    let lockedButton = run.during(3000..<4000)
    #expect(lockedButton.reason("lockedList.pan", to: .failed)?.hasPrefix("canCancelContentTouches is NO") == true)
    #expect(lockedButton.controlEvents("lockedBuy1").last == "touchUpOutside")
    let lockedRow = run.from(4000)
    #expect(lockedRow.reason("lockedList.pan", to: .failed)?.hasPrefix("canCancelContentTouches is NO") == true)
    #expect(lockedRow.methods("lockedRow1").first == "touchesBegan")
    #expect(lockedRow.methods("lockedRow1").last == "touchesEnded")
    #expect(!lockedRow.methods("lockedRow1").contains("touchesCancelled"))
    #expect(run.scrollOffsets("lockedList").isEmpty)
  }

  /// E-6.1 / E-6.6 / H-8 / E-6.3: the scroll view's deeper pan beats the root's edge pan; panRequireToFail fixes it.
  @Test func edgeSwipeVersusScrollView() throws {
    let run = try PlayedScene("21-edge-swipe-vs-scroll-view.yaml")
    let plain = run.during(0..<1000)
    #expect(plain.fired("gallery.pan"))
    #expect(!plain.fired("backSwipe"))
    #expect(plain.reason("backSwipe", to: .failed) == "excluded by gallery.pan")
    #expect((plain.scrollOffsets("gallery").last?.x ?? 390) < 390)
    let fixedEdge = run.during(1000..<2000)
    #expect(fixedEdge.waits("fixedGallery.pan") == [["backSwipe"]])
    #expect(fixedEdge.actions("backSwipe").first == "began")
    #expect(fixedEdge.actions("backSwipe").last == "ended")
    #expect(fixedEdge.reason("fixedGallery.pan", to: .failed) == "required gesture backSwipe recognized")
    #expect(fixedEdge.scrollOffsets("fixedGallery").isEmpty)
    let fixedMiddle = run.from(2000)
    #expect(fixedMiddle.reason("backSwipe", to: .failed)?.hasPrefix("went down 300 pt from the edge") == true)
    #expect(fixedMiddle.fired("fixedGallery.pan"))
    #expect((fixedMiddle.scrollOffsets("fixedGallery").last?.x ?? 0) > 390)
  }

  /// The tour: a button in a tapped card, the card's tap, an overlap, a scroll and a pan.
  @Test func tour() throws {
    let run = try PlayedScene("tour.yaml")
    let buy = run.during(0..<900)
    #expect(buy.controlEvents("buyButton") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    #expect(buy.reason("openShop", to: .failed) == RecognizerSceneTests.buyVeto)
    #expect(run.during(900..<1800).fired("openShop"))
    #expect(run.during(1800..<2700).hits == ["frontNote"])
    let flick = run.during(2700..<3700)
    #expect(flick.fired("inbox.pan"))
    #expect(flick.drops("message2") == ["scrolling"])
    #expect((flick.scrollOffsets("inbox").last?.y ?? 0) > 0)
    let chip = run.from(3700)
    #expect(chip.actions("dragChip").first == "began")
    #expect(chip.actions("dragChip").last == "ended")
    #expect(chip.methods("chip") == ["touchesBegan", "touchesCancelled"])
  }
}
