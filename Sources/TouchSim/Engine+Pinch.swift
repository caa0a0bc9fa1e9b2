import Geometry

/// What a pinch or a rotation keeps while it tracks its two touches.
struct TwoFingerData {
  var initialDistance: Double = 0
  var initialAngle: Double = 0
  var baseScale: Double = 1
  var baseRotation: Double = 0
  var scale: Double = 1
  var rotation: Double = 0
  var scalarVelocity: Double = 0
  var lastScalar: Double = 0
}

/// Pinch and rotation: continuous; two touches; thresholds L10.
///
/// What this kind of recognizer does with the touches it receives (`recognizerReceive` dispatches here);
/// it only requests transitions, which the arbiter decides (`Engine+Arbitration`).
extension Simulation {
  mutating func twoFingerReceive(_ r: Int, _ method: TouchMethod, _ uids: [Int]) {
    let isPinch = recs[r].kind == .pinch
    switch method {
    case .touchesBegan:
      for uid in uids.reversed() where recs[r].touches.count > 2 { ignore(r, uid) }
      if recs[r].touches.count == 2 {
        let (a, b) = pair(r)
        recs[r].data.twoFinger.initialDistance = max(a.distance(to: b), 1)
        recs[r].data.twoFinger.initialAngle = Trig.atan2(b.y - a.y, b.x - a.x)
        recs[r].data.twoFinger.baseScale = recs[r].data.twoFinger.scale
        recs[r].data.twoFinger.baseRotation = recs[r].data.twoFinger.rotation
        recs[r].data.lastTime = now
        recs[r].data.twoFinger.lastScalar = isPinch ? recs[r].data.twoFinger.scale : recs[r].data.twoFinger.rotation
      }
    case .touchesMoved:
      guard recs[r].touches.count == 2 else { return }
      let (a, b) = pair(r)
      let value: Double
      if isPinch {
        value = recs[r].data.twoFinger.baseScale * a.distance(to: b) / recs[r].data.twoFinger.initialDistance
        recs[r].data.twoFinger.scale = value
      } else {
        var delta = Trig.atan2(b.y - a.y, b.x - a.x) - recs[r].data.twoFinger.initialAngle
        while delta > Double.pi { delta -= 2 * Double.pi }
        while delta < -Double.pi { delta += 2 * Double.pi }
        value = recs[r].data.twoFinger.baseRotation + delta
        recs[r].data.twoFinger.rotation = value
      }
      let dt = now - recs[r].data.lastTime
      if dt > 0 {
        recs[r].data.twoFinger.scalarVelocity = (value - recs[r].data.twoFinger.lastScalar) * 1000 / dt
        recs[r].data.twoFinger.lastScalar = value
        recs[r].data.lastTime = now
      }
      if recs[r].machine.state.isActive {
        request(r, .change, .moved)
      } else if recs[r].machine.state == .possible && recs[r].pending == nil {
        if isPinch {
          let change = abs(a.distance(to: b) - recs[r].data.twoFinger.initialDistance)
          if change >= constants.pinchThreshold {
            request(r, .begin, .distanceChanged(change: change, threshold: constants.pinchThreshold))
          }
        } else if abs(value) >= constants.rotationThreshold {
          request(r, .begin, .turned(angle: abs(value), threshold: constants.rotationThreshold))
        }
      }
    case .touchesCancelled where !recs[r].touches.isEmpty:
      request(r, recs[r].machine.state == .possible ? .fail : .cancel, .touchCancelled)
    case .touchesEnded, .touchesCancelled:
      let cancelled = method == .touchesCancelled
      if recs[r].touches.isEmpty {
        if recs[r].machine.state == .possible {
          request(r, .fail, cancelled ? .touchCancelled : .liftedBeforeFingersMoved)
        } else {
          request(r, cancelled ? .cancel : .end, cancelled ? .touchCancelled : .lifted)
        }
      }
    }
  }

  private func pair(_ r: Int) -> (Point, Point) {
    let ids = recs[r].touches
    return (touches[ids[0]].location, touches[ids[1]].location)
  }
}
