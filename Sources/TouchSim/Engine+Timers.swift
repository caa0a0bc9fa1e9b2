/// Timers at exact simulated times: tap interval and duration, long press, content-touch delay.
struct PendingTimer {
  var due: Double
  var seq: Int
  var what: TimerKind
  var rec: Int?
  var scrollView: Int?
  var touch: Int?
  var generation: Int
}

/// What a timer is for; the raw value is the documented name written in the trace.
enum TimerKind: String {
  case tapInterval, maximumTapDuration, minimumPressDuration, contentTouchDelay
}

extension Simulation {
  mutating func schedule(
    _ what: TimerKind, owner r: Int?, scrollView: Int? = nil, touch: Int? = nil, after ms: Double
  ) {
    let due = now + max(0, ms.isFinite ? ms : 0)
    timers.append(
      PendingTimer(
        due: due, seq: nextTimerSeq, what: what, rec: r, scrollView: scrollView, touch: touch,
        generation: r.map { recs[$0].generation } ?? 0))
    nextTimerSeq += 1
  }

  mutating func cancelTimers(where match: (PendingTimer) -> Bool) {
    timers.removeAll(where: match)
  }

  mutating func fire(_ timer: PendingTimer) {
    if let s = timer.scrollView, let uid = timer.touch {
      contentDelayExpired(s, uid)
      return
    }
    guard let r = timer.rec, recs[r].generation == timer.generation, recs[r].machine.state != .possible || isInvolved(r)
    else { return }
    emit(.timer(what: timer.what.rawValue, owner: recs[r].id))
    switch timer.what {
    case .tapInterval:
      request(r, .fail, .noNextTap(tap: recs[r].data.tapsDone + 1, interval: constants.tapMaximumInterval))
    case .maximumTapDuration:
      if !recs[r].touches.isEmpty {
        request(r, .fail, .heldTooLongForTap(maximum: constants.tapMaximumDuration))
      }
    case .minimumPressDuration:
      if recs[r].machine.state == .possible {
        request(r, .begin, .heldForPress(duration: recs[r].spec.minimumPressDuration))
      }
    case .contentTouchDelay: break
    }
    settle()
  }
}
