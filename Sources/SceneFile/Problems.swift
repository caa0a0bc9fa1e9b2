/// The positioned problems found in one file, in the order found (sorted by position when thrown).
///
/// Bounded: after `limit` problems the rest are dropped (readers stop early) and one closing note says so, so that a huge
/// broken file cannot produce millions of lines.
public struct Problems {
  public static let limit = 300
  let file: String
  private(set) var list: [Diagnostic] = []
  /// Warnings about a file that loads (not counted as problems), sorted by position when read.
  private(set) var warningList: [Diagnostic] = []
  private var dropped = 0
  /// How many "did you mean" searches are still allowed (each is a scan over the candidates).
  var hintBudget = 300

  init(file: String) { self.file = file }

  var isEmpty: Bool { list.isEmpty }
  /// True once `limit` problems are collected or reading has stopped: readers then stop early.
  var isFull: Bool { stopped || list.count >= Problems.limit }
  /// Set when reading gave up (a document that aliases expand too far, already reported).
  private(set) var stopped = false

  /// Ends reading: nothing more is added.
  mutating func stop() { stopped = true }

  mutating func add(line: Int, column: Int, _ message: String) {
    guard !isFull else {
      dropped += 1
      return
    }
    list.append(Diagnostic(file: file, line: max(line, 1), column: max(column, 1), message: message))
  }

  mutating func warn(line: Int, column: Int, _ message: String) {
    guard warningList.count < Problems.limit else { return }
    warningList.append(
      Diagnostic(file: file, line: max(line, 1), column: max(column, 1), message: message, severity: .warning))
  }

  /// The warnings by position.
  var warnings: [Diagnostic] { warningList.sorted { ($0.line, $0.column) < ($1.line, $1.column) } }

  /// A did-you-mean hint, while the budget lasts.
  mutating func hint<S: Sequence>(_ word: String, _ candidates: S) -> String where S.Element == String {
    guard hintBudget > 0 else { return "" }
    hintBudget -= 1
    return DidYouMean.hint(word, candidates)
  }

  /// Every problem, by position, with a closing note when some were dropped.
  func sorted() -> [Diagnostic] {
    var out = list.enumerated().sorted { a, b in
      (a.element.line, a.element.column, a.offset) < (b.element.line, b.element.column, b.offset)
    }.map(\.element)
    if list.count >= Problems.limit, let last = out.last {
      let more = dropped > 0 ? " (\(dropped) more not shown)" : ""
      out.append(
        Diagnostic(
          file: file, line: last.line, column: last.column,
          message: "too many errors: stopped after \(Problems.limit)\(more)"))
    }
    return out
  }
}
