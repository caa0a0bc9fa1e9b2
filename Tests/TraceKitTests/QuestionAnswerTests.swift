import TestSupport
import Testing
import TouchSim

@testable import TraceKit

/// Each kind of question is answered from the trace, over its own time span, and follows what the engine
/// does: change the scene and the answer changes with it (ask the class).
@Suite struct QuestionAnswerTests {
  /// A card with a tap and a button inside it; a slow tap on the card, then a tap on the button.
  static func world(cancels: Bool = true, requireToFail: Bool = false) -> Scene {
    scene(
      [
        v(
          "card", [0, 0, 390, 400],
          recognizers: [
            g("cardTap", .tap) {
              $0.cancelsTouchesInView = cancels
              if requireToFail { $0.requireToFail = ["cardDouble"] }
            },
            g("cardDouble", .tap) { $0.numberOfTapsRequired = 2 },
          ],
          subviews: [v("buy", [20, 300, 100, 44], kind: .button)])
      ]
    ) { s in
      s.script = tap(200, 100, t: 0) + tap(70, 320, t: 2000)
    }
  }

  static func answer(
    _ s: Scene, _ asks: SceneQuestion.Asks, choices: [String] = [], at t: Double = 0, next: Double? = nil
  )
    -> QuestionAnswer
  {
    var qs = [SceneQuestion(t: t, ask: "?", asks: asks, choices: choices)]
    if let next { qs.append(SceneQuestion(t: next, ask: "?", asks: asks, choices: choices)) }
    return QuestionAnswer.answer(0, of: qs, in: Engine.replay(s))
  }

  @Test func hitViewIsTheHitOfTheFingersNextTouchDown() {
    let trace = Engine.replay(Self.world())
    let a = QuestionAnswer.answer(.hitView(touch: 1), from: 0, to: 1000, in: trace)
    #expect(a.value == "card")
    #expect(a.entry.map { trace[$0].event } == .hit(touch: 1, view: "card"))
    // From 1000 ms on, the next touch-down is the button's.
    #expect(QuestionAnswer.answer(.hitView(touch: 1), from: 1000, to: nil, in: trace).value == "buy")
    // A finger that never goes down in the span: no answer, and why.
    let none = QuestionAnswer.answer(.hitView(touch: 2), from: 0, to: nil, in: trace)
    #expect(none.value == nil && none.problem == "finger 2 does not go down in this question's time")
  }

  @Test func firesAndFinalStateFollowTheRecognizersStateLines() {
    // Alone, the tap recognizes at the lift.
    let plain = Self.answer(Self.world(), .fires(recognizer: "cardTap"), next: 1000)
    #expect(plain.value == "yes")
    // Required to wait for the double tap, a lone tap still fires once the double tap has failed (E-6.3).
    let waits = Self.answer(Self.world(requireToFail: true), .fires(recognizer: "cardTap"), next: 1000)
    #expect(waits.value == "yes")
    // ...but not within the 80 ms of the tap itself: the span decides.
    let early = Self.answer(Self.world(requireToFail: true), .fires(recognizer: "cardTap"), next: 200)
    #expect(early.value == "no")
    #expect(Self.answer(Self.world(), .finalState(recognizer: "cardDouble"), next: 1000).value == "failed")
    #expect(Self.answer(Self.world(), .finalState(recognizer: "cardTap"), next: 1000).value == "ended")
    // Nothing happens to it in an empty span: it stays possible, and no line decides that.
    let quiet = Self.answer(Self.world(), .finalState(recognizer: "cardTap"), at: 5000)
    #expect(quiet.value == "possible" && quiet.entry == nil)
  }

