import Foundation
import Raster

/// How wide text is drawn: what panels fit, wrap and truncate text with.
///
/// The window and `touchscope render` measure with the fonts that draw the text (`SDLTextMeasurer` in
/// StudioSDL asks SDL_ttf, kerning and fallback fonts included); without a renderer (tests, `explain`) the
/// fixed DejaVu advances of `FixedTextMeasurer` stand in, so panel snapshots stay the same on every machine.
/// Called from whichever thread builds the frame, so an implementation must be safe to share.
public protocol TextMeasurer: Sendable {
  /// The width in whole pixels of `text` drawn in `face` at `pixelSize` pixels (the size a text command's
  /// mask is rendered at: its size rounded, at least 1).
  func width(_ text: String, face: FontFace, pixelSize: Int) -> Double
  /// Which measurer this is, for layouts kept between frames: two measurers with the same identity give
  /// the same widths (a class: the instance; a value: its type).
  var identity: ObjectIdentifier { get }
  /// A measurer of the same widths (and identity) for one thread at a time to use: one that shares a
  /// lock between threads gives each thread that measures a lot its own, so two threads building parts
  /// of a frame at once do not queue for the lock. By default, this one.
  func lane() -> any TextMeasurer
}

extension TextMeasurer {
  public var identity: ObjectIdentifier { ObjectIdentifier(Self.self) }
  public func lane() -> any TextMeasurer { self }
}

extension TextMeasurer where Self: AnyObject {
  public var identity: ObjectIdentifier { ObjectIdentifier(self) }
}

/// Widths of text in the bundled DejaVu fonts from a fixed table, so panels can fit, wrap and truncate text
/// without a renderer: the stand-in for tests (the same on every machine).
///
/// The advance widths (per 1000 units of font size) of printable ASCII were measured from the fonts in
/// `Assets/` with SDL2_ttf; other characters use the width DejaVu gives most symbols (arrows, ✓ ✗ ●).
/// Glyph advances are rounded to whole pixels at the renderer's integer font size, as hinted text is, and
/// no kerning is applied (a width is the sum of its characters').
public struct FixedTextMeasurer: TextMeasurer {
  public init() {}

  /// DejaVuSans.ttf, characters 32 ... 126.
  private static let regular: [Int] = [
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636, 636, 636, 636,
    636, 636, 636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656,
    557, 863, 748, 787, 603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500, 500, 613,
    635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818,
    592, 592, 525, 636, 337, 636, 838,
  ]
  /// DejaVuSans-Bold.ttf, characters 32 ... 126.
  private static let bold: [Int] = [
    348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696, 696, 696, 696, 696,
    696, 696, 696, 696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775,
    637, 995, 837, 850, 733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500, 500, 675,
    716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493, 595, 478, 712, 652, 924,
    645, 652, 582, 712, 365, 712, 838,
  ]
  /// Non-ASCII characters the panels use whose width differs from the usual symbol width.
  private static let special: [Character: Int] = [
    "…": 1000, "—": 1000, "–": 500, "·": 318, "½": 969, "¼": 969, "●": 873, "○": 873, "▶": 769, "◀": 769,
    "▮": 550, "■": 945, "☰": 896, "•": 590, "‖": 500, "⚡": 702, "◷": 873, "▲": 769, "▼": 769, "◉": 873,
    "◐": 873, "◦": 590, "✓": 838, "✗": 838, "═": 622, "⊘": 838, "→": 838, "▸": 502, "▾": 502, "↻": 838,
    "×": 838, "α": 687, "≥": 838, "↺": 838, "←": 838,
  ]

  public func width(_ text: String, face: FontFace, pixelSize: Int) -> Double {
    let px = Double(max(pixelSize, 1))
    if face != .mono, let ascii = Self.asciiWidth(text, px: px, table: face == .bold ? Self.bold : Self.regular) {
      return ascii
    }
    var total = 0.0
    for c in text { total += Self.advance(c, px: px, face: face) }
    return total
  }

