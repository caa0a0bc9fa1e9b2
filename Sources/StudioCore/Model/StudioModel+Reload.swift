import Localization
import SceneFile
import TouchSim

/// The user's toggles across a reload of the scene file, and before another scene is opened.
///
/// A toggle flipped by hand is a change of one key of one view or recognizer. When the file is read again
/// (an editor saved it), each toggle not yet saved is applied again to the new scene where its target
/// still exists and the file did not change that key itself; a pair answer (a list of recognizers, such as
/// `delegate.shouldRecognizeSimultaneouslyWith`) keeps the recognizers the user added or removed that still
/// exist. The toast names each toggle that could not be kept, and why. Opening another scene (O, the scene
/// list) with toggles not saved first says what would be lost.
extension StudioModel {
  /// The toggles flipped since the file was loaded (or saved) that the file does not hold: what Ctrl+S
  /// would write, and what opening another scene loses.
  public var unsavedToggles: [PropertyChange] { toggleChanges(from: loaded, to: config) }

  /// The changes that make configuration `a` into `b` (two configurations of one scene file: its scene with
  /// toggles flipped), as a save would write them.
  func toggleChanges(from a: Scene, to b: Scene) -> [PropertyChange] {
    if let changes = try? SceneEditor.changes(from: a, to: b) { return changes }
    // A configuration a save cannot write as edits (a touch filter an undo restored): the keys the history
    // flipped whose values differ.
    var seen = Set<String>()
    var out: [PropertyChange] = []
    for step in toggleHistory.undo.reversed() {
      let c = step.change
      guard seen.insert(c.target + "\u{1}" + c.key).inserted,
        let now = SceneEditor.value(of: c.key, target: c.target, in: b),
        now != SceneEditor.value(of: c.key, target: c.target, in: a)
      else { continue }
      out.append(PropertyChange(target: c.target, key: c.key, value: now))
    }
    return out
  }

  /// The scene file changed on disk and loads again: the engine restarts on it with the toggles not yet
  /// saved applied again where they still can be; the toast names the scene by its title, and any toggle
  /// that could not be kept.
  public func reload(_ scene: Scene, path: String, text: String?, wall: Double) {
    // The window reloads only the file it shows (watched under the path it was opened with).
    let toggles = unsavedToggles
    let previous = loaded
    let comparing = prepareLoad(scene, path: path, text: text)
    let carried = ToggleCarryOver(toggles, from: previous, to: scene)
    var next = scene
    for c in carried.kept {
      guard let before = next.entity(c.target), next.apply(c) == nil, let after = next.entity(c.target) else {
        continue
      }
      toggleHistory.record(ToggleHistory.Step(change: c, before: before, after: after))
    }
    config = next
    restartEngine(on: config)
    inputLog.reset()
    let l = theme.language
    var text = l("Reloaded \(titleOf(scene, path: path))", "已重新载入 \(titleOf(scene, path: path))")
    let n = carried.kept.count
    if n > 0 {
      text += l(
        n == 1
          ? " — your toggle is kept: \(names(carried.kept))" : " — your \(n) toggles are kept: \(names(carried.kept))",
        "——保留了你的 \(n) 个开关：\(names(carried.kept))")
    }
    if !carried.lost.isEmpty {
      let lost = carried.lost.map { "\($0.change.target).\($0.change.key) (\($0.reason.text(l)))" }
      text +=
        l(
          carried.lost.count == 1
            ? ". 1 toggle could not be kept: " : ". \(carried.lost.count) toggles could not be kept: ",
          "。有 \(carried.lost.count) 个开关无法保留：") + lost.joined(separator: l("; ", "；"))
    }
    if comparing { text += l(". ", "。") + compareEndedNote }
    notify(text, kind: carried.lost.isEmpty && !comparing ? .success : .warning, wall: wall)
  }

  /// Another scene opened (O, the scene list): it loads afresh (its own values, no toggles), and the
  /// toast names it by its title.
  public func open(_ scene: Scene, path: String, text: String?, wall: Double) {
    let comparing = prepareLoad(scene, path: path, text: text)
    restartEngine(on: scene)
    inputLog.reset()
    let l = theme.language
    let opened = l("Opened \(titleOf(scene, path: path))", "已打开 \(titleOf(scene, path: path))")
    notify(
      comparing ? opened + l(". ", "。") + compareEndedNote : opened, kind: comparing ? .warning : .success, wall: wall)
  }

  /// The scene's title in the window's language, else its file's name.
  func titleOf(_ scene: Scene, path: String?) -> String {
    let l = theme.language
    let title = l.isChinese ? scene.title(in: l.rawValue) : scene.title
    return title.map { "“\($0)”" } ?? path.map(StudioModel.fileName) ?? l("the scene", "场景")
  }

