import Localization
import Narration
import TouchSim

/// The engine's reasons in the window's language: English as the trace writes them (`text`), Chinese
/// written here, with the same numbers, ids and UIKit names.
extension StateReason {
  func text(_ l: Language) -> String {
    guard l.isChinese else { return text }
    let n = Self.number
    switch self {
    case .tapped: return "点击已完成"
    case .tapsComplete(let tap, let required): return "第 \(tap) 次点击（共 \(required) 次）"
    case .nextTapTooFar(let tap, let d, let allowed):
      return "第 \(tap) 次点击离第一次 \(n(d)) pt > \(n(allowed)) pt"
    case .movedTooFar(let d, let allowed): return "移动了 \(n(d)) pt > \(n(allowed)) pt"
    case .tooFewTouchesTogether(let down, let required): return "同时按下的手指只有 \(down) 根，需要 \(required) 根"
    case .tooManyTouches(let count, let required): return "\(count) 根手指 > 要求的 \(required) 根"
    case .noNextTap(let tap, let interval): return "\(n(interval)) ms 内没有第 \(tap) 次点击"
    case .heldTooLongForTap(let maximum): return "按住超过 \(n(maximum)) ms"
    case .heldForPress(let duration): return "按住了 \(n(duration)) s"
    case .pressTooFarFromFirstTap(let d, let allowed): return "按下处离第一次点击 \(n(d)) pt > \(n(allowed)) pt"
    case .movedBeforePress(let d, let allowed, let duration):
      return "\(n(duration)) s 之前移动了 \(n(d)) pt > \(n(allowed)) pt"
    case .liftedBeforePress(let duration): return "\(n(duration)) s 之前就抬起了"
    case .moved: return "移动"
    case .fingerLifted: return "一根手指抬起"
    case .lifted: return "抬起"
    case .touchCancelled: return "触摸被取消"
    case .movedPastHysteresis(let d, let h): return "移动了 \(n(d)) pt ≥ \(n(h)) pt"
    case .movedInFromEdge(let d, let h): return "从边缘向内移动了 \(n(d)) pt ≥ \(n(h)) pt"
    case .movedAlongScrollableAxis(let d, let h): return "沿可滚动方向移动了 \(n(d)) pt ≥ \(n(h)) pt"
    case .outsideEdgeBand(let d, let band): return "按下处离边缘 \(n(d)) pt，在 \(n(band)) pt 的边缘带之外"
    case .liftedBeforeMoving(let d): return "移动 \(n(d)) pt 之前就抬起了"
    case .liftedWithoutScrollableTravel(let d): return "移动了 \(n(d)) pt 后抬起，但都不在可滚动的方向上"
    case .leftToParentAtEdge(let parent, let edge): return "停在\(edge.chinese)且继续往外拉：交给 \(parent)"
    case .swiped(let direction, let d, let elapsed):
      return "\(n(elapsed)) ms 内向 \(direction.rawValue) 轻扫了 \(n(d)) pt"
    case .wrongDirection(let moved, let allowed):
      return "向 \(moved.rawValue) 移动，而不是 \(allowed.map(\.rawValue).joined(separator: "/"))"
    case .tooSlow(let maximum): return "慢于 \(n(maximum)) ms"
    case .distanceChanged(let change, let threshold): return "距离变化了 \(n(change)) pt ≥ \(n(threshold)) pt"
    case .turned(let angle, let threshold): return "转动了 \(n(angle)) rad ≥ \(n(threshold)) rad"
    case .liftedBeforeFingersMoved: return "手指移动得还不够就抬起了"
    case .disabled: return "isEnabled 被设为 false"
    case .requiredGestureRecognized(let id): return "所要求的手势 \(id) 已识别"
    case .excludedBy(let id): return "被 \(id) 排除"
    case .afterWaiting(let ids, let reason): return "\(ids.joined(separator: "、")) 已失败；\(reason.text(l))"
    case .delegateRefusedBegin: return "代理的 gestureRecognizerShouldBegin 返回 NO"
    case .viewRefusedBegin(let view): return "\(view) 的 gestureRecognizerShouldBegin 返回 NO"
    case .controlVeto(let control, let className, let gesture):
      return "\(control)（\(className)）否决了\(gesture.text(l))"
    case .contentTracksTouch(let view): return "canCancelContentTouches 为 NO，且 \(view) 正在跟踪这次触摸"
    case .contentRefusedCancel(let view): return "touchesShouldCancel(in: \(view)) 返回 NO"
    case .reset: return "重置"
    }
  }
}

extension StateReason.VetoedGesture {
  func text(_ l: Language) -> String {
    switch self {
    case .superviewSingleTap: return l(text, "父视图的单击")
    case .swipeAlongTrack: return l(text, "沿滑轨的轻扫")
    case .panOnKnob: return l(text, "滑块上的平移")
    }
  }
}

extension DropReason {
  /// The trace's wording (`text`) in `l`.
  func text(_ l: Language) -> String {
    switch self {
    case .cancelledBy(let id): return l(text, "在递送之前被 \(id) 取消")
    case .cancelledBeforeDelivery: return l(text, "在递送之前被取消")
    case .scrolling: return l(text, "正在滚动")
    case .ignoringInteractionEvents: return l(text, "应用正在忽略交互事件")
    case .sendEventWithoutSuper(let by):
      return l(text, "\(TraceDescriber.sendEventOwner(by)) 的 sendEvent 没有调用 super")
    case .multipleTouchEnabled, .exclusiveTouch, .touchesShouldBegin: return text
    }
  }
}
