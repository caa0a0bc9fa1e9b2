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
  public static func lines(
    _ question: SceneQuestion, _ answer: QuestionAnswer, narration: [NarrationLine], trace: [TraceEntry],
    language: Language
  ) -> [String] {
    var picked: [NarrationLine] = []
    func add(_ line: NarrationLine?) {
      guard let line, picked.count < limit, !picked.contains(line) else { return }
      picked.append(line)
    }
    let steps = narration.filter { $0.kind == .step }
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
    }
    // Then the "Why?" summary of each recognizer or control asked about, within the question's time (a
    // view's summary is about its cancelled touches, which a hit or another finger's question is not).
    var subjects = Self.subjects(question, answer)
    switch question.asks {
    case .hitView: subjects = []
    case .gets: if answer.entry == nil { subjects = [] }
    default: break
    }
    for subject in subjects.map({ "`\($0)`" }) {
      add(
        narration.first { line in
          line.kind == .summary && line.t >= answer.from && (answer.to.map { line.t < $0 } ?? true)
            && line.text.hasPrefix(subject)
        })
    }
    if picked.isEmpty, let own = ownSentence(question, answer, language) { return [own] }
    return picked.map { Self.plain($0.text) }
  }

  /// The ids a question is about, whose summary lines explain it.
  static func subjects(_ q: SceneQuestion, _ a: QuestionAnswer) -> [String] {
    switch q.asks {
    case .hitView: return a.value.map { [$0] } ?? []
    case .fires(let r), .finalState(let r): return [r]
    case .gets(let view, _): return [view]
    case .sends(let control, _): return [control]
    case .recognizesFirst(let ids): return ids
    }
  }

  /// A sentence for an answer the narration says nothing about: nothing happened in the span.
  static func ownSentence(_ q: SceneQuestion, _ a: QuestionAnswer, _ l: Language) -> String? {
    let span = Self.span(a, l)
    switch q.asks {
    case .hitView(let touch):
      guard a.value == nil else { return nil }
      return l("Finger \(touch) does not touch down \(span).", "手指 \(touch) \(span)没有按下。")
    case .fires(let r):
      return l("\(r) stays possible \(span): nothing makes it recognize.", "\(r) \(span)一直处于 possible：没有任何事情让它识别。")
    case .finalState(let r):
      return l("\(r) never leaves possible \(span).", "\(r) \(span)始终没有离开 possible。")
    case .gets(let view, let touch):
      return l(
        "\(view) is sent no touches method for finger \(touch) \(span).",
        "\(span)没有任何 touches 方法因手指 \(touch) 发给 \(view)。")
    case .sends(let control, let event):
      return l("\(control) does not send \(event.rawValue) \(span).", "\(control) \(span)没有发送 \(event.rawValue)。")
    case .recognizesFirst(let ids):
      let list = ids.joined(separator: l(", ", "、"))
      return l("None of \(list) recognizes \(span).", "\(list) \(span)都没有识别。")
    }
  }

  /// "from 1000 ms to 2200 ms" / "from 1000 ms on".
  static func span(_ a: QuestionAnswer, _ l: Language) -> String {
    let from = Self.ms(a.from)
    guard let to = a.to else { return l("from \(from) ms on", "从 \(from) ms 起") }
    return l("from \(from) ms to \(Self.ms(to)) ms", "在 \(from) ms 到 \(Self.ms(to)) ms 之间")
  }

  static func ms(_ t: Double) -> String { t == t.rounded() && abs(t) < 1e15 ? String(Int(t)) : String(t) }

  static func plain(_ s: String) -> String { s.filter { $0 != "`" } }
}
