import Geometry
import Localization
import Raster
import TouchSim

/// Trace events in words: a short line for the log and a full sentence for the narration strip.
///
/// Ids are written between backticks (`buy`), so a panel can set them apart; `plain` drops the marks.
/// Nothing here decides anything: every word comes from the event itself.
public enum TraceDescriber {
  /// How a log line is coloured.
  enum Tone: Equatable, Sendable {
    /// A finger's own colour.
    case touch(Int)
    case state(GestureState)
    case good, bad, waiting, accent, normal, quiet
  }

  /// The log line for an event (without its time), ids between backticks.
  static func line(_ e: TraceEvent, _ l: Language = .english) -> String {
    switch e {
    case .input(let n, let phase, let at, let tapCount):
      let taps = tapCount > 1 ? l("  (tap \(tapCount))", "  （第 \(tapCount) 次点击）") : ""
      switch phase {
      case .began: return l("touch \(n) down at \(point(at))\(taps)", "触摸 \(n) 在 \(point(at)) 按下\(taps)")
      case .moved: return l("touch \(n) moves to \(point(at))", "触摸 \(n) 移到 \(point(at))")
      case .stationary: return l("touch \(n) stays still", "触摸 \(n) 保持不动")
      case .ended: return l("touch \(n) up at \(point(at))\(taps)", "触摸 \(n) 在 \(point(at)) 抬起\(taps)")
      case .cancelled: return l("touch \(n) cancelled", "触摸 \(n) 被取消")
      }
    case .hitTest(let view, _, let result):
      return l("hit-test visits `\(view)`: \(hitResult(result))", "命中测试访问 `\(view)`：\(hitResult(result, l))")
    case .hitTestOverride(let view, _, let returned):
      let r = returned.map { "`\($0)`" } ?? "nil"
      return l("hit-test visits `\(view)`: its hitTest override returns \(r)", "命中测试访问 `\(view)`：它重写的 hitTest 返回 \(r)")
    case .hit(let n, let view):
      return view.map { l("touch \(n) hit-tests to `\($0)`", "触摸 \(n) 命中 `\($0)`") }
        ?? l("touch \(n) hits no view", "触摸 \(n) 没有命中任何视图")
    case .attach(let n, let ids):
      return ids.isEmpty
        ? l("touch \(n): no recognizers on its way", "触摸 \(n)：沿途没有手势识别器")
        : l("touch \(n) → recognizers \(list(ids))", "触摸 \(n) → 手势识别器 \(list(ids, l))")
    case .ask(let of, let question, let other, let view, let answer):
      return l("ask ", "询问 ") + "\(askText(of: of, question, about: other ?? view, l)) → \(answer ? "YES" : "NO")"
    case .feed(let r, let method, let touches):
      return "`\(r)` ← \(method.rawValue) \(touchList(touches))"
    case .state(let r, let from, let to, let reason):
      return l(
        "`\(r)`  \(from.rawValue) → \(to.rawValue)  (\(reason.text))",
        "`\(r)`  \(from.rawValue) → \(to.rawValue)  （\(reason.text(l))）")
    case .action(let r, let state, let values):
      return l(
        "`\(r)` action (\(state.rawValue))\(actionValues(values))",
        "`\(r)` 动作（\(state.rawValue)）\(actionValues(values, l))")
    case .withhold(let view, let method, let touches, let by):
      return l(
        "withheld \(method.rawValue) \(touchList(touches)) from `\(view)` (held by \(list(by)))",
        "扣住 `\(view)` 的 \(method.rawValue) \(touchList(touches))（由 \(list(by, l)) 扣住）")
    case .deliver(let view, let method, let touches, _):
      return "`\(view)` ← \(method.rawValue) \(touchList(touches))"
    case .forward(let from, let to, let method, let presenting):
      return l("`\(from)` passes \(method.rawValue) to `\(to)`", "`\(from)` 把 \(method.rawValue) 传给 `\(to)`")
        + (presenting ? l("  (presenting view controller: uncertain, B-2a)", "  （呈现它的视图控制器：不确定，B-2a）") : "")
    case .control(let c, let event, let highlighted, let value):
      let v = value.map { " (\($0.property.rawValue)=\($0.swiftText))" } ?? ""
      return "`\(c)` \(event.rawValue)\(v)\(highlighted ? l("  (highlighted)", "  （高亮）") : "")"
    case .scroll(let view, let offset, .bounce?):
      return l("`\(view)` springs back to \(point(offset)) (bounces)", "`\(view)` 弹回到 \(point(offset))（bounces）")
    case .scroll(let view, let offset, .page?):
      return l("`\(view)` settles on a page at \(point(offset))", "`\(view)` 停在 \(point(offset)) 的整页上")
    case .scroll(let view, let offset, nil):
      return l("`\(view)` scrolls to \(point(offset))", "`\(view)` 滚动到 \(point(offset))")
    case .zoom(let view, _, let scale, _, let offset, .some):
      return l(
        "`\(view)` zoom springs back to \(JSONNumber.format(scale)), offset \(point(offset)) (bouncesZoom)",
        "`\(view)` 的缩放弹回到 \(JSONNumber.format(scale))，偏移 \(point(offset))（bouncesZoom）")
    case .zoom(let view, let zoomView, let scale, _, let offset, nil):
      return l(
        "`\(view)` zooms `\(zoomView)` to \(JSONNumber.format(scale)), offset \(point(offset))",
        "`\(view)` 把 `\(zoomView)` 缩放到 \(JSONNumber.format(scale))，偏移 \(point(offset))")
    case .timer(let what, let owner):
      return l("timer \(what) of `\(owner)` fires", "`\(owner)` 的计时器 \(what) 触发")
    case .sheet(let view, let outcome):
      return l("tap outside `\(view)`: \(outcome.rawValue)", "点击 `\(view)` 之外：\(outcome.rawValue)")
    case .set(let target, let key, let value, let origin):
      if case .effect(let r) = origin {
        return l("`\(r)`'s handler sets `\(target)`.\(key) = \(value)", "`\(r)` 的处理方法设置 `\(target)`.\(key) = \(value)")
      }
      if origin == .user { return l("you set `\(target)`.\(key) = \(value)", "你设置了 `\(target)`.\(key) = \(value)") }
      return l("set `\(target)`.\(key) = \(value)", "设置 `\(target)`.\(key) = \(value)")
    case .wait(let r, let others):
      return others.isEmpty
        ? l("`\(r)` stops waiting", "`\(r)` 不再等待")
        : l("`\(r)` waits for \(list(others)) to fail", "`\(r)` 等待 \(list(others, l)) 失败")
    case .drop(let view, let method, let touches, let reason):
      if l.isChinese {
        let to = view.map { "发给 `\($0)` 的 " } ?? ""
        return "丢弃了\(to)\(method.rawValue) \(touchList(touches))  （\(dropReason(reason, l))）"
      }
      let to = view.map { " to `\($0)`" } ?? ""
      return "dropped \(method.rawValue) \(touchList(touches))\(to)  (\(dropReason(reason)))"
    case .reorder(let view, let to):
      return to == "front"
        ? l("`\(view)` brought to front", "`\(view)` 移到最前") : l("`\(view)` sent to back", "`\(view)` 移到最后")
    case .ignoring(let on, let count):
      return on
        ? l("app ignores interaction events (count \(count))", "应用忽略交互事件（计数 \(count)）")
        : l("app stops ignoring interaction events", "应用不再忽略交互事件")
    case .sendEvent(let by, let touches, let callsSuper):
      let who = sendEventOwner(by)
      return callsSuper
        ? l("\(who).sendEvent \(touchList(touches)) → super", "\(who).sendEvent \(touchList(touches)) → super")
        : l(
          "\(who).sendEvent \(touchList(touches)): no super, event swallowed",
          "\(who).sendEvent \(touchList(touches))：不调用 super，事件被吞掉")
    case .sendAction(let c, let event, let action, let target, _):
      let to = target.map { "`\($0)`" } ?? "nil"
      return l(
        "`\(c)` \(event.rawValue): sendAction \(action) to \(to)",
        "`\(c)` \(event.rawValue)：sendAction \(action) 发给 \(to)")
    case .canPerform(let r, let action, let answer):
      return l("ask `\(r)` canPerformAction \(action)", "询问 `\(r)` canPerformAction \(action)")
        + " → \(answer ? "YES" : "NO")"
    case .perform(let r, let action, _):
      return r.map { l("`\($0)` performs \(action)", "`\($0)` 执行 \(action)") }
        ?? l("\(action): nobody implements it, dropped", "\(action)：没有对象实现它，被丢弃")
    case .removeGestureRecognizer(let r, let view, let state):
      return l(
        "`\(view)`.removeGestureRecognizer(`\(r)`)  (was \(state.rawValue))",
        "`\(view)`.removeGestureRecognizer(`\(r)`)  （原为 \(state.rawValue)）")
    case .addGestureRecognizer(let r, let view):
      return "`\(view)`.addGestureRecognizer(`\(r)`)"
    case .removeFromSuperview(let view, _, let cancels):
      return "`\(view)`.removeFromSuperview()"
        + (cancels.isEmpty ? "" : l("  (cancels \(touchList(cancels)))", "  （取消 \(touchList(cancels))）"))
    case .addSubview(let view, let superview):
      return "`\(superview)`.addSubview(`\(view)`)"
    }
  }

