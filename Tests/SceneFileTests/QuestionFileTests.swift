import Testing

@testable import SceneFile
@testable import TouchSim

/// `questions:` as the reader takes it (ask the class): kinds, choices, order and positions.
@Suite struct QuestionFileTests {
  static let head = """
    format: touchscope/1
    root:
      id: root
      frame: [0, 0, 390, 844]
      recognizers:
        - { id: tap, kind: tap }
        - { id: pan, kind: pan }
      subviews:
        - { id: card, frame: [0, 0, 100, 100] }
        - { id: buy, kind: button, frame: [0, 200, 100, 40] }
    script:
      - { t: 0, touch: 1, down: [50, 50] }
      - { t: 80, touch: 1, up: true }

    """

  static func load(_ questions: String) throws(SceneFileError) -> Scene {
    try SceneLoader.parse(head + "questions:\n" + questions, file: "q.yaml")
  }

  static func problems(_ questions: String) -> [String] {
    do {
      _ = try load(questions)
      return []
    } catch { return error.diagnostics.map(\.description) }
  }

  @Test func everyKindIsRead() throws {
    let s = try Self.load(
      """
        - { t: 0, ask: Which view?, hitView: 1, choices: [card, root, none] }
        - t: 100
          ask: Does the tap fire?
          translations: { zh-Hans: 点击会触发吗？ }
          fires: tap
        - { t: 200, ask: State?, finalState: pan, choices: [possible, failed] }
        - { t: 300, ask: Gets?, gets: { view: card, touch: 1 }, choices: [touchesEnded, touchesCancelled, nothing] }
        - { t: 400, until: 450, ask: Sends?, sends: { control: buy, event: touchUpInside } }
        - { t: 500, ask: First?, recognizesFirst: [tap, pan] }
      """)
    let q = s.questions
    #expect(q.count == 6)
    #expect(q[0].asks == .hitView(touch: 1) && q[0].offered == ["card", "root", "none"])
    #expect(q[1].asks == .fires(recognizer: "tap") && q[1].offered == ["yes", "no"])
    #expect(q[1].ask(in: "zh-Hans") == "点击会触发吗？" && q[1].ask(in: "ja") == "Does the tap fire?")
    #expect(q[2].asks == .finalState(recognizer: "pan"))
    #expect(q[3].asks == .gets(view: "card", touch: 1))
    #expect(q[4].asks == .sends(control: "buy", event: .touchUpInside) && q[4].until == 450)
    #expect(q[5].asks == .recognizesFirst(["tap", "pan"]) && q[5].offered == ["tap", "pan", "none"])
    // Where each was written, for check's messages.
    #expect(q[1].line == 16 && q[0].choicesLine == 15)
    // The whole-scene writer writes them back as they were read.
    let again = try SceneLoader.parse(SceneWriter.yaml(s), file: "again.yaml")
    #expect(again.questions == q)
  }

  @Test func choicesMustBeSomethingTheAnswerCanBe() {
    #expect(
      Self.problems("  - { t: 0, ask: a, hitView: 1, choices: [card, crad] }\n")
        == [
          "q.yaml:15:49: error: 'crad' cannot be the answer: a choice here is a view id or none (did you mean 'card'?)"
        ]
    )
    #expect(
      Self.problems("  - { t: 0, ask: a, fires: tap, choices: [yes, maybe] }\n").first?.contains(
        "'maybe' cannot be the answer: a choice here is yes or no") == true)
    #expect(
      Self.problems("  - { t: 0, ask: a, finalState: tap, choices: [ended, recognized] }\n").first?.contains(
        "'recognized' cannot be the answer: a choice here is a state") == true)
    #expect(
      Self.problems("  - { t: 0, ask: a, gets: { view: card, touch: 1 }, choices: [touchesEnded, touchesEnded] }\n")
        .first?.contains("the choice 'touchesEnded' is offered twice") == true)
    #expect(
      Self.problems("  - { t: 0, ask: a, recognizesFirst: [tap, pan], choices: [tap, card] }\n").first?.contains(
        "'card' cannot be the answer: a choice here is one of the ids it lists, or none") == true)
    #expect(
      Self.problems("  - { t: 0, ask: a, fires: tap, choices: [yes] }\n").first?.contains(
        "'choices' offers 2 to 8 choices, not 1") == true)
  }

  @Test func aQuestionAsksOneThingAboutWhatExists() {
    #expect(
      Self.problems("  - { t: 0, ask: a }\n").first?.contains("a question needs what it asks, one of: hitView") == true)
    #expect(
      Self.problems("  - { t: 0, ask: a, fires: tap, sends: { control: buy, event: touchDown } }\n").first?.contains(
        "a question asks one thing, this one asks fires and sends") == true)
    #expect(Self.problems("  - { t: 0, ask: a, fires: tpa }\n").first?.contains("tpa") == true)
    #expect(Self.problems("  - { t: 0, ask: a, fires: card }\n").isEmpty == false)
    #expect(
      Self.problems("  - { t: 0, ask: a, sends: { control: card, event: touchDown } }\n").first?.contains(
        "'card' is a view, not a control") == true)
    #expect(
      Self.problems("  - { t: 0, ask: a, sends: { control: buy, event: touchUp } }\n").first?.contains(
        "unknown control event 'touchUp'") == true)
    #expect(
      Self.problems("  - { t: 0, ask: a, hitView: 1 }\n").first?.contains("a hitView question needs 'choices'") == true)
    #expect(Self.problems("  - { t: 0, fires: tap }\n").first?.contains("a question needs its text, 'ask'") == true)
    #expect(Self.problems("  - { ask: a, fires: tap }\n").first?.contains("a question needs a time 't'") == true)
  }

  @Test func questionsComeInTimeOrderAndUntilComesAfterT() {
    let p = Self.problems("  - { t: 100, ask: a, fires: tap }\n  - { t: 100, ask: b, fires: pan }\n")
    #expect(
      p.first?.contains("questions must be in time order, one at a time: t 100 does not come after t 100") == true)
    #expect(
      Self.problems("  - { t: 100, until: 50, ask: a, fires: tap }\n").first?.contains(
        "'until' must come after the question's t (100)") == true)
    #expect(
      Self.problems("  - { t: 0, ask: '   ', fires: tap }\n").first?.contains("'ask' needs the question's text") == true
    )
  }
}