  private static func advance(_ c: Character, px: Double, face: FontFace) -> Double {
    let units: Int
    if let a = c.asciiValue ?? asciiBase(c), a >= 32, a < 127 {
      units = face == .mono ? 602 : (face == .bold ? bold : regular)[Int(a) - 32]
    } else if face != .mono, let special = special[c] {
      units = special
    } else if let other = otherUnits(c) {
      units = other
    } else {
      units = face == .mono ? 602 : 838
    }
    return (Double(units) * px / 1000).rounded()
  }

  /// The width of a character that is not drawn like a letter of the face: made only of marks, joiners and
  /// format characters, nothing is drawn (0); Chinese, Japanese and Korean characters and full-width forms
  /// are one em wide in Noto Sans CJK, which draws them, and emoji about one em in the emoji fallback font.
  /// Nil for any other character.
  private static func otherUnits(_ c: Character) -> Int? {
    let scalars = c.unicodeScalars
    guard let first = scalars.first(where: { !TextMetrics.isZeroWidth($0) }) else { return 0 }
    if TextMetrics.isWide(first) { return 1000 }
    if first.properties.isEmojiPresentation || (0x1F000...0x1FAFF).contains(first.value) { return 1000 }
    return nil
  }

  /// The ASCII letter under a character's marks ("a" of "á" written as "a" and U+0301), if any.
  private static func asciiBase(_ c: Character) -> UInt8? {
    let scalars = c.unicodeScalars
    guard scalars.count > 1, let first = scalars.first, first.isASCII,
      scalars.dropFirst().allSatisfy(TextMetrics.isZeroWidth)
    else { return nil }
    return UInt8(first.value)
  }

  /// The width of printable ASCII text straight from its bytes (nil when there is anything else).
  private static func asciiWidth(_ text: String, px: Double, table: [Int]) -> Double? {
    var total = 0.0
    for b in text.utf8 {
      guard b >= 32, b < 127 else { return nil }
      total += (Double(table[Int(b) - 32]) * px / 1000).rounded()
    }
    return total
  }
}

/// Widths of text as panels fit, wrap and truncate it, in the measurer of the frame being built.
///
/// Every panel measures text with it (the inspector adds a small safety margin on top). The measurer is
/// task-local: the model binds its own (`StudioModel.textMeasurer`: the window's is SDL_ttf's) while it
/// builds a frame or handles input; everything else (tests, `explain`) gets `FixedTextMeasurer`.
public enum TextMetrics {
  /// The measurer of the frame being built on this thread or task.
  @TaskLocal public static var measurer: any TextMeasurer = FixedTextMeasurer()

  /// The width in pixels of `text` drawn at `size` in `face`.
  public static func width(_ text: String, size: Double, face: FontFace = .regular) -> Double {
    guard !text.isEmpty else { return 0 }
    return measurer.width(text, face: face, pixelSize: pixelSize(size))
  }

  /// The whole pixel size text at `size` is drawn at (its mask's size, before the font's minimum).
  public static func pixelSize(_ size: Double) -> Int {
    guard size.isFinite else { return 1 }
    return max(Int(min(size, 1e6).rounded()), 1)
  }