  /// The class whose `sendEvent(_:)` a `sendEvent` line is about.
  static func sendEventOwner(_ by: ResponderID) -> String { by == .window ? "UIWindow" : "UIApplication" }

  /// A plain sentence explaining an event, ids between backticks (the narration strip's fallback).
  public static func sentence(_ e: TraceEvent, _ l: Language = .english) -> String {
    switch e {
    case .input(let n, let phase, let at, let tapCount):
      switch phase {
      case .began:
        let taps =
          tapCount > 1 ? l(" (tap number \(tapCount) in a row)", "（连续第 \(tapCount) 次点击）") : ""
        return l("Finger \(n) touches down at \(point(at))\(taps).", "手指 \(n) 在 \(point(at)) 按下\(taps)。")
      case .moved: return l("Finger \(n) moves to \(point(at)).", "手指 \(n) 移到 \(point(at))。")
      case .stationary:
        return l("Finger \(n) stays where it is while another finger changes.", "手指 \(n) 停在原处，另一根手指在变化。")
      case .ended: return l("Finger \(n) lifts at \(point(at)).", "手指 \(n) 在 \(point(at)) 抬起。")
      case .cancelled: return l("Touch \(n) is cancelled: nobody gets its end.", "触摸 \(n) 被取消：谁也收不到它的结束。")
      }
    case .hitTest(let view, _, let result):
      switch result {
      case .inside:
        return l(
          "Hit-testing visits `\(view)`: the point is inside, so its subviews are tried next.",
          "命中测试访问 `\(view)`：点在它里面，所以接下来试它的子视图。")
      case .outside:
        return l(
          "Hit-testing visits `\(view)`: the point is outside, so it and its subviews are passed over.",
          "命中测试访问 `\(view)`：点在它外面，所以跳过它和它的子视图。")
      case .hidden:
        return l(
          "Hit-testing skips `\(view)` and its subviews: it is hidden.", "命中测试跳过 `\(view)` 及其子视图：它是隐藏的。")
      case .alpha:
        return l(
          "Hit-testing skips `\(view)` and its subviews: its alpha is below 0.01.",
          "命中测试跳过 `\(view)` 及其子视图：它的 alpha 低于 0.01。")
      case .noInteraction:
        return l(
          "Hit-testing skips `\(view)` and its subviews: userInteractionEnabled is NO.",
          "命中测试跳过 `\(view)` 及其子视图：userInteractionEnabled 为 NO。")
      case .disabled:
        return l("Hit-testing skips `\(view)`: the control is disabled.", "命中测试跳过 `\(view)`：这个控件已禁用。")
      case .passThrough:
        return l(
          "`\(view)` lets the touch pass through: none of its subviews took the point.",
          "`\(view)` 让触摸穿过：它的子视图都没有接住这个点。")
      case .override:
        return l("`\(view)`'s hitTest is overridden for this point.", "`\(view)` 的 hitTest 对这个点被重写。")
      }
    case .hitTestOverride(let view, _, let returned):
      guard let returned else {
        return l(
          "hitTest of `\(view)` returned nil for this point (an override): the walk goes on without it (rule A-12).",
          "`\(view)` 的 hitTest 对这个点返回 nil（重写）：遍历跳过它继续（规则 A-12）。")
      }
      return l(
        "hitTest of `\(view)` returned `\(returned)` for this point (an override), and that view is not hit-tested again (rule A-12).",
        "`\(view)` 的 hitTest 对这个点返回了 `\(returned)`（重写），这个视图不会再被命中测试（规则 A-12）。")
    case .hit(let n, let view):
      guard let view else {
        return l("Touch \(n) hits no view, so no view will get it.", "触摸 \(n) 没有命中任何视图，所以没有视图会收到它。")
      }
      return l(
        "Touch \(n) belongs to `\(view)`, the front-most deepest view that contains the point.",
        "触摸 \(n) 属于 `\(view)`：包含这个点的最前面、最深层的视图。")
    case .attach(let n, let ids):
      if ids.isEmpty {
        return l(
          "No gesture recognizer sits on touch \(n)'s view or its superviews.", "触摸 \(n) 的视图及其父视图上都没有手势识别器。")
      }
      return l(
        "Touch \(n) is offered to \(list(ids)): the recognizers of its view and of every superview.",
        "触摸 \(n) 交给 \(list(ids, l))：它的视图和每个父视图上的手势识别器。")
    case .ask(let of, let question, let other, let view, let answer):
      let asked = askText(of: of, question, about: other ?? view, l)
      return l(
        "UIKit asks \(asked): the answer is \(answer ? "YES" : "NO").",
        "UIKit 询问 \(asked)：回答是 \(answer ? "YES" : "NO")。")
    case .feed(let r, let method, let touches):
      return l(
        "`\(r)` receives \(method.rawValue) for \(touchWords(touches)).",
        "`\(r)` 收到\(touchWords(touches, l)) 的 \(method.rawValue)。")
    case .state(let r, let from, let to, let reason):
      if to == .possible && reason == .reset {
        return l("`\(r)` is reset to possible, ready for the next touch.", "`\(r)` 重置为 possible，准备好接收下一次触摸。")
      }
      return l(
        "`\(r)` goes from \(from.rawValue) to \(to.rawValue): \(reason.text).",
        "`\(r)` 从 \(from.rawValue) 变为 \(to.rawValue)：\(reason.text(l))。")
    case .action(let r, let state, let values):
      return l(
        "`\(r)` sends its action message (state \(state.rawValue))\(actionValues(values)).",
        "`\(r)` 发送动作消息（状态 \(state.rawValue)）\(actionValues(values, l))。")
    case .withhold(let view, let method, let touches, let by):
      return l(
        "The window holds back \(method.rawValue) for \(touchWords(touches)) from `\(view)`: \(list(by)) "
          + "might still recognize.",
        "窗口暂不把\(touchWords(touches, l)) 的 \(method.rawValue) 交给 `\(view)`：\(list(by, l)) 可能还会识别。")
    case .deliver(let view, let method, let touches, _):
      return l(
        "The window delivers \(method.rawValue) for \(touchWords(touches)) to `\(view)`.",
        "窗口把\(touchWords(touches, l)) 的 \(method.rawValue) 递送给 `\(view)`。")
    case .forward(let from, let to, let method, let presenting):
      if presenting {
        return l(
          "`\(from)` passes \(method.rawValue) up the responder chain to `\(to)`, the view controller that presented it. This step is uncertain (rule B-2a): it follows UIKit's documentation, not an observation.",
          "`\(from)` 沿响应者链把 \(method.rawValue) 传给呈现它的视图控制器 `\(to)`。这一步并不确定（规则 B-2a）：它依据 UIKit 的文档，而不是实际观察。")
      }
      return l(
        "`\(from)` passes \(method.rawValue) up the responder chain to `\(to)`.",
        "`\(from)` 沿响应者链把 \(method.rawValue) 传给 `\(to)`。")
    case .control(let c, let event, let highlighted, let value):
      let v =
        value.map { l(", now \($0.property.rawValue)=\($0.swiftText)", "，现在 \($0.property.rawValue)=\($0.swiftText)") }
        ?? ""
      return l(
        "`\(c)` sends \(event.rawValue)\(v)\(highlighted ? "; it is highlighted" : "").",
        "`\(c)` 发送 \(event.rawValue)\(v)\(highlighted ? "；它处于高亮状态" : "")。")
    case .scroll(let view, let offset, .bounce?):
      return l(
        "The drag of `\(view)` ended past its edge, and bounces is on: its content offset springs back to \(point(offset)).",
        "`\(view)` 的拖动结束在边缘之外，且 bounces 开着：它的 contentOffset 弹回到 \(point(offset))。")
    case .scroll(let view, let offset, .page?):
      return l(
        "The drag of `\(view)` ended, and isPagingEnabled is on: its content offset settles on a page, \(point(offset)).",
        "`\(view)` 的拖动结束，且 isPagingEnabled 开着：它的 contentOffset 停在整页上，\(point(offset))。")
    case .scroll(let view, let offset, nil):
      return l(
        "`\(view)` scrolls: its content offset is now \(point(offset)).",
        "`\(view)` 滚动：它的 contentOffset 现在是 \(point(offset))。")
    case .zoom(let view, _, let scale, _, let offset, .some):
      return l(
        "The pinch of `\(view)` ended past a zoom limit, and bouncesZoom is on: its zoomScale springs back to \(JSONNumber.format(scale)), its content offset to \(point(offset)).",
        "`\(view)` 的捏合结束在缩放范围之外，且 bouncesZoom 开着：它的 zoomScale 弹回到 \(JSONNumber.format(scale))，contentOffset 弹回到 \(point(offset))。"
      )
    case .zoom(let view, let zoomView, let scale, let content, let offset, nil):
      return l(
        "`\(view)`'s own pinch zooms `\(zoomView)`: zoomScale \(JSONNumber.format(scale)), contentSize \(JSONNumber.format(content.width)) × \(JSONNumber.format(content.height)), content offset \(point(offset)).",
        "`\(view)` 自带的捏合缩放 `\(zoomView)`：zoomScale \(JSONNumber.format(scale))，contentSize \(JSONNumber.format(content.width)) × \(JSONNumber.format(content.height))，contentOffset \(point(offset))。"
      )
    case .timer(let what, let owner):
      return l("The \(what) timer of `\(owner)` fires.", "`\(owner)` 的 \(what) 计时器触发。")
    case .sheet(let view, let outcome):
      switch outcome {
      case .dismissed:
        return l(
          "A tap outside `\(view)`, on its dimming view: the sheet is dismissed (A-15).",
          "点击 `\(view)` 之外、它的变暗视图：表单被关闭（A-15）。")
      case .fullHeight:
        return l(
          "A tap outside `\(view)`, on its dimming view: a full-height iPhone sheet swallows it (A-15).",
          "点击 `\(view)` 之外、它的变暗视图：全高的 iPhone 表单吞掉了它（A-15）。")
      case .modalInPresentation:
        return l(
          "A tap outside `\(view)`: isModalInPresentation keeps it; presentationControllerDidAttemptToDismiss (A-15).",
          "点击 `\(view)` 之外：isModalInPresentation 让它留下；presentationControllerDidAttemptToDismiss（A-15）。")
      case .delegateRefused:
        return l(
          "A tap outside `\(view)`: presentationControllerShouldDismiss answers NO; it stays (A-15).",
          "点击 `\(view)` 之外：presentationControllerShouldDismiss 回答 NO；它留下（A-15）。")
      }
    case .set(let target, let key, let value, let origin):
      if case .effect(let r) = origin {
        return l(
          "`\(r)`'s action handler sets `\(target)`.\(key) to \(value).",
          "`\(r)` 的动作处理方法把 `\(target)`.\(key) 设为 \(value)。")
      }
      if origin == .user {
        return l(
          "You set `\(target)`.\(key) to \(value) in the window.", "你在窗口中把 `\(target)`.\(key) 设为 \(value)。")
      }
      return l("The script sets `\(target)`.\(key) to \(value).", "脚本把 `\(target)`.\(key) 设为 \(value)。")
    case .wait(let r, let others):
      if others.isEmpty { return l("`\(r)` no longer waits for another recognizer.", "`\(r)` 不再等待其他手势识别器。") }
      return l(
        "`\(r)` would leave possible, but it must wait for \(list(others)) to fail first.",
        "`\(r)` 本要离开 possible，但必须先等 \(list(others, l)) 失败。")
    case .drop(let view, let method, let touches, let reason):
      let to = view.map { l(" to `\($0)`", "给 `\($0)`") } ?? ""
      return l(
        "\(method.rawValue) for \(touchWords(touches)) is never delivered\(to): \(dropReason(reason)).",
        "\(touchWords(touches, l)) 的 \(method.rawValue) 永远不会递送\(to)：\(dropReason(reason, l))。")
    case .reorder(let view, let to):
      return to == "front"
        ? l("`\(view)` is brought to the front.", "`\(view)` 被移到最前面。")
        : l("`\(view)` is sent to the back.", "`\(view)` 被移到最后面。")
    case .ignoring(let on, let count):
      return on
        ? l(
          "The app ignores interaction events (beginIgnoringInteractionEvents, counter \(count)): a touch that goes down now is hit-tested but never delivered.",
          "应用正在忽略交互事件（beginIgnoringInteractionEvents，计数器为 \(count)）：现在按下的触摸会经过命中测试，但永远不会被递送。")
        : l(
          "The app stops ignoring interaction events (endIgnoringInteractionEvents): new touches are delivered again.",
          "应用不再忽略交互事件（endIgnoringInteractionEvents）：新的触摸会再次被递送。")
    case .sendEvent(let by, let touches, let callsSuper):
      let who = sendEventOwner(by)
      return callsSuper
        ? l(
          "\(who).sendEvent(_:) passes the event with \(touchWords(touches)) on (super).",
          "\(who).sendEvent(_:) 把带有\(touchWords(touches, l))的事件传下去（super）。")
        : l(
          "\(who).sendEvent(_:) is overridden without super: the event with \(touchWords(touches)) goes no further.",
          "\(who).sendEvent(_:) 被重写且不调用 super：带有\(touchWords(touches, l))的事件到此为止。")
    case .sendAction(let c, let event, let action, let target, let from):
      if let target {
        return l(
          "`\(c)` sends \(action) for \(event.rawValue) to its target `\(target)`.",
          "`\(c)` 因 \(event.rawValue) 把 \(action) 发给它的目标 `\(target)`。")
      }
      let start = from.map { "`\($0)`" } ?? "?"
      return l(
        "`\(c)` sends \(action) for \(event.rawValue) with a nil target: UIKit searches the responder chain from \(start).",
        "`\(c)` 因 \(event.rawValue) 发送目标为 nil 的 \(action)：UIKit 从 \(start) 开始沿响应者链查找。")
    case .canPerform(let r, let action, let answer):
      return answer
        ? l("`\(r)` can perform \(action).", "`\(r)` 能执行 \(action)。")
        : l("`\(r)` cannot perform \(action): the search goes on.", "`\(r)` 不能执行 \(action)：继续查找。")
    case .perform(let r, let action, _):
      return r.map { l("`\($0)` performs \(action).", "`\($0)` 执行 \(action)。") }
        ?? l(
          "Nothing in the responder chain implements \(action): the action is dropped.",
          "响应者链上没有对象实现 \(action)：这个动作被丢弃。")
    case .removeGestureRecognizer(let r, let view, let state):
      return state.isActive
        ? l(
          "`\(r)` is removed from `\(view)` while \(state.rawValue): it is reset at once, with no action (C-12, uncertain).",
          "`\(r)` 在 \(state.rawValue) 时被从 `\(view)` 上移除：立即重置，不发送动作（C-12，不确定）。")
        : l("`\(r)` is removed from `\(view)`: it gets no more touches.", "`\(r)` 被从 `\(view)` 上移除：不再收到触摸。")
    case .addGestureRecognizer(let r, let view):
      return l(
        "`\(r)` is added to `\(view)`: touches already down do not get it.", "`\(r)` 被加到 `\(view)` 上：已按下的触摸不会交给它。")
    case .removeFromSuperview(let view, let superview, let cancels):
      return cancels.isEmpty
        ? l("`\(view)` is removed from `\(superview)`: it leaves the window.", "`\(view)` 被从 `\(superview)` 中移除：离开窗口。")
        : l(
          "`\(view)` is removed from `\(superview)`: the system cancels \(touchWords(cancels)) (C-15, uncertain).",
          "`\(view)` 被从 `\(superview)` 中移除：系统取消\(touchWords(cancels, l))（C-15，不确定）。")
    case .addSubview(let view, let superview):
      return l("`\(view)` is added to `\(superview)`, in front.", "`\(view)` 被加到 `\(superview)` 中，在最前面。")
    }
  }

