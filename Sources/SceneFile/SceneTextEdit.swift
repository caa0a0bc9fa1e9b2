import TouchSim

/// Where one change goes in one composition of a scene file's text (`SceneEditor`): the bytes to replace
/// and what to put there. Offsets are in bytes of UTF-8; the document's spans (Unicode scalars, as libyaml
/// counts) are converted.
struct SceneTextEdit {
  /// Replace `start..<end` with `text` (an insertion when the range is empty).
  struct Replacement {
    var start: Int
    var end: Int
    var text: String
    init(_ start: Int, _ end: Int, _ text: String) {
      self.start = start
      self.end = end
      self.text = text
    }
    /// Overlapping or adjacent: two such edits are not made in one round.
    func touches(_ o: Replacement) -> Bool { start <= o.end && o.start <= end }
  }

  /// What goes in a new pair: a value, or a new mapping (`delegate:`, `transform:`) holding one pair.
  private enum Content {
    case value(PropertyValue)
    case mapping(Key, PropertyValue)
  }

  /// A view or recognizer mapping, and whether an alias leads to it (its text is then not its own).
  private struct Target {
    var node: Node
    var isRecognizer: Bool
    var viaAlias: Bool
  }

  let bytes: [UInt8]
  let doc: YAMLDocument
  let json: Bool
  /// Byte offset of each Unicode scalar and of the end (nil for ASCII text: offsets are indices).
  private let scalarOffsets: [Int32]?
  private let aliasBySlot: [UInt64: YAMLDocument.AliasUse]
  /// The first alias standing for each anchored node that aliases use.
  private let firstUse: [Int32: YAMLDocument.AliasUse]
  private var targets: [String: Target] = [:]
  /// Further definitions of a recognizer listed with its settings on several views (rule C-9).
  private var moreDefinitions: [String: [Target]] = [:]
  /// How far a nested block mapping is indented under its key in this file (2 when nothing tells).
  private var indentStep = 2

  init(bytes: [UInt8], doc: YAMLDocument, json: Bool) {
    self.bytes = bytes
    self.doc = doc
    self.json = json
    if bytes.allSatisfy({ $0 < 0x80 }) {
      scalarOffsets = nil
    } else {
      var offsets: [Int32] = []
      offsets.reserveCapacity(bytes.count + 1)
      for (i, b) in bytes.enumerated() where b & 0xC0 != 0x80 { offsets.append(Int32(i)) }
      offsets.append(Int32(bytes.count))
      scalarOffsets = offsets
    }
    var bySlot: [UInt64: YAMLDocument.AliasUse] = [:]
    var first: [Int32: YAMLDocument.AliasUse] = [:]
    for use in doc.aliasUses {
      bySlot[SceneTextEdit.slotKey(use.parent, Int(use.slot))] = use
      if first[use.target] == nil { first[use.target] = use }
    }
    aliasBySlot = bySlot
    firstUse = first
    findTargets()
  }

  private static func slotKey(_ parent: Int32, _ slot: Int) -> UInt64 {
    UInt64(UInt32(bitPattern: parent)) << 32 | UInt64(UInt32(truncatingIfNeeded: slot))
  }

  // MARK: Finding things

  /// Every view and recognizer mapping by id, the way the reader finds them (the last of a repeated key).
  private mutating func findTargets() {
    guard doc.isMapping(doc.root), let (ri, rootView) = lastPair(doc.root, .root) else { return }
    if doc.isMapping(rootView), doc.count(rootView) > 0, spanStyle(doc.root) == .blockMapping,
      spanStyle(rootView) == .blockMapping
    {
      let step = column(useStart(rootView, 0)) - column(useStart(doc.root, 2 * ri))
      if (1...8).contains(step) { indentStep = step }
    }
    var stack = [(rootView, alias(doc.root, 2 * ri + 1) != nil)]
    while let (view, via) = stack.popLast() {
      guard doc.isMapping(view) else { continue }
      if let (_, id) = lastPair(view, .id), doc.isScalar(id) {
        targets[doc.string(id)] = Target(node: view, isRecognizer: false, viaAlias: via)
      }
      if let (i, list) = lastPair(view, .recognizers), let items = doc.items(list) {
        let listVia = via || alias(view, 2 * i + 1) != nil
        for (j, r) in items.enumerated() where doc.isMapping(r) {
          // `{ id: X }` alone lists a recognizer defined elsewhere (rule C-9): its settings are not here.
          guard doc.count(r) > 1, let (_, id) = lastPair(r, .id), doc.isScalar(id) else { continue }
          let target = Target(node: r, isRecognizer: true, viaAlias: listVia || alias(list, j) != nil)
          let name = doc.string(id)
          if targets[name] == nil {
            targets[name] = target
          } else if !target.viaAlias {
            // One recognizer defined on several views, identically: each definition changes alike. An alias
            // of an anchored definition changes with it.
            if targets[name]!.viaAlias {
              targets[name] = target
            } else {
              moreDefinitions[name, default: []].append(target)
            }
          }
        }
      }
      if let (i, list) = lastPair(view, .subviews), let items = doc.items(list) {
        let listVia = via || alias(view, 2 * i + 1) != nil
        for (j, v) in items.enumerated().reversed() { stack.append((v, listVia || alias(list, j) != nil)) }
      }
    }
  }

