import Geometry

/// What a swipe keeps while it decides.
struct SwipeData {
  var swipeDirection: Direction?
  /// Where a swipe began: the centroid of its touches' start points, its location(in:) (I-SW2).
  var swipeStart: Point?
}

/// Swipe: discrete; thresholds L9.
///
/// What this kind of recognizer does with the touches it receives (`recognizerReceive` dispatches here);
/// it only requests transitions, which the arbiter decides (`Engine+Arbitration`).
extension Simulation {
  mutating func swipeReceive(_ r: Int, _ method: TouchMethod, _ uids: [Int]) {
    let spec = recs[r].spec
    switch method {
    case .touchesBegan:
      let n = recs[r].gestureTouches.count
      if n > spec.numberOfTouchesRequired {
        return request(r, .fail, .tooManyTouches(count: n, required: spec.numberOfTouchesRequired))
      }
    case .touchesMoved:
      let elapsed = now - recs[r].data.startTime
      let ids = recs[r].touches
      let starts = startSum(r, ids)
      guard starts.count > 0 else { return }
      let from = starts.sum * (1 / Double(starts.count))
      let d = centroid(ids) - from
      if elapsed > constants.swipeMaximumDuration {
        return request(r, .fail, .tooSlow(maximum: constants.swipeMaximumDuration))
      }
      guard ids.count == spec.numberOfTouchesRequired else { return }
      let components: [(Direction, Double, Double)] = [
        (.right, d.x, abs(d.y)), (.left, -d.x, abs(d.y)), (.down, d.y, abs(d.x)), (.up, -d.y, abs(d.x)),
      ]
      for (dir, primary, secondary) in components
      where primary >= constants.swipeMinimumDistance && secondary <= primary * constants.swipeSidewaysRatio {
        if spec.direction.contains(dir) {
          recs[r].data.swipe.swipeDirection = dir
          recs[r].data.swipe.swipeStart = from
          return request(r, .end, .swiped(direction: dir, distance: primary, elapsed: elapsed))
        }
        return request(r, .fail, .wrongDirection(moved: dir, allowed: spec.direction))
      }
    case .touchesEnded:
      request(r, .fail, .liftedBeforeMoving(distance: constants.swipeMinimumDistance))
    case .touchesCancelled:
      request(r, .fail, .touchCancelled)
    }
  }
}
