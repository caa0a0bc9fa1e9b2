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
  /// `width` > 0 wraps sentences at spaces to that many columns, with a hanging indent.
  public static func render(_ lines: [NarrationLine], width: Int = 0) -> String {
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
        out += wrap(line.text, prefix: prefix, hanging: indent, width: width)
      case .summary:
        if !inSummary {
          out += "\n" + indent + "Why?\n"
          inSummary = true
        }
        out += wrap(line.text, prefix: indent + "- ", hanging: indent + "  ", width: width)
      }
    }
    return out
  }

  /// `prefix` + text, broken at spaces so no line passes `width` (when it can), each continuation
  /// line starting with `hanging`.
  static func wrap(_ text: String, prefix: String, hanging: String, width: Int) -> String {
    guard width > 0 else { return prefix + text + "\n" }
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
}
