import TouchSim

/// What an id names. Views, recognizers, scroll views' built-in pans and view controllers share one
/// namespace (docs/SCENE-FORMAT.md, "Ids and references").
enum IdRole: Equatable {
  case view(ViewKind)
  case recognizer(RecognizerKind)
  /// A scroll view's own pan recognizer, `ID.pan`.
  case scrollPan
  /// A zooming scroll view's own pinch recognizer, `ID.pinch` (rule H-18).
  case scrollPinch
  case controller

  var isView: Bool {
    if case .view = self { return true }
    return false
  }
  var isRecognizer: Bool {
    switch self {
    case .recognizer, .scrollPan, .scrollPinch: return true
    default: return false
    }
  }
  var described: String {
    switch self {
    case .view(let k): return k == .view ? "a view" : "a \(k.rawValue) view"
    case .recognizer(let k): return "a \(k.rawValue) recognizer"
    case .scrollPan: return "a scroll view's pan recognizer"
    case .scrollPinch: return "a scroll view's pinch recognizer"
    case .controller: return "a view controller"
    }
  }
}

/// Every id defined in a scene, with where it was defined.
struct IdTable {
  struct Entry {
    var role: IdRole
    var line: Int
    var column: Int
  }
  private(set) var entries: [String: Entry] = [:]
  /// Definition order, for deterministic messages.
  private(set) var order: [String] = []

  subscript(_ id: String) -> Entry? { entries[id] }

  /// Adds `id`; returns the earlier entry instead when the id is taken.
  mutating func define(_ id: String, _ role: IdRole, line: Int, column: Int) -> Entry? {
    // One lookup when the id is new (the common case); a taken id gets its first entry back.
    if let old = entries.updateValue(Entry(role: role, line: line, column: column), forKey: id) {
      entries[id] = old
      return old
    }
    order.append(id)
    return nil
  }

  func ids(where include: (IdRole) -> Bool) -> [String] {
    order.filter { entries[$0].map { include($0.role) } ?? false }
  }

  /// Why `s` cannot be an id (to follow "id 's' "), or nil.
  static func problem(with s: String) -> String? {
    if s.isEmpty { return "is empty" }
    // Printable ASCII without spaces or dots (most ids) needs no Unicode look-ups.
    if s.utf8.count <= 200 && s.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ".") }) { return nil }
    if s.count > 200 { return "is too long (at most 200 characters)" }
    if s.contains(".") { return "must not contain '.' (a dot separates id and key, as in 'tap.isEnabled')" }
    if s.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }) {
      return "must not contain spaces or control characters"
    }
    return nil
  }

  init() {}
  /// An empty table with room for `capacity` ids.
  init(capacity: Int) {
    entries.reserveCapacity(capacity)
    order.reserveCapacity(capacity)
  }
  /// The table of an already decoded scene (for scripts loaded on their own).
  init(scene: Scene) {
    var stack = [scene.root]
    var guardCount = 0
    while let v = stack.popLast(), guardCount < 1_000_000 {
      guardCount += 1
      _ = define(v.id, .view(v.kind), line: 0, column: 0)
      if let c = v.controller { _ = define(c, .controller, line: 0, column: 0) }
      for r in v.builtInRecognizers {
        _ = define(r.id, r.kind == .pan ? .scrollPan : .scrollPinch, line: 0, column: 0)
      }
      if v.sheet != nil {
        for built in [
          SheetSpec.transitionView(of: v.id), SheetSpec.dimmingView(of: v.id), SheetSpec.dropShadowView(of: v.id),
        ] {
          _ = define(built, .view(.view), line: 0, column: 0)
        }
        _ = define(SheetSpec.dimmingTap(of: v.id), .recognizer(.tap), line: 0, column: 0)
      }
      for r in v.recognizers { _ = define(r.id, .recognizer(r.kind), line: 0, column: 0) }
      stack.append(contentsOf: v.subviews.reversed())
    }
  }
}

