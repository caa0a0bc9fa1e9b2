import Foundation
import Testing

/// docs/RULES.md explains every rule id the code cites: each id cited in a `.swift` file under Sources/ or
/// Tests/ (comments, test names, the narration's citations) has its row there (the first cell of a table row,
/// or a heading).
@Suite struct RuleDocTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test func everyCitedRuleIdHasARowInRulesMd() throws {
    let doc = try String(contentsOf: Self.root.appendingPathComponent("docs/RULES.md"), encoding: .utf8)
    let cited = try RuleIds.cited(in: ["Sources", "Tests"], root: Self.root)
    #expect(cited.count > 80, "the scan found too few ids: \(cited.keys.sorted())")
    let missing = RuleIds.missing(cited: cited, documented: RuleIds.documented(in: doc))
    #expect(missing.isEmpty, "docs/RULES.md has no row for:\n\(RuleIds.report(missing, cited: cited))")
  }

  /// The check fails when a row goes: RULES.md without the rows of A-1 and E-6.3 lacks those two.
  @Test func aDeletedRowIsReported() throws {
    let doc = try String(contentsOf: Self.root.appendingPathComponent("docs/RULES.md"), encoding: .utf8)
    let cut = doc.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.hasPrefix("| A-1 |") && !$0.hasPrefix("| E-6.3 |") }
      .joined(separator: "\n")
    let cited = try RuleIds.cited(in: ["Sources", "Tests"], root: Self.root)
    #expect(RuleIds.missing(cited: cited, documented: RuleIds.documented(in: cut)) == ["A-1", "E-6.3"])
  }

  /// What is read as an id, and what only looks like one.
  @Test func whatCountsAsARuleId() {
    #expect(
      RuleIds.inLine("/// Hit-testing, rules A-1 to A-10, E-6.3, F-3a, G-8.1b, I-LP2, L7 (S16).").sorted()
        == ["A-1", "A-10", "E-6.3", "F-3a", "G-8.1b", "I-LP2", "L7", "S16"])
    #expect(RuleIds.inLine("/// 8.1 / L7: 20 pt outside still counts as inside.").sorted() == ["8.1", "L7"])
    #expect(RuleIds.inLine("  rules: [\"5.4\", \"L10\"])").sorted() == ["5.4", "L10"])
    #expect(RuleIds.inLine("/// Why it is left out (rule 1.1, C-7).").sorted() == ["1.1", "C-7"])
    #expect(RuleIds.inLine("/// (rules 5.4 and section 10)") == ["5.4"])
    // Not ids: part of a word or a longer number, a number with a unit, a version, a number on a line that
    // cites no rule, an id built by interpolation.
    #expect(RuleIds.inLine("// UTF-8 text, ISO-8601 dates, ABC-1, AL1").isEmpty)
    #expect(RuleIds.inLine("/// rule H-1: 0.15 s, 1.5 s, 2.5 pt, 1.5× the size, iOS 7.1, YAML 1.1") == ["H-1"])
    #expect(RuleIds.inLine("let scale = 1.5  // (× 1.5)").isEmpty)
    #expect(RuleIds.inLine(#"for k in 1...7 { out.insert("E-6.\(k)") }"#).isEmpty)
  }
}

/// How rule ids are recognised in the code. Two kinds:
/// - lettered ids, anywhere: a group letter A–I, a hyphen, a number (A-1, E-6.3), maybe a letter (F-3a,
///   G-8.1b); I-LP2-like ids; L and S with a number (low-confidence choices, sources). Not when glued to a longer
///   word (UTF-8, ISO-8601), nor when an interpolation builds it (`"E-6.\(k)"`).
/// - bare section numbers (5.1, 8.3): one digit, a dot, one digit, counted only on a line that also says
///   rule, rules, section or 规则, or cites a lettered id; never inside a longer number, before a unit
///   (s, ms, pt, px, rad, ×) or after iOS/Swift/YAML (versions).
enum RuleIds {
  static let lettered =
    #"(?<![A-Za-z0-9_-])([A-I]-[0-9]+(?:\.[0-9]+)?[a-z]?|I-[A-Z]{2}[0-9]+|[LS][0-9]{1,2})"#
    + #"(?![A-Za-z0-9_-]|\.\\\()"#
  static let dotted =
    #"(?<![\w.×*-])(?<!iOS )(?<!Swift )(?<!YAML )([1-9]\.[1-9])"#
    + #"(?![\w.%]|\s?(?:s|ms|pt|px|rad)\b|\s?×)"#
  static let citing = #"\b[Rr]ules?\b|\b[Ss]ection\b|规则"#

  static func matches(_ pattern: String, _ line: String) -> [String] {
    guard let re = try? NSRegularExpression(pattern: pattern) else { return [] }
    let ns = line as NSString
    return re.matches(in: line, range: NSRange(location: 0, length: ns.length)).map {
      ns.substring(with: $0.range(at: $0.numberOfRanges > 1 ? 1 : 0))
    }
  }

  /// The ids one line of Swift cites.
  static func inLine(_ line: String) -> [String] {
    let letteredIds = matches(lettered, line)
    guard !letteredIds.isEmpty || !matches(citing, line).isEmpty else { return letteredIds }
    return letteredIds + matches(dotted, line)
  }

  /// Every id cited in the `.swift` files under these folders of `root`, with where: "path:line".
  static func cited(in folders: [String], root: URL) throws -> [String: [String]] {
    var out: [String: [String]] = [:]
    for folder in folders {
      let base = root.appendingPathComponent(folder)
      guard let walk = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
      for case let url as URL in walk where url.pathExtension == "swift" {
        let text = try String(contentsOf: url, encoding: .utf8)
        let path = String(url.path.dropFirst(root.path.count + 1))
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
          for id in Set(inLine(String(line))) { out[id, default: []].append("\(path):\(i + 1)") }
        }
      }
    }
    return out
  }

  /// The ids RULES.md defines: those in the first cell of a table row or in a heading.
  static func documented(in doc: String) -> Set<String> {
    var out: Set<String> = []
    for line in doc.split(separator: "\n") {
      var text = ""
      if line.hasPrefix("#") {
        text = String(line)
      } else if line.hasPrefix("|") {
        text = String(line.dropFirst().prefix { $0 != "|" })
      }
      out.formUnion(matches(lettered, text))
      out.formUnion(matches(dotted, text))
    }
    return out
  }

  static func missing(cited: [String: [String]], documented: Set<String>) -> [String] {
    cited.keys.filter { !documented.contains($0) }.sorted()
  }

  static func report(_ missing: [String], cited: [String: [String]]) -> String {
    missing.map { id in
      let places = (cited[id] ?? []).sorted()
      return "  \(id), cited in \(places.prefix(5).joined(separator: ", "))" + (places.count > 5 ? " …" : "")
    }.joined(separator: "\n")
  }
}
