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
    recs[r].gestureTouches.removeAll { $0 == uid }
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

  // MARK: Tap (discrete; 45 pt, 0.35 s between taps, all fingers down together)

  /// The next tap of a multi-tap gesture went down: the interval timer stops; returns the distance from
  /// the first tap when it is too far (45 pt) for the same gesture.
  private mutating func nextTapTooFar(_ r: Int, _ uid: Int) -> Double? {
    guard recs[r].data.waitingForNextTap else { return nil }
    cancelTimers(of: r, .tapInterval)
    recs[r].data.waitingForNextTap = false
    guard let first = recs[r].data.firstTapLocation, touches.contains(uid) else { return nil }
    let p = touches[uid].location
    let d = p.distance(to: first)
    return d > constants.tapAllowableMovement ? d : nil
  }

  private mutating func tapReceive(_ r: Int, _ method: TouchMethod, _ uids: [Int]) {
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

  // MARK: Long press (continuous; 0.5 s, 10 pt before it begins)

  private mutating func longPressReceive(_ r: Int, _ method: TouchMethod, _ uids: [Int]) {
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
        && recs[r].data.tapsDone >= spec.numberOfTapsRequired
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
      if recs[r].machine.state == .possible && recs[r].data.tapsDone < spec.numberOfTapsRequired {
        // One of the taps before the press: wait for the next touch-down.
        guard recs[r].touches.isEmpty else { return }
        recs[r].data.tapsDone += 1
        if recs[r].data.firstTapLocation == nil { recs[r].data.firstTapLocation = recs[r].data.lastCentroid }
        recs[r].data.waitingForNextTap = true
        schedule(.tapInterval, owner: r, after: constants.tapMaximumInterval)
      } else if recs[r].machine.state == .possible {
        request(r, .fail, .liftedBeforePress(duration: spec.minimumPressDuration))
      } else if recs[r].machine.state.isActive {
        // I-LP2: a long press ends as soon as any of its fingers lifts, not at the last lift.
        request(r, .end, .lifted)
      }
    case .touchesCancelled:
      request(r, .cancel, .touchCancelled)
    }
  }

  // MARK: Pan, screen-edge pan, UIScrollView's pan (continuous; 10 pt hysteresis)

  /// Translation so far (window space): carried-over part plus the centroid's travel from the origin.
  func panTranslation(_ r: Int) -> Point {
    // Once every finger has lifted, the translation is where they lifted (kept in lastCentroid).
    let c = recs[r].touches.isEmpty ? recs[r].data.lastCentroid : centroid(recs[r].touches)
    return recs[r].data.translationBase + (c - recs[r].data.origin)
  }

  /// Keeps the translation continuous when fingers join or leave.
  private mutating func rebase(_ r: Int, translation: Point) {
    recs[r].data.translationBase = translation
    recs[r].data.origin = centroid(recs[r].touches)
    recs[r].data.lastCentroid = recs[r].data.origin
  }

  private mutating func panReceive(_ r: Int, _ method: TouchMethod, _ uids: [Int]) {
    switch method {
    case .touchesBegan:
      let before = recs[r].touches.filter { !uids.contains($0) }
      let translationBefore =
        before.isEmpty ? Point.zero : recs[r].data.translationBase + (centroid(before) - recs[r].data.origin)
      if recs[r].kind == .screenEdgePan {
        // S11: "ignores any touches beyond the first touch".
        for uid in uids where recs[r].touches.first != uid { ignore(r, uid) }
      } else if recs[r].spec.maximumNumberOfTouches > 0 {
        for uid in uids.reversed() where recs[r].touches.count > recs[r].spec.maximumNumberOfTouches { ignore(r, uid) }
      }
      guard !recs[r].touches.isEmpty else { return }
      rebase(r, translation: translationBefore)
      recs[r].data.lastTime = now
      if recs[r].kind == .screenEdgePan && before.isEmpty, let edge = startingEdge(r) {
        if edge.isEmpty {
          let p = touches[recs[r].touches[0]].location
          return request(
            r, .fail, .outsideEdgeBand(distance: edgeDistance(p, recs[r].spec.edges), band: constants.screenEdgeBand))
        }
      }
    case .touchesMoved:
      let c = centroid(recs[r].touches)
      let dt = now - recs[r].data.lastTime
      if dt > 0 {
        recs[r].data.velocity = (c - recs[r].data.lastCentroid) * (1000 / dt)
        recs[r].data.lastCentroid = c
        recs[r].data.lastTime = now
      }
      if recs[r].machine.state.isActive {
        request(r, .change, .moved)
      } else if recs[r].machine.state == .possible && recs[r].pending == nil {
        let n = recs[r].touches.count
        guard n >= recs[r].spec.minimumNumberOfTouches else { return }
        if recs[r].spec.maximumNumberOfTouches > 0 && n > recs[r].spec.maximumNumberOfTouches { return }
        let tr = panTranslation(r)
        if recs[r].isScrollPan {
          let (canX, canY) = scrollableAxes(recs[r].view)
          let travel = max(canX ? abs(tr.x) : 0, canY ? abs(tr.y) : 0)
          if travel >= constants.scrollHysteresis {
            if let (parent, edge) = scrollTransfer(r, translation: tr, canX: canX, canY: canY) {
              request(r, .fail, .leftToParentAtEdge(parent: views[parent].id, edge: edge))
            } else {
              request(r, .begin, .movedAlongScrollableAxis(distance: travel, hysteresis: constants.scrollHysteresis))
            }
          }
        } else if recs[r].kind == .screenEdgePan {
          let inward = edgeInwardTravel(r, tr)
          if inward >= constants.panHysteresis {
            request(r, .begin, .movedInFromEdge(distance: inward, hysteresis: constants.panHysteresis))
          }
        } else {
          let travel = max(abs(tr.x), abs(tr.y))
          if travel >= constants.panHysteresis {
            request(r, .begin, .movedPastHysteresis(distance: travel, hysteresis: constants.panHysteresis))
          }
        }
      }
    case .touchesCancelled where !recs[r].touches.isEmpty:
      // 5.4: a touch of the gesture was cancelled: a possible gesture fails, an active one is cancelled.
      request(r, recs[r].machine.state == .possible ? .fail : .cancel, .touchCancelled)
    case .touchesEnded, .touchesCancelled:
      if recs[r].touches.isEmpty {
        if recs[r].machine.state == .possible {
          // A scroll view's pan whose finger went far, but only along axes it cannot scroll (H-8, H-13).
          let travel = max(abs(panTranslation(r).x), abs(panTranslation(r).y))
          let offAxis = recs[r].isScrollPan && method == .touchesEnded && travel >= constants.scrollHysteresis
          request(
            r, .fail,
            method == .touchesCancelled
              ? .touchCancelled
              : offAxis
                ? .liftedWithoutScrollableTravel(distance: travel)
                : .liftedBeforeMoving(distance: constants.panHysteresis))
        } else {
          request(
            r, method == .touchesCancelled ? .cancel : .end, method == .touchesCancelled ? .touchCancelled : .lifted)
        }
      } else {
        let leaving = uids
        let remaining = recs[r].touches
        // Translation up to now, measured with the leaving touches still counted.
        let all = remaining + leaving
        let tr = recs[r].data.translationBase + (centroid(all) - recs[r].data.origin)
        rebase(r, translation: tr)
        if recs[r].machine.state.isActive { request(r, .change, .fingerLifted) }
      }
    }
  }

  /// The allowed edges the first touch went down in (empty: none), for a screen-edge pan.
  private func startingEdge(_ r: Int) -> [Edge]? {
    guard let uid = recs[r].touches.first, touches.contains(uid) else { return nil }
    return matchingEdges(touches[uid].location, recs[r].spec.edges)
  }

  private func matchingEdges(_ p: Point, _ edges: [Edge]) -> [Edge] {
    let w = setup.sceneHeader.window
    let band = constants.screenEdgeBand
    var out: [Edge] = []
    let all = edges.contains(.all)
    if (all || edges.contains(.left)) && p.x <= band { out.append(.left) }
    if (all || edges.contains(.right)) && p.x >= w.width - band { out.append(.right) }
    if (all || edges.contains(.top)) && p.y <= band { out.append(.top) }
    if (all || edges.contains(.bottom)) && p.y >= w.height - band { out.append(.bottom) }
    return out
  }

  private func edgeDistance(_ p: Point, _ edges: [Edge]) -> Double {
    let w = setup.sceneHeader.window
    let all = edges.contains(.all)
    var d = Double.infinity
    if all || edges.contains(.left) { d = min(d, p.x) }
    if all || edges.contains(.right) { d = min(d, w.width - p.x) }
    if all || edges.contains(.top) { d = min(d, p.y) }
    if all || edges.contains(.bottom) { d = min(d, w.height - p.y) }
    return d
  }

  private func edgeInwardTravel(_ r: Int, _ tr: Point) -> Double {
    guard let uid = recs[r].touches.first, let start = recs[r].data.start.value(for: uid) else { return 0 }
    var best = 0.0
    for e in matchingEdges(start, recs[r].spec.edges) {
      switch e {
      case .left: best = max(best, tr.x)
      case .right: best = max(best, -tr.x)
      case .top: best = max(best, tr.y)
      case .bottom: best = max(best, -tr.y)
      case .all: break
      }
    }
    return best
  }

  // MARK: Swipe (discrete; thresholds L9)

  private mutating func swipeReceive(_ r: Int, _ method: TouchMethod, _ uids: [Int]) {
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
      where primary >= constants.swipeMinimumDistance && secondary <= primary {
        if spec.direction.contains(dir) {
          recs[r].data.swipeDirection = dir
          recs[r].data.swipeStart = from
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

  // MARK: Pinch and rotation (continuous; two touches; thresholds L10)

  private mutating func twoFingerReceive(_ r: Int, _ method: TouchMethod, _ uids: [Int]) {
    let isPinch = recs[r].kind == .pinch
    switch method {
    case .touchesBegan:
      for uid in uids.reversed() where recs[r].touches.count > 2 { ignore(r, uid) }
      if recs[r].touches.count == 2 {
        let (a, b) = pair(r)
        recs[r].data.initialDistance = max(a.distance(to: b), 1)
        recs[r].data.initialAngle = Trig.atan2(b.y - a.y, b.x - a.x)
        recs[r].data.baseScale = recs[r].data.scale
        recs[r].data.baseRotation = recs[r].data.rotation
        recs[r].data.lastTime = now
        recs[r].data.lastScalar = isPinch ? recs[r].data.scale : recs[r].data.rotation
      }
    case .touchesMoved:
      guard recs[r].touches.count == 2 else { return }
      let (a, b) = pair(r)
      let value: Double
      if isPinch {
        value = recs[r].data.baseScale * a.distance(to: b) / recs[r].data.initialDistance
        recs[r].data.scale = value
      } else {
        var delta = Trig.atan2(b.y - a.y, b.x - a.x) - recs[r].data.initialAngle
        while delta > Double.pi { delta -= 2 * Double.pi }
        while delta < -Double.pi { delta += 2 * Double.pi }
        value = recs[r].data.baseRotation + delta
        recs[r].data.rotation = value
      }
      let dt = now - recs[r].data.lastTime
      if dt > 0 {
        recs[r].data.scalarVelocity = (value - recs[r].data.lastScalar) * 1000 / dt
        recs[r].data.lastScalar = value
        recs[r].data.lastTime = now
      }
      if recs[r].machine.state.isActive {
        request(r, .change, .moved)
      } else if recs[r].machine.state == .possible && recs[r].pending == nil {
        if isPinch {
          let change = abs(a.distance(to: b) - recs[r].data.initialDistance)
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

  // MARK: Action values

  /// What the action handler would read (docs/TRACE-FORMAT.md, `action.values`).
  func actionValues(_ r: Int) -> ActionValues {
    let live = recs[r].touches.isEmpty ? recs[r].data.lastCentroid : centroid(recs[r].touches)
    // A tap reports where it was tapped, a swipe where it began (I-SW2), the others where the touches are.
    let location: Point
    switch recs[r].kind {
    case .tap: location = recs[r].data.tapLocation
    case .swipe: location = recs[r].data.swipeStart ?? live
    default: location = live
    }
    var v = ActionValues(location: location)
    switch recs[r].kind {
    case .pan, .screenEdgePan:
      v.translation = vectorInView(panTranslation(r), recs[r].view)
      v.velocity = vectorInView(recs[r].data.velocity, recs[r].view)
    case .pinch:
      v.scale = recs[r].data.scale
      v.scalarVelocity = recs[r].data.scalarVelocity
    case .rotation:
      v.rotation = recs[r].data.rotation
      v.scalarVelocity = recs[r].data.scalarVelocity
    case .swipe:
      v.direction = recs[r].data.swipeDirection
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
