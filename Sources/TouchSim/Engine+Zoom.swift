import Geometry

/// What a scroll view's pinch keeps besides a pinch's (rule H-18).
struct ZoomData {
  /// The zoom scale as the pinch began.
  var startZoom: Double = 1
  /// The point of the unscaled zoom view under the pinch's centre as it began.
  var zoomAnchor: Point = .zero
}

/// UIScrollView zooming (rule H-18): its own pinch recognizer scales the delegate's `viewForZooming(in:)`.
///
/// The recognizer (`SCROLLID.pinch`) exists while `minimumZoomScale` and `maximumZoomScale` differ, and is an
/// ordinary pinch for everything else (thresholds L10, exclusion E-6.1: a pinch of the content, deeper, is
/// processed first and wins a tie). While it changes, the zoom view gets a scale transform with its frame at
/// the content's origin, the content size follows the scaled frame, and the offset keeps the point under the
/// fingers' centre in place (within the offset range). With `bouncesZoom` the scale may pass the limits and
/// springs back to the nearest one as the pinch ends, about the middle of the visible bounds; without it, it
/// stops at them. Each change is one `zoom` trace line.
extension Simulation {
  /// The scroll view's zoom view: the subview its `zoomView` names (nil when there is none, or it is not a
  /// direct subview: UIKit scales what the delegate returns, which is in practice a subview).
  func zoomViewIndex(_ s: Int) -> Int? {
    guard let id = views[s].spec.scroll?.zoomView, let z = view(id), views[z].parent == s else { return nil }
    return z
  }

  /// The pinch began or changed: the zoom follows its scale.
  mutating func zoomFollow(_ r: Int, began: Bool) {
    let s = recs[r].view
    guard let sc = views[s].spec.scroll, let zv = zoomViewIndex(s), recs[r].touches.count == 2 else { return }
    let c = centroid(recs[r].touches)
    guard let inScroll = views.convertFromWindow(c, to: s), let inZoom = views.convertFromWindow(c, to: zv) else {
      return
    }
    if began {
      recs[r].data.zoom.startZoom = sc.zoomScale
      // The point of the unscaled zoom view under the centre (its own coordinates, from its bounds' origin).
      recs[r].data.zoom.zoomAnchor = inZoom - views[zv].spec.bounds.origin
    }
    var z = recs[r].data.zoom.startZoom * recs[r].data.twoFinger.scale
    if !sc.bouncesZoom { z = min(max(z, sc.minimumZoomScale), sc.maximumZoomScale) }
    guard z.isFinite, z > 0 else { return }
    // Where the centre is in the visible bounds now; the anchor, scaled, goes under it.
    let visible = inScroll - views[s].spec.bounds.origin
    applyZoom(s, zv, scale: z, offset: recs[r].data.zoom.zoomAnchor * z - visible, settle: nil)
  }

  /// The pinch ended or was cancelled: a scale past a limit springs back to it (`bouncesZoom`), keeping the
  /// middle of the visible bounds in place.
  mutating func zoomSettle(_ r: Int) {
    let s = recs[r].view
    guard let sc = views[s].spec.scroll, let zv = zoomViewIndex(s) else { return }
    let z = sc.zoomScale
    let back = min(max(z, sc.minimumZoomScale), sc.maximumZoomScale)
    guard back != z, z > 0 else { return }
    let b = views[s].spec.bounds
    let half = Point(b.width / 2, b.height / 2)
    let middle = b.origin + half
    applyZoom(s, zv, scale: back, offset: middle * (back / z) - half, settle: .bounce)
  }

  /// Scales zoom view `zv` of scroll view `s` by `scale` (H-18): the zoom view's transform and centre, the
  /// content size and the offset (`offset`, kept within the new range), traced as one `zoom` line.
  private mutating func applyZoom(_ s: Int, _ zv: Int, scale: Double, offset: Point, settle: TraceEvent.ScrollSettle?) {
    let zoomed = ScrollSpec.zoomed(size: views[zv].spec.bounds.size, scale: scale)
    var content = views[zv].spec
    content.center = zoomed.center
    content.transform = zoomed.transform
    views[zv].spec = content
    var spec = views[s].spec
    spec.scroll?.zoomScale = scale
    spec.scroll?.contentSize = zoomed.contentSize
    guard let range = spec.scroll?.offsetRange(bounds: spec.bounds.size) else { return }
    let o = Point(
      min(max(offset.x, range.x.lowerBound), range.x.upperBound),
      min(max(offset.y, range.y.lowerBound), range.y.upperBound))
    spec.bounds.origin = o
    views[s].spec = spec
    emit(
      .zoom(
        view: views[s].id, zoomView: views[zv].id, zoomScale: scale, contentSize: zoomed.contentSize, contentOffset: o,
        settle: settle))
  }
}
