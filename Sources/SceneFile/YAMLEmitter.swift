import Geometry

/// A small YAML emitter for the shapes a scene file uses: block mappings and lists, one-line flow
/// collections, and scalars that read back exactly (see `ScalarValue`).
indirect enum YAMLItem {
  /// Already formatted text: a scalar or a one-line flow collection.
  case inline(String)
  /// A block literal (`|` or `|-`) with its lines.
  case literal(header: String, lines: [String])
  case map([(String, YAMLItem)])
  case list([YAMLItem])
}

public struct YAMLEmitter {
  private(set) var lines: [String] = []

  var text: String { lines.joined(separator: "\n") + "\n" }

  mutating func emitDocument(_ pairs: [(String, YAMLItem)]) { emitMap(pairs, indent: 0, lead: "") }

  /// A block mapping at `indent`; `lead` replaces the indentation of the first line (`"  - "` for a list item).
  private mutating func emitMap(_ pairs: [(String, YAMLItem)], indent: Int, lead: String) {
    for (i, (key, value)) in pairs.enumerated() {
      let prefix = (i == 0 ? lead : YAMLEmitter.pad(indent)) + YAMLEmitter.key(key) + ":"
      switch value {
      case .inline(let s):
        lines.append(prefix + " " + s)
      case .literal(let header, let body):
        lines.append(prefix + " " + header)
        for l in body { lines.append(l.isEmpty ? "" : YAMLEmitter.pad(indent + 2) + l) }
      case .map(let sub):
        if sub.isEmpty {
          lines.append(prefix + " {}")
        } else {
          lines.append(prefix)
          emitMap(sub, indent: indent + 2, lead: YAMLEmitter.pad(indent + 2))
        }
      case .list(let items):
        if items.isEmpty {
          lines.append(prefix + " []")
        } else {
          lines.append(prefix)
          for item in items { emitListItem(item, indent: indent + 2) }
        }
      }
    }
  }

  private mutating func emitListItem(_ item: YAMLItem, indent: Int) {
    let dash = YAMLEmitter.pad(indent) + "- "
    switch item {
    case .inline(let s):
      lines.append(dash + s)
    case .map(let pairs):
      if pairs.isEmpty {
        lines.append(dash + "{}")
      } else {
        emitMap(pairs, indent: indent + 2, lead: dash)
      }
    case .list(let items):
      lines.append(dash + YAMLEmitter.flow(items))
    case .literal(let header, let body):
      lines.append(dash + header)
      for l in body { lines.append(l.isEmpty ? "" : YAMLEmitter.pad(indent + 2) + l) }
    }
  }

  /// A list of inline items as a one-line flow list (nested blocks are not expected here).
  static func flow(_ items: [YAMLItem]) -> String {
    "["
      + items.map { item -> String in
        if case .inline(let s) = item { return s }
        return "null"
      }.joined(separator: ", ") + "]"
  }

  static func pad(_ n: Int) -> String { String(repeating: " ", count: n) }
  static func key(_ k: String) -> String { string(k) }

  // MARK: Scalars

  static func number(_ v: Double) -> String { NumberText.format(v) }
  static func bool(_ b: Bool) -> String { b ? "true" : "false" }
  static func flowList(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }
  static func ids(_ ids: [String]) -> String { flowList(ids.map(string)) }
  static func flowMap(_ pairs: [(String, String)]) -> String {
    pairs.isEmpty ? "{}" : "{ " + pairs.map { "\(string($0.0)): \($0.1)" }.joined(separator: ", ") + " }"
  }

  /// A string as a plain scalar when that reads back as the same string (in block and flow context
  /// alike, and not a YAML 1.1 boolean either), otherwise double-quoted.
  static func string(_ s: String) -> String { isPlainSafe(s) ? s : quoted(s) }

  static func isPlainSafe(_ s: String) -> Bool {
    guard let first = s.unicodeScalars.first, let last = s.unicodeScalars.last, s.count <= 200 else {
      return false
    }
    func isLetter(_ u: Unicode.Scalar) -> Bool {
      (u.value >= 65 && u.value <= 90) || (u.value >= 97 && u.value <= 122) || u == "_"
        || (u.value >= 0xC0 && u.properties.isAlphabetic)
    }
    guard isLetter(first), last != " " else { return false }
    for u in s.unicodeScalars {
      let ok =
        isLetter(u) || (u.value >= 48 && u.value <= 57) || " -./()'!?+".unicodeScalars.contains(u)
        || (u.value >= 0xC0 && (u.properties.isAlphabetic || u.properties.numericType != nil))
      if !ok { return false }
    }
    if s.contains("  ") { return false }
    let yaml11Words: Set<String> = ["y", "n", "yes", "no", "on", "off", "true", "false", "null"]
    if yaml11Words.contains(s.lowercased()) { return false }
    return ScalarValue.plain(s) == .string(s)
  }

  /// A double-quoted YAML scalar; escapes everything outside YAML's printable set and the line breaks
  /// YAML knows beyond `\n`. `json`: only escapes JSON also reads (`\uXXXX`, never `\x85`), for a JSON
  /// scene file: the same string in both, since JSON is YAML.
  public static func quoted(_ s: String, json: Bool = false) -> String {
    QuotedString.quote(s, as: json ? .yamlInJSON : .yaml)
  }

  /// What may stand as itself inside a quoted scalar or a comment (`QuotedString.isYAMLPrintable`).
  static func isPrintable(_ u: Unicode.Scalar) -> Bool { QuotedString.isYAMLPrintable(u) }

  /// Text for a `# comment`, as data: anything not printable on one line (a control character, a line or
  /// paragraph separator) is written as its escape (`\x85`, `\u2028`), so the comment ends where the line does.
  public static func commentText(_ s: String) -> String {
    var out = ""
    for u in s.unicodeScalars {
      if isPrintable(u) && u != "\\" { out.unicodeScalars.append(u) } else { out += QuotedString.yamlEscape(u) }
    }
    return out
  }

  /// A multi-line string as a block literal when it reads back exactly that way, else nil.
  static func literal(_ s: String) -> YAMLItem? {
    guard s.contains("\n"), !s.hasPrefix("\n"), !s.hasPrefix(" "), !s.hasSuffix("\n\n") else { return nil }
    for u in s.unicodeScalars where u != "\n" && !isPrintable(u) { return nil }
    var body = s.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let header: String
    if s.hasSuffix("\n") {
      header = "|"
      body.removeLast()
    } else {
      header = "|-"
    }
    if body.contains(where: { $0.hasSuffix(" ") }) { return nil }
    return .literal(header: header, lines: body)
  }
}
