/// The gesture arbiter (section 6): failure requirements, shouldBegin, default exclusion with
/// canPrevent / canBePrevented and shouldRecognizeSimultaneouslyWith, processing order, and the
/// consequences of recognition for the views (cancelsTouchesInView) and for recognizers that wait.
extension Simulation {
  /// Processes every recognizer with a request or a pending transition, deeper views first and the
  /// later-added first on one view (E-6.6), until nothing changes.
  mutating func resolve() {
    for _ in 0..<10_000 {
      // Who has something to do now; most of the time nobody or a single recognizer.
      var count = 0
      var only = 0
      for r in engaged where recs[r].request != nil || recs[r].pending != nil {
        count += 1
        only = r
      }
      if count == 0 { return }
      if count == 1 {
        if !step(only) { return }
        continue
      }
      var candidates = engaged.filter { recs[$0].request != nil || recs[$0].pending != nil }
      candidates.sort { processingRank[$0] < processingRank[$1] }
      var progressed = false
      for r in candidates where step(r) { progressed = true }
      if !progressed { return }
    }
  }

  /// Handles one recognizer's request; returns whether anything changed.
  private mutating func step(_ r: Int) -> Bool {
    if let req = recs[r].request {
      recs[r].request = nil
      let reason = recs[r].requestReason
      switch req {
      case .fail, .cancel:
        recs[r].pending = nil
        recs[r].waitingFor = []
        transition(r, req, reason)
        return true
      case .change,
        .end where recs[r].machine.state.isActive:
        transition(r, req, reason)
        return true
      case .begin, .end:
        guard recs[r].machine.state == .possible else { return true }
        recs[r].pending = req
        recs[r].requestReason = reason
        _ = tryLeavePossible(r)
        return true
      default:
        return true
      }
    }
    if recs[r].pending != nil { return tryLeavePossible(r) }
    return false
  }

  /// A recognizer that wants to begin or recognize: failure requirements first (E-6.3), then
  /// shouldBegin (5.3), then exclusion by gestures already recognized (E-6.1). Returns progress.
  private mutating func tryLeavePossible(_ r: Int) -> Bool {
    guard let req = recs[r].pending, recs[r].machine.state == .possible else {
      recs[r].pending = nil
      return true
    }
    if recs[r].requirements == nil { recs[r].requirements = failureRequirements(r) }
    var undecided: [Int] = []
    for y in recs[r].requirements! {
      let ys = recs[y].machine.state
      if ys == .began || ys == .changed || ys == .ended {
        recs[r].pending = nil
        recs[r].waitingFor = []
        transition(r, .fail, .requiredGestureRecognized(recs[y].id))
        return true
      }
      if isUndecided(y) { undecided.append(y) }
    }
    if !undecided.isEmpty {
      let ids = undecided.map { recs[$0].id }
      if ids == recs[r].waitingFor { return false }
      recs[r].waitingFor = ids
      emit(.wait(recognizer: recs[r].id, for: ids))
      return true
    }
    let reason = recs[r].requestReason
    if !recs[r].waitingFor.isEmpty {
      recs[r].beganAfterWaiting = true
    }
    let waitedFor = recs[r].waitingFor
    recs[r].pending = nil
    recs[r].waitingFor = []
    if let veto = shouldBeginVeto(r) {
      transition(r, .fail, veto)
      return true
    }
    if let x = excludedByRecognized(r) {
      transition(r, .fail, .excludedBy(recs[x].id))
      return true
    }
    let why = waitedFor.isEmpty ? reason : .afterWaiting(for: waitedFor, reason: reason)
    transition(r, req, why)
    return true
  }

  /// require(toFail:), and both delegate forms asked of the recognizers in this touch sequence (E-6.3).
  private mutating func failureRequirements(_ r: Int) -> [Int] {
    var out: [Int] = []
    for id in recs[r].spec.requireToFail {
      if let y = recIndex[id], y != r, !out.contains(y) { out.append(y) }
    }
    let others = engaged.filter { $0 != r && isInvolved($0) }.sorted {
      processingRank[$0] < processingRank[$1]
    }
    if let d = recs[r].spec.delegate {
      for y in others {
        let yes = d.shouldRequireFailureOf.contains(recs[y].id)
        emit(.ask(of: recs[r].id, question: .shouldRequireFailureOf, other: recs[y].id, view: nil, answer: yes))
        if yes && !out.contains(y) { out.append(y) }
      }
    }
    for y in others {
      guard let d = recs[y].spec.delegate else { continue }
      let yes = d.shouldBeRequiredToFailBy.contains(recs[r].id)
      emit(.ask(of: recs[y].id, question: .shouldBeRequiredToFailBy, other: recs[r].id, view: nil, answer: yes))
      if yes && !out.contains(y) { out.append(y) }
    }
    return out
  }

