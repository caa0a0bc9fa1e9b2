import Localization
import TouchSim
import TraceKit

/// Per-method forwarding (rule B-4a) and a control's tracking phase by phase (G-8.1a) in words.
extension NarrationBuilder {
  /// The `touches*` overrides of a responder of the scene: a view's own, or a view controller's (kept
  /// on its view). Nil for the window, the application and the app delegate.
  func forwarding(of responder: String) -> TouchForwarding? {
    if let v = scene.views[responder] { return v.touchForwarding }
    return scene.views.values.first { $0.controller == responder }?.controllerTouchForwarding
  }

  /// Whether the chain stops at `responder` by rule B-4a rather than B-4 alone: a view controller, or
  /// a view that calls super from some of its `touches*` and not from others.
  func stopsPerMethod(_ responder: String) -> Bool {
    scene.isController(responder) || !(forwarding(of: responder)?.isUniform ?? true)
  }

  /// "; `box` overrides touchesBegan without calling super …": why a call stopped at `h` (B-4a), with
  /// what that costs a control in this phase (G-8.1a). Nil when B-4's plain sentence says it.
  /// `itself`: `h` is the view that received the call (the sentence already names it).
  func perMethodStop(_ h: String, _ method: TouchMethod, itself: Bool = false) -> (text: String, rules: [String])? {
    guard stopsPerMethod(h), let f = forwarding(of: h) else { return nil }
    let m = method.rawValue
    if scene.isController(h) {
      let others = f.isUniform ? "" : language(" (its other touches methods call super)", "（它的其他 touches* 方法调用了 super）")
      return (
        language(
          "; the view controller \(Phrase.code(h)) overrides \(m) without calling super\(others), so it stops there",
          "；视图控制器 \(Phrase.code(h)) 重写了 \(m) 且没有调用 super\(others)，所以传递到此为止"),
        ["B-4a"]
      )
    }
    let passing = f.stopped.count == 3 ? TouchMethod.allCases.filter(f.forwards).map(\.rawValue) : []
    let others =
      passing.isEmpty
      ? language(" (its other touches methods call super)", "（它的其他 touches* 方法调用了 super）")
      : language(" (only its \(passing[0]) calls super)", "（只有它的 \(passing[0]) 调用了 super）")
    let who = itself ? language("it", "它") : Phrase.code(h)
    var text = language(
      "; \(who) overrides \(m) without calling super\(others), so this call stops there",
      "；\(who) 重写了 \(m) 且没有调用 super\(others)，所以这次调用到此为止")
    var rules = ["B-4a"]
    if let c = controlPhaseLoss(h, method) {
      text += c
      rules.append("G-8.1a")
    }
    return (text, rules)
  }

  /// What a control loses when UIControl's own `method` never runs (G-8.1a, phase by phase).
  func controlPhaseLoss(_ h: String, _ method: TouchMethod) -> String? {
    guard let spec = scene.views[h], spec.kind.isControl, spec.enabled else { return nil }
    switch method {
    case .touchesBegan:
      return language(
        "; UIControl's own touchesBegan never runs, so the control never starts tracking: no touchDown, and no control events for the rest of this touch",
        "；UIControl 自己的 touchesBegan 没有运行，所以控件根本不会开始跟踪：没有 touchDown，这次触摸余下的部分也没有任何控件事件")
    case .touchesMoved:
      return language(
        "; UIControl's own touchesMoved never runs: no drag events and no value change while the finger moves",
        "；UIControl 自己的 touchesMoved 没有运行：手指移动时没有拖动事件，值也不会改变")
    case .touchesEnded:
      return language(
        "; UIControl's own touchesEnded never runs: no touchUpInside or touchUpOutside, and the control is left tracking and highlighted",
        "；UIControl 自己的 touchesEnded 没有运行：没有 touchUpInside 或 touchUpOutside，控件停留在跟踪和高亮状态")
    case .touchesCancelled:
      return language(
        "; UIControl's own touchesCancelled never runs: no touchCancel",
        "；UIControl 自己的 touchesCancelled 没有运行：没有 touchCancel")
    }
  }

  /// "; UIControl's touchesCancelled runs, but …": a control whose touchesBegan did not call super gets
  /// its cancellation, and sends nothing, because it never started tracking (G-8.1a). (Its moves and lift
  /// go up the chain instead: `untrackedForwardNote`.)
  func untrackedPhaseNote(_ view: String, _ method: TouchMethod) -> String? {
    guard method == .touchesCancelled, let spec = scene.views[view], spec.kind.isControl, spec.enabled,
      spec.touchForwarding.forwards(method), !spec.touchForwarding.forwards(.touchesBegan)
    else { return nil }
    return language(
      "; UIControl's own \(method.rawValue) runs, but the control never started tracking (its touchesBegan does not call super), so it sends nothing",
      "；UIControl 自己的 \(method.rawValue) 运行了，但控件从未开始跟踪（它的 touchesBegan 没有调用 super），所以什么也不发送")
  }

  /// " (a control that is not tracking: …)" and its rules: why an enabled control passed a moved or ended
  /// phase up the chain (B-7b; G-8.1a when its touchesBegan does not call super); nil for any other view
  /// or phase.
  func untrackedForwardNote(_ view: String, _ method: TouchMethod) -> (clause: String, rules: [String])? {
    guard method == .touchesMoved || method == .touchesEnded, let spec = scene.views[view], spec.kind.isControl,
      spec.enabled, spec.touchForwarding.forwards(method)
    else { return nil }
    if !spec.touchForwarding.forwards(.touchesBegan) {
      return (
        language(
          " (its touchesBegan does not call super, so it never started tracking, and UIControl's own \(method.rawValue), finding it not tracking, sends nothing and calls super)",
          "（它的 touchesBegan 没有调用 super，所以它从未开始跟踪；UIControl 自己的 \(method.rawValue) 发现它没有在跟踪，就不发送任何事件，而是调用 super）"
        ), ["B-7b", "G-8.1a"]
      )
    }
    return (
      language(
        " (it is a control that is not tracking: UIControl's own \(method.rawValue) sends nothing and calls super)",
        "（它是一个没有在跟踪的控件：UIControl 自己的 \(method.rawValue) 不发送任何事件，而是调用 super）"), ["B-7b"]
    )
  }

  /// "`box` passed touchesEnded on (…)": the start of a chain sentence for a view that stops some of its
  /// touches methods and not this one (B-4a).
  func passedOnNote(_ view: String, _ method: TouchMethod) -> String? {
    guard let f = scene.views[view]?.touchForwarding, !f.isUniform, f.forwards(method) else { return nil }
    let stopped = f.stopped.map(\.rawValue)
    return language(
      " (its \(method.rawValue) calls super, although its \(list(stopped)) \(stopped.count == 1 ? "does" : "do") not)",
      "（它的 \(method.rawValue) 调用了 super，而它的 \(list(stopped)) 没有）")
  }
}
