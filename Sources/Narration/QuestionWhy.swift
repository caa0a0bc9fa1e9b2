import Geometry
import Localization
import TouchSim
import TraceKit

/// Why a question's answer is what it is: the narration's own sentences about the trace line that decides
/// it, and the "Why?" summary of the recognizer, view or control asked about. Nothing new is decided here:
/// the sentences are the narration's, picked by trace index and id.
public enum QuestionWhy {
  /// At most this many sentences.
  public static let limit = 3

  /// Sentences explaining `answer` to `question`, taken from `narration` (a whole run's, `complete`),
  /// without backticks; a sentence of its own when the narration has none (nothing happened).
  ///
  /// `summariesUntil`: the "Why?" summaries are looked for up to this time (the next question's, or nil to
  /// the end of the run), so a question whose `until` ends before its gesture settles is explained by that
  /// gesture's summary.
  public static func lines(
    _ question: SceneQuestion, _ answer: QuestionAnswer, narration: [NarrationLine], trace: [TraceEntry],
    language: Language, summariesUntil: Double?
  ) -> [String] {
    var picked: [NarrationLine] = []
    func add(_ line: NarrationLine?) {
      guard let line, picked.count < limit, !picked.contains(line) else { return }
      picked.append(line)
    }
    func inSpan(_ line: NarrationLine, to: Double?) -> Bool {
      line.t >= answer.from && (to.map { line.t < $0 } ?? true)
    }
    let steps = narration.filter { $0.kind == .step }
    let subjects = Self.subjects(question, answer).map { "`\($0)`" }
    if let e = answer.entry, let at = steps.lastIndex(where: { $0.traceIndex <= e }) {
      // The sentence shown at the deciding line (a step line stands for the entries up to the next one);
      // for a hit, the walk told just before it first.
      if case .hitView = question.asks, at > 0, steps[at - 1].traceIndex < trace.count {
        switch trace[steps[at - 1].traceIndex].event {
        case .hitTest, .hitTestOverride: add(steps[at - 1])
        default: break
        }
      }
      add(steps[at])
    } else if answer.value != nil {
      // Nothing happened to what is asked about: why, in the narration's words. A touch dropped or held
      // back in the span first ("finger 1 went down while the app ignored…", "`button`'s touchesBegan is
      // held back…"), else the last thing it says about what is asked ("`photo` never gets finger 2…"),
      // about that finger when the question names one (a question about one finger is not explained by
      // what another finger did).
      let about = steps.filter { line in inSpan(line, to: answer.to) && subjects.contains { line.text.contains($0) } }
      var finger: Int?
      if case .gets(_, let touch) = question.asks { finger = touch }
      let heldOrDropped = steps.filter { line in
        guard inSpan(line, to: answer.to), line.traceIndex < trace.count else { return false }
        let view: String?
        let touches: [Int]
        switch trace[line.traceIndex].event {
        case .drop(let v, _, let t, _):
          view = v
          touches = t
        case .withhold(let v, _, let t, _):
          view = v
          touches = t
        default: return false
        }
        if let finger, !touches.contains(finger) { return false }
        guard let view else { return true }
        return subjects.contains("`" + view + "`")
      }
      add(heldOrDropped.last ?? (finger.map { n in about.last { Self.mentions($0.text, finger: n) } } ?? about.last))
    }
    // Then the "Why?" summary of each recognizer or control asked about, for the gestures that began in the
    // question's time (a view's summary is about its cancelled touches, which a hit is not; for a finger's
    // question, only a summary naming that finger).
    let summaryEnd = summariesUntil
    for subject in subjects {
      if case .hitView = question.asks { break }
      add(
        narration.first { line in
          guard line.kind == .summary, inSpan(line, to: summaryEnd), line.text.hasPrefix(subject) else { return false }
          let began = line.entries.lowerBound < trace.count ? trace[line.entries.lowerBound].t : line.t
          if let to = answer.to, began >= to { return false }
          if case .gets(_, let touch) = question.asks { return Self.mentions(line.text, finger: touch) }
          return true
        })
    }
    if picked.isEmpty, let own = ownSentence(question, answer, trace, language) { return [own] }
    return picked.map { Self.plain($0.text) }
  }

  /// Whether `text` names finger `n` ("finger 2", "手指 2"; not "finger 12").
  static func mentions(_ text: String, finger n: Int) -> Bool {
    for word in ["finger \(n)", "手指 \(n)"] {
      // Each place the word starts, and whether a digit follows it.
      let t = Array(text)
      let w = Array(word)
      guard t.count >= w.count else { continue }
      for i in 0...(t.count - w.count) where Array(t[i..<(i + w.count)]) == w {
        if i + w.count == t.count || !t[i + w.count].isNumber { return true }
      }
    }
    return false
  }

  /// The ids a question is about, whose summary lines explain it.
  static func subjects(_ q: SceneQuestion, _ a: QuestionAnswer) -> [String] {
    switch q.asks {
    case .hitView: return a.value.map { [$0] } ?? []
    case .fires(let r), .finalState(let r): return [r]
    case .gets(let view, _): return [view]
    case .sends(let control, _): return [control]
    case .recognizesFirst(let ids): return ids
    case .performs: return a.value.map { [$0] } ?? []
    case .restsAt(let view), .zoomsTo(let view): return [view]
    }
  }

