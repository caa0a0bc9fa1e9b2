import Geometry

/// One UIEvent of touches: registration, recognizers first, resolution, then the views (section 1).
extension Simulation {
  mutating func dispatch(_ steps: ArraySlice<ScriptStep>) {
    // Changed touches of this event, by internal id, in the order written (in storage kept from the last
    // event: there is one on every step).
    var changed = changedStorage
    changedStorage = []
    changed.removeAll(keepingCapacity: true)
    defer { changedStorage = changed }

    for i in steps.indices {
      let step = steps[i]
      // A script run under a limit stops before the next touch once the trace is past it.
      if trace.count > traceStop {
        stoppedAt = stoppedAt ?? i
        break
      }
      switch step.action {
      case .down(let number, let p):
        guard !liveByNumber.contains(number), p.x.isFinite, p.y.isFinite else { continue }
        changed.append(register(number: number, at: p))
      case .move(let number, let p):
        guard let uid = liveByNumber.value(for: number), !changed.contains(uid), p.x.isFinite, p.y.isFinite else {
          continue
        }
        touches[uid].location = p
        touches[uid].phase = .moved
        changed.append(uid)
        emitInput(uid)
      case .up(let number, let p):
        guard let uid = liveByNumber.value(for: number), !changed.contains(uid) else { continue }
        if let p, p.x.isFinite, p.y.isFinite { touches[uid].location = p }
        touches[uid].phase = .ended
        changed.append(uid)
        emitInput(uid)
      case .cancel(let number):
        guard let uid = liveByNumber.value(for: number), !changed.contains(uid) else { continue }
        touches[uid].phase = .cancelled
        changed.append(uid)
        emitInput(uid)
      default: continue
      }
    }
    // C-11: UIApplication.sendEvent, then UIWindow.sendEvent, named when the scene overrides one of them.
    if setup.sceneHeader.responders.overridesSendEvent { sendEventSteps(changed) }
    // C-10: touches that began while the app ignored interaction events are in no event: their input is
    // written, then they are forgotten when they end.
    if changed.contains(where: { touches[$0].ignored }) {
      for uid in changed where touches[uid].ignored && !touches[uid].isAlive { liveByNumber.remove(touches[uid].id) }
      changed.removeAll { touches[$0].ignored }
      // Only when nothing is left to dispatch: a touch of this event still to be processed may have ended too.
      if changed.isEmpty { forgetFinishedTouches() }
    }
    guard !changed.isEmpty else { return }
    // C-1: touches down but unchanged in this event are stationary.
    for i in liveByNumber.entries.indices {
      let uid = liveByNumber[at: i]
      if !changed.contains(uid) && !touches[uid].ignored {
        touches[uid].phase = .stationary
        emitInput(uid)
      }
    }

    // Rule 1.2 / F-1: every recognizer owning a changed touch gets it before the hit view.
    feedRecognizers(changed)
    // Rule H-3: a touch lifting while a scroll view still delays it asks touchesShouldBegin now.
    for uid in changed where touches[uid].phase == .ended || touches[uid].phase == .cancelled {
      releaseScrollHoldsAtEnd(uid)
    }
    // Rule 1.3: states resolved, actions sent, before the view hears of this event.
    resolve()
    // Rule 1.4: view delivery.
    deliverEvent(changed)
    flushHeldDeliveries()
    resetFinishedRecognizers()

    for uid in changed where touches[uid].phase == .ended || touches[uid].phase == .cancelled {
      liveByNumber.remove(touches[uid].id)
      if touches[uid].phase == .ended {
        lifted.append(LiftedTap(location: touches[uid].location, time: now, tapCount: touches[uid].tapCount))
        if lifted.count > 16 { lifted.removeFirst() }
      }
      cancelTimers { $0.touch == uid }
    }
    forgetFinishedTouches()
  }

  mutating func emitInput(_ uid: Int) {
    emit(
      .input(
        touch: touches[uid].id, phase: touches[uid].phase, at: touches[uid].location, tapCount: touches[uid].tapCount))
  }

