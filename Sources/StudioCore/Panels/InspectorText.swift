import Geometry
import Localization
import Raster
import StudioUI
import Synchronization
import TouchSim

/// Text measurement for the inspector's layout: widths, truncation with "…", wrapping.
///
/// Panels only produce draw commands; layout measures with `TextMetrics` (in the window, the fonts that
/// draw the text; in tests, the bundled DejaVu fonts' fixed advance widths).
enum InspectorText {
  /// Width in pixels of `text` in `face` at `size` pixels: the shared metrics, with a small margin for
  /// hinting at small sizes so text laid out with it stays inside its box.
  static func width(_ text: String, size: Double, face: FontFace = .regular) -> Double {
    TextMetrics.width(text, size: size, face: face) * 1.03 + 1
  }

  static func width(_ text: String, _ style: TextStyle) -> Double { width(text, size: style.size, face: style.face) }

  /// `text`, shortened with a trailing "…" so it is at most `maxWidth` pixels wide ("" if not even "…" fits).
  static func truncate(_ text: String, _ maxWidth: Double, size: Double, face: FontFace = .regular) -> String {
    // A shortened text measures a new prefix at every step of its search: the answers are kept (a pure
    // function of the text, the width, the font and the measurer), as a frame truncates the same texts
    // as the frame before.
    // Past what the width can show, a text is never measured nor kept (a huge label costs what a long
    // one does).
    let visible = TextMetrics.cut(text, after: TextMetrics.visibleLimit(width: maxWidth + 0.01, size: size))
    let measurer = TextMetrics.measurer
    let key = Truncation(text: visible, maxWidth: maxWidth, size: size, face: face, measurer: measurer.identity)
    if let known = truncations.withLock({ $0.shown[key] }) { return known }
    let shown = truncated(visible, maxWidth, size: size, face: face)
    truncations.withLock { kept in
      if kept.shown.count >= 4096 { kept = Truncations() }
      kept.shown[key] = shown
      // A measurer object is held while answers measured with it are kept, so that no other one can
      // come to have its identity (its address).
      if type(of: measurer) is AnyClass { kept.measurers[key.measurer] = measurer }
    }
    return shown
  }

  private struct Truncations {
    var shown: [Truncation: String] = [:]
    var measurers: [ObjectIdentifier: any TextMeasurer] = [:]
  }

  /// Texts compared by their bytes, as the measurer keys them: two spellings of one character (a
  /// precomposed "é" and "e" with a combining accent) are equal `String`s that may measure differently.
  private struct Truncation: Hashable {
    var text: String
    var maxWidth: Double
    var size: Double
    var face: FontFace
    var measurer: ObjectIdentifier

    static func == (a: Self, b: Self) -> Bool {
      a.maxWidth == b.maxWidth && a.size == b.size && a.face == b.face && a.measurer == b.measurer
        && a.text.utf8.elementsEqual(b.text.utf8)
    }

