/// Delivery to touch.view and along the responder chain (rules F, B, C-3 to C-5).
extension Engine {
  /// Who holds back `method` for touch `uid` now: recognizers with delaysTouchesBegan still undecided
  /// (F-5), with delaysTouchesEnded still undecided when it is touchesEnded (F-6), and scroll views
  /// delaying content touches (H-1). Recognizers that never received the touch do not count (F-8).
  func holders(_ uid: Int, _ method: TouchMethod) -> [String] {
    guard let t = touches[uid] else { return [] }
    var by: [String] = []
    for r in t.recognizers where recs[r].isUndecided {
      if recs[r].spec.delaysTouchesBegan || (method == .touchesEnded && recs[r].spec.delaysTouchesEnded) {
        by.append(recs[r].id)
      }
    }
    for s in t.scrollHolds { by.append(views[s].id) }
    return by
  }

  /// The view part of one event: each changed touch's phase goes to touch.view now, or is withheld.
  func deliverEvent(_ changed: [Int]) {
    // What was held and is free now goes first (e.g. a quick tap in a scroll view: touchesBegan,
    // released at touch-up, then touchesEnded back to back, H-3).
    flushHeldDeliveries()
    var ready: [(view: Int, method: TouchMethod, uid: Int)] = []
    var held: [(view: Int, method: TouchMethod, uid: Int, by: [String])] = []
    for uid in changed {
      guard let t = touches[uid], let v = t.view, !t.viewDone, let m = Self.method(for: t.phase) else { continue }
      if m == .touchesCancelled {
        // The system cancelled it: whatever was held is dropped; the view hears only if it began.
        touches[uid]!.queue = []
        touches[uid]!.scrollHolds = []
        if t.beganDelivered {
          ready.append((v, m, uid))
        } else {
          touches[uid]!.viewDone = true
          emit(.drop(view: views[v].id, method: .touchesBegan, touches: [t.id], reason: "cancelled before delivery"))
        }
        continue
      }
      let by = holders(uid, m)
      if !t.queue.isEmpty || !by.isEmpty {
        // F-7: later phases queue behind a withheld one; moves held back are coalesced into one
        // touchesMoved, delivered after the delayed touchesBegan (L21).
        if !(m == .touchesMoved && t.queue.last == .touchesMoved) { touches[uid]!.queue.append(m) }
        held.append((v, m, uid, by.isEmpty ? heldBehindBy(uid) : by))
      } else {
        ready.append((v, m, uid))
      }
    }
    for g in group(held.map { ($0.view, $0.method, $0.uid, $0.by) }) {
      emit(.withhold(view: views[g.view].id, method: g.method, touches: g.uids.map { touches[$0]!.id }, by: g.by))
    }
    deliverGroups(ready)
  }

  /// The holders of the phase at the head of a touch's queue (for phases queued behind it).
  private func heldBehindBy(_ uid: Int) -> [String] {
    guard let head = touches[uid]?.queue.first else { return [] }
    return holders(uid, head)
  }

