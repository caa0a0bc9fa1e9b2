import Localization
import TouchSim
import TraceKit

/// Where a delivery went after touch.view: up the responder chain to whoever handled it (rule B).
struct ResponderChain: Equatable {
  enum End: Equatable {
    /// An enabled control took it (B-6).
    case control(String)
    /// A view that overrides touches* without calling super kept it (B-4).
    case handled(String)
    /// It fell off the end of the chain (B-5).
    case nobody
  }
  /// The hop from a presented view controller to the one that presented it, as [from, to] (B-2a).
  var presentation: [String]?
  var hops: [String]
  var end: End
}

/// Deliveries to touch.view, the responder chain, held-back and dropped deliveries, control events.
extension NarrationBuilder {
  func deliverySentences(_ members: [Int]) -> [Piece] {
    guard let i = members.first, case .deliver(let view, let method, let touches, _) = entry(i) else { return [] }
    var hops: [(index: Int, to: String)] = []
    var presentation: (from: String, to: String)?
    var events: [(TraceEvent.ControlEvent, TraceEvent.ControlValue?)] = []
    var controlIndex: Int?
    for j in members.dropFirst() {
      switch entry(j) {
      case .forward(let from, let to, _, let presenting):
        hops.append((j, to.description))
        if presenting { presentation = (from.description, to.description) }
      case .control(_, let e, _, let value):
        events.append((e, value))
        if controlIndex == nil { controlIndex = j }
      default: break
      }
    }
    var chain = responderChain(from: view, method, hops: hops.map(\.to))
    chain.presentation = presentation.map { [$0.from, $0.to] }
    let delivery = tracker.deliveries[i]
    let shownView = Phrase.code(view)

    if method == .touchesMoved {
      let crossing = events.contains { $0.0 == .touchDragExit || $0.0 == .touchDragEnter }
      if !crossing {
        return [
          .burst(
            .delivered(view: view, method: method),
            BurstItem(index: i, value: .delivered(chain: hops.isEmpty ? nil : chain, events: events)))
        ]
      }
    }

    var rules: [String] = []
    var text = language("\(shownView) received \(method.rawValue)", "\(shownView) 收到 \(method.rawValue)")
    let late = (delivery?.late ?? 0) > 0
    if !late && method == .touchesBegan && touches.contains(where: hadRecognizers) {
      text += language(" after the recognizers got the touch", "，晚于手势识别器收到该触摸")
      rules.append("F-1")
    }
    let swallowed = hops.isEmpty && !events.isEmpty
    if swallowed {
      text += language((rules.isEmpty ? "" : ",") + " and sent \(eventList(events))", "，并发送了 \(eventList(events))")
      rules += controlRules(events)
    }
    if late, let d = delivery {
      let (clause, r) = lateClause(view: view, method: method, delivery: d)
      text += language(", \(Phrase.ms(d.late ?? 0)) late, \(clause)", "，晚了 \(Phrase.ms(d.late ?? 0))，\(clause)")
      rules += r
    }
    if method == .touchesCancelled, let cause = delivery?.cause {
      let (clause, r) = causeClause(cause, touches: touches, view: view)
      if !clause.isEmpty { text += language(" because \(clause)", "，因为\(clause)") }
      rules += r
    }
    if hops.isEmpty && (method == .touchesEnded || method == .touchesCancelled),
      let (clause, r) = controlSettingsNote(view, method, events)
    {
      text += clause
      rules += r
    }
    if swallowed && events.contains(where: { $0.0 == .touchUpOutside }) {
      text += language(
        "; the finger lifted outside its bounds plus the tracking margin", "；手指在它的边界加上跟踪余量的范围之外抬起")
      rules.append("L7")
    }
    if hops.isEmpty, case .handled(let h) = chain.end, h == view {
      if let (clause, r) = perMethodStop(h, method, itself: true) {
        text += clause
        rules += r
      } else if method == .touchesBegan {
        text += language(
          "; it handles it itself (it overrides touches* without calling super)",
          "；它自己处理（它重写了 touches* 且没有调用 super）")
        rules.append("B-4")
      }
    }
    if hops.isEmpty && events.isEmpty, case .control(let c) = chain.end, c == view,
      let note = untrackedPhaseNote(view, method)
    {
      text += note
      rules.append("G-8.1a")
    }
    var pieces: [Piece] = []
    if let first = hops.first {
      let key = "\(view):" + chain.hops.joined(separator: ">") + "|\(chain.end)"
      if describedChains.contains(key) {
        text += language(", and it went up the same responder chain", "，并沿同一条响应者链向上传递") + chainEndNote(chain)
        rules.append("B-4")
        if case .handled(let h) = chain.end, stopsPerMethod(h) { rules.append("B-4a") }
        pieces.append(.line(index: i, text: sentence(text, rules)))
      } else {
        describedChains.insert(key)
        pieces.append(.line(index: i, text: sentence(text, rules)))
        pieces.append(.line(index: first.index, text: chainSentence(view, method, chain, events: events)))
      }
    } else {
      pieces.append(.line(index: i, text: sentence(text, rules)))
    }
    return pieces
  }

