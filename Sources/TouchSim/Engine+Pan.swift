import Geometry

/// What a pan (an edge pan, a scroll view's pan) keeps while it tracks.
struct PanData {
  /// The centroid the translation is measured from.
  var origin: Point = .zero
  /// Translation carried over when the touch set changes.
  var translationBase: Point = .zero
}

/// Pan, screen-edge pan and UIScrollView's pan: continuous; 10 pt hysteresis (section 10, H-8).
///
/// What this kind of recognizer does with the touches it receives (`recognizerReceive` dispatches here);
/// it only requests transitions, which the arbiter decides (`Engine+Arbitration`).
extension Simulation {
  /// Translation so far (window space): carried-over part plus the centroid's travel from the origin.
  func panTranslation(_ r: Int) -> Point {
    // Once every finger has lifted, the translation is where they lifted (kept in lastCentroid).
    let c = recs[r].touches.isEmpty ? recs[r].data.lastCentroid : centroid(recs[r].touches)
    return recs[r].data.pan.translationBase + (c - recs[r].data.pan.origin)
  }

  /// Keeps the translation continuous when fingers join or leave.
  private mutating func rebase(_ r: Int, translation: Point) {
    recs[r].data.pan.translationBase = translation
    recs[r].data.pan.origin = centroid(recs[r].touches)
    recs[r].data.lastCentroid = recs[r].data.pan.origin
  }

  /// Touches `leaving` (lifted or cancelled, already out of `touches`) left: the translation up to now,
  /// measured with them still counted, carries over to the fingers that remain.
  private mutating func rebase(_ r: Int, leaving: [Int]) {
    let tr = recs[r].data.pan.translationBase + (centroid(recs[r].touches + leaving) - recs[r].data.pan.origin)
    rebase(r, translation: tr)
  }

  mutating func panReceive(_ r: Int, _ method: TouchMethod, _ uids: [Int]) {
    switch method {
    case .touchesBegan:
      let before = recs[r].touches.filter { !uids.contains($0) }
      let translationBefore =
        before.isEmpty ? Point.zero : recs[r].data.pan.translationBase + (centroid(before) - recs[r].data.pan.origin)
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
      // Its last action reports the translation as it was, the cancelled touch still counted (as when a
      // finger lifts), not a jump to the remaining fingers' centroid.
      rebase(r, leaving: uids)
      request(r, recs[r].machine.state == .possible ? .fail : .cancel, .touchCancelled)
    case .touchesEnded, .touchesCancelled:
      if recs[r].touches.isEmpty {
        if recs[r].machine.state == .possible {
          // A scroll view's pan whose finger went far, but only along axes it cannot scroll (H-8, H-13).
          let travel = max(abs(panTranslation(r).x), abs(panTranslation(r).y))
          let offAxis = recs[r].isScrollPan && method == .touchesEnded && travel >= constants.scrollHysteresis
          // It had moved far enough and asked to begin, but still waited for a requirement (E-6.3).
          let waiting = recs[r].waitingToBegin
          request(
            r, .fail,
            method == .touchesCancelled
              ? .touchCancelled
              : !waiting.isEmpty
                ? .liftedWhileWaiting(for: waiting)
                : offAxis
                  ? .liftedWithoutScrollableTravel(distance: travel)
                  : .liftedBeforeMoving(distance: constants.panHysteresis))
        } else {
          request(
            r, method == .touchesCancelled ? .cancel : .end, method == .touchesCancelled ? .touchCancelled : .lifted)
        }
      } else {
        rebase(r, leaving: uids)
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
}
