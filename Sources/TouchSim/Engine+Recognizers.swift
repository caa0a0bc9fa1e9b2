import Geometry

/// What each kind of recognizer does with the touches it receives (rules 5.4 and section 10).
///
/// Recognizers only *request* transitions here; the arbiter (`Engine+Arbitration`) decides whether a
/// request to leave `possible` is granted, and the state machine applies it.
extension Simulation {
  // Read through stored fields only: a computed property of `recs[r]` would copy the whole recognizer.

  /// In the current touch sequence: it has touches of its gesture, or is waiting for a timer.
  @inline(__always) func isInvolved(_ r: Int) -> Bool {
    !recs[r].gestureTouches.isEmpty || recs[r].machine.state != .possible || recs[r].pending != nil
  }

  /// Undecided: still `possible` while involved (holds touches for delaysTouches*, rule F-6).
  @inline(__always) func isUndecided(_ r: Int) -> Bool { recs[r].machine.state == .possible && isInvolved(r) }

  /// Records a request; a failure or cancellation already asked for in this update is never overridden.
  mutating func request(_ r: Int, _ req: GestureStateMachine.Request, _ reason: StateReason) {
    engage(r)
    wake(r)
    if let old = recs[r].request, old == .fail || old == .cancel { return }
    recs[r].request = req
    recs[r].requestReason = reason
  }

  @inline(__always) func centroid(_ uids: [Int]) -> Point {
    var sum = Point.zero
    var n = 0
    for uid in uids {
      guard touches.contains(uid) else { continue }
      sum = sum + touches[uid].location
      n += 1
    }
    guard n > 0 else { return .zero }
    return sum * (1 / Double(n))
  }

  /// The sum of where the touches went down, for those the recognizer saw go down, and their number.
  func startSum(_ r: Int, _ uids: some Sequence<Int>) -> (sum: Point, count: Int) {
    var sum = Point.zero
    var count = 0
    for uid in uids {
      guard let p = recs[r].data.start.value(for: uid) else { continue }
      sum = sum + p
      count += 1
    }
    return (sum, count)
  }

  /// Stops recognizer `r` from ever seeing touch `uid` again (UIGestureRecognizer.ignore(_:for:), F-8).
  mutating func ignore(_ r: Int, _ uid: Int) {
    if touches.contains(uid) { touches[uid].recognizers.removeAll { $0 == r } }
    recs[r].touches.removeAll { $0 == uid }
    if let k = recs[r].gestureTouches.firstIndex(of: uid) {
      recs[r].gestureTouches.remove(at: k)
      recs[r].gestureTouchViews.remove(at: k)
    }
    if recs[r].gestureTouches.isEmpty { noteChanged(r) }
  }

  mutating func recognizerReceive(_ r: Int, _ method: TouchMethod, _ uids: [Int]) {
    switch method {
    case .touchesBegan:
      engage(r)
      if recs[r].gestureTouches.isEmpty { noteChanged(r) }
      for uid in uids {
        recs[r].touches.append(uid)
        recs[r].gestureTouches.append(uid)
        recs[r].gestureTouchViews.append(touches[uid].view ?? -1)
        recs[r].data.start.set(touches[uid].location, for: uid)
      }
      if recs[r].touches.count == uids.count { recs[r].data.startTime = now }
    case .touchesEnded, .touchesCancelled:
      recs[r].touches.removeAll { uids.contains($0) }
      // The last fingers lifted: their lift point is where the gesture ends (action location, translation).
      if recs[r].touches.isEmpty { recs[r].data.lastCentroid = centroid(uids) }
    case .touchesMoved: break
    }
    switch recs[r].kind {
    case .tap: tapReceive(r, method, uids)
    case .longPress: longPressReceive(r, method, uids)
    case .pan, .screenEdgePan: panReceive(r, method, uids)
    case .swipe: swipeReceive(r, method, uids)
    case .pinch, .rotation: twoFingerReceive(r, method, uids)
    }
  }

  // MARK: Action values

  /// What the action handler would read (docs/TRACE-FORMAT.md, `action.values`).
  func actionValues(_ r: Int) -> ActionValues {
    let live = recs[r].touches.isEmpty ? recs[r].data.lastCentroid : centroid(recs[r].touches)
    // A tap reports where it was tapped, a swipe where it began (I-SW2), the others where the touches are.
    let location: Point
    switch recs[r].kind {
    case .tap: location = recs[r].data.tap.tapLocation
    case .swipe: location = recs[r].data.swipe.swipeStart ?? live
    default: location = live
    }
    var v = ActionValues(location: location)
    switch recs[r].kind {
    case .pan, .screenEdgePan:
      v.translation = vectorInView(panTranslation(r), recs[r].view)
      v.velocity = vectorInView(recs[r].data.velocity, recs[r].view)
    case .pinch:
      v.scale = recs[r].data.twoFinger.scale
      v.scalarVelocity = recs[r].data.twoFinger.scalarVelocity
    case .rotation:
      v.rotation = recs[r].data.twoFinger.rotation
      v.scalarVelocity = recs[r].data.twoFinger.scalarVelocity
    case .swipe:
      v.direction = recs[r].data.swipe.swipeDirection
    case .tap, .longPress: break
    }
    return v
  }

  /// A window-space vector expressed in view `v`'s coordinates (`translation(in: view)`).
  func vectorInView(_ d: Point, _ v: Int) -> Point {
    guard let a = views.convertFromWindow(.zero, to: v), let b = views.convertFromWindow(d, to: v) else { return d }
    return b - a
  }
}