  /// ", where nobody handled it" / " to `buy`, which handles it".
  private func chainEndNote(_ chain: ResponderChain) -> String {
    switch chain.end {
    case .control(let c): return language(" to \(Phrase.code(c)), which handles it", "，到 \(Phrase.code(c)) 为止，由它处理")
    case .handled(let h): return language(" to \(Phrase.code(h)), which keeps it", "，到 \(Phrase.code(h)) 为止，由它留下")
    case .nobody: return language(", where nobody handled it", "，但没有任何响应者处理它")
    }
  }

  /// Whether any recognizer received this touch (so it came to the view after them, F-1).
  private func hadRecognizers(_ n: Int) -> Bool {
    tracker.fed.values.contains { $0.contains(n) }
  }

  func responderChain(from view: String, _ method: TouchMethod, hops: [String]) -> ResponderChain {
    let last = hops.last ?? view
    // B-4a: per method, for views and view controllers alike. G-8.1a: a control overriding this
    // method without super neither tracks in it nor forwards it.
    if let f = forwarding(of: last), !f.forwards(method) { return ResponderChain(hops: hops, end: .handled(last)) }
    if let spec = scene.views[last], spec.kind.isControl && spec.enabled {
      return ResponderChain(hops: hops, end: .control(last))
    }
    return ResponderChain(hops: hops, end: .nobody)
  }

  private func chainSentence(
    _ view: String, _ method: TouchMethod, _ chain: ResponderChain,
    events: [(TraceEvent.ControlEvent, TraceEvent.ControlValue?)]
  ) -> String {
    let path = chain.hops.map(hop).joined(separator: " → ")
    var rules = ["B-1"]
    if chain.hops.contains(where: { scene.isController($0) }) { rules.append("B-2") }
    rules.append("B-4")
    let passed = passedOnNote(view, method)
    if passed != nil { rules.append("B-4a") }
    var text = language(
      "\(Phrase.code(view)) did not handle \(method.rawValue)\(passed ?? ""), so it travelled up the responder chain: \(path)",
      "\(Phrase.code(view)) 没有处理 \(method.rawValue)\(passed ?? "")，所以它沿响应者链向上传递：\(path)")
    if let p = chain.presentation, p.count == 2 {
      let (from, to) = (Phrase.code(p[0]), Phrase.code(p[1]))
      text += language(
        " (\(from) was presented by \(to), so \(to) comes next, not the superview of \(from)'s view; this step is uncertain: it follows UIKit's documentation, not an observation)",
        "（\(from) 是由 \(to) 呈现的，所以下一个是 \(to)，而不是 \(from) 的视图的父视图；这一步并不确定：它依据 UIKit 的文档，而不是实际观察）")
      rules.append("B-2a")
    }
    switch chain.end {
    case .control(let c):
      text += language(
        "; \(Phrase.code(c)), \(article(scene.className(c))), handles it",
        "；\(Phrase.code(c))（\(scene.className(c))）处理了它")
      if !events.isEmpty { text += language(" and sent \(eventList(events))", "，并发送了 \(eventList(events))") }
      rules += ["B-6"] + controlRules(events)
    case .handled(let h):
      if let (clause, r) = perMethodStop(h, method) {
        text += clause
        rules += r
        break
      }
      text += language(
        "; \(Phrase.code(h)) handles it without calling super, so it stops there",
        "；\(Phrase.code(h)) 处理了它且没有调用 super，所以传递到此为止")
      if scene.views[h]?.kind.isControl == true {
        text += language(
          ", and as a control it tracks nothing: no control events",
          "；作为控件，它也不再跟踪触摸，不发送任何控件事件")
        rules.append("G-8.1a")
      }
    case .nobody:
      if chain.hops.last == "application" && !scene.appDelegateIsResponder {
        text += language(
          ", where nobody handled it (the app delegate is not a responder)",
          "，但没有任何响应者处理它（应用代理 appDelegate 不是响应者）")
        rules += ["B-3", "B-5"]
      } else {
        text += language(", where nobody handled it", "，但没有任何响应者处理它")
        rules.append("B-5")
      }
    }
    return sentence(text, rules)
  }

