import Geometry
import TouchSim

/// Decodes a composed YAML document into a `Scene`, collecting every problem it can find in one pass.
///
/// Reading is in three stages: the document's shape (keys, types, ranges) while building the model; then
/// the cross-references (ids named in lists, failure-requirement cycles); then the script, which needs the
/// finished model to check `set` steps. Recursion follows the view tree only and is bounded by `maxDepth`.
public final class SceneReader {
  public static let maxDepth = 200
  public static let maxViews = 20_000
  public static let maxRecognizers = 20_000
  static let maxSteps = 100_000
  /// Most questions a scene may ask, and most choices one question may offer.
  static let maxQuestions = 200
  static let maxChoices = 8
  /// Largest magnitude accepted for coordinates, sizes and other plain numbers.
  public static let maxMagnitude = 1e6

  let doc: YAMLDocument
  var problems: Problems
  var ids = IdTable()
  var references: [Reference] = []
  var failureEdges: [FailureEdge] = []
  var viewCount = 0
  var recognizerCount = 0
  var tooManyViewsReported = false
  var tooManyRecognizersReported = false
  /// Every place a recognizer id is listed in a view's `recognizers`, in file order (rule C-9).
  var recognizerListings: [RecognizerListing] = []
  /// The ids of recognizers defined (with a kind) in a `recognizers` list so far.
  var listedRecognizers: Set<String> = []
  /// Every `presentingViewController`, checked once the whole tree is read (rule B-2a).
  var presentations: [Presentation] = []
  /// Every action `target` (rule B-7), checked once the whole scene is read.
  var actionTargets: [(name: String, action: String, node: Node)] = []

  /// Mapping pairs and list items still to visit, for a document that aliases expand too far (nil: no limit).
  private var visitBudget: Int?
  /// Bytes of scalar text still to read, for such a document (each alias use of a string reads it again).
  private var byteBudget: Int?

  /// `visitBudget` replaces the default budget of a document that aliases expand too far (for tests).
  init(document: YAMLDocument, problems: Problems, visitBudget: Int? = nil) {
    doc = document
    self.problems = problems
    // Views, recognizers and controllers are mappings: their number bounds the ids (scroll views' pans aside).
    ids = IdTable(capacity: document.mappingCount)
    if document.aliasLimitMark != nil {
      // Well above what reading a document within the limit could visit (each node a few times).
      self.visitBudget = visitBudget ?? 4 * (document.entries.count + YAMLComposer.maxAliasNodes)
      byteBudget = 4 * (document.textBytes + YAMLComposer.maxAliasBytes)
    }
  }

  /// Counts `n` more nodes visited; false once a document that aliases expand too far (reported when it was
  /// composed) has used up its budget: reading then stops, however much the aliases still stand for.
  func visit(_ n: Int) -> Bool {
    guard let budget = visitBudget else { return true }
    visitBudget = budget - n
    if budget - n < 0 {
      problems.stop()
      return false
    }
    return true
  }

  // MARK: Nodes

  func position(_ node: Node) -> (line: Int, column: Int) { doc.position(node) }
  /// A scalar's meaning (nil for a collection, or once a document that aliases expand too far has read
  /// its budget of bytes: reading then stops).
  func value(_ node: Node) -> ScalarValue? {
    if let budget = byteBudget {
      let n = doc.bytes(node).count
      byteBudget = budget - n
      if budget - n < 0 {
        problems.stop()
        return nil
      }
    }
    return doc.value(node)
  }
  /// `node` in words, for "takes …, not …": with a note when its text (or a list's first text) holds
  /// punctuation or digits typed in their full-width forms, the likely reason it is not what was meant.
  func described(_ node: Node) -> String {
    let words = doc.described(node)
    if case .string(let s)? = doc.value(node) { return words + Self.fullWidthNote(s) }
    if let seq = doc.items(node) {
      for item in seq.prefix(16) {
        if case .string(let s)? = doc.value(item), case let note = Self.fullWidthNote(s), !note.isEmpty {
          return words + note
        }
      }
    }
    return words
  }

  /// " ('，' is the full-width ',': …)" when `text` holds a character an input method for Chinese or
  /// Japanese types in place of one a number or a list is written with (the full-width digits, '．', '，',
  /// '－', '＋', '［', '］', the ideographic comma '、'), which YAML reads as text; "" when none. Other
  /// full-width characters ('（' in a title) are text as meant.
  static func fullWidthNote(_ text: String) -> String {
    for c in text.unicodeScalars.prefix(10_000) {
      guard let narrow = numberStandIn(c) else { continue }
      return " ('\(Character(c))' is the full-width '\(narrow)', which YAML reads as text: type '\(narrow)')"
    }
    return ""
  }

