import ArgumentParser
import Narration
import TouchSim

struct Explain: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "explain",
    abstract: "Explain a scene's scripted run in plain sentences.",
    discussion: """
      Runs the script in SCENE (or the one in --script) headless, exactly as `replay` does, and prints \
      one plain sentence per decision the engine made, with its time: the hit-test walk, the \
      recognizers a touch was attached to, state changes and the questions that decided them, \
      deliveries held back, cancelled or passed up the responder chain, control events. Repeated \
      events (moves, changed actions) are told once per burst. Rule ids of the UIKit reference are \
      given in parentheses.

      After each gesture a "Why?" block answers the usual question: why each recognizer fired or \
      failed, whether each touched control sent touchUpInside (and if not, what cancelled or withheld \
      it), and which views got touchesCancelled.

      Ids are written between backticks. Exit codes: 0 success, 1 invalid input, 2 internal error.
      """
  )

  @OptionGroup var sceneFile: SceneArgument
  var scene: String { sceneFile.scene }

  @OptionGroup var scriptFile: ScriptOption
  var script: String? { scriptFile.script }

  @Option(help: "Wrap sentences to this many columns (0: one line per sentence).")
  var width: Int = 0

  @OptionGroup var language: LanguageOption

  func validate() throws {
    if width < 0 { throw ValidationError("--width must be 0 or more") }
  }

  func run() throws {
    let scene = try SceneInput.load(scene)
    let steps = try script.map { try SceneInput.loadScript($0, for: scene) }
    let trace = try SceneInput.replay(scene, script: steps, path: script ?? self.scene)
    let lang = language.language
    let lines = Narrator.narrate(trace, scene: scene, language: lang)
    var text = ""
    if let title = scene.title(in: lang.rawValue) { text += title + "\n\n" }
    text +=
      lines.isEmpty
      ? lang("Nothing happened: the script has no steps.\n", "什么也没有发生：脚本没有步骤。\n")
      : NarrationText.render(lines, width: width, language: lang)
    Console.out(text)
  }
}
