import Localization
import TouchSim
import TraceKit

/// Control events that follow no delivery, and changes a script or the window makes to the scene.
extension NarrationBuilder {
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
    // a flag the view's hitTest override reads.
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
}
