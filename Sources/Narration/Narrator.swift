import Localization
import TouchSim
import TraceKit

/// Explains a run in plain sentences, from its trace and its scene.
///
/// Nothing is written per scene: every sentence is derived from the trace entries (and the scene for
/// view kinds, class names and properties), so any scene a user writes is explained. Noise is
/// collapsed: a hit-test walk becomes one or two sentences, a responder-chain walk one sentence, a
/// burst of moves or `changed` actions one sentence. After each gesture a summary answers "why did
/// (or didn't) my X fire?".
public enum Narrator {
  /// The narration of `trace`, a run of `scene` (the scene as it was before the run started), in
  /// trace order: lines never go back in time and every `traceIndex` is an index of `trace`.
  ///
  /// `complete`: the trace is a whole run, so a gesture still unsettled at its end is summed up too.
  /// The window narrates the trace up to its playhead with `complete: false`: nothing past the playhead
  /// is known, so a gesture's "why?" summary comes only once it has settled, and a hit-test walk or a
  /// burst of moves is told as far as it has gone.
  public static func narrate(
    _ trace: [TraceEntry], scene: Scene, complete: Bool = true, language: Language = .english
  ) -> [NarrationLine] {
    narrate(trace, live: LiveScene(scene), complete: complete, language: language)
  }

  /// The same, from a scene already indexed (the window's snapshot has one at every gesture's start).
  public static func narrate(
    _ trace: [TraceEntry], live: LiveScene, complete: Bool = true, language: Language = .english
  ) -> [NarrationLine] {
    NarrationBuilder(trace: trace, scene: live, complete: complete, language: language).run()
  }
}

/// What a group of entries turns into: a sentence now, or an item of a burst of repeated events.
enum Piece {
  case line(index: Int, text: String)
  case burst(BurstKey, BurstItem)
}

/// The narration of one trace: walks it once, entry by entry.
final class NarrationBuilder {
  let trace: [TraceEntry]
  var scene: LiveScene
  var tracker = TraceTracker()
  private let groups: TraceGroups
  private var bursts = BurstCollector()
  private var out: [(line: NarrationLine, seq: Int)] = []
  /// Responder chains already told in full in this gesture ("view:hop>hop").
  var describedChains: Set<String> = []

  /// The trace is a whole run (see `Narrator.narrate`).
  let complete: Bool
  /// The language the sentences are written in: one builder decides what is said, each sentence is
  /// written from its template in this language.
  let language: Language

  init(trace: [TraceEntry], scene: LiveScene, complete: Bool, language: Language = .english) {
    self.trace = trace
    self.scene = scene
    self.complete = complete
    self.language = language
    groups = TraceGroups(trace)
  }

  func run() -> [NarrationLine] {
    for i in trace.indices {
      tracker.apply(i, trace[i], scene: &scene)
      let members = groups.groups[groups.groupOf[i]]
      if members.last == i {
        for piece in narrate(members) { take(piece) }
      }
      let endOfTime = i == trace.count - 1 || trace[i + 1].t != trace[i].t
      if endOfTime && tracker.gesture != nil && (tracker.isSettled || complete && i == trace.count - 1) {
        closeGesture(at: i)
      }
    }
    flushBursts()
    return out.sorted { a, b in
      if a.line.traceIndex != b.line.traceIndex { return a.line.traceIndex < b.line.traceIndex }
      if a.line.kind != b.line.kind { return a.line.kind == .step }
      return a.seq < b.seq
    }.map(\.line)
  }

  // MARK: Output

  private func take(_ piece: Piece) {
    switch piece {
    case .line(let index, let text):
      flushBursts()
      add(NarrationLine(t: trace[index].t, traceIndex: index, kind: .step, text: text))
    case .burst(let key, let item):
      bursts.add(key, item)
    }
  }

  private func add(_ line: NarrationLine) { out.append((line, out.count)) }