  /// `target.key` of each change, the first three, then "…".
  func names(_ changes: [PropertyChange]) -> String {
    changes.prefix(3).map { "\($0.target).\($0.key)" }.joined(separator: ", ") + (changes.count > 3 ? ", …" : "")
  }

  /// O (or the scene list's button): the scene list, unless toggles not saved would be lost: then the toast
  /// says which, and O again (or Enter) within its time opens the list anyway; Ctrl+S saves them first.
  func openSceneList() {
    let wall = wallClock ?? 0
    if view.sceneList != nil {
      view.toggleSceneList()
      return
    }
    let unsaved = unsavedToggles
    if unsaved.isEmpty || (openSceneArmedUntil.map { wall <= $0 } ?? false) {
      openSceneArmedUntil = nil
      view.toggleSceneList()
      return
    }
    let l = theme.language
    let n = unsaved.count
    notify(
      l(
        (n == 1
          ? "Your toggle is not saved (\(names(unsaved))): " : "Your \(n) toggles are not saved (\(names(unsaved))): ")
          + "opening another scene drops \(n == 1 ? "it" : "them"). Ctrl+S saves \(n == 1 ? "it" : "them"); "
          + "O again (or Enter) opens the scene list anyway.",
        "你的 \(n) 个开关尚未保存（\(names(unsaved))）：打开其他场景会丢弃它们。按 Ctrl+S 保存；再按 O（或 Enter）仍然打开场景列表。"),
      kind: .warning, wall: wall)
    openSceneArmedUntil = view.toast?.until
  }

  /// Enter while O's warning is shown: the scene list opens (true), as O again would.
  func confirmOpenSceneList() -> Bool {
    guard let until = openSceneArmedUntil, (wallClock ?? 0) <= until else { return false }
    openSceneList()
    return true
  }
}

/// The toggles not saved, carried from the scene as it was loaded to the scene read again.
struct ToggleCarryOver {
  /// Why a toggle could not be kept.
  enum Reason: Equatable {
    /// Its view or recognizer is no longer in the scene.
    case gone(String)
    /// The file itself now sets that key (to this value): the file's edit stands.
    case fileChanged(PropertyValue)
    /// The file itself now sets that key to a value a toggle cannot write (a touch filter).
    case fileChangedOtherwise
    /// The value does not apply to the new scene (the reason).
    case invalid(String)

    func text(_ l: Language) -> String {
      switch self {
      case .gone(let id): return l("\(id) is no longer in the scene", "\(id) 已不在场景中")
      case .fileChanged(let v): return l("the file now sets it to \(v)", "文件现在把它设为 \(v)")
      case .fileChangedOtherwise: return l("the file now sets it otherwise", "文件现在另行设置了它")
      case .invalid(let why): return why
      }
    }
  }

  /// The changes to apply to the new scene (whole values; a pair list with the user's additions and
  /// removals carried over).
  var kept: [PropertyChange] = []
  /// Toggles the new file already holds (nothing to apply).
  var inFile: [PropertyChange] = []
  var lost: [(change: PropertyChange, reason: Reason)] = []

  init(_ toggles: [PropertyChange], from old: Scene, to new: Scene) {
    for c in toggles {
      guard new.entity(c.target) != nil else {
        lost.append((c, .gone(c.target)))
        continue
      }
      let was = SceneEditor.value(of: c.key, target: c.target, in: old)
      let now = SceneEditor.value(of: c.key, target: c.target, in: new)
      if now == c.value {
        inFile.append(c)
        continue
      }
      if let list = Self.ids(c.value), let wasList = Self.ids(was), let nowList = Self.ids(now) {
        // A pair answer: the recognizers the user added or removed, on the file's list as it is now.
        let added = list.filter { !wasList.contains($0) }
        let removed = Set(wasList.filter { !list.contains($0) })
        for id in added where new.entity(id) == nil { lost.append((c, .gone(id))) }
        let kept = added.filter { new.entity($0) != nil }
        let result = nowList.filter { !removed.contains($0) } + kept.filter { !nowList.contains($0) }
        if result != nowList {
          self.kept.append(PropertyChange(target: c.target, key: c.key, value: .list(result.map { .string($0) })))
        }
        continue
      }
      guard now == was else {
        lost.append((c, now.map { .fileChanged($0) } ?? .fileChangedOtherwise))
        continue
      }
      var check = new
      if let problem = check.apply(c) {
        lost.append((c, .invalid(problem)))
      } else {
        kept.append(c)
      }
    }
  }

  /// The ids of a list of recognizers (nil when `value` is not such a list).
  static func ids(_ value: PropertyValue?) -> [String]? {
    guard case .list(let items)? = value else { return nil }
    var out: [String] = []
    for item in items {
      guard case .string(let s) = item else { return nil }
      out.append(s)
    }
    return out
  }
}
