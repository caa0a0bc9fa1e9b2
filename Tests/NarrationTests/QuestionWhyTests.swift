import Localization
import TestSupport
import Testing
import TouchSim
import TraceKit

@testable import Narration

/// The why of an answer is the narration's own sentences about the line that decides it (ask the class).
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
    return (a, QuestionWhy.lines(q, a, narration: narration, trace: trace, language: l, summariesUntil: nil))
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

  @Test func nothingHappeningIsExplainedByWhatTheNarrationSaysOfItThen() throws {
    // The photo tracks finger 1; finger 2 never reaches it (rule C-4): that sentence is the why.
    let s = scene([v("photo", [0, 0, 390, 400])]) {
      $0.script = [down(1, 100, 100, t: 0), down(2, 200, 200, t: 50), up(2, t: 100), up(1, t: 150)]
    }
    let trace = Engine.replay(s)
    let q = SceneQuestion(t: 0, ask: "?", asks: .gets(view: "photo", touch: 2))
    let a = QuestionAnswer.answer(q.asks, from: 0, to: nil, in: trace)
    #expect(a.value == "nothing")
    let lines = QuestionWhy.lines(
      q, a, narration: Narrator.narrate(trace, scene: s), trace: trace, language: .english, summariesUntil: nil)
    #expect(lines.first?.hasPrefix("photo never gets finger 2") == true, "\(lines)")
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
    #expect(
      lines == [
        "cardTap is given no touch from 5000 ms on: a touch goes only to the recognizers of its hit-test view and that view's superviews, so cardTap stays possible (rule C-7)."
      ])
    let (_, zh) = Self.why(.gets(view: "card", touch: 2), .simplifiedChinese)
    #expect(zh == ["从 0 ms 起，card 没有收到手指 2 的任何 touches 方法。"])
    let (_, first) = Self.why(.recognizesFirst(["cardTap", "cardDouble"]), .simplifiedChinese, from: 5000)
    #expect(first == ["从 5000 ms 起，cardTap、cardDouble 都没有识别成功。"])
  }
}

/// A view that clips to its bounds draws none of its subviews outside them, so the narration never says
/// one is drawn where the hit test skipped it (rule A-5).
@Suite struct ClippedSubviewNarrationTests {
  static func walk(clips: Bool) -> String {
    let s = scene([
      v("list", [0, 300, 390, 500]),
      v("bar", [0, 0, 390, 100], subviews: [v("menu", [200, 80, 150, 300])]) { $0.clipsToBounds = clips },
    ]) { $0.script = tap(260, 320) }
    let trace = Engine.replay(s)
    return Narrator.narrate(trace, scene: s).map(\.plainText).first { $0.hasPrefix("The hit test") } ?? ""
  }

  @Test func a5ASubviewHangingOutIsNamedOnlyWhenItIsDrawn() {
    #expect(Self.walk(clips: false).contains("not even menu, which is drawn there"))
    let clipped = Self.walk(clips: true)
    #expect(clipped.contains("bar does not contain the point, so its subviews are not asked"), "\(clipped)")
    #expect(!clipped.contains("drawn there"))
  }
}

@Suite struct QuestionWhyFingerTests {
  @Test func fingerTwoIsNotFingerTwelve() {
    #expect(QuestionWhy.mentions("photo never gets finger 2: it already tracks", finger: 2))
    #expect(!QuestionWhy.mentions("photo never gets finger 12", finger: 2))
    #expect(QuestionWhy.mentions("手指 2 从未到达它", finger: 2))
    #expect(!QuestionWhy.mentions("手指 21 从未到达它", finger: 2))
  }
}