  /// The text with its backtick marks removed.
  static func plain(_ marked: String) -> String {
    // ASCII text by its bytes (filtering the `Character`s was a few percent of a frame whose timeline has
    // a hundred marks); other text by its characters, so that a backtick joined to a combining mark stays,
    // as `TextRun.parse` reads it.
    guard marked.utf8.contains(0x60) else { return marked }
    if marked.utf8.allSatisfy({ $0 < 0x80 }) {
      return String(decoding: marked.utf8.filter { $0 != 0x60 }, as: UTF8.self)
    }
    return marked.filter { $0 != "`" }
  }

  /// A trace time for the log: whole milliseconds as "80 ms", fractions to 0.1 ms.
  static func time(_ t: Double) -> String {
    let tenths = (t * 10).rounded() / 10
    return tenths == tenths.rounded() ? "\(Int(tenths)) ms" : "\(JSONNumber.format(tenths)) ms"
  }

  /// A one-character icon for the kind of event.
  static func icon(_ e: TraceEvent) -> String {
    switch e {
    case .input(_, let phase, _, _):
      switch phase {
      case .began: return "●"
      case .moved, .stationary: return "•"
      case .ended: return "○"
      case .cancelled: return "✗"
      }
    case .hitTest(_, _, let result): return result == .inside ? "✓" : result == .outside ? "✗" : "⊘"
    case .hitTestOverride: return "↪"
    case .hit: return "◎"
    case .attach: return "⊕"
    case .ask: return "?"
    case .feed: return "→"
    case .state(_, _, let to, _):
      switch to {
      case .possible: return "↺"
      case .ended: return "✓"
      case .failed, .cancelled: return "✗"
      case .began, .changed: return "▶"
      }
    case .action: return "⚡"
    case .withhold: return "‖"
    case .deliver: return "→"
    case .forward: return "↑"
    case .control: return "◉"
    case .scroll: return "↕"
    case .zoom: return "⇲"
    case .sheet: return "▭"
    case .timer: return "◷"
    case .set: return "✎"
    case .wait: return "‖"
    case .drop: return "✗"
    case .reorder: return "⇅"
    case .ignoring(let on, _): return on ? "⊘" : "○"
    case .sendEvent(_, _, let callsSuper): return callsSuper ? "⇣" : "⊘"
    case .sendAction: return "⚡"
    case .canPerform(_, _, let answer): return answer ? "✓" : "?"
    case .perform(let r, _, _): return r == nil ? "✗" : "★"
    case .removeGestureRecognizer, .removeFromSuperview: return "⊖"
    case .addGestureRecognizer, .addSubview: return "⊕"
    }
  }

