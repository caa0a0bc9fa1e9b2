import Geometry

/// Long press: continuous; 0.5 s, 10 pt before it begins (section 10).
///
/// What this kind of recognizer does with the touches it receives (`recognizerReceive` dispatches here);
/// it only requests transitions, which the arbiter decides (`Engine+Arbitration`).
extension Simulation {
  mutating func longPressReceive(_ r: Int, _ method: TouchMethod, _ uids: [Int]) {
    let spec = recs[r].spec
    switch method {
    case .touchesBegan:
      guard recs[r].machine.state == .possible else { return }
      // numberOfTapsRequired > 0: the taps before the press (like a tap recognizer's, 0.35 s apart).
      if let d = nextTapTooFar(r, uids[0]) {
        return request(r, .fail, .pressTooFarFromFirstTap(distance: d, allowed: constants.tapAllowableMovement))
      }
      if recs[r].touches.count > spec.numberOfTouchesRequired {
        return request(r, .fail, .tooManyTouches(count: recs[r].touches.count, required: spec.numberOfTouchesRequired))
      }
      if recs[r].touches.count == spec.numberOfTouchesRequired
        && recs[r].data.tap.tapsDone >= spec.numberOfTapsRequired
      {
        schedule(.minimumPressDuration, owner: r, after: spec.minimumPressDuration * 1000)
      }
    case .touchesMoved:
      if recs[r].machine.state == .possible {
        for uid in uids {
          let d = touches[uid].location.distance(to: recs[r].data.start.value(for: uid) ?? touches[uid].downLocation)
          if d > spec.allowableMovement {
            return request(
              r, .fail,
              .movedBeforePress(distance: d, allowed: spec.allowableMovement, duration: spec.minimumPressDuration))
          }
        }
      } else if recs[r].machine.state.isActive {
        request(r, .change, .moved)
      }
    case .touchesEnded:
      if recs[r].machine.state == .possible && recs[r].data.tap.tapsDone < spec.numberOfTapsRequired {
        // One of the taps before the press: wait for the next touch-down.
        guard recs[r].touches.isEmpty else { return }
        recs[r].data.tap.tapsDone += 1
        if recs[r].data.tap.firstTapLocation == nil { recs[r].data.tap.firstTapLocation = recs[r].data.lastCentroid }
        recs[r].data.tap.waitingForNextTap = true
        schedule(.tapInterval, owner: r, after: constants.tapMaximumInterval)
      } else if recs[r].machine.state == .possible {
        // Held long enough but still waiting for a requirement (E-6.3): it fails for that, not for time.
        let waiting = recs[r].waitingToBegin
        request(
          r, .fail,
          waiting.isEmpty ? .liftedBeforePress(duration: spec.minimumPressDuration) : .liftedWhileWaiting(for: waiting))
      } else if recs[r].machine.state.isActive {
        // I-LP2: a long press ends as soon as any of its fingers lifts, not at the last lift.
        request(r, .end, .lifted)
      }
    case .touchesCancelled:
      request(r, .cancel, .touchCancelled)
    }
  }
}
