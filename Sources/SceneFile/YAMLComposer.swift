internal import CLibYAML

/// Why a text could not be composed into a YAML document, with libyaml's positions (1-based).
enum YAMLProblem: Error {
  /// A scanner or parser error of libyaml, or a composition error (an undefined alias, a second document).
  case syntax(problem: String, context: (text: String, line: Int, column: Int)?, line: Int, column: Int)
  /// The text could not be decoded; `offset` counts `Character`s from the start when known.
  case reader(problem: String, offset: Int?)
  /// Keys that appear more than once in one mapping (by their text), at the first of the first.
  case duplicateKeys([String], line: Int, column: Int)
  case memory
  /// A collection opened inside `YAMLComposer.maxNesting` others, at its start.
  case nesting(line: Int, column: Int)
}

/// Composes YAML text into a `YAMLDocument` from libyaml's parse events, without recursion.
///
/// What it builds is what Yams composed before (same positions, same errors), read by the scene format's
/// needs: tags are kept only to tell keys apart; anchors are resolved as they are defined (a later anchor of
/// the same name shadows the earlier one; an alias to an anchor still being composed is undefined); an
/// alias reuses the anchored node. Nesting is limited here (`maxNesting`): the libyaml of Debian 12 and
/// Ubuntu 24.04 (0.2.5) has no limit of its own, and its scanner checks every open flow level at each token.
///
/// Aliases can make a small text stand for a huge tree ("billion laughs"), or a long string stand for many
/// copies of it. Every node an alias stands for counts, nested aliases included, and so does every byte of
/// the scalars it stands for; beyond `maxAliasNodes` nodes or `maxAliasBytes` bytes the document is
/// reported at the alias that goes over, and reading it stops after a bounded amount of work (an
/// 8 MB string aliased 5,000 times counted 5,000 nodes and was read as 40 GB of strings).
struct YAMLComposer {
  /// Most nodes aliases may add to a document (beyond the nodes written out).
  static let maxAliasNodes = 1_000_000
  /// Most bytes of scalar text aliases may add to a document (the size of the largest file read).
  static let maxAliasBytes = 16 << 20
  /// Most structural comparisons of collections used as keys, in one document.
  static let maxComparisons = 100_000
  /// Most collections open inside one another (later libyaml releases refuse the same depth themselves).
  static let maxNesting = 1000

  private var entries: [YAMLDocument.Entry] = []
  private var children: [Int32] = []
  private var text: [UInt8] = []
  /// Each node's size with aliases expanded, capped at `sizeCap`.
  private var sizes: [Int] = []
  /// Each node's tag, for telling keys apart: 0 for the default tag of its kind, else an id from `tagIds`.
  private var tags: [Int32] = []
  private var tagIds: [String: Int32] = [:]
  private var anchors: [String: Int32] = [:]
  /// Children of the collections being composed, innermost last.
  private var pending: [Int32] = []
  private var open: [Frame] = []
  private var aliasNodes = 0
  /// Each node's scalar bytes with aliases expanded, capped at `sizeCap`; and the bytes aliases added.
  private var byteSizes: [Int] = []
  private var aliasBytes = 0
  /// Structural comparisons of keys made so far, and pairs of nodes found equal.
  private var comparisons = 0
  private var equalPairs: Set<UInt64> = []
  private var mappingCount = 0
  private var aliasLimitMark: (line: Int, column: Int)?
  /// The limit went over was the one on bytes (`maxAliasBytes`), not on nodes.
  private var aliasLimitIsBytes = false
  private let sizeCap = 1 << 40
  /// Where each node is in the text, and the alias uses and anchor names: recorded only when asked for
  /// (`SceneEditor` edits the text; reading a scene does not need them).
  private var positions = false
  private var spans: [YAMLDocument.Span] = []
  private var aliasUses: [YAMLDocument.AliasUse] = []
  private var anchorNames: [Int32: String] = [:]

  private struct Frame {
    var node: Int32
    var firstPending: Int
    var anchor: String?
    /// Where the last child composed so far ends (a block collection ends there).
    var lastEnd: Int32
  }

