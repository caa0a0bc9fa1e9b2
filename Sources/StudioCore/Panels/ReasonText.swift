import Localization
import Narration
import TouchSim

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