  /// A new touch: tapCount, hit-test, recognizers attached (rules 1.1, A, C-6, C-7, E-6.4).
  private mutating func register(number: Int, at p: Point) -> Int {
    let uid = nextTouchUID
    nextTouchUID += 1
    // C-6: a touch-down near a recent lift, soon enough, is the next tap of a multi-tap.
    let previous = lifted.last {
      now - $0.time <= constants.tapCountInterval && $0.location.distance(to: p) <= constants.tapCountDistance
    }
    let tapCount = (previous?.tapCount ?? 0) + 1
    emit(.input(touch: number, phase: .began, at: p, tapCount: tapCount))
    let hit = views.hitTest(windowPoint: p, time: now, visits: &trace)
    emit(.hit(touch: number, view: hit.map { views[$0].id }))
    touches.set(
      Touch(id: number, phase: .began, location: p, downLocation: p, downTime: now, view: hit, tapCount: tapCount),
      for: uid)
    liveByNumber.set(uid, for: number)
    if dropIfIgnoringInteractionEvents(uid) { return uid }
    if swallowIfSendEventDoesNotCallSuper(uid) { return uid }
    guard let hit else { return uid }

    // C-7: the hit view's recognizers in add order, then each ancestor's up to the root.
    var candidates: [Int] = []
    var v: Int? = hit
    while let cur = v {
      for r in views[cur].recognizers where canAttach(r) { candidates.append(r) }
      v = views[cur].parent
    }
    emit(.attach(touch: number, recognizers: candidates.map { recs[$0].id }))
    for r in candidates {
      // E-6.4: shouldReceive asked once, before the recognizer's touchesBegan; NO → never sees it.
      var answer = true
      if let delegate = recs[r].spec.delegate { answer = predicate(delegate.shouldReceive, touchView: hit) }
      emit(.ask(of: recs[r].id, question: .shouldReceive, other: nil, view: nil, answer: answer))
      if answer { touches[uid].recognizers.append(r) }
    }
    startScrollDelays(uid)
    return uid
  }

  /// Rule 1.1: disabled, finished-but-not-reset, waiting, or full recognizers take no new touch.
  @inline(__always) private func canAttach(_ r: Int) -> Bool {
    guard recs[r].spec.isEnabled, !recs[r].machine.state.isTerminal, recs[r].pending == nil else { return false }
    if recs[r].machine.state.isActive { return acceptsMoreTouches(r) }
    if !recs[r].recognizedSequence.isEmpty && inRecognizedSequence(r) { return false }
    return true
  }

  /// Whether a touch of the sequence `r` recognized in is still down (5.1).
  private func inRecognizedSequence(_ r: Int) -> Bool { recs[r].recognizedSequence.contains { isDown($0) } }

  /// Whether touch `uid` is still down (neither ended nor cancelled, and not forgotten).
  func isDown(_ uid: Int) -> Bool { touches.contains(uid) && touches[uid].isAlive }