  /// The document in `source`, nil when the text holds none; throws the first syntax problem. With
  /// `positions`, the document has every node's place in the text (`YAMLDocument.spans`, `aliasUses`,
  /// `anchorNames`).
  static func compose(_ source: String, positions: Bool = false) throws(YAMLProblem) -> YAMLDocument? {
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else { throw .memory }
    defer { yaml_parser_delete(&parser) }
    yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
    var source = source
    let result = source.withUTF8 { buffer -> Result<YAMLDocument?, YAMLProblem> in
      // libyaml wants a non-null pointer even for empty input.
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1) { empty in
        yaml_parser_set_input_string(&parser, buffer.baseAddress ?? UnsafePointer(empty.baseAddress!), buffer.count)
        var composer = YAMLComposer()
        composer.positions = positions
        composer.entries.reserveCapacity(buffer.count / 8)
        composer.children.reserveCapacity(buffer.count / 8)
        composer.text.reserveCapacity(buffer.count / 2)
        return Result { () throws(YAMLProblem) in try composer.run(&parser, source: buffer) }
      }
    }
    return try result.get()
  }

  // MARK: Events

  /// Stream start, one document, stream end: as Yams' `compose` read them.
  private mutating func run(_ parser: inout yaml_parser_t, source: UnsafeBufferPointer<UInt8>) throws(YAMLProblem)
    -> YAMLDocument?
  {
    var event = yaml_event_t()
    try next(&parser, &event, source)  // stream start
    yaml_event_delete(&event)
    try next(&parser, &event, source)
    if event.type == YAML_STREAM_END_EVENT {
      yaml_event_delete(&event)
      return nil
    }
    yaml_event_delete(&event)  // document start
    try next(&parser, &event, source)
    let root = try composeNode(&parser, &event, source)
    try next(&parser, &event, source)  // document end
    yaml_event_delete(&event)
    try next(&parser, &event, source)
    defer { yaml_event_delete(&event) }
    if event.type != YAML_STREAM_END_EVENT {
      throw .syntax(
        problem: "but found another document", context: ("expected a single document in the stream", 1, 1),
        line: event.start_mark.line + 1, column: event.start_mark.column + 1)
    }
    return YAMLDocument(
      entries: entries, children: children, text: text, root: Node(index: root), mappingCount: mappingCount,
      aliasLimitMark: aliasLimitMark, aliasLimitIsBytes: aliasLimitIsBytes, spans: spans, aliasUses: aliasUses,
      anchorNames: anchorNames)
  }

  private func next(_ parser: inout yaml_parser_t, _ event: inout yaml_event_t, _ source: UnsafeBufferPointer<UInt8>)
    throws(YAMLProblem)
  {
    guard yaml_parser_parse(&parser, &event) == 1 else { throw YAMLComposer.problem(parser, source) }
  }

  /// Composes the node starting with `event` (consumed) and everything inside it; returns its index.
  private mutating func composeNode(
    _ parser: inout yaml_parser_t, _ event: inout yaml_event_t, _ source: UnsafeBufferPointer<UInt8>
  ) throws(YAMLProblem) -> Int32 {
    while true {
      var done: Int32?
      // Where the child just composed ends in the text, and for an alias use, where the alias starts.
      var doneEnd: Int32 = 0
      var aliasStart: Int32?
      switch event.type {
      case YAML_SCALAR_EVENT:
        let index = scalar(event)
        if let a = event.data.scalar.anchor {
          anchors[YAMLComposer.string(a)] = index
          if positions { anchorNames[index] = YAMLComposer.string(a) }
        }
        done = index
        if positions { doneEnd = spans[Int(index)].end }
      case YAML_ALIAS_EVENT:
        let name = YAMLComposer.string(event.data.alias.anchor)
        guard let target = anchors[name] else {
          let mark = event.start_mark
          yaml_event_delete(&event)
          throw .syntax(problem: "found undefined alias", context: nil, line: mark.line + 1, column: mark.column + 1)
        }
        countAlias(to: target, line: event.start_mark.line + 1, column: event.start_mark.column + 1)
        done = target
        aliasStart = YAMLComposer.offset(event.start_mark)
        doneEnd = YAMLComposer.offset(event.end_mark)
      case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
        if open.count >= YAMLComposer.maxNesting {
          let mark = event.start_mark
          yaml_event_delete(&event)
          throw .nesting(line: mark.line + 1, column: mark.column + 1)
        }
        let isMapping = event.type == YAML_MAPPING_START_EVENT
        if isMapping { mappingCount += 1 }
        let (anchor, tag, implicit) =
          isMapping
          ? (event.data.mapping_start.anchor, event.data.mapping_start.tag, event.data.mapping_start.implicit)
          : (event.data.sequence_start.anchor, event.data.sequence_start.tag, event.data.sequence_start.implicit)
        let index = Int32(entries.count)
        entries.append(
          YAMLDocument.Entry(
            kind: isMapping ? .mapping : .sequence, isASCII: true, key: 0, line: Int32(event.start_mark.line + 1),
            column: Int32(event.start_mark.column + 1), start: 0, count: 0))
        sizes.append(1)
        byteSizes.append(0)
        tags.append(implicit != 0 ? 0 : tagId(tag, isMapping ? "tag:yaml.org,2002:map" : "tag:yaml.org,2002:seq"))
        let start = YAMLComposer.offset(event.start_mark)
        if positions {
          let flow =
            isMapping
            ? event.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE
            : event.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE
          spans.append(
            YAMLDocument.Span(
              start: start, end: start,
              style: isMapping ? (flow ? .flowMapping : .blockMapping) : (flow ? .flowSequence : .blockSequence)))
          if let a = anchor { anchorNames[index] = YAMLComposer.string(a) }
        }
        open.append(
          Frame(node: index, firstPending: pending.count, anchor: anchor.map(YAMLComposer.string), lastEnd: start))
      case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
        let frame = open.removeLast()
        let index = Int(frame.node)
        let items = pending.count - frame.firstPending
        if entries[index].kind == .mapping {
          try checkDuplicates(pending[frame.firstPending...])
          entries[index].count = Int32(items / 2)
        } else {
          entries[index].count = Int32(items)
        }
        entries[index].start = Int32(children.count)
        children.append(contentsOf: pending[frame.firstPending...])
        pending.removeSubrange(frame.firstPending...)
        if let a = frame.anchor { anchors[a] = frame.node }
        done = frame.node
        // A flow collection ends after its bracket; a block one with its last child (its end event comes
        // with the next token, after any comments and blank lines).
        if positions {
          let style = spans[index].style
          doneEnd =
            style == .flowMapping || style == .flowSequence ? YAMLComposer.offset(event.end_mark) : frame.lastEnd
          spans[index].end = doneEnd
        }
      default:
        break
      }
      yaml_event_delete(&event)
      if let node = done {
        guard let parent = open.last else { return node }
        let isKey = entries[Int(parent.node)].kind == .mapping && (pending.count - parent.firstPending) % 2 == 0
        if isKey && entries[Int(node)].key == 0 { nameKey(node) }
        if positions, let start = aliasStart {
          aliasUses.append(
            YAMLDocument.AliasUse(
              parent: parent.node, slot: Int32(pending.count - parent.firstPending), target: node, start: start,
              end: doneEnd))
        }
        open[open.count - 1].lastEnd = doneEnd
        pending.append(node)
        sizes[Int(parent.node)] = min(sizes[Int(parent.node)] + sizes[Int(node)], sizeCap)
        byteSizes[Int(parent.node)] = min(byteSizes[Int(parent.node)] + byteSizes[Int(node)], sizeCap)
      }
      try next(&parser, &event, source)
    }
  }

  private mutating func scalar(_ event: yaml_event_t) -> Int32 {
    let s = event.data.scalar
    let index = Int32(entries.count)
    let start = text.count
    var ascii = true
    if s.length > 0, let value = s.value {
      let bytes = UnsafeBufferPointer(start: value, count: s.length)
      text.append(contentsOf: bytes)
      var high: UInt8 = 0
      for c in bytes { high |= c }
      ascii = high < 0x80
    }
    entries.append(
      YAMLDocument.Entry(
        kind: s.style == YAML_PLAIN_SCALAR_STYLE || s.style == YAML_ANY_SCALAR_STYLE ? .plain : .quoted,
        isASCII: ascii, key: 0, line: Int32(event.start_mark.line + 1), column: Int32(event.start_mark.column + 1),
        start: Int32(start), count: Int32(s.length)))
    if positions {
      let style: YAMLDocument.Span.Style
      switch s.style {
      case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
      case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
      case YAML_LITERAL_SCALAR_STYLE: style = .literal
      case YAML_FOLDED_SCALAR_STYLE: style = .folded
      default: style = .plain
      }
      spans.append(
        YAMLDocument.Span(
          start: YAMLComposer.offset(event.start_mark), end: YAMLComposer.offset(event.end_mark), style: style))
    }
    sizes.append(1)
    byteSizes.append(s.length)
    // Yams resolved an untagged scalar (quoted or not) and `!` to `str`.
    tags.append(s.quoted_implicit != 0 ? 0 : tagId(s.tag, "tag:yaml.org,2002:str"))
    return index
  }

  /// Records which `Key` a scalar used as a mapping key names (once per node).
  private mutating func nameKey(_ node: Int32) {
    let e = entries[Int(node)]
    guard e.kind == .plain || e.kind == .quoted else { return }
    let key = text.withUnsafeBufferPointer {
      Key.lookup(UnsafeBufferPointer(rebasing: $0[Int(e.start)..<Int(e.start) + Int(e.count)]), isASCII: e.isASCII)
    }
    entries[Int(node)].key = key.map { $0.rawValue + 1 } ?? 0
  }

  private mutating func tagId(_ tag: UnsafeMutablePointer<UInt8>?, _ defaultName: String) -> Int32 {
    guard let tag else { return 0 }
    let name = YAMLComposer.string(tag)
    if name.isEmpty || name == "!" || name == defaultName { return 0 }
    if let id = tagIds[name] { return id }
    let id = Int32(tagIds.count + 1)
    tagIds[name] = id
    return id
  }

  private mutating func countAlias(to target: Int32, line: Int, column: Int) {
    aliasNodes = min(aliasNodes + sizes[Int(target)], sizeCap)
    aliasBytes = min(aliasBytes + byteSizes[Int(target)], sizeCap)
    guard aliasLimitMark == nil else { return }
    if aliasNodes > YAMLComposer.maxAliasNodes {
      aliasLimitMark = (line, column)
    } else if aliasBytes > YAMLComposer.maxAliasBytes {
      aliasLimitMark = (line, column)
      aliasLimitIsBytes = true
    }
  }

  private static func string(_ p: UnsafeMutablePointer<UInt8>) -> String {
    String(cString: p)
  }

  /// A mark's offset in the text, in Unicode scalars (libyaml counts CR LF as two, and not a leading BOM).
  private static func offset(_ mark: yaml_mark_t) -> Int32 { Int32(truncatingIfNeeded: mark.index) }

  // MARK: Duplicate keys

  /// Throws when two keys of one mapping are equal: same kind, same tag, same text (as Swift strings),
  /// collections by their contents.
  private mutating func checkDuplicates(_ flat: ArraySlice<Int32>) throws(YAMLProblem) {
    let n = flat.count / 2
    guard n > 1 else { return }
    // Fast path: keys that name distinct `Key`s, with at most one key that names none.
    var seen = KeyMask()
    var others = 0
    var clear = true
    for i in 0..<n {
      let k = Int(flat[flat.startIndex + 2 * i])
      if entries[k].key != 0, tags[k] == 0 {
        let key = Key(rawValue: entries[k].key - 1)!
        if seen.contains(key) {
          clear = false
          break
        }
        seen.insert(key)
      } else {
        others += 1
      }
    }
    if clear && others <= 1 { return }
    // Group equal keys in order of first appearance.
    var groups: [[Int32]] = []
    var byText: [TextKey: Int] = [:]
    for i in 0..<n {
      let k = flat[flat.startIndex + 2 * i]
      if entries[Int(k)].kind == .plain || entries[Int(k)].kind == .quoted {
        let t = TextKey(text: string(k), tag: tags[Int(k)])
        if let g = byText[t] {
          groups[g].append(k)
        } else {
          byText[t] = groups.count
          groups.append([k])
        }
      } else {
        var group: Int?
        for g in groups.indices where !isScalar(groups[g][0]) && equal(groups[g][0], k) {
          group = g
          break
        }
        if let group { groups[group].append(k) } else { groups.append([k]) }
      }
    }
    let duplicates = groups.filter { $0.count > 1 }.map { $0[0] }
    guard !duplicates.isEmpty else { return }
    // Yams sorted them (scalars by text) and reported the first one's position.
    let sorted = duplicates.enumerated().sorted { a, b in
      switch (isScalar(a.element), isScalar(b.element)) {
      case (true, true):
        let (x, y) = (string(a.element), string(b.element))
        return x != y ? x < y : a.offset < b.offset
      case (true, false): return true
      case (false, true): return false
      case (false, false): return a.offset < b.offset
      }
    }.map(\.element)
    let first = entries[Int(sorted[0])]
    throw .duplicateKeys(
      sorted.map { isScalar($0) ? string($0) : "<uncovertable>" }, line: Int(first.line), column: Int(first.column))
  }

  private struct TextKey: Hashable {
    var text: String
    var tag: Int32
  }

  private func isScalar(_ k: Int32) -> Bool { entries[Int(k)].kind == .plain || entries[Int(k)].kind == .quoted }

  private func string(_ k: Int32) -> String {
    let e = entries[Int(k)]
    return text.withUnsafeBufferPointer {
      String(decoding: UnsafeBufferPointer(rebasing: $0[Int(e.start)..<Int(e.start) + Int(e.count)]), as: UTF8.self)
    }
  }

  /// Structural equality of two nodes (as Yams' `Node ==`). Aliases can make two distinct nodes expand to huge
  /// equal trees: pairs found equal are remembered, and after `maxComparisons` in a document nodes count as
  /// unequal (collections as keys are refused by the scene format anyway; this only picks the message).
  private mutating func equal(_ a: Int32, _ b: Int32) -> Bool {
    if a == b { return true }
    let pair = UInt64(UInt32(bitPattern: min(a, b))) << 32 | UInt64(UInt32(bitPattern: max(a, b)))
    if equalPairs.contains(pair) { return true }
    comparisons += 1
    guard comparisons <= YAMLComposer.maxComparisons else { return false }
    let (x, y) = (entries[Int(a)], entries[Int(b)])
    guard tags[Int(a)] == tags[Int(b)], sizes[Int(a)] == sizes[Int(b)] else { return false }
    switch (x.kind, y.kind) {
    case (.plain, .plain), (.plain, .quoted), (.quoted, .plain), (.quoted, .quoted):
      return string(a) == string(b)
    case (.mapping, .mapping), (.sequence, .sequence):
      guard x.count == y.count else { return false }
      let width = x.kind == .mapping ? 2 : 1
      for i in 0..<Int(x.count) * width {
        guard equal(children[Int(x.start) + i], children[Int(y.start) + i]) else { return false }
      }
      equalPairs.insert(pair)
      return true
    default:
      return false
    }
  }

  // MARK: Errors

  /// libyaml's error, as Yams reported it.
  private static func problem(_ parser: yaml_parser_t, _ source: UnsafeBufferPointer<UInt8>) -> YAMLProblem {
    let problem = parser.problem.map { String(cString: $0) } ?? ""
    switch parser.error {
    case YAML_READER_ERROR:
      // The offset is in bytes; Yams turned it into characters (nil inside a character).
      let text = String(decoding: source, as: UTF8.self)
      let offset = text.utf8.index(text.utf8.startIndex, offsetBy: parser.problem_offset, limitedBy: text.utf8.endIndex)
        .flatMap { $0.samePosition(in: text) }
        .map { text.distance(from: text.startIndex, to: $0) }
      return .reader(problem: problem, offset: offset)
    case YAML_SCANNER_ERROR, YAML_PARSER_ERROR, YAML_COMPOSER_ERROR:
      let context = parser.context.map {
        (String(cString: $0), parser.context_mark.line + 1, parser.context_mark.column + 1)
      }
      return .syntax(
        problem: problem, context: context, line: parser.problem_mark.line + 1,
        column: parser.problem_mark.column + 1)
    default:
      return .memory
    }
  }
}