  @Test func getsIsTheLastTouchesMethodForThatFinger() {
    // cancelsTouchesInView on: the card's touch ends in touchesCancelled (F-2); off: touchesEnded.
    #expect(Self.answer(Self.world(), .gets(view: "card", touch: 1), next: 1000).value == "touchesCancelled")
    #expect(
      Self.answer(Self.world(cancels: false), .gets(view: "card", touch: 1), next: 1000).value == "touchesEnded")
    #expect(Self.answer(Self.world(), .gets(view: "buy", touch: 1), next: 1000).value == "nothing")
  }

  @Test func sendsAndRecognizesFirst() {
    let s = Self.world()
    // The button's tap in the card: UIKit lets the control have it (rule 8.3), so it sends touchUpInside.
    #expect(Self.answer(s, .sends(control: "buy", event: .touchUpInside), at: 1000).value == "yes")
    #expect(Self.answer(s, .sends(control: "buy", event: .touchUpInside), next: 1000).value == "no")
    let first = Self.answer(s, .recognizesFirst(["cardDouble", "cardTap"]), next: 1000)
    #expect(first.value == "cardTap")
    #expect(Self.answer(s, .recognizesFirst(["cardDouble", "cardTap"]), at: 5000).value == "none")
  }

  @Test func theSpanEndsAtTheNextQuestionOrUntil() {
    var qs = [
      SceneQuestion(t: 0, ask: "?", asks: .fires(recognizer: "cardTap"), until: 50),
      SceneQuestion(t: 100, ask: "?", asks: .fires(recognizer: "cardTap")),
    ]
    let trace = Engine.replay(Self.world())
    #expect(QuestionAnswer.answer(0, of: qs, in: trace).value == "no")
    qs[0].until = nil
    #expect(QuestionAnswer.answer(0, of: qs, in: trace).value == "yes")
    #expect(Scene.span(of: 0, in: qs) == (0, 100))
    #expect(Scene.span(of: 1, in: qs).to == nil)
  }

  @Test func problemsNameTheEnginesAnswerWhenTheChoicesLeaveItOut() {
    var s = Self.world()
    var q = SceneQuestion(
      t: 0, ask: "?", asks: .gets(view: "card", touch: 1), choices: ["touchesEnded", "nothing"], until: 1000)
    q.choicesLine = 7
    q.choicesColumn = 5
    s.questions = [q]
    let p = QuestionAnswer.problems(s, trace: Engine.replay(s))
    #expect(p.count == 1)
    #expect(p.first?.line == 7 && p.first?.column == 5)
    #expect(p.first?.message.hasPrefix("the engine's answer is 'touchesCancelled' (trace line ") == true)
    // With cancelsTouchesInView off, the same choices include the answer.
    s.root.subviews[0].recognizers[0].cancelsTouchesInView = false
    #expect(QuestionAnswer.problems(s, trace: Engine.replay(s)).isEmpty)
    // A question after the run's end would never be asked.
    s.questions[0].t = 60_000
    s.questions[0].until = nil
    #expect(
      QuestionAnswer.problems(s, trace: Engine.replay(s)).first?.message.hasSuffix(
        "ms later: a question at 60000 ms would never be asked") == true)
  }

  @Test func finalStateStartsFromTheStateTheRecognizerIsInAtT() {
    // A pan begins at 16 ms and the finger then holds still: from 100 ms on it is still in changed.
    let s = scene([v("card", [0, 0, 390, 400], recognizers: [g("pan", .pan)])]) {
      $0.script = drag(from: (100, 100), to: (200, 100), t: 0, steps: 5, every: 16, lift: false) + [up(1, t: 400)]
    }
    let trace = Engine.replay(s)
    let during = QuestionAnswer.answer(.finalState(recognizer: "pan"), from: 100, to: 200, in: trace)
    #expect(during.value == "changed", "\(trace.count)")
    #expect(during.entry.map { trace[$0].t < 100 } == true)
    #expect(QuestionAnswer.answer(.finalState(recognizer: "pan"), from: 100, to: nil, in: trace).value == "ended")
  }

  @Test func twoRecognizingInOneEventHaveNoFirst() {
    // Two taps allowed together recognize in the same lift: neither is first.
    let s = scene([
      v(
        "card", [0, 0, 390, 400],
        recognizers: [
          g("a", .tap) {
            var d = DelegateSpec()
            d.shouldRecognizeSimultaneouslyWith = .all
            $0.delegate = d
          },
          g("b", .tap),
        ])
    ]) { $0.script = tap(100, 100) }
    let a = QuestionAnswer.answer(.recognizesFirst(["a", "b"]), from: 0, to: nil, in: Engine.replay(s))
    #expect(a.value == nil, "\(a)")
    #expect(a.together != nil && a.problem?.hasSuffix("neither is first") == true)
  }
}
