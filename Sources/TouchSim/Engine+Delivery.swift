/// Delivery to touch.view and along the responder chain (rules F, B, C-3 to C-5).
extension Simulation {
  /// Who holds back `method` for touch `uid` now: recognizers with delaysTouchesBegan still undecided
  /// (F-5), with delaysTouchesEnded still undecided when it is touchesEnded (F-6), and scroll views
  /// delaying content touches (H-1). Recognizers that never received the touch do not count (F-8).
  func holders(_ uid: Int, _ method: TouchMethod) -> [String] {
    guard touches.contains(uid) else { return [] }
    var by: [String] = []
    for r in touches[uid].recognizers where isUndecided(r) {
      if recs[r].spec.delaysTouchesBegan || (method == .touchesEnded && recs[r].spec.delaysTouchesEnded) {
        by.append(recs[r].id)
      }
    }
    for s in touches[uid].scrollHolds { by.append(views[s].id) }
    return by
  }

  /// Whether anyone holds back `method` for touch `uid` now: `!holders(uid, method).isEmpty`.
  @inline(__always) func isHeld(_ uid: Int, _ method: TouchMethod) -> Bool {
    guard touches.contains(uid) else { return false }
    if !touches[uid].scrollHolds.isEmpty { return true }
    for r in touches[uid].recognizers where isUndecided(r) {
      if recs[r].spec.delaysTouchesBegan || (method == .touchesEnded && recs[r].spec.delaysTouchesEnded) {
        return true
      }
    }
    return false
  }

  /// The view part of one event: each changed touch's phase goes to touch.view now, or is withheld.
  mutating func deliverEvent(_ changed: [Int]) {
    // A touch the system cancelled: what was held for it is dropped, not released by the recognizers
    // that failed because of the cancellation (5.4) and then cancelled (trace drop reason
    // `cancelledBeforeDelivery`: the view never hears of a touch whose touchesBegan it did not get).
    for uid in changed where touches.contains(uid) && touches[uid].phase == .cancelled {
      touches[uid].queue = []
      touches[uid].scrollHolds = []
    }
    // What was held and is free now goes first (e.g. a quick tap in a scroll view: touchesBegan,
    // released at touch-up, then touchesEnded back to back, H-3).
    flushHeldDeliveries()
    // Touches whose phase goes now.
    var ready: [Int] = []
    var held: [(view: Int, method: TouchMethod, uid: Int, by: [String])] = []
    for uid in changed {
      guard touches.contains(uid), let v = touches[uid].view, !touches[uid].viewDone,
        let m = Self.method(for: touches[uid].phase)
      else { continue }
      if m == .touchesCancelled {
        // The system cancelled it: whatever was held is dropped; the view hears only if it began.
        touches[uid].queue = []
        touches[uid].scrollHolds = []
        if touches[uid].beganDelivered {
          ready.append(uid)
        } else {
          touches[uid].viewDone = true
          emit(
            .drop(
              view: views[v].id, method: .touchesBegan, touches: [touches[uid].id], reason: .cancelledBeforeDelivery)
          )
        }
        continue
      }
      let heldNow = isHeld(uid, m)
      if !touches[uid].queue.isEmpty || heldNow {
        // F-7: later phases queue behind a withheld one; moves held back are coalesced into one
        // touchesMoved, delivered after the delayed touchesBegan (L21).
        if !(m == .touchesMoved && touches[uid].queue.last == .touchesMoved) { touches[uid].queue.append(m) }
        held.append((v, m, uid, heldNow ? holders(uid, m) : heldBehindBy(uid)))
      } else {
        ready.append(uid)
      }
    }
    if held.count == 1 {
      emit(
        .withhold(
          view: views[held[0].view].id, method: held[0].method, touches: [touches[held[0].uid].id], by: held[0].by))
    } else if !held.isEmpty {
      for g in group(held.map { ($0.view, $0.method, $0.uid, $0.by) }) {
        emit(.withhold(view: views[g.view].id, method: g.method, touches: g.uids.map { touches[$0].id }, by: g.by))
      }
    }
    if ready.count == 1 {
      // One touch (most events): nothing to group.
      let uid = ready[0]
      let v = touches[uid].view!
      let m = Self.method(for: touches[uid].phase)!
      if admit(v, m, uid) { deliver(v, m, CollectionOfOne(uid)) }
    } else if !ready.isEmpty {
      deliverGroups(ready.map { (touches[$0].view!, Self.method(for: touches[$0].phase)!, $0) })
    }
  }

  /// The holders of the phase at the head of a touch's queue (for phases queued behind it).
  private func heldBehindBy(_ uid: Int) -> [String] {
    guard touches.contains(uid), let head = touches[uid].queue.first else { return [] }
    return holders(uid, head)
  }

