import Geometry
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

  /// The same lines as `narrate(_:live:complete:language:)`, resuming from `checkpoint` when one is
  /// given: the entries it covers are not narrated again. The caller vouches that `trace` begins with the
  /// entries the checkpoint was taken on and that `live` is the scene it was narrated from (the window
  /// narrates a growing gesture this way: each frame narrates only what was added since the last one).
  /// A checkpoint of another language, or longer than `trace`, is ignored.
  ///
  /// The checkpoint returned is the narration's state after the last entry of `trace`; for a complete run,
  /// after the last whole time step before its last one (nil when there is none). Every entry of one
  /// time is narrated together, so what was said up to a time step that has ended cannot change when
  /// entries are added after it: a checkpoint is followed only when the trace goes on at a later time
  /// (`fits`), and otherwise the trace is narrated whole. Taken at the very end, no entry is applied to
  /// the scene after it, so the scene the checkpoint shares is never copied (on a scene of a thousand
  /// views, a copy of every view on each frame of a scroll).
  public static func narrate(
    _ trace: [TraceEntry], live: LiveScene, complete: Bool, language: Language,
    resuming checkpoint: consuming NarrationCheckpoint?
  ) -> (lines: [NarrationLine], checkpoint: NarrationCheckpoint?) {
    let builder: NarrationBuilder
    // Consumed: when the caller hands the checkpoint over, the builder holds its scene alone and changes it
    // in place.
    switch consume checkpoint {
    case .some(let c) where c.language == language && c.fits(trace):
      builder = NarrationBuilder(trace: trace, resuming: c, complete: complete)
    default:
      builder = NarrationBuilder(trace: trace, scene: live, complete: complete, language: language)
    }
    let lines = builder.run(
      savingAt: complete ? NarrationCheckpoint.lastBoundary(in: trace) : trace.indices.last)
    return (lines, builder.saved)
  }
}

/// The narration's state after a whole time step of a trace, to resume from (see
/// `Narrator.narrate(_:live:complete:language:resuming:)`).
public struct NarrationCheckpoint: Sendable {
  /// The first entry not yet narrated.
  let next: Int
  let language: Language
  let tracker: TraceTracker
  let bursts: BurstCollector
  let out: [(line: NarrationLine, seq: Int)]
  let describedChains: Set<String>

  /// How many entries of the trace it covers.
  public var entries: Int { next }

  /// Whether it can go on with `trace`: no longer, and ending where a time step of `trace` ends.
  func fits(_ trace: [TraceEntry]) -> Bool {
    next > 0 && next <= trace.count && (next == trace.count || trace[next - 1].t != trace[next].t)
  }

  /// The last entry of the last time step of `trace` that is followed by another time step; nil when the
  /// whole trace is one time.
  static func lastBoundary(in trace: [TraceEntry]) -> Int? {
    guard let last = trace.last else { return nil }
    var k = trace.count - 2
    while k >= 0 && trace[k].t == last.t { k -= 1 }
    return k >= 0 ? k : nil
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
  var tracker: TraceTracker
  /// The scene with the trace's changes so far (the tracker's snapshot holds it).
  var scene: LiveScene { tracker.scene }
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

  /// Where `run` starts: 0, or the first entry after a checkpoint.
  private let first: Int
  /// The state saved by `run(savingAt:)`.
  private(set) var saved: NarrationCheckpoint?

  init(trace: [TraceEntry], scene: LiveScene, complete: Bool, language: Language = .english) {
    self.trace = trace
    tracker = TraceTracker(scene: scene)
    self.complete = complete
    self.language = language
    first = 0
    groups = TraceGroups(trace)
  }

  /// A builder that goes on from `checkpoint` (taken on a trace `trace` begins with).
  init(trace: [TraceEntry], resuming checkpoint: NarrationCheckpoint, complete: Bool) {
    self.trace = trace
    tracker = checkpoint.tracker
    bursts = checkpoint.bursts
    out = checkpoint.out
    describedChains = checkpoint.describedChains
    self.complete = complete
    language = checkpoint.language
    first = checkpoint.next
    groups = TraceGroups(trace, from: checkpoint.next)
    // Still good for a longer trace when `trace` ends before another boundary.
    saved = checkpoint
  }

  /// The lines of the whole trace; when `boundary` is given (the end of a time step), the state after
  /// that entry is kept in `saved`.
  func run(savingAt boundary: Int? = nil) -> [NarrationLine] {
    // A new checkpoint will be saved: the one resumed from is let go now, before the scene changes, so
    // the scene is not copied for it.
    if let boundary, boundary >= first, boundary < trace.count { saved = nil }
    for i in first..<trace.count {
      tracker.apply(i, trace[i])
      let members = groups.groups[groups.groupOf[i]]
      if members.last == i {
        for piece in narrate(members) { take(piece) }
      }
      let endOfTime = i == trace.count - 1 || trace[i + 1].t != trace[i].t
      if endOfTime && tracker.gesture != nil && (tracker.isSettled || complete && i == trace.count - 1) {
        closeGesture(at: i)
      }
      if i == boundary {
        saved = NarrationCheckpoint(
          next: i + 1, language: language, tracker: tracker, bursts: bursts, out: out,
          describedChains: describedChains)
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
    case .scroll(let view, let offset, nil):
      return [.burst(.scroll(view: view), BurstItem(index: first, value: .scroll(offset)))]
    case .scroll(_, _, .some): return settleSentence(first)
    case .zoom(let view, _, let scale, _, _, nil):
      return [.burst(.zoom(view: view), BurstItem(index: first, value: .zoom(scale)))]
    case .zoom(_, _, _, _, _, .some): return zoomSettleSentence(first)
    case .sheet: return sheetSentence(first)
    case .timer: return timerSentence(members)
    case .set: return setSentence(members)
    case .drop(_, _, _, .ignoringInteractionEvents): return ignoredTouchSentence(first)
    case .drop(_, _, _, .sendEventWithoutSuper): return swallowedTouchSentence(first)
    case .sendEvent: return sendEventSentence(members)
    case .sendAction, .canPerform, .perform: return sendActionSentence(members)
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
    case .removeGestureRecognizer, .addGestureRecognizer, .removeFromSuperview, .addSubview: return worldSentence(first)
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
  /// A scroll view's pinch zooming its content (rule H-18).
  case zoom(view: String)
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
    case zoom(Double)
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
