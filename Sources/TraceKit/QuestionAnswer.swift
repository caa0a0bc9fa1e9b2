import Geometry
import TouchSim

/// The answer to a scene's question, read from a run's trace (never from the scene): what the engine did
/// in the question's span, and the trace line that shows it.
public struct QuestionAnswer: Equatable, Sendable {
  /// The answer, in the words a choice uses (a view id, `yes`, a state name…); nil when the trace cannot
  /// answer it (`problem` says why: finger 1 never goes down in the span).
  public var value: String?
  /// The index of the trace line that decides it (the `hit`, the `state` change, the `deliver`, the
  /// `control`…); nil when the answer is that nothing happened (`no`, `nothing`, `none`, `possible`).
  public var entry: Int?
  /// The span of trace time asked about.
  public var from: Double
  public var to: Double?
  /// Why the trace does not answer the question (with `value` nil), in English.
  public var problem: String?
  /// For `recognizesFirst`: the other recognizer that recognized in the same event as `entry`'s (no answer).
  public var together: String?

  /// Whether `choices` include the answer.
  public func isAmong(_ choices: [String]) -> Bool { value.map(choices.contains) ?? false }

  /// The answer to question `i` of `questions`, from `trace` (a run of the scene's script).
  public static func answer(_ i: Int, of questions: [SceneQuestion], in trace: [TraceEntry]) -> QuestionAnswer {
    let span = Scene.span(of: i, in: questions)
    return answer(questions[i].asks, from: span.from, to: span.to, in: trace)
  }

  /// The answer to `asks` over the entries with `from <= t < to`.
  public static func answer(_ asks: SceneQuestion.Asks, from: Double, to: Double?, in trace: [TraceEntry])
    -> QuestionAnswer
  {
    var a = QuestionAnswer(value: nil, entry: nil, from: from, to: to, problem: nil, together: nil)
    let lower = trace.firstIndex(atOrAfter: from)
    let upper = to.map { trace.firstIndex(atOrAfter: $0) } ?? trace.count
    let range = lower..<max(lower, upper)
    func found(_ value: String, _ i: Int?) -> QuestionAnswer {
      a.value = value
      a.entry = i
      return a
    }
    switch asks {
    case .hitView(let touch):
      for i in range {
        if case .hit(touch, let view) = trace[i].event { return found(view ?? SceneQuestion.none, i) }
      }
      a.problem = "finger \(touch) does not go down in this question's time"
      return a
    case .fires(let r):
      var last: Int?
      for i in range {
        guard case .state(r, _, let to, let reason) = trace[i].event else { continue }
        if to == .began || to == .ended { return found(SceneQuestion.yes, i) }
        if !(to == .possible && reason == .reset) { last = i }
      }
      return found(SceneQuestion.no, last)
    case .finalState(let r):
      // The state it is in when the span starts: its last state line before (a reset: possible).
      var last: (Int, GestureState)?
      // C-12: a recognizer removed from its view is back to possible at once, without a state line.
      func removed(_ i: Int) -> Bool {
        if case .removeGestureRecognizer(r, _, _) = trace[i].event { return true }
        return false
      }
      for i in stride(from: lower - 1, through: 0, by: -1) {
        if removed(i) {
          last = (i, .possible)
          break
        }
        guard case .state(r, _, let to, let reason) = trace[i].event else { continue }
        if !(to == .possible && reason == .reset) { last = (i, to) }
        break
      }
      for i in range {
        if removed(i) { last = (i, .possible) }
        guard case .state(r, _, let to, let reason) = trace[i].event else { continue }
        if !(to == .possible && reason == .reset) { last = (i, to) }
      }
      return found(last?.1.rawValue ?? GestureState.possible.rawValue, last?.0)
    case .gets(let view, let touch):
      var last: (Int, TouchMethod)?
      for i in range {
        if case .deliver(view, let method, let touches, _) = trace[i].event, touches.contains(touch) {
          last = (i, method)
        }
      }
      return found(last?.1.rawValue ?? SceneQuestion.nothing, last?.0)
    case .sends(let control, let event):
      for i in range {
        if case .control(control, event, _, _) = trace[i].event { return found(SceneQuestion.yes, i) }
      }
      return found(SceneQuestion.no, nil)
    case .performs(let action):
      for i in range {
        if case .perform(let r, action, _) = trace[i].event { return found(r?.description ?? SceneQuestion.none, i) }
      }
      a.problem = "no control sends \(action) in this question's time"
      return a
    case .restsAt(let view):
      // The last offset written in the span, else the last one before it.
      var i = range.upperBound - 1
      while i >= 0 {
        if case .scroll(view, let o, _) = trace[i].event { return found(SceneQuestion.offsetText(o), i) }
        // A zoom moves the offset too (rule H-18).
        if case .zoom(view, _, _, _, let o, _) = trace[i].event { return found(SceneQuestion.offsetText(o), i) }
        i -= 1
      }
      a.problem = "\(view) does not scroll up to the end of this question's time"
      return a
    case .zoomsTo(let view):
      // The last scale written in the span, else the last one before it; 1 (where every scene starts) when
      // it never zoomed.
      var i = range.upperBound - 1
      while i >= 0 {
        if case .zoom(view, _, let z, _, _, _) = trace[i].event { return found(SceneQuestion.scaleText(z), i) }
        i -= 1
      }
      a.value = SceneQuestion.scaleText(1)
      return a
    case .recognizesFirst(let ids):
      for i in range {
        guard case .state(let r, _, let to, _) = trace[i].event, to == .began || to == .ended, ids.contains(r)
        else { continue }
        // Another of them recognizing in the same event is not second: neither is first.
        let t = trace[i].t
        var j = i + 1
        while j < range.upperBound && trace[j].t == t {
          if case .state(let other, _, let to, _) = trace[j].event, other != r, to == .began || to == .ended,
            ids.contains(other)
          {
            a.problem = "\(r) and \(other) recognize together, at \(JSONNumber.format(t)) ms: neither is first"
            a.entry = i
            a.together = other
            return a
          }
          j += 1
        }
        return found(r, i)
      }
      return found(SceneQuestion.none, nil)
    }
  }
}

