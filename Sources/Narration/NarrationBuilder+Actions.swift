import TouchSim

/// Rules B-7, B-7a and C-11: a control's actions and their search along the responder chain, and the
/// event's way in through `sendEvent(_:)`.
extension NarrationBuilder {
  /// A `sendAction` line with its `canPerform` answers and its `perform` (one group).
  func sendActionSentence(_ members: [Int]) -> [Piece] {
    guard let first = members.first else { return [] }
    guard case .sendAction(let control, let event, let action, let target, let from) = entry(first) else {
      return performSentence(members)
    }
    let c = Phrase.code(control)
    if let target {
      let text = language(
        "\(c) sends \(action) for \(event.rawValue) to its target \(Phrase.code(target.description)), which performs it: with a target, the responder chain is not searched",
        "\(c) 因 \(event.rawValue) 把 \(action) 发给它的目标 \(Phrase.code(target.description))，由它执行：有目标时不会查找响应者链")
      return [.line(index: members.last ?? first, text: sentence(text, ["B-7"]))]
    }
    var asked: [String] = []
    var performer: ResponderID?
    var ended = false
    for i in members.dropFirst() {
      switch entry(i) {
      case .canPerform(let r, _, let answer): if !answer { asked.append(Phrase.code(r.description)) }
      case .perform(let r, _, _):
        performer = r
        ended = true
      default: break
      }
    }
    let start: String
    if let from, from != .view(control) {
      start = language(
        "from the first responder, \(Phrase.code(from.description))", "从第一响应者 \(Phrase.code(from.description)) 开始")
    } else {
      start = language(
        "from the sender itself, as there is no first responder", "因为没有第一响应者，从发送者自己开始")
    }
    let opening = language(
      "\(c) sends \(action) for \(event.rawValue) with a nil target, so UIKit walks the responder chain \(start), asking each responder canPerformAction",
      "\(c) 因 \(event.rawValue) 发送目标为 nil 的 \(action)，所以 UIKit \(start)沿响应者链逐个询问 canPerformAction")
    var text = opening
    if !asked.isEmpty {
      text +=
        asked.count == 1
        ? language(": \(asked[0]) answers NO (it does not implement it)", "：\(asked[0]) 回答 NO（没有实现它）")
        : language(": \(list(asked)) answer NO (none of them implements it)", "：\(list(asked)) 回答 NO（都没有实现它）")
    }
    if let performer {
      text += language(
        "; \(Phrase.code(performer.description)) implements it and performs it",
        "；\(Phrase.code(performer.description)) 实现了它并执行它")
    } else if ended {
      text += language(
        "; nothing in the chain implements it, so the action is dropped silently and sendAction returns NO",
        "；链上没有对象实现它，所以这个动作被悄悄丢弃，sendAction 返回 NO")
    }
    return [.line(index: members.last ?? first, text: sentence(text, ["B-7", "B-7a"]))]
  }

  /// A `canPerform` or `perform` line met on its own.
  private func performSentence(_ members: [Int]) -> [Piece] {
    guard let i = members.last, case .perform(let r, let action, _) = entry(i) else { return [] }
    let text =
      r.map {
        language("\(Phrase.code($0.description)) performs \(action)", "\(Phrase.code($0.description)) 执行 \(action)")
      }
      ?? language(
        "nothing in the responder chain implements \(action): the action is dropped",
        "响应者链上没有对象实现 \(action)：这个动作被丢弃")
    return [.line(index: i, text: sentence(text, ["B-7a"]))]
  }

  /// The `sendEvent` lines of one event: the application's, then the window's.
  func sendEventSentence(_ members: [Int]) -> [Piece] {
    guard let last = members.last else { return [] }
    let responders = scene.scene.responders
    var parts: [String] = []
    var touches: [Int] = []
    for i in members {
      guard case .sendEvent(let by, let ts, let callsSuper) = entry(i) else { continue }
      if touches.isEmpty { touches = ts }
      let owner = by == .window ? "UIWindow" : "UIApplication"
      let overridden = (by == .window ? responders.window.sendEvent : responders.application.sendEvent) != nil
      switch (overridden, callsSuper) {
      case (false, _):
        parts.append(language("\(owner).sendEvent(_:) passes it on", "\(owner).sendEvent(_:) 把它传下去"))
      case (true, true):
        parts.append(
          language(
            "the app's \(owner) subclass overrides sendEvent(_:), sees the event and calls super",
            "应用的 \(owner) 子类重写了 sendEvent(_:)，看到事件后调用了 super"))
      case (true, false):
        parts.append(
          language(
            "the app's \(owner) subclass overrides sendEvent(_:) and does not call super: the event stops there, and no recognizer and no view hears of it",
            "应用的 \(owner) 子类重写了 sendEvent(_:) 且不调用 super：事件到此为止，没有任何手势识别器或视图得知它"))
      }
    }
    let text =
      language("The event of \(fingers(touches)) comes in: ", "\(fingers(touches))的事件进来：")
      + parts.joined(separator: language("; then ", "；然后"))
    return [.line(index: last, text: sentence(text, ["C-11"]))]
  }

  /// The `drop` of a touch whose events an overridden `sendEvent` swallows.
  func swallowedTouchSentence(_ i: Int) -> [Piece] {
    guard case .drop(let view, _, let touches, .sendEventWithoutSuper(let by)) = entry(i) else { return [] }
    let owner = by == .window ? "UIWindow" : "UIApplication"
    let hit = view.map { language(" (it was hit-tested to \(Phrase.code($0)))", "（它命中了 \(Phrase.code($0))）") } ?? ""
    let text = language(
      "\(fingers(touches))\(hit) never reaches a recognizer or a view, for its whole life: the \(owner) subclass's sendEvent(_:) does not call super for it",
      "\(fingers(touches))\(hit)在整个生命周期内都不会到达任何手势识别器或视图：\(owner) 子类的 sendEvent(_:) 没有为它调用 super")
    return [.line(index: i, text: sentence(text, ["C-11"]))]
  }
}
