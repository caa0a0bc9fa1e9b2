/// Right-to-left text (Hebrew, Arabic, Syriac, Thaana, N'Ko) put in the order it is drawn, left to right.
///
/// SDL_ttf draws characters in the order it is given them, so a line is reordered before it is drawn: a
/// simplified form of Unicode's bidirectional algorithm, for one line and one level of nesting.
///
/// - Strong letters are left-to-right or right-to-left; digits and everything else (spaces, punctuation,
///   symbols) are weak or neutral.
/// - The line's direction is that of its first strong letter (left to right when it has none).
/// - A right-to-left run is a stretch from one right-to-left letter to the last one before the next
///   left-to-right letter (the neutrals and digits between them belong to it); in a right-to-left line the
///   neutrals at either end belong to the line's direction too. Each run is drawn reversed, its digit
///   groups kept in their order and its brackets mirrored; in a right-to-left line the runs themselves go
///   right to left.
///
/// Arabic letters keep their isolated forms (SDL_ttf here does not shape), but read in the right order.
/// Text without right-to-left letters is returned unchanged.
public enum VisualOrder {
  /// Whether `s` holds a right-to-left letter: the test that keeps the common case free.
  public static func needsReordering(_ s: String) -> Bool { s.unicodeScalars.contains(where: isRTL) }

  /// `line` in drawing order.
  public static func line(_ line: String) -> String {
    guard needsReordering(line) else { return line }
    let chars = Array(line)
    let kinds = chars.map(kind)
    let rtlLine = kinds.first { $0 == .ltr || $0 == .rtl } == .rtl
    let base: Kind = rtlLine ? .rtl : .ltr
    // Digits go the way of the letter before them (the line's way at its start); neutrals the way of
    // the strong letters on both sides when they agree (a digit counting as right to left there), the
    // line's way otherwise (and at its ends).
    var resolved = kinds
    var previous = base
    for k in resolved.indices {
      switch kinds[k] {
      case .ltr, .rtl: previous = kinds[k]
      case .digit: resolved[k] = previous == .rtl ? .rtl : .ltr
      case .neutral: break
      }
    }
    var k = 0
    while k < resolved.count {
      guard kinds[k] == .neutral else {
        k += 1
        continue
      }
      var j = k
      while j < resolved.count && kinds[j] == .neutral { j += 1 }
      let before = k == 0 ? base : resolved[k - 1]
      let after = j == resolved.count ? base : resolved[j]
      for n in k..<j { resolved[n] = before == after ? before : base }
      k = j
    }
    // Runs of one way; right-to-left runs reversed; in a right-to-left line the runs go right to left.
    var pieces: [String] = []
    var start = 0
    while start < chars.count {
      var end = start + 1
      while end < chars.count && resolved[end] == resolved[start] { end += 1 }
      pieces.append(
        resolved[start] == .rtl
          ? reversedKeepingNumbers(chars[start..<end], kinds[start..<end]) : String(chars[start..<end]))
      start = end
    }
    if rtlLine { pieces.reverse() }
    return pieces.joined()
  }

  public enum Kind { case ltr, rtl, digit, neutral }

  public static func kind(_ c: Character) -> Kind {
    guard let s = c.unicodeScalars.first else { return .neutral }
    if isRTL(s) { return .rtl }
    if s.properties.numericType != nil && s.value < 0x2000 { return .digit }
    if s.properties.isAlphabetic || c.isLetter { return .ltr }
    return .neutral
  }

  public static func isRTL(_ s: Unicode.Scalar) -> Bool {
    switch s.value {
    case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x1_0800...0x1_0FFF, 0x1_E800...0x1_EFFF:
      // Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms; but Arabic-Indic digits are
      // numbers.
      return !(0x0660...0x0669).contains(s.value) && !(0x06F0...0x06F9).contains(s.value)
    default: return false
    }
  }

  private static let mirrored: [Character: Character] = [
    "(": ")", ")": "(", "[": "]", "]": "[", "{": "}", "}": "{", "<": ">", ">": "<", "«": "»", "»": "«",
  ]

  /// A right-to-left run reversed, its digit groups (with the separators between digits) kept in order,
  /// its brackets mirrored.
  private static func reversedKeepingNumbers(_ chars: ArraySlice<Character>, _ kinds: ArraySlice<Kind>) -> String {
    var groups: [[Character]] = []
    var k = chars.startIndex
    while k < chars.endIndex {
      if kinds[k] == .digit {
        var number: [Character] = []
        while k < chars.endIndex
          && (kinds[k] == .digit
            || (".,:".contains(chars[k]) && k + 1 < chars.endIndex && kinds[k + 1] == .digit && !number.isEmpty))
        {
          number.append(chars[k])
          k += 1
        }
        groups.append(number)
      } else {
        groups.append([mirrored[chars[k]] ?? chars[k]])
        k += 1
      }
    }
    return String(groups.reversed().flatMap { $0 })
  }
}
