/// UIScrollView (section 9): the content-touch delay, touchesShouldBegin / touchesShouldCancel, and
/// its pan scrolling the content.
extension Simulation {
  /// Which axes can scroll: content larger than the scroll view's bounds.
  func scrollableAxes(_ s: Int) -> (Bool, Bool) {
    let spec = views[s].spec
    guard let sc = spec.scroll else { return (false, false) }
    return (sc.contentSize.width > spec.bounds.width, sc.contentSize.height > spec.bounds.height)
  }

  /// At touch-down: each scroll view containing touch.view delays it (H-1) or asks at once (H-5).
  mutating func startScrollDelays(_ uid: Int) {
    guard touches.contains(uid), let v = touches[uid].view else { return }
    var ancestor = views[v].parent
    while let s = ancestor {
      ancestor = views[s].parent
      guard views[s].isScroll, let sc = views[s].spec.scroll else { continue }
      if sc.delaysContentTouches {
        touches[uid].scrollHolds.append(s)
        schedule(.contentTouchDelay, owner: nil, scrollView: s, touch: uid, after: constants.contentTouchDelay)
      } else if !askTouchesShouldBegin(s, v) {
        dropForView(uid, reason: .touchesShouldBegin)
        return
      }
    }
  }

  /// touchesShouldBegin(_:with:in:) (H-2, H-5; default YES, H-7).
  mutating func askTouchesShouldBegin(_ s: Int, _ v: Int) -> Bool {
    guard let sc = views[s].spec.scroll else { return true }
    let yes =
      sc.touchesShouldBeginExcept.contains(views[v].id) ? !sc.touchesShouldBeginDefault : sc.touchesShouldBeginDefault
    emit(.ask(of: views[s].id, question: .touchesShouldBegin, other: nil, view: views[v].id, answer: yes))
    return yes
  }

  /// touchesShouldCancel(in:) (H-6; default NO for controls, YES otherwise, H-7).
  mutating func askTouchesShouldCancel(_ s: Int, _ v: Int) -> Bool {
    guard let sc = views[s].spec.scroll else { return true }
    let base = views[v].isControl ? sc.touchesShouldCancelControls : sc.touchesShouldCancelOthers
    let yes = sc.touchesShouldCancelExcept.contains(views[v].id) ? !base : base
    emit(.ask(of: views[s].id, question: .touchesShouldCancel, other: nil, view: views[v].id, answer: yes))
    return yes
  }

  /// The content-touch delay ran out with the finger still down (H-2).
  mutating func contentDelayExpired(_ s: Int, _ uid: Int) {
    guard let t = touches.value(for: uid), t.isAlive, t.scrollHolds.contains(s), let v = t.view else { return }
    emit(.timer(what: TimerKind.contentTouchDelay.rawValue, owner: views[s].id))
    if askTouchesShouldBegin(s, v) {
      touches[uid].scrollHolds.removeAll { $0 == s }
    } else {
      dropForView(uid, reason: .touchesShouldBegin)
    }
    settle()
  }

  /// The touch lifted while still delayed: touchesShouldBegin is asked now (H-3).
  mutating func releaseScrollHoldsAtEnd(_ uid: Int) {
    guard touches.contains(uid), !touches[uid].scrollHolds.isEmpty, let v = touches[uid].view else { return }
    cancelTimers { $0.touch == uid && $0.what == .contentTouchDelay }
    if touches[uid].phase == .cancelled {
      touches[uid].scrollHolds = []
      return
    }
    for s in touches[uid].scrollHolds {
      if !askTouchesShouldBegin(s, v) {
        dropForView(uid, reason: .touchesShouldBegin)
        return
      }
    }
    touches[uid].scrollHolds = []
  }

  /// The view never gets this touch.
  mutating func dropForView(_ uid: Int, reason: DropReason) {
    guard let t = touches.value(for: uid), let v = t.view, !t.viewDone, !t.beganDelivered else { return }
    touches[uid].viewDone = true
    touches[uid].queue = []
    touches[uid].scrollHolds = []
    cancelTimers { $0.touch == uid && $0.what == .contentTouchDelay }
    emit(.drop(view: views[v].id, method: .touchesBegan, touches: [t.id], reason: reason))
  }

  /// H-6: before the scroll view's pan begins while content tracks the touch.
  mutating func scrollPanContentVeto(_ r: Int) -> StateReason? {
    let s = recs[r].view
    guard let sc = views[s].spec.scroll else { return nil }
    for uid in recs[r].gestureTouches {
      guard let t = touches.value(for: uid), t.isTrackedByView, let v = t.view, v != s, views.isDescendant(v, of: s)
      else {
        continue
      }
      if !sc.canCancelContentTouches {
        return .contentTracksTouch(view: views[v].id)
      }
      if !askTouchesShouldCancel(s, v) { return .contentRefusedCancel(view: views[v].id) }
    }
    return nil
  }

  /// The content follows the pan: contentOffset = start − (translation from touch-down less the begin
  /// threshold, on each scrollable axis: H-11, a 109 pt drag scrolls 99 pt), within the content (no bounce).
  mutating func scrollFollow(_ r: Int) {
    let s = recs[r].view
    guard let sc = views[s].spec.scroll else { return }
    let (canX, canY) = scrollableAxes(s)
    let slack = recs[r].data.scrollSlack
    func less(_ v: Double) -> Double { v > 0 ? max(v - slack, 0) : min(v + slack, 0) }
    let raw = vectorInView(panTranslation(r), s)
    let tr = Point(less(raw.x), less(raw.y))
    let b = views[s].spec.bounds
    let start = recs[r].data.startOffset
    var o = start
    if canX { o.x = min(max(start.x - tr.x, 0), sc.contentSize.width - b.width) }
    if canY { o.y = min(max(start.y - tr.y, 0), sc.contentSize.height - b.height) }
    if o != b.origin {
      views[s].spec.bounds.origin = o
      emit(.scroll(view: views[s].id, contentOffset: o))
    }
  }
}
