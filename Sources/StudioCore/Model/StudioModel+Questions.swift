import Localization
import Narration
import TouchSim
import TraceKit

/// A scene's question on screen (issue 17, ask the class): playback of the script stopped at its time.
public struct QuestionOnScreen: Equatable, Sendable {
  /// Its place among the scene's questions (0-based), and how many there are.
  public var index: Int
  public var count: Int
  public var question: SceneQuestion
  /// Read from the trace of this run (the engine ran the whole script when it was played): what the
  /// engine does in the question's span.
  public var answer: QuestionAnswer
  /// The narration's sentences about the line that decides it.
  public var why: [String]
  /// When nothing in the run answers it, what is missing (read from the whole trace when it was asked:
  /// the panels see only the trace up to the question's time).
  public var problem: String?
  /// The answer is shown (Enter).
  public var revealed = false
  /// Where each finger of the script goes down next within the question's span (scene points): what the
  /// question is about, drawn as rings on the device. Read from the script, which is the run's input.
  public var upcoming: [UpcomingTouch]

  public struct UpcomingTouch: Equatable, Sendable {
    public var touch: Int
    public var at: Point
  }
}

/// Where playback of the script stands with the scene's questions.
struct QuizState {
  /// The questions of the script being played (empty: none, or not playing the script).
  var questions: [SceneQuestion] = []
  /// The next question to ask.
  var next = 0
  var current: QuestionOnScreen?

  /// The time playback must stop at: the next question's, while there is one to ask.
  var stopTime: Double? { current == nil && next < questions.count ? questions[next].t : nil }

  mutating func start(_ qs: [SceneQuestion]) { self = QuizState(questions: qs) }
  mutating func end() { self = QuizState() }
}

extension StudioModel {
  /// The question on screen, if playback stopped at one.
  public var question: QuestionOnScreen? { quiz.current }

  /// Playback has reached the next question's time: it stops there and asks it, answered from the trace.
  func askQuestionIfDue() {
    guard quiz.current == nil, quiz.next < quiz.questions.count else { return }
    let i = quiz.next
    let q = quiz.questions[i]
    guard playhead.time >= q.t, playhead.dwell == 0 else { return }
    quiz.next += 1
    let trace = engine.trace
    let answer = QuestionAnswer.answer(i, of: quiz.questions, in: trace)
    let narration = Narrator.narrate(trace, scene: engineStartScene, complete: true, language: language)
    let next: Double? = i + 1 < quiz.questions.count ? quiz.questions[i + 1].t : nil
    let why = QuestionWhy.lines(
      q, answer, narration: narration, trace: trace, language: language, summariesUntil: next)
    let problem = answer.value == nil ? QuestionWhy.problem(q, answer, trace: trace, language) : nil
    quiz.current = QuestionOnScreen(
      index: i, count: quiz.questions.count, question: q, answer: answer, why: why, problem: problem,
      upcoming: Self.upcoming(in: loaded.script, from: answer.from, to: answer.to))
    pauseForQuestion()
  }

  /// Playing the scene's script (P): its questions are asked as it plays.
  func startQuestions() { quiz.start(config.questions) }

  /// The playhead was moved by hand (step, jump): the question on screen goes, and the next one asked is
  /// the first whose time comes after every line shown (stepping back before a question asks it again).
  func questionsFollowPlayhead() {
    guard !quiz.questions.isEmpty else { return }
    quiz.current = nil
    let trace = engine.trace
    let shown = playhead.index > 0 && playhead.index <= trace.count ? trace[playhead.index - 1].t : -Double.infinity
    quiz.next = quiz.questions.firstIndex { $0.t > shown } ?? quiz.questions.count
  }

  /// Enter: shows the answer of the question on screen.
  func revealAnswer() {
    quiz.current?.revealed = true
  }

  /// The question leaves the screen (Space plays on; Esc stays paused).
  func dismissQuestion() {
    quiz.current = nil
  }

  /// The first touch-down of each finger in `from ..< to` of `script`.
  static func upcoming(in script: [ScriptStep], from: Double, to: Double?) -> [QuestionOnScreen.UpcomingTouch] {
    var out: [QuestionOnScreen.UpcomingTouch] = []
    for s in script where s.t >= from && (to.map { s.t < $0 } ?? true) {
      if case .down(let touch, let p) = s.action, !out.contains(where: { $0.touch == touch }) {
        out.append(.init(touch: touch, at: p))
      }
      if out.count >= 10 { break }
    }
    return out
  }
}
