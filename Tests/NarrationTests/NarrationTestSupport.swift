import Localization
import Narration
import TestSupport
import Testing
import TouchSim

/// A run and its narration, for reading sentences in tests.
struct Narrated: CustomStringConvertible {
  let run: Run
  let lines: [NarrationLine]

  /// The same run told in Simplified Chinese.
  let chinese: [NarrationLine]

  /// Narrates the run in English, and in Chinese too: every scene a test builds is also checked for
  /// Chinese sentences that say the same things (line for line) with no English words left in them.
  init(_ scene: Scene, _ script: [ScriptStep], sourceLocation: SourceLocation = #_sourceLocation) {
    run = Run(scene, script)
    lines = Narrator.narrate(run.trace, scene: scene)
    chinese = Narrator.narrate(run.trace, scene: scene, language: .simplifiedChinese)
    ChineseCheck.expectSameLines(lines, chinese, in: "a scene built in code", sourceLocation: sourceLocation)
    ChineseCheck.expectTranslated(chinese, in: "a scene built in code", sourceLocation: sourceLocation)
  }

  /// The Chinese step and summary texts.
  var chineseSteps: [String] { chinese.filter { $0.kind == .step }.map(\.text) }
  var chineseSummaries: [String] { chinese.filter { $0.kind == .summary }.map(\.text) }

  /// The narration as the CLI prints it, so a failed expectation shows what was said.
  var description: String { "\n" + NarrationText.render(lines) }

  var steps: [String] { lines.filter { $0.kind == .step }.map(\.text) }
  var summaries: [String] { lines.filter { $0.kind == .summary }.map(\.text) }

  /// The step line with exactly this text.
  func step(_ text: String) -> NarrationLine? { lines.first { $0.kind == .step && $0.text == text } }

  /// The summary lines of the n-th gesture (0-based).
  func summary(ofGesture n: Int) -> [String] {
    var groups: [[String]] = []
    var previousWasSummary = false
    for line in lines {
      if line.kind == .summary {
        if !previousWasSummary { groups.append([]) }
        groups[groups.count - 1].append(line.text)
      }
      previousWasSummary = line.kind == .summary
    }
    return n < groups.count ? groups[n] : []
  }

  /// Checks what every narration must satisfy: valid indices, time order, times that match the trace.
  func checkInvariants(sourceLocation: SourceLocation = #_sourceLocation) {
    let trace = run.trace
    var previous: (t: Double, index: Int)?
    for line in lines {
      #expect(
        trace.indices.contains(line.traceIndex), "index \(line.traceIndex) of \(line.text)",
        sourceLocation: sourceLocation)
      guard trace.indices.contains(line.traceIndex) else { continue }
      #expect(line.entries.contains(line.traceIndex) || line.kind == .summary, sourceLocation: sourceLocation)
      #expect(trace.indices.contains(line.entries.lowerBound), sourceLocation: sourceLocation)
      #expect(trace.indices.contains(line.entries.upperBound), sourceLocation: sourceLocation)
      #expect(line.t == trace[line.traceIndex].t, "time of \(line.text)", sourceLocation: sourceLocation)
      if let previous {
        #expect(previous.t <= line.t, "time goes back at \(line.text)", sourceLocation: sourceLocation)
        #expect(previous.index <= line.traceIndex, "index goes back at \(line.text)", sourceLocation: sourceLocation)
      }
      #expect(
        !line.text.isEmpty && line.text.hasSuffix("."), "not a sentence: \(line.text)", sourceLocation: sourceLocation)
      previous = (line.t, line.traceIndex)
    }
  }
}

/// Checks of the Chinese narration: the words left in English are UIKit's names only, and Chinese tells
/// the same lines as English.
enum ChineseCheck {
  /// The state names, the answers, Swift's literals and `super`, written as in code.
  static let codeWords: Set<String> = [
    "possible", "began", "changed", "ended", "cancelled", "failed", "YES", "NO", "true", "false", "nil", "super",
  ]
  /// UIKit properties whose names are one plain word (`alpha`, `hidden`, `transform`).
  static let propertyWords: Set<String> = ["alpha", "hidden", "transform", "bounces"]
  /// Units after numbers.
  static let units: Set<String> = ["ms", "pt", "rad", "s"]

