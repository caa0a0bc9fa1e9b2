import Localization
import TouchSim
import TraceKit

/// A clause that reads after "because" ("因为"), with the rules it rests on.
struct Because {
  var text: String
  var rules: [String]
}

/// Turns the engine's reasons (docs/TRACE-FORMAT.md, `state.reason`) into plain clauses, in the narration's language.
enum ReasonText {
  /// Why a recognizer changed state, as a clause after "because".
  static func because(
    _ reason: StateReason, recognizer kind: RecognizerKind?, scene: LiveScene, _ language: Language
  ) -> Because {
    let n = StateReason.number
    let l = language
    let twoFingers = kind == .pinch || kind == .rotation
    let fingers = twoFingers ? l("the fingers", "手指") : l("the finger", "手指")
    switch reason {
    case .tapped: return Because(text: l("the tap is complete", "点击已完成"), rules: ["5.1"])
    case .moved: return Because(text: l("\(fingers) moved", "\(fingers)移动了"), rules: ["5.1"])
    case .fingerLifted: return Because(text: l("a finger lifted", "一根手指抬起了"), rules: ["5.1"])
    case .lifted: return Because(text: l("\(fingers) lifted", "\(fingers)抬起了"), rules: ["5.1"])
    case .touchCancelled: return Because(text: l("its touch was cancelled", "它的触摸被取消了"), rules: ["5.4"])
    case .disabled: return Because(text: l("its isEnabled was set to false", "它的 isEnabled 被设为 false"), rules: ["5.1"])
    case .delegateRefusedBegin:
      return Because(
        text: l(
          "its delegate answered NO to gestureRecognizerShouldBegin",
          "它的代理对 gestureRecognizerShouldBegin 回答了 NO"),
        rules: ["5.3"])
    case .liftedBeforeFingersMoved:
      return Because(
        text: l("the fingers lifted before moving enough", "手指在移动足够距离之前就抬起了"), rules: ["5.4", "L10"])
    case .tapsComplete(let tap, let required):
      return Because(
        text: l("tap \(tap) of \(required) is complete", "\(required) 次点击中的第 \(tap) 次已完成"), rules: ["5.1"])
    case .nextTapTooFar(let tap, let distance, let allowed):
      return Because(
        text: l(
          "tap \(tap) landed \(n(distance)) pt from the first, more than \(n(allowed)) pt away",
          "第 \(tap) 次点击落在距第一次 \(n(distance)) pt 处，超过了 \(n(allowed)) pt"),
        rules: ["I", "C-6"])
    case .pressTooFarFromFirstTap(let distance, let allowed):
      return Because(
        text: l(
          "the finger went down \(n(distance)) pt from the first tap, more than \(n(allowed)) pt away",
          "手指按下的位置距第一次点击 \(n(distance)) pt，超过了 \(n(allowed)) pt"),
        rules: ["I", "C-6"])
    case .heldTooLongForTap(let maximum):
      return Because(
        text: l(
          "the finger stayed down longer than \(n(maximum)) ms, too long for a tap",
          "手指按住超过了 \(n(maximum)) ms，对点击来说太久了"),
        rules: ["L2"])
    case .heldForPress(let duration):
      return Because(
        text: l(
          "the finger stayed down \(n(duration)) s (minimumPressDuration)",
          "手指已按住 \(n(duration)) s（minimumPressDuration）"),
        rules: ["I"])
    case .noNextTap(let tap, let interval):
      return Because(
        text: l(
          "no \(Phrase.ordinal(tap, l)) tap came within \(n(interval)) ms",
          "\(n(interval)) ms 内没有出现\(Phrase.ordinal(tap, l))点击"),
        rules: ["I"])
    case .movedAlongScrollableAxis(let distance, let hysteresis):
      return Because(
        text: l(
          "the finger moved \(n(distance)) pt along a scrollable axis (at least \(n(hysteresis)) pt)",
          "手指沿可滚动的方向移动了 \(n(distance)) pt（至少需要 \(n(hysteresis)) pt）"),
        rules: ["H-8"])
    case .movedInFromEdge(let distance, let hysteresis):
      return Because(
        text: l(
          "the finger moved \(n(distance)) pt in from the edge (at least \(n(hysteresis)) pt)",
          "手指从屏幕边缘向内移动了 \(n(distance)) pt（至少需要 \(n(hysteresis)) pt）"),
        rules: ["L8"])
    case .movedPastHysteresis(let distance, let hysteresis):
      return Because(
        text: l(
          "the finger moved \(n(distance)) pt (at least \(n(hysteresis)) pt)",
          "手指移动了 \(n(distance)) pt（至少需要 \(n(hysteresis)) pt）"),
        rules: ["I"])
    case .movedBeforePress(let distance, let allowed, let duration):
      return Because(
        text: l(
          "the finger moved \(n(distance)) pt, more than its allowableMovement of \(n(allowed)) pt, before \(n(duration)) s",
          "手指在 \(n(duration)) s 之前移动了 \(n(distance)) pt，超过了它的 allowableMovement（\(n(allowed)) pt）"),
        rules: ["I"])
    case .movedTooFar(let distance, let allowed):
      return Because(
        text: l(
          "the finger moved \(n(distance)) pt, more than the \(n(allowed)) pt a tap allows",
          "手指移动了 \(n(distance)) pt，超过了点击允许的 \(n(allowed)) pt"),
        rules: ["I"])
    case .wrongDirection(let moved, let allowed):
      return Because(
        text: l(
          "the finger \(reason.text)",
          "手指\(direction(moved, l))移动，而不是\(Phrase.list(allowed.map { direction($0, l) }, or: true, l))"),
        rules: ["L9"])
    case .swiped(let d, let distance, let elapsed):
      return Because(
        text: l(
          "the finger \(reason.text)", "手指在 \(n(elapsed)) ms 内\(direction(d, l))轻扫了 \(n(distance)) pt"),
        rules: ["L9"])
    case .distanceChanged(let change, let threshold):
      return Because(
        text: l(
          "the distance between the fingers changed \(n(change)) pt (at least \(n(threshold)) pt)",
          "两指之间的距离变化了 \(n(change)) pt（至少需要 \(n(threshold)) pt）"),
        rules: ["L10"])
    case .turned(let angle, let threshold):
      return Because(
        text: l(
          "the fingers turned \(n(angle)) rad (at least \(n(threshold)) rad)",
          "两指旋转了 \(n(angle)) rad（至少需要 \(n(threshold)) rad）"),
        rules: ["L10"])
    case .tooManyTouches(let count, let required):
      return Because(
        text: l("\(count) fingers touched, but it takes \(required)", "有 \(count) 根手指触摸，但它需要 \(required) 根"),
        rules: ["I"])
    case .tooFewTouchesTogether(let down, let required):
      return Because(
        text: l(
          "only \(down) of the \(required) fingers it needs were down together",
          "它需要的 \(required) 根手指中只有 \(down) 根同时按下"),
        rules: ["I"])
    case .liftedBeforeMoving(let distance):
      return Because(
        text: l("the finger lifted before moving \(n(distance)) pt", "手指在移动 \(n(distance)) pt 之前就抬起了"),
        rules: kind == .swipe ? ["L9"] : ["5.4"])
    case .liftedWithoutScrollableTravel(let distance):
      return Because(
        text: l(
          "the finger moved \(n(distance)) pt, but not along an axis the scroll view can scroll (its content fits there, and it does not always bounce)",
          "手指移动了 \(n(distance)) pt，但不在滚动视图能滚动的方向上（内容在那个方向上放得下，且没有打开 alwaysBounce）"),
        rules: ["H-8", "H-13"])
    case .leftToParentAtEdge(let parent, let edge):
      return Because(
        text: l(
          "its content already rested at its \(edge.rawValue) edge and the drag pulled past it, so it leaves the drag to \(Phrase.code(parent)), which can scroll that way",
          "它的内容已经停在\(edge.chinese)，而这次拖动要继续往外拉，所以它把拖动交给能朝这个方向滚动的 \(Phrase.code(parent))"),
        rules: ["H-17"])
    case .liftedBeforePress(let duration):
      return Because(
        text: l(
          "the finger lifted before \(n(duration)) s (minimumPressDuration)",
          "手指在 \(n(duration)) s 之前就抬起了（minimumPressDuration）"),
        rules: ["I"])
    case .liftedWhileWaiting(let ids):
      return Because(
        text: l(
          "the finger lifted while it still waited for \(Phrase.codes(ids, or: true, .english)) to fail, after its own condition was met",
          "它自己的条件已经满足，但手指抬起时它仍在等待 \(Phrase.codes(ids, or: true, .simplifiedChinese)) 失败"),
        rules: ["E-6.3", "5.4"])
    case .tooSlow(let maximum):
      return Because(
        text: l("the movement took longer than \(n(maximum)) ms", "移动用时超过了 \(n(maximum)) ms"), rules: ["L9"])
    case .outsideEdgeBand(let distance, let band):
      return Because(
        text: l(
          "the finger went down \(n(distance)) pt from the edge, outside the \(n(band)) pt edge band",
          "手指按下的位置距屏幕边缘 \(n(distance)) pt，在 \(n(band)) pt 的边缘区域之外"),
        rules: ["L8"])
    case .requiredGestureRecognized(let id):
      return Because(
        text: l(
          "\(Phrase.code(id)), which it waits for, recognized", "它所等待的 \(Phrase.code(id)) 已识别"),
        rules: ["E-6.3"])
    case .excludedBy(let x):
      let discrete = scene.recognizerKind(x)?.isDiscrete == true
      let verb = discrete ? l("recognized", "识别") : l("began", "开始")
      return Because(
        text: l(
          "\(Phrase.code(x)) \(verb) first and excludes it", "\(Phrase.code(x)) 先\(verb)了，因而排除了它"),
        rules: ["E-6.1"])
    case .viewRefusedBegin(let view):
      return Because(
        text: l(
          "\(Phrase.code(view)) answered NO to gestureRecognizerShouldBegin",
          "\(Phrase.code(view)) 对 gestureRecognizerShouldBegin 回答了 NO"),
        rules: ["5.3"])
    case .controlVeto(let control, let className, let gesture):
      let cls = Phrase.article(className, l)
      return Because(
        text: l(
          "\(Phrase.code(control)) is \(cls), and \(cls) says no to \(gesture.text)",
          "\(Phrase.code(control)) 是 \(cls)，而 \(cls) 不允许\(vetoed(gesture, l))"),
        rules: gesture == .panOnKnob ? ["8.3", "L20"] : ["8.3"])
    case .contentTracksTouch(let view):
      return Because(
        text: l(
          "canCancelContentTouches is off and \(Phrase.code(view)) is already tracking the touch",
          "canCancelContentTouches 已关闭，而 \(Phrase.code(view)) 已在跟踪这个触摸"),
        rules: ["H-6"])
    case .contentRefusedCancel(let view):
      let control = scene.isControl(view) ? l(", as it does for a control", "，控件总是如此") : ""
      return Because(
        text: l(
          "touchesShouldCancel(in: \(Phrase.code(view))) returned NO\(control)",
          "touchesShouldCancel(in: \(Phrase.code(view))) 返回了 NO\(control)"),
        rules: ["H-6", "H-7"])
    case .afterWaiting, .reset:
      // Told by the callers (the waited-for recognizers; a reset is not a decision): quoted as written.
      return Because(text: words(reason, recognizer: kind, scene: scene, l), rules: [])
    }
  }

