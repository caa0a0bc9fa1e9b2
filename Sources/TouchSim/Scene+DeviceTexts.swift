/// The texts drawn on the device (views' `text`: labels, buttons' titles, segments) in another language.
///
/// A translation gives each view's texts in the order `deviceTexts` lists them; what is drawn is looked up
/// by the text a view shows at that moment, so a text a script sets is translated from then on, and a text
/// the file never wrote (one typed in the window) is drawn as it is. The engine never reads any of this.
extension Scene {
  /// The texts each view shows over a run, as the file writes them, by view id: its `text`, then each
  /// text a `set` step of the script gives it (`id.text: …`), in script order. Views without any are left
  /// out.
  public var deviceTexts: [String: [String]] {
    var out: [String: [String]] = [:]
    for v in allViews {
      if let t = v.text { out[v.id] = [t] }
    }
    for step in script {
      guard case .set(let changes) = step.action else { continue }
      for c in changes where c.key == "text" {
        if case .string(let t) = c.value { out[c.target, default: []].append(t) }
      }
    }
    return out
  }

  /// What the device draws in `language` (a tag such as "zh-Hans") instead of each text the file writes,
  /// by view id: text → translation. Empty when the scene has no such translation.
  public func deviceTextTable(in language: String) -> [String: [String: String]] {
    guard let texts = translations[language]?.texts, !texts.isEmpty else { return [:] }
    let sources = deviceTexts
    var out: [String: [String: String]] = [:]
    for (id, translated) in texts {
      guard let own = sources[id] else { continue }
      var table: [String: String] = [:]
      for (source, text) in zip(own, translated) where table[source] == nil { table[source] = text }
      out[id] = table
    }
    return out
  }

  /// The scene with each view's text replaced by its entry in `table` (`deviceTextTable`, made from the
  /// scene this one is a moment of); a text the table does not list stays as it is.
  public func showingTexts(_ table: [String: [String: String]]) -> Scene {
    guard !table.isEmpty, let root = Self.showingTexts(table, in: root) else { return self }
    var out = self
    out.root = root
    return out
  }

  /// `view` with its texts replaced, or nil when nothing in it changes (its subtrees that do not change
  /// keep their storage, so comparing the result with the last one stays cheap).
  private static func showingTexts(_ table: [String: [String: String]], in view: ViewSpec) -> ViewSpec? {
    var out: ViewSpec?
    if let t = view.text, let shown = table[view.id]?[t], shown != t {
      out = view
      out?.text = shown
    }
    for (i, sub) in view.subviews.enumerated() {
      guard let changed = showingTexts(table, in: sub) else { continue }
      if out == nil { out = view }
      out?.subviews[i] = changed
    }
    return out
  }
}