  /// Why a control's touch ended as it did when its settings or tracking overrides decided it (rules 8.6 to
  /// 8.8): a momentary segmented control's selection gone again, a tap that changed no segment or page, an
  /// endTracking or cancelTracking without super.
  func controlSettingsNote(
    _ view: String, _ method: TouchMethod, _ events: [(TraceEvent.ControlEvent, TraceEvent.ControlValue?)]
  ) -> (String, [String])? {
    guard let spec = scene.views[view], spec.kind.isControl else { return nil }
    let changed = events.contains { $0.0 == .valueChanged }
    let upInside = events.contains { $0.0 == .touchUpInside }
    let upAny = upInside || events.contains { $0.0 == .touchUpOutside }
    if method == .touchesCancelled {
      guard events.contains(where: { $0.0 == .touchCancel }), !spec.trackingOverrides.cancelTrackingCallsSuper
      else { return nil }
      return (
        language(
          "; its cancelTracking is overridden without calling super, so the control is not reset and stays highlighted",
          "；它重写了 cancelTracking 而没有调用 super，所以控件没有被复位，仍保持高亮"), ["8.8"]
      )
    }
    if upAny && !spec.trackingOverrides.endTrackingCallsSuper
      && [.switch, .segmentedControl, .pageControl, .stepper, .slider].contains(spec.kind) && !changed
    {
      return (
        language(
          "; its endTracking is overridden without calling super, so \(article(spec.kind.uikitClass))'s own end of tracking never runs: no valueChanged",
          "；它重写了 endTracking 而没有调用 super，所以 \(spec.kind.uikitClass) 自己结束跟踪的工作没有执行：没有 valueChanged"),
        ["8.8"]
      )
    }
    switch spec.kind {
    case .segmentedControl where spec.momentary && changed:
      return (
        language(
          "; it is momentary, so once the touch is over no segment is selected again (selectedSegmentIndex -1)",
          "；它是瞬时的（isMomentary），所以触摸结束后又没有任何分段被选中（selectedSegmentIndex 为 -1）"), ["8.6"]
      )
    case .segmentedControl where upInside && !changed && !spec.disabledSegments.isEmpty:
      let list = spec.disabledSegments.map(String.init).joined(separator: ", ")
      return (
        language(
          "; no valueChanged: the segment under the finger is disabled (segments \(list)) or already selected",
          "；没有 valueChanged：手指下的分段被禁用了（分段 \(list)），或者已经被选中"), ["8.6"]
      )
    case .pageControl where upInside && !changed:
      if spec.pageCount == 0 {
        return (
          language(
            "; no valueChanged: it has no pages (numberOfPages is 0, UIKit's default)",
            "；没有 valueChanged：它没有任何页面（numberOfPages 为 0，这是 UIKit 的默认值）"), ["8.7"]
        )
      }
      return (
        language(
          "; no valueChanged: it is already at its first or last page (numberOfPages \(spec.pageCount))",
          "；没有 valueChanged：它已经在第一页或最后一页（numberOfPages 为 \(spec.pageCount)）"), ["8.7"]
      )
    default:
      return nil
    }
  }

