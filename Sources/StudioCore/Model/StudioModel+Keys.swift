import Localization
import TouchSim

/// Keys that act, or say why they cannot: no key is silently ignored.
///
/// A toggle key (E C B D V G) acts on the selected recognizer; with none selected, on the scene's only
/// recognizer, else it selects the first (in the inspector's order) and says so, so that the next press
/// flips it. Keys with nothing to act on (R before any gesture, P without a script, a step past the end,
/// Enter without a question, Tab without recognizers, zoom at its limit) say so in a hint.
extension StudioModel {
  /// A key press, with its modifiers.
  func pressKey(_ key: StudioKey, _ mods: Modifiers) {
    guard let effect = KeyTable.effect(for: key, mods) else { return }
    switch effect {
    case .toggle(let toggle):
      toggleKey(toggle)
    case .selectNext where config.allRecognizers.isEmpty:
      hint(
        theme.language(
          "This scene has no gesture recognizer to select.", "这个场景没有可选择的手势识别器。"))
    default:
      if let action = KeyTable.action(for: key, mods, selected: view.selected, config: config) { perform(action) }
    }
  }

  /// E C B D V G.
  func toggleKey(_ toggle: KeyTable.RecognizerToggle) {
    let l = theme.language
    let key = KeyTable.letter(of: toggle)
    let name = toggle.rawValue
    switch KeyTable.ToggleTarget(selected: view.selected, in: config) {
    case .selected(let r):
      perform(.change(toggle.change(for: r)))
    case .only(let r):
      view.selected = r.id
      let c = toggle.change(for: r)
      perform(.change(c))
      notify(
        l(
          "\(r.id).\(name) = \(c.value) (\(r.id) is the scene's only recognizer; \(key) again flips it back)",
          "\(r.id).\(name) = \(c.value)（\(r.id) 是场景中唯一的手势识别器；再按 \(key) 切换回来）"), wall: wallClock ?? 0)
    case .selectFirst(let id):
      perform(.select(id))
      view.inspectorTab = .recognizers
      hint(
        l(
          "No recognizer was selected: selected \(id), the first. \(key) again flips its \(name); Tab selects the next.",
          "之前没有选中手势识别器：已选中第一个 \(id)。再按 \(key) 切换它的 \(name)；按 Tab 选择下一个。"))
    case .readOnly(let id):
      hint(
        l(
          "\(id) is the scroll view's own pan recognizer: its \(name) is not in the scene file. Tab selects another.",
          "\(id) 是滚动视图自带的平移手势识别器：它的 \(name) 不在场景文件中。按 Tab 选择其他识别器。"))
    case .none:
      hint(
        l(
          "This scene has no gesture recognizer: \(key) flips a recognizer's \(name).",
          "这个场景没有手势识别器：\(key) 用于切换手势识别器的 \(name)。"))
    }
  }

  /// A hint in the toast (no success tick).
  func hint(_ text: String) { notify(text, kind: .hint, wall: wallClock ?? 0) }
}

extension StudioModel {
  /// → or ← with nowhere to go: why.
  func cannotStep(forward: Bool) {
    let l = theme.language
    if engine.trace.isEmpty {
      hint(l("Nothing to step through yet: touch the device or press P.", "还没有可单步查看的内容：请触摸设备或按 P。"))
    } else if forward {
      hint(l("At the latest decision: touch the device for more.", "已是最新的决策：触摸设备以产生更多。"))
    } else {
      hint(l("At the first decision: → steps forward.", "已是第一个决策：按 → 前进。"))
    }
  }
}
