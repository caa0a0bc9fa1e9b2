import TouchSim

/// Where gestures start: the one definition every reader of the trace uses (the snapshot, the
/// timeline, the narration and its "why?" summaries).
///
/// A gesture starts with a touch going down while the trace is settled: no finger down, no recognizer
/// engaged (fed touches, or waiting for another to fail, and not reset since), no delivery withheld from
/// a view. A double tap's two taps, the 350 ms a tap recognizer waits after the lift and a touchesEnded
/// held until a recognizer decides therefore stay in one gesture. Entries after a gesture settles (a
/// toggle flipped by hand between gestures, a timer) belong to it until the next touch-down: they never
/// make a gesture of their own.
///
/// As a safety net for a trace that starts in the middle of something (a trimmed trace), a touch-down
/// after `quietGap` ms without any entry and with no finger down starts a gesture too: nothing UIKit
/// models waits that long with every finger up (the longest is the 350 ms tap interval).
public struct GestureScanner: Sendable, Equatable {
  public static let quietGap: Double = 1500

  /// Touches down.
  public private(set) var down: Set<Int> = []
  /// Recognizers fed touches or waiting since their last reset.
  public private(set) var engaged: Set<String> = []
  /// Withheld deliveries not yet delivered or dropped.
  public private(set) var held = HeldDeliveries()
  private var lastTime: Double?

  public init() {}

  /// Nothing going on: a touch going down now starts a gesture.
  public var isSettled: Bool { down.isEmpty && engaged.isEmpty && held.isEmpty }

  /// Takes `entry`, entry `index` of the trace, into account; true when it starts a gesture.
  public mutating func take(_ entry: TraceEntry, index: Int) -> Bool {
    let gap = lastTime.map { entry.t - $0 } ?? .infinity
    lastTime = entry.t
    var starts = false
    switch entry.event {
    case .input(let n, let phase, _, _):
      switch phase {
      case .began:
        if down.isEmpty && (isSettled || gap > Self.quietGap) {
          starts = true
          engaged = []
          held.removeAll()
        }
        down.insert(n)
      case .ended, .cancelled: down.remove(n)
      case .moved, .stationary: break
      }
    case .feed(let r, _, _), .wait(let r, _):
      engaged.insert(r)
    case .state(let r, _, let to, _):
      if to == .possible { engaged.remove(r) } else { engaged.insert(r) }
    case .removeGestureRecognizer(let r, _, _):
      // C-12: reset at once, out of the gesture.
      engaged.remove(r)
    case .withhold, .deliver, .drop:
      held.take(entry, index: index)
    default:
      break
    }
    return starts
  }

  /// The same scanner after the first `k` entries of the trace were discarded.
  public mutating func rebase(droppingFirst k: Int) { held.rebase(droppingFirst: k) }
}

/// The gesture starts of a trace, found once and kept up to date as the trace grows (and is trimmed).
public struct GestureIndex: Sendable, Equatable {
  /// Trace indices where gestures start, ascending.
  public private(set) var starts: [Int] = []
  /// For each gesture, the index of the entry after which it had settled (nil while it goes on): what
  /// follows until the next start (a toggle flipped by hand, say) happened after the gesture.
  public private(set) var settled: [Int?] = []
  /// How far the trace was scanned.
  public private(set) var scanned = 0
  private var scanner = GestureScanner()

  public init() {}

  /// Scans the entries added since the last call.
  public mutating func update(_ trace: [TraceEntry]) {
    while scanned < trace.count {
      if scanner.take(trace[scanned], index: scanned) {
        starts.append(scanned)
        settled.append(nil)
      }
      if scanner.isSettled, let last = settled.indices.last, settled[last] == nil { settled[last] = scanned }
      scanned += 1
    }
  }

  /// The same index after the first `k` entries of the trace were discarded.
  public mutating func rebase(droppingFirst k: Int) {
    let kept = starts.indices.filter { starts[$0] >= k }
    starts = kept.map { starts[$0] - k }
    settled = kept.map { settled[$0].map { $0 - k } }
    scanned = max(scanned - k, 0)
    scanner.rebase(droppingFirst: k)
  }

  /// The gesture holding entry `i` (its position in `starts`) and its entries, in a trace of `count`
  /// entries; what comes before the first touch-down belongs to the first gesture. Nil before any
  /// touch went down.
  public func gesture(around i: Int, count: Int) -> (k: Int, range: Range<Int>)? {
    guard !starts.isEmpty, count > 0 else { return nil }
    let k = gesture(containing: i) ?? 0
    let lower = k == 0 ? 0 : starts[k]
    let upper = k + 1 < starts.count ? starts[k + 1] : count
    return (k, lower..<max(upper, lower))
  }

  /// The position in `starts` of the gesture holding entry `i` (nil before the first gesture).
  public func gesture(containing i: Int) -> Int? {
    var lo = 0
    var hi = starts.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if starts[mid] <= i { lo = mid + 1 } else { hi = mid }
    }
    return lo == 0 ? nil : lo - 1
  }

  /// The entries of gesture `k` (up to the next start, or to `count`).
  public func range(_ k: Int, count: Int) -> Range<Int> {
    starts[k]..<(k + 1 < starts.count ? starts[k + 1] : max(count, starts[k]))
  }
}
