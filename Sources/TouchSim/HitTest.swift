import Geometry

/// Hit-testing, rules: each visit is recorded with its result.
///
/// One walk serves the engine at touch-down (the visits go into its trace) and `Engine.hitTest(at:visits:)`.
extension ViewTree {
  /// `window.hitTest(point)`: walks from the root view and returns touch.view (nil: nothing hit). Every
  /// visit is appended to `visits` as its `hitTest` trace entry at time `time`.
  func hitTest(windowPoint p: Point, time: Double, visits: inout [TraceEntry]) -> Int? {
    let start = visits.count
    let hit = hitTest(view: 0, point: p, time: time, visits: &visits)
    WorkMeter.add(visits.count - start)
    return hit
  }

  /// UIView.hitTest(_:with:) for view `v`, `p` in its superview's coordinates.
  private func hitTest(view v: Int, point superPoint: Point, time: Double, visits: inout [TraceEntry]) -> Int? {
    // Outside any finite coordinate space (a zero scale): the view cannot contain the point.
    guard let inverse = nodes[v].fromSuperview else {
      visits.append(TraceEntry(t: time, event: .hitTest(view: nodes[v].spec.id, at: superPoint, result: .outside)))
      return nil
    }
    let p = inverse.apply(superPoint)
    func visit(_ result: TraceEvent.HitResult) {
      visits.append(TraceEntry(t: time, event: .hitTest(view: nodes[v].spec.id, at: p, result: result)))
    }
    // hidden, no interaction or alpha < 0.01, a disabled control → nil, and the subtree
    // is never asked. Worked out when the view's properties change (`ViewNode.hitSkip`).
    if let why = nodes[v].hitSkip {
      visit(why)
      return nil
    }
    // an overridden hitTest answers for its regions before anything else (even outside the view's
    // own point(inside:) shape); what it returns is the branch's result, not hit-tested again. A-13: an entry
    // may count only while a flag is set, or replace only super's answer `self`.
    if !nodes[v].spec.hitTestOverrides.isEmpty, let entry = overrideEntry(v, p) {
      let o = nodes[v].spec.hitTestOverrides[entry]
      if !o.mapsSuper {
        let answer = resolve(o.returns, v)
        visits.append(
          TraceEntry(t: time, event: .hitTestOverride(view: nodes[v].id, at: p, returned: answer.map { nodes[$0].id })))
        return answer
      }
      // `let hit = super.hitTest(p); return hit == self ? returns : hit`: the walk as usual, then the swap.
      let hit = defaultHitTest(v, p, time: time, visits: &visits)
      guard hit == v else { return hit }
      let answer = resolve(o.returns, v)
      visits.append(
        TraceEntry(t: time, event: .hitTestOverride(view: nodes[v].id, at: p, returned: answer.map { nodes[$0].id })))
      return answer
    }
    return defaultHitTest(v, p, time: time, visits: &visits)
  }

  /// The rest of UIView.hitTest(_:with:) for view `v` (what `super.hitTest` does once `v` is not skipped), `p`
  /// in its own coordinates: point(inside:), then the subviews front-most first.
  private func defaultHitTest(_ v: Int, _ p: Point, time: Double, visits: inout [TraceEntry]) -> Int? {
    func visit(_ result: TraceEvent.HitResult) {
      visits.append(TraceEntry(t: time, event: .hitTest(view: nodes[v].spec.id, at: p, result: result)))
    }
    // point(inside:) is bounds.contains, grown by hitOutset (A-12: or the overriding shape).
    // a point outside it never reaches the subviews, whatever clipsToBounds says.
    if !(nodes[v].spec.pointInside.map { $0.contains(p) } ?? nodes[v].hitArea.contains(p)) {
      visit(.outside)
      return nil
    }
    let passThrough = nodes[v].spec.passThrough
    // A passThrough leaf can say so at once; one with subviews reports after they were asked.
    if passThrough && nodes[v].lastChild == nil {
      visit(.passThrough)
      return nil
    }
    visit(.inside)
    // subviews in reverse order, the front-most (last added) first.
    var child = nodes[v].lastChild
    while let k = child {
      if let hit = hitTest(view: k, point: p, time: time, visits: &visits) { return hit }
      child = nodes[k].previousSibling
    }
    // hitTest overridden to return nil where the default would return self.
    if passThrough {
      visit(.passThrough)
      return nil
    }
    return v
  }

  /// The index of view `v`'s hitTest override entry that decides for `p` (own coordinates): the first whose
  /// region holds the point among those active now (rules A-12, A-13); nil when none does.
  private func overrideEntry(_ v: Int, _ p: Point) -> Int? {
    let spec = nodes[v].spec
    return spec.hitTestOverrides.firstIndex { $0.isActive(spec.flags) && $0.rect.contains(p) }
  }

  /// What an override entry of view `v` returns: the view itself, nothing, or the view with that id.
  private func resolve(_ answer: HitTestOverride.Answer, _ v: Int) -> Int? {
    switch answer {
    case .this: return v
    case .none: return nil
    case .view(let id): return index[id]
    }
  }
}