  /// Drawn with no advance: combining marks, joiners, variation selectors, the soft hyphen, NUL.
  public static func isZeroWidth(_ s: Unicode.Scalar) -> Bool {
    switch s.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return true
    default: return (0xFE00...0xFE0F).contains(s.value) || (0xE0100...0xE01EF).contains(s.value)
    }
  }

  /// East Asian wide and full-width characters (Unicode's East Asian Width W and F, in the ranges that
  /// matter here): CJK ideographs and punctuation, kana, Hangul, full-width forms.
  public static func isWide(_ s: Unicode.Scalar) -> Bool {
    switch s.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
      return true
    default: return false
    }
  }

  /// The height of one line of text at `size` (ascent + descent of DejaVu).
  public static func height(size: Double) -> Double { (Double(Int(size.rounded())) * 1.17).rounded(.up) }

  /// How many characters `lines` lines of `maxWidth` pixels at `size` can show at most, with room to spare:
  /// no character that draws anything is narrower than a twentieth of the size. Text past that many
  /// characters can never be seen, so it is neither measured nor laid out (a label of ten million
  /// characters costs what a label of a few hundred does).
  public static func visibleLimit(width maxWidth: Double, size: Double, lines: Int = 1) -> Int {
    let narrowest = max(Double(pixelSize(size)) * 0.05, 0.5)
    let perLine = Int(min(max(maxWidth, 0) / narrowest, 1e6)) + 8
    return perLine * min(max(lines, 1), 1000)
  }

  /// `text` cut after its first `limit` characters, with "…" after them (unchanged when it has no more):
  /// the part of a huge text that can be visible, found without walking the rest of it.
  public static func cut(_ text: String, after limit: Int) -> String {
    guard text.utf8.count > limit,
      let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex), end < text.endIndex
    else { return text }
    return String(text[..<end]) + "…"
  }

  /// `text` shortened with "…" so it fits in `width` pixels (unchanged when it fits). The shortened text is
  /// measured as it is drawn, "…" included (kerning makes a text narrower than the sum of its characters).
  public static func truncate(_ text: String, toWidth maxWidth: Double, size: Double, face: FontFace = .regular)
    -> String
  {
    let text = cut(text, after: visibleLimit(width: maxWidth, size: size))
    if width(text, size: size, face: face) <= maxWidth { return text }
    guard maxWidth > width("…", size: size, face: face) else { return "" }
    let chars = Array(text)
    // The longest prefix that fits with "…" (a longer prefix is never narrower): found by halving.
    var fits = 0
    var tooLong = chars.count
    while tooLong - fits > 1 {
      let mid = (fits + tooLong) / 2
      if width(String(chars[0..<mid]) + "…", size: size, face: face) <= maxWidth { fits = mid } else { tooLong = mid }
    }
    var out = String(chars[0..<fits])
    while out.last == " " { out.removeLast() }
    return out + "…"
  }

  /// `text` broken into lines of at most `maxWidth` pixels at word boundaries (a word longer than a line is
  /// cut). At most `maxLines` lines: the last one ends with "…" when text was left over.
  public static func wrap(
    _ text: String, toWidth maxWidth: Double, size: Double, face: FontFace = .regular, maxLines: Int = .max
  ) -> [String] {
    let text = maxLines == .max ? text : cut(text, after: visibleLimit(width: maxWidth, size: size, lines: maxLines))
    let runs = [TextRun(text: text, emphasis: false)]
    return wrap(runs, toWidth: maxWidth, size: size, face: face, emphasisFace: face, maxLines: maxLines)
      .map { line in line.map(\.text).joined() }
  }

  /// Runs of styled text broken into lines of at most `maxWidth` pixels at spaces; emphasised runs are
  /// measured in `emphasisFace`. At most `maxLines` lines, the last ending with "…" when text was left over.
  public static func wrap(
    _ runs: [TextRun], toWidth maxWidth: Double, size: Double, face: FontFace, emphasisFace: FontFace,
    maxLines: Int = .max
  ) -> [[TextRun]] {
    let runs = maxLines == .max ? runs : cut(runs, after: visibleLimit(width: maxWidth, size: size, lines: maxLines))
    let measure = LineMeasure(size: size, face: face, emphasisFace: emphasisFace)
    var (lines, truncated) = fill(words(of: runs), maxWidth: maxWidth, maxLines: maxLines, measure)
    if truncated, let last = lines.popLast() { lines.append(ellipsized(last, maxWidth: maxWidth, measure)) }
    return merged(lines)
  }

  /// A word: a stretch without spaces. It may mix styles ("`pan`'s"), so it is a list of pieces.
  typealias Word = (pieces: [TextRun], spaceBefore: Bool)

  /// Measures runs as `wrap` draws them.
  private struct LineMeasure {
    let size: Double
    let face: FontFace
    let emphasisFace: FontFace

    func width(_ r: TextRun) -> Double {
      TextMetrics.width(r.text, size: size, face: r.emphasis ? emphasisFace : face)
    }

    /// A line is measured whole, as it is drawn (one text per run of a style), not as a sum of its words.
    func line(_ runs: [TextRun]) -> Double { TextMetrics.merged([runs])[0].reduce(0) { $0 + width($1) } }
  }

  /// The words of `runs`, each with whether a space comes before it.
  /// `bytewise`: ASCII runs cut byte by byte (false only for tests, which compare the two ways).
  static func words(of runs: [TextRun], bytewise: Bool = true) -> [Word] {
    var words: [Word] = []
    var pieces: [TextRun] = []
    var pendingSpace = false
    var spaceBefore = false
    // Chinese and Japanese break between any two characters: each wide character is a word of its own,
    // with no space before it (closing punctuation stays with the character before it).
    var afterWide = false
    // Opening punctuation ("（") stays with the character after it: it never ends a line.
    var afterOpening = false
    /// A space or line end: the word so far ends.
    func space() {
      if !pieces.isEmpty { words.append((pieces, spaceBefore)) }
      pieces = []
      pendingSpace = true
      afterWide = false
      afterOpening = false
    }
    /// Text without a break, to go on the current word; `wide`, `closing` and `opening` describe its
    /// first character, and only the first may start a word of its own (after a wide character).
    func letters<S: StringProtocol>(_ text: S, emphasis: Bool, wide: Bool, closing: Bool, opening: Bool) {
      if !pieces.isEmpty && (wide || afterWide) && !closing && !afterOpening {
        words.append((pieces, spaceBefore))
        pieces = []
        spaceBefore = false
      }
      afterWide = wide
      afterOpening = opening
      if pieces.isEmpty {
        spaceBefore = pendingSpace && !words.isEmpty
        pendingSpace = false
      }
      if pieces.last?.emphasis == emphasis {
        pieces[pieces.count - 1].text += text
      } else {
        pieces.append(TextRun(text: String(text), emphasis: emphasis))
      }
    }
    for run in runs {
      // A run of ASCII without carriage returns ("\r\n" is one character) is cut at its spaces and line
      // ends byte by byte, the letters between them taken at once: its characters are its bytes, none of
      // them wide or opening punctuation.
      if bytewise && run.text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
        let bytes = run.text.utf8
        var i = bytes.startIndex
        while i < bytes.endIndex {
          if bytes[i] == 0x20 || bytes[i] == 0x0A {
            space()
            i = bytes.index(after: i)
            continue
          }
          var end = bytes.index(after: i)
          while end < bytes.endIndex && bytes[end] != 0x20 && bytes[end] != 0x0A { end = bytes.index(after: end) }
          letters(
            Substring(bytes[i..<end]), emphasis: run.emphasis, wide: false,
            closing: Self.closingASCII.contains(bytes[i]), opening: false)
          i = end
        }
        continue
      }
      for c in run.text {
        // A character of one byte (ASCII, most of every sentence) is classified by its byte: comparing and
        // hashing `Character`s was a tenth of setting the narration.
        let byte: UInt8? = c.utf8.count == 1 ? c.utf8.first : nil
        if byte.map({ $0 == 0x20 || $0 == 0x0A }) ?? (c == " " || c == "\n") {
          space()
          continue
        }
        letters(
          String(c), emphasis: run.emphasis, wide: byte == nil && (c.unicodeScalars.first.map(isWide) ?? false),
          closing: byte.map(Self.closingASCII.contains) ?? closingPunctuation.contains(c),
          opening: byte == nil && openingPunctuation.contains(c))
      }
    }
    if !pieces.isEmpty { words.append((pieces, spaceBefore)) }
    return words
  }

  /// `words` laid into lines of at most `maxWidth` pixels, at most `maxLines` of them; `truncated` when
  /// words were left over (the last line is then still to be ended with "…").
  private static func fill(
    _ words: [Word], maxWidth: Double, maxLines: Int, _ measure: LineMeasure
  ) -> (lines: [[TextRun]], truncated: Bool) {
    // The line measured whole and the sum of its words' widths (`used`) differ by a few pixels at most
    // (kerning across words), so the sum says when a line is far from full, and only a line near its end
    // is measured whole.
    let near = Double(pixelSize(measure.size)) + 1
    let space = TextRun(text: " ", emphasis: false)
    let spaceWidth = measure.width(space)
    var lines: [[TextRun]] = []
    var line: [TextRun] = []
    var used = 0.0
    for (word, spaceBefore) in words {
      let wordWidth = word.reduce(0) { $0 + measure.width($1) }
      let gap = line.isEmpty || !spaceBefore ? [] : [space]
      let estimate = used + (gap.isEmpty ? 0 : spaceWidth) + wordWidth
      if !line.isEmpty && estimate > maxWidth - near && measure.line(line + gap + word) > maxWidth {
        if lines.count + 1 >= maxLines {
          lines.append(line)
          return (lines, true)
        }
        lines.append(line)
        line = []
        used = 0
      }
      if line.isEmpty && wordWidth > maxWidth {
        // A word longer than a line (an id such as `photo.isUserInteractionEnabled` in a narrow card) is
        // broken over lines, after a dot, colon or opening bracket where one is near, never cut.
        // Its letters listed once; each line measures only as far as it reaches, so a word of any length
        // is broken in work that follows its length.
        let letters = word.flatMap { run in run.text.map { (c: $0, emphasis: run.emphasis) } }
        var start = 0
        while let cut = breakPoint(letters[start...], maxWidth: maxWidth, width: measure.line) {
          if lines.count + 1 >= maxLines {
            lines.append(Self.runs(of: letters[start...]))
            return (lines, true)
          }
          lines.append(Self.runs(of: letters[start..<cut]))
          start = cut
        }
        line = Self.runs(of: letters[start...])
        used = measure.line(line)
        continue
      }
      if !line.isEmpty {
        line += gap
        used += gap.isEmpty ? 0 : spaceWidth
      }
      line += word
      used += wordWidth
    }
    if !line.isEmpty { lines.append(line) }
    return (lines, false)
  }

  /// The last line of a truncated text, shortened to make room for "…" at its end, and ended with it.
  private static func ellipsized(_ line: [TextRun], maxWidth: Double, _ measure: LineMeasure) -> [TextRun] {
    var last = line
    let ellipsis = TextRun(text: "…", emphasis: false)
    while measure.line(last + [ellipsis]) > maxWidth, last.count > 1 { last.removeLast() }
    // One piece still too wide (a long word broken over lines): shortened to the longest start of it
    // that fits, found by halving (a longer start is never narrower).
    if measure.line(last + [ellipsis]) > maxWidth, let piece = last.last {
      let chars = Array(piece.text)
      func with(_ k: Int) -> [TextRun] {
        last.dropLast() + [TextRun(text: String(chars[..<k]), emphasis: piece.emphasis), ellipsis]
      }
      var fits = 0
      var tooLong = chars.count
      while tooLong - fits > 1 {
        let mid = (fits + tooLong) / 2
        if measure.line(with(mid)) <= maxWidth { fits = mid } else { tooLong = mid }
      }
      last[last.count - 1].text = String(chars[..<fits])
    }
    while last.last?.text == " " { last.removeLast() }
    last.append(ellipsis)
    return last
  }

  /// Where a word (its letters from `letters.startIndex` on) is broken: the end of the longest head that
  /// fits `maxWidth` (after a `.`, `:` or `(`, or before the next word of a camel-case name, when one falls
  /// in its second half); nil when the whole rest fits or not even one letter does.
  private static func breakPoint(
    _ letters: ArraySlice<(c: Character, emphasis: Bool)>, maxWidth: Double, width: ([TextRun]) -> Double
  ) -> Int? {
    let first = letters.startIndex
    let count = letters.count
    func fits(_ k: Int) -> Bool { width(runs(of: letters[first..<(first + k)])) <= maxWidth }
    // The longest prefix that fits, by binary search (widths grow with length), between a prefix that fits
    // and one twice as long that does not: the work follows the line's length, not the word's.
    var lo = 0
    var hi = min(count, 16)
    while hi < count && fits(hi) {
      lo = hi
      hi = min(count, hi * 2)
    }
    if hi == count && fits(hi) { return nil }
    hi -= 1
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if fits(mid) { lo = mid } else { hi = mid - 1 }
    }
    guard lo > 0 else { return nil }
    // A break after `.`, `:` or `(`, or between words of a camel-case name, in the head's second half.
    for p in stride(from: lo - 1, through: max(lo / 2, 1), by: -1) {
      let (before, after) = (letters[first + p - 1].c, letters[first + p].c)
      if ".:(".contains(before) || (after.isUppercase && before.isLowercase) { return first + p }
    }
    return first + lo
  }

  /// Letters back into runs of one style.
  private static func runs(of letters: ArraySlice<(c: Character, emphasis: Bool)>) -> [TextRun] {
    var out: [TextRun] = []
    for x in letters {
      if let last = out.last, last.emphasis == x.emphasis {
        out[out.count - 1].text.append(x.c)
      } else {
        out.append(TextRun(text: String(x.c), emphasis: x.emphasis))
      }
    }
    return out
  }

  /// Punctuation that never starts a line in Chinese and Japanese text.
  private static let closingPunctuation: Set<Character> = [
    "，", "。", "、", "：", "；", "！", "？", "）", "」", "』", "】", "》", "〉", "”", "’", ",", ".", ":", ";", "!", "?",
    ")",
  ]

  /// The ASCII members of `closingPunctuation`, as bytes.
  private static let closingASCII: [UInt8] = Array(",.:;!?)".utf8)

  /// Punctuation that never ends a line in Chinese and Japanese text.
  private static let openingPunctuation: Set<Character> = ["（", "「", "『", "【", "《", "〈", "“", "‘"]

  /// Runs cut after their first `limit` characters in all, "…" after them when there were more.
  private static func cut(_ runs: [TextRun], after limit: Int) -> [TextRun] {
    guard runs.reduce(0, { $0 + $1.text.utf8.count }) > limit else { return runs }
    var out: [TextRun] = []
    var left = limit
    for r in runs where !r.text.isEmpty {
      if left == 0 {
        out.append(TextRun(text: "…", emphasis: false))
        break
      }
      if let end = r.text.index(r.text.startIndex, offsetBy: left, limitedBy: r.text.endIndex),
        end < r.text.endIndex
      {
        out.append(TextRun(text: String(r.text[..<end]) + "…", emphasis: r.emphasis))
        break
      }
      out.append(r)
      left -= r.text.count
    }
    return out
  }

  /// Adjacent runs of the same emphasis joined (fewer text commands).
  private static func merged(_ lines: [[TextRun]]) -> [[TextRun]] {
    lines.map { line in
      var out: [TextRun] = []
      for r in line {
        if let last = out.last, last.emphasis == r.emphasis {
          out[out.count - 1].text += r.text
        } else {
          out.append(r)
        }
      }
      return out
    }
  }
}

/// A stretch of text with one style: plain, or emphasised (an id written between backticks).
public struct TextRun: Equatable, Sendable {
  public var text: String
  public var emphasis: Bool

  public init(text: String, emphasis: Bool) {
    self.text = text
    self.emphasis = emphasis
  }

  /// Splits "the `buy` button" into plain and emphasised runs (the backticks are dropped).
  public static func parse(_ marked: String) -> [TextRun] {
    var runs: [TextRun] = []
    var emphasis = false
    // ASCII (most of the English narration) is cut at its backtick bytes, without finding where its
    // characters break (elsewhere a backtick may carry a combining mark, and is then not one).
    if marked.utf8.allSatisfy({ $0 < 0x80 }) {
      for part in marked.utf8.split(separator: 0x60, omittingEmptySubsequences: false) {
        if !part.isEmpty { runs.append(TextRun(text: String(Substring(part)), emphasis: emphasis)) }
        emphasis.toggle()
      }
      return runs
    }
    for part in marked.split(separator: "`", omittingEmptySubsequences: false) {
      if !part.isEmpty { runs.append(TextRun(text: String(part), emphasis: emphasis)) }
      emphasis.toggle()
    }
    return runs
  }
}
