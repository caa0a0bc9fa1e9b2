import Geometry
import TouchSim

extension SceneReader {
  // The keys each place allows come from the format's one description, `SceneSchema`.
  static let topKeys = SceneSchema.scene.keys
  /// The keys of one language's entry under `translations`.
  static let translationKeys = SceneSchema.translation.keys
  static let scriptFileKeys: KeySet = [.format, .script]
  static let formatName = "touchscope/1"
  /// Largest scene or script file read, in bytes of UTF-8.
  public static let maxBytes = 16 << 20

  /// Composes `text` into a YAML document, turning syntax errors into positioned problems in `problems`.
  ///
  /// A document whose aliases expand too far is returned (so that reading can report what else is wrong)
  /// with its problem added.
  static func compose(_ text: String, problems: inout Problems) -> YAMLDocument? {
    if text.utf8.count > SceneReader.maxBytes {
      problems.add(line: 1, column: 1, "the file is too large: at most \(SceneReader.maxBytes >> 20) MiB")
      return nil
    }
    do {
      guard let doc = try YAMLComposer.compose(text) else {
        problems.add(line: 1, column: 1, "the file is empty: a scene starts with 'format: \(SceneReader.formatName)'")
        return nil
      }
      if let mark = doc.aliasLimitMark {
        let limit =
          doc.aliasLimitIsBytes
          ? "\(YAMLComposer.maxAliasBytes >> 20) MiB of text" : "\(YAMLComposer.maxAliasNodes) nodes"
        problems.add(
          line: mark.line, column: mark.column,
          "aliases expand the document too far: they may stand for at most \(limit) in all (this one goes over)")
      }
      return doc
    } catch {
      report(error, text: text, problems: &problems)
    }
    return nil
  }

  private static func report(_ e: YAMLProblem, text: String, problems: inout Problems) {
    switch e {
    case .syntax(let problem, let context, let line, let column):
      var m = "YAML syntax error: \(problem)"
      if let c = context, !c.text.isEmpty {
        m += " (\(c.text) at line \(c.line):\(c.column))"
      }
      // The cause is often on the line before the one libyaml stops at.
      if let hint = syntaxHint(text, from: min(context?.line ?? line, line - 1), to: line, problem: problem) {
        m += "; \(hint)"
      }
      problems.add(line: line, column: column, m)
    case .reader(let problem, let offset):
      let (line, column) = SceneReader.lineAndColumn(ofCharacter: offset ?? 0, in: text)
      problems.add(line: line, column: column, "cannot read the text: \(problem)")
    case .duplicateKeys(let duplicates, let line, let column):
      let keys = duplicates.map { "'\(Excerpt.short($0))'" }.joined(separator: ", ")
      problems.add(line: line, column: column, "duplicate key \(keys) in one mapping (each key may appear once)")
    case .memory:
      problems.add(line: 1, column: 1, "cannot read YAML: Memory error")
    case .nesting(let line, let column):
      problems.add(
        line: line, column: column,
        "nested too deeply: YAML nesting is limited to \(YAMLComposer.maxNesting) levels (and a view tree to \(SceneReader.maxDepth))"
      )
    }
  }

  /// A likely cause of a YAML syntax error found at line `to` (while reading from line `from`): the
  /// nearest of those lines (at most 50) indented with a tab or an ideographic space, or with YAML's own
  /// punctuation typed in its full-width form by an input method for Chinese or Japanese, which YAML reads
  /// as text: '：' ending a key, '－' starting a list item, '［' or '｛' starting a value, '，' inside
  /// brackets. Nil when none has one (a '：' or '，' in a title's text is text as meant).
  ///
  /// Then what a scene written as JSON gets wrong: a line that starts with `//` (JSON has no comments;
  /// YAML's start with `#`), or, when libyaml expected a `,`, the line before the error ending without one.
  static func syntaxHint(_ text: String, from: Int, to: Int, problem: String = "") -> String? {
    guard to >= 1 else { return nil }
    let first = max(1, from, to - 50)
    var lines: [Substring] = []
    var number = 0
    for line in text.split(omittingEmptySubsequences: false, whereSeparator: isLineBreak) {
      number += 1
      if number > to { break }
      if number >= first { lines.append(line) }
    }
    for (i, line) in lines.enumerated().reversed() {
      if let hint = fullWidthSyntax(Array(line.unicodeScalars.prefix(10_000)), line: first + i) { return hint }
    }
    for (i, line) in lines.enumerated().reversed() where line.drop(while: \.isWhitespace).hasPrefix("//") {
      return "line \(first + i) starts with '//': a comment in YAML starts with '#' (JSON has none)"
    }
    if problem.contains("expected ','") {
      // The nearest line before the error's with something on it, and where that ends.
      for (i, line) in lines.dropLast().enumerated().reversed() {
        let kept = line.prefix(10_000).trimmingCharacters(in: .whitespaces)
        guard !kept.isEmpty else { continue }
        guard let last = kept.last, !",{[".contains(last) else { return nil }
        return "line \(first + i) ends without ',': is one missing there?"
      }
    }
    return nil
  }