  /// How the log colours an event.
  static func tone(_ e: TraceEvent) -> Tone {
    switch e {
    case .input(let n, _, _, _): return .touch(n)
    case .hitTest(_, _, let result): return result == .inside ? .normal : .quiet
    case .hitTestOverride: return .normal
    case .hit: return .accent
    case .attach, .feed, .forward, .scroll, .zoom: return .quiet
    case .sheet(_, let outcome): return outcome == .dismissed ? .good : .bad
    case .ask(_, _, _, _, let answer): return answer ? .good : .bad
    case .state(_, _, let to, let reason): return to == .possible && reason == .reset ? .quiet : .state(to)
    case .action: return .good
    case .withhold, .wait, .timer: return .waiting
    case .deliver(_, let method, _, _): return method == .touchesCancelled ? .bad : .normal
    case .control(_, let event, _, _): return event == .touchUpInside || event == .valueChanged ? .good : .normal
    case .drop: return .bad
    case .set, .reorder, .removeGestureRecognizer, .addGestureRecognizer, .removeFromSuperview, .addSubview:
      return .accent
    case .ignoring(let on, _): return on ? .bad : .good
    case .sendEvent(_, _, let callsSuper): return callsSuper ? .quiet : .bad
    case .sendAction: return .accent
    case .canPerform(_, _, let answer): return answer ? .good : .quiet
    case .perform(let r, _, _): return r == nil ? .bad : .good
    }
  }

