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
      let text =
        "\(Phrase.code(r)) was cancelled, so its action handler puts \(Phrase.code(view)) back as it was when the "
        + "gesture began (\(key) \(effectValue(key, after)))"
      return [.line(index: i, text: Phrase.sentence(text))]
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
    let steps = items.count > 1 ? " in \(items.count) steps" : ""
    var text = "\(Phrase.code(r))'s action handler "
    let now: String?
    switch key {
    case "transform.translation":
      let by = after.translation - before.translation
      text += "moves \(Phrase.code(view)) by \(Phrase.point(by))\(steps)"
      now = before.translation == .zero ? nil : "translation"
    case "transform.scale":
      let factor = before.scale.x != 0 ? after.scale.x / before.scale.x : after.scale.y / before.scale.y
      text += "scales \(Phrase.code(view)) by \(Phrase.num(factor.isFinite ? factor : 1))\(steps)"
      now = before.scale == Point(1, 1) ? nil : "scale"
    default:
      text += "rotates \(Phrase.code(view)) by \(Phrase.num(after.rotation - before.rotation))°\(steps)"
      now = before.rotation == 0 ? nil : "rotation"
    }
    if let now { text += "; its transform's \(now) is now \(effectValue(key, after))" }
    return Phrase.sentence(text)
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