  /// `syntaxHint` for one line.
  private static func fullWidthSyntax(_ s: [Unicode.Scalar], line n: Int) -> String? {
    let indent = s.prefix { $0 == " " || $0 == "\t" || $0 == "\u{3000}" }
    if indent.contains("\t") { return "line \(n) is indented with a tab: YAML indents with spaces only" }
    if indent.contains("\u{3000}") {
      return "line \(n) is indented with the full-width space '\u{3000}': YAML indents with spaces only"
    }
    func blame(_ k: Int, _ narrow: String) -> String {
      "line \(n), column \(k + 1) has '\(Character(s[k]))', the full-width '\(narrow)', which YAML reads as text: "
        + "type '\(narrow)'"
    }
    var k = indent.count
    // A list item's dash.
    if k < s.count, s[k] == "－" { return blame(k, "-") }
    if k + 1 < s.count, s[k] == "-", s[k + 1] == " " { k += 2 }
    // The value's first character, and the key's end: the first ':' or '：' outside quotes.
    var quote: Unicode.Scalar?
    var valueStart: Int? = k
    var flow = 0
    while k < s.count {
      let c = s[k]
      if let q = quote {
        if c == q { quote = nil }
        k += 1
        continue
      }
      if let v = valueStart, k == v {
        if c == "［" || c == "｛" { return blame(k, c == "［" ? "[" : "{") }
        if c == " " {
          valueStart = k + 1
          k += 1
          continue
        }
        valueStart = nil
      }
      switch c {
      case "\"", "'": quote = c
      case "#" where k > 0 && s[k - 1] == " ": return nil
      case "[", "{", "［", "｛": flow += 1
      case "]", "}", "］", "｝": flow = max(flow - 1, 0)
      case "，" where flow > 0: return blame(k, ",")
      case "：" where flow == 0 && !s[..<k].contains(":"): return blame(k, ":")
      case ":" where k + 1 == s.count || s[k + 1] == " ": valueStart = k + 1
      default: break
      }
      k += 1
    }
    return nil
  }

  /// A line break as libyaml counts them (LF, CR LF, a lone CR, NEL, LS, PS).
  static func isLineBreak(_ ch: Character) -> Bool {
    switch ch {
    case "\n", "\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}": true
    default: false
    }
  }

  /// 1-based line and column (in Unicode scalars) of the `offset`-th character. Line breaks are those
  /// libyaml counts (LF, CR LF, a lone CR, NEL, LS, PS), so positions agree with its marks.
  static func lineAndColumn(ofCharacter offset: Int, in text: String) -> (Int, Int) {
    var line = 1
    var column = 1
    for (i, ch) in text.enumerated() {
      if i >= offset { break }
      switch ch {
      case "\n", "\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}":
        line += 1
        column = 1
      default:
        column += ch.unicodeScalars.count
      }
    }
    return (line, column)
  }