  /// gestureRecognizerShouldBegin: the delegate, then the views the touches were hit-tested to
  /// (only when cancelsTouchesInView, S16), then a scroll view's content checks (H-6). nil: may begin.
  private mutating func shouldBeginVeto(_ r: Int) -> StateReason? {
    let rec = recs[r]
    let hitViews = uniqueViews(rec.gestureTouches)
    if let d = rec.spec.delegate {
      let yes = predicate(d.shouldBegin, touchView: hitViews.first)
      emit(.ask(of: rec.id, question: .shouldBegin, other: nil, view: nil, answer: yes))
      if !yes { return .delegateRefusedBegin }
    }
    if rec.spec.cancelsTouchesInView {
      for v in hitViews {
        let why = viewVeto(v, r)
        emit(
          .ask(of: views[v].id, question: .gestureRecognizerShouldBegin, other: rec.id, view: nil, answer: why == nil))
        if let why { return why }
      }
    }
    if rec.isScrollPan { return scrollPanContentVeto(r) }
    return nil
  }

  func uniqueViews(_ uids: [Int]) -> [Int] {
    var out: [Int] = []
    for uid in uids {
      if touches.contains(uid), let v = touches[uid].view, !out.contains(v) { out.append(v) }
    }
    return out
  }

  /// UIView.gestureRecognizerShouldBegin(_:) of view `v` about recognizer `r` (5.3, 8.3): why it
  /// answers NO, or nil for YES.
  private func viewVeto(_ v: Int, _ r: Int) -> StateReason? {
    let node = views[v]
    let rec = recs[r]
    if !node.spec.gestureRecognizerShouldBegin {
      return .viewRefusedBegin(view: node.id)
    }
    guard rec.view != v else { return nil }
    let cls = node.spec.kind.uikitClass
    let singleTap = rec.kind == .tap && rec.spec.numberOfTapsRequired == 1 && rec.spec.numberOfTouchesRequired == 1
    switch node.spec.kind {
    case .button, .switch, .stepper, .segmentedControl, .pageControl, .slider:
      if singleTap { return .controlVeto(control: node.id, className: cls, gesture: .superviewSingleTap) }
      if node.spec.kind == .slider && rec.kind == .swipe
        && rec.spec.direction.contains(where: { $0 == .left || $0 == .right })
      {
        return .controlVeto(control: node.id, className: cls, gesture: .swipeAlongTrack)
      }
      if node.spec.kind == .switch && rec.kind == .pan && !rec.isScrollPan {
        return .controlVeto(control: node.id, className: cls, gesture: .panOnKnob)
      }
    default: break
    }
    return nil
  }

  /// Default exclusion by a gesture that already began or recognized (E-6.1, applied when the
  /// recognizer was not yet in the sequence when that gesture won).
  private mutating func excludedByRecognized(_ r: Int) -> Int? {
    for x in engaged where x != r {
      let xs = recs[x].machine.state
      guard xs == .began || xs == .changed || xs == .ended, isInvolved(x), related(x, r) else { continue }
      if requires(x, r) { continue }
      if excludes(x, r) { return x }
    }
    return nil
  }

  /// Whether `a` waits for `b` to fail: require(toFail:), or a delegate answer given for this gesture.
  private func requires(_ a: Int, _ b: Int) -> Bool {
    (recs[a].requirements ?? []).contains(b) || recs[a].spec.requireToFail.contains(recs[b].id)
  }

  /// Same view, or one is an ancestor of the other (S16 `_affectedByGesture`).
  private func related(_ a: Int, _ b: Int) -> Bool {
    let va = recs[a].view
    let vb = recs[b].view
    return views.isDescendant(va, of: vb) || views.isDescendant(vb, of: va)
  }

  /// Whether `x`, recognizing, forces `y` to fail: canPrevent, canBePrevented (E-6.2), and neither
  /// delegate allowing simultaneous recognition (either YES suffices, E-6.1 (4)). Asks are traced.
  private mutating func excludes(_ x: Int, _ y: Int) -> Bool {
    let cp = canPrevent(x, y)
    emit(.ask(of: recs[x].id, question: .canPrevent, other: recs[y].id, view: nil, answer: cp))
    let cbp = true  // UIKit's default; no built-in recognizer modelled here overrides canBePrevented.
    emit(.ask(of: recs[y].id, question: .canBePrevented, other: recs[x].id, view: nil, answer: cbp))
    guard cp && cbp else { return false }
    return !simultaneous(x, y)
  }

  /// UIGestureRecognizer.canPrevent(_:) with UIKit's built-in overrides (E-6.2).
  private func canPrevent(_ x: Int, _ y: Int) -> Bool {
    let a = recs[x].spec
    let b = recs[y].spec
    if a.kind == .tap && b.kind == .tap && a.numberOfTouchesRequired == b.numberOfTouchesRequired
      && b.numberOfTapsRequired > a.numberOfTapsRequired
    {
      return false  // S5: a tap never prevents a tap with a higher tap count
    }
    if a.kind == .tap && b.kind == .longPress {
      return b.numberOfTapsRequired < a.numberOfTapsRequired  // S16
    }
    return true
  }

