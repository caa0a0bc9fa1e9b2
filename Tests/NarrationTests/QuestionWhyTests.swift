import Localization
import TestSupport
import Testing
import TouchSim
import TraceKit

@testable import Narration

/// The why of an answer is the narration's own sentences about the line that decides it (issue 17).
@Suite struct QuestionWhyTests {
  static let world = scene(
    [
      v(
        "card", [0, 0, 390, 400],
        recognizers: [g("cardTap", .tap), g("cardDouble", .tap) { $0.numberOfTapsRequired = 2 }])
    ]
  ) { $0.script = tap(200, 100, t: 0) }

  static func why(_ asks: SceneQuestion.Asks, _ l: Language = .english, from: Double = 0) -> (QuestionAnswer, [String])
  {
    let trace = Engine.replay(world)
    let q = SceneQuestion(t: from, ask: "?", asks: asks)
    let a = QuestionAnswer.answer(asks, from: from, to: nil, in: trace)
    let narration = Narrator.narrate(trace, scene: world, language: l)
    return (a, QuestionWhy.lines(q, a, narration: narration, trace: trace, language: l))
  }

  @Test func theDecidingLinesSentenceThenTheSubjectsSummary() {
    let (a, lines) = Self.why(.fires(recognizer: "cardTap"))
    #expect(a.value == "yes")
    #expect(
      lines == [
        "cardTap recognized the tap and sent its action (rule 5.1).",
        "cardTap fired at 80 ms, when the tap was complete (rule 5.1).",
      ])
  }

  @Test func aHitIsExplainedByItsWalkAndItsResult() {
    let (a, lines) = Self.why(.hitView(touch: 1))
    #expect(a.value == "card")
    // A short walk is told with its result in one sentence.
    #expect(
      lines == [
        "The hit test for finger 1 goes root → card: card is the deepest view containing the point, so it becomes touch.view (rule A-1)."
      ])
  }

  @Test func whenNothingHappensTheWhySaysSoInBothLanguages() {
    let (a, lines) = Self.why(.fires(recognizer: "cardTap"), from: 5000)
    #expect(a.value == "no" && a.entry == nil)
    #expect(lines == ["cardTap stays possible from 5000 ms on: nothing makes it recognize."])
    let (_, zh) = Self.why(.gets(view: "card", touch: 2), .simplifiedChinese)
    #expect(zh == ["从 0 ms 起没有任何 touches 方法因手指 2 发给 card。"])
    let (_, first) = Self.why(.recognizesFirst(["cardTap", "cardDouble"]), .simplifiedChinese, from: 5000)
    #expect(first == ["cardTap、cardDouble 从 5000 ms 起都没有识别。"])
  }
}
