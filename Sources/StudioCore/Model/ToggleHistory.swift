import Localization
import SceneFile
import TouchSim

/// The toggles flipped since the scene loaded, one step per flip, for Ctrl+Z and redo.
///
/// A step keeps the view or recognizer it changed as it was before and after, so undoing gives back
/// exactly what was there (a delegate's touch filter too, which no toggle can set).
struct ToggleHistory {
  struct Step {
    var change: PropertyChange
    var before: SceneEntity
    var after: SceneEntity
  }

  /// At most this many steps are kept (the oldest go first).
  static let limit = 500

  private(set) var undo: [Step] = []
  private(set) var redo: [Step] = []

  /// A new flip: it can be undone; what was undone before it can no longer be redone.
  mutating func record(_ step: Step) {
    undo.append(step)
    if undo.count > ToggleHistory.limit { undo.removeFirst(undo.count - ToggleHistory.limit) }
    redo = []
  }

  mutating func popUndo() -> Step? {
    guard let s = undo.popLast() else { return nil }
    redo.append(s)
    return s
  }

  mutating func popRedo() -> Step? {
    guard let s = redo.popLast() else { return nil }
    undo.append(s)
    return s
  }
}

/// A view or a recognizer of a scene, as a value (a view without its subviews and recognizers mattering).
enum SceneEntity: Equatable {
  case view(ViewSpec)
  case recognizer(RecognizerSpec)
}

extension Scene {
  /// The view or recognizer named `id`.
  func entity(_ id: String) -> SceneEntity? {
    var stack = [root]
    while let v = stack.popLast() {
      if v.id == id { return .view(v) }
      if let r = v.recognizers.first(where: { $0.id == id }) { return .recognizer(r) }
      stack += v.subviews
    }
    return nil
  }

  /// Puts `entity` back in place of the view or recognizer with its id; a view keeps its current subviews
  /// and recognizers (a toggle never changes them).
  mutating func restore(_ entity: SceneEntity) {
    func walk(_ v: inout ViewSpec) -> Bool {
      switch entity {
      case .view(let old) where old.id == v.id:
        var restored = old
        restored.subviews = v.subviews
        restored.recognizers = v.recognizers
        v = restored
        return true
      case .recognizer(let old):
        if let i = v.recognizers.firstIndex(where: { $0.id == old.id }) {
          v.recognizers[i] = old
          return true
        }
      default: break
      }
      for i in v.subviews.indices where walk(&v.subviews[i]) { return true }
      return false
    }
    _ = walk(&root)
  }
}

extension StudioModel {
  /// Ctrl+Z: the last flip undone (in the configuration, and for the engine now or, while fingers are
  /// down, when the last one lifts).
  func undoToggle() {
    let l = theme.language
    guard let step = toggleHistory.popUndo() else {
      notify(l("Nothing to undo", "没有可撤销的操作"), kind: .hint, wall: wallClock ?? 0)
      return
    }
    config.restore(step.before)
    let c = step.change
    if let value = SceneEditor.value(of: c.key, target: c.target, in: config) {
      applyToEngine(PropertyChange(target: c.target, key: c.key, value: value))
      notify(
        l("Undid \(c.target).\(c.key): back to \(value)", "已撤销 \(c.target).\(c.key)：恢复为 \(value)"), wall: wallClock ?? 0
      )
    } else {
      // A delegate's touch filter ({ unlessTouchIn: [...] }) cannot be set into a running engine: it
      // restarts on the configuration (when the last finger lifts, if fingers are down).
      restartEngineOnConfiguration()
      notify(
        l(
          "Undid \(c.target).\(c.key): back to its touch filter (the engine restarted to take it)",
          "已撤销 \(c.target).\(c.key)：恢复为它的触摸过滤条件（引擎已重新启动以采用它）"), wall: wallClock ?? 0)
    }
  }

  /// Ctrl+Shift+Z or Ctrl+Y: the last undone flip made again.
  func redoToggle() {
    let l = theme.language
    guard let step = toggleHistory.popRedo() else {
      notify(l("Nothing to redo", "没有可重做的操作"), kind: .hint, wall: wallClock ?? 0)
      return
    }
    config.restore(step.after)
    applyToEngine(step.change)
    let c = step.change
    notify(l("Redid \(c.target).\(c.key) = \(c.value)", "已重做 \(c.target).\(c.key) = \(c.value)"), wall: wallClock ?? 0)
  }

  /// Whether there are flips to undo and to redo.
  public var canUndo: Bool { !toggleHistory.undo.isEmpty }
  public var canRedo: Bool { !toggleHistory.redo.isEmpty }
}