  /// Delivers whatever is no longer held, oldest phase first, until nothing more can go (F-5 to F-7).
  func flushHeldDeliveries() {
    for _ in 0..<10_000 {
      var ready: [(view: Int, method: TouchMethod, uid: Int)] = []
      for uid in touches.keys.sorted() {
        let t = touches[uid]!
        guard let v = t.view, !t.viewDone, let head = t.queue.first else { continue }
        if holders(uid, head).isEmpty {
          touches[uid]!.queue.removeFirst()
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
  private func deliverGroups(_ items: [(view: Int, method: TouchMethod, uid: Int)]) {
    var admitted: [(Int, TouchMethod, Int, [String])] = []
    for (v, m, uid) in items {
      if m == .touchesBegan {
        if let reason = admissionRefusal(uid, v) {
          touches[uid]!.viewDone = true
          touches[uid]!.queue = []
          emit(.drop(view: views[v].id, method: m, touches: [touches[uid]!.id], reason: reason))
          continue
        }
        touches[uid]!.beganDelivered = true
      } else if touches[uid]!.viewDone {
        continue
      }
      admitted.append((v, m, uid, []))
    }
    for g in group(admitted) {
      deliver(g.view, g.method, g.uids)
    }
  }

  /// C-4 multipleTouchEnabled and C-5 exclusiveTouch: a new touch the view may not get.
  private func admissionRefusal(_ uid: Int, _ v: Int) -> String? {
    // Only fingers still down count: a lifted touch whose touchesEnded is held is not in the new event.
    let tracking = touches.filter {
      $0.key != uid && $0.value.isAlive && $0.value.isTrackedByView && $0.value.view != nil
    }
    if !views[v].spec.multipleTouchEnabled && tracking.contains(where: { $0.value.view == v }) {
      return "multipleTouchEnabled"
    }
    let elsewhere = tracking.filter { $0.value.view != v }
    if views[v].spec.exclusiveTouch && !elsewhere.isEmpty { return "exclusiveTouch" }
    if elsewhere.contains(where: { views[$0.value.view!].spec.exclusiveTouch }) { return "exclusiveTouch" }
    return nil
  }

  /// The window sends touches* to touch.view; the view's default implementation forwards it (B-4).
  func deliver(_ v: Int, _ method: TouchMethod, _ uids: [Int]) {
    for uid in uids where method == .touchesEnded || method == .touchesCancelled {
      touches[uid]!.viewDone = true
      touches[uid]!.queue = []
    }
    let first = touches[uids[0]]!
    let at = views.convertFromWindow(first.location, to: v) ?? first.location
    emit(.deliver(view: views[v].id, method: method, touches: uids.map { touches[$0]!.id }, at: at))
    respond(from: .view(views[v].id), view: v, method, uids)
  }

  /// Walks the responder chain from a view: a control handles and swallows (B-6); a view that does
  /// not call super stops it (B-4); the end of the chain drops it (B-5).
  private func respond(from start: ResponderID, view: Int, _ method: TouchMethod, _ uids: [Int]) {
    var cur = start
    var curView: Int? = view
    for _ in 0..<(views.nodes.count * 2 + 8) {
      if let cv = curView {
        if views[cv].isControl && views[cv].spec.enabled {
          controlReceive(cv, method, uids)
          return
        }
        if !views[cv].spec.forwardsTouches { return }
      }
      guard let (next, nextView) = nextResponder(cur, curView) else { return }
      emit(.forward(from: cur, to: next, method: method))
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
      // B-2: a view controller's next responder is its view's superview (the window for the root).
      guard let v else { return nil }
      return superResponder(of: v)
    case .window: return (.application, nil)
    case .application: return sceneHeader.appDelegateIsResponder ? (.appDelegate, nil) : nil
    case .appDelegate: return nil
    }
  }

  private func superResponder(of v: Int) -> (ResponderID, Int?) {
    if let p = views[v].parent { return (.view(views[p].id), p) }
    return (.window, nil)
  }

  /// F-2 / F-3: touches a recognizing recognizer owns: touchesCancelled where the view already has
  /// them; discarded (never delivered) where it does not yet (F-5).
  func cancelViewTouches(of r: Int) {
    var cancel: [(Int, TouchMethod, Int, [String])] = []
    var lifted: [(Int, Int)] = []
    for uid in recs[r].gestureTouches {
      guard let t = touches[uid], let v = t.view, !t.viewDone else { continue }
      touches[uid]!.queue = []
      cancelTimers { $0.touch == uid && $0.what == "contentTouchDelay" }
      touches[uid]!.scrollHolds = []
      if t.beganDelivered && !t.isAlive {
        lifted.append((v, uid))  // from an earlier event: its own call
      } else if t.beganDelivered {
        cancel.append((v, .touchesCancelled, uid, []))
      } else {
        touches[uid]!.viewDone = true
        let reason = recs[r].isScrollPan ? "scrolling" : "cancelled by \(recs[r].id) before delivery"
        emit(.drop(view: views[v].id, method: .touchesBegan, touches: [t.id], reason: reason))
      }
    }
    for (v, uid) in lifted { deliver(v, .touchesCancelled, [uid]) }
    for g in group(cancel) { deliver(g.view, g.method, g.uids) }
  }
}
