/// One UIEvent of touches: registration, recognizers first, resolution, then the views (section 1).
extension Engine {
  func dispatch(_ actions: [ScriptStep.Action]) {
    // Changed touches of this event, by internal id, in the order written.
    var changed: [Int] = []
    var cancelledByScript: [Int] = []

    for action in actions {
      switch action {
      case .down(let number, let p):
        guard liveByNumber[number] == nil, p.x.isFinite, p.y.isFinite else { continue }
        changed.append(register(number: number, at: p))
      case .move(let number, let p):
        guard let uid = liveByNumber[number], !changed.contains(uid), p.x.isFinite, p.y.isFinite else { continue }
        touches[uid]!.location = p
        touches[uid]!.phase = .moved
        changed.append(uid)
        emitInput(uid)
      case .up(let number, let p):
        guard let uid = liveByNumber[number], !changed.contains(uid) else { continue }
        if let p, p.x.isFinite, p.y.isFinite { touches[uid]!.location = p }
        touches[uid]!.phase = .ended
        changed.append(uid)
        emitInput(uid)
      case .cancel(let number):
        guard let uid = liveByNumber[number], !changed.contains(uid) else { continue }
        touches[uid]!.phase = .cancelled
        changed.append(uid)
        cancelledByScript.append(uid)
        emitInput(uid)
      default: continue
      }
    }
    guard !changed.isEmpty else { return }
    // C-1: touches down but unchanged in this event are stationary.
    for number in liveByNumber.keys.sorted() {
      let uid = liveByNumber[number]!
      if !changed.contains(uid) {
        touches[uid]!.phase = .stationary
        emitInput(uid)
      }
    }

    // Rule 1.2 / F-1: every recognizer owning a changed touch gets it before the hit view.
    feedRecognizers(changed)
    // Rule H-3: a touch lifting while a scroll view still delays it asks touchesShouldBegin now.
    for uid in changed where touches[uid]!.phase == .ended || touches[uid]!.phase == .cancelled {
      releaseScrollHoldsAtEnd(uid)
    }
    // Rule 1.3: states resolved, actions sent, before the view hears of this event.
    resolve()
    // Rule 1.4: view delivery.
    deliverEvent(changed)
    flushHeldDeliveries()
    resetFinishedRecognizers()

    for uid in changed where !touches[uid]!.isAlive {
      let t = touches[uid]!
      liveByNumber[t.id] = nil
      if t.phase == .ended {
        lifted.append(LiftedTap(location: t.location, time: now, tapCount: t.tapCount))
        if lifted.count > 16 { lifted.removeFirst() }
      }
      cancelTimers { $0.touch == uid }
    }
    forgetFinishedTouches()
  }

  func emitInput(_ uid: Int) {
    let t = touches[uid]!
    emit(.input(touch: t.id, phase: t.phase, at: t.location, tapCount: t.tapCount))
  }

  /// A new touch: tapCount, hit-test, recognizers attached (rules 1.1, A, C-6, C-7, E-6.4).
  private func register(number: Int, at p: Point) -> Int {
    let uid = nextTouchUID
    nextTouchUID += 1
    // C-6: a touch-down near a recent lift, soon enough, is the next tap of a multi-tap.
    let previous = lifted.last {
      now - $0.time <= constants.tapCountInterval && $0.location.distance(to: p) <= constants.tapCountDistance
    }
    let tapCount = (previous?.tapCount ?? 0) + 1
    emit(.input(touch: number, phase: .began, at: p, tapCount: tapCount))
    let hit = hitTest(windowPoint: p)
    emit(.hit(touch: number, view: hit.map { views[$0].id }))
    touches[uid] = Touch(
      id: number, phase: .began, location: p, downLocation: p, downTime: now, view: hit, tapCount: tapCount)
    liveByNumber[number] = uid
    guard let hit else { return uid }

    // C-7: the hit view's recognizers in add order, then each ancestor's up to the root.
    var candidates: [Int] = []
    for v in views.ancestry(hit) {
      for r in views[v].recognizers where canAttach(r) { candidates.append(r) }
    }
    emit(.attach(touch: number, recognizers: candidates.map { recs[$0].id }))
    for r in candidates {
      // E-6.4: shouldReceive asked once, before the recognizer's touchesBegan; NO → never sees it.
      let answer = predicate(recs[r].spec.delegate?.shouldReceive ?? .always(true), touchView: hit)
      emit(.ask(of: recs[r].id, question: .shouldReceive, other: nil, view: nil, answer: answer))
      if answer { touches[uid]!.recognizers.append(r) }
    }
    startScrollDelays(uid)
    return uid
  }