  /// The whole scene: top-level keys, the view tree, then references, cycles and the script.
  func readScene(_ node: Node) -> Scene? {
    guard let f = fields(node, "the scene", allowed: SceneReader.topKeys) else { return nil }
    if let n = f[.format] {
      if let s = string(n, "format"), s != SceneReader.formatName {
        error(n, "unsupported format '\(Excerpt.short(s))': this program reads '\(SceneReader.formatName)'")
      }
    } else {
      error(node, "missing 'format: \(SceneReader.formatName)' (the first line of every scene file)")
    }
    var window = Size(390, 844)
    if let n = f[.window], let s = size(n, "window") {
      if s.width > 0 && s.height > 0 && s.width <= 100_000 && s.height <= 100_000 {
        window = s
      } else {
        error(n, "the window must be between 1 and 100000 points on each side")
      }
    }
    var root: ViewSpec?
    if let n = f[.root] {
      root = readView(n, depth: 1, window: window)
    } else {
      error(node, "missing 'root': the window's root view")
    }
    let title = f[.title].flatMap { string($0, "title") }
    let about = f[.about].flatMap { string($0, "about") }
    var translations: [String: SceneTranslation] = [:]
    var textNodes: [(tag: String, node: Node)] = []
    if let n = f[.translations] { (translations, textNodes) = readTranslations(n) }
    let appDelegate = f[.appDelegateIsResponder].flatMap { bool($0, "appDelegateIsResponder") }
    guard var root else { return nil }
    resolveSharedRecognizers(&root)
    checkPresentations(root)
    var scene = Scene(root: root)
    scene.window = window
    scene.title = title
    scene.about = about
    scene.translations = translations
    if let appDelegate { scene.appDelegateIsResponder = appDelegate }
    if let n = f[.responders], let r = readResponders(n) { scene.responders = r }
    if let n = f[.firstResponder] { scene.firstResponder = string(n, "firstResponder") }
    checkActions(scene, firstResponderNode: f[.firstResponder])
    let index = SceneIndex(root: root)
    if let n = f[.script] { scene.script = readScript(n, index: index) }
    if let n = f[.questions] { scene.questions = readQuestions(n, index: index) }
    // Device texts are checked against the views' texts and the ones the script sets.
    if !textNodes.isEmpty {
      let sources = scene.deviceTexts
      for (tag, node) in textNodes {
        let texts = readDeviceTexts(node, scene: scene, sources)
        scene.translations[tag]?.texts = texts
      }
    }
    checkReferences()
    checkFailureCycles()
    return scene
  }

  /// A file of its own holding `script:` (optionally with `format:`), or a bare list of steps, checked
  /// against `scene`.
  func readScriptDocument(_ node: Node, for scene: Scene) -> [ScriptStep] {
    ids = IdTable(scene: scene)
    let index = SceneIndex(root: scene.root)
    var steps: [ScriptStep] = []
    if doc.isSequence(node) {
      steps = readScript(node, index: index)
    } else if let f = fields(node, "a script file", allowed: SceneReader.scriptFileKeys) {
      if let n = f[.format], let s = string(n, "format"), s != SceneReader.formatName {
        error(n, "unsupported format '\(Excerpt.short(s))': this program reads '\(SceneReader.formatName)'")
      }
      if let n = f[.script] {
        steps = readScript(n, index: index)
      } else {
        error(node, "missing 'script': a script file holds 'script: [ ...steps... ]'")
      }
    }
    checkReferences()
    return steps
  }

  /// `translations`: a language tag (`zh-Hans`) to that language's `title`, `about` and `texts`; each
  /// language's `texts` node is returned to be read once the script is (`readDeviceTexts`).
  func readTranslations(_ node: Node) -> ([String: SceneTranslation], [(tag: String, node: Node)]) {
    var texts: [(tag: String, node: Node)] = []
    let out = languageEntries(node, of: "its title, about and texts").compactMapValues {
      tag, value -> SceneTranslation? in
      guard let f = fields(value, "the translation '\(Excerpt.short(tag))'", allowed: SceneReader.translationKeys)
      else { return nil }
      if let n = f[.texts] { texts.append((tag, n)) }
      return SceneTranslation(
        title: f[.title].flatMap { string($0, "title") }, about: f[.about].flatMap { string($0, "about") })
    }
    return (out, texts.sorted { $0.tag < $1.tag })
  }