  /// Delivers whatever is no longer held, oldest phase first, until nothing more can go (F-5 to F-7).
  mutating func flushHeldDeliveries() {
    for _ in 0..<10_000 {
      var ready: [(view: Int, method: TouchMethod, uid: Int)] = []
      for i in touches.entries.indices {
        guard let v = touches[at: i].view, !touches[at: i].viewDone, let head = touches[at: i].queue.first else {
          continue
        }
        let uid = touches.entries[i].key
        if !isHeld(uid, head) {
          touches[at: i].queue.removeFirst()
          ready.append((v, head, uid))
        }
      }
      if ready.isEmpty { return }
      deliverGroups(ready)
    }
  }

  private func group(_ items: [(Int, TouchMethod, Int, [String])]) -> [(
    view: Int, method: TouchMethod, uids: [Int], by: [String]
  )] {
    var out: [(view: Int, method: TouchMethod, uids: [Int], by: [String])] = []
    for (v, m, uid, by) in items {
      if let i = out.firstIndex(where: { $0.view == v && $0.method == m && $0.by == by }) {
        out[i].uids.append(uid)
      } else {
        out.append((v, m, [uid], by))
      }
    }
    return out
  }

  /// C-3: one call per view and method with all of its touches; C-4 / C-5 decided as touchesBegan goes.
  private mutating func deliverGroups(_ items: [(view: Int, method: TouchMethod, uid: Int)]) {
    if items.count == 1 {
      let (v, m, uid) = items[0]
      if admit(v, m, uid) { deliver(v, m, CollectionOfOne(uid)) }
      return
    }
    var admitted: [(Int, TouchMethod, Int, [String])] = []
    for (v, m, uid) in items where admit(v, m, uid) { admitted.append((v, m, uid, [])) }
    for g in group(admitted) {
      deliver(g.view, g.method, g.uids)
    }
  }

  /// Whether the view gets this phase of the touch: C-4 / C-5 decided as touchesBegan goes (a refused
  /// touch is dropped for good), nothing once the view is done with the touch.
  private mutating func admit(_ v: Int, _ m: TouchMethod, _ uid: Int) -> Bool {
    if m == .touchesBegan {
      if let reason = admissionRefusal(uid, v) {
        touches[uid].viewDone = true
        touches[uid].queue = []
        emit(.drop(view: views[v].id, method: m, touches: [touches[uid].id], reason: reason))
        return false
      }
      touches[uid].beganDelivered = true
      return true
    }
    return !touches[uid].viewDone
  }

  /// C-4 multipleTouchEnabled and C-5 exclusiveTouch: a new touch the view may not get.
  private func admissionRefusal(_ uid: Int, _ v: Int) -> DropReason? {
    // Only fingers still down count: a lifted touch whose touchesEnded is held is not in the new event.
    var inThisView = false
    var elsewhere = false
    var exclusiveElsewhere = false
    for i in touches.entries.indices where touches.entries[i].key != uid {
      let phase = touches[at: i].phase
      guard phase != .ended && phase != .cancelled, touches[at: i].beganDelivered, !touches[at: i].viewDone,
        let tv = touches[at: i].view
      else { continue }
      if tv == v {
        inThisView = true
      } else {
        elsewhere = true
        if views[tv].spec.exclusiveTouch { exclusiveElsewhere = true }
      }
    }
    if !views[v].spec.multipleTouchEnabled && inThisView { return .multipleTouchEnabled }
    if views[v].spec.exclusiveTouch && elsewhere { return .exclusiveTouch }
    if exclusiveElsewhere { return .exclusiveTouch }
    return nil
  }

  /// The window sends touches* to touch.view; the view's default implementation forwards it (B-4).
  mutating func deliver(_ v: Int, _ method: TouchMethod, _ uids: some Collection<Int>) {
    for uid in uids where method == .touchesEnded || method == .touchesCancelled {
      touches[uid].viewDone = true
      touches[uid].queue = []
    }
    let first = touches[uids.first!].location
    let at = views.convertFromWindow(first, to: v) ?? first
    emit(.deliver(view: views[v].id, method: method, touches: uids.map { touches[$0].id }, at: at))
    respond(from: .view(views[v].id), view: v, method, uids)
  }