extension QuestionAnswer {
  /// Each question of `scene` the run's `trace` does not answer from its choices: the question, where to
  /// point (its choices, or the question when nothing answers it) and why. What `touchscope check` refuses.
  public static func problems(_ scene: Scene, trace: [TraceEntry]) -> [(line: Int, column: Int, message: String)] {
    var out: [(line: Int, column: Int, message: String)] = []
    let qs = scene.questions
    for i in qs.indices {
      let q = qs[i]
      // The window's playhead stops a little after the run's last line (`Pacing.settleTime`).
      let last = trace.last?.t ?? 0
      if q.t > last + Pacing.settleTime {
        out.append(
          (
            q.line, q.column,
            "the run's last line is at \(JSONNumber.format(last)) ms and playback stops \(JSONNumber.format(Pacing.settleTime)) ms later: a question at \(JSONNumber.format(q.t)) ms would never be asked"
          ))
        continue
      }
      let a = answer(i, of: qs, in: trace)
      let span =
        a.to.map { "\(JSONNumber.format(a.from))–\(JSONNumber.format($0)) ms" }
        ?? "from \(JSONNumber.format(a.from)) ms on"
      guard let value = a.value else {
        out.append(
          (q.line, q.column, "nothing answers this question: \(a.problem ?? "the trace says nothing") (\(span))"))
        continue
      }
      guard !q.offered.contains(value) else { continue }
      let shown = a.entry.map { " (trace line \($0 + 1), at \(JSONNumber.format(trace[$0].t)) ms)" } ?? " (\(span))"
      out.append(
        (
          q.choicesLine, q.choicesColumn,
          "the engine's answer is '\(value)'\(shown), and the choices (\(q.offered.joined(separator: ", "))) leave it out: offer it"
        ))
    }
    return out
  }

}
