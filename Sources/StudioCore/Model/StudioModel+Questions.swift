import Geometry
import Localization
import Narration
import Raster
import TouchSim
import TraceKit

/// A scene's question on screen (ask the class): playback of the script stopped at its time.
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

// MARK: - Handouts

extension StudioModel {
  /// The frames are a printed handout's pictures: the question on screen is drawn by its rings on the
  /// device only, without its card (the handout gives the question and its choices as text beside the
  /// picture), and the canvas has no zoom control (nothing on paper is clicked).
  public var handoutPicture: Bool {
    get { view.handoutPicture }
    set {
      view.handoutPicture = newValue
      view.theme.paper = newValue
    }
  }

  /// Plays on as the window does, one frame of `frameTime` ms after another from the wall time `wall`,
  /// until playback of the script stops at its next question (P starts it, Space plays on past a question);
  /// nil when playback comes to rest without asking one. No real time passes: `wall` is moved on.
  public func playToNextQuestion(wall: inout Double, frameTime: Double = 16) -> QuestionOnScreen? {
    if question != nil { perform(.togglePause) }
    var still = 0
    var last = (playhead.index, playhead.time, playhead.dwell)
    // Playback comes to rest a little after the run's last line (`playheadLimit`): two seconds of frames
    // with nothing moving end the search.
    let restFrames = Int((2000 / frameTime).rounded(.up))
    var frames = 0
    while still < restFrames && frames < 2_000_000 {
      frames += 1
      wall += frameTime
      tick(wall: wall)
      if let q = question { return q }
      let now = (playhead.index, playhead.time, playhead.dwell)
      still = now == last ? still + 1 : 0
      last = now
    }
    return nil
  }

  /// The device's part of the last frame (nil before the first): a handout's picture.
  public var devicePicture: DevicePicture? {
    guard let layout = lastLayout else { return nil }
    let vp = viewport(for: layout)
    let d = vp.toPixels(Rect(origin: .zero, size: config.window))
    var (x0, y0, x1, y1) = (d.minX, d.minY, d.maxX, d.maxY)
    let r = OverlayQuestion.ringRadius(theme) + 2 * OverlayQuestion.presenterUnit(theme)
    for touch in question?.upcoming ?? [] {
      let p = vp.toPixels(touch.at)
      x0 = min(x0, p.x - r)
      y0 = min(y0, p.y - r)
      x1 = max(x1, p.x + r)
      y1 = max(y1, p.y + r)
    }
    return DevicePicture(
      device: Rect(x0, y0, x1 - x0, y1 - y0), canvas: layout.canvas, background: theme.background,
      margin: 8 * OverlayQuestion.presenterUnit(theme))
  }
}

/// Where a handout's picture of the device lies in a frame (pixels): the device with the rings of the
/// question on screen, widened to everything the canvas draws around it (labels, tags, the walk's list).
public struct DevicePicture: Equatable, Sendable {
  /// The device, with the rings where the fingers land next: always in the picture.
  public var device: Rect
  /// The canvas panel: the picture never goes past it.
  public var canvas: Rect
  /// The colour of the canvas where nothing is drawn.
  public var background: RGBA
  /// Left around what is drawn.
  public var margin: Double

  /// The picture in a frame whose pixel at (x, y) is `pixel(x, y)`: the device, and every pixel of the
  /// canvas that is not its background, with a margin, inside the canvas.
  public func crop(width: Int, height: Int, pixel: (Int, Int) -> RGBA) -> Rect {
    var (x0, y0, x1, y1) = (device.minX, device.minY, device.maxX, device.maxY)
    // The panels' borders along the canvas's edges are not content.
    let edge = 2
    let cx0 = max(0, Int(canvas.minX.rounded(.up)) + edge)
    let cy0 = max(0, Int(canvas.minY.rounded(.up)) + edge)
    let cx1 = min(width, Int(canvas.maxX.rounded(.down)) - edge)
    let cy1 = min(height, Int(canvas.maxY.rounded(.down)) - edge)
    if cx0 < cx1 && cy0 < cy1 {
      for y in cy0..<cy1 {
        for x in cx0..<cx1 where pixel(x, y) != background {
          x0 = min(x0, Double(x))
          y0 = min(y0, Double(y))
          x1 = max(x1, Double(x + 1))
          y1 = max(y1, Double(y + 1))
        }
      }
    }
    let left = max(canvas.minX, (x0 - margin).rounded(.down))
    let top = max(canvas.minY, (y0 - margin).rounded(.down))
    let right = min(canvas.maxX, (x1 + margin).rounded(.up))
    let bottom = min(canvas.maxY, (y1 + margin).rounded(.up))
    return Rect(left, top, max(0, right - left), max(0, bottom - top))
  }
}
