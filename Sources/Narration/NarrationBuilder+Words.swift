import Localization
import TouchSim

/// The phrase helpers in the builder's language, so every template reads `sentence(...)`, `codes(...)`.
extension NarrationBuilder {
  func sentence(_ text: String, _ rules: [String] = []) -> String { Phrase.sentence(text, rules, language) }

  func list(_ items: [String], or: Bool = false) -> String { Phrase.list(items, or: or, language) }

  func codes(_ ids: [String], or: Bool = false) -> String { Phrase.codes(ids, or: or, language) }

  func times(_ n: Int) -> String { Phrase.times(n, language) }

  func article(_ className: String) -> String { Phrase.article(className, language) }

  func finger(_ n: Int) -> String { Phrase.finger(n, language) }

  func fingers(_ touches: [Int]) -> String { Phrase.fingers(touches, language) }

  func because(_ reason: StateReason, recognizer kind: RecognizerKind?) -> Because {
    ReasonText.because(reason, recognizer: kind, scene: scene, language)
  }

  /// The reason as quoted in parentheses: the trace's words in English, Chinese words in Chinese.
  func words(_ reason: StateReason, recognizer kind: RecognizerKind?) -> String {
    ReasonText.words(reason, recognizer: kind, scene: scene, language)
  }

  /// Why a recognizer did not get a touch, as a clause.
  /// The rules `unattachedText` rests on.
  func unattachedRules(_ why: Unattached) -> [String] {
    if case .takenAway = why { return ["C-9"] }
    if case .recognizedInThisSequence = why { return ["C-7", "5.1"] }
    return ["C-7"]
  }

  func unattachedText(_ why: Unattached) -> String {
    switch why {
    case .disabled: return language("it is disabled (isEnabled is false)", "它已被禁用（isEnabled 为 false）")
    case .waiting(let others):
      return language(
        "it is waiting for \(codes(others, or: true)) to fail and takes no new touch",
        "它正在等待 \(codes(others, or: true)) 失败，不接收新的触摸")
    case .finished: return language("it has already finished and is not reset yet", "它已经结束，还没有重置")
    case .full:
      return language("it is already tracking as many touches as it takes", "它跟踪的触摸已达到它能接收的数量")
    case .recognizedInThisSequence(let down):
      let them = fingers(down)
      return language(
        "it already recognized with \(them), still down, and cannot recognize again in this touch sequence (until \(down.count == 1 ? "it lifts" : "they lift"))",
        "它已经用\(them)识别过，而\(them)仍按着；在这一触摸序列中（直到抬起之前）它不能再次识别")
    case .takenAway(let view, let keptBy):
      return language(
        "it was added to \(Phrase.code(view)), but adding it to \(Phrase.code(keptBy)) afterwards took it away: a recognizer belongs to one view, the one it was added to last",
        "它曾被添加到 \(Phrase.code(view))，但之后又被添加到 \(Phrase.code(keptBy))，于是从 \(Phrase.code(view)) 上移走了：一个手势识别器只属于一个视图，即最后添加它的那个"
      )
    }
  }

  /// A hop of the responder chain: ids as written in English; in Chinese, views and controllers in
  /// backticks and the window and application by their UIKit class names.
  func hop(_ id: String) -> String {
    guard language.isChinese else { return id }
    if scene.views[id] != nil || scene.isController(id) { return Phrase.code(id) }
    switch id {
    case "window": return "UIWindow"
    case "application": return "UIApplication"
    case "appDelegate": return "AppDelegate"
    default: return Phrase.code(id)
    }
  }
}