  /// The reason as the trace writes it in English (`StateReason.text`); in Chinese, the reason told in
  /// Chinese words, for the places that quote it in parentheses.
  static func words(_ reason: StateReason, recognizer kind: RecognizerKind?, scene: LiveScene, _ language: Language)
    -> String
  {
    guard language.isChinese else { return reason.text }
    switch reason {
    case .reset: return "重置"
    case .afterWaiting(let ids, let rest):
      return "\(Phrase.codes(ids, language)) 失败；" + words(rest, recognizer: kind, scene: scene, language)
    default: return because(reason, recognizer: kind, scene: scene, language).text
    }
  }

  /// "向右", "向上".
  static func direction(_ d: Direction, _ language: Language) -> String {
    switch d {
    case .right: return language("right", "向右")
    case .left: return language("left", "向左")
    case .up: return language("up", "向上")
    case .down: return language("down", "向下")
    }
  }

  /// The gesture a control says no to: "a superview's single tap".
  static func vetoed(_ gesture: StateReason.VetoedGesture, _ language: Language) -> String {
    switch gesture {
    case .superviewSingleTap: return language(gesture.text, "父视图上的单击")
    case .swipeAlongTrack: return language(gesture.text, "沿其滑轨的轻扫")
    case .panOnKnob: return language(gesture.text, "在其开关钮上的拖动")
    }
  }
}

extension StateReason.Edge {
  /// The edge in Chinese, as the narration and the panels write it.
  public var chinese: String {
    switch self {
    case .top: return "顶端"
    case .left: return "左端"
    case .bottom: return "底端"
    case .right: return "右端"
    }
  }
}

/// The engine's reasons as short phrases in `l`, as the panels quote them: English as the trace writes them
/// (`text`), Chinese written here, beside the sentences the narration makes of the same reasons (above), so
/// the two wordings of one reason are read and changed together.
extension StateReason {
  public func text(_ l: Language) -> String {
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
    case .liftedWhileWaiting(let ids): return "在等待 \(Phrase.codes(ids, .simplifiedChinese)) 失败时抬起了"
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
  /// The gesture in `l`: the same words the narration uses (`ReasonText.vetoed`).
  public func text(_ l: Language) -> String { ReasonText.vetoed(self, l) }
}