  /// Rule 1.1: disabled, finished-but-not-reset, waiting, or full recognizers take no new touch.
  private func canAttach(_ r: Int) -> Bool {
    let rec = recs[r]
    guard rec.spec.isEnabled, !rec.state.isTerminal, rec.pending == nil else { return false }
    if rec.state.isActive { return acceptsMoreTouches(rec) }
    return true
  }

  private func acceptsMoreTouches(_ rec: Recognizer) -> Bool {
    switch rec.kind {
    case .pan: return rec.spec.maximumNumberOfTouches == 0 || rec.touches.count < rec.spec.maximumNumberOfTouches
    case .pinch, .rotation: return rec.touches.count < 2
    default: return false
    }
  }

  /// A delegate's predicate answer, decided by where the touch was hit-tested.
  func predicate(_ p: TouchPredicate, touchView: Int?) -> Bool {
    switch p {
    case .always(let b): return b
    case .unlessTouchIn(let ids): return !touchIsIn(touchView, ids)
    case .onlyTouchIn(let ids): return touchIsIn(touchView, ids)
    }
  }

  private func touchIsIn(_ v: Int?, _ ids: [String]) -> Bool {
    guard let v else { return false }
    return ids.contains { id in self.view(id).map { views.isDescendant(v, of: $0) } ?? false }
  }

  /// Hands each recognizer its changed touches, grouped by phase (rule 1.2).
  private func feedRecognizers(_ changed: [Int]) {
    var order: [Int] = []
    for uid in changed {
      for r in touches[uid]!.recognizers where !order.contains(r) { order.append(r) }
    }
    for r in order {
      let mine = changed.filter { touches[$0]!.recognizers.contains(r) }
      for method in TouchMethod.allCases {
        let group = mine.filter { Self.method(for: touches[$0]!.phase) == method }
        guard !group.isEmpty else { continue }
        emit(.feed(recognizer: recs[r].id, method: method, touches: group.map { touches[$0]!.id }))
        recognizerReceive(r, method, group)
      }
    }
  }

  static func method(for phase: TouchPhase) -> TouchMethod? {
    switch phase {
    case .began: return .touchesBegan
    case .moved: return .touchesMoved
    case .ended: return .touchesEnded
    case .cancelled: return .touchesCancelled
    case .stationary: return nil
    }
  }

  // MARK: - set, bringToFront, sendToBack

  func applyChange(_ change: PropertyChange) {
    if let v = view(change.target) {
      var spec = views[v].spec
      guard spec.set(change.key, change.value) == nil else { return }
      views[v].spec = spec
      emit(.set(target: change.target, key: change.key, value: change.value))
      if change.key == "contentOffset" { emit(.scroll(view: spec.id, contentOffset: spec.bounds.origin)) }
      if change.key == "value" { controlStates[v]?.value = spec.value ?? 0 }
      return
    }
    guard let r = recIndex[change.target] else { return }
    var spec = recs[r].spec
    guard spec.set(change.key, change.value) == nil else { return }
    let wasEnabled = recs[r].spec.isEnabled
    recs[r].spec = spec
    if change.key == "numberOfTapsRequired" { rankRecognizers() }
    emit(.set(target: change.target, key: change.key, value: change.value))
    if wasEnabled && !spec.isEnabled {
      // 5.1: disabled while active → cancelled (action sent); while possible → failed.
      if recs[r].isInvolved {
        recs[r].request = recs[r].state.isActive ? .cancel : .fail
        recs[r].requestReason = "isEnabled set to false"
        settle()
      }
    } else {
      settle()
    }
  }

  func reorder(_ id: String, toFront: Bool) {
    guard let v = view(id) else { return }
    guard let parent = views[v].parent else {
      // The root view is the window's only subview: it is already at the front and at the back.
      emit(.reorder(view: id, to: toFront ? "front" : "back"))
      return
    }
    views[parent].children.removeAll { $0 == v }
    if toFront {
      views[parent].children.append(v)
    } else {
      views[parent].children.insert(v, at: 0)
    }
    emit(.reorder(view: id, to: toFront ? "front" : "back"))
    rankRecognizers()
  }
}
