/// Timers at exact simulated times: tap interval and duration, long press, content-touch delay.
struct PendingTimer {
  var due: Double
  var seq: Int
  var what: TimerKind
  var rec: Int?
  var scrollView: Int?
  var touch: Int?
  /// A control's timer (a stepper's autorepeat): live while the control's `repeatEpoch` equals `epoch`.
  var control: Int? = nil
  /// A sheet's transition view, removed when this timer fires (the dismissal's animation ended, A-15).
  var sheet: Int? = nil
  var generation: Int
  /// The owner's `timerEpochs` for this kind when it was scheduled.
  var epoch: Int

  /// Fires before `other`: the earliest, the first scheduled among equals.
  @inline(__always) func precedes(_ other: PendingTimer) -> Bool {
    due < other.due || (due == other.due && seq < other.seq)
  }
}

/// What a timer is for; the raw value is the documented name written in the trace.
enum TimerKind: String {
  case tapInterval, maximumTapDuration, minimumPressDuration, contentTouchDelay
  /// A stepper held down steps again (rule 8.4).
  case autorepeat
  /// A dismissed sheet's animation ends: its transition view leaves the window (rule A-15).
  case sheetDismissal
}

/// A recognizer's counters that cancel its timers of one kind at once.
struct TimerEpochs {
  var tapInterval = 0
  var maximumTapDuration = 0
  var minimumPressDuration = 0

  subscript(kind: TimerKind) -> Int {
    get {
      switch kind {
      case .tapInterval: return tapInterval
      case .maximumTapDuration: return maximumTapDuration
      case .minimumPressDuration: return minimumPressDuration
      case .contentTouchDelay, .autorepeat, .sheetDismissal: return 0
      }
    }
    set {
      switch kind {
      case .tapInterval: tapInterval = newValue
      case .maximumTapDuration: maximumTapDuration = newValue
      case .minimumPressDuration: minimumPressDuration = newValue
      case .contentTouchDelay, .autorepeat, .sheetDismissal: break
      }
    }
  }
}

/// Pending timers as a binary min-heap by (due, seq). A recognizer's timers are cancelled by bumping a
/// counter (its generation when it resets, its epoch for one kind) rather than by searching for them:
/// the heap keeps them until they reach its top, where they are dropped unfired, so cancelling costs the
/// same with one timer or twenty thousand.
struct TimerQueue {
  private(set) var items: [PendingTimer] = []

  var top: PendingTimer? { items.first }

  mutating func push(_ t: PendingTimer) {
    items.append(t)
    var i = items.count - 1
    while i > 0 {
      let parent = (i - 1) / 2
      guard items[i].precedes(items[parent]) else { break }
      items.swapAt(parent, i)
      i = parent
    }
  }

  @discardableResult
  mutating func popTop() -> PendingTimer {
    let top = items[0]
    let last = items.removeLast()
    if !items.isEmpty {
      items[0] = last
      siftDown(0)
    }
    return top
  }

  /// Removes every timer matching `match` (then restores the heap order).
  mutating func removeAll(where match: (PendingTimer) -> Bool) {
    let before = items.count
    items.removeAll(where: match)
    guard items.count != before else { return }
    var i = items.count / 2
    while i > 0 {
      i -= 1
      siftDown(i)
    }
  }

  private mutating func siftDown(_ start: Int) {
    var i = start
    while true {
      let l = 2 * i + 1
      let r = l + 1
      var m = i
      if l < items.count && items[l].precedes(items[m]) { m = l }
      if r < items.count && items[r].precedes(items[m]) { m = r }
      if m == i { return }
      items.swapAt(i, m)
      i = m
    }
  }
}

extension Simulation {
  mutating func schedule(
    _ what: TimerKind, owner r: Int?, scrollView: Int? = nil, touch: Int? = nil, sheet: Int? = nil, after ms: Double
  ) {
    let due = now + max(0, ms.isFinite ? ms : 0)
    timers.push(
      PendingTimer(
        due: due, seq: nextTimerSeq, what: what, rec: r, scrollView: scrollView, touch: touch, sheet: sheet,
        generation: r.map { recs[$0].generation } ?? 0, epoch: r.map { recs[$0].timerEpochs[what] } ?? 0))
    nextTimerSeq += 1
  }

  /// Schedules a control's timer; it is cancelled by bumping the control's `repeatEpoch`.
  mutating func scheduleControl(_ what: TimerKind, control c: Int, touch: Int, epoch: Int, after ms: Double) {
    timers.push(
      PendingTimer(
        due: now + max(0, ms.isFinite ? ms : 0), seq: nextTimerSeq, what: what, rec: nil, scrollView: nil,
        touch: touch, control: c, generation: 0, epoch: epoch))
    nextTimerSeq += 1
  }

  /// Cancels the timers matching `match` (touch and scroll view timers; a recognizer's go with
  /// `cancelTimers(of:_:)` or its reset).
  mutating func cancelTimers(where match: (PendingTimer) -> Bool) {
    timers.removeAll(where: match)
  }

  /// Cancels recognizer `r`'s timers of one kind.
  mutating func cancelTimers(of r: Int, _ what: TimerKind) {
    recs[r].timerEpochs[what] += 1
  }

  /// Whether a timer still counts: not cancelled, and its recognizer not reset since it was scheduled.
  @inline(__always) func isLive(_ t: PendingTimer) -> Bool {
    if let c = t.control { return controlStates[c]?.repeatEpoch == t.epoch }
    guard let r = t.rec else { return true }
    return recs[r].generation == t.generation && recs[r].timerEpochs[t.what] == t.epoch
  }

  /// Drops cancelled timers from the top of the queue, so that its top is the next timer to fire.
  mutating func pruneTimers() {
    while let top = timers.top, !isLive(top) { timers.popTop() }
  }

  /// The time of the next live timer, if any.
  var nextTimerTime: Double? {
    guard let top = timers.top else { return nil }
    if isLive(top) { return top.due }
    var next: Double?
    for t in timers.items where isLive(t) && next.map({ t.due < $0 }) ?? true { next = t.due }
    return next
  }

  mutating func fire(_ timer: PendingTimer) {
    if let c = timer.control, let uid = timer.touch {
      stepperRepeat(c, touch: uid)
      return
    }
    if let s = timer.scrollView, let uid = timer.touch {
      contentDelayExpired(s, uid)
      return
    }
    if let t = timer.sheet {
      sheetDismissed(t)
      return
    }
    guard let r = timer.rec, recs[r].generation == timer.generation, recs[r].machine.state != .possible || isInvolved(r)
    else { return }
    emit(.timer(what: timer.what.rawValue, owner: recs[r].id))
    switch timer.what {
    case .tapInterval:
      request(r, .fail, .noNextTap(tap: recs[r].data.tap.tapsDone + 1, interval: constants.tapMaximumInterval))
    case .maximumTapDuration:
      if !recs[r].touches.isEmpty {
        request(r, .fail, .heldTooLongForTap(maximum: constants.tapMaximumDuration))
      }
    case .minimumPressDuration:
      if recs[r].machine.state == .possible {
        request(r, .begin, .heldForPress(duration: recs[r].spec.minimumPressDuration))
      }
    case .contentTouchDelay, .autorepeat, .sheetDismissal: break
    }
    settle()
  }
}
