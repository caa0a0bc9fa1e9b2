import Geometry

/// What a scroll view's pan keeps besides a pan's.
struct ScrollPanData {
  /// The scroll view's contentOffset when its pan began.
  var startOffset: Point = .zero
  /// The travel a scroll view's pan does not scroll by (H-11): the threshold it passed to begin, in the
  /// direction the finger had gone when it began, per axis (an axis that had gone less keeps what it had
  /// gone), set once; the offset then follows every point of travel after it, reversals included.
  var scrollSlack: Point = .zero
  /// The axis a scroll view's drag locked to as it began (H-16).
  var scrollLock: ScrollLock = .none
}

/// UIScrollView (section 9): the content-touch delay, touchesShouldBegin / touchesShouldCancel, and
/// its pan scrolling the content.
extension Simulation {
  /// Which axes can scroll: content (with its insets, H-15) larger than the scroll view's bounds (H-8), or
  /// an axis that always bounces while `bounces` is on (H-13).
  func scrollableAxes(_ s: Int) -> (Bool, Bool) {
    let spec = views[s].spec
    guard let sc = spec.scroll else { return (false, false) }
    let inset = sc.contentInset
    let wider = sc.contentSize.width + inset.left + inset.right > spec.bounds.width
    let taller = sc.contentSize.height + inset.top + inset.bottom > spec.bounds.height
    return (wider || (sc.bounces && sc.alwaysBounceHorizontal), taller || (sc.bounces && sc.alwaysBounceVertical))
  }

  /// H-17: a scroll view's pan about to begin leaves the drag to the scroll view around it when its content
  /// already rests at an edge of an axis and the finger pulls past that edge (down at the top, up at the
  /// bottom, and so on), the drag is not its own along the other axis, the outer scroll view's pan has the
  /// same touch and can scroll along that axis, and `transfers…ScrollingToParent` is on (the default). The
  /// outer scroll view and the side, or nil when the pan begins as usual. Decided once, as the pan would
  /// begin: a drag that began scrolling the inner content keeps it past the edge (it bounces).
  func scrollTransfer(
    _ r: Int, translation tr: Point, canX: Bool, canY: Bool
  ) -> (Int, StateReason.Edge)? {
    let s = recs[r].view
    guard let sc = views[s].spec.scroll else { return nil }
    // The nearest scroll view around this one whose pan has one of this pan's touches.
    guard
      let outer = recs.indices.filter({ o in
        o != r && recs[o].isScrollPan && recs[o].machine.state == .possible && views.isDescendant(s, of: recs[o].view)
          && recs[o].touches.contains(where: recs[r].touches.contains)
      }).max(by: { views[recs[$0].view].depth < views[recs[$1].view].depth })
    else { return nil }
    let parent = recs[outer].view
    let (outerX, outerY) = scrollableAxes(parent)
    let range = sc.offsetRange(bounds: views[s].spec.bounds.size)
    let offset = views[s].spec.bounds.origin
    let h = constants.scrollHysteresis
    if sc.transfersVerticalScrollingToParent && outerY && !(canX && abs(tr.x) >= h) {
      if tr.y >= h && offset.y <= range.y.lowerBound { return (parent, .top) }
      if tr.y <= -h && offset.y >= range.y.upperBound { return (parent, .bottom) }
    }
    if sc.transfersHorizontalScrollingToParent && outerX && !(canY && abs(tr.y) >= h) {
      if tr.x >= h && offset.x <= range.x.lowerBound { return (parent, .left) }
      if tr.x <= -h && offset.x >= range.x.upperBound { return (parent, .right) }
    }
    return nil
  }

  /// Where a drag puts the offset along one axis: `raw` inside the range; past an edge, at the edge when
  /// `bounces` is off, else past it with the rubber band's resistance (H-12).
  func rubberBanded(_ raw: Double, _ range: ClosedRange<Double>, size d: Double, bounces: Bool) -> Double {
    func band(_ x: Double) -> Double {
      guard d > 0, x > 0 else { return 0 }
      return (1 - 1 / (x * constants.rubberBandCoefficient / d + 1)) * d
    }
    if raw < range.lowerBound { return bounces ? range.lowerBound - band(range.lowerBound - raw) : range.lowerBound }
    if raw > range.upperBound { return bounces ? range.upperBound + band(raw - range.upperBound) : range.upperBound }
    return raw
  }

