import ArgumentParser
import Foundation
import Geometry
import Localization
import Narration
import SafeWriting
import SceneFile
import StudioCore
import StudioSDL
import TouchSim
import TraceKit

/// Where a handout puts the answers.
enum AnswerPlacement: String, CaseIterable, ExpressibleByArgument {
  /// An answer key at the end, on a page of its own.
  case separate
  /// Each answer right after its question.
  case inline
  /// No answers.
  case none
}

/// The paper a handout is laid out for.
enum Paper: String, CaseIterable, ExpressibleByArgument {
  case a4
  case letter
}

struct Handout: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "handout",
    abstract: "Write a printable handout of scenes' questions, with pictures, as one HTML file.",
    discussion: """
      For each SCENE: its title and about, then each of its `questions` (docs/SCENE-FORMAT.md, "Questions \
      for the audience") with a picture of the device where the window stops to ask it (presenter \
      mode drawn light for paper, the rings where the fingers land next, nothing of the answer yet) and its choices lettered A, B, C… \
      The answers are those `touchscope questions` reads from the run's trace, with their why. The file \
      holds everything (pictures as PNG data) and prints to A4 or Letter without splitting a question. \
      Exit codes: 0 written, 1 invalid input (a scene that does not load, a question the engine does not \
      answer among its choices, an --out that cannot be written or is one of the scenes), 2 internal error.
      """
  )

  @Argument(help: "The scene files (YAML or JSON), in the order of the handout.")
  var scenes: [String]

  @Option(help: "The HTML file to write.")
  var out: String

  @OptionGroup var language: LanguageOption

  @Option(
    help: "Where the answers go: separate (a key on its own page at the end), inline (after each question) or none.")
  var answers: AnswerPlacement = .separate

  @Option(help: "The paper size the pages are laid out for: a4 or letter.")
  var paper: Paper = .a4

  /// The window the pictures are taken from (pixels): tall for a device held upright, wide for one on its
  /// side, so the device fills the stage.
  static func windowSize(for device: Size) -> Size {
    device.width > device.height ? Size(1600, 1150) : Size(1100, 1400)
  }

  func validate() throws {
    guard !scenes.isEmpty else { throw ValidationError("give at least one scene file") }
    try Render.checkOutput(out, naming: "an HTML file")
    try OutputPath.refuseInput(out, among: scenes.map { ("the scene file", $0) }, product: "the handout")
  }

  func run() throws {
    let lang = language.language
    // Every scene is loaded and checked first: nothing is written unless all of them are good.
    var loaded: [(path: String, scene: Scene)] = []
    var bad = false
    for path in scenes {
      do {
        let scene = try SceneInput.load(path)
        let wrong =
          scene.questions.isEmpty ? [] : QuestionAnswer.problems(scene, trace: try SceneInput.replay(scene, path: path))
        if !wrong.isEmpty {
          SceneInput.report(
            SceneFileError(wrong.map { Diagnostic(file: path, line: $0.line, column: $0.column, message: $0.message) }))
          bad = true
          continue
        }
        loaded.append((path, scene))
      } catch let error as InputError {
        if !error.message.isEmpty { Console.error("error: " + error.message) }
        bad = true
      }
    }
    if bad { throw InputError() }

    var parts: [HandoutScene] = []
    for (path, scene) in loaded {
      if scene.questions.isEmpty {
        Console.error(
          lang(
            "note: \(path): the scene asks no questions: the handout gives its title and about only",
            "注意：\(path)：这个场景没有提问，讲义只列出它的标题和简介"))
      }
      parts.append(try Self.content(of: scene, path: path, language: lang))
    }
    let html = HandoutHTML(scenes: parts, language: lang, answers: answers, paper: paper).document()
    do {
      try SafeWriter.write(html, to: out)
    } catch {
      throw InputError("cannot write \(out): \(error.reason)")
    }
  }

  /// A scene's texts, questions, pictures and answers in `lang`.
  static func content(of scene: Scene, path: String, language lang: Language) throws -> HandoutScene {
    let trace = try SceneInput.replay(scene, path: path)
    let narration = Narrator.narrate(trace, scene: scene, language: lang)
    let pictures = try pictures(of: scene, path: path, language: lang)
    let qs = scene.questions
    var questions: [HandoutQuestion] = []
    for i in qs.indices {
      let q = qs[i]
      let a = QuestionAnswer.answer(i, of: qs, in: trace)
      let next: Double? = i + 1 < qs.count ? qs[i + 1].t : nil
      let why = QuestionWhy.lines(q, a, narration: narration, trace: trace, language: lang, summariesUntil: next)
      questions.append(
        HandoutQuestion(
          time: q.t, ask: q.ask(in: lang.rawValue), choices: q.offered.map { QuestionWhy.display($0, lang) },
          answer: a.value.flatMap { q.offered.firstIndex(of: $0) },
          answerText: a.value.map { QuestionWhy.display($0, lang) } ?? "", why: why, picture: pictures[i]))
    }
    return HandoutScene(
      file: (path as NSString).lastPathComponent, title: scene.title(in: lang.rawValue),
      about: scene.about(in: lang.rawValue), questions: questions)
  }

  /// One PNG per question: the window in presenter mode on the stage, its script played as P plays it
  /// until playback stops at the question, the question's card left out (its rings kept), cropped to
  /// the device.
  static func pictures(of scene: Scene, path: String, language lang: Language) throws -> [[UInt8]] {
    guard !scene.questions.isEmpty else { return [] }
    let size = windowSize(for: scene.window)
    return try MainActor.assumeIsolated {
      let model = StudioModel(scene: scene, path: path)
      model.language = lang
      model.perform(.togglePresenter)
      model.perform(.toggleStage)
      model.handoutPicture = true
      var wall = 0.0
      model.tick(wall: wall)
      model.perform(.playScript)
      var out: [[UInt8]] = []
      for i in scene.questions.indices {
        guard let q = model.playToNextQuestion(wall: &wall), q.index == i else {
          throw InputError("\(path): playback of the script never stops at question \(i + 1)")
        }
        do {
          out.append(try renderDevicePNG(model, size: size))
        } catch {
          throw InputError("cannot render the picture of question \(i + 1) of \(path): \(error)")
        }
      }
      return out
    }
  }
}