  private func flushBursts() {
    for (key, items) in bursts.takeAll() {
      guard let first = items.first, let last = items.last else { continue }
      let text = renderBurst(key, items)
      add(
        NarrationLine(
          t: trace[first.index].t, traceIndex: first.index, entries: first.index...max(first.index, last.index),
          kind: .step, text: text))
    }
  }

  private func closeGesture(at i: Int) {
    flushBursts()
    describedChains = []
    guard let g = tracker.takeGesture() else { return }
    for text in summarize(g, endingAt: i) {
      add(NarrationLine(t: trace[i].t, traceIndex: i, entries: min(g.start, i)...i, kind: .summary, text: text))
    }
  }

  // MARK: Dispatch

  /// The sentences of one group of entries (see `TraceGroups`).
  private func narrate(_ members: [Int]) -> [Piece] {
    guard let first = members.first else { return [] }
    if let s = members.first(where: { if case .state = trace[$0].event { return true } else { return false } }) {
      return stateSentence(members, state: s)
    }
    switch trace[first].event {
    case .input: return inputSentence(first)
    case .hitTest, .hitTestOverride, .hit: return hitTestSentences(members)
    case .attach: return attachSentence(members)
    case .ask: return askSentence(members)
    case .feed: return []
    case .action: return actionSentence(first)
    case .wait: return waitSentence(first)
    case .withhold: return withholdSentence(first)
    case .deliver: return deliverySentences(members)
    case .forward: return []
    case .control: return controlSentence(members)
    case .scroll(let view, let offset):
      return [.burst(.scroll(view: view), BurstItem(index: first, value: .scroll(offset)))]
    case .timer: return timerSentence(members)
    case .set: return setSentence(members)
    case .drop(_, _, _, .ignoringInteractionEvents): return ignoredTouchSentence(first)
    case .drop: return dropSentence(first, asked: nil)
    case .ignoring: return ignoringSentence(first)
    case .reorder(let view, let to):
      let text =
        to == "front"
        ? language(
          "The script brings \(Phrase.code(view)) to the front (bringSubviewToFront), so the hit test now visits it before its siblings",
          "脚本把 \(Phrase.code(view)) 移到最前面（bringSubviewToFront），所以命中测试现在会先于它的兄弟视图访问它")
        : language(
          "The script sends \(Phrase.code(view)) to the back (sendSubviewToBack), so the hit test now visits it after its siblings",
          "脚本把 \(Phrase.code(view)) 移到最后面（sendSubviewToBack），所以命中测试现在会在它的兄弟视图之后访问它")
      return [.line(index: first, text: sentence(text, ["A-1"]))]
    case .state: return []
    }
  }

  func entry(_ i: Int) -> TraceEvent { trace[i].event }
}

// MARK: - Bursts

/// What repeats often enough to be told once per burst.
enum BurstKey: Hashable {
  case move(touch: Int)
  case delivered(view: String, method: TouchMethod)
  case held(view: String, method: TouchMethod)
  case changed(recognizer: String)
  case scroll(view: String)
  /// A recognizer's effect changing its view (`set` with `origin: effect`).
  case effect(recognizer: String, view: String, key: String)
}

struct BurstItem {
  enum Value {
    case move(Point)
    case delivered(chain: ResponderChain?, events: [(TraceEvent.ControlEvent, TraceEvent.ControlValue?)])
    case held(by: [String])
    case changed(ActionValues?, reason: StateReason)
    case scroll(Point)
    case effect(before: TransformSpec, after: TransformSpec)
  }
  var index: Int
  var value: Value
}

/// Open bursts, in the order they started; a sentence that is not part of a burst closes them all.
struct BurstCollector {
  private var order: [BurstKey] = []
  private var items: [BurstKey: [BurstItem]] = [:]

  mutating func add(_ key: BurstKey, _ item: BurstItem) {
    if items[key] == nil { order.append(key) }
    items[key, default: []].append(item)
  }

  mutating func takeAll() -> [(BurstKey, [BurstItem])] {
    defer {
      order = []
      items = [:]
    }
    return order.map { ($0, items[$0] ?? []) }
  }
}
