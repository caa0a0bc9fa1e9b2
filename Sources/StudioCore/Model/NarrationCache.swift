import Narration
import TouchSim
import TraceKit

/// The narration of the gesture at the playhead, up to the playhead and never past it.
///
/// The sentences are those of the entries from the start of the playhead's gesture to the playhead:
/// nothing after the playhead is told (no hit-test path before the walk has gone it, no "scrolled 7
/// times" while three scrolls are shown). They are computed from the scene as it was at the gesture's
/// start, and kept until the gesture's start, the playhead or the trace change. Long gestures under live
/// input are narrated on a worker thread (the window turns it on): the frame then shows the narration of
/// the previous update until the new one is ready, usually by the next frame.
final class NarrationCache {
  /// Sentences explaining the trace (provided by the narration module).
  var narrator: StudioNarrator? {
    didSet { checkpoint = nil }
  }
  private var cached: (key: Key, items: [NarrationItem])?
  /// Where narrating the gesture that starts at entry `from` may go on from (the entries narrated last time
  /// are not narrated again while live input makes it grow at later times).
  private var checkpoint: (from: Int, generation: Int, mark: NarrationCheckpoint)?
  private var worker: NarrationWorker?
  /// Bumped whenever the trace is replaced or trimmed, so a worker's late result for an old trace is dropped.
  private(set) var generation = 0
  /// The scene at the narration's first entry (the snapshot at it).
  private var base: Snapshot

  private struct Key: Equatable {
    var from: Int
    var upTo: Int
    var count: Int
    var generation: Int
  }

  init(scene: Scene) { base = Snapshot(scene: scene) }

  /// Narrate long gestures on a worker thread (the window; tests and renders narrate synchronously, so
  /// what they draw is deterministic).
  func narrateInBackground() {
    if worker == nil { worker = NarrationWorker() }
  }

  var hasWorker: Bool { worker != nil }

  /// The trace was replaced (a new engine) or trimmed: `start` is the snapshot at its first entry.
  func reset(start: Snapshot) {
    generation += 1
    cached = nil
    checkpoint = nil
    base = start
  }

  /// The narration of `trace[from..<upTo]`, `base` being the snapshot at the trace's first entry.
  func items(trace: [TraceEntry], from: Int, upTo: Int, start: Snapshot) -> [NarrationItem] {
    guard let narrator, from < upTo else { return [] }
    let key = Key(from: from, upTo: upTo, count: trace.count, generation: generation)
    if let cached, cached.key == key { return cached.items }
    if let worker, upTo - from >= 400, let shown = cached, shown.key.from == from, upTo >= shown.key.upTo {
      // Long and growing (live input): the worker narrates while this frame shows the last result, which
      // ends earlier than the playhead, never later. (Moving back is narrated at once.)
      if let done = worker.take(), done.generation == generation, done.from == from {
        cached = (Key(from: from, upTo: done.count, count: trace.count, generation: generation), done.items)
        keep(done.checkpoint, from: from)
        if done.count == upTo { return done.items }
      }
      if !worker.isBusy {
        worker.submit(
          trace: Array(trace[from..<upTo]), scene: sceneAt(from, trace: trace, start: start), from: from,
          count: upTo, generation: generation, narrator: narrator, resuming: takeResumable(from: from))
      }
      return cached?.items ?? shown.items
    }
    let (items, next) = NarrationWorker.narrate(
      Array(trace[from..<upTo]), scene: sceneAt(from, trace: trace, start: start), from: from, narrator: narrator,
      resuming: takeResumable(from: from))
    keep(next, from: from)
    cached = (key, items)
    return items
  }

  /// The checkpoint of the gesture starting at `from` in this trace, if one was kept, handed over: the cache
  /// lets go of it, so the narration that goes on from it changes the scene it holds in place (a copy of a
  /// scene of a thousand views, on each frame of a live scroll, was a twentieth of the frame). The
  /// narration returns the checkpoint to keep next.
  private func takeResumable(from: Int) -> NarrationCheckpoint? {
    defer { checkpoint = nil }
    guard let checkpoint, checkpoint.from == from, checkpoint.generation == generation else { return nil }
    return checkpoint.mark
  }

  private func keep(_ mark: NarrationCheckpoint?, from: Int) {
    checkpoint = mark.map { (from, generation, $0) }
  }

  /// The scene as it was at trace entry `index` (the snapshot of the entries before it), indexed.
  private func sceneAt(_ index: Int, trace: [TraceEntry], start: Snapshot) -> LiveScene {
    if base.count > index { base = start }
    base.advance(trace, upTo: index)
    return base.live
  }

  /// Narrates discarded entries for the history, on the worker when there is one.
  func summarize(_ gone: [TraceEntry], scene: LiveScene, session: Int) -> [NarrationItem]? {
    guard let narrator else { return nil }
    if let worker {
      worker.summarize(gone, scene: scene, session: session, narrator: narrator)
      return nil
    }
    return Self.summaries(of: gone, scene: scene, narrator: narrator)
  }

  /// Summaries the worker finished for engine session `session`.
  func takeSummaries(session: Int) -> [NarrationItem]? { worker?.takeSummaries(session: session) }

  /// The gesture summaries of `trace`, for the history.
  static func summaries(
    of trace: [TraceEntry], scene: LiveScene, narrator: StudioNarrator
  ) -> [NarrationItem] {
    narrator(trace, scene).filter(\.isSummary).map {
      NarrationItem(t: $0.t, traceIndex: -1, isSummary: true, text: $0.text)
    }
  }
}
