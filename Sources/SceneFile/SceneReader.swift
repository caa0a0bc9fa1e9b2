import TouchSim
import Yams

/// Decodes a composed YAML document into a `Scene`, collecting every problem it can find in one pass.
///
/// Reading is in three stages: the document's shape (keys, types, ranges) while building the model; then
/// the cross-references (ids named in lists, failure-requirement cycles); then the script, which needs the
/// finished model to check `set` steps. Recursion follows the view tree only and is bounded by `maxDepth`.
final class SceneReader {
  static let maxDepth = 200
  static let maxViews = 20_000
  static let maxRecognizers = 20_000
  static let maxSteps = 100_000
  /// Largest magnitude accepted for coordinates, sizes and other plain numbers.
  static let maxMagnitude = 1e6

  var problems: Problems
  var ids = IdTable()
  var references: [Reference] = []
  var failureEdges: [FailureEdge] = []
  var viewCount = 0
  var recognizerCount = 0
  var tooManyViewsReported = false
  var tooManyRecognizersReported = false

  init(file: String) { problems = Problems(file: file) }

  // MARK: Problems

  func error(_ node: Node, _ message: String) { problems.add(node, message) }
  func hint<S: Sequence>(_ word: String, _ candidates: S) -> String where S.Element == String {
    problems.hint(word, candidates)
  }

  // MARK: Mappings

  /// A mapping's entries by key, after checking that every key is one of `allowed`.
  ///
  /// Unknown keys are reported with a did-you-mean hint drawn from `allowed`.
  func fields(_ node: Node, _ what: String, allowed: [String]) -> Fields? {
    guard case .mapping(let mapping) = node else {
      error(node, "\(what) must be a mapping (key: value), not \(node.described)")
      return nil
    }
    var f = Fields(node: node)
    for (keyNode, valueNode) in mapping {
      guard case .scalar(let k) = keyNode else {
        error(keyNode, "keys of \(what) must be names, not \(keyNode.described)")
        continue
      }
      let key = k.string
      if allowed.contains(key) {
        f.entries[key] = (keyNode, valueNode)
        f.order.append(key)
      } else {
        error(keyNode, "unknown key '\(Excerpt.short(key))' in \(what)" + hint(key, allowed))
      }
    }
    return f
  }

  // MARK: Scalars

  func string(_ node: Node, _ key: String) -> String? {
    switch node.value {
    case .string(let s)?: return s
    case .number?, .bool?:
      if case .scalar(let s) = node { return s.string }
      return nil
    case .null?:
      error(
        node,
        "'\(key)' needs a value"
          + (key == "color" ? " (a '#' starts a comment in YAML: quote the colour, \"#4C8BF5\")" : ""))
      return nil
    case nil:
      error(node, "'\(key)' takes a string, not \(node.described)")
      return nil
    }
  }

  func bool(_ node: Node, _ key: String) -> Bool? {
    if case .bool(let b)? = node.value { return b }
    error(node, "'\(key)' takes true or false, not \(node.described)")
    return nil
  }

  /// A finite number within ±`maxMagnitude` (and `range` when given).
  func number(_ node: Node, _ key: String, range: ClosedRange<Double>? = nil) -> Double? {
    guard case .number(let n)? = node.value else {
      error(node, "'\(key)' takes a number, not \(node.described)")
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
    guard case .number(let n)? = node.value else {
      error(node, "'\(key)' takes a whole number, not \(node.described)")
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
    guard case .sequence(let seq) = node, seq.count == count else {
      error(node, "'\(key)' takes \(shape), not \(node.described)")
      return nil
    }
    var out: [Double] = []
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
    let items: [Node]
    switch node {
    case .sequence(let seq): items = Array(seq)
    case .scalar: items = [node]
    default:
      error(node, "'\(key)' takes a list of ids, not \(node.described)")
      return nil
    }
    var out: [(String, Node)] = []
    var ok = true
    for item in items {
      guard case .string(let s)? = item.value, !s.isEmpty else {
        error(item, "'\(key)' takes a list of ids, and \(item.described) is not an id")
        ok = false
        continue
      }
      out.append((s, item))
    }
    return ok ? out : nil
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

/// A mapping's entries by key, with the mapping node for positions.
struct Fields {
  let node: Node
  var entries: [String: (key: Node, value: Node)] = [:]
  var order: [String] = []
  subscript(_ key: String) -> Node? { entries[key]?.value }
  func keyNode(_ key: String) -> Node? { entries[key]?.key }
  func has(_ key: String) -> Bool { entries[key] != nil }
}
