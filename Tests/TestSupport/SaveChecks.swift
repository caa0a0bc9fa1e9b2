import Foundation
import SceneFile
import TouchSim

/// Checks of lossless saving (`SceneEditor`): a toggle flipped and saved changes that value and nothing
/// else of the file's text.
public enum SaveChecks {
  /// Every toggle the window offers on `scene`, each as the change that flips it: the six toggles of each
  /// recognizer (as `KeyTable.RecognizerToggle` flips them) and the chips of each view.
  public static func toggles(of scene: Scene) -> [PropertyChange] {
    var out: [PropertyChange] = []
    for v in scene.allViews {
      for key in ["hidden", "userInteractionEnabled", "multipleTouchEnabled", "forwardsTouches"] {
        let now: Bool
        switch key {
        case "hidden": now = v.hidden
        case "userInteractionEnabled": now = v.userInteractionEnabled
        case "multipleTouchEnabled": now = v.multipleTouchEnabled
        default: now = v.forwardsTouches
        }
        out.append(PropertyChange(target: v.id, key: key, value: .bool(!now)))
      }
      if v.kind.isControl { out.append(PropertyChange(target: v.id, key: "enabled", value: .bool(!v.enabled))) }
      out.append(PropertyChange(target: v.id, key: "alpha", value: .number(v.alpha < 0.01 ? 1 : 0)))
      for r in v.recognizers {
        let d = r.delegate ?? DelegateSpec()
        let flags: [(String, Bool)] = [
          ("isEnabled", r.isEnabled), ("cancelsTouchesInView", r.cancelsTouchesInView),
          ("delaysTouchesBegan", r.delaysTouchesBegan), ("delaysTouchesEnded", r.delaysTouchesEnded),
          ("delegate.shouldReceive", d.shouldReceive != .always(false)),
          ("delegate.shouldBegin", d.shouldBegin != .always(false)),
        ]
        for (key, now) in flags { out.append(PropertyChange(target: r.id, key: key, value: .bool(!now))) }
      }
    }
    return out
  }

  /// The scene as a file says it: no source lines, and a delegate that answers every question as UIKit's
  /// default counted as none.
  public static func comparable(_ scene: Scene) -> Scene {
    var s = scene.withoutSourceLines
    func normalize(_ v: inout ViewSpec) {
      for i in v.recognizers.indices where v.recognizers[i].delegate == DelegateSpec() {
        v.recognizers[i].delegate = nil
      }
      for i in v.subviews.indices { normalize(&v.subviews[i]) }
    }
    normalize(&s.root)
    return s
  }

  /// What is wrong with saving `changes` into `text` (empty when nothing is): the result must load as the
  /// scene with the changes, differ from `text` in at most `maxLines` consecutive lines (each change's own
  /// lines, or a line or two added) and `maxBytes` bytes, keep its line ends and stay JSON when it was.
  public static func problems(
    saving changes: [PropertyChange], into text: String, file: String = "t.yaml", maxLines: Int = 2,
    maxBytes: Int = 120
  ) -> [String] {
    let what = changes.map { "\($0.target).\($0.key) = \($0.value)" }.joined(separator: ", ")
    guard var expected = try? SceneLoader.parse(text, file: file) else { return ["\(file) does not load"] }
    for c in changes { _ = expected.apply(c) }
    let result: String
    do {
      result = try SceneEditor.apply(changes, to: text, file: file)
    } catch {
      return ["\(what): \(error)"]
    }
    var out: [String] = []
    do {
      let back = try SceneLoader.parse(result, file: file)
      if comparable(back) != comparable(expected) { out.append("\(what): reads back as another scene") }
    } catch {
      out.append("\(what): the result does not load: \(error)\n\(result)")
      return out
    }
    let (old, new) = changedLines(text, result)
    if old.count > maxLines || new.count > maxLines {
      out.append(
        "\(what): \(old.count) lines became \(new.count):\n- \(old.joined(separator: "\n- "))\n+ \(new.joined(separator: "\n+ "))"
      )
    }
    let (oldBytes, newBytes) = changedBytes(text, result)
    if oldBytes > maxBytes || newBytes > maxBytes {
      out.append("\(what): \(oldBytes) bytes became \(newBytes)")
    }
    if changes.count == 1, let c = changes.first, result != text {
      let leaf = c.key.split(separator: ".").last.map(String.init) ?? c.key
      let container = c.key.split(separator: ".").first.map(String.init) ?? c.key
      let mentioned = (old + new).contains { $0.contains(leaf) || $0.contains(container) }
      if !mentioned { out.append("\(what): the changed lines do not hold the key:\n\(old)\n\(new)") }
    }
    let crlf = text.utf8.contains(13)
    if crlf && lineFeedsWithoutReturn(text) == 0 && lineFeedsWithoutReturn(result) > 0 {
      out.append("\(what): a line end without CR in a CR LF file")
    }
    if isJSON(text) && !isJSON(result) { out.append("\(what): no longer JSON:\n\(result)") }
    return out
  }

  /// The lines that differ, between the common first and last lines (line ends kept).
  public static func changedLines(_ a: String, _ b: String) -> (old: [String], new: [String]) {
    func lines(_ s: String) -> [String] {
      var out: [String] = []
      var current = ""
      for u in s.unicodeScalars {
        current.unicodeScalars.append(u)
        if u == "\n" {
          out.append(current)
          current = ""
        }
      }
      if !current.isEmpty { out.append(current) }
      return out
    }
    let (x, y) = (lines(a), lines(b))
    var p = 0
    while p < x.count, p < y.count, x[p] == y[p] { p += 1 }
    var s = 0
    while s < x.count - p, s < y.count - p, x[x.count - 1 - s] == y[y.count - 1 - s] { s += 1 }
    return (Array(x[p..<(x.count - s)]), Array(y[p..<(y.count - s)]))
  }

  /// How many bytes differ between the common prefix and suffix, in each text.
  public static func changedBytes(_ a: String, _ b: String) -> (old: Int, new: Int) {
    let (x, y) = (Array(a.utf8), Array(b.utf8))
    var p = 0
    while p < x.count, p < y.count, x[p] == y[p] { p += 1 }
    var s = 0
    while s < x.count - p, s < y.count - p, x[x.count - 1 - s] == y[y.count - 1 - s] { s += 1 }
    return (x.count - p - s, y.count - p - s)
  }

  public static func lineFeedsWithoutReturn(_ s: String) -> Int {
    let u = Array(s.utf8)
    return u.indices.filter { u[$0] == 10 && ($0 == 0 || u[$0 - 1] != 13) }.count
  }

  public static func isJSON(_ text: String) -> Bool {
    (try? JSONSerialization.jsonObject(with: Data(text.utf8))) is [String: Any]
  }
}
