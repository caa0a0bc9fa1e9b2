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