  /// The last pair of mapping `m` with `key`: its index and value.
  private func lastPair(_ m: Node, _ key: Key) -> (Int, Node)? {
    guard doc.isMapping(m) else { return nil }
    for i in (0..<doc.count(m)).reversed() {
      let p = doc.pair(m, i)
      if doc.key(p.key) == key { return (i, p.value) }
    }
    return nil
  }

  private func alias(_ parent: Node, _ slot: Int) -> YAMLDocument.AliasUse? {
    aliasBySlot.isEmpty ? nil : aliasBySlot[SceneTextEdit.slotKey(parent.index, slot)]
  }

  private func spanStyle(_ n: Node) -> YAMLDocument.Span.Style { doc.spans[Int(n.index)].style }

  /// The byte offset of a scalar offset.
  private func byte(_ scalar: Int32) -> Int {
    guard let offsets = scalarOffsets else { return min(Int(scalar), bytes.count) }
    return Int(offsets[min(max(Int(scalar), 0), offsets.count - 1)])
  }

  /// The child in `slot` of a collection (a mapping's keys and values alternate): its node.
  private func child(_ parent: Node, _ slot: Int) -> Node {
    if doc.isMapping(parent) {
      let p = doc.pair(parent, slot / 2)
      return slot % 2 == 0 ? p.key : p.value
    }
    return doc.items(parent)![slot]
  }

  /// Where the child in `slot` is written: the alias when it is one, else the node.
  private func useStart(_ parent: Node, _ slot: Int) -> Int {
    if let use = alias(parent, slot) { return byte(use.start) }
    return byte(doc.spans[Int(child(parent, slot).index)].start)
  }
  private func useEnd(_ parent: Node, _ slot: Int) -> Int {
    if let use = alias(parent, slot) { return byte(use.end) }
    return byte(doc.spans[Int(child(parent, slot).index)].end)
  }

  // MARK: Planning

  /// The replacements that make `change` in this text.
  func plan(_ change: PropertyChange) throws(SceneEditError) -> [Replacement] {
    guard let t = targets[change.target] else {
      throw SceneEditError("'\(change.target)' is not written in the file")
    }
    var edits = try plan(change, in: t)
    for other in moreDefinitions[change.target] ?? [] { edits += try plan(change, in: other) }
    return edits
  }

  private func plan(_ change: PropertyChange, in t: Target) throws(SceneEditError) -> [Replacement] {
    guard !t.viaAlias else {
      throw SceneEditError("'\(change.target)' is written through an alias: its values cannot be changed in place")
    }
    let outer = t.isRecognizer ? SceneReader.recognizerKeys : SceneReader.viewKeys
    let containerName = t.isRecognizer ? "delegate" : "transform"
    var name = change.key
    var container: Key?
    if name.hasPrefix(containerName + ".") {
      container = t.isRecognizer ? .delegate : .transform
      name.removeFirst(containerName.count + 1)
    }
    guard let key = Key.names.firstIndex(of: name).flatMap({ Key(rawValue: UInt8($0)) }) else {
      throw SceneEditError("'\(change.key)' is not a key of the scene format")
    }
    guard let container else { return try set(key, change.value, in: t.node, order: outer) }
    let order = container == .delegate ? SceneReader.delegateKeys : SceneReader.transformKeys
    guard let (i, inner) = lastPair(t.node, container) else {
      return insert(container, .mapping(key, change.value), into: t.node, order: outer)
    }
    guard doc.isMapping(inner) else {
      throw SceneEditError("'\(containerName)' of '\(change.target)' is not a mapping")
    }
    if let use = alias(t.node, 2 * i + 1) {
      // This use gets a copy of its own, changed; the anchored mapping stays as it is for the others.
      var pairs = try (0..<doc.count(inner)).map { j throws(SceneEditError) in
        (
          key: doc.key(doc.pair(inner, j).key), text: try flowSource(inner, 2 * j),
          value: try flowSource(inner, 2 * j + 1)
        )
      }
      let text = render(change.value, like: lastPair(inner, key)?.1)
      if let j = pairs.lastIndex(where: { $0.key == key }) {
        pairs[j].value = text
      } else {
        let rank = order.keys.firstIndex(of: key)!
        let at = pairs.firstIndex { p in p.key.flatMap { order.keys.firstIndex(of: $0) }.map { $0 > rank } ?? false }
        pairs.insert((key: key, text: key.name, value: text), at: at ?? pairs.count)
      }
      let body = pairs.map { "\($0.text): \($0.value)" }.joined(separator: ", ")
      return [Replacement(byte(use.start), byte(use.end), "{ " + body + " }")]
    }
    return try set(key, change.value, in: inner, order: order) + moveAnchor(of: inner)
  }

