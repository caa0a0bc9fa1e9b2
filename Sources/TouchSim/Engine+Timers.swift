/// Timers at exact simulated times: tap interval and duration, long press, content-touch delay.
struct PendingTimer {
  var due: Double
  var seq: Int
  /// The documented name written in the trace (`minimumPressDuration`, `tapInterval`, ...).
  var what: String
  var rec: Int?
  var scrollView: Int?
  var touch: Int?
  var generation: Int
}

extension Engine {
  func schedule(_ what: String, owner r: Int?, scrollView: Int? = nil, touch: Int? = nil, after ms: Double) {
    let due = now + max(0, ms.isFinite ? ms : 0)
    timers.append(
      PendingTimer(
        due: due, seq: nextTimerSeq, what: what, rec: r, scrollView: scrollView, touch: touch,
        generation: r.map { recs[$0].generation } ?? 0))
    nextTimerSeq += 1
  }

  func cancelTimers(where match: (PendingTimer) -> Bool) {
    timers.removeAll(where: match)
  }

  func fire(_ timer: PendingTimer) {
    if let s = timer.scrollView, let uid = timer.touch {
      contentDelayExpired(s, uid)
      return
    }
    guard let r = timer.rec, recs[r].generation == timer.generation, recs[r].state != .possible || recs[r].isInvolved
    else { return }
    emit(.timer(what: timer.what, owner: recs[r].id))
    switch timer.what {
    case "tapInterval":
      request(r, .fail, "no tap \(recs[r].data.tapsDone + 1) within \(fmt(constants.tapMaximumInterval)) ms")
    case "maximumTapDuration":
      if !recs[r].touches.isEmpty {
        request(r, .fail, "held longer than \(fmt(constants.tapMaximumDuration)) ms")
      }
    case "minimumPressDuration":
      if recs[r].state == .possible {
        request(r, .begin, "held \(fmt(recs[r].spec.minimumPressDuration)) s")
      }
    default: break
    }
    settle()
  }
}
