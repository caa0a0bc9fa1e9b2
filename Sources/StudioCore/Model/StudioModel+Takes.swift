import Localization
import SceneFile
import TouchSim

extension StudioModel {
  /// Ctrl+Shift+S: the configuration with the input just performed as its script, saved as a new scene
  /// beside the lesson (`NAME.take-N.yaml`, the window picks the first free N), never over the lesson's
  /// authored script. The script is one `touchscope check` accepts (`InputRecording.validScript`).
  func saveTake() {
    let (script, dropped) = InputRecording.validScript(from: recording, on: config)
    guard !script.isEmpty else {
      notify(
        theme.language(
          "Nothing to save as a take yet: touch the device first, then press Ctrl+Shift+S",
          "还没有可保存的录制：先触摸设备，再按 Ctrl+Shift+S"), kind: .hint, wall: wallClock ?? 0)
      return
    }
    var scene = config
    scene.script = script
    // The lesson's questions belong to the lesson's script, not to this one.
    scene.questions = []
    effects.append(
      .writeTake(lesson: scenePath ?? "Scenes/untitled.yaml", text: SceneWriter.yaml(scene), droppedTouches: dropped))
  }

  /// The `number`th take of `lesson`, in its folder: `Scenes/11-taps.yaml` → `Scenes/11-taps.take-2.yaml`
  /// (a take of a take is another take of the lesson: `11-taps.take-1.yaml` → `11-taps.take-3.yaml`).
  public static func takePath(beside lesson: String, number: Int) -> String {
    let slash = lesson.lastIndex(of: "/")
    let folder = slash.map { String(lesson[...$0]) } ?? ""
    var name = String(slash.map { lesson[lesson.index(after: $0)...] } ?? lesson[...])
    for ext in [".yaml", ".yml", ".json"] where name.lowercased().hasSuffix(ext) {
      name.removeLast(ext.count)
      break
    }
    if let dot = name.lastIndex(of: "."), name[dot...].hasPrefix(".take-") {
      let digits = name[name.index(dot, offsetBy: 6)...]
      if !digits.isEmpty && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber) {
        name = String(name[..<dot])
      }
    }
    if name.isEmpty { name = "untitled" }
    return "\(folder)\(name).take-\(number).yaml"
  }
}
