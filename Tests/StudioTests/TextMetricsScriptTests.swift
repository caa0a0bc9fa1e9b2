import Geometry
import Testing

@testable import StudioCore
@testable import StudioUI

/// Text in any script is measured as the fonts that draw it draw it, and wraps where its script
/// allows a break.
@Suite struct TextMetricsScriptTests {
  @Test func wideCharactersAreOneEmAndMarksNothing() {
    #expect(TextMetrics.width("购买", size: 20) == 40)
    #expect(TextMetrics.width("日本語", size: 10) == 30)
    #expect(TextMetrics.width("한국", size: 10) == 20)
    #expect(TextMetrics.width("ＡＢ", size: 10) == 20)  // full-width forms
    #expect(TextMetrics.width("🎉", size: 20) == 20)  // the fixed stand-in: emoji are one em
    #expect(TextMetrics.width("\u{200B}\u{200D}\u{FE0F}\u{AD}", size: 20) == 0)
    // A letter under combining accents is as wide as the letter.
    #expect(
      TextMetrics.width("a\u{0301}\u{0302}\u{0303}", size: 20) == TextMetrics.width("a", size: 20))
    // Mono: DejaVu Sans Mono's advance for letters, one em for what the CJK font draws.
    #expect(TextMetrics.width("ab", size: 10, face: .mono) == 12)
    #expect(TextMetrics.width("卡片", size: 10, face: .mono) == 20)
  }

  @Test func chineseWrapsBetweenCharactersWithoutStartingALineWithClosingPunctuation() {
    let text = "点击购买按钮时，卡片的点击手势识别器会先收到触摸。"
    let lines = TextMetrics.wrap(text, toWidth: 100, size: 10)
    #expect(lines.count == 3, "\(lines)")
    #expect(lines.joined() == text)
    for line in lines {
      #expect(TextMetrics.width(line, size: 10) <= 100)
      #expect(line.first != "，" && line.first != "。")
    }
  }

  @Test func mixedTextBreaksAtSpacesAndBetweenChineseCharacters() {
    let lines = TextMetrics.wrap("Tap the 购买按钮 button to buy", toWidth: 80, size: 10)
    #expect(lines.joined(separator: " ").replacingOccurrences(of: "  ", with: " ").contains("购"))
    for line in lines { #expect(TextMetrics.width(line, size: 10) <= 80, "\(lines)") }
    // No word of Latin text is cut.
    #expect(lines.allSatisfy { !$0.hasSuffix("…") })
  }

  /// ASCII is cut into words byte by byte, and into emphasised runs at its backtick bytes; anything else
  /// character by character. Both ways give the same words and runs, in random texts of ASCII, spaces,
  /// line ends, backticks, Chinese, opening and closing punctuation and a carriage return.
  @Test func asciiIsCutAsItsCharactersWouldBe() {
    let pieces = [
      "tap", "the", " ", " ", "\n", "`", "`", "buy", ".", ",", ")", "(", "购", "买", "，", "（", "」", "\r\n", "e\u{0301}",
      "`\u{0301}",
      "ok!", "12.5", "—", "\u{3000}",
    ]
    var random = SplitMix(seed: 77)
    for _ in 0..<3000 {
      let text = (0..<random.int(0...14)).map { _ in pieces[random.int(pieces.count)] }.joined()
      let expected = text.split(separator: "`", omittingEmptySubsequences: false).enumerated().compactMap {
        $1.isEmpty ? nil : TextRun(text: String($1), emphasis: $0 % 2 == 1)
      }
      let runs = TextRun.parse(text)
      #expect(runs == expected, "\(text.debugDescription)")
      let bytewise = TextMetrics.words(of: runs)
      let characterwise = TextMetrics.words(of: runs, bytewise: false)
      #expect(
        bytewise.map(\.pieces) == characterwise.map(\.pieces)
          && bytewise.map(\.spaceBefore) == characterwise.map(\.spaceBefore), "\(text.debugDescription)")
    }
  }
}
