import CFontconfig
import CSDL2
import Foundation
import Raster
import StudioCore
import StudioUI
import Synchronization

/// The bundled fonts, opened lazily per face and pixel size, and the system's fonts for what they lack.
///
/// DejaVu (in `Assets/`) draws Latin, Greek, Cyrillic, Hebrew, Arabic and the symbols the panels use. A
/// character it has no glyph for (Chinese, Japanese, Korean, emoji, Thai, Devanagari …) is drawn with the
/// first of the system's fallback fonts that has one, found through fontconfig (asked in-process, as `fc-match` would) the first time
/// such a character is met: Noto Sans CJK (Simplified Chinese first), then Japanese, Korean, Traditional
/// Chinese, an emoji font, and fonts for other scripts (legibility). `make run` and `make test` install
/// `fonts-noto-cjk` and `fonts-symbola` on Debian; without them such characters are drawn as DejaVu's
/// missing-glyph box, as before.
///
/// Not Sendable: the window draws with one on its main thread, and `SDLTextMeasurer` measures with one of
/// its own behind a lock. Fonts are opened and closed one at a time in the whole process (`opening`):
/// FreeType's library, which every font shares, allows that only from one thread at a time.
final class FontLibrary {
  /// Held while a font is opened or closed, by every library.
  private static let opening = Mutex(())

  private static func close(_ font: OpaquePointer) { opening.withLock { _ in TTF_CloseFont(font) } }

  let assetsDirectory: String
  private var fonts: [FontKey: OpaquePointer] = [:]
  private var fallbackFonts: [FallbackKey: OpaquePointer] = [:]
  /// The fallback font files per face (nil until the first character DejaVu lacks).
  private var fallbackFiles: [FontFace: [FontFile]] = [:]
  /// Which font draws a character (the index in `fallbackFiles`, or -1 for DejaVu), per face.
  private var choice: [FontFace: [Unicode.Scalar: Int]] = [:]

  private struct FontKey: Hashable {
    var face: FontFace
    var size: Int
  }

  private struct FallbackKey: Hashable {
    var file: FontFile
    var size: Int
  }

  /// A font file, and the face in it (a `.ttc` collection holds several).
  struct FontFile: Hashable {
    var path: String
    var index: Int
  }

  init(assetsDirectory: String) {
    self.assetsDirectory = assetsDirectory
  }

  deinit {
    for font in fonts.values { Self.close(font) }
    for font in fallbackFonts.values { Self.close(font) }
  }

  /// The `TTF_Font*` for `face` at `size` pixels (at least 4).
  func font(_ face: FontFace, size: Int) throws(SDLError) -> OpaquePointer {
    let key = FontKey(face: face, size: max(size, 4))
    if let font = fonts[key] { return font }
    let path = assetsDirectory + "/" + face.fileName
    guard let font = Self.opening.withLock({ _ in TTF_OpenFont(path, Int32(key.size)) }) else {
      throw SDLError("TTF_OpenFont(\(path))")
    }
    fonts[key] = font
    return font
  }

  /// `text` cut into runs that one font draws each: DejaVu where it has the glyph of a character's first
  /// scalar, else the first fallback font that has it (else DejaVu, whose missing-glyph box then shows). A
  /// character's combining marks, joiners and variation selectors stay with it.
  func runs(_ text: String, face: FontFace, size: Int) throws(SDLError) -> [(font: OpaquePointer, text: String)] {
    let primary = try font(face, size: size)
    var out: [(font: OpaquePointer, text: String)] = []
    var current = -1
    var run = ""
    for c in text {
      guard let scalar = c.unicodeScalars.first else { continue }
      let index = try fontIndex(for: scalar, face: face, primary: primary)
      if index != current && !run.isEmpty {
        out.append((try font(at: current, face: face, size: size, primary: primary), run))
        run = ""
      }
      current = index
      run.append(c)
    }
    if !run.isEmpty { out.append((try font(at: current, face: face, size: size, primary: primary), run)) }
    return out
  }

  /// Whether every character of `text` is drawn in the bundled font of `face` (what `runs` would give as
  /// one run in it), looked at scalar by scalar without cutting the text into characters.
  func isAllPrimary(_ text: String, face: FontFace, size: Int) throws(SDLError) -> Bool {
    let primary = try font(face, size: size)
    for scalar in text.unicodeScalars where !scalar.isASCII {
      if try fontIndex(for: scalar, face: face, primary: primary) != -1 { return false }
    }
    return true
  }

  private func font(at index: Int, face: FontFace, size: Int, primary: OpaquePointer) throws(SDLError)
    -> OpaquePointer
  {
    guard index >= 0, let file = fallbackFiles[face]?[index] else { return primary }
    return fallbackFont(file, size: size) ?? primary
  }

