import Geometry

/// What a tap recognizer keeps while it counts taps.
struct TapData {
  var tapsDone = 0
  var touchesThisTap = 0
  var maxDownTogether = 0
  var firstTapLocation: Point?
  var tapLocation: Point = .zero
  var waitingForNextTap = false
}

/// Tap: discrete; 45 pt, 0.35 s between taps, all fingers down together (section 10).
///
/// What this kind of recognizer does with the touches it receives (`recognizerReceive` dispatches here);
/// it only requests transitions, which the arbiter decides (`Engine+Arbitration`).
extension Simulation {
  /// The next tap of a multi-tap gesture went down: the interval timer stops; returns the distance from
  /// the first tap when it is too far (45 pt) for the same gesture.
  mutating func nextTapTooFar(_ r: Int, _ uid: Int) -> Double? {
    guard recs[r].data.tap.waitingForNextTap else { return nil }
    cancelTimers(of: r, .tapInterval)
    recs[r].data.tap.waitingForNextTap = false
    guard let first = recs[r].data.tap.firstTapLocation, touches.contains(uid) else { return nil }
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
          .nextTapTooFar(tap: recs[r].data.tap.tapsDone + 1, distance: d, allowed: constants.tapAllowableMovement))
      }
      if recs[r].data.tap.touchesThisTap == 0 {
        schedule(.maximumTapDuration, owner: r, after: constants.tapMaximumDuration)
      }
      recs[r].data.tap.touchesThisTap += uids.count
      if recs[r].data.tap.touchesThisTap > spec.numberOfTouchesRequired {
        return request(
          r, .fail, .tooManyTouches(count: recs[r].data.tap.touchesThisTap, required: spec.numberOfTouchesRequired))
      }
      recs[r].data.tap.maxDownTogether = max(recs[r].data.tap.maxDownTogether, recs[r].touches.count)
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
      if recs[r].data.tap.maxDownTogether < spec.numberOfTouchesRequired {
        return request(
          r, .fail,
          .tooFewTouchesTogether(down: recs[r].data.tap.maxDownTogether, required: spec.numberOfTouchesRequired))
      }
      recs[r].data.tap.tapsDone += 1
      let tapTouches = recs[r].gestureTouches.suffix(recs[r].data.tap.touchesThisTap)
      if recs[r].data.tap.tapsDone == 1 {
        let starts = startSum(r, tapTouches)
        let c = starts.sum * (1 / Double(max(starts.count, 1)))
        recs[r].data.tap.firstTapLocation = c
        recs[r].data.tap.tapLocation = c
      }
      recs[r].data.tap.touchesThisTap = 0
      recs[r].data.tap.maxDownTogether = 0
      if recs[r].data.tap.tapsDone >= spec.numberOfTapsRequired {
        request(
          r, .end,
          spec.numberOfTapsRequired == 1
            ? .tapped : .tapsComplete(tap: recs[r].data.tap.tapsDone, required: spec.numberOfTapsRequired))
      } else {
        recs[r].data.tap.waitingForNextTap = true
        schedule(.tapInterval, owner: r, after: constants.tapMaximumInterval)
      }
    case .touchesCancelled:
      request(r, .fail, .touchCancelled)
    }
  }
}