  /// shouldRecognizeSimultaneouslyWith, asked of each delegate that exists (E-6.1 (4)).
  private mutating func simultaneous(_ x: Int, _ y: Int) -> Bool {
    for (a, b) in [(x, y), (y, x)] {
      guard let d = recs[a].spec.delegate else { continue }
      let yes = d.shouldRecognizeSimultaneouslyWith.contains(recs[b].id)
      emit(
        .ask(of: recs[a].id, question: .shouldRecognizeSimultaneouslyWith, other: recs[b].id, view: nil, answer: yes))
      if yes { return true }
    }
    return false
  }

  /// Applies a transition through the state machine, traces it, sends the action, and carries out
  /// what recognition implies (F-2/F-3 cancellation, E-6.1 exclusion, E-6.3 waiters failing).
  mutating func transition(_ r: Int, _ req: GestureStateMachine.Request, _ reason: StateReason) {
    guard let pair = recs[r].machine.apply(req) else { return }
    emit(.state(recognizer: recs[r].id, from: pair.from, to: pair.to, reason: reason))
    if pair.to == .began {
      prepareBegan(r)
    }
    if recs[r].isScrollPan && (pair.to == .began || pair.to == .changed) { scrollFollow(r) }
    // 5.1: actions for began, changed, ended, cancelled; never for failed or possible.
    if pair.to != .failed && pair.to != .possible {
      emit(.action(recognizer: recs[r].id, state: pair.to, values: actionValues(r)))
      if recs[r].spec.effect != nil { applyEffect(r, pair.to) }
    }
    let recognized = pair.from == .possible && (pair.to == .began || pair.to == .ended)
    guard recognized else { return }
    // F-2 / F-3: after the action, the touches it owns are cancelled in their views.
    if recs[r].spec.cancelsTouchesInView { cancelViewTouches(of: r) }
    // E-6.3: whoever waits for this one to fail fails now.
    for w in engaged where w != r && recs[w].pending != nil && (recs[w].requirements ?? []).contains(r) {
      recs[w].pending = nil
      recs[w].waitingFor = []
      transition(w, .fail, .requiredGestureRecognized(recs[r].id))
    }
    // E-6.1: default exclusion of the others still possible in this sequence.
    let others = engaged.filter { y in
      y != r && recs[y].machine.state == .possible && isInvolved(y) && related(r, y) && !requires(r, y)
    }.sorted { processingRank[$0] < processingRank[$1] }
    for y in others where recs[y].machine.state == .possible {
      if requires(y, r) {
        transition(y, .fail, .requiredGestureRecognized(recs[r].id))
      } else if excludes(r, y) {
        recs[y].pending = nil
        recs[y].waitingFor = []
        recs[y].request = nil
        transition(y, .fail, .excludedBy(recs[r].id))
      }
    }
  }

  /// Where translation starts: from touch-down (L15), or where the pan really began after waiting
  /// (E-6.3); a scroll view's pan scrolls from where it began, without a jump.
  private mutating func prepareBegan(_ r: Int) {
    if recs[r].beganAfterWaiting || recs[r].isScrollPan {
      recs[r].data.translationBase = .zero
      recs[r].data.origin = centroid(recs[r].touches)
    }
    if recs[r].isScrollPan { recs[r].data.startOffset = views[recs[r].view].spec.bounds.origin }
  }

  /// Reset (5.1): every recognizer in a terminal state goes back to `possible` and forgets its touches.
  mutating func resetFinishedRecognizers() {
    var finished = 0
    var only = 0
    for r in engaged where recs[r].machine.state.isTerminal {
      finished += 1
      only = r
    }
    if finished == 1 {
      reset(only)
    } else if finished > 1 {
      var done = engaged.filter { recs[$0].machine.state.isTerminal }
      done.sort { processingRank[$0] < processingRank[$1] }
      for r in done { reset(r) }
    }
    // Recognizers out of every touch sequence, without a request, leave `engaged`.
    var i = 0
    while i < engaged.count {
      let r = engaged[i]
      if isInvolved(r) || recs[r].request != nil {
        i += 1
      } else {
        isEngaged[r] = false
        engaged.remove(at: i)
      }
    }
  }

  private mutating func reset(_ r: Int) {
    guard let pair = recs[r].machine.apply(.reset) else { return }
    emit(.state(recognizer: recs[r].id, from: pair.from, to: pair.to, reason: .reset))
    for uid in recs[r].gestureTouches where touches.contains(uid) { touches[uid].recognizers.removeAll { $0 == r } }
    recs[r].reset()
    cancelTimers { $0.rec == r }
  }
}
