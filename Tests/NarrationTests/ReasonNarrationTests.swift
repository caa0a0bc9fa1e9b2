import Narration
import TestSupport
import Testing
import TouchSim

/// Reasons told from their typed values (`StateReason`), not read back from the trace's text.
@Suite struct ReasonNarrationTests {
  /// A long press that needs a tap first fails when the press goes down too far from that tap (I, C-6):
  /// told as such, not as a screen-edge band (which the old reading of the text made of it).
  @Test func pressTooFarFromTheFirstTap() {
    let s = scene([v("card", [0, 0, 390, 844], recognizers: [g("press", .longPress) { $0.numberOfTapsRequired = 1 }])])
    let n = Narrated(s, tap(100, 100, t: 0) + [down(1, 200, 100, t: 200), up(1, t: 300)])
    n.checkInvariants()
    #expect(n.run.reason("press", to: .failed) == "went down 100 pt from the first tap > 45 pt")
    #expect(
      n.steps.contains(
        "`press` failed because the finger went down 100 pt from the first tap, more than 45 pt away (rules I, C-6)."),
      "\(n)")
  }

  /// A control's veto names the control's class and the gesture it refuses (8.3).
  @Test func controlVeto() {
    let s = scene(
      [
        v(
          "card", [0, 0, 390, 844], recognizers: [g("cardTap", .tap)],
          subviews: [v("buy", [20, 20, 100, 44], kind: .button)])
      ])
    let n = Narrated(s, tap(50, 40))
    n.checkInvariants()
    #expect(n.run.reason("cardTap", to: .failed) == "buy (UIButton) vetoes a superview's single tap")
    #expect(
      n.steps.contains { $0.contains("a UIButton says no to a superview's single tap, so `cardTap` failed") }, "\(n)")
  }
}
