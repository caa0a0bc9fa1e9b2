/// A world that changes while touches are down (rules C-12 to C-15): recognizers removed from their view
/// or added to another, views removed from their superview or added to one.
///
/// Touches keep what they were given at touch-down (C-1, 1.1): their view and their recognizers. A
/// recognizer added later is not given a touch already down (C-13); a recognizer removed lets go of its
/// touches at once (C-12); a view that leaves the window has its touches cancelled by the system (C-15).
extension Simulation {
  /// C-12: `view.removeGestureRecognizer(r)`. The recognizer leaves its view and is reset to possible at
  /// once, without an action (L26): the touches it had no longer list it, so what it held for its view
  /// (delaysTouchesBegan, delaysTouchesEnded) goes now, and recognizers waiting for it to fail stop waiting.
  mutating func removeRecognizer(_ id: String) {
    guard let r = recIndex[id], recs[r].attached, !recs[r].isBuiltIn else { return }
    let v = recs[r].view
    views[v].recognizers.removeAll { $0 == r }
    recs[r].attached = false
    emit(.removeGestureRecognizer(recognizer: id, view: views[v].id, state: recs[r].machine.state))
    letGo(r)
    treeChanged()
    settle()
  }

  /// C-13 (and C-9): `view.addGestureRecognizer(r)`. Taken off the view that had it (as C-12), then put last
  /// on `view`'s list. Touches already down never get it: a touch's recognizers were collected at its
  /// touch-down (1.1).
  mutating func addRecognizer(_ id: String, to viewID: String) {
    guard let r = recIndex[id], !recs[r].isBuiltIn, let v = view(viewID) else { return }
    if recs[r].attached {
      let old = recs[r].view
      views[old].recognizers.removeAll { $0 == r }
      recs[r].attached = false
      if old != v || isInvolved(r) {
        emit(.removeGestureRecognizer(recognizer: id, view: views[old].id, state: recs[r].machine.state))
      }
      letGo(r)
    }
    recs[r].view = v
    recs[r].indexOnView = (views[v].recognizers.map { recs[$0].indexOnView }.max() ?? -1) + 1
    recs[r].attached = true
    views[v].recognizers.append(r)
    emit(.addGestureRecognizer(recognizer: id, view: viewID))
    treeChanged()
    settle()
  }

  /// C-15: `view.removeFromSuperview()`. The touches down on the view or inside it are cancelled by the
  /// system, as one event, while the view is still in the window (their recognizers get
  /// touchesCancelled, the view and its responder chain touchesCancelled; L27); then the view leaves its
  /// superview with everything inside it. The root view stays (the scene file refuses to remove it).
  mutating func removeFromSuperview(_ id: String) {
    guard let v = view(id), let superview = views[v].parent else { return }
    var cancelled: [Int] = []
    for i in liveByNumber.entries.indices {
      let uid = liveByNumber[at: i]
      guard let tv = touches[uid].view, views.isDescendant(tv, of: v) else { continue }
      cancelled.append(uid)
    }
    cancelled.sort()
    emit(.removeFromSuperview(view: id, superview: views[superview].id, cancels: cancelled.map { touches[$0].id }))
    if !cancelled.isEmpty {
      dispatch(ArraySlice(cancelled.map { ScriptStep(t: now, .cancel(touch: touches[$0].id)) }))
    }
    // Phases still held for a lifted touch of that view are never delivered: the view has left.
    for i in touches.entries.indices {
      if let tv = touches[at: i].view, views.isDescendant(tv, of: v) {
        touches[at: i].queue = []
        touches[at: i].viewDone = true
      }
    }
    views.detach(v)
    treeChanged()
    settle()
  }

  /// C-15: `superview.addSubview(view)`: the view (out of the window, or moved from another superview in
  /// it) becomes the front-most subview of `superview`. Touches already down keep their views (C-1); new
  /// touches can hit it. Nothing is cancelled when a view moves within the window.
  mutating func addSubview(_ id: String, to superviewID: String) {
    guard let v = view(id), let p = view(superviewID), v != 0, !views.isDescendant(p, of: v) else { return }
    views.attach(v, to: p)
    emit(.addSubview(view: id, superview: superviewID))
    treeChanged()
  }

  /// Recognizer `r` lets go of everything (C-12): off every touch's list, reset to possible without an action,
  /// its timers lapsed; those waiting for it look again.
  private mutating func letGo(_ r: Int) {
    for i in touches.entries.indices where touches[at: i].recognizers.contains(r) {
      touches[at: i].recognizers.removeAll { $0 == r }
    }
    guard isInvolved(r) || recs[r].request != nil else { return }
    engage(r)
    recs[r].reset()
    refreshIndexes(r)
    noteChanged(r)
  }

  /// The tree or a view's recognizers changed: the processing order (E-6.6) and the recognizer counts per
  /// subtree are worked out again.
  private mutating func treeChanged() {
    rankRecognizers()
    var counts = views.nodes.map(\.recognizers.count)
    // Every view after its superview: a walk from each view without a superview (the root, and views out
    // of the window).
    var order: [Int] = []
    for top in views.nodes.indices where views[top].parent == nil {
      var stack = [top]
      while let k = stack.popLast() {
        order.append(k)
        var c = views[k].firstChild
        while let x = c {
          stack.append(x)
          c = views[x].nextSibling
        }
      }
    }
    for v in order.reversed() {
      if let p = views[v].parent { counts[p] += counts[v] }
    }
    recognizersInSubtree = counts
  }
}