  /// The rules behind a list of control events: 8.1, and G-8.1b for a button's primaryActionTriggered.
  func controlRules(_ events: [(TraceEvent.ControlEvent, TraceEvent.ControlValue?)]) -> [String] {
    events.contains { $0.0 == .primaryActionTriggered } ? ["8.1", "G-8.1b"] : ["8.1"]
  }

  /// "touchDown", "touchDragExit, then touchUpOutside", "touchUpInside and valueChanged (value 1)".
  /// A control's value under the property UIKit's handler reads: "isOn true", "selectedSegmentIndex now 2".
  func controlValueText(_ value: TraceEvent.ControlValue?, now: Bool = false) -> String {
    let v = value ?? TraceEvent.ControlValue(.value, 0)
    let name = Phrase.code(v.property.rawValue)
    let shown = v.property == .isOn ? v.swiftText : Phrase.num(v.number)
    return now
      ? language("\(name) now \(shown)", "\(name) 现在为 \(shown)") : language("\(name) \(shown)", "\(name) 为 \(shown)")
  }

  func eventList(_ events: [(TraceEvent.ControlEvent, TraceEvent.ControlValue?)]) -> String {
    let names = events.map { e, value in
      e == .valueChanged
        ? language("valueChanged (\(controlValueText(value)))", "valueChanged（\(controlValueText(value))）")
        : e.rawValue
    }
    return names.joined(separator: language(", then ", "，然后 "))
  }

  /// Why a delivery came late, and what let it go (F-5, F-6, F-7, H-2, H-3).
  private func lateClause(view: String, method: TouchMethod, delivery d: GestureRecord.Delivery) -> (String, [String]) {
    let scrolls = d.heldBy.filter { scene.views[$0] != nil }
    let recognizers = d.heldBy.filter { scene.views[$0] == nil }
    if let s = scrolls.first {
      if d.releasedBy.contains(s) {
        return (
          language(
            "after \(Phrase.code(s))'s content-touch delay (delaysContentTouches)",
            "在 \(Phrase.code(s)) 的内容触摸延迟结束之后（delaysContentTouches）"),
          ["H-1", "H-2"]
        )
      }
      if tracker.lifted(at: d.t) {
        return (
          language(
            "at the lift: \(Phrase.code(s)) held the touch back until then (delaysContentTouches)",
            "在抬起时才到：\(Phrase.code(s)) 一直把这个触摸延迟到那时（delaysContentTouches）"),
          ["H-1", "H-3"]
        )
      }
      return (
        language(
          "held back by \(Phrase.code(s)) (delaysContentTouches)", "被 \(Phrase.code(s)) 延迟（delaysContentTouches）"),
        ["H-1"]
      )
    }
    let released = d.releasedBy.filter { recognizers.contains($0) }
    let property = method == .touchesBegan ? "delaysTouchesBegan" : "delaysTouchesEnded"
    let rule = method == .touchesBegan ? "F-5" : "F-6"
    if !released.isEmpty {
      return (
        language("now that \(codes(released)) failed (\(property))", "因为 \(codes(released)) 已失败（\(property)）"),
        [rule]
      )
    }
    if recognizers.isEmpty {
      return (
        language("queued behind an earlier phase that was held back", "它排在一个被延迟的更早阶段之后"), ["F-7"]
      )
    }
    return (language("held back by \(codes(recognizers))", "被 \(codes(recognizers)) 延迟"), [rule, "F-7"])
  }