/// An id named somewhere that must exist once the whole scene is read.
struct Reference {
  enum Want {
    case view, recognizer
    var described: String { self == .view ? "view" : "recognizer" }
  }
  var name: String
  var want: Want
  var node: Node
  /// The key that names it, for the message (`requireToFail`, `touchesShouldBegin.except`...).
  var context: String
}

/// `from` requires `to` to fail (`requireToFail`, a scroll view's `panRequireToFail`).
struct FailureEdge {
  var from: String
  var to: String
  var node: Node
}

extension SceneReader {
  /// Defines an id, reporting a duplicate at `node`.
  func define(_ id: String, _ role: IdRole, at node: Node) {
    let p = position(node)
    if let old = ids.define(id, role, line: p.line, column: p.column) {
      let hint = ScrollSpec.view(ofPanID: id) != nil ? " (a scroll view's pan takes the id ID.pan)" : ""
      error(
        node,
        "duplicate id '\(id)': already used by \(old.role.described) at line \(old.line):\(old.column)\(hint)")
    }
  }

  func refer(_ name: String, _ want: Reference.Want, _ node: Node, _ context: String) {
    references.append(Reference(name: name, want: want, node: node, context: context))
  }

  /// Reports every reference to a missing id, or to an id of the wrong sort.
  func checkReferences() {
    var candidates: [Reference.Want: [String]] = [:]
    for ref in references {
      if let entry = ids[ref.name] {
        let fits = ref.want == .view ? entry.role.isView : entry.role.isRecognizer
        if !fits {
          error(
            ref.node,
            "'\(ref.context)' names '\(ref.name)', which is \(entry.role.described), not a \(ref.want.described)")
        }
        continue
      }
      let list =
        candidates[ref.want]
        ?? ids.ids(where: { ref.want == .view ? $0.isView : $0.isRecognizer })
      candidates[ref.want] = list
      error(
        ref.node,
        "'\(ref.context)' names '\(Excerpt.short(ref.name))', but no \(ref.want.described) has that id"
          + hint(ref.name, list))
    }
  }

  /// Reports every cycle of failure requirements (a recognizer that, through `requireToFail` and
  /// `panRequireToFail`, waits for itself), with its path. Iterative, so any size is safe.
  func checkFailureCycles() {
    var edges: [String: [FailureEdge]] = [:]
    var nodes: [String] = []
    for e in failureEdges where ids[e.to]?.role.isRecognizer == true {
      if edges[e.from] == nil { nodes.append(e.from) }
      edges[e.from, default: []].append(e)
    }
    // 0 unvisited, 1 on the current path, 2 done.
    var color: [String: Int] = [:]
    var place: [String: Int] = [:]  // a recognizer on the current path → its place on the stack
    for start in nodes where color[start] == nil {
      var stack: [(id: String, next: Int)] = [(start, 0)]
      color[start] = 1
      place[start] = 0
      while let top = stack.last {
        let out = edges[top.id] ?? []
        if top.next >= out.count {
          color[top.id] = 2
          place[top.id] = nil
          stack.removeLast()
          continue
        }
        stack[stack.count - 1].next += 1
        let edge = out[top.next]
        switch color[edge.to] ?? 0 {
        case 0:
          color[edge.to] = 1
          place[edge.to] = stack.count
          stack.append((edge.to, 0))
        case 1:
          // Each edge back onto the path closes its own cycle: reported once, shortened when long.
          guard !problems.isFull else { break }
          let from = place[edge.to] ?? 0
          if from == stack.count - 1 {
            error(edge.node, "'\(Excerpt.short(edge.from))' requires itself to fail")
          } else {
            let members = stack[from...].lazy.map(\.id)
            error(edge.node, "failure requirements form a cycle: " + Self.circleText(members, what: "recognizers"))
          }
        default:
          break
        }
      }
    }
  }
}