  static func color(_ tone: Tone, _ theme: Theme) -> RGBA {
    switch tone {
    case .touch(let n): return Palette.touch(n)
    case .state(let s): return theme.color(of: s)
    case .good: return theme.good
    case .bad: return theme.bad
    case .waiting: return theme.waiting
    case .accent: return theme.accent
    case .normal: return theme.text
    case .quiet: return theme.secondaryText
    }
  }

  // MARK: Pieces

  static func point(_ p: Point) -> String { "(\(JSONNumber.format(p.x)), \(JSONNumber.format(p.y)))" }

  static func touchList(_ touches: [Int]) -> String { "[" + touches.map(String.init).joined(separator: ", ") + "]" }

  private static func touchWords(_ touches: [Int], _ l: Language = .english) -> String {
    if l.isChinese { return "触摸 " + touches.map(String.init).joined(separator: "、") }
    return touches.count == 1 ? "touch \(touches[0])" : "touches " + touches.map(String.init).joined(separator: ", ")
  }

  /// "`a`", "`a` and `b`", "`a`, `b` and `c`".
  static func list(_ ids: [String], _ l: Language = .english) -> String {
    let marked = ids.map { "`\($0)`" }
    guard marked.count > 1 else { return marked.first ?? l("nobody", "无") }
    if l.isChinese { return marked.dropLast().joined(separator: "、") + " 和 " + marked.last! }
    return marked.dropLast().joined(separator: ", ") + " and " + marked.last!
  }

