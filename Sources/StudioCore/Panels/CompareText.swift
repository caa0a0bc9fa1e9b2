import Geometry
import Localization
import TouchSim
import TraceKit

/// The words of a comparison of two runs (compare): `touchscope compare` prints them, and the window's
/// compare mode (key X) shows them under its two devices.
public enum CompareText {
  public static func changesText(_ changes: [PropertyChange]) -> String {
    changes.map { "\($0.target).\($0.key) = \($0.value)" }.joined(separator: ", ")
  }

  /// One difference in words when the two entries are the same kind of decision about the same view,
  /// recognizer or control ("`card` gets touchesEnded at 80 ms instead of touchesCancelled"); nil otherwise.
  public static func pairSentence(_ w: TraceEntry, _ c: TraceEntry, _ changes: [PropertyChange], _ l: Language)
    -> String?
  {
    // A difference no scene key can say (a touch filter): the worlds are named instead.
    // Spelled out only for a pair that has a sentence (the list of changes can be long, and most pairs
    // have none), and once.
    var spelled: String?
    func with() -> String {
      if let spelled { return spelled }
      let listed = changes.isEmpty ? "" : changesText(changes)
      let text = changes.isEmpty ? l("With your toggles", "按你的开关") : l("With \(listed)", "改为 \(listed) 后")
      spelled = text
      return text
    }
    let at = JSONNumber.format(c.t)
    switch (w.event, c.event) {
    case (.deliver(let v1, let m1, _, _), .deliver(let v2, let m2, _, _)) where v1 == v2 && m1 != m2:
      return l(
        "\(with()), `\(v1)` gets \(m2.rawValue) at \(at) ms instead of \(m1.rawValue).",
        "\(with())，`\(v1)` 在 \(at) 毫秒收到 \(m2.rawValue)，而不是 \(m1.rawValue)。")
    case (.state(let r1, let f1, let t1, _), .state(let r2, let f2, let t2, _)) where r1 == r2 && f1 == f2 && t1 != t2:
      return l(
        "\(with()), `\(r1)` goes from \(f1.rawValue) to \(t2.rawValue) at \(at) ms instead of \(t1.rawValue).",
        "\(with())，`\(r1)` 在 \(at) 毫秒从 \(f1.rawValue) 变为 \(t2.rawValue)，而不是 \(t1.rawValue)。")
    case (.control(let c1, let e1, _, _), .control(let c2, let e2, _, _)) where c1 == c2 && e1 != e2:
      return l(
        "\(with()), `\(c1)` sends \(e2.rawValue) at \(at) ms instead of \(e1.rawValue).",
        "\(with())，`\(c1)` 在 \(at) 毫秒发送 \(e2.rawValue)，而不是 \(e1.rawValue)。")
    case (.state(let r1, let f1, let t1, _), .state(let r2, let f2, let t2, _))
    where r1 == r2 && f1 == f2 && t1 == t2 && w.t != c.t:
      let before = JSONNumber.format(w.t)
      return l(
        "\(with()), `\(r1)` goes from \(f1.rawValue) to \(t1.rawValue) at \(at) ms instead of \(before) ms.",
        "\(with())，`\(r1)` 在 \(at) 毫秒从 \(f1.rawValue) 变为 \(t1.rawValue)，而不是在 \(before) 毫秒。")
    case (.deliver(let v1, let m1, _, _), .deliver(let v2, let m2, _, _)) where v1 == v2 && m1 == m2 && w.t != c.t:
      let before = JSONNumber.format(w.t)
      return l(
        "\(with()), `\(v1)` gets \(m1.rawValue) at \(at) ms instead of \(before) ms.",
        "\(with())，`\(v1)` 在 \(at) 毫秒收到 \(m1.rawValue)，而不是在 \(before) 毫秒。")
    case (.hit(let n1, let v1), .hit(let n2, let v2)) where n1 == n2 && v1 != v2:
      return l(
        "\(with()), touch \(n1) is hit-tested to `\(v2 ?? "nil")` at \(at) ms instead of `\(v1 ?? "nil")`.",
        "\(with())，触摸 \(n1) 在 \(at) 毫秒命中 `\(v2 ?? "nil")`，而不是 `\(v1 ?? "nil")`。")
    default:
      return nil
    }
  }

  /// What differs first, in words: the first decision of the first differing gesture that the two runs make
  /// differently (when there is such a pair), then where the traces part line by line.
  /// `names`: the two worlds as the window titles them (nil: "As written" and "With the changes", as the
  /// command line says).
  public static func firstSentence(
    _ c: TraceComparison, _ changes: [PropertyChange], _ l: Language, names: (String, String)? = nil
  ) -> String {
    guard let d = c.first else { return "" }
    var headline: String?
    if let g = c.gestures.first {
      search: for x in g.onlyChanged {
        for w in g.onlyWritten {
          if let s = pairSentence(w, x, changes, l) {
            headline = s
            break search
          }
        }
      }
    }
    let at = JSONNumber.format(d.t)
    let asWritten = d.written.map { TraceDescriber.sentence($0.event, l) } ?? l("the run has ended.", "运行已经结束。")
    let withChanges = d.changed.map { TraceDescriber.sentence($0.event, l) } ?? l("the run has ended.", "运行已经结束。")
    let raw =
      names.map { n in
        l(
          "The traces part at \(at) ms. \(n.0): \(asWritten) \(n.1): \(withChanges)",
          "两条轨迹在 \(at) 毫秒分开。\(n.0)：\(asWritten) \(n.1)：\(withChanges)")
      }
      ?? l(
        "The traces part at \(at) ms. As written: \(asWritten) With the changes: \(withChanges)",
        "两条轨迹在 \(at) 毫秒分开。按原样：\(asWritten) 修改后：\(withChanges)")
    return headline.map { $0 + " " + raw } ?? raw
  }
}
