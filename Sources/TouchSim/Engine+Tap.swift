import Geometry

/// Tap: discrete; 45 pt, 0.35 s between taps, all fingers down together (section 10).
///
/// What this kind of recognizer does with the touches it receives (`recognizerReceive` dispatches here);
/// it only requests transitions, which the arbiter decides (`Engine+Arbitration`).
extension Simulation {
  /// The next tap of a multi-tap gesture went down: the interval timer stops; returns the distance from
  /// the first tap when it is too far (45 pt) for the same gesture.
  mutating func nextTapTooFar(_ r: Int, _ uid: Int) -> Double? {
    guard recs[r].data.waitingForNextTap else { return nil }
    cancelTimers(of: r, .tapInterval)
    recs[r].data.waitingForNextTap = false
    guard let first = recs[r].data.firstTapLocation, touches.contains(uid) else { return nil }
    let p = touches[uid].location
    let d = p.distance(to: first)
    return d > constants.tapAllowableMovement ? d : nil
  }

  mutating func tapReceive(_ r: Int, _ method: TouchMethod, _ uids: [Int]) {
    let spec = recs[r].spec
    switch method {
    case .touchesBegan:
      if let d = nextTapTooFar(r, uids[0]) {
        return request(
          r, .fail,
          .nextTapTooFar(tap: recs[r].data.tapsDone + 1, distance: d, allowed: constants.tapAllowableMovement))
      }
      if recs[r].data.touchesThisTap == 0 {
        schedule(.maximumTapDuration, owner: r, after: constants.tapMaximumDuration)
      }
      recs[r].data.touchesThisTap += uids.count
      if recs[r].data.touchesThisTap > spec.numberOfTouchesRequired {
        return request(
          r, .fail, .tooManyTouches(count: recs[r].data.touchesThisTap, required: spec.numberOfTouchesRequired))
      }
      recs[r].data.maxDownTogether = max(recs[r].data.maxDownTogether, recs[r].touches.count)
    case .touchesMoved:
      for uid in uids {
        let d = touches[uid].location.distance(to: recs[r].data.start.value(for: uid) ?? touches[uid].downLocation)
        if d > constants.tapAllowableMovement {
          return request(r, .fail, .movedTooFar(distance: d, allowed: constants.tapAllowableMovement))
        }
      }
    case .touchesEnded:
      guard recs[r].touches.isEmpty else { return }
      cancelTimers(of: r, .maximumTapDuration)
      if recs[r].data.maxDownTogether < spec.numberOfTouchesRequired {
        return request(
          r, .fail,
          .tooFewTouchesTogether(down: recs[r].data.maxDownTogether, required: spec.numberOfTouchesRequired))
      }
      recs[r].data.tapsDone += 1
      let tapTouches = recs[r].gestureTouches.suffix(recs[r].data.touchesThisTap)
      if recs[r].data.tapsDone == 1 {
        let starts = startSum(r, tapTouches)
        let c = starts.sum * (1 / Double(max(starts.count, 1)))
        recs[r].data.firstTapLocation = c
        recs[r].data.tapLocation = c
      }
      recs[r].data.touchesThisTap = 0
      recs[r].data.maxDownTogether = 0
      if recs[r].data.tapsDone >= spec.numberOfTapsRequired {
        request(
          r, .end,
          spec.numberOfTapsRequired == 1
            ? .tapped : .tapsComplete(tap: recs[r].data.tapsDone, required: spec.numberOfTapsRequired))
      } else {
        recs[r].data.waitingForNextTap = true
        schedule(.tapInterval, owner: r, after: constants.tapMaximumInterval)
      }
    case .touchesCancelled:
      request(r, .fail, .touchCancelled)
    }
  }
}