  private func fontIndex(for scalar: Unicode.Scalar, face: FontFace, primary: OpaquePointer) throws(SDLError) -> Int {
    if scalar.isASCII { return -1 }
    if let known = choice[face]?[scalar] { return known }
    var index = -1
    if TTF_GlyphIsProvided32(primary, scalar.value) == 0 {
      let files = fallbacks(for: face)
      for (i, file) in files.enumerated() {
        if let font = fallbackFont(file, size: Self.measuringSize), TTF_GlyphIsProvided32(font, scalar.value) != 0 {
          index = i
          break
        }
      }
    }
    choice[face, default: [:]][scalar] = index
    return index
  }

  /// The pixel size fonts are opened at to find which font has a character's glyph.
  private static let measuringSize = 100

  private func fallbackFont(_ file: FontFile, size: Int) -> OpaquePointer? {
    let key = FallbackKey(file: file, size: max(size, 4))
    if let font = fallbackFonts[key] { return font }
    guard let font = Self.opening.withLock({ _ in TTF_OpenFontIndex(file.path, Int32(key.size), file.index) }) else {
      return nil
    }
    fallbackFonts[key] = font
    return font
  }

  /// The fallback fonts for `face`, asked of fontconfig once.
  private func fallbacks(for face: FontFace) -> [FontFile] {
    if let files = fallbackFiles[face] { return files }
    let bold = face == .bold
    // Asked once per process: the drawing and the measuring libraries share the answer.
    let files = Self.askedFallbacks.withLock { $0[bold] } ?? Self.systemFallbacks(bold: bold)
    Self.askedFallbacks.withLock { $0[bold] = files }
    fallbackFiles[face] = files
    return files
  }

  /// The fallback fonts fontconfig gave, for bold (true) and other faces.
  private static let askedFallbacks = Mutex<[Bool: [FontFile]]>([:])

  /// The patterns asked of fontconfig, in order: Simplified Chinese first (the readers this tool grew
  /// for), the other CJK languages, emoji, then other scripts DejaVu lacks.
  static let fallbackPatterns = [
    "sans-serif:lang=zh-cn", "sans-serif:lang=ja", "sans-serif:lang=ko", "sans-serif:lang=zh-tw", "Symbola",
    "emoji", "sans-serif:lang=th", "sans-serif:lang=hi", "sans-serif:lang=bn", "sans-serif:lang=ta",
  ]

  /// The fonts fontconfig matches for `fallbackPatterns` (each file and face once, DejaVu left out).
  static func systemFallbacks(bold: Bool) -> [FontFile] {
    var out: [FontFile] = []
    for pattern in fallbackPatterns {
      guard let line = fcMatch(pattern + (bold ? ":weight=bold" : "")) else { continue }
      let parts = line.split(separator: "|", omittingEmptySubsequences: false)
      guard parts.count == 2, let index = Int(parts[1]), !parts[0].isEmpty else { continue }
      let file = FontFile(path: String(parts[0]), index: index)
      guard !file.path.contains("DejaVu"), !out.contains(file) else { continue }
      out.append(file)
    }
    return out
  }

  /// fontconfig's best font for `pattern` (what `fc-match PATTERN` prints), as `FILE|INDEX`; nil when
  /// fontconfig has no answer. Asked in-process: the configuration is loaded once (tens of milliseconds), then
  /// each match takes well under a millisecond, where an `fc-match` process cost about 50 ms each.
  static func fcMatch(_ pattern: String) -> String? {
    fontconfig.withLock { ready -> String? in
      if !ready {
        guard FcInit() != 0 else { return nil }
        ready = true
      }
      guard let pat = FcNameParse(pattern) else { return nil }
      defer { FcPatternDestroy(pat) }
      guard FcConfigSubstitute(nil, pat, FcMatchPattern) != 0 else { return nil }
      FcDefaultSubstitute(pat)
      var result = FcResultNoMatch
      guard let match = FcFontMatch(nil, pat, &result) else { return nil }
      defer { FcPatternDestroy(match) }
      var file: UnsafeMutablePointer<FcChar8>?
      guard FcPatternGetString(match, "file", 0, &file) == FcResultMatch, let file else { return nil }
      var index: Int32 = 0
      if FcPatternGetInteger(match, "index", 0, &index) != FcResultMatch { index = 0 }
      return String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self)) + "|\(index)"
    }
  }

  /// fontconfig is used by one thread at a time (the drawing and the measuring libraries may ask at once);
  /// the value says whether it was initialised.
  private static let fontconfig = Mutex(false)
}