  private func acceptsMoreTouches(_ r: Int) -> Bool {
    switch recs[r].kind {
    case .pan:
      return recs[r].spec.maximumNumberOfTouches == 0 || recs[r].touches.count < recs[r].spec.maximumNumberOfTouches
    case .pinch, .rotation: return recs[r].touches.count < 2
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
  private mutating func feedRecognizers(_ changed: [Int]) {
    if changed.count == 1, let method = Self.method(for: touches[changed[0]].phase) {
      // One touch (most events): its recognizers in order, all with its one phase. (A recognizer can
      // only take itself off the touch, so each one still owns it when its turn comes.)
      let uid = changed[0]
      let numbers = [touches[uid].id]  // one list for all the feed lines
      for r in touches[uid].recognizers {
        emit(.feed(recognizer: recs[r].id, method: method, touches: numbers))
        recognizerReceive(r, method, changed)
      }
      return
    }
    var order: [Int] = []
    for uid in changed {
      for r in touches[uid].recognizers where !order.contains(r) { order.append(r) }
    }
    // Often every recognizer gets the same touches with the same phase: the lists are then shared.
    var lastGroup: [Int] = []
    var lastNumbers: [Int] = []
    for r in order {
      let all = changed.allSatisfy { touches[$0].recognizers.contains(r) }
      let mine = all ? changed : changed.filter { touches[$0].recognizers.contains(r) }
      let onePhase = mine.allSatisfy { touches[$0].phase == touches[mine[0]].phase }
      for method in Self.touchMethods {
        let group = onePhase ? mine : mine.filter { Self.method(for: touches[$0].phase) == method }
        guard !group.isEmpty, Self.method(for: touches[group[0]].phase) == method else { continue }
        if group != lastGroup {
          lastGroup = group
          lastNumbers = group.map { touches[$0].id }
        }
        emit(.feed(recognizer: recs[r].id, method: method, touches: lastNumbers))
        recognizerReceive(r, method, group)
      }
    }
  }

  /// `TouchMethod.allCases`, made once.
  static let touchMethods = TouchMethod.allCases

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

  mutating func applyChange(_ change: PropertyChange, origin: SetOrigin = .script) {
    if let v = view(change.target) {
      var spec = views[v].spec
      guard spec.set(change.key, change.value) == nil else { return }
      views[v].spec = spec
      emit(.set(target: change.target, key: change.key, value: change.value, origin: origin))
      if change.key == "contentOffset" { emit(.scroll(view: spec.id, contentOffset: spec.bounds.origin)) }
      if change.key == "value" { controlStates[v]?.value = spec.initialControlValue }
      // Rules 8.4, 8.5: a new range keeps the value within it, as UIKit's setters do.
      // Rule 8.7: fewer pages keep the current page within them, as UIKit's setter does.
      if change.key == "numberOfPages", let value = controlStates[v]?.value {
        controlStates[v]?.value = min(value, Double(max(spec.pageCount - 1, 0)))
      }
      if change.key == "minimumValue" || change.key == "maximumValue", let value = controlStates[v]?.value {
        controlStates[v]?.value = min(max(value, spec.rangeMinimum), max(spec.rangeMaximum, spec.rangeMinimum))
      }
      return
    }
    guard let r = recIndex[change.target] else { return }
    var spec = recs[r].spec
    guard spec.set(change.key, change.value) == nil else { return }
    let wasEnabled = recs[r].spec.isEnabled
    recs[r].spec = spec
    if change.key == "numberOfTapsRequired" { rankRecognizers() }
    if change.key == "requireToFail" || change.key.hasPrefix("delegate.") { resolveRelations(r) }
    emit(.set(target: change.target, key: change.key, value: change.value, origin: origin))
    if wasEnabled && !spec.isEnabled {
      // 5.1: disabled while active → cancelled (action sent); while possible → failed.
      if isInvolved(r) {
        engage(r)
        wake(r)
        recs[r].request = recs[r].machine.state.isActive ? .cancel : .fail
        recs[r].requestReason = .disabled
        settle()
      }
    } else {
      settle()
    }
  }

  mutating func reorder(_ id: String, toFront: Bool) {
    guard let v = view(id) else { return }
    guard let parent = views[v].parent else {
      // The root view is the window's only subview: it is already at the front and at the back.
      emit(.reorder(view: id, to: toFront ? "front" : "back"))
      return
    }
    views.move(v, toFront: toFront)
    emit(.reorder(view: id, to: toFront ? "front" : "back"))
    // The processing order (E-6.6) compares the places of views in a depth-first walk: moving `v` changes
    // them only between the views inside it and those inside its siblings, so it is worked out again, inside
    // `parent` only, when both hold recognizers.
    let inside = recognizersInSubtree[v]
    if inside > 0 && recognizersInSubtree[parent] - views[parent].recognizers.count - inside > 0 {
      rerankInside(parent)
    }
  }
}
