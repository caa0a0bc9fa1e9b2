import Testing
import TouchSim

/// The trace's wording of every kind of state-change reason (TRACE-FORMAT `state.reason`): a change of
/// words shows here first, and in the golden traces.
@Suite struct StateReasonTests {
  /// One reason of every kind, with numbers as the engine has them (unrounded), and its trace text.
  static let examples: [(StateReason, String)] = [
    (.tapped, "tapped"),
    (.tapsComplete(tap: 2, required: 2), "tap 2 of 2"),
    (.nextTapTooFar(tap: 2, distance: 60.04, allowed: 45), "tap 2 is 60 pt from the first > 45 pt"),
    (.movedTooFar(distance: 50, allowed: 45), "moved 50 pt > 45 pt"),
    (.tooFewTouchesTogether(down: 1, required: 2), "only 1 of 2 touches down together"),
    (.tooManyTouches(count: 3, required: 2), "3 touches > 2 required"),
    (.noNextTap(tap: 2, interval: 350), "no tap 2 within 350 ms"),
    (.heldTooLongForTap(maximum: 1000), "held longer than 1000 ms"),
    (.heldForPress(duration: 0.5), "held 0.5 s"),
    (.pressTooFarFromFirstTap(distance: 61.26, allowed: 45), "went down 61.3 pt from the first tap > 45 pt"),
    (.movedBeforePress(distance: 12.345, allowed: 10, duration: 0.5), "moved 12.3 pt > 10 pt before 0.5 s"),
    (.liftedBeforePress(duration: 0.5), "lifted before 0.5 s"),
    (.liftedWhileWaiting(for: ["tap", "swipe"]), "lifted while waiting for tap, swipe to fail"),
    (.moved, "moved"),
    (.fingerLifted, "a finger lifted"),
    (.lifted, "lifted"),
    (.touchCancelled, "touch cancelled"),
    (.movedPastHysteresis(distance: 12, hysteresis: 10), "moved 12 pt ≥ 10 pt"),
    (.movedInFromEdge(distance: 10.56, hysteresis: 10), "moved 10.6 pt in from the edge ≥ 10 pt"),
    (.movedAlongScrollableAxis(distance: 11, hysteresis: 10), "moved 11 pt ≥ 10 pt along a scrollable axis"),
    (.outsideEdgeBand(distance: 25, band: 20), "went down 25 pt from the edge, outside the 20 pt band"),
    (.liftedBeforeMoving(distance: 50), "lifted before moving 50 pt"),
    (.swiped(direction: .right, distance: 60.01, elapsed: 116.66), "swiped right 60 pt in 116.7 ms"),
    (.wrongDirection(moved: .up, allowed: [.right, .left]), "moved up, not right/left"),
    (.tooSlow(maximum: 500), "slower than 500 ms"),
    (.distanceChanged(change: 8.04, threshold: 8), "distance changed 8 pt ≥ 8 pt"),
    (.turned(angle: 0.1234, threshold: 0.1), "turned 0.1 rad ≥ 0.1 rad"),
    (.liftedBeforeFingersMoved, "lifted before the fingers moved enough"),
    (.disabled, "isEnabled set to false"),
    (.requiredGestureRecognized("doubleTap"), "required gesture doubleTap recognized"),
    (.excludedBy("childTap"), "excluded by childTap"),
    (.afterWaiting(for: ["doubleTap"], reason: .tapped), "doubleTap failed; tapped"),
    (
      .afterWaiting(for: ["swipe", "edge.pan"], reason: .movedPastHysteresis(distance: 12, hysteresis: 10)),
      "swipe, edge.pan failed; moved 12 pt ≥ 10 pt"
    ),
    (.delegateRefusedBegin, "delegate's gestureRecognizerShouldBegin returned NO"),
    (.viewRefusedBegin(view: "card"), "card's gestureRecognizerShouldBegin returned NO"),
    (
      .controlVeto(control: "buy", className: "UIButton", gesture: .superviewSingleTap),
      "buy (UIButton) vetoes a superview's single tap"
    ),
    (
      .controlVeto(control: "volume", className: "UISlider", gesture: .swipeAlongTrack),
      "volume (UISlider) vetoes a swipe along its track"
    ),
    (
      .controlVeto(control: "wifi", className: "UISwitch", gesture: .panOnKnob),
      "wifi (UISwitch) vetoes a pan on its knob"
    ),
    (.contentTracksTouch(view: "row"), "canCancelContentTouches is NO and row is tracking the touch"),
    (.contentRefusedCancel(view: "button"), "touchesShouldCancel(in: button) returned NO"),
    (.reset, "reset"),
  ]

  @Test(arguments: examples.indices) func traceText(_ i: Int) {
    let (reason, text) = Self.examples[i]
    #expect(reason.text == text)
    #expect("\(reason)" == text)
  }

  /// The JSON line carries the text, nothing else of the value.
  @Test func jsonWritesTheText() {
    let entry = TraceEntry(
      t: 80,
      event: .state(
        recognizer: "parentTap", from: .possible, to: .failed,
        reason: .controlVeto(control: "buy", className: "UIButton", gesture: .superviewSingleTap)))
    #expect(
      entry.json
        == #"{"t":80,"ev":"state","recognizer":"parentTap","from":"possible","to":"failed","reason":"buy (UIButton) vetoes a superview's single tap"}"#
    )
  }

  /// `waited` splits "X failed; reason" into its parts; other reasons wait for nobody.
  @Test func waited() {
    let (ids, reason) = StateReason.afterWaiting(for: ["a", "b"], reason: .tapped).waited
    #expect(ids == ["a", "b"] && reason == .tapped)
    let (none, same) = StateReason.excludedBy("x").waited
    #expect(none.isEmpty && same == .excludedBy("x"))
  }

  /// The numbers are kept as the engine had them: only the text rounds.
  @Test func numbersAreKeptUnrounded() {
    #expect(StateReason.movedTooFar(distance: 45.04, allowed: 45) != .movedTooFar(distance: 45, allowed: 45))
    #expect(StateReason.movedTooFar(distance: 45.04, allowed: 45).text == "moved 45 pt > 45 pt")
  }

  /// Typed reasons do not make the trace bigger: an entry stays 64 bytes (the largest reasons are boxed).
  @Test func entrySize() {
    #expect(MemoryLayout<TraceEntry>.stride <= 64)
  }
}
