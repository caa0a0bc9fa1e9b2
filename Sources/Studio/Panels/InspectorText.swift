import TouchSim

/// Text measurement for the inspector's layout: widths, truncation with "…", wrapping.
///
/// The renderer measures exactly, but panels only produce draw commands, so layout needs its own
/// estimate. These are the advance widths of the bundled DejaVu fonts (per mille of the font size, ASCII
/// 32...126, measured with SDL_ttf), plus a small margin for hinting at small sizes: text laid out with
/// them stays inside the box it was given.
enum InspectorText {
  private static let regular: [UInt16] = [
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636, 636, 636, 636,
    636, 636, 636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656,
    557, 863, 748, 787, 603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500, 500, 613,
    635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818,
    592, 592, 525, 636, 337, 636, 838,
  ]
  private static let bold: [UInt16] = [
    348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696, 696, 696, 696, 696,
    696, 696, 696, 696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775,
    637, 995, 837, 850, 733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500, 500, 675,
    716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493, 595, 478, 712, 652, 924,
    645, 652, 582, 712, 365, 712, 838,
  ]
  /// Symbols the inspector uses outside ASCII (same width in both proportional faces).
  private static let symbols: [Character: UInt16] = [
    "✓": 838, "✗": 838, "═": 622, "⊘": 838, "…": 1000, "→": 838, "●": 873, "○": 873, "▸": 502, "▾": 502,
    "⚡": 702, "↻": 838, "×": 838, "·": 350, "α": 687, "≥": 838, "—": 1000, "–": 500, "↺": 838, "←": 838,
  ]

  /// Width in pixels of `text` in `face` at `size` pixels.
  static func width(_ text: String, size: Double, face: FontFace = .regular) -> Double {
    if face == .mono { return Double(text.count) * size * 0.602 * 1.02 }
    let table = face == .bold ? bold : regular
    var perMille = 0
    for ch in text {
      if let a = ch.asciiValue, a >= 32, a < 127 {
        perMille += Int(table[Int(a) - 32])
      } else {
        perMille += Int(symbols[ch] ?? 900)
      }
    }
    return Double(perMille) / 1000 * size * 1.03 + 1
  }

  static func width(_ text: String, _ style: TextStyle) -> Double { width(text, size: style.size, face: style.face) }

  /// `text`, shortened with a trailing "…" so it is at most `maxWidth` pixels wide ("" if not even "…" fits).
  static func truncate(_ text: String, _ maxWidth: Double, size: Double, face: FontFace = .regular) -> String {
    let maxWidth = maxWidth + 0.01  // rounding in the callers' arithmetic
    if width(text, size: size, face: face) <= maxWidth { return text }
    if width("…", size: size, face: face) > maxWidth { return "" }
    var chars = Array(text)
    while !chars.isEmpty {
      chars.removeLast()
      let candidate = String(chars).trimmingTrailingSpaces() + "…"
      if width(candidate, size: size, face: face) <= maxWidth { return candidate }
    }
    return "…"
  }

  static func truncate(_ text: String, _ maxWidth: Double, _ style: TextStyle) -> String {
    truncate(text, maxWidth, size: style.size, face: style.face)
  }

  /// `text` broken into at most `maxLines` lines of at most `maxWidth` pixels (the last one truncated).
  static func wrap(_ text: String, _ maxWidth: Double, _ style: TextStyle, maxLines: Int) -> [String] {
    guard maxLines > 0 else { return [] }
    var lines: [String] = []
    var current = ""
    let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    var i = 0
    while i < words.count {
      let candidate = current.isEmpty ? words[i] : current + " " + words[i]
      if width(candidate, style) <= maxWidth || current.isEmpty {
        current = candidate
        i += 1
        continue
      }
      if lines.count == maxLines - 1 { break }
      lines.append(current)
      current = ""
    }
    if i < words.count { current += " " + words[i...].joined(separator: " ") }
    lines.append(current)
    return lines.enumerated().map { n, line in
      n == lines.count - 1 || width(line, style) > maxWidth ? truncate(line, maxWidth, style) : line
    }
  }
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    var s = self
    while s.last == " " { s.removeLast() }
    return s
  }
}

/// Small numeric formatting for the inspector (whole numbers without decimals).
enum InspectorFormat {
  static func number(_ v: Double, decimals: Int = 0) -> String {
    guard v.isFinite else { return "–" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let r = (v * scale).rounded() / scale
    if r == r.rounded() { return String(Int(r)) }
    return JSONNumber.format(r)
  }

  static func point(_ p: Point) -> String { "\(number(p.x)), \(number(p.y))" }

  /// The values an action handler would read, in a short line ("translation 12, 0 · velocity 300, 0").
  static func values(_ v: ActionValues, kind: RecognizerKind) -> String {
    var parts: [String] = []
    if let t = v.translation { parts.append("translation \(point(t))") }
    if let s = v.scale { parts.append("scale \(number(s, decimals: 2))") }
    if let r = v.rotation { parts.append("rotation \(number(r, decimals: 2)) rad") }
    if let d = v.direction { parts.append("direction \(d.rawValue)") }
    if let vel = v.velocity { parts.append("velocity \(point(vel))") }
    if let sv = v.scalarVelocity { parts.append("velocity \(number(sv, decimals: 2))") }
    parts.append("at \(point(v.location))")
    return parts.joined(separator: " · ")
  }
}
