import TouchSim

extension SceneReader {
  // The keys each place allows come from the format's one description, `SceneSchema`.
  static let topKeys = SceneSchema.scene.keys
  /// The keys of one language's entry under `translations`.
  static let translationKeys = SceneSchema.translation.keys
  static let scriptFileKeys: KeySet = [.format, .script]
  static let formatName = "touchscope/1"
  /// Largest scene or script file read, in bytes of UTF-8.
  static let maxBytes = 16 << 20

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
    let translations = f[.translations].map(readTranslations) ?? [:]
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
    let index = SceneIndex(root: root)
    if let n = f[.script] { scene.script = readScript(n, index: index) }
    if let n = f[.questions] { scene.questions = readQuestions(n, index: index) }
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

  /// `translations`: a language tag (`zh-Hans`) to that language's `title` and `about`.
  func readTranslations(_ node: Node) -> [String: SceneTranslation] {
    languageEntries(node, of: "its title and about").compactMapValues { tag, value in
      guard let f = fields(value, "the translation '\(Excerpt.short(tag))'", allowed: SceneReader.translationKeys)
      else { return nil }
      return SceneTranslation(
        title: f[.title].flatMap { string($0, "title") }, about: f[.about].flatMap { string($0, "about") })
    }
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
