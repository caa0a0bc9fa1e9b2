import Localization
import SceneFile
import TouchSim

/// How a save the model asked for went (`StudioEffect.saveScene`, `.saveNewFile`), reported by the window.
public enum SaveOutcome: Equatable, Sendable {
  /// The scene file now holds the text asked for.
  case saved(path: String)
  /// A new file was written.
  case savedNewFile(path: String)
  /// The scene file does not hold the text last loaded (changed on disk, or `removed`): nothing written.
  /// `newFile` is where Ctrl+S again would save now.
  case changedOnDisk(path: String, removed: Bool, newFile: String)
  /// Writing failed; `reason` says why, in full.
  case failed(path: String, reason: String)
}

/// A save that did not write what was asked: what the banner over the canvas says.
public struct SaveMessage: Equatable, Sendable {
  public var title: String
  /// The whole explanation (wrapped when drawn, never cut).
  public var lines: [String]
  /// Ctrl+S again saves to a new file beside the scene file (the lines say so).
  public var offersNewFile: Bool
  /// That new file is the whole configuration written afresh (the edit in place was not possible).
  var rewritesWhole: Bool
}

/// A save handed to the window, until it reports back.
struct PendingSave {
  /// The configuration saved and the text written (for the scene file: what it holds once saved).
  var config: Scene
  var text: String
  var changes: [PropertyChange]
  var newFile: Bool
}

/// Ctrl+S: the toggles written into the scene file's own text, value by value (`SceneEditor`), only over
/// a file that still holds the text the window loaded; otherwise nothing is written and Ctrl+S again saves
/// to a new file beside it.
extension StudioModel {
  /// Ctrl+S.
  func saveConfiguration() {
    let wall = wallClock ?? 0
    let l = theme.language
    if let message = saveMessage, message.offersNewFile {
      saveToNewFile(whole: message.rewritesWhole)
      return
    }
    saveMessage = nil
    guard let path = scenePath, let text = loadedText else {
      // No file (the built-in demo), or its text unknown: a new file, written whole.
      saveToNewFile(whole: true)
      return
    }
    let name = StudioModel.fileName(path)
    do {
      let changes = try SceneEditor.changes(from: loaded, to: config)
      guard !changes.isEmpty else {
        notify(
          l("Nothing to save: \(name) already holds this configuration", "无需保存：\(name) 已是这个配置"), kind: .hint,
          wall: wall)
        return
      }
      let edited = try SceneEditor.apply(changes, to: text, file: path)
      pendingSave = PendingSave(config: config, text: edited, changes: changes, newFile: false)
      effects.append(.saveScene(path: path, text: edited, expected: text))
    } catch {
      let newName = StudioModel.newFileName(like: StudioModel.yamlPath(path))
      saveMessage = SaveMessage(
        title: l(
          "Not saved: the changes cannot be written into \(name) in place.", "未保存：这些更改无法直接写入 \(name)。"),
        lines: [
          l("\(error.message).", "\(error.message)。"),
          l(
            "Nothing was written. Press Ctrl+S again to write the whole configuration to a new file beside it "
              + "(\(newName), N the first free number); comments "
              + "and layout are not kept there. Esc dismisses this message.",
            "什么都没有写入。再按 Ctrl+S 会把整个配置写到旁边的新文件（\(newName)，N 取第一个未用的编号）；"
              + "新文件中不保留注释和排版。按 Esc 关闭这条提示。"),
        ], offersNewFile: true, rewritesWhole: true)
      notifyError(
        l("Not saved: the changes cannot be written into \(name) in place", "未保存：这些更改无法直接写入 \(name)"),
        wall: wall)
    }
  }

  /// The configuration to a new file beside the scene file (never over a file): the scene file's text with
  /// the changes, or with `whole`, the configuration written afresh.
  private func saveToNewFile(whole: Bool) {
    saveMessage = nil
    let path = scenePath ?? "untitled.yaml"
    var text: String?
    if !whole, let loadedText {
      let changes = (try? SceneEditor.changes(from: loaded, to: config)) ?? []
      text = try? SceneEditor.apply(changes, to: loadedText, file: path)
    }
    let like = text == nil ? StudioModel.yamlPath(path) : path
    let written = text ?? SceneWriter.yaml(config)
    pendingSave = PendingSave(config: config, text: written, changes: [], newFile: true)
    effects.append(.saveNewFile(like: like, text: written))
  }

