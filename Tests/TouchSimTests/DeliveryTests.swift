import Geometry
import TestSupport
import Testing
import TouchSim

/// Rule group F: delivery to the hit view versus recognizers (section 7).
@Suite struct DeliveryTests {
  /// F-1: a recognizer is fed each phase before the view gets it.
  @Test func recognizersBeforeTheView() {
    let s = scene([v("card", [0, 0, 390, 844], recognizers: [g("pan", .pan)])])
    let run = Run(s, tap(100, 100))
    let kinds = run.trace.filter { $0.event.kind == "feed" || $0.event.kind == "deliver" }.map(\.event.kind)
    #expect(kinds == ["feed", "deliver", "feed", "deliver"])
  }

  /// F-10 / F-3: tap on a view with a tap recognizer: touchesBegan, action, then touchesCancelled.
  @Test func tapCancelsTheViewAfterTheAction() {
    let s = scene([v("card", [0, 0, 390, 844], recognizers: [g("tap", .tap)])])
    let run = Run(s, tap(100, 100))
    #expect(run.methods("card") == ["touchesBegan", "touchesCancelled"])
    let order = run.trace.filter { $0.t == 80 }.map(\.event.kind)
    let actionAt = order.firstIndex(of: "action")!
    let deliverAt = order.firstIndex(of: "deliver")!
    #expect(actionAt < deliverAt)
  }

  /// F-10: pan: the move that makes it begin is not delivered; the view is cancelled right after began.
  @Test func panCancelsTheViewWhenItBegins() {
    let s = scene([v("card", [0, 0, 390, 844], recognizers: [g("pan", .pan)])])
    let run = Run(
      s,
      [
        down(1, 100, 100, t: 0), move(1, 104, 100, t: 10), move(1, 115, 100, t: 20), move(1, 130, 100, t: 30),
        up(1, t: 40),
      ])
    #expect(run.delivered("card") == ["touchesBegan@0", "touchesMoved@10", "touchesCancelled@20"])
  }

  /// F-4: cancelsTouchesInView off: the action fires and the view keeps its normal flow.
  @Test func cancelsTouchesInViewOff() {
    let s = scene([v("card", [0, 0, 390, 844], recognizers: [g("tap", .tap) { $0.cancelsTouchesInView = false }])])
    let run = Run(s, tap(100, 100))
    #expect(run.fired("tap"))
    #expect(run.methods("card") == ["touchesBegan", "touchesEnded"])
  }

  /// F-5: delaysTouchesBegan: withheld while possible; never delivered when it recognizes.
  @Test func delaysTouchesBeganHidesTouchesFromViewOnRecognition() {
    let s = scene([v("card", [0, 0, 390, 844], recognizers: [g("tap", .tap) { $0.delaysTouchesBegan = true }])])
    let run = Run(s, tap(100, 100))
    #expect(run.fired("tap"))
    #expect(run.methods("card").isEmpty)
    #expect(run.withheld("card") == ["touchesBegan"])
    #expect(run.drops("card") == ["cancelled by tap before delivery"])
    #expect(
      run.events("withhold").first?.json
        == #"{"t":0,"ev":"withhold","view":"card","method":"touchesBegan","touches":[1],"by":["tap"]}"#)
  }

  /// F-5 with 5.4: the system cancels a touch whose touchesBegan is still held (a double tap with
  /// delaysTouchesBegan; a button under a scroll view's content delay, H-1). The recognizers fail because
  /// of the cancellation, but what they held is dropped, not released: the view never hears of the touch
  /// (drop reason "cancelled before delivery"), rather than getting touchesBegan and touchesCancelled.
  @Test func aTouchCancelledWhileItsBeganIsHeldIsDropped() {
    let s = scene([
      v(
        "pad", [0, 0, 390, 400],
        recognizers: [
          g("double", .tap) {
            $0.numberOfTapsRequired = 2
            $0.delaysTouchesBegan = true
          }
        ]),
      v("feed", [0, 400, 390, 400], kind: .scroll, subviews: [v("buy", [100, 20, 100, 60], kind: .button)]) {
        $0.scroll = ScrollSpec(contentSize: Size(390, 1400))
      },
    ])
    let run = Run(s, [down(1, 100, 100, t: 0), down(2, 150, 450, t: 0), cancel(1, t: 50), cancel(2, t: 60)])
    #expect(run.methods("pad").isEmpty)
    #expect(run.methods("buy").isEmpty)
    #expect(run.controlEvents("buy").isEmpty)
    #expect(run.drops("pad") == ["cancelled before delivery"])
    #expect(run.drops("buy") == ["cancelled before delivery"])
    #expect(run.reason("double", to: .failed) == "touch cancelled")
  }

