import Localization

/// The narration as plain text for a terminal: a time column for the steps, and each gesture's
/// summary set off as a "Why?" block.
///
/// ```
///    0 ms  Finger 1 touches down at (195, 330).
///   80 ms  `buy` received touchesEnded and sent touchUpInside (rule 8.1).
///
///          Why?
///          - `buy` fired touchUpInside at 80 ms ... (rule 8.3).
/// ```
public enum NarrationText {
  /// `width` > 0 wraps sentences at spaces to that many columns, with a hanging indent. Chinese
  /// (`language`) may also break between two Chinese characters, and counts each as two columns.
  public static func render(_ lines: [NarrationLine], width: Int = 0, language: Language = .english) -> String {
    let timeWidth = lines.map { Phrase.ms($0.t).count }.max() ?? 4
    let indent = String(repeating: " ", count: timeWidth + 4)
    var out = ""
    var inSummary = false
    for line in lines {
      switch line.kind {
      case .step:
        if inSummary {
          out += "\n"
          inSummary = false
        }
        let time = Phrase.ms(line.t)
        let prefix = "  " + String(repeating: " ", count: timeWidth - time.count) + time + "  "
        out += wrap(line.text, prefix: prefix, hanging: indent, width: width, language: language)
      case .summary:
        if !inSummary {
          out += "\n" + indent + language("Why?", "为什么？") + "\n"
          inSummary = true
        }
        out += wrap(line.text, prefix: indent + "- ", hanging: indent + "  ", width: width, language: language)
      }
    }
    return out
  }

  /// `prefix` + text, broken at spaces so no line passes `width` (when it can), each continuation
  /// line starting with `hanging`.
  static func wrap(
    _ text: String, prefix: String, hanging: String, width: Int, language: Language = .english
  ) -> String {
    guard width > 0 else { return prefix + text + "\n" }
    if language.isChinese { return wrapChinese(text, prefix: prefix, hanging: hanging, width: width) }
    var out = ""
    var line = prefix
    var lineHasWord = false
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      if lineHasWord && line.count + 1 + word.count > width {
        out += line + "\n"
        line = hanging + word
      } else {
        line += (lineHasWord ? " " : "") + word
      }
      lineHasWord = true
    }
    return out + line + "\n"
  }

  /// The columns a text takes in a terminal: two for each Chinese character or full-width mark, one
  /// for anything else.
  static func displayWidth<S: StringProtocol>(_ text: S) -> Int {
    text.reduce(0) { $0 + (isWide($1) ? 2 : 1) }
  }

  static func isWide(_ c: Character) -> Bool {
    guard let v = c.unicodeScalars.first?.value else { return false }
    return (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
      || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
      || (0xFFE0...0xFFE6).contains(v)
  }

  /// Marks a line must not start with, and marks it must not end with.
  private static let closing: Set<Character> = ["，", "。", "；", "：", "、", "）", "？", "！", "”"]
  private static let opening: Set<Character> = ["（", "“"]

  /// Like `wrap`, for Chinese: a line may also break between two wide characters (never before a closing
  /// mark such as "，" or after an opening one such as "（"), and widths are display columns.
  static func wrapChinese(_ text: String, prefix: String, hanging: String, width: Int) -> String {
    // Pieces that are never broken, each with what separates it from the piece before: a space (dropped
    // at a break) or nothing.
    var pieces: [(separator: String, text: String)] = []
    var current = ""
    var separator = ""
    var previous: Character?
    for c in text {
      if c == " " {
        pieces.append((separator, current))
        current = ""
        separator = " "
        previous = nil
        continue
      }
      if let p = previous, isWide(p), isWide(c), !closing.contains(c), !opening.contains(p) {
        pieces.append((separator, current))
        current = ""
        separator = ""
      }
      current.append(c)
      previous = c
    }
    pieces.append((separator, current))
    var out = ""
    var line = prefix
    var lineHasPiece = false
    for piece in pieces {
      let joined = lineHasPiece ? piece.separator + piece.text : piece.text
      if lineHasPiece && displayWidth(line) + displayWidth(joined) > width {
        out += line + "\n"
        line = hanging + piece.text
      } else {
        line += joined
      }
      lineHasPiece = true
    }
    return out + line + "\n"
  }
}