  /// Sets `key` of mapping `m`: the value replaced where it is, or a new pair.
  private func set(_ key: Key, _ value: PropertyValue, in m: Node, order: KeySet) throws(SceneEditError)
    -> [Replacement]
  {
    guard let (i, v) = lastPair(m, key) else { return insert(key, .value(value), into: m, order: order) }
    if let use = alias(m, 2 * i + 1) {
      return [Replacement(byte(use.start), byte(use.end), render(value, like: nil))]
    }
    return try replace(v, key: doc.pair(m, i).key, with: value) + moveAnchor(of: v)
  }

  /// When aliases stand for `n`, which is about to change: the first of them becomes the anchor, with
  /// `n`'s old text, so that they all keep standing for the old value.
  private func moveAnchor(of n: Node) throws(SceneEditError) -> [Replacement] {
    guard let use = firstUse[n.index], let name = doc.anchorNames[n.index] else { return [] }
    return [Replacement(byte(use.start), byte(use.end), "&\(name) " + (try flowSource(n)))]
  }

  /// The value node `v` (of the pair with key node `key`) replaced by `value`, in its style.
  private func replace(_ v: Node, key: Node, with value: PropertyValue) throws(SceneEditError) -> [Replacement] {
    let span = doc.spans[Int(v.index)]
    let start = afterProperties(byte(span.start))
    let end = byte(span.end)
    switch span.style {
    case .plain, .singleQuoted, .doubleQuoted, .flowMapping, .flowSequence:
      return [Replacement(start, end, render(value, like: v))]
    case .literal, .folded:
      // The block scalar's last line break stays: the line after it is not the value's.
      return [Replacement(start, trimmedEnd(end, notBefore: start), render(value, like: v))]
    case .blockSequence, .blockMapping:
      if case .list(let items) = value, !items.isEmpty, span.style == .blockSequence {
        // A block list stays a block list, its items at the same indentation.
        let like = doc.items(v)?.first
        let indent = indentation(before: start)
        let lines = items.map { "- " + render($0, like: like) }
        return [Replacement(start, end, lines.joined(separator: lineBreak(at: lineEnd(end)) + indent))]
      }
      // Anything else is written after the key, on its line, when only blanks are between.
      let text = render(value, like: nil)
      var p = byte(doc.spans[Int(key.index)].end)
      while p < bytes.count, bytes[p] == 0x20 || bytes[p] == 0x09 { p += 1 }
      if p < start, bytes[p] == 0x3A, bytes[(p + 1)..<start].allSatisfy(SceneTextEdit.isBlank) {
        return [Replacement(p + 1, end, " " + text)]
      }
      return [Replacement(start, end, text)]
    }
  }