  /// Where a paging scroll view comes to rest along one axis (H-14): the nearest multiple of the page size,
  /// or the next one in the direction of a flick at least `pagingFlickVelocity` fast (`velocity` is the
  /// finger's, so a finger moving left or up goes on to a later page), kept within the range.
  func pageOffset(_ o: Double, velocity: Double, page p: Double, _ range: ClosedRange<Double>) -> Double {
    guard p > 0 else { return min(max(o, range.lowerBound), range.upperBound) }
    let k: Double
    if velocity <= -constants.pagingFlickVelocity {
      k = (o / p).rounded(.up)
    } else if velocity >= constants.pagingFlickVelocity {
      k = (o / p).rounded(.down)
    } else {
      k = (o / p).rounded()
    }
    return min(max(k * p, range.lowerBound), range.upperBound)
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
  /// threshold, on each scrollable axis: H-11, a 109 pt drag scrolls 99 pt), within the offset range (H-15),
  /// past its edges with the rubber band when `bounces` is on (H-12), along one axis only when the drag
  /// locked to it (H-16).
  mutating func scrollFollow(_ r: Int) {
    let s = recs[r].view
    guard let sc = views[s].spec.scroll else { return }
    var (canX, canY) = scrollableAxes(s)
    switch recs[r].data.scroll.scrollLock {
    case .horizontal: canY = false
    case .vertical: canX = false
    case .none: break
    }
    let tr = vectorInView(panTranslation(r), s) - recs[r].data.scroll.scrollSlack
    let b = views[s].spec.bounds
    let range = sc.offsetRange(bounds: b.size)
    let start = recs[r].data.scroll.startOffset
    var o = start
    if canX { o.x = rubberBanded(start.x - tr.x, range.x, size: b.width, bounces: sc.bounces) }
    if canY { o.y = rubberBanded(start.y - tr.y, range.y, size: b.height, bounces: sc.bounces) }
    if o != b.origin {
      views[s].spec.bounds.origin = o
      emit(.scroll(view: views[s].id, contentOffset: o))
    }
  }

  /// H-16: as the pan begins, a scroll view with `isDirectionalLockEnabled` that can scroll both ways locks
  /// the drag to the axis it went mostly along (`directionalLockRatio`); a diagonal start locks nothing.
  func directionalLock(_ r: Int) -> ScrollLock {
    let s = recs[r].view
    guard let sc = views[s].spec.scroll, sc.isDirectionalLockEnabled else { return .none }
    let (canX, canY) = scrollableAxes(s)
    guard canX && canY else { return .none }
    let t = vectorInView(panTranslation(r), s)
    guard t.x != 0 || t.y != 0 else { return .none }
    let ratio = constants.directionalLockRatio
    if abs(t.x) >= ratio * abs(t.y) { return .horizontal }
    if abs(t.y) >= ratio * abs(t.x) { return .vertical }
    return .none
  }

  /// As the scroll view's pan ends or is cancelled, the offset comes to rest (deceleration is not
  /// modelled): on a page with `isPagingEnabled` (H-14), else back inside its range if a bouncing drag
  /// left it past an edge (H-12). The move is one `scroll` line with `settle`, at the same time.
  mutating func scrollSettle(_ r: Int) {
    let s = recs[r].view
    guard let sc = views[s].spec.scroll else { return }
    let b = views[s].spec.bounds
    let range = sc.offsetRange(bounds: b.size)
    var o = b.origin
    let why: TraceEvent.ScrollSettle
    if sc.isPagingEnabled {
      var (canX, canY) = scrollableAxes(s)
      switch recs[r].data.scroll.scrollLock {
      case .horizontal: canY = false
      case .vertical: canX = false
      case .none: break
      }
      // A finger that rested before lifting is not flicking (L24).
      let resting = now - recs[r].data.lastTime > constants.pagingFlickWindow
      let v = resting ? Point.zero : vectorInView(recs[r].data.velocity, s)
      if canX { o.x = pageOffset(o.x, velocity: v.x, page: b.width, range.x) }
      if canY { o.y = pageOffset(o.y, velocity: v.y, page: b.height, range.y) }
      why = .page
    } else {
      o = Point(
        min(max(o.x, range.x.lowerBound), range.x.upperBound), min(max(o.y, range.y.lowerBound), range.y.upperBound))
      why = .bounce
    }
    if o != b.origin {
      views[s].spec.bounds.origin = o
      emit(.scroll(view: views[s].id, contentOffset: o, settle: why))
    }
  }
}