  /// Why a key is not one: " (it starts with the full-width space '　', …)" when an input method's
  /// ideographic space indents it (YAML reads it as part of the key, at the line's start), or it holds the
  /// full-width colon; "" otherwise.
  static func keyNote(_ key: String) -> String {
    if key.unicodeScalars.first == "\u{3000}" {
      return " (it starts with the full-width space '\u{3000}', which YAML reads as text: indent with spaces)"
    }
    if key.unicodeScalars.contains("：") {
      return " (it holds '：', the full-width ':', which YAML reads as text: type ':')"
    }
    return ""
  }

  /// The ASCII character `c` stands for when it is one of `fullWidthNote`'s stand-ins.
  static func numberStandIn(_ c: Unicode.Scalar) -> Character? {
    switch c.value {
    case 0xFF10...0xFF19, 0xFF0E, 0xFF0C, 0xFF0D, 0xFF0B, 0xFF3B, 0xFF3D:
      return Character(Unicode.Scalar(c.value - 0xFEE0)!)
    case 0x3001: return ","
    default: return nil
    }
  }

  /// A list's items (counted against the visit budget), or nil when `node` is not a list.
  func items(_ node: Node) -> YAMLDocument.Items? {
    guard let seq = doc.items(node), visit(seq.count) else { return nil }
    return seq
  }

  // MARK: Problems

  func error(_ node: Node, _ message: String) {
    let p = doc.position(node)
    problems.add(line: p.line, column: p.column, message)
  }
  func warning(_ node: Node, _ message: String) {
    let p = doc.position(node)
    problems.warn(line: p.line, column: p.column, message)
  }
  func hint<S: Sequence>(_ word: String, _ candidates: S) -> String where S.Element == String {
    problems.hint(word, candidates)
  }

  // MARK: Mappings

  /// A mapping's entries by key, after checking that every key is one of `allowed`.
  ///
  /// Unknown keys are reported with a did-you-mean hint drawn from `allowed`.
  func fields(_ node: Node, _ what: String, allowed: KeySet) -> Fields? {
    guard doc.isMapping(node) else {
      error(node, "\(what) must be a mapping (key: value), not \(described(node))")
      return nil
    }
    let count = doc.count(node)
    guard visit(count) else { return nil }
    var present = KeyMask()
    for i in 0..<count {
      let keyNode = doc.pair(node, i).key
      guard doc.isScalar(keyNode) else {
        error(keyNode, "keys of \(what) must be names, not \(described(keyNode))")
        continue
      }
      if let key = doc.key(keyNode), allowed.contains(key) {
        present.insert(key)
        continue
      }
      let key = doc.string(keyNode)
      if key == "<<" && doc.kind(keyNode) == .plain {
        error(keyNode, "merge keys ('<<') are not supported: write the keys out (an alias can stand for a whole value)")
      } else {
        error(keyNode, "unknown key '\(Excerpt.short(key))' in \(what)" + Self.keyNote(key) + hint(key, allowed.names))
      }
    }
    return Fields(doc: doc, node: node, present: present)
  }

  // MARK: Scalars

  func string(_ node: Node, _ key: String) -> String? {
    switch value(node) {
    case .string(let s)?: return s
    case .number?, .bool?:
      return doc.string(node)
    case .null?:
      error(
        node,
        "'\(key)' needs a value"
          + (key == "color" ? " (a '#' starts a comment in YAML: quote the colour, \"#4C8BF5\")" : ""))
      return nil
    case nil:
      error(node, "'\(key)' takes a string, not \(described(node))")
      return nil
    }
  }

  func bool(_ node: Node, _ key: String) -> Bool? {
    if case .bool(let b)? = value(node) { return b }
    error(node, "'\(key)' takes true or false, not \(described(node))")
    return nil
  }

  /// A finite number within ±`maxMagnitude` (and `range` when given).
  func number(_ node: Node, _ key: String, range: ClosedRange<Double>? = nil) -> Double? {
    guard case .number(let n)? = value(node) else {
      error(node, "'\(key)' takes a number, not \(described(node))")
      return nil
    }
    guard n.isFinite else {
      error(node, "'\(key)' must be a finite number, not \(NumberText.format(n))")
      return nil
    }
    if let r = range {
      guard r.contains(n) else {
        error(
          node,
          "'\(key)' must be within \(NumberText.format(r.lowerBound))...\(NumberText.format(r.upperBound)), not \(NumberText.format(n))"
        )
        return nil
      }
    } else if abs(n) > SceneReader.maxMagnitude {
      error(node, "'\(key)' is out of range: \(NumberText.format(n)) (at most ±1000000)")
      return nil
    }
    return n
  }