  /// F-5: delaysTouchesBegan: replayed in order when it fails.
  @Test func delaysTouchesBeganReplaysOnFailure() {
    let s = scene([v("card", [0, 0, 390, 844], recognizers: [g("tap", .tap) { $0.delaysTouchesBegan = true }])])
    let run = Run(
      s,
      [
        down(1, 100, 100, t: 0), move(1, 110, 100, t: 20), move(1, 200, 100, t: 40), move(1, 210, 100, t: 60),
        up(1, t: 80),
      ])
    #expect(
      run.delivered("card") == [
        "touchesBegan@40", "touchesMoved@40", "touchesMoved@40", "touchesMoved@60", "touchesEnded@80",
      ])
  }

  /// F-6: delaysTouchesEnded (default): touchesEnded held behind an undecided double tap, ~350 ms.
  @Test func delaysTouchesEndedBehindDoubleTap() {
    let s = scene([
      v(
        "card", [0, 0, 390, 844], recognizers: [g("double", .tap) { $0.numberOfTapsRequired = 2 }],
        subviews: [v("buy", [100, 100, 100, 50], kind: .button)])
    ])
    let run = Run(s, tap(150, 120))
    #expect(run.controlEventTimes("buy") == ["touchDown@0", "touchUpInside@430", "primaryActionTriggered@430"])
    #expect(
      run.events("withhold").first?.json
        == #"{"t":80,"ev":"withhold","view":"buy","method":"touchesEnded","touches":[1],"by":["double"]}"#)
    // The fix: delaysTouchesEnded = false.
    let fixed = scene([
      v(
        "card", [0, 0, 390, 844],
        recognizers: [
          g("double", .tap) {
            $0.numberOfTapsRequired = 2
            $0.delaysTouchesEnded = false
          }
        ], subviews: [v("buy", [100, 100, 100, 50], kind: .button)])
    ])
    #expect(
      Run(fixed, tap(150, 120)).controlEventTimes("buy") == [
        "touchDown@0", "touchUpInside@80", "primaryActionTriggered@80",
      ])
  }

  /// F-6 / L4: double tap on a view with a double-tap recognizer: YES → began, began, cancelled,
  /// cancelled; NO → began, ended, began, cancelled.
  @Test func doubleTapDeliveriesWithAndWithoutDelaysTouchesEnded() {
    for (delays, expected) in [
      (true, ["touchesBegan", "touchesBegan", "touchesCancelled", "touchesCancelled"]),
      (false, ["touchesBegan", "touchesEnded", "touchesBegan", "touchesCancelled"]),
    ] {
      let s = scene([
        v(
          "card", [0, 0, 390, 844],
          recognizers: [
            g("double", .tap) {
              $0.numberOfTapsRequired = 2
              $0.delaysTouchesEnded = delays
            }
          ])
      ])
      let run = Run(s, tap(100, 100, t: 0) + tap(100, 100, t: 200))
      #expect(run.methods("card") == expected, "delaysTouchesEnded \(delays)")
    }
  }

  /// F-6: a single tap waiting for a double tap holds touchesEnded; at recognition the view is cancelled.
  @Test func waitingSingleTapHoldsThenCancels() {
    let s = scene([
      v(
        "card", [0, 0, 390, 844],
        recognizers: [
          g("single", .tap) { $0.requireToFail = ["double"] }, g("double", .tap) { $0.numberOfTapsRequired = 2 },
        ])
    ])
    let run = Run(s, tap(100, 100))
    #expect(run.delivered("card") == ["touchesBegan@0", "touchesCancelled@430"])
  }

  /// F-8: a recognizer that did not receive the touch (shouldReceive NO) neither delays nor cancels it.
  @Test func filteredRecognizerNeitherDelaysNorCancels() {
    let s = scene([
      v(
        "card", [0, 0, 390, 844],
        recognizers: [
          g("tap", .tap) {
            $0.delaysTouchesBegan = true
            $0.delegate = DelegateSpec()
            $0.delegate!.shouldReceive = .always(false)
          }
        ])
    ])
    #expect(Run(s, tap(100, 100)).delivered("card") == ["touchesBegan@0", "touchesEnded@80"])
  }

  /// F-9: a recognizer that fails never cancels view touches.
  @Test func failingRecognizerNeverCancels() {
    let s = scene([v("card", [0, 0, 390, 844], recognizers: [g("press", .longPress)])])
    #expect(Run(s, tap(100, 100)).methods("card") == ["touchesBegan", "touchesEnded"])
  }

  /// F-2: a recognizer on an ancestor cancels the touch in a descendant hit view too.
  @Test func ancestorRecognizerCancelsDescendantView() {
    let s = scene([
      v("parent", [0, 0, 390, 844], recognizers: [g("pan", .pan)], subviews: [v("child", [0, 0, 200, 200])])
    ])
    let run = Run(s, drag(from: (50, 50), to: (150, 50)))
    #expect(run.methods("child") == ["touchesBegan", "touchesCancelled"])
  }

  /// 5.1 / rule 19 of the lessons: disabling a recognizer mid-gesture releases held deliveries.
  @Test func disablingRecognizerReleasesHeldTouches() {
    let s = scene([v("card", [0, 0, 390, 844], recognizers: [g("tap", .tap) { $0.delaysTouchesBegan = true }])])
    let run = Run(s, [down(1, 100, 100, t: 0), set("tap", "isEnabled", .bool(false), t: 30), up(1, t: 80)])
    #expect(run.delivered("card") == ["touchesBegan@30", "touchesEnded@80"])
  }
}