  /// A new pair in mapping `m`, after the pair that comes before it in `order` (the format's order), in
  /// `m`'s style.
  private func insert(_ key: Key, _ content: Content, into m: Node, order: KeySet) -> [Replacement] {
    let n = doc.count(m)
    let rank = order.keys.firstIndex(of: key) ?? order.keys.count
    var after: Int?
    var best = -1
    for i in 0..<n {
      if let k = doc.key(doc.pair(m, i).key), let r = order.keys.firstIndex(of: k), r < rank, r > best {
        best = r
        after = i
      }
    }
    let mStart = afterProperties(byte(doc.spans[Int(m.index)].start))
    let keyText = keyText(key.name, in: m)
    if spanStyle(m) == .flowMapping {
      guard n > 0 else {
        let pad = json ? "" : " "
        let pair = keyText + ": " + inline(content, pad: pad)
        return [Replacement(mStart, byte(doc.spans[Int(m.index)].end), "{" + pad + pair + pad + "}")]
      }
      // A new mapping inside is written as this one is: `{ a: b }` or `{a: b}`.
      let pad = mStart + 1 < bytes.count && bytes[mStart + 1] == 0x20 ? " " : ""
      let ref = useStart(m, 2 * (after ?? 0))
      // One pair a line (pretty JSON, a long flow mapping): the new pair gets a line too.
      let ownLines = startsLine(ref) && bytes[mStart..<ref].contains { $0 == 0x0A || $0 == 0x0D }
      let indent = ownLines ? String(decoding: bytes[lineStart(ref)..<ref], as: UTF8.self) : ""
      let br = lineBreak(at: lineEnd(ref))
      let value = ownLines && json ? multiline(content, indent: indent, br: br) : inline(content, pad: pad)
      let pair = keyText + ": " + value
      if let i = after {
        let e = useEnd(m, 2 * i + 1)
        return [Replacement(e, e, ownLines ? "," + br + indent + pair : ", " + pair)]
      }
      return [Replacement(ref, ref, ownLines ? pair + "," + br + indent : pair + ", ")]
    }
    let first = useStart(m, 0)
    if after == nil, startsLine(first) {
      let start = lineStart(first)
      let indent = String(decoding: bytes[start..<first], as: UTF8.self)
      let br = lineBreak(at: lineEnd(first))
      return [Replacement(start, start, indent + blockPair(keyText, content, indent: indent, br: br) + br)]
    }
    let i = after ?? n - 1
    let keyStart = useStart(m, 2 * i)
    let indent = String(repeating: " ", count: column(keyStart))
    let at = lineEnd(trimmedEnd(useEnd(m, 2 * i + 1), notBefore: keyStart))
    let br = lineBreak(at: at)
    return [Replacement(at, at, br + indent + blockPair(keyText, content, indent: indent, br: br))]
  }

  private func blockPair(_ keyText: String, _ content: Content, indent: String, br: String) -> String {
    switch content {
    case .value(let v): return keyText + ": " + render(v, like: nil)
    case .mapping(let k, let v):
      let inner = indent + String(repeating: " ", count: indentStep)
      return keyText + ":" + br + inner + k.name + ": " + render(v, like: nil)
    }
  }

  private func inline(_ content: Content, pad: String) -> String {
    switch content {
    case .value(let v): return render(v, like: nil)
    case .mapping(let k, let v): return "{" + pad + quotedKey(k.name) + ": " + render(v, like: nil) + pad + "}"
    }
  }

  private func multiline(_ content: Content, indent: String, br: String) -> String {
    switch content {
    case .value(let v): return render(v, like: nil)
    case .mapping(let k, let v):
      let inner = indent + String(repeating: " ", count: indentStep)
      return "{" + br + inner + quotedKey(k.name) + ": " + render(v, like: nil) + br + indent + "}"
    }
  }

  /// A new key as the mapping writes its keys: JSON's quotes, or the quotes every key of `m` has.
  private func keyText(_ name: String, in m: Node) -> String {
    if json { return "\"\(name)\"" }
    let styles = (0..<doc.count(m)).map { spanStyle(doc.pair(m, $0).key) }
    if !styles.isEmpty && styles.allSatisfy({ $0 == .doubleQuoted }) { return "\"\(name)\"" }
    if !styles.isEmpty && styles.allSatisfy({ $0 == .singleQuoted }) { return "'\(name)'" }
    return name
  }

  private func quotedKey(_ name: String) -> String { json ? "\"\(name)\"" : name }

  // MARK: Values

  /// `value` as text, in the style of the value it replaces (`like`): quotes kept, a flow list's inner
  /// spaces kept; JSON in a JSON file.
  private func render(_ value: PropertyValue, like old: Node?) -> String {
    let style = old.map(spanStyle)
    switch value {
    case .bool(let b): return b ? "true" : "false"
    case .number(let n): return NumberText.format(n)
    case .string(let s):
      if json { return YAMLEmitter.quoted(s, json: true) }
      switch style {
      case .singleQuoted?: return SceneTextEdit.singleQuoted(s)
      case .doubleQuoted?: return YAMLEmitter.quoted(s)
      default: return YAMLEmitter.string(s)
      }
    case .list(let items):
      guard !items.isEmpty else { return "[]" }
      var pad = json ? "" : ""
      var like: Node?
      if let old, style == .flowSequence || style == .blockSequence {
        like = doc.items(old)?.first
        let open = afterProperties(byte(doc.spans[Int(old.index)].start))
        if style == .flowSequence, open + 1 < bytes.count, bytes[open + 1] == 0x20, doc.count(old) > 0 { pad = " " }
      }
      return "[" + pad + items.map { render($0, like: like) }.joined(separator: ", ") + pad + "]"
    }
  }