  /// Why a view's touch was cancelled.
  func causeClause(_ cause: GestureRecord.Cause, touches: [Int], view: String? = nil) -> (String, [String]) {
    switch cause {
    case .recognizer(let r, let began):
      return (
        language(
          "\(Phrase.code(r)) \(began ? "began" : "recognized") and cancelsTouchesInView is on",
          "\(Phrase.code(r)) \(began ? "已开始" : "已识别")，且 cancelsTouchesInView 已打开"),
        ["F-2"]
      )
    case .scrolling(let s, let pan):
      if let v = view, v == s {
        return (
          language(
            "\(Phrase.code(s)) began scrolling (\(Phrase.code(pan)) cancels touches in its own view)",
            "\(Phrase.code(s)) 开始滚动（\(Phrase.code(pan)) 会取消它自己视图中的触摸）"),
          ["F-2"]
        )
      }
      return (language("\(Phrase.code(s)) began scrolling", "\(Phrase.code(s)) 开始滚动"), ["H-6"])
    case .system:
      let which = touches.count == 1 ? finger(touches[0]) : language("the touch", "该触摸")
      return (language("the system cancelled \(which)", "系统取消了\(which)"), ["C-1"])
    case .unknown:
      return ("", [])
    }
  }

  // MARK: Held back and dropped

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
    let (clause, rules) = dropClause(view: view, reason: reason, heldBy: tracker.dropHeldBy[i] ?? [])
    let text = language(
      "\(Phrase.code(view)) never gets \(fingers): \(clause)", "\(Phrase.code(view)) 永远收不到\(fingers)：\(clause)")
    return [.line(index: i, text: sentence(text, rules))]
  }

  /// Why the window never delivers a touch to a view (drop reasons, TRACE-EXTENSIONS).
  func dropClause(view: String, reason: DropReason, heldBy: [String] = []) -> (String, [String]) {
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
      // The scroll view whose pan is scrolling: touch.view itself when it is a scroll view (a list inside a
      // scrolling page: the list's own pan), else the nearest scroll view around it whose pan is active.
      let scrolls = scene.ancestry(view).filter { scene.views[$0]?.kind == .scroll }
      let s =
        scrolls.first { ![.possible, .failed].contains(tracker.state(ScrollSpec.panID(of: $0))) }
        ?? scrolls.first { $0 != view }
      let shown = s.map(Phrase.code) ?? language("its scroll view", "它所在的滚动视图")
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

  // MARK: Controls and scripted changes

  /// Control events that do not follow a delivery (not written by the engine today).
  func controlSentence(_ members: [Int]) -> [Piece] {
    guard let i = members.first, case .control(let c, _, _, _) = entry(i) else { return [] }
    let events = members.compactMap { j -> (TraceEvent.ControlEvent, TraceEvent.ControlValue?)? in
      if case .control(_, let e, _, let v) = entry(j) { return (e, v) }
      return nil
    }
    let text = language("\(Phrase.code(c)) sent \(eventList(events))", "\(Phrase.code(c)) 发送了 \(eventList(events))")
    return [.line(index: i, text: sentence(text, controlRules(events)))]
  }

  func setSentence(_ members: [Int]) -> [Piece] {
    guard let i = members.first, case .set(let target, let key, let value, let origin) = entry(i) else { return [] }
    if case .effect(let r) = origin { return effectSentence(i, recognizer: r, view: target, key: key) }
    let shown: String
    switch value {
    case .string(let text): shown = language("\"\(text)\"", "“\(text)”")
    // Chinese writes a list of ids as ids: [`spin`、`zoom`].
    case .list(let items)
    where language.isChinese && items.allSatisfy({ if case .string = $0 { true } else { false } }):
      shown = "[" + items.map { Phrase.code($0.description) }.joined(separator: "、") + "]"
    default: shown = value.description
    }
    // A toggle flipped by hand is the user's act, not the script's.
    let property = "\(Phrase.code(target)).\(key)"
    var text: String
    if language.isChinese {
      text = origin == .user ? "你在窗口中把 \(property) 设为 \(shown)" : "脚本把 \(property) 设为 \(shown)"
    } else {
      let who = origin == .user ? "You set" : "The script sets"
      text = "\(who) \(property) to \(shown)"
    }
    var rules: [String] = []
    switch (key, value) {
    case ("hidden", .bool(true)), ("userInteractionEnabled", .bool(false)):
      text += language(", so the hit test skips it from now on", "，所以从现在起命中测试会跳过它")
      rules.append("A-1")
    case ("alpha", .number(let a)) where a < 0.01:
      text += language(", so the hit test skips it from now on", "，所以从现在起命中测试会跳过它")
      rules.append("A-2")
    case ("enabled", .bool(false)) where scene.isControl(target):
      text += language(", so the hit test passes over it from now on", "，所以从现在起命中测试会越过它")
      rules.append("A-8")
    case ("isEnabled", .bool(false)):
      text += language(", so it takes no new touches", "，所以它不再接收新的触摸")
      rules.append("5.1")
    default: break
    }
    // A-13: a flag the view's hitTest override reads.
    if key.hasPrefix(SettableKeys.flagPrefix), case .bool(let on) = value {
      text +=
        on
        ? language(
          ", which its overridden hitTest reads: from the next touch-down on, its override entries with this flag count",
          "，它重写的 hitTest 会读取这个标志：从下一次按下起，带这个标志的重写条目生效")
        : language(
          ", which its overridden hitTest reads: from the next touch-down on, its override entries with this flag are skipped",
          "，它重写的 hitTest 会读取这个标志：从下一次按下起，带这个标志的重写条目被跳过")
      rules.append("A-13")
    }
    // C-14: a touch already down keeps its view and its recognizers; only new touches see the change.
    if ["hidden", "userInteractionEnabled", "alpha", "enabled"].contains(key), scene.views[target] != nil {
      let down = downInside(target)
      if !down.isEmpty {
        text += language(
          "; \(fingers(down)) is already down and keeps its view: hit-testing happens only at touch-down",
          "；\(fingers(down))已经按下，保持它的视图：命中测试只在按下时进行")
        rules.append("C-14")
      }
    }
    for j in members {
      if case .scroll(let v, let offset, _) = entry(j) {
        text += language(
          "; \(Phrase.code(v)) scrolls to \(Phrase.point(offset))", "；\(Phrase.code(v)) 滚动到 \(Phrase.point(offset))")
      }
    }
    if origin == .user { text += language(" in the window; the next touch runs with it", "；下一次触摸会按这个设置运行") }
    return [.line(index: i, text: sentence(text, rules))]
  }

  // MARK: Bursts

  func renderBurst(_ key: BurstKey, _ items: [BurstItem]) -> String {
    let count = items.count
    switch key {
    case .move(let n):
      guard case .move(let p) = items.last?.value else { return "" }
      if language.isChinese {
        let steps = count > 1 ? "分 \(count) 步" : ""
        return sentence("手指 \(n) \(steps)移动到 \(Phrase.point(p))")
      }
      return sentence("Finger \(n) moves to \(Phrase.point(p))" + (count > 1 ? " in \(count) steps" : ""))
    case .delivered(let view, let method):
      var text =
        language("\(Phrase.code(view)) received \(method.rawValue)", "\(Phrase.code(view)) 收到 \(method.rawValue)")
        + (count > 1 ? language(" \(count) times", " \(count) 次") : "")
      var rules: [String] = []
      var names: [String] = []
      var lastValue: TraceEvent.ControlValue?
      var chain: ResponderChain?
      for item in items {
        guard case .delivered(let c, let events) = item.value else { continue }
        if chain == nil { chain = c }
        for (e, v) in events {
          if !names.contains(e.rawValue) { names.append(e.rawValue) }
          if e == .valueChanged { lastValue = v }
        }
      }
      if !names.isEmpty {
        text += language(" and sent \(list(names))", "，并发送了 \(list(names))")
        if let lastValue {
          text += language(
            " (\(controlValueText(lastValue, now: true)))", "（\(controlValueText(lastValue, now: true))）")
        }
        rules.append("8.1")
      }
      if let chain {
        text +=
          (count > 1
            ? language("; each went up the responder chain", "；每次都沿响应者链向上传递")
            : language("; it went up the responder chain", "；它沿响应者链向上传递")) + chainEndNote(chain)
        rules.append("B-4")
        if case .handled(let h) = chain.end, stopsPerMethod(h) { rules.append("B-4a") }
      }
      return sentence(text, rules)
    case .held(let view, let method):
      let by: [String] = {
        if case .held(let b) = items.first?.value { return b }
        return []
      }()
      let text =
        language(
          "\(Phrase.code(view))'s \(method.rawValue) is held back as well",
          "\(Phrase.code(view)) 的 \(method.rawValue) 也被延迟了")
        + (count > 1 ? language(" (\(count) times)", "（\(count) 次）") : "")
        + (by.isEmpty
          ? ""
          : language(", while \(codes(by)) \(by.count == 1 ? "is" : "are") undecided", "，此时 \(codes(by)) 尚未决定"))
      return sentence(text, ["F-7"])
    case .changed(let r):
      let fingers = [.pinch, .rotation].contains(scene.recognizerKind(r)) ? "fingers" : "finger"
      var lifts = 0
      for item in items { if case .changed(_, .fingerLifted) = item.value { lifts += 1 } }
      let how =
        lifts == 0
        ? language("as the \(fingers) moved", "随着手指移动")
        : lifts == count
          ? (count == 1 ? language("as a finger lifted", "随着一根手指抬起") : language("as fingers lifted", "随着手指抬起"))
          : language("as the fingers moved and lifted", "随着手指移动和抬起")
      var text = language(
        "\(Phrase.code(r)) changed \(times(count)) \(how)", "\(Phrase.code(r)) \(how)报告了 \(times(count)) changed")
      if case .changed(let values?, _) = items.last?.value, let v = valueNote(values) {
        text += language(" (\(v))", "（\(v)）")
      }
      return sentence(text, ["5.1"])
    case .scroll(let view):
      guard case .scroll(let p) = items.last?.value else { return "" }
      var text =
        language("\(Phrase.code(view)) scrolled", "\(Phrase.code(view)) 滚动了") + (count > 1 ? " \(times(count))" : "")
        + language("; contentOffset is now \(Phrase.point(p))", "；contentOffset 现在为 \(Phrase.point(p))")
      var rules = ["H-8"]
      // Past the range it rests in: only a bouncing drag takes it there (rule H-12).
      if let v = scene.views[view], let sc = v.scroll {
        let range = sc.offsetRange(bounds: v.bounds.size)
        if !range.x.contains(p.x) || !range.y.contains(p.y) {
          text += language(
            ", past the edge of its content, where the rubber band holds it back (bounces)",
            "，超出了内容的边缘，橡皮筋阻力拖住了它（bounces）")
          rules.append("H-12")
        }
      }
      return sentence(text, rules)
    case .zoom(let view):
      return zoomBurst(view, items)
    case .effect(let r, let view, let key):
      return effectBurst(r, view: view, key: key, items)
    }
  }

  /// What an action handler would read that changes as the finger moves.
  private func valueNote(_ v: ActionValues) -> String? {
    if let t = v.translation {
      return language("translation now \(Phrase.point(t))", "translation(in:) 现在为 \(Phrase.point(t))")
    }
    if let s = v.scale { return language("scale now \(Phrase.num(s))", "缩放比例现在为 \(Phrase.num(s))") }
    if let r = v.rotation {
      return language("rotation now \(Phrase.num(r)) rad", "旋转角度现在为 \(Phrase.num(r)) rad")
    }
    return language(
      "location now \(Phrase.point(v.location))", "location(in:) 现在为 \(Phrase.point(v.location))")
  }
}