  /// The English words left in a Chinese sentence (Latin words of two letters or more), once ids in
  /// backticks (with a property path after them: `` `card`.hidden ``), quoted user text, rule ids, numbers,
  /// units and UIKit's names are taken out. A UIKit name is a token that is camelCase, contains "(",
  /// ":", "." or "*", or starts with "UI"; or a state name, YES/NO, true/false or a one-word property.
  static func untranslated(_ text: String) -> [String] {
    var rest = ""
    var inCode = false
    var inQuote = false
    var afterCode = false
    for c in text {
      if c == "`" {
        inCode.toggle()
        rest.append(" ")
        afterCode = !inCode
        continue
      }
      if c == "“" { inQuote = true }
      if c == "”" {
        inQuote = false
        rest.append(" ")
        continue
      }
      if inCode || inQuote { continue }
      // A property path right after an id is code too: `card`.hidden.
      if afterCode && (c == "." || c.isLetter && c.isASCII || c == "_") {
        continue
      }
      afterCode = false
      rest.append(c)
    }
    // Tokens: runs of ASCII that are not spaces; anything else separates them.
    var words: [String] = []
    var token = ""
    func flush() {
      defer { token = "" }
      guard !token.isEmpty else { return }
      let isCode =
        hasCall(token) || token.contains(":") || token.contains("*") || token.hasPrefix("UI")
        || token.contains(where: \.isUppercase) && token.first?.isLowercase == true
        || isDotted(token)
      if isCode { return }
      for word in latinWords(token) where word.count >= 2 {
        if codeWords.contains(word) || propertyWords.contains(word) || units.contains(word) { continue }
        if isCamelCase(word) { continue }
        words.append(word)
      }
    }
    for c in rest {
      if c.isASCII && !c.isWhitespace && c != "," && c != ")" { token.append(c) } else { flush() }
    }
    flush()
    return words
  }

  /// "touchesShouldCancel(in", "require(toFail": a name right before "(" (not a bracket opening text).
  static func hasCall(_ token: String) -> Bool {
    var previous: Character?
    for c in token {
      if c == "(", let p = previous, p.isLetter || p == "_" { return true }
      previous = c
    }
    return false
  }

  /// "touch.view": a property path.
  static func isDotted(_ token: String) -> Bool {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count > 1 && parts.allSatisfy { $0.first?.isLetter == true }
  }

  /// "touchesBegan", "AppDelegate": an upper-case letter after a lower-case one.
  static func isCamelCase(_ word: String) -> Bool {
    var previousLower = false
    for c in word {
      if c.isUppercase && previousLower { return true }
      previousLower = c.isLowercase
    }
    return false
  }

  static func latinWords(_ token: String) -> [String] {
    token.split(whereSeparator: { !($0.isASCII && $0.isLetter) }).map(String.init)
  }

  /// Records an issue for each English word left in the Chinese lines, naming the place, the line
  /// and the word.
  static func expectTranslated(
    _ lines: [NarrationLine], in place: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for line in lines {
      for word in untranslated(line.text) {
        Issue.record("\(place): untranslated \"\(word)\" in: \(line.text)", sourceLocation: sourceLocation)
      }
      if !line.text.hasSuffix("。") {
        Issue.record("\(place): not a Chinese sentence: \(line.text)", sourceLocation: sourceLocation)
      }
    }
  }

  /// One builder decides what is said: the Chinese lines are the English ones, line for line (kind,
  /// time and trace entries), only worded differently.
  static func expectSameLines(
    _ english: [NarrationLine], _ chinese: [NarrationLine], in place: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let a = english.map { "\($0.kind) \($0.t) \($0.traceIndex) \($0.entries)" }
    let b = chinese.map { "\($0.kind) \($0.t) \($0.traceIndex) \($0.entries)" }
    #expect(a == b, "\(place): the Chinese lines are not the English lines", sourceLocation: sourceLocation)
  }
}