  private static func hitResult(_ r: TraceEvent.HitResult, _ l: Language = .english) -> String {
    switch r {
    case .inside: return l("inside", "在内")
    case .outside: return l("outside", "在外")
    case .hidden: return l("skipped (hidden)", "跳过（隐藏）")
    case .alpha: return l("skipped (alpha < 0.01)", "跳过（alpha < 0.01）")
    case .noInteraction: return l("skipped (userInteractionEnabled = NO)", "跳过（userInteractionEnabled = NO）")
    case .disabled: return l("skipped (disabled)", "跳过（已禁用）")
    case .passThrough: return l("passes through", "穿过")
    case .override: return l("hitTest override", "hitTest 被重写")
    }
  }

  private static func askText(of: String, _ q: TraceEvent.Question, about: String?, _ l: Language = .english) -> String
  {
    let arg = about.map { "`\($0)`" } ?? ""
    let delegate = l("delegate", "的代理")
    switch q {
    case .shouldReceive: return "`\(of)` \(delegate) shouldReceive(touch)"
    case .shouldBegin: return "`\(of)` \(delegate) shouldBegin"
    case .shouldRecognizeSimultaneouslyWith, .shouldRequireFailureOf, .shouldBeRequiredToFailBy:
      return "`\(of)` \(delegate) \(q.rawValue)(\(arg))"
    case .gestureRecognizerShouldBegin, .touchesShouldBegin, .touchesShouldCancel, .canPrevent, .canBePrevented:
      return "`\(of)`.\(q.rawValue)(\(arg))"
    case .beginTracking, .continueTracking:
      return "`\(of)`.\(q.rawValue)(touch)"
    }
  }

