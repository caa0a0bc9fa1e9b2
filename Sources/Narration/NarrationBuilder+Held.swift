import Localization
import TouchSim
import TraceKit

/// Deliveries held back for a recognizer or a scroll view, and deliveries dropped (rules F, H).
extension NarrationBuilder {
  func withholdSentence(_ i: Int) -> [Piece] {
    guard case .withhold(let view, let method, let touches, let by) = entry(i), !by.isEmpty else { return [] }
    if method == .touchesMoved {
      return [.burst(.held(view: view, method: method), BurstItem(index: i, value: .held(by: by)))]
    }
    let shownView = Phrase.code(view)
    let fingers = self.fingers(touches)
    let scrolls = by.filter { scene.views[$0] != nil }
    let recognizers = by.filter { scene.views[$0] == nil }
    if let s = scrolls.first {
      let text = language(
        "\(Phrase.code(s)) holds back \(shownView)'s \(method.rawValue) for \(fingers) to see whether the finger scrolls (delaysContentTouches)",
        "\(Phrase.code(s)) 暂不把\(fingers)的 \(method.rawValue) 交给 \(shownView)，先看手指是否要滚动（delaysContentTouches）")
      return [.line(index: i, text: sentence(text, ["H-1"]))]
    }
    let delaysEnded = recognizers.filter { scene.recognizers[$0]?.delaysTouchesEnded == true }
    let delaysBegan = recognizers.filter { scene.recognizers[$0]?.delaysTouchesBegan == true }
    let verb = recognizers.count == 1 ? "is" : "are"
    let undecided = codes(recognizers)
    if method == .touchesEnded && !delaysEnded.isEmpty && delaysBegan.isEmpty {
      let text = language(
        "\(shownView)'s touchesEnded is held back while \(undecided) \(verb) undecided (delaysTouchesEnded)",
        "\(undecided) 尚未决定，所以 \(shownView) 的 touchesEnded 被延迟（delaysTouchesEnded）")
      return [.line(index: i, text: sentence(text, ["F-6"]))]
    }
    if method == .touchesBegan && !delaysBegan.isEmpty {
      let text = language(
        "\(shownView)'s touchesBegan is held back while \(undecided) \(verb) undecided (delaysTouchesBegan)",
        "\(undecided) 尚未决定，所以 \(shownView) 的 touchesBegan 被延迟（delaysTouchesBegan）")
      return [.line(index: i, text: sentence(text, ["F-5"]))]
    }
    let text = language(
      "\(shownView)'s \(method.rawValue) is held back behind its earlier held phase, while \(undecided) \(verb) undecided",
      "\(shownView) 的 \(method.rawValue) 排在它先前被延迟的阶段之后，也被延迟，此时 \(undecided) 尚未决定")
    return [.line(index: i, text: sentence(text, ["F-7"]))]
  }

  func dropSentence(_ i: Int, asked: Bool?) -> [Piece] {
    guard case .drop(let view, _, let touches, let reason) = entry(i), let view else { return [] }
    let fingers = self.fingers(touches)
    let (clause, rules) = dropClause(
      view: view, reason: reason, heldBy: tracker.dropHeldBy[i] ?? [], scroller: tracker.dropScroller[i])
    let text = language(
      "\(Phrase.code(view)) never gets \(fingers): \(clause)", "\(Phrase.code(view)) 永远收不到\(fingers)：\(clause)")
    return [.line(index: i, text: sentence(text, rules))]
  }

