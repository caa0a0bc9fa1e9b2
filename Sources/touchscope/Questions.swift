import ArgumentParser
import Geometry
import Localization
import Narration
import SceneFile
import TouchSim
import TraceKit

struct Questions: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "questions",
    abstract: "Print a scene's questions with the answers the engine gives.",
    discussion: """
      Runs the script of SCENE headless and prints each of its `questions` (see docs/SCENE-FORMAT.md, \
      "Questions for the audience"): when it is asked, the choices, the answer read from the run's trace \
      (the trace line that decides it) and why, in the narration's words: a teacher's answer key. \
      Exit codes: 0 every answer is among its question's choices, 1 invalid input or an answer missing \
      from its choices (as `touchscope check` reports it), 2 internal error.
      """
  )

  @OptionGroup var sceneFile: SceneArgument
  var scene: String { sceneFile.scene }

  @OptionGroup var language: LanguageOption

  func run() throws {
    let path = self.scene
    let scene = try SceneInput.load(path)
    let lang = language.language
    guard !scene.questions.isEmpty else {
      Console.out(lang("The scene asks no questions.\n", "这个场景没有提问。\n"))
      return
    }
    let trace = try SceneInput.replay(scene, path: path)
    let narration = Narrator.narrate(trace, scene: scene, language: lang)
    var text = ""
    if let title = scene.title(in: lang.rawValue) { text += title + "\n\n" }
    var missing = 0
    let qs = scene.questions
    for i in qs.indices {
      let q = qs[i]
      let a = QuestionAnswer.answer(i, of: qs, in: trace)
      text +=
        lang("Question \(i + 1) at \(JSONNumber.format(q.t)) ms: ", "问题 \(i + 1)（\(JSONNumber.format(q.t)) ms）：")
        + q.ask(in: lang.rawValue)
        + "\n"
      text +=
        lang("  choices: ", "  选项：")
        + q.offered.map { QuestionWhy.display($0, lang) }.joined(separator: lang(", ", "、")) + "\n"
      if let v = a.value {
        let at =
          a.entry.map {
            lang(
              " (trace line \($0 + 1), at \(JSONNumber.format(trace[$0].t)) ms)",
              "（trace 第 \($0 + 1) 行，\(JSONNumber.format(trace[$0].t)) ms）")
          } ?? ""
        text += lang("  answer: ", "  答案：") + QuestionWhy.display(v, lang) + at + "\n"
        if !q.offered.contains(v) {
          missing += 1
          text += lang("  not among the choices\n", "  不在选项之中\n")
        }
      } else {
        missing += 1
        text += lang("  no answer: ", "  没有答案：") + QuestionWhy.problem(q, a, trace: trace, lang) + "\n"
      }
      let next: Double? = i + 1 < qs.count ? qs[i + 1].t : nil
      for w in QuestionWhy.lines(q, a, narration: narration, trace: trace, language: lang, summariesUntil: next) {
        text += lang("  why: ", "  原因：") + w + "\n"
      }
      text += "\n"
    }
    Console.out(text)
    // The same verdict as `touchscope check`: every question answered among its choices, in the run's time;
    // what it refuses is said as `check` says it, positioned, on standard error.
    let wrong = QuestionAnswer.problems(scene, trace: trace)
    if !wrong.isEmpty {
      SceneInput.report(
        SceneFileError(wrong.map { Diagnostic(file: path, line: $0.line, column: $0.column, message: $0.message) }))
    }
    if missing > 0 || !wrong.isEmpty { throw ExitCode(1) }
  }

}
