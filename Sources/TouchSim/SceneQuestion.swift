import Geometry

/// A question a scene asks its audience at a moment of its script ("Which view gets finger 1?").
///
/// The scene says what is asked and which choices are offered; never the answer. The answer is what the
/// trace of the run shows (`QuestionAnswer` in TraceKit), so it follows every toggle, and `touchscope
/// check` refuses a question whose choices leave out what the engine does. Not engine input: the engine
/// never reads it.
public struct SceneQuestion: Equatable, Sendable {
  /// What the question is about: each kind is answered by one sort of trace line.
  public enum Asks: Equatable, Sendable {
    /// Which view the hit test of touch N's next touch-down returns (`hit`): a view id, or `none`.
    case hitView(touch: Int)
    /// Whether the recognizer recognizes (a `state` line to began or ended): `yes` or `no`.
    case fires(recognizer: String)
    /// The last state the recognizer reaches (its resets to possible not counted): a state name.
    case finalState(recognizer: String)
    /// The last touches… method the view is sent for touch N (`deliver`): a method name, or `nothing`.
    case gets(view: String, touch: Int)
    /// Whether the control sends the event (`control`): `yes` or `no`.
    case sends(control: String, event: TraceEvent.ControlEvent)
    /// Which of these recognizers recognizes first: an id, or `none`.
    case recognizesFirst([String])
    /// Which responder performs the action (selector) a control sends next (`perform`): a responder's
    /// name (view, view controller, window, application, appDelegate), or `none` when it is dropped.
    case performs(action: String)
    /// Where the scroll view's content offset rests at the end of the span (its last `scroll` line, a
    /// settle included; rules H-12, H-14): `(x, y)` (`SceneQuestion.offsetText`).
    case restsAt(view: String)
    /// The scroll view's zoom scale at the end of the span (its last `zoom` line, a spring-back included;
    /// 1 when it never zoomed; rule H-18): a number (`SceneQuestion.scaleText`).
    case zoomsTo(view: String)
  }

  /// Script time (ms) at which playback stops to ask it; it is about what happens from then on.
  public var t: Double
  /// Where the question's time span ends (ms); nil: at the next question's time, or the end of the run.
  public var until: Double?
  /// The question in the scene's language.
  public var ask: String
  /// The question in other languages, by language tag (`zh-Hans`).
  public var translations: [String: String] = [:]
  public var asks: Asks
  /// The choices offered, as written (empty: the kind's own, `yes`/`no` or the ids plus `none`).
  public var choices: [String] = []
  /// Where the question and its choices are written (1-based line and column; 0 when built in code).
  public var line = 0
  public var column = 0
  public var choicesLine = 0
  public var choicesColumn = 0

  /// Two questions are equal when they ask the same; where they are written does not count.
  public static func == (a: SceneQuestion, b: SceneQuestion) -> Bool {
    a.t == b.t && a.until == b.until && a.ask == b.ask && a.translations == b.translations && a.asks == b.asks
      && a.choices == b.choices
  }

  public init(t: Double, ask: String, asks: Asks, choices: [String] = [], until: Double? = nil) {
    self.t = t
    self.ask = ask
    self.asks = asks
    self.choices = choices
    self.until = until
  }

  /// The choices shown: those written, or the kind's own.
  public var offered: [String] {
    if !choices.isEmpty { return choices }
    switch asks {
    case .fires, .sends: return [Self.yes, Self.no]
    case .recognizesFirst(let ids): return ids + [Self.none]
    case .hitView, .finalState, .gets, .performs, .restsAt, .zoomsTo: return []
    }
  }

  /// The question in `language` (a tag such as `zh-Hans`): its translation, else as written.
  public func ask(in language: String?) -> String {
    guard let language else { return ask }
    return translations[language] ?? ask
  }

  /// A content offset as a `restsAt` answer and its choices write it: `(390, 0)`.
  public static func offsetText(_ p: Point) -> String {
    "(" + JSONNumber.format(p.x) + ", " + JSONNumber.format(p.y) + ")"
  }

  /// A zoom scale as a `zoomsTo` answer and its choices write it: `3`, `2.111`.
  public static func scaleText(_ z: Double) -> String { JSONNumber.format(z) }

  public static let yes = "yes"
  public static let no = "no"
  /// No view (hit test), no recognizer (recognizes first).
  public static let none = "none"
  /// No touches… method at all (gets).
  public static let nothing = "nothing"

  /// The answers a kind can have apart from ids: what a choice may say.
  public static let stateNames = GestureState.allCases.map(\.rawValue)
  public static let methodNames = TouchMethod.allCases.map(\.rawValue) + [nothing]
}

extension Scene {
  /// The span of question `i` of `questions`: from its time to its `until`, else to the next question's
  /// time, else open.
  public static func span(of i: Int, in questions: [SceneQuestion]) -> (from: Double, to: Double?) {
    let q = questions[i]
    let next = i + 1 < questions.count ? questions[i + 1].t : nil
    return (q.t, q.until ?? next)
  }
}