  private static func actionValues(_ v: ActionValues, _ l: Language = .english) -> String {
    var parts: [String] = []
    if let t = v.translation { parts.append("translation \(point(t))") }
    if let s = v.scale { parts.append("scale \(JSONNumber.format(s))") }
    if let r = v.rotation { parts.append("rotation \(JSONNumber.format(r)) rad") }
    if let d = v.direction { parts.append("direction \(d.rawValue)") }
    return parts.isEmpty ? "" : l(", ", "，") + parts.joined(separator: l(", ", "，"))
  }

  private static func dropReason(_ reason: DropReason, _ l: Language = .english) -> String {
    switch reason {
    case .multipleTouchEnabled:
      return l(
        "multipleTouchEnabled is NO: the view takes one touch at a time", "multipleTouchEnabled 为 NO：视图一次只接受一个触摸")
    case .exclusiveTouch: return l("exclusiveTouch: another view's touch excludes it", "exclusiveTouch：另一个视图的触摸排斥了它")
    case .touchesShouldBegin:
      return l("the scroll view's touchesShouldBegin said NO", "滚动视图的 touchesShouldBegin 回答了 NO")
    case .scrolling:
      return l("the scroll view began scrolling before the content got the touch", "内容收到触摸之前，滚动视图就开始滚动了")
    case .cancelledBeforeDelivery:
      return l("the touch was cancelled while it was still withheld", "触摸在仍被扣住时被取消")
    case .cancelledBy(let id): return l("`\(id)` recognized while it was still withheld", "`\(id)` 在它仍被扣住时识别成功")
    case .ignoringInteractionEvents:
      return l(
        "it went down while the app ignored interaction events", "它按下时应用正在忽略交互事件")
    case .sendEventWithoutSuper(let by):
      return l(
        "\(sendEventOwner(by)).sendEvent(_:) did not call super for it",
        "\(sendEventOwner(by)).sendEvent(_:) 没有为它调用 super")
    }
  }
}
