import CFriBidi

/// Right-to-left text (Hebrew, Arabic, Syriac, Thaana, N'Ko) put in the order it is drawn, left to right.
///
/// SDL_ttf draws characters in the order it is given them, so a line is reordered before it is drawn, by
/// Unicode's bidirectional algorithm as GNU FriBidi implements it (UAX #9): the line's direction is that of
/// its first strong letter (left to right when it has none); FriBidi resolves each character's embedding
/// level (numbers, neutrals, brackets, explicit marks), mirrors brackets in right-to-left runs and gives
/// Arabic letters their joining forms (initial, medial, final, and the lam-alef ligatures: the
/// presentation forms the fonts carry).
/// The runs are then reversed here (rule L2) over whole characters, so a character of several code points
/// (a letter with its marks, an emoji sequence) stays whole; whitespace at the end of the line takes the
/// line's own level (rule L1). Text without right-to-left letters is returned unchanged.
public enum VisualOrder {
  /// Whether `s` holds a right-to-left letter: the test that keeps the common case free.
  public static func needsReordering(_ s: String) -> Bool { s.unicodeScalars.contains(where: isRTL) }

  /// `line` in drawing order.
  public static func line(_ line: String) -> String {
    guard needsReordering(line) else { return line }
    let scalars = Array(line.unicodeScalars)
    let text = scalars.map(\.value)
    var levels = [UInt8](repeating: 0, count: text.count)
    var shaped = [UInt32](repeating: 0, count: text.count)
    var rtl: Int32 = 0
    guard touchscope_bidi_line(text, Int32(text.count), &levels, &shaped, &rtl) > 0 else { return line }
    // Whole characters, each at the level of its first code point.
    var characters: [(scalars: Range<Int>, level: UInt8)] = []
    var k = 0
    for c in line {
      let n = c.unicodeScalars.count
      characters.append((k..<k + n, levels[k]))
      k += n
    }
    // L1: whitespace at the end of the line goes back to the line's level.
    let base: UInt8 = rtl != 0 ? 1 : 0
    var end = characters.count
    while end > 0, scalars[characters[end - 1].scalars.lowerBound].properties.isWhitespace {
      end -= 1
      characters[end].level = base
    }
    // L2: from the highest level down to the lowest odd one, every run at that level or above is reversed.
    var order = Array(characters.indices)
    let highest = characters.map(\.level).max() ?? 0
    let lowestOdd = (characters.map(\.level).filter { $0 % 2 == 1 }.min()) ?? (highest + 1)
    var level = highest
    while level >= lowestOdd && level > 0 {
      var i = 0
      while i < order.count {
        guard characters[order[i]].level >= level else {
          i += 1
          continue
        }
        var j = i
        while j < order.count && characters[order[j]].level >= level { j += 1 }
        order[i..<j].reverse()
        i = j
      }
      level -= 1
    }
    var out = String.UnicodeScalarView()
    for c in order {
      // A ligature's second letter is left as U+FEFF (zero width, no glyph): dropped.
      for s in characters[c].scalars where shaped[s] != 0xFEFF || text[s] == 0xFEFF {
        if let u = Unicode.Scalar(shaped[s]) { out.append(u) }
      }
    }
    return String(out)
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
}
