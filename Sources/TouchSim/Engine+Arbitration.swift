import Geometry

/// The gesture arbiter (section 6): failure requirements, shouldBegin, default exclusion with
/// canPrevent / canBePrevented and shouldRecognizeSimultaneouslyWith, processing order, and the
/// consequences of recognition for the views (cancelsTouchesInView) and for recognizers that wait.
extension Simulation {
  /// How many other recognizers each decision writes every question about (see `docs/MODEL.md`, "Questions
  /// about pairs"): past them, only the answers that change the outcome are written, so that the trace grows
  /// with the recognizers in a touch sequence, never with their square.
  static let othersAskedInFull = 8

  /// Processes every recognizer with a request or a pending transition, deeper views first and the
  /// later-added first on one view (E-6.6), until nothing changes.
  ///
  /// In passes: each pass takes, in processing order, the recognizers with a request and those waiting
  /// whose requirements changed since they last looked (`wake`); a waiting recognizer woken during a pass
  /// before its turn takes its turn in that pass. (A waiting recognizer whose requirements did not change
  /// would find nothing new, so it is not looked at: each pass costs what it decides, not a scan of every
  /// recognizer.)
  mutating func resolve() {
    let outermost = cancelBatch == nil
    if outermost { cancelBatch = [] }
    resolvePasses()
    // F-3a: every action of this event has been sent: now the views lose the touches the recognizers
    // took, one touchesCancelled per view.
    if outermost, let batch = cancelBatch {
      cancelBatch = nil
      if !batch.isEmpty { cancelViewTouches(of: batch) }
    }
  }

  /// How many recognizers may join a pass under way (`wake`): a bound on one pass's length, so that two
  /// recognizers that keep waking each other still end (in passes, each bounded by `resolvePasses`).
  private var maxWakesPerPass: Int { 4 * recs.count + 64 }

  private mutating func resolvePasses() {
    let maxPasses = 10_000 + 8 * recs.count
    var passes = 0
    var batch: [Int] = []
    while !toResolve.isEmpty && passes < maxPasses {
      passes += 1
      swap(&batch, &toResolve)
      for r in batch {
        queued[r] = false
        guard !inPass[r], recs[r].request != nil || recs[r].pending != nil else { continue }
        inPass[r] = true
        passOrder.push(processingRank[r])
      }
      batch.removeAll(keepingCapacity: true)
      var progressed = false
      while let rank = passOrder.popMin() {
        let r = byRank[rank]
        inPass[r] = false
        passRank = rank
        if step(r) { progressed = true }
      }
      passRank = nil
      wakesThisPass = 0
      if !progressed { return }
    }
  }

  /// Recognizer `r` has something new to look at (a request, or a requirement that changed): it takes a
  /// turn in the pass under way, in processing order among those still to come (E-6.6), also when its
  /// place came earlier in the pass (a recognizer woken by one that failed after it, say: a child's single
  /// tap and its parent's, both waiting for a double tap that fails, go child first). Only the recognizer
  /// taking its turn, and any woken past `maxWakesPerPass`, wait for the next pass.
  mutating func wake(_ r: Int) {
    if let current = passRank, processingRank[r] != current, wakesThisPass < maxWakesPerPass {
      guard !inPass[r] else { return }
      inPass[r] = true
      wakesThisPass += 1
      passOrder.push(processingRank[r])
    } else if !queued[r] {
      queued[r] = true
      toResolve.append(r)
    }
  }

  /// Something that decides whether `y` is undecided changed (its state, its touches, its pending
  /// transition): the recognizers waiting for it look again.
  mutating func noteChanged(_ y: Int) {
    guard !waiters[y].isEmpty else { return }
    for e in waiters[y] where recs[e.recognizer].generation == e.generation && recs[e.recognizer].pending != nil {
      wake(e.recognizer)
    }
  }