  /// A translation's `texts`: a view id to that view's text in the language, or to a list of its texts
  /// when the script sets others (`Scene.deviceTexts`, in that order). Each id must name a view with text;
  /// a segmented control keeps its number of segments.
  func readDeviceTexts(_ node: Node, scene: Scene, _ sources: [String: [String]]) -> [String: [String]] {
    guard doc.isMapping(node) else {
      error(node, "'texts' must be a mapping from a view id to its text in this language, not \(described(node))")
      return [:]
    }
    let count = doc.count(node)
    guard visit(count) else { return [:] }
    var views: [String: ViewSpec] = [:]
    for v in scene.allViews { views[v.id] = v }
    var out: [String: [String]] = [:]
    for i in 0..<count {
      let pair = doc.pair(node, i)
      guard doc.isScalar(pair.key) else {
        error(pair.key, "keys of 'texts' must be view ids, not \(described(pair.key))")
        continue
      }
      let id = doc.string(pair.key)
      guard let view = views[id] else {
        let what = ids[id].map { ", which is \($0.role.described), not a view" } ?? ", but no view has that id"
        let hint = ids[id] == nil ? hint(id, scene.allViews.lazy.filter { sources[$0.id] != nil }.map(\.id)) : ""
        error(pair.key, "'texts' names '\(Excerpt.short(id))'\(what)" + hint)
        continue
      }
      guard let own = sources[id] else {
        error(pair.key, "'\(Excerpt.short(id))' has no text to translate: give it a 'text' or leave it out of 'texts'")
        continue
      }
      if let texts = readDeviceText(pair.value, view: view, own: own) { out[id] = texts }
    }
    return out
  }

  /// One view's entry in `texts`: a string, or a list of as many strings as the view has texts.
  private func readDeviceText(_ node: Node, view: ViewSpec, own: [String]) -> [String]? {
    let key = "texts.\(Excerpt.short(view.id))"
    var nodes: [Node] = [node]
    if let seq = items(node) { nodes = Array(seq) }
    let written = doc.isSequence(node) ? nodes.count : 1
    guard written == own.count else {
      let sets = own.count - (view.text == nil ? 0 : 1)
      let texts =
        own.count == 1
        ? "one text ('\(Excerpt.short(own[0]))'): translate it as one string"
        : "\(own.count) texts (\(view.text == nil ? "" : "its own, then ")\(sets) the script sets): translate them as a list of \(own.count) in that order"
      error(node, "'\(Excerpt.short(view.id))' has \(texts), not \(written == 1 ? "one" : "a list of \(written)")")
      return nil
    }
    var out: [String] = []
    for (n, source) in zip(nodes, own) {
      guard let s = string(n, key) else { return nil }
      if s.allSatisfy(\.isWhitespace) {
        error(n, "'\(key)' is empty: translate the text or leave the view out of 'texts'")
        return nil
      }
      if view.kind == .segmentedControl {
        let want = ViewSpec.segmentCount(source)
        let have = ViewSpec.segmentCount(s)
        if want != have {
          error(
            n,
            "'\(key)' has \(have) segment\(have == 1 ? "" : "s"), but '\(Excerpt.short(source))' has \(want): split the titles at | as the control's text does"
          )
          return nil
        }
      }
      out.append(s)
    }
    return out
  }

  /// A `translations` mapping's entries by language tag, each tag checked (BCP 47, once each); `what` says
  /// what a language maps to, for the message when the node is no mapping.
  func languageEntries(_ node: Node, of what: String) -> [String: (tag: String, value: Node)] {
    guard doc.isMapping(node) else {
      error(node, "'translations' must be a mapping from a language tag (zh-Hans) to \(what), not \(described(node))")
      return [:]
    }
    let count = doc.count(node)
    guard visit(count) else { return [:] }
    var out: [String: (tag: String, value: Node)] = [:]
    for i in 0..<count {
      let pair = doc.pair(node, i)
      guard doc.isScalar(pair.key) else {
        error(pair.key, "keys of 'translations' must be language tags (zh-Hans), not \(described(pair.key))")
        continue
      }
      let tag = doc.string(pair.key)
      guard SceneTranslation.isLanguageTag(tag) else {
        error(pair.key, "'\(Excerpt.short(tag))' is not a language tag: write it as BCP 47 does (zh-Hans, ja, en-GB)")
        continue
      }
      guard out[tag] == nil else {
        error(pair.key, "the language '\(Excerpt.short(tag))' is translated twice")
        continue
      }
      out[tag] = (tag, pair.value)
    }
    return out
  }
}
