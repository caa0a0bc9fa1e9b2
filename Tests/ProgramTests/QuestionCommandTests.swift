import Foundation
import Testing

/// `touchscope check` refuses a question whose choices leave out what the engine does, positioned at the
/// choices; `touchscope questions` prints the answer key (ask the class). The real program.
@Suite struct QuestionCommandTests {
  static let scene = """
    format: touchscope/1
    root:
      id: root
      frame: [0, 0, 390, 844]
      subviews:
        - id: card
          frame: [0, 0, 390, 400]
          recognizers: [{ id: cardTap, kind: tap }]
    script:
      - { t: 0, touch: 1, down: [100, 100] }
      - { t: 80, touch: 1, up: true }
    questions:
      - t: 0
        ask: How does the card's touch end?
        translations: { zh-Hans: 卡片的触摸如何结束？ }
        gets: { view: card, touch: 1 }
        choices: [touchesEnded, nothing]

    """

  static func write(_ text: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("questions-\(UUID().uuidString).yaml").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func checkRefusesChoicesWithoutTheEnginesAnswer() throws {
    let path = try Self.write(Self.scene)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let r = try CommandLineRobustnessTests.run(["check", path])
    #expect(r.reason == .exit && r.status == 1)
    // cancelsTouchesInView is on by default: the tap recognizes and the card's touch is cancelled (F-2).
    #expect(
      r.stderr.hasPrefix(
        "\(path):17:14: error: the engine's answer is 'touchesCancelled' (trace line "), "\(r.stderr)")
    #expect(r.stderr.contains("and the choices (touchesEnded, nothing) leave it out: offer it"))
    // Offer it, and the file is good.
    let fixed = try Self.write(
      Self.scene.replacingOccurrences(of: "[touchesEnded, nothing]", with: "[touchesEnded, touchesCancelled]"))
    defer { try? FileManager.default.removeItem(atPath: fixed) }
    let ok = try CommandLineRobustnessTests.run(["check", fixed])
    #expect(ok.status == 0 && ok.stdout == "OK: \(fixed)\n", "\(ok.stderr)")
  }

  @Test func checkRefusesAQuestionNothingAnswers() throws {
    let path = try Self.write(
      Self.scene.replacingOccurrences(of: "touch: 1 }\n", with: "touch: 1 }\n").replacingOccurrences(
        of: "    gets: { view: card, touch: 1 }\n    choices: [touchesEnded, nothing]",
        with: "    hitView: 2\n    choices: [card, root]"))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let r = try CommandLineRobustnessTests.run(["check", path])
    #expect(r.status == 1)
    #expect(
      r.stderr.contains(
        ":13:5: error: nothing answers this question: finger 2 does not go down in this question's time (from 0 ms on)"),
      "\(r.stderr)")
  }

  /// What `check` refuses (a finger that never goes down, a question after the script), `questions` says
  /// on standard error too, with the same positioned errors, besides exit 1.
  @Test func questionsPrintsTheErrorsCheckPrints() throws {
    let scenes = [
      Self.scene.replacingOccurrences(
        of: "    gets: { view: card, touch: 1 }\n    choices: [touchesEnded, nothing]",
        with: "    hitView: 0\n    choices: [card, root]"),
      Self.scene.replacingOccurrences(of: "  - t: 0\n    ask:", with: "  - t: 1000000\n    ask:"),
      Self.scene,
    ]
    for text in scenes {
      let path = try Self.write(text)
      defer { try? FileManager.default.removeItem(atPath: path) }
      let check = try CommandLineRobustnessTests.run(["check", path])
      #expect(check.status == 1 && check.stderr.hasPrefix("\(path):"), "\(check.stderr)")
      let questions = try CommandLineRobustnessTests.run(["questions", path])
      #expect(questions.status == 1)
      #expect(!questions.stderr.isEmpty)
      #expect(questions.stderr == check.stderr, "\(questions.stderr)")
    }
  }

  @Test func questionsPrintsTheAnswerKeyInEitherLanguage() throws {
    let path = try Self.write(
      Self.scene.replacingOccurrences(of: "[touchesEnded, nothing]", with: "[touchesEnded, touchesCancelled]"))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let r = try CommandLineRobustnessTests.run(["questions", path])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(
      r.stdout.contains(
        "Question 1 at 0 ms: How does the card's touch end?\n  choices: touchesEnded, touchesCancelled\n  answer: touchesCancelled (trace line "
      ))
    #expect(r.stdout.contains("  why: card received touchesCancelled because cardTap recognized"), "\(r.stdout)")
    let zh = try CommandLineRobustnessTests.run(["questions", "--lang", "zh-Hans", path])
    #expect(
      zh.stdout.contains("问题 1（0 ms）：卡片的触摸如何结束？\n  选项：touchesEnded、touchesCancelled\n  答案：touchesCancelled"),
      "\(zh.stdout)")
  }

  @Test func theReadmesAnswerKeyIsWhatTheProgramPrints() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let r = try CommandLineRobustnessTests.run([
      "questions", root.appendingPathComponent("Scenes/11-single-vs-double-tap.yaml").path,
    ])
    #expect(r.status == 0, "\(r.stderr)")
    let fourth = try #require(r.stdout.range(of: "Question 4 at 3200 ms"))
    let block = String(r.stdout[fourth.lowerBound...]).trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(readme.contains(block + "\n```"), "\(block)")
  }
}