  /// Walks the responder chain from a view: a control handles and swallows (B-6); a view that does
  /// not call super stops it (B-4); the end of the chain drops it (B-5). Forwarding is decided per
  /// method (B-4a): a view or a view controller stops only the methods it overrides without super.
  /// A control's tracking lives in UIControl's own touches methods (G-8.1a): a control subclass
  /// overriding one of them without super loses that phase (and, for touchesBegan, the whole touch:
  /// tracking never starts). UIControl itself passes a moved or ended phase up the chain only when it is
  /// not tracking (B-6, B-7b).
  private mutating func respond(
    from start: ResponderID, view: Int, _ method: TouchMethod, _ uids: some Collection<Int>
  ) {
    var cur = start
    var curView: Int? = view
    for _ in 0..<(views.nodes.count * 2 + 8) {
      if let cv = curView {
        if case .controller = cur {
          // B-4a: a view controller overriding this method without super stops it at itself.
          if !views[cv].spec.controllerTouchForwarding.forwards(method) { return }
        } else {
          if !views[cv].spec.touchForwarding.forwards(method) { return }
          let wasTracking = controlStates[cv]?.touch != nil
          // C-14: a control disabled while it tracks a touch keeps tracking it (UIControl's touches
          // methods look at whether it tracks, not at isEnabled, which only hit-testing reads, A-8).
          if views[cv].isControl && (views[cv].spec.enabled || wasTracking) {
            // B-6, B-7b: UIControl calls super only for a moved or ended phase that finds it not tracking
            // (beginTracking or continueTracking answered NO, or its touchesBegan never ran): that phase
            // goes on up the chain. touchesBegan and touchesCancelled never go further.
            controlReceive(cv, method, uids)
            let forwards = !wasTracking && (method == .touchesMoved || method == .touchesEnded)
            if !forwards { return }
          }
        }
      }
      guard let (next, nextView) = nextResponder(cur, curView) else { return }
      var presenting = false
      if case .controller = cur, case .controller = next { presenting = true }  // B-2a: only a presentation
      emit(.forward(from: cur, to: next, method: method, presenting: presenting))
      cur = next
      curView = nextView
    }
  }

  /// UIResponder.next (B-1 to B-3).
  func nextResponder(_ r: ResponderID, _ v: Int?) -> (ResponderID, Int?)? {
    switch r {
    case .view:
      guard let v else { return nil }
      if let vc = views[v].spec.controller { return (.controller(vc), v) }
      return superResponder(of: v)
    case .controller:
      guard let v else { return nil }
      // B-2a (uncertain, docs/MODEL.md): a presented view controller's next responder is the view
      // controller that presented it.
      if let p = views[v].spec.presentingViewController, let pv = views.controllerView[p] {
        return (.controller(p), pv)
      }
      // B-2: a view controller's next responder is its view's superview (the window for the root).
      return superResponder(of: v)
    case .window: return (.application, nil)
    case .application: return setup.sceneHeader.appDelegateIsResponder ? (.appDelegate, nil) : nil
    case .appDelegate: return nil
    }
  }

  private func superResponder(of v: Int) -> (ResponderID, Int?) {
    if let p = views[v].parent { return (.view(views[p].id), p) }
    return (.window, nil)
  }

  /// F-2 / F-3: touches recognizing recognizers own: touchesCancelled where the view already has
  /// them; discarded (never delivered) where it does not yet (F-5). Several recognizers of one event
  /// (F-3a): each touch once, one touchesCancelled per view for all of them.
  mutating func cancelViewTouches(of owners: [Int]) {
    var cancel: [(Int, TouchMethod, Int, [String])] = []
    var lifted: [(Int, Int)] = []
    var seen: [Int] = []
    for r in owners {
      for uid in recs[r].gestureTouches where !seen.contains(uid) {
        seen.append(uid)
        cancelViewTouch(uid, by: r, cancel: &cancel, lifted: &lifted)
      }
    }
    for (v, uid) in lifted { deliver(v, .touchesCancelled, CollectionOfOne(uid)) }
    for g in group(cancel) { deliver(g.view, g.method, g.uids) }
  }

  private mutating func cancelViewTouch(
    _ uid: Int, by r: Int, cancel: inout [(Int, TouchMethod, Int, [String])], lifted: inout [(Int, Int)]
  ) {
    guard touches.contains(uid), let v = touches[uid].view, !touches[uid].viewDone else { return }
    touches[uid].queue = []
    cancelTimers { $0.touch == uid && $0.what == .contentTouchDelay }
    touches[uid].scrollHolds = []
    if touches[uid].beganDelivered && !touches[uid].isAlive {
      lifted.append((v, uid))  // from an earlier event: its own call
    } else if touches[uid].beganDelivered {
      cancel.append((v, .touchesCancelled, uid, []))
    } else {
      touches[uid].viewDone = true
      let reason: DropReason = recs[r].isScrollPan ? .scrolling : .cancelledBy(recs[r].id)
      emit(.drop(view: views[v].id, method: .touchesBegan, touches: [touches[uid].id], reason: reason))
    }
  }
}