  /// A sentence for an answer the narration says nothing about: nothing happened in the span.
  static func ownSentence(_ q: SceneQuestion, _ a: QuestionAnswer, _ trace: [TraceEntry], _ l: Language) -> String? {
    let span = Self.span(a, l)
    switch q.asks {
    case .hitView(let touch):
      guard a.value == nil else { return nil }
      return l("Finger \(touch) does not touch down \(span).", "手指 \(touch) \(span)没有按下。")
    case .fires(let r):
      if !Self.getsTouches(r, a, trace) {
        return l(
          "\(r) is given no touch \(span): a touch goes only to the recognizers of its hit-test view and that view's superviews, so \(r) stays possible (rule C-7).",
          "\(r) \(span)没有收到任何触摸：触摸只交给其命中测试视图及其父视图上的手势识别器，所以 \(r) 一直处于 possible（规则 C-7）。")
      }
      return l("\(r) stays possible \(span): nothing makes it recognize.", "\(r) \(span)一直处于 possible：没有任何输入使它识别成功。")
    case .finalState(let r):
      return l("\(r) never leaves possible \(span).", "\(r) \(span)始终没有离开 possible。")
    case .gets(let view, let touch):
      return l(
        "\(view) is sent no touches method for finger \(touch) \(span).",
        "\(span)，\(view) 没有收到手指 \(touch) 的任何 touches 方法。")
    case .sends(let control, let event):
      return l("\(control) does not send \(event.rawValue) \(span).", "\(control) \(span)没有发送 \(event.rawValue)。")
    case .recognizesFirst(let ids):
      let list = ids.joined(separator: l(", ", "、"))
      return l("None of \(list) recognizes \(span).", "\(span)，\(list) 都没有识别成功。")
    case .performs(let action):
      return l("No control sends \(action) \(span).", "\(span)没有控件发送 \(action)。")
    case .restsAt(let view):
      guard let offset = a.value else { return nil }
      return l("\(view) rests at \(offset) \(span).", "\(view) \(span)停在 \(offset)。")
    case .zoomsTo(let view):
      guard let scale = a.value else { return nil }
      return a.entry == nil
        ? l(
          "\(view) does not zoom \(span): its zoomScale stays \(scale) (rule H-18).",
          "\(view) \(span)没有缩放：它的 zoomScale 保持 \(scale)（规则 H-18）。")
        : l("\(view) comes to rest at zoomScale \(scale) \(span).", "\(view) \(span)最后停在 zoomScale \(scale)。")
    }
  }

  /// Why nothing answers the question, in `l` (the answer has no value).
  public static func problem(_ q: SceneQuestion, _ a: QuestionAnswer, trace: [TraceEntry], _ l: Language) -> String {
    let span = Self.span(a, l)
    switch q.asks {
    case .hitView(let touch):
      return l("finger \(touch) does not go down \(span)", "手指 \(touch) \(span)没有按下")
    case .recognizesFirst:
      if let e = a.entry, e < trace.count, case .state(let r, _, _, _) = trace[e].event, let other = a.together {
        let at = JSONNumber.format(trace[e].t)
        return l(
          "\(r) and \(other) recognize together, at \(at) ms: neither is first",
          "\(r) 和 \(other) 在 \(at) ms 同时识别成功：没有谁是第一个")
      }
    default: break
    }
    return a.problem ?? ""
  }

  /// Whether the recognizer is given a touch in the answer's span (an `attach` line naming it).
  static func getsTouches(_ r: String, _ a: QuestionAnswer, _ trace: [TraceEntry]) -> Bool {
    trace.contains { e in
      guard e.t >= a.from, a.to.map({ e.t < $0 }) ?? true, case .attach(_, let rs) = e.event else { return false }
      return rs.contains(r)
    }
  }

  /// A choice as the window and `touchscope questions` show it: ids, states and methods as UIKit writes
  /// them, the plain words (`yes`, `no`, `none`, `nothing`) in the reader's language.
  public static func display(_ choice: String, _ l: Language) -> String {
    switch choice {
    case SceneQuestion.yes: return l("yes", "是")
    case SceneQuestion.no: return l("no", "否")
    case SceneQuestion.none: return l("none", "无")
    case SceneQuestion.nothing: return l("nothing", "没有收到")
    default: return choice
    }
  }

  /// "from 1000 ms to 2200 ms" / "from 1000 ms on".
  static func span(_ a: QuestionAnswer, _ l: Language) -> String {
    let from = JSONNumber.format(a.from)
    guard let to = a.to else { return l("from \(from) ms on", "从 \(from) ms 起") }
    return l("from \(from) ms to \(JSONNumber.format(to)) ms", "在 \(from) ms 到 \(JSONNumber.format(to)) ms 之间")
  }

  static func plain(_ s: String) -> String { s.filter { $0 != "`" } }
}