  /// `w` must wait for `y` to fail in this gesture (its requirements were worked out).
  private mutating func addWaiter(_ w: Int, for y: Int) {
    let count = waiters[y].count
    if count >= 8 && count & (count - 1) == 0 {
      // Now and then, forget the entries of recognizers reset since (they have a new generation).
      waiters[y].removeAll { recs[$0.recognizer].generation != $0.generation }
    }
    waiters[y].append(Waiter(recognizer: w, generation: recs[w].generation))
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
        noteChanged(r)
        return true
      case .change,
        .end where recs[r].machine.state.isActive:
        transition(r, req, reason)
        return true
      case .begin, .end:
        guard recs[r].machine.state == .possible else { return true }
        recs[r].pending = req
        recs[r].requestReason = reason
        noteChanged(r)
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
      noteChanged(r)
      return true
    }
    if recs[r].requirements == nil {
      let found = failureRequirements(r)
      recs[r].requirements = found
      recs[r].requirementSet = Set(found)
      for y in found { addWaiter(r, for: y) }
    }
    var undecided: [Int] = []
    for y in recs[r].requirements! {
      let ys = recs[y].machine.state
      if ys == .began || ys == .changed || ys == .ended {
        recs[r].pending = nil
        recs[r].waitingFor = []
        transition(r, .fail, .requiredGestureRecognized(recs[y].id))
        noteChanged(r)
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
    noteChanged(r)
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
  ///
  /// UIKit asks the delegates about every other recognizer in the sequence. The answers come from the
  /// scene's id lists, so the YES answers are found from the lists (and the reverse index of
  /// shouldBeRequiredToFailBy); the questions about the first `othersAskedInFull` others in processing
  /// order are written whatever the answer, past them only a YES (a NO is the default and changes nothing).
  private mutating func failureRequirements(_ r: Int) -> [Int] {
    var out = relations[r].requireToFail
    var chosen = relations[r].requireToFailSet
    // The others in this touch sequence asked about in full: the first ones in processing order.
    var first: [Int] = []
    var p = engagedRanks.first(from: 0)
    while let rank = p, first.count < Self.othersAskedInFull {
      let y = byRank[rank]
      if y != r && isInvolved(y) { first.append(y) }
      p = engagedRanks.first(from: rank + 1)
    }
    if relations[r].hasDelegate {
      var asked = first
      for y in relations[r].requireFailureOf where y != r && isEngaged[y] && isInvolved(y) && !first.contains(y) {
        asked.append(y)
      }
      if asked.count > first.count { asked.sort { processingRank[$0] < processingRank[$1] } }
      for y in asked {
        let yes = relations[r].requireFailureOf.contains(y)
        emit(.ask(of: recs[r].id, question: .shouldRequireFailureOf, other: recs[y].id, view: nil, answer: yes))
        if yes && chosen.insert(y).inserted { out.append(y) }
      }
    }
    var asked = first.filter { relations[$0].hasDelegate }
    let inFull = asked.count
    for y in namedByRequiredToFailBy[r] where y != r && isEngaged[y] && isInvolved(y) && !first.contains(y) {
      asked.append(y)
    }
    if asked.count > inFull { asked.sort { processingRank[$0] < processingRank[$1] } }
    for y in asked {
      let yes = relations[y].requiredToFailBy.contains(r)
      emit(.ask(of: recs[y].id, question: .shouldBeRequiredToFailBy, other: recs[r].id, view: nil, answer: yes))
      if yes && chosen.insert(y).inserted { out.append(y) }
    }
    return out
  }

  /// gestureRecognizerShouldBegin: the delegate, then the views the touches were hit-tested to
  /// (only when cancelsTouchesInView, S16), then a scroll view's content checks (H-6). nil: may begin.
  private mutating func shouldBeginVeto(_ r: Int) -> StateReason? {
    let rec = recs[r]
    let hitViews = uniqueViews(rec.gestureTouchViews)
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

  /// The views of a recognizer's `gestureTouchViews`, each once, in order.
  func uniqueViews(_ touchViews: [Int]) -> [Int] {
    var out: [Int] = []
    for v in touchViews where v >= 0 && !out.contains(v) { out.append(v) }
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
    case .button, .switch, .stepper, .segmentedControl, .pageControl:
      if singleTap { return .controlVeto(control: node.id, className: cls, gesture: .superviewSingleTap) }
      // 8.3: a switch refuses a pan on its knob: one whose touch went down on the knob.
      if node.spec.kind == .switch && rec.kind == .pan && !rec.isScrollPan
        && rec.touches.contains(where: { uid in
          rec.data.start.value(for: uid).flatMap { views.convertFromWindow($0, to: v) }.map { onSwitchKnob(v, $0) }
            ?? false
        })
      {
        return .controlVeto(control: node.id, className: cls, gesture: .panOnKnob)
      }
    case .slider:
      // 8.3: a slider does not refuse a single tap; it refuses a swipe along its track that starts on its
      // thumb, which is the touch it tracks (8.5: a touch elsewhere on the track is not tracked).
      let onThumb = controlStates[v]?.touch.map { rec.touches.contains($0) } ?? false
      if onThumb && rec.kind == .swipe && rec.spec.direction.contains(where: { $0 == .left || $0 == .right }) {
        return .controlVeto(control: node.id, className: cls, gesture: .swipeAlongTrack)
      }
    default: break
    }
    return nil
  }

  /// Default exclusion by a gesture that already began or recognized (E-6.1, applied when the
  /// recognizer was not yet in the sequence when that gesture won). The questions about the first
  /// `othersAskedInFull` gestures considered are written; past them, only those of the one that excludes.
  private mutating func excludedByRecognized(_ r: Int) -> Int? {
    var considered = 0
    var next = recognizedNow.first(from: 0)
    while let x = next {
      next = recognizedNow.first(from: x + 1)
      guard x != r, isInvolved(x), related(x, r), !requires(x, r) else { continue }
      if considered < Self.othersAskedInFull {
        considered += 1
        if excludes(x, r, record: true) { return x }
        continue
      }
      // r's delegate allows every pair: nothing excludes it.
      if relations[r].simultaneousWithAll { return nil }
      if relations[x].simultaneousWithAll { continue }
      if excludes(x, r, record: false) {
        _ = excludes(x, r, record: true)
        return x
      }
    }
    return nil
  }

  /// Whether `a` waits for `b` to fail: require(toFail:), or a delegate answer given for this gesture.
  @inline(__always) private func requires(_ a: Int, _ b: Int) -> Bool {
    recs[a].requirementSet.contains(b) || relations[a].requireToFailSet.contains(b)
  }

  /// Same view, or one is an ancestor of the other (S16 `_affectedByGesture`).
  private func related(_ a: Int, _ b: Int) -> Bool {
    let va = recs[a].view
    let vb = recs[b].view
    return va == vb || views.isDescendant(va, of: vb) || views.isDescendant(vb, of: va)
  }

  /// Whether `x`, recognizing, forces `y` to fail: canPrevent, canBePrevented (E-6.2), and neither
  /// delegate allowing simultaneous recognition (either YES suffices, E-6.1 (4)). The questions are
  /// written when `record` is on (the answers are the same either way).
  private mutating func excludes(_ x: Int, _ y: Int, record: Bool) -> Bool {
    let cp = canPrevent(x, y)
    let cbp = true  // UIKit's default; no built-in recognizer modelled here overrides canBePrevented.
    if record {
      emit(.ask(of: recs[x].id, question: .canPrevent, other: recs[y].id, view: nil, answer: cp))
      emit(.ask(of: recs[y].id, question: .canBePrevented, other: recs[x].id, view: nil, answer: cbp))
    }
    guard cp && cbp else { return false }
    return !simultaneous(x, y, record: record)
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

  /// shouldRecognizeSimultaneouslyWith, asked of each delegate that exists (E-6.1 (4)): `x`'s, then `y`'s.
  private mutating func simultaneous(_ x: Int, _ y: Int, record: Bool) -> Bool {
    simultaneousAnswer(of: x, about: y, record: record) || simultaneousAnswer(of: y, about: x, record: record)
  }

  /// The YES of `a`'s delegate to shouldRecognizeSimultaneouslyWith `b` (NO when it has no delegate).
  private mutating func simultaneousAnswer(of a: Int, about b: Int, record: Bool) -> Bool {
    guard relations[a].hasDelegate else { return false }
    let yes = relations[a].simultaneousWithAll || relations[a].simultaneousWith.contains(b)
    if record {
      emit(
        .ask(of: recs[a].id, question: .shouldRecognizeSimultaneouslyWith, other: recs[b].id, view: nil, answer: yes))
    }
    return yes
  }

  /// Applies a transition through the state machine, traces it, sends the action, and carries out
  /// what recognition implies (F-2/F-3 cancellation, E-6.1 exclusion, E-6.3 waiters failing).
  mutating func transition(_ r: Int, _ req: GestureStateMachine.Request, _ reason: StateReason) {
    guard let pair = recs[r].machine.apply(req) else { return }
    refreshIndexes(r)
    noteChanged(r)
    emit(.state(recognizer: recs[r].id, from: pair.from, to: pair.to, reason: reason))
    if pair.to == .began {
      prepareBegan(r)
    }
    if recs[r].isScrollPan && (pair.to == .began || pair.to == .changed) { scrollFollow(r) }
    if recs[r].isScrollPan && pair.from.isActive && (pair.to == .ended || pair.to == .cancelled) { scrollSettle(r) }
    if recs[r].isScrollPinch && (pair.to == .began || pair.to == .changed) { zoomFollow(r, began: pair.to == .began) }
    if recs[r].isScrollPinch && pair.from.isActive && (pair.to == .ended || pair.to == .cancelled) { zoomSettle(r) }
    if pair.to == .ended, let sheet = SheetSpec.sheet(ofDimmingTap: recs[r].id) { tappedOutside(sheet) }
    // 5.1: actions for began, changed, ended, cancelled; never for failed or possible.
    if pair.to != .failed && pair.to != .possible {
      emit(.action(recognizer: recs[r].id, state: pair.to, values: actionValues(r)))
      if recs[r].spec.effect != nil { applyEffect(r, pair.to) }
    }
    let recognized = pair.from == .possible && (pair.to == .began || pair.to == .ended)
    guard recognized else { return }
    // F-2 / F-3: after the action, the touches it owns are cancelled in their views: once every action
    // of this event has been sent (F-3a), or now when nothing is being resolved.
    if recs[r].spec.cancelsTouchesInView {
      if cancelBatch != nil { cancelBatch!.append(r) } else { cancelViewTouches(of: [r]) }
    }
    // E-6.3: whoever waits for this one to fail fails now (in the order of their indices).
    var failing: [Int] = []
    for e in waiters[r] where recs[e.recognizer].generation == e.generation && e.recognizer != r {
      let w = e.recognizer
      if recs[w].pending != nil && recs[w].requirementSet.contains(r) { failing.append(w) }
    }
    if failing.count > 1 { failing.sort() }
    var previous = -1
    for w in failing where w != previous && recs[w].pending != nil {
      previous = w
      recs[w].pending = nil
      recs[w].waitingFor = []
      transition(w, .fail, .requiredGestureRecognized(recs[r].id))
    }
    excludeOthers(recognizing: r)
  }

  /// E-6.1: default exclusion of the others still possible in this sequence, in processing order, by `r`
  /// that just began or recognized. The questions about the first `othersAskedInFull` others it
  /// considers are written; past them, only those of the ones it excludes.
  private mutating func excludeOthers(recognizing r: Int) {
    var considered = 0
    var next = openRanks.first(from: 0)
    while let rank = next {
      // (Only the recognizer at `rank` changes below: it fails, and nothing follows from a failure here.)
      next = openRanks.first(from: rank + 1)
      let y = byRank[rank]
      guard y != r, isInvolved(y), !requires(r, y) else { continue }
      if requires(y, r) {
        // E-6.3: one that must wait for r to fail fails, wherever its view is (a failure requirement is
        // not default exclusion: it holds between recognizers on sibling views too).
        transition(y, .fail, .requiredGestureRecognized(recs[r].id))
        continue
      }
      guard related(r, y) else { continue }
      if considered < Self.othersAskedInFull {
        considered += 1
        if excludes(r, y, record: true) { exclude(y, by: r) }
      } else if relations[r].simultaneousWithAll {
        // r's delegate allows every pair: it excludes nobody, and only those that require it fail.
        failRequirers(of: r, from: rank)
        return
      } else if !relations[y].simultaneousWithAll && excludes(r, y, record: false) {
        _ = excludes(r, y, record: true)
        exclude(y, by: r)
      }
    }
  }

  private mutating func exclude(_ y: Int, by r: Int) {
    recs[y].pending = nil
    recs[y].waitingFor = []
    recs[y].request = nil
    transition(y, .fail, .excludedBy(recs[r].id))
  }

  /// The recognizers still possible from processing position `rank` on that must wait for `r` to fail
  /// (require(toFail:), or a delegate's answer for this gesture) fail, `r` having recognized.
  private mutating func failRequirers(of r: Int, from rank: Int) {
    var found = Array(namedByRequireToFail[r])
    for e in waiters[r] where recs[e.recognizer].generation == e.generation { found.append(e.recognizer) }
    found = found.filter { y in
      processingRank[y] >= rank && openRanks.contains(processingRank[y]) && isInvolved(y)
        && !requires(r, y) && requires(y, r)
    }
    found.sort { processingRank[$0] < processingRank[$1] }
    var previous = -1
    for y in found where y != previous && recs[y].machine.state == .possible {
      previous = y
      transition(y, .fail, .requiredGestureRecognized(recs[r].id))
    }
  }

  /// Where translation starts: from touch-down (L15), or where the pan really began after waiting
  /// (E-6.3). A scroll view's pan scrolls by its travel from touch-down minus the threshold it had to
  /// pass (H-11: no jump at the start, no step lost); after waiting, from where it began.
  private mutating func prepareBegan(_ r: Int) {
    if recs[r].beganAfterWaiting {
      recs[r].data.pan.translationBase = .zero
      recs[r].data.pan.origin = centroid(recs[r].touches)
    }
    if recs[r].isScrollPan {
      recs[r].data.scroll.startOffset = views[recs[r].view].spec.bounds.origin
      let h = recs[r].beganAfterWaiting ? 0 : constants.scrollHysteresis
      let t = vectorInView(panTranslation(r), recs[r].view)
      func part(_ v: Double) -> Double { v >= 0 ? min(v, h) : max(v, -h) }
      recs[r].data.scroll.scrollSlack = Point(part(t.x), part(t.y))
      recs[r].data.scroll.scrollLock = directionalLock(r)
    }
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
      forgetResetRecognizers([only])
    } else if finished > 1 {
      var done = engaged.filter { recs[$0].machine.state.isTerminal }
      done.sort { processingRank[$0] < processingRank[$1] }
      for r in done { reset(r) }
      forgetResetRecognizers(done)
    }
    // Recognizers out of every touch sequence, without a request, leave `engaged`.
    var kept = 0
    for i in engaged.indices {
      let r = engaged[i]
      if isInvolved(r) || recs[r].request != nil {
        engaged[kept] = r
        kept += 1
      } else {
        isEngaged[r] = false
        engagedRanks.remove(processingRank[r])
        openRanks.remove(processingRank[r])
      }
    }
    engaged.removeLast(engaged.count - kept)
  }

  private mutating func reset(_ r: Int) {
    guard let pair = recs[r].machine.apply(.reset) else { return }
    emit(.state(recognizer: recs[r].id, from: pair.from, to: pair.to, reason: .reset))
    // Its touches forget it in `forgetResetRecognizers`; its timers lapse with its generation.
    resetTouches.append(contentsOf: recs[r].gestureTouches)
    // 5.1: after recognizing, not again in this touch sequence: the touches it had that are still down.
    let sequence = pair.from == .ended || pair.from == .cancelled ? recs[r].gestureTouches.filter { isDown($0) } : []
    recs[r].reset()
    recs[r].recognizedSequence = sequence
    refreshIndexes(r)
    noteChanged(r)
  }

  /// The touches of the recognizers just reset no longer list them (one pass over each touch's list).
  private mutating func forgetResetRecognizers(_ reset: [Int]) {
    defer { resetTouches.removeAll(keepingCapacity: true) }
    guard !resetTouches.isEmpty else { return }
    if reset.count == 1 {
      let r = reset[0]
      for uid in resetTouches where touches.contains(uid) { touches[uid].recognizers.removeAll { $0 == r } }
      return
    }
    for r in reset { marked[r] = true }
    resetTouches.sort()
    var previous = -1
    for uid in resetTouches where uid != previous {
      previous = uid
      if touches.contains(uid) { touches[uid].recognizers.removeAll { marked[$0] } }
    }
    for r in reset { marked[r] = false }
  }
}