    func hash(into h: inout Hasher) {
      h.combine(maxWidth)
      h.combine(size)
      h.combine(face)
      h.combine(measurer)
      var bytes = text
      bytes.withUTF8 { h.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
  }
  private static let truncations = Mutex(Truncations())

  /// `text` (already cut to what the width can show) shortened to `maxWidth`.
  private static func truncated(_ text: String, _ maxWidth: Double, size: Double, face: FontFace) -> String {
    let maxWidth = maxWidth + 0.01  // rounding in the callers' arithmetic
    let whole = width(text, size: size, face: face)
    if whole <= maxWidth { return text }
    if width("…", size: size, face: face) > maxWidth { return "" }
    // The longest prefix (trailing spaces trimmed) that fits with "…", measured as drawn (a longer prefix
    // is never narrower). The search starts where the text's average character would run out, steps away
    // from there doubling its step until the answer is bracketed, then halves: a text that changes every
    // frame (a pan's translation) is measured three or four times, not once per halving of its length.
    let ends = Array(text.indices.dropFirst()) + [text.endIndex]
    func fits(_ k: Int) -> Bool { width(shortened(text, ends, k), size: size, face: face) <= maxWidth }
    var fitting = 0
    var tooLong = ends.count
    let guess = min(max(Int(Double(ends.count) * maxWidth / max(whole, 1)), 1), ends.count - 1)
    var step = 1
    if guess > 0 && fits(guess) {
      fitting = guess
      while fitting + step < tooLong {
        if fits(fitting + step) {
          fitting += step
          step *= 2
        } else {
          tooLong = fitting + step
          break
        }
      }
    } else {
      tooLong = guess
      while tooLong - step > fitting {
        if fits(tooLong - step) {
          fitting = tooLong - step
          break
        }
        tooLong -= step
        step *= 2
      }
    }
    while tooLong - fitting > 1 {
      let mid = (fitting + tooLong) / 2
      if fits(mid) { fitting = mid } else { tooLong = mid }
    }
    return shortened(text, ends, fitting)
  }

  /// The first `k` characters of `text` (`ends[i]` is where character `i` ends), trailing spaces
  /// trimmed, and "…".
  private static func shortened(_ text: String, _ ends: [String.Index], _ k: Int) -> String {
    var m = k
    while m > 0 && text[m >= 2 ? ends[m - 2] : text.startIndex] == " " { m -= 1 }
    return (m == 0 ? "" : String(text[..<ends[m - 1]])) + "…"
  }

  static func truncate(_ text: String, _ maxWidth: Double, _ style: TextStyle) -> String {
    truncate(text, maxWidth, size: style.size, face: style.face)
  }

  /// `text` broken into at most `maxLines` lines of at most `maxWidth` pixels (the last one truncated).
  static func wrap(_ text: String, _ maxWidth: Double, _ style: TextStyle, maxLines: Int) -> [String] {
    guard maxLines > 0 else { return [] }
    let text = TextMetrics.cut(
      text, after: TextMetrics.visibleLimit(width: maxWidth, size: style.size, lines: maxLines))
    if text.unicodeScalars.contains(where: TextMetrics.isWide) {
      return wrapWide(text, maxWidth, style, maxLines: maxLines)
    }
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

extension InspectorText {
  /// Chinese text broken between any two characters (a run of Latin letters, digits and symbols stays
  /// whole; closing punctuation stays with the character before it), the last line truncated.
  fileprivate static func wrapWide(_ text: String, _ maxWidth: Double, _ style: TextStyle, maxLines: Int) -> [String] {
    let closing: Set<Character> = ["，", "。", "、", "：", "；", "！", "？", "）", "」", "》", ",", ".", ":", ";", ")"]
    let opening: Set<Character> = ["（", "「", "《"]
    // Pieces that are never broken: a wide character with the closing punctuation after it, or a run of
    // other characters; each with the spaces before it.
    var pieces: [String] = []
    var current = ""
    var lastWide = false
    for c in text {
      let wide = c.unicodeScalars.first.map(TextMetrics.isWide) ?? false
      if c == " " {
        if !current.isEmpty && current.last != " " && !current.allSatisfy({ $0 == " " }) {
          pieces.append(current)
          current = ""
        }
        current.append(c)
        lastWide = false
        continue
      }
      let startsPiece =
        !current.isEmpty && !current.allSatisfy({ $0 == " " }) && !closing.contains(c)
        && (wide || lastWide) && !opening.contains(current.last!)
      if startsPiece {
        pieces.append(current)
        current = ""
      }
      current.append(c)
      lastWide = wide
    }
    if !current.isEmpty { pieces.append(current) }
    var lines: [String] = []
    var line = ""
    var rest = pieces[...]
    while let piece = rest.first {
      let candidate = line + piece
      if line.isEmpty || width(candidate.trimmingTrailingSpaces(), style) <= maxWidth {
        line = line.isEmpty ? String(piece.drop { $0 == " " }) : candidate
        rest = rest.dropFirst()
        continue
      }
      if lines.count == maxLines - 1 { break }
      lines.append(line.trimmingTrailingSpaces())
      line = ""
    }
    if !rest.isEmpty { line += rest.joined() }
    lines.append(line.trimmingTrailingSpaces())
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
  static func values(_ v: ActionValues, kind: RecognizerKind, _ l: Language = .english) -> String {
    var parts: [String] = []
    if let t = v.translation { parts.append("translation \(point(t))") }
    if let s = v.scale { parts.append("scale \(number(s, decimals: 2))") }
    if let r = v.rotation { parts.append("rotation \(number(r, decimals: 2)) rad") }
    if let d = v.direction { parts.append("direction \(d.rawValue)") }
    if let vel = v.velocity { parts.append("velocity \(point(vel))") }
    if let sv = v.scalarVelocity { parts.append("velocity \(number(sv, decimals: 2))") }
    parts.append(l("at \(point(v.location))", "位置 \(point(v.location))"))
    return parts.joined(separator: " · ")
  }
}
