import Testing
import TouchSim

/// The trace's wording of every drop reason (`drop.reason`, an extension event).
@Suite struct DropReasonTests {
  static let examples: [(DropReason, String)] = [
    (.multipleTouchEnabled, "multipleTouchEnabled"),
    (.exclusiveTouch, "exclusiveTouch"),
    (.touchesShouldBegin, "touchesShouldBegin"),
    (.scrolling, "scrolling"),
    (.cancelledBy("tap"), "cancelled by tap before delivery"),
    (.cancelledBeforeDelivery, "cancelled before delivery"),
  ]

  @Test(arguments: examples.indices) func traceText(_ i: Int) {
    let (reason, text) = Self.examples[i]
    #expect(reason.text == text)
    #expect("\(reason)" == text)
  }

  @Test func jsonWritesTheText() {
    let entry = TraceEntry(
      t: 30, event: .drop(view: "button", method: .touchesBegan, touches: [1], reason: .cancelledBy("pan")))
    #expect(
      entry.json
        == #"{"t":30,"ev":"drop","view":"button","method":"touchesBegan","touches":[1],"reason":"cancelled by pan before delivery"}"#
    )
  }
}
