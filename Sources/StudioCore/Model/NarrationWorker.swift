import Foundation
import Narration
import Synchronization
import TouchSim
import TraceKit

/// Narrates a trace on a background thread, one job at a time, keeping the latest result.
///
/// The window's frame must not wait for the narration (it is linear in the gesture narrated); while live
/// input keeps adding entries, the model hands the trace to this worker and shows the previous narration
/// until the new one is ready, usually by the next frame. What both sides read is in one `Mutex`.
final class NarrationWorker: Sendable {
  struct Result: Sendable {
    var count: Int
    var from: Int
    var generation: Int
    var items: [NarrationItem]
    /// Where the next narration of this gesture may go on from.
    var checkpoint: NarrationCheckpoint?
  }

  /// What the queues hand back to the frame: a job in flight, its result, the history summaries.
  private struct State {
    var busy = false
    var done: Result?
    var summaries: [(session: Int, items: [NarrationItem])] = []
  }

  private let queue = DispatchQueue(label: "touchscope.narration", qos: .userInitiated)
  private let historyQueue = DispatchQueue(label: "touchscope.history", qos: .utility)
  private let state = Mutex(State())

  var isBusy: Bool { state.withLock { $0.busy } }

  /// Starts narrating `trace` (the entries from index `from` on, `count` entries in all).
  func submit(
    trace: [TraceEntry], scene: LiveScene, from: Int, count: Int, generation: Int, narrator: StudioNarrator,
    resuming checkpoint: NarrationCheckpoint?
  ) {
    state.withLock { $0.busy = true }
    queue.async { [self] in
      let (items, next) = Self.narrate(trace, scene: scene, from: from, narrator: narrator, resuming: checkpoint)
      state.withLock {
        $0.done = Result(count: count, from: from, generation: generation, items: items, checkpoint: next)
        $0.busy = false
      }
    }
  }

  /// The result finished since the last call, if any.
  func take() -> Result? {
    state.withLock { s in
      defer { s.done = nil }
      return s.done
    }
  }

  /// Narrates discarded entries of engine session `session` for the history, in the background.
  func summarize(
    _ trace: [TraceEntry], scene: LiveScene, session: Int, narrator: StudioNarrator
  ) {
    historyQueue.async { [self] in
      let items = NarrationCache.summaries(of: trace, scene: scene, narrator: narrator)
      state.withLock { $0.summaries.append((session, items)) }
    }
  }

  /// The history summaries of engine session `session` finished since the last call, oldest first (nil
  /// when there are none); those of earlier sessions (a scene reloaded meanwhile) are dropped.
  func takeSummaries(session: Int) -> [NarrationItem]? {
    state.withLock { s in
      defer { s.summaries = [] }
      let items = s.summaries.filter { $0.session == session }.flatMap(\.items)
      return items.isEmpty ? nil : items
    }
  }

  /// The narration of `trace`, which starts at entry `from` of the whole trace (indices shifted to match),
  /// going on from `checkpoint` when it fits.
  static func narrate(
    _ trace: [TraceEntry], scene: LiveScene, from: Int, narrator: StudioNarrator,
    resuming checkpoint: consuming NarrationCheckpoint? = nil
  ) -> (items: [NarrationItem], checkpoint: NarrationCheckpoint?) {
    let (items, next) = narrator.run(trace, scene, consume checkpoint)
    let shifted = items.map {
      NarrationItem(t: $0.t, traceIndex: $0.traceIndex + from, isSummary: $0.isSummary, text: $0.text)
    }
    return (shifted, next)
  }
}
