import TouchSim
import TraceKit

/// How much of a live session the model keeps, so memory stays bounded under endless live input.
///
/// When the trace is longer than `limits.trace` and the window is live (not replaying, the playhead
/// among the entries kept), the oldest entries are folded into `base` (the snapshot at the first entry
/// kept) and discarded; their gestures' summaries are kept in `history`. The cut falls on a touch-down,
/// so the trace still starts at the beginning of a gesture.
struct TraceRetention {
  var limits = TraceLimits()
  /// The snapshot at the first entry the trace still holds.
  private(set) var base: Snapshot
  /// The compact history of discarded entries: the narration's gesture summaries, oldest first.
  private(set) var history: [NarrationItem] = []
  /// Counts engine restarts, so history narrated in the background for an earlier engine is dropped.
  private(set) var session = 0
  /// How many entries were discarded from the front of the trace since the engine started.
  private(set) var discardedEntries = 0

  init(scene: Scene) { base = Snapshot(scene: scene) }

  /// A new engine on `scene`: nothing discarded yet.
  mutating func restart(on scene: Scene) {
    base = Snapshot(scene: scene)
    session += 1
    history = []
    discardedEntries = 0
  }

  /// Where to cut `trace` now, or nil to keep it whole.
  func cut(_ trace: [TraceEntry], playheadIndex: Int, replaying: Bool) -> Int? {
    guard trace.count > limits.trace, !replaying, playheadIndex >= trace.count - limits.traceKept else { return nil }
    var cut = trace.count - limits.traceKept
    let latest = min(cut + limits.traceKept / 2, playheadIndex)
    while cut < latest {
      if case .input(_, .began, _, _) = trace[cut].event { break }
      cut += 1
    }
    return cut >= latest ? trace.count - limits.traceKept : cut
  }

  /// The first `k` entries of `trace` are about to be discarded: they go into `base`.
  mutating func discard(_ k: Int, of trace: [TraceEntry]) {
    base.advance(trace, upTo: k)
    base.rebase(droppingFirst: k)
    discardedEntries += k
  }

  mutating func appendHistory(_ items: [NarrationItem]) {
    history += items
    if history.count > limits.history { history.removeFirst(history.count - limits.history) }
  }
}

/// How much of a live session the window keeps (see `TraceRetention`).
public struct TraceLimits: Sendable, Equatable {
  /// The trace is trimmed once it holds this many entries (at 120 touch events a second that is a
  /// minute or two of continuous input; a whole lesson script is a few hundred).
  public var trace = 60_000
  /// Entries kept after a trim: what the timeline and the log can show, and the playhead step through.
  public var traceKept = 30_000
  /// Gesture summaries ("Why?" sentences) kept from discarded entries.
  public var history = 1_000
  /// Script steps of live input kept for saving and replaying (Ctrl+Shift+S, P): whole gestures.
  public var recording = 20_000
  public init() {}
}