  /// A whole number within `range`.
  func integer(_ node: Node, _ key: String, range: ClosedRange<Int>) -> Int? {
    guard case .number(let n)? = value(node) else {
      error(node, "'\(key)' takes a whole number, not \(described(node))")
      return nil
    }
    guard n.isFinite, n == n.rounded() else {
      error(node, "'\(key)' must be a whole number, not \(NumberText.format(n))")
      return nil
    }
    guard n >= Double(range.lowerBound), n <= Double(range.upperBound) else {
      error(node, "'\(key)' must be within \(range.lowerBound)...\(range.upperBound), not \(NumberText.format(n))")
      return nil
    }
    return Int(n)
  }

  /// A list of exactly `count` numbers, each checked as `number` does; `nonNegativeFrom` marks the index
  /// from which entries are sizes (must not be negative).
  func numbers(_ node: Node, _ key: String, count: Int, shape: String, nonNegativeFrom: Int = Int.max)
    -> [Double]?
  {
    guard let seq = items(node), seq.count == count else {
      error(node, "'\(key)' takes \(shape), not \(described(node))")
      return nil
    }
    var out: [Double] = []
    out.reserveCapacity(count)
    for (i, item) in seq.enumerated() {
      guard let n = number(item, key) else { return nil }
      if i >= nonNegativeFrom && n < 0 {
        error(item, "'\(key)' has a negative size \(NumberText.format(n))")
        return nil
      }
      out.append(n)
    }
    return out
  }

  func point(_ node: Node, _ key: String) -> Point? {
    guard let v = numbers(node, key, count: 2, shape: "[x, y]") else { return nil }
    return Point(v[0], v[1])
  }

  func size(_ node: Node, _ key: String) -> Size? {
    guard let v = numbers(node, key, count: 2, shape: "[width, height]", nonNegativeFrom: 0) else { return nil }
    return Size(v[0], v[1])
  }

  func rect(_ node: Node, _ key: String) -> Rect? {
    guard let v = numbers(node, key, count: 4, shape: "[x, y, width, height]", nonNegativeFrom: 2) else {
      return nil
    }
    return Rect(v[0], v[1], v[2], v[3])
  }

  /// A list of ids (a single id is taken as a list of one), each with its node for later checks.
  func idList(_ node: Node, _ key: String) -> [(String, Node)]? {
    guard let list = listOrOne(node) else {
      error(node, "'\(key)' takes a list of ids, not \(described(node))")
      return nil
    }
    var out: [(String, Node)] = []
    var ok = true
    for item in list {
      guard case .string(let s)? = value(item), !s.isEmpty else {
        error(item, "'\(key)' takes a list of ids, and \(described(item)) is not an id")
        ok = false
        continue
      }
      out.append((s, item))
    }
    return ok ? out : nil
  }

  /// A list's items, or a scalar as a list of one; nil for a mapping.
  func listOrOne(_ node: Node) -> [Node]? {
    if doc.isScalar(node) { return [node] }
    return items(node).map(Array.init)
  }

  /// An id being defined: a non-empty name without dots or blanks.
  func identifier(_ node: Node, _ key: String) -> String? {
    guard let s = string(node, key) else { return nil }
    if let problem = IdTable.problem(with: s) {
      error(node, "\(key) '\(Excerpt.short(s))' \(problem)")
      return nil
    }
    return s
  }
}

/// A mapping's allowed entries by key, with the mapping node for positions.
///
/// Lookups scan the mapping's few pairs, and only for keys it has (`present`): no table is built per mapping.
struct Fields {
  let doc: YAMLDocument
  let node: Node
  /// The allowed keys the mapping has.
  let present: KeyMask

  subscript(_ key: Key) -> Node? { find(key)?.value }
  func keyNode(_ key: Key) -> Node? { find(key)?.key }
  func has(_ key: Key) -> Bool { present.contains(key) }

  /// The allowed keys among `keys`, in the file's order (a key written twice with different tags, twice).
  func order(among keys: KeySet) -> [Key] {
    guard !(present & keys.mask).isEmpty else { return [] }
    var out: [Key] = []
    for i in 0..<doc.count(node) {
      if let k = doc.key(doc.pair(node, i).key), present.contains(k), keys.contains(k) { out.append(k) }
    }
    return out
  }

  /// The last pair with `key`: keys with the same text but different tags (`id`, `!!int id`) are not
  /// duplicates in YAML; as before, the last one wins.
  private func find(_ key: Key) -> (key: Node, value: Node)? {
    guard present.contains(key) else { return nil }
    for i in (0..<doc.count(node)).reversed() {
      let p = doc.pair(node, i)
      if doc.key(p.key) == key { return p }
    }
    return nil
  }
}
