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

/// Deliveries to touch.view and the responder chain they go up; how late a held one came, and why a
/// touch was cancelled.
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
    if method == .touchesCancelled, let since = delivery?.replacesEndedHeldSince {
      text += language(
        " (in place of the touchesEnded held back since \(Phrase.ms(since)))",
        "，取代自 \(Phrase.ms(since)) 起被延迟的 touchesEnded")
      rules.append("F-6")
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
  func chainEndNote(_ chain: ResponderChain) -> String {
    switch chain.end {
    case .control(let c): return language(" to \(Phrase.code(c)), which handles it", "，到 \(Phrase.code(c)) 为止，由它处理")
    case .handled(let h): return language(" to \(Phrase.code(h)), which keeps it", "，到 \(Phrase.code(h)) 为止，由它留下")
    case .nobody: return language(", where nobody handled it", "，但没有任何响应者处理它")
    }
  }

  /// Whether any recognizer received this touch (so it came to the view after them, F-1).
  func hadRecognizers(_ n: Int) -> Bool {
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

  func chainSentence(
    _ view: String, _ method: TouchMethod, _ chain: ResponderChain,
    events: [(TraceEvent.ControlEvent, TraceEvent.ControlValue?)]
  ) -> String {
    let path = chain.hops.map(hop).joined(separator: " → ")
    var rules = ["B-1"]
    if chain.hops.contains(where: { scene.isController($0) }) { rules.append("B-2") }
    rules.append("B-4")
    let passed: String?
    if let (clause, r) = untrackedForwardNote(view, method) {
      passed = clause
      rules += r
    } else {
      passed = passedOnNote(view, method)
      if passed != nil { rules.append("B-4a") }
    }
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
  func lateClause(view: String, method: TouchMethod, delivery d: GestureRecord.Delivery) -> (String, [String]) {
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
}
