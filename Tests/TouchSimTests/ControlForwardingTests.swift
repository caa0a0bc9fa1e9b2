import Geometry
import TestSupport
import Testing
import TouchSim

/// B-7b: what an enabled control passes up the responder chain when it is not tracking (a tracking one
/// passes nothing: `ResponderChainTests.controlSwallowsTouches`). UIControl's touchesMoved and
/// touchesEnded call super only when the control is not tracking; its touchesBegan and touchesCancelled
/// never do. And 8.3: which parent pans and swipes a slider and a switch refuse.
@Suite struct ControlForwardingTests {
  private let chain = ["card", "root", "window", "application", "appDelegate"]

  /// A control in a card, with `configure` applied to it.
  private func inCard(_ kind: ViewKind, _ configure: (inout ViewSpec) -> Void = { _ in }) -> Scene {
    scene([v("card", [0, 100, 390, 400], subviews: [v("c", [50, 100, 200, 40], kind: kind, configure)])])
  }

  /// B-7b: beginTracking answering NO: the moves and the lift go up the chain, the touch-down does not.
  @Test func b7bNotTrackingAfterBeginTrackingNoForwardsMovesAndTheLift() {
    let s = inCard(.control) { $0.trackingOverrides.beginTracking = .always(false) }
    let run = Run(s, drag(from: (100, 220), to: (140, 220), steps: 4))
    #expect(run.controlEvents("c").isEmpty)
    #expect(run.forwards(.touchesBegan).isEmpty)
    #expect(run.forwards(.touchesMoved) == Array(repeating: chain, count: 4).flatMap { $0 })
    #expect(run.forwards(.touchesEnded) == chain)
    // The card's own touches methods are the next responder's: it is told of the moves and the lift only.
    let toCard = run.trace.compactMap { e -> String? in
      if case .forward(_, let to, let m, _) = e.event, to.description == "card" { return m.rawValue }
      return nil
    }
    #expect(toCard == ["touchesMoved", "touchesMoved", "touchesMoved", "touchesMoved", "touchesEnded"])
  }

  /// B-7b with 8.5: a stock slider touched on its track (not its thumb) does not track, so the drag goes
  /// up the chain; a drag from the thumb does not.
  @Test func b7bASliderTouchedOffItsThumbPassesTheDragOn() {
    let s = inCard(.slider) { $0.value = 0.5 }
    let offThumb = Run(s, drag(from: (60, 220), to: (90, 220), steps: 3))
    #expect(offThumb.controlEvents("c").isEmpty)
    #expect(offThumb.forwards(.touchesMoved).filter { $0 == "card" }.count == 3)
    #expect(offThumb.forwards(.touchesEnded) == chain)
    let onThumb = Run(s, drag(from: (150, 220), to: (180, 220), steps: 3))
    #expect(onThumb.controlEvents("c").first == "touchDown")
    #expect(onThumb.events("forward").isEmpty)
  }

  /// B-7b with 8.8: continueTracking answering NO ends tracking; that move is the control's, the moves
  /// after it and the lift go up the chain.
  @Test func b7bTrackingEndedByContinueTrackingForwardsTheRest() {
    let s = inCard(.control) { $0.trackingOverrides.continueTracking = .always(false) }
    let run = Run(s, drag(from: (100, 220), to: (130, 220), steps: 3))
    #expect(run.controlEvents("c") == ["touchDown"])
    #expect(run.forwards(.touchesMoved).filter { $0 == "card" }.count == 2)
    #expect(run.forwards(.touchesEnded) == chain)
  }

  /// B-7b: touchesCancelled never goes further, tracking or not.
  @Test func b7bTouchesCancelledIsNeverForwardedByAControl() {
    let s = inCard(.control) { $0.trackingOverrides.beginTracking = .always(false) }
    let run = Run(s, [down(1, 100, 220, t: 0), move(1, 110, 220, t: 16), cancel(1, t: 40)])
    #expect(run.methods("c") == ["touchesBegan", "touchesMoved", "touchesCancelled"])
    #expect(run.forwards(.touchesMoved) == chain)
    #expect(run.forwards(.touchesCancelled).isEmpty)
  }

  /// 8.3: a slider does not refuse a superview's single tap (only UIButton, UISwitch, UIStepper,
  /// UISegmentedControl and UIPageControl do): the tap recognizes and cancels the slider's tracking.
  @Test func sliderDoesNotVetoASuperviewSingleTap() {
    let s = scene([
      v(
        "card", [0, 100, 390, 400], recognizers: [g("cardTap", .tap)],
        subviews: [v("volume", [50, 100, 200, 40], kind: .slider) { $0.value = 0.5 }])
    ])
    let run = Run(s, tap(150, 220))
    #expect(run.fired("cardTap"))
    #expect(run.controlEvents("volume") == ["touchDown", "touchCancel"])
  }

  /// 8.3: a slider refuses a horizontal swipe that starts on its thumb, not one that starts on its track.
  @Test func sliderVetoesASwipeAlongItsTrackOnlyFromItsThumb() {
    func run(from x: Double) -> Run {
      let s = scene([
        v(
          "card", [0, 100, 390, 400],
          recognizers: [g("cardSwipe", .swipe) { $0.direction = [.right] }],
          subviews: [v("volume", [20, 100, 350, 40], kind: .slider) { $0.value = 0 }])
      ])
      return Run(s, drag(from: (x, 220), to: (x + 120, 220), steps: 6, every: 16))
    }
    // The thumb of a slider at 0 is at its left end.
    let fromThumb = run(from: 40)
    #expect(!fromThumb.fired("cardSwipe"))
    #expect(fromThumb.reason("cardSwipe", to: .failed)?.contains("volume") == true)
    let fromTrack = run(from: 200)
    #expect(fromTrack.fired("cardSwipe"))
  }

  /// 8.3: a switch refuses a superview's pan on its knob only: a drag from the knob leaves the pan
  /// failed, a drag from the rest of the switch lets it begin. The knob sits at the leading end when the
  /// switch is off, the trailing end when it is on.
  @Test func switchVetoesAPanOnlyFromItsKnob() {
    func run(from x: Double, on: Bool) -> Run {
      let s = scene([
        v(
          "card", [0, 100, 390, 400], recognizers: [g("cardPan", .pan)],
          subviews: [v("wifi", [100, 100, 51, 31], kind: .switch) { $0.value = on ? 1 : 0 }])
      ])
      return Run(s, drag(from: (x, 215), to: (x + 60, 215), steps: 6))
    }
    // Off: the knob is a 27 pt circle centred at x 115.5 in the window.
    let fromKnob = run(from: 112, on: false)
    #expect(!fromKnob.fired("cardPan"))
    #expect(fromKnob.reason("cardPan", to: .failed)?.contains("wifi") == true)
    #expect(run(from: 145, on: false).fired("cardPan"))
    // On: the knob is at the trailing end.
    #expect(!run(from: 138, on: true).fired("cardPan"))
    #expect(run(from: 108, on: true).fired("cardPan"))
  }
}