  /// The text of the child in `slot` of `parent`, to be written in flow context elsewhere: an alias as
  /// written, a flow node as written (without its anchor), a block collection rewritten in flow style.
  private func flowSource(_ parent: Node, _ slot: Int) throws(SceneEditError) -> String {
    if let use = alias(parent, slot) { return text(byte(use.start), byte(use.end)) }
    return try flowSource(child(parent, slot))
  }

  private func flowSource(_ n: Node) throws(SceneEditError) -> String {
    let span = doc.spans[Int(n.index)]
    switch span.style {
    case .plain, .singleQuoted, .doubleQuoted, .flowMapping, .flowSequence:
      return text(afterProperties(byte(span.start)), byte(span.end))
    case .blockMapping:
      let pairs = try (0..<doc.count(n)).map { i throws(SceneEditError) in
        "\(try flowSource(n, 2 * i)): \(try flowSource(n, 2 * i + 1))"
      }
      return "{ " + pairs.joined(separator: ", ") + " }"
    case .blockSequence:
      let items = try (0..<doc.count(n)).map { i throws(SceneEditError) in try flowSource(n, i) }
      return "[" + items.joined(separator: ", ") + "]"
    case .literal, .folded:
      throw SceneEditError("a block text (| or >) that aliases stand for cannot be copied to keep them unchanged")
    }
  }

  static func singleQuoted(_ s: String) -> String {
    guard s.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F && $0.value != 0xFEFF }) else {
      return YAMLEmitter.quoted(s)
    }
    return "'" + String(s.flatMap { $0 == "'" ? ["'", "'"] : [$0] }) + "'"
  }

  // MARK: Text

  private static func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

  private func text(_ start: Int, _ end: Int) -> String {
    String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
  }

  /// After a node's anchor and tag (and the blanks and comments after them): where its value is written.
  private func afterProperties(_ start: Int) -> Int {
    var p = start
    while p < bytes.count, bytes[p] == 0x26 || bytes[p] == 0x21 {  // & !
      while p < bytes.count, !SceneTextEdit.isBlank(bytes[p]) { p += 1 }
      while p < bytes.count {
        if SceneTextEdit.isBlank(bytes[p]) {
          p += 1
        } else if bytes[p] == 0x23 {  // # a comment, to the end of its line
          while p < bytes.count, bytes[p] != 0x0A, bytes[p] != 0x0D { p += 1 }
        } else {
          break
        }
      }
    }
    return p
  }

  /// `end` moved back over blanks and line breaks, not before `start`.
  private func trimmedEnd(_ end: Int, notBefore start: Int) -> Int {
    var e = end
    while e > start, SceneTextEdit.isBlank(bytes[e - 1]) { e -= 1 }
    return e
  }

  private func lineStart(_ p: Int) -> Int {
    var s = p
    while s > 0, bytes[s - 1] != 0x0A, bytes[s - 1] != 0x0D { s -= 1 }
    return s
  }

  /// Where the line holding `p` ends: its line break, or the end of the text.
  private func lineEnd(_ p: Int) -> Int {
    var e = p
    while e < bytes.count, bytes[e] != 0x0A, bytes[e] != 0x0D { e += 1 }
    return e
  }

  /// Only blanks before `p` on its line.
  private func startsLine(_ p: Int) -> Bool {
    bytes[lineStart(p)..<p].allSatisfy { $0 == 0x20 || $0 == 0x09 }
  }

  /// `p`'s column: Unicode scalars from the start of its line.
  private func column(_ p: Int) -> Int {
    bytes[lineStart(p)..<p].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
  }

  /// The blanks before `p` when only blanks are before it on its line, else as many spaces as its column.
  private func indentation(before p: Int) -> String {
    startsLine(p)
      ? String(decoding: bytes[lineStart(p)..<p], as: UTF8.self) : String(repeating: " ", count: column(p))
  }

  /// The line break at `p` (CR LF, LF or CR), else the text's first, else LF.
  private func lineBreak(at p: Int) -> String {
    if p < bytes.count, bytes[p] == 0x0D { return p + 1 < bytes.count && bytes[p + 1] == 0x0A ? "\r\n" : "\r" }
    if p < bytes.count, bytes[p] == 0x0A { return "\n" }
    if let i = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
      return bytes[i] == 0x0A ? "\n" : (i + 1 < bytes.count && bytes[i + 1] == 0x0A ? "\r\n" : "\r")
    }
    return "\n"
  }
}
