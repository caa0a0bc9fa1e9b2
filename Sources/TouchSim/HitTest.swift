/// Hit-testing, rules: each visit is traced with its result.
extension Engine {
  /// `window.hitTest(point)`: walks from the root view and returns touch.view (nil: nothing hit).
  func hitTest(windowPoint p: Point) -> Int? {
    hitTest(view: 0, point: p)
  }

  /// UIView.hitTest(_:with:) for view `v`, `p` in its superview's coordinates.
  private func hitTest(view v: Int, point superPoint: Point) -> Int? {
    let node = views[v]
    let s = node.spec
    // Outside any finite coordinate space (a zero scale): the view cannot contain the point.
    guard let p = views.fromSuperview(superPoint, into: v) else {
      emit(.hitTest(view: s.id, at: superPoint, result: .outside))
      return nil
    }
    // hidden, no interaction or alpha < 0.01 → nil, and the subtree is never asked.
    if s.hidden { return skip(s.id, p, .hidden) }
    if !s.userInteractionEnabled { return skip(s.id, p, .noInteraction) }
    // strictly less than 0.01 (Apple doc, decompiled _UIViewIgnoresTouchEvents), compared as UIKit
    // stores it: CALayer.opacity is a Float, so an alpha of 0.01 reads back as 0.0099999998 (L1).
    if Double(Float(s.alpha)) < 0.01 { return skip(s.id, p, .alpha) }
    // A-8: -[UIControl hitTest:] returns nil when the control is not enabled.
    if node.isControl && !s.enabled { return skip(s.id, p, .disabled) }
    // point(inside:) is bounds.contains, grown by hitOutset. A-5: a point outside the
    // bounds never reaches the subviews, whatever clipsToBounds says.
    if !s.bounds.insetBy(-s.hitOutset).contains(p) { return skip(s.id, p, .outside) }
    // A passThrough leaf can say so at once; one with subviews reports after they were asked.
    if s.passThrough && node.children.isEmpty { return skip(s.id, p, .passThrough) }
    emit(.hitTest(view: s.id, at: p, result: .inside))
    // subviews in reverse order, the front-most (last added) first.
    for c in node.children.reversed() {
      if let hit = hitTest(view: c, point: p) { return hit }
    }
    // hitTest overridden to return nil where the default would return self.
    if s.passThrough { return skip(s.id, p, .passThrough) }
    return v
  }

  private func skip(_ id: String, _ p: Point, _ why: TraceEvent.HitResult) -> Int? {
    emit(.hitTest(view: id, at: p, result: why))
    return nil
  }
}