  /// The window's report on a save: the message it calls for; after the scene file was saved, its text is
  /// what the next save edits and compares with.
  public func saveFinished(_ outcome: SaveOutcome, wall: Double) {
    let l = theme.language
    let pending = pendingSave
    pendingSave = nil
    switch outcome {
    case .saved(let path):
      saveMessage = nil
      if let pending, !pending.newFile, path == scenePath {
        loaded = pending.config
        loadedText = pending.text
        // Comparing with the file: "As written" is what the file holds now.
        compareConfigurationChanged()
        // The text written was read back before it was written: it loads.
        loadErrors = []
        let n = pending.changes.count
        let keys = pending.changes.prefix(3).map { "\($0.target).\($0.key)" }.joined(separator: ", ")
        let file = StudioModel.fileName(path)
        notify(
          l(
            "Saved \(n) change\(n == 1 ? "" : "s") to \(file): \(keys)\(n > 3 ? " …" : "")",
            "已把 \(n) 处更改保存到 \(file)：\(keys)\(n > 3 ? " …" : "")"),
          wall: wall)
      } else {
        notify(l("Saved \(StudioModel.fileName(path))", "已保存 \(StudioModel.fileName(path))"), wall: wall)
      }
    case .savedNewFile(let path):
      saveMessage = nil
      let original =
        scenePath.map { l(" (\(StudioModel.fileName($0)) was not changed)", "（\(StudioModel.fileName($0)) 未改动）") } ?? ""
      notify(l("Saved to \(path)\(original)", "已保存到 \(path)\(original)"), wall: wall)
    case .changedOnDisk(let path, let removed, let newFile):
      let n = (try? SceneEditor.changes(from: loaded, to: config).count) ?? 0
      let yours = n == 0 ? "" : l(" with your \(n) change\(n == 1 ? "" : "s")", "，以及你的 \(n) 处更改")
      let newName = StudioModel.fileName(newFile)
      saveMessage = SaveMessage(
        title: removed
          ? l("The file is no longer there (or cannot be read); not saved.", "文件已不存在（或无法读取）；未保存。")
          : l("The file changed on disk since it was loaded; not saved.", "文件载入后在磁盘上被修改过；未保存。"),
        lines: [
          removed
            ? l(
              "\(path) cannot be read now, so the window does not write over whatever is at that path.",
              "现在无法读取 \(path)，所以窗口不会覆盖那个路径上的内容。")
            : l(
              "\(path) no longer holds the text this window loaded (an editor saved it since, perhaps a broken "
                + "edit the window refused): writing would overwrite that newer text.",
              "\(path) 已不是窗口载入时的文本（之后有编辑器保存过它，也许是窗口拒绝载入的错误修改）：写入会覆盖那份更新的文本。"),
          l(
            "The window still shows the last version it loaded\(yours). Press Ctrl+S again to save it to a new "
              + "file beside it: \(newName). Esc dismisses this message.",
            "窗口仍显示它上次载入的版本\(yours)。再按 Ctrl+S 会把它保存到旁边的新文件：\(newName)。按 Esc 关闭这条提示。"),
        ], offersNewFile: true, rewritesWhole: false)
      notifyError(
        removed
          ? l("Not saved: the file is no longer there", "未保存：文件已不存在")
          : l("Not saved: the file changed on disk", "未保存：文件在磁盘上被修改过"), wall: wall)
    case .failed(let path, let reason):
      let name = StudioModel.fileName(path)
      let offer = pending.map { !$0.newFile } ?? false
      saveMessage = SaveMessage(
        title: l("Could not save \(name).", "无法保存 \(name)。"),
        lines: [reason]
          + (offer
            ? [
              l(
                "Nothing was changed. Press Ctrl+S again to save to a new file beside it. Esc dismisses this message.",
                "什么都没有改动。再按 Ctrl+S 会保存到旁边的新文件。按 Esc 关闭这条提示。")
            ]
            : [l("Esc dismisses this message.", "按 Esc 关闭这条提示。")]),
        offersNewFile: offer, rewritesWhole: false)
      notifyError(l("Could not save \(name): \(reason)", "无法保存 \(name)：\(reason)"), wall: wall)
    }
  }

  /// Esc with a save message shown: the message goes (and its offer with it).
  func dismissSaveMessage() { saveMessage = nil }

  static func fileName(_ path: String) -> String { String(path.split(separator: "/").last ?? Substring(path)) }

  /// `path` with the extension `.yaml` (a configuration written whole is YAML).
  static func yamlPath(_ path: String) -> String {
    let name = fileName(path)
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return path + ".yaml" }
    return String(path.dropLast(name.distance(from: dot, to: name.endIndex))) + ".yaml"
  }

  /// The new files beside `path` as the messages name them: `NAME.touchscope-N.EXT`.
  static func newFileName(like path: String) -> String { fileName(newFilePath(like: path, number: 0)) }

  /// The `n`-th new file beside `path`: `NAME.touchscope-n.EXT` in the same folder (`n` 0 gives `-N`, for
  /// messages). A file that is already such a copy numbers among its siblings: `NAME.touchscope-2.EXT`, not
  /// `NAME.touchscope-1.touchscope-1.EXT`.
  public static func newFilePath(like path: String, number n: Int) -> String {
    let name = fileName(path)
    let folder = String(path.dropLast(name.count))
    var stem = name
    var ext = ""
    if let dot = name.lastIndex(of: "."), dot != name.startIndex {
      stem = String(name[..<dot])
      ext = String(name[dot...])
    }
    if let mark = stem.range(of: ".touchscope-", options: .backwards),
      !stem[mark.upperBound...].isEmpty, stem[mark.upperBound...].allSatisfy(\.isNumber)
    {
      stem = String(stem[..<mark.lowerBound])
    }
    return folder + stem + ".touchscope-" + (n == 0 ? "N" : String(n)) + ext
  }
}
