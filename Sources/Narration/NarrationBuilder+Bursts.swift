import Localization
import TouchSim
import TraceKit

/// A burst of like entries (moves, changed actions, held moves) told as one sentence.
extension NarrationBuilder {
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
  func valueNote(_ v: ActionValues) -> String? {
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
