/// A node of a `YAMLDocument`: its index there. Plain data, so passing nodes around costs nothing.
struct Node: Hashable, Sendable {
  let index: Int32
}

/// A composed YAML document (see `YAMLComposer`): every node in one array, collections' children in
/// another, scalars' text in a third.
///
/// An alias is not a node of its own: the collection holding it lists the anchored node again, so a node may
/// have several parents (the tree is a DAG) and reading the tree visits it once per use.
final class YAMLDocument {
  enum Kind: UInt8 {
    /// A plain (unquoted) scalar: read by the YAML 1.2 core schema (`ScalarValue`).
    case plain
    /// A quoted or block scalar: always a string.
    case quoted
    case mapping
    case sequence
  }

  struct Entry {
    var kind: Kind
    var isASCII: Bool
    /// For a scalar used as a mapping key: `Key.rawValue` + 1, or 0 when it names no key.
    var key: UInt8
    var line: Int32
    var column: Int32
    /// A scalar's first byte in `text`; a collection's first child in `children`.
    var start: Int32
    /// A scalar's length in bytes; a mapping's number of pairs; a sequence's number of items.
    var count: Int32
  }

  let entries: [Entry]
  /// Sequences' items; mappings' keys and values, alternating.
  let children: [Int32]
  /// Every scalar's UTF-8 text, one after the other (owned: read without reference counting).
  private let text: UnsafeMutableBufferPointer<UInt8>
  let root: Node
  /// How many mappings were written (aliases not counted).
  let mappingCount: Int
  /// Where aliases first added more than `YAMLComposer.maxAliasNodes` nodes (reported already); reading such
  /// a document stops after a bounded number of visits (`SceneReader.visit`).
  let aliasLimitMark: (line: Int, column: Int)?
  /// The limit aliases went over is the one on bytes (`YAMLComposer.maxAliasBytes`), not on nodes.
  let aliasLimitIsBytes: Bool
  /// Each node's place in the text, by node index (see `Span`); empty unless composed with `positions`.
  let spans: [Span]
  /// Every use of an alias, in the order of the text.
  let aliasUses: [AliasUse]
  /// The anchor each anchored node was defined with.
  let anchorNames: [Int32: String]

  /// Where a node is in the text: offsets in Unicode scalars from the start (as libyaml counts them: a
  /// leading BOM not counted, CR LF two), and how it is written.
  ///
  /// A node starts at its anchor or tag when it has one. A scalar ends after its last character (a block
  /// scalar after its last line break); a flow collection after its closing bracket; a block collection
  /// where its last child ends (an alias child: after the alias).
  struct Span {
    enum Style: UInt8 {
      case plain, singleQuoted, doubleQuoted, literal, folded
      case flowMapping, blockMapping, flowSequence, blockSequence
    }
    var start: Int32
    var end: Int32
    var style: Style
  }

  /// An alias (`*name`) used as the `slot`-th child of `parent` (for a mapping: keys and values alternating,
  /// so a value's slot is odd), standing for `target`, written from `start` to `end`.
  struct AliasUse {
    var parent: Int32
    var slot: Int32
    var target: Int32
    var start: Int32
    var end: Int32
  }

  init(
    entries: [Entry], children: [Int32], text: [UInt8], root: Node, mappingCount: Int,
    aliasLimitMark: (line: Int, column: Int)?, aliasLimitIsBytes: Bool = false, spans: [Span] = [],
    aliasUses: [AliasUse] = [],
    anchorNames: [Int32: String] = [:]
  ) {
    self.spans = spans
    self.aliasUses = aliasUses
    self.anchorNames = anchorNames
    self.entries = entries
    self.children = children
    self.text = .allocate(capacity: max(text.count, 1))
    _ = self.text.initialize(from: text)
    self.root = root
    self.mappingCount = mappingCount
    self.aliasLimitMark = aliasLimitMark
    self.aliasLimitIsBytes = aliasLimitIsBytes
  }

  deinit { text.deallocate() }

  // MARK: Nodes

  func kind(_ n: Node) -> Kind { entries[Int(n.index)].kind }
  func isScalar(_ n: Node) -> Bool { entries[Int(n.index)].kind.rawValue <= Kind.quoted.rawValue }
  func isMapping(_ n: Node) -> Bool { entries[Int(n.index)].kind == .mapping }
  func isSequence(_ n: Node) -> Bool { entries[Int(n.index)].kind == .sequence }

  /// 1-based line and column.
  func position(_ n: Node) -> (line: Int, column: Int) {
    let e = entries[Int(n.index)]
    return (Int(e.line), Int(e.column))
  }

  /// A mapping's number of pairs, a sequence's number of items (0 for a scalar).
  func count(_ n: Node) -> Int {
    let e = entries[Int(n.index)]
    return e.kind.rawValue >= Kind.mapping.rawValue ? Int(e.count) : 0
  }

  /// A sequence's items, or nil when `n` is not a sequence.
  func items(_ n: Node) -> Items? {
    let e = entries[Int(n.index)]
    guard e.kind == .sequence else { return nil }
    return Items(children: children, startIndex: Int(e.start), endIndex: Int(e.start) + Int(e.count))
  }

  /// The `i`-th key and value of a mapping.
  func pair(_ n: Node, _ i: Int) -> (key: Node, value: Node) {
    let at = Int(entries[Int(n.index)].start) + 2 * i
    return (Node(index: children[at]), Node(index: children[at + 1]))
  }

  /// The key a scalar used as a mapping key names, if any.
  func key(_ n: Node) -> Key? {
    let k = entries[Int(n.index)].key
    return k == 0 ? nil : Key(rawValue: k - 1)
  }

  // MARK: Scalars

  /// A scalar's UTF-8 text (empty for a collection).
  func bytes(_ n: Node) -> UnsafeBufferPointer<UInt8> {
    let e = entries[Int(n.index)]
    guard e.kind.rawValue <= Kind.quoted.rawValue else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(rebasing: text[Int(e.start)..<Int(e.start) + Int(e.count)])
  }

  /// Bytes of scalar text written out (aliases not expanded).
  var textBytes: Int { text.count }

  /// A scalar's text (empty for a collection).
  func string(_ n: Node) -> String { String(decoding: bytes(n), as: UTF8.self) }

  /// The scalar's meaning, or nil for a mapping or a list.
  func value(_ n: Node) -> ScalarValue? {
    switch kind(n) {
    case .quoted: return .string(string(n))
    case .plain:
      let u = bytes(n)
      return ScalarValue.plain(u, String(decoding: u, as: UTF8.self))
    case .mapping, .sequence: return nil
    }
  }

  /// For messages: what this node is.
  func described(_ n: Node) -> String {
    switch kind(n) {
    case .plain, .quoted: return value(n)?.described ?? "nothing (null)"
    case .mapping: return "a mapping"
    case .sequence: return "a list"
    }
  }

  /// A sequence's items as nodes.
  struct Items: RandomAccessCollection {
    let children: [Int32]
    let startIndex: Int
    let endIndex: Int
    subscript(i: Int) -> Node { Node(index: children[i]) }
  }
}
