import Geometry
import Localization
import TouchSim

/// Recognizer effects: the app's action handler moving, scaling or turning the recognizer's view (`set` with
/// `origin: effect`). App code, not a UIKit rule, so these sentences cite none.
extension NarrationBuilder {
  /// A change an effect made: one item of a burst (a drag's moves are told once), or, when the gesture was
  /// cancelled, a sentence of its own.
  func effectSentence(_ i: Int, recognizer r: String, view: String, key: String) -> [Piece] {
    let after = scene.views[view]?.transform ?? TransformSpec()
    let before = tracker.transformBefore[i] ?? after
    if tracker.state(r) == .cancelled {
      let text = language(
        "\(Phrase.code(r)) was cancelled, so its action handler puts \(Phrase.code(view)) back as it was when the "
          + "gesture began (\(key) \(effectValue(key, after)))",
        "\(Phrase.code(r)) 被取消了，所以它的动作处理方法把 \(Phrase.code(view)) 恢复成手势开始时的样子"
          + "（\(keyWord(key)) \(effectValue(key, after))）")
      return [.line(index: i, text: sentence(text))]
    }
    return [
      .burst(
        .effect(recognizer: r, view: view, key: key), BurstItem(index: i, value: .effect(before: before, after: after)))
    ]
  }

  /// "`cardPan`'s action handler moves `chip` by (120, 0) in 8 steps": from the transform before the first
  /// change of the burst to the one after its last.
  func effectBurst(_ r: String, view: String, key: String, _ items: [BurstItem]) -> String {
    guard case .effect(let before, _)? = items.first?.value, case .effect(_, let after)? = items.last?.value else {
      return ""
    }
    let steps = items.count > 1 ? language(" in \(items.count) steps", "分 \(items.count) 步") : ""
    let shownView = Phrase.code(view)
    var text = language("\(Phrase.code(r))'s action handler ", "\(Phrase.code(r)) 的动作处理方法")
    let now: String?
    switch key {
    case "transform.translation":
      let by = Phrase.point(after.translation - before.translation)
      text += language("moves \(shownView) by \(by)\(steps)", "\(steps)把 \(shownView) 移动了 \(by)")
      now = before.translation == .zero ? nil : "translation"
    case "transform.scale":
      let factor = before.scale.x != 0 ? after.scale.x / before.scale.x : after.scale.y / before.scale.y
      let by = Phrase.num(factor.isFinite ? factor : 1)
      text += language("scales \(shownView) by \(by)\(steps)", "\(steps)把 \(shownView) 缩放了 \(by) 倍")
      now = before.scale == Point(1, 1) ? nil : "scale"
    default:
      let by = Phrase.num(after.rotation - before.rotation)
      text += language("rotates \(shownView) by \(by)°\(steps)", "\(steps)把 \(shownView) 旋转了 \(by)°")
      now = before.rotation == 0 ? nil : "rotation"
    }
    if let now {
      text += language(
        "; its transform's \(now) is now \(effectValue(key, after))",
        "；它的 transform 的\(keyWord(key))现在为 \(effectValue(key, after))")
    }
    return sentence(text)
  }

  /// An effect's key as the Chinese narration names it: "平移", "缩放", "旋转"; the key itself in English.
  private func keyWord(_ key: String) -> String {
    switch key {
    case "transform.translation": return language(key, "平移")
    case "transform.scale": return language(key, "缩放")
    default: return language(key, "旋转")
    }
  }

  /// The value of an effect's key in `t`, as the narration writes it.
  private func effectValue(_ key: String, _ t: TransformSpec) -> String {
    switch key {
    case "transform.translation": return Phrase.point(t.translation)
    case "transform.scale": return t.scale.x == t.scale.y ? Phrase.num(t.scale.x) : Phrase.point(t.scale)
    default: return Phrase.num(t.rotation) + "°"
    }
  }
}
