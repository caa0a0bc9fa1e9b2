import Geometry
import TouchSim

/// A scroll view's offset coming to rest as its drag ends (rules H-12, H-14).
extension NarrationBuilder {
  func settleSentence(_ i: Int) -> [Piece] {
    guard case .scroll(let view, let offset, let settle?) = entry(i) else { return [] }
    let before = tracker.offsetBeforeSettle[i] ?? offset
    let to = Phrase.point(offset)
    let from = Phrase.point(before)
    switch settle {
    case .bounce:
      let text = language(
        "The drag of \(Phrase.code(view)) ended with its content pulled past an edge, to \(from), where the rubber band held it back (bounces is on): the offset springs back to \(to)",
        "\(Phrase.code(view)) 的拖动结束时，内容被拉过了边缘，到 \(from)，橡皮筋阻力拖住了它（bounces 开着）：偏移弹回到 \(to)")
      return [.line(index: i, text: sentence(text, ["H-12"]))]
    case .page:
      let size = scene.views[view]?.bounds.size ?? Size(0, 0)
      // The page each axis came to rest on, counted from 1, and whether that was the nearest one.
      func pageNumber(_ o: Double, _ d: Double) -> Int { d > 0 ? Int((o / d).rounded()) + 1 : 1 }
      let horizontal = before.x != offset.x || (before.y == offset.y && size.width > 0 && offset.x != 0)
      let (o, b, d) = horizontal ? (offset.x, before.x, size.width) : (offset.y, before.y, size.height)
      let page = pageNumber(o, d)
      let nearest = d <= 0 || abs(o - b) <= d / 2
      let how =
        nearest
        ? language("the page nearest to where the finger left it", "离手指离开处最近的那一页")
        : language(
          "not the nearest page but the next one in the direction of the flick (the finger was still moving fast)",
          "不是最近的一页，而是轻扫方向上的下一页（手指抬起时仍在快速移动）")
      let text = language(
        "The drag of \(Phrase.code(view)) ended at \(from), and isPagingEnabled is on: the offset settles on page \(page) at \(to), \(how)",
        "\(Phrase.code(view)) 的拖动结束于 \(from)，且 isPagingEnabled 开着：偏移停在第 \(page) 页 \(to)，即\(how)")
      return [.line(index: i, text: sentence(text, ["H-14"]))]
    }
  }
}

/// A scroll view's pinch zooming its content (rule H-18).
extension NarrationBuilder {
  /// The zoom lines of one burst: the scale from before the first to after the last, and what follows it.
  func zoomBurst(_ view: String, _ items: [BurstItem]) -> String {
    guard let first = items.first, case .zoom(let scale) = items.last?.value,
      case .zoom(_, let zoomView, _, let content, let offset, _) = entry(items.last!.index)
    else { return "" }
    // From the scale as the pinch began (its first zoom line may be told with the pinch's began).
    let before = tracker.zoomAtPinchStart[first.index] ?? tracker.zoomBefore[first.index] ?? 1
    var text = language(
      "\(Phrase.code(view))'s own pinch zooms \(Phrase.code(zoomView)) (its viewForZooming) from zoomScale \(Phrase.scale(before)) to \(Phrase.scale(scale)): contentSize follows, now \(Phrase.size(content)), and contentOffset \(Phrase.point(offset)) keeps the point under the fingers in place",
      "\(Phrase.code(view)) 自带的捏合把 \(Phrase.code(zoomView))（它的 viewForZooming）从 zoomScale \(Phrase.scale(before)) 缩放到 \(Phrase.scale(scale))：contentSize 随之变为 \(Phrase.size(content))，contentOffset \(Phrase.point(offset)) 让手指下的点保持不动"
    )
    if let sc = scene.views[view]?.scroll, scale > sc.maximumZoomScale || scale < sc.minimumZoomScale {
      text += language(
        ", past its limits (bouncesZoom is on: it will spring back when the pinch ends)",
        "，超出了它的范围（bouncesZoom 开着：捏合结束时会弹回）")
    }
    return sentence(text, ["H-18"])
  }

  /// The pinch ended with the scale past a limit: it springs back to it.
  func zoomSettleSentence(_ i: Int) -> [Piece] {
    guard case .zoom(let view, _, let scale, _, _, .some) = entry(i) else { return [] }
    let before = tracker.zoomBefore[i] ?? scale
    let limit =
      scale < before
      ? language("maximumZoomScale", "maximumZoomScale") : language("minimumZoomScale", "minimumZoomScale")
    let text = language(
      "The pinch of \(Phrase.code(view)) ended at zoomScale \(Phrase.scale(before)), past its \(limit) (bouncesZoom is on): the scale springs back to \(Phrase.scale(scale))",
      "\(Phrase.code(view)) 的捏合结束于 zoomScale \(Phrase.scale(before))，超出了它的 \(limit)（bouncesZoom 开着）：缩放弹回到 \(Phrase.scale(scale))"
    )
    return [.line(index: i, text: sentence(text, ["H-18"]))]
  }
}

/// A tap outside a sheet (rules ).
extension NarrationBuilder {
  func sheetSentence(_ i: Int) -> [Piece] {
    guard case .sheet(let view, let outcome) = entry(i) else { return [] }
    let v = Phrase.code(view)
    let text: String
    switch outcome {
    case .dismissed:
      text = language(
        "The tap landed outside \(v), on its dimming view, whose own tap recognized it: the sheet is not at full height, isModalInPresentation is off and the delegate lets it go, so \(v) is dismissed, and its transition view leaves the window when the animation ends",
        "这次点击落在 \(v) 之外、它的变暗视图上，变暗视图自己的点击手势识别了它：这个表单不是全高，isModalInPresentation 关着，代理也允许，所以 \(v) 被关闭，它的过渡视图在动画结束时离开窗口"
      )
    case .fullHeight:
      text = language(
        "The tap landed outside \(v), on its dimming view: an iPhone sheet at full height swallows it, so \(v) stays and nothing behind the dimming view gets the touch",
        "这次点击落在 \(v) 之外、它的变暗视图上：全高的 iPhone 表单会吞掉它，所以 \(v) 留着，变暗视图后面的任何视图都收不到这次触摸")
    case .modalInPresentation:
      text = language(
        "The tap landed outside \(v), on its dimming view, but isModalInPresentation is on: \(v) stays, and UIKit calls the delegate's presentationControllerDidAttemptToDismiss",
        "这次点击落在 \(v) 之外、它的变暗视图上，但 isModalInPresentation 开着：\(v) 留着，UIKit 调用代理的 presentationControllerDidAttemptToDismiss"
      )
    case .delegateRefused:
      text = language(
        "The tap landed outside \(v), on its dimming view, but the delegate's presentationControllerShouldDismiss answers NO: \(v) stays, and UIKit calls presentationControllerDidAttemptToDismiss",
        "这次点击落在 \(v) 之外、它的变暗视图上，但代理的 presentationControllerShouldDismiss 回答 NO：\(v) 留着，UIKit 调用 presentationControllerDidAttemptToDismiss"
      )
    }
    return [.line(index: i, text: sentence(text, ["A-14", "A-15"]))]
  }
}