  /// Why the window never delivers a touch to a view (drop reasons, TRACE-EXTENSIONS).
  func dropClause(view: String, reason: DropReason, heldBy: [String] = [], scroller: String? = nil) -> (
    String, [String]
  ) {
    switch reason {
    case .multipleTouchEnabled:
      return (
        language(
          "it already tracks another touch and multipleTouchEnabled is off",
          "它已在跟踪另一个触摸，而 multipleTouchEnabled 已关闭"),
        ["C-4"]
      )
    case .exclusiveTouch:
      if scene.views[view]?.exclusiveTouch == true {
        return (
          language(
            "it is exclusiveTouch and another view is already tracking a touch",
            "它设置了 exclusiveTouch，而另一个视图已在跟踪一个触摸"),
          ["C-5"]
        )
      }
      return (
        language(
          "an exclusiveTouch view is already tracking a touch", "一个设置了 exclusiveTouch 的视图已在跟踪一个触摸"),
        ["C-5"]
      )
    case .touchesShouldBegin:
      let s = scene.ancestry(view).dropFirst().first { scene.views[$0]?.kind == .scroll }
      let shown = s.map(Phrase.code) ?? language("the scroll view", "滚动视图")
      return (
        language("\(shown) answered NO to touchesShouldBegin", "\(shown) 对 touchesShouldBegin 回答了 NO"), ["H-2"]
      )
    case .scrolling:
      // The scroll view whose pan was scrolling at the drop (`TraceTracker` names it then: touch.view itself
      // when it is a scroll view, a list inside a page, or the nearest one around it); else the nearest
      // scroll view around touch.view.
      let s = scroller ?? scene.ancestry(view).dropFirst().first { scene.views[$0]?.kind == .scroll }
      let shown = s.map(Phrase.code) ?? language("its scroll view", "它所在的滚动视图")
      // Held back by another scroll view than the one that scrolled (a list inside a page): say which.
      if let holder = heldBy.first(where: { scene.views[$0]?.kind == .scroll && $0 != s }) {
        return (
          language(
            "\(shown) began scrolling while \(Phrase.code(holder)) still held it back (delaysContentTouches)",
            "\(Phrase.code(holder)) 仍在延迟它（delaysContentTouches）时，\(shown) 就开始滚动了"),
          ["H-1", "H-4"]
        )
      }
      return (
        language("\(shown) began scrolling before delivering it", "\(shown) 在投递它之前就开始滚动了"), ["H-4"]
      )
    case .cancelledBeforeDelivery:
      return (
        language("the system cancelled it while it was still held back", "系统在它仍被延迟时取消了它"), ["F-5"]
      )
    case .ignoringInteractionEvents:
      return (
        language(
          "it went down while the app ignored interaction events (beginIgnoringInteractionEvents)",
          "它按下时应用正在忽略交互事件（beginIgnoringInteractionEvents）"),
        ["C-10"]
      )
    case .sendEventWithoutSuper(let by):
      let owner = by == .window ? "UIWindow" : "UIApplication"
      return (
        language(
          "the app's \(owner) subclass overrides sendEvent(_:) without calling super for it",
          "应用的 \(owner) 子类重写了 sendEvent(_:)，且没有为它调用 super"),
        ["C-11"]
      )
    case .cancelledBy(let r):
      let continuous = scene.recognizerKind(r)?.isDiscrete == false
      let verb = continuous ? language("began", "开始") : language("recognized", "识别")
      if let s = heldBy.first(where: { scene.views[$0] != nil }) {
        return (
          language(
            "\(Phrase.code(r)) \(verb) while \(Phrase.code(s)) was still holding back its touchesBegan (delaysContentTouches)",
            "\(Phrase.code(r)) 在 \(Phrase.code(s)) 仍延迟着它的 touchesBegan 时就\(verb)了（delaysContentTouches）"),
          ["F-2", "H-1"]
        )
      }
      let holders = heldBy.filter { $0 != r && scene.views[$0] == nil }
      if holders.isEmpty {
        return (
          language(
            "\(Phrase.code(r)) \(verb) while its touchesBegan was still held back (delaysTouchesBegan)",
            "\(Phrase.code(r)) 在它的 touchesBegan 仍被延迟时就\(verb)了（delaysTouchesBegan）"),
          ["F-2", "F-5"]
        )
      }
      let verbHold = holders.count == 1 ? "was" : "were"
      return (
        language(
          "\(Phrase.code(r)) \(verb) while \(codes(holders)) \(verbHold) still holding back its touchesBegan (delaysTouchesBegan)",
          "\(Phrase.code(r)) 在 \(codes(holders)) 仍延迟着它的 touchesBegan 时就\(verb)了（delaysTouchesBegan）"),
        ["F-2", "F-5"]
      )
    }
  }
}
