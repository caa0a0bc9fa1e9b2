import TouchSim

/// Paces the trace for human eyes: time flows, and the playhead dwells on each decision.
///
/// The engine decides instantly; the window replays what it decided at a watchable pace. The playhead
/// has an index (entries shown) and a time (trace milliseconds shown). Moving forward, time flows at
/// `speed` until the next entry is due; the entry is then shown and held for its dwell (hit-test visits,
/// state changes, actions...) before time flows on. When it falls far behind live input it shortens the
/// dwells, then skips them, so live input is never lost and never waits long.
public struct Playhead: Equatable, Sendable {
  /// Entries shown: `trace[0..<index]`.
  public private(set) var index = 0
  /// Trace time shown.
  public private(set) var time: Double = 0
  /// Display milliseconds still to hold the entry just shown.
  public private(set) var dwell: Double = 0

  public init() {}

  /// How long (display ms at speed 1) an entry is held once shown. Zero for bookkeeping lines.
  public static func dwell(for e: TraceEvent) -> Double {
    switch e {
    case .hitTest, .hitTestOverride: return 260
    case .hit: return 420
    case .state(_, _, let to, let reason): return to == .possible && reason == .reset ? 60 : 450
    case .action: return 300
    case .wait: return 450
    case .ask: return 160
    case .deliver, .withhold, .drop, .control: return 150
    case .timer: return 250
    case .sheet: return 450
    // The view following the finger, as scrolled content does: shown with its action, without a pause.
    case .scroll, .zoom, .set(_, _, _, .effect): return 0
    case .attach, .set, .reorder, .ignoring: return 200
    case .sendEvent(_, _, let callsSuper): return callsSuper ? 120 : 450
    case .sendAction, .perform: return 300
    case .canPerform: return 160
    case .removeGestureRecognizer, .addGestureRecognizer, .removeFromSuperview, .addSubview: return 450
    case .input, .feed, .forward: return 0
    }
  }

  /// Entries that count as one "decision" for stepping.
  public static func isDecision(_ e: TraceEvent) -> Bool {
    switch e {
    case .forward, .feed, .scroll, .set(_, _, _, .effect): return false
    case .state(_, _, let to, let reason): return !(to == .possible && reason == .reset)
    default: return true
    }
  }

  /// Moves on by `ms` of display time at `speed`. `limit` is the latest trace time that exists (the
  /// engine's clock); entries and time never run past it. `stopAt`: time stops there, before any entry at
  /// that time is shown (a question is asked before what it asks about happens).
  public mutating func advance(
    by ms: Double, speed: Double, trace: [TraceEntry], limit: Double, stopAt: Double? = nil
  ) {
    var budget = max(ms, 0) * max(speed, 0.01)
    // Falling behind live input: shorten the dwells, then drop them.
    let backlog = max(0, (trace.last?.t ?? 0) - time) + Double(trace.count - index) * 20
    let dwellFactor = backlog > 4000 ? 0 : backlog > 1500 ? 0.25 : 1
    var guardSteps = 0
    while budget > 0 && guardSteps < 100_000 {
      guardSteps += 1
      if dwell > 0 {
        let used = min(dwell, budget)
        dwell -= used
        budget -= used
        continue
      }
      if let stop = stopAt, time >= stop { break }
      if index < trace.count {
        let next = trace[index]
        if next.t <= time {
          index += 1
          dwell = Self.dwell(for: next.event) * dwellFactor
          continue
        }
        let step = min(budget, next.t - time, (stopAt ?? .infinity) - time)
        time += step
        budget -= step
        continue
      }
      // Nothing left: time follows the engine's clock.
      time = min(max(time, time + budget), max(limit, time), max(stopAt ?? .infinity, time))
      budget = 0
    }
  }

  /// Shows everything up to the end at once (e.g. after a reset or when the user asks to skip).
  public mutating func jumpToEnd(of trace: [TraceEntry], limit: Double) {
    index = trace.count
    time = max(trace.last?.t ?? 0, limit)
    dwell = 0
  }

  /// The same place after the first `k` entries of the trace were discarded.
  public mutating func rebase(droppingFirst k: Int) {
    index = max(index - k, 0)
  }

  /// Shows `trace[0...i]`.
  public mutating func jump(to i: Int, in trace: [TraceEntry]) {
    guard !trace.isEmpty else { return }
    let i = min(max(i, 0), trace.count - 1)
    index = i + 1
    time = trace[i].t
    dwell = 0
  }

  /// The next decision is shown; returns false at the end.
  @discardableResult
  public mutating func stepForward(in trace: [TraceEntry]) -> Bool {
    var i = index
    while i < trace.count {
      if Self.isDecision(trace[i].event) {
        jump(to: i, in: trace)
        return true
      }
      i += 1
    }
    // Only bookkeeping left (resets, forwards): show it all.
    guard index < trace.count else { return false }
    jump(to: trace.count - 1, in: trace)
    return true
  }

  /// Back to the decision before the one shown; returns false at the start.
  @discardableResult
  public mutating func stepBack(in trace: [TraceEntry]) -> Bool {
    var i = index - 2
    while i >= 0 {
      if Self.isDecision(trace[i].event) {
        jump(to: i, in: trace)
        return true
      }
      i -= 1
    }
    if index > 0 {
      index = 0
      time = 0
      dwell = 0
      return true
    }
    return false
  }

  /// Back to the start (a new engine, e.g. playing a script).
  public mutating func rewind() {
    index = 0
    time = 0
    dwell = 0
  }
}
