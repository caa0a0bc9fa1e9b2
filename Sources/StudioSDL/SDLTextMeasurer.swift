import CSDL2
import Raster
import StudioCore
import Synchronization

/// Text measured with the fonts that draw it: SDL_ttf's width of the text as `TextMaskCache`
/// draws it (hinted advances, and kerning where SDL_ttf applies it), each run in the font that draws it (DejaVu or a fallback, as
/// `FontLibrary.runs` cuts it), so a panel's text is exactly as wide as the panel reserved for it.
///
/// The model measures on its own thread while the window draws on the main one, so the measurer has a
/// `FontLibrary` of its own (SDL_ttf fonts cache glyphs as they are used: one font is never used by two
/// threads), and its state is behind a lock. Widths are cached per text, face and pixel size, so laying out
/// an unchanged panel asks SDL_ttf nothing.
public final class SDLTextMeasurer: TextMeasurer {
  private struct Key: Hashable {
    var text: String
    var face: FontFace
    var size: Int
  }

  private struct Width {
    var width: Double
    /// Measured in the bundled DejaVu alone (no fallback font), so `TextCacheFile` may keep it.
    var dejaVuOnly: Bool
  }

  private struct State {
    let fonts: FontLibrary
    /// The widths measured or used since the cache last turned over, and those from before that. Whether
    /// a text is DejaVu alone lives beside its width, so it is forgotten with it (a set of its own grew
    /// for as long as the window ran: 12 MB over three hours of live input).
    var widths: [Key: Width] = [:]
    var older: [Key: Width] = [:]
    /// How many widths SDL_ttf measured (not taken from `TextCacheFile`).
    var measured = 0
  }

  private let state: Mutex<State>
  /// When this many widths were measured or used, the cache turns over: those not used since the last
  /// turn are forgotten (a frame of the tour measures about a thousand texts, one of 4,000 recognizers
  /// about 12,000; memory stays bounded in long sessions).
  static let capacity = 16_384

  /// A measurer with the fonts in `assetsDirectory` (the bundled DejaVu) and the system's fallback fonts.
  public init(assetsDirectory: String) throws(SDLError) {
    try SDLLibrary.startText()
    state = Mutex(State(fonts: FontLibrary(assetsDirectory: assetsDirectory)))
  }

  public func width(_ text: String, face: FontFace, pixelSize: Int) -> Double {
    let key = Key(text: text, face: face, size: pixelSize)
    return state.withLock { state in
      if let known = state.widths[key] { return known.width }
      let width: Width
      if let old = state.older[key] {
        width = old
      } else {
        let measured = Self.measure(key, fonts: state.fonts)
        width = Width(width: measured.width, dejaVuOnly: measured.dejaVuOnly)
        state.measured += 1
      }
      if state.widths.count >= Self.capacity {
        state.older = state.widths
        state.widths = [:]
      }
      state.widths[key] = width
      return width.width
    }
  }

  /// Widths measured by an earlier run (`TextCacheFile`), taken as measured.
  func seed(_ widths: [TextCacheFile.Width]) {
    state.withLock { state in
      for w in widths.prefix(Self.capacity) {
        let key = Key(text: w.key.text, face: w.key.face, size: w.key.size)
        state.widths[key] = Width(width: w.width, dejaVuOnly: true)
      }
    }
  }

  /// The widths known now of text `TextCacheFile` keeps.
  func keptWidths() -> [TextCacheFile.Width] {
    state.withLock { state in
      state.widths.merging(state.older) { a, _ in a }.compactMap { key, known in
        known.dejaVuOnly && TextCacheFile.isKept(key.text)
          ? TextCacheFile.Width(key: TextMaskKey(text: key.text, face: key.face, size: key.size), width: known.width)
          : nil
      }
    }
  }

  /// How many widths SDL_ttf measured so far (those taken from `TextCacheFile` not counted).
  var measuredCount: Int { state.withLock { $0.measured } }

  /// How many widths are cached (for tests).
  var cachedCount: Int { state.withLock { $0.widths.count + $0.older.count } }

  /// The width of the mask `TextMaskCache` draws for the text: the same text (reordered for right-to-left
  /// letters, without NULs), cut into the same runs, each as wide as SDL_ttf sizes it (which is the width
  /// of the surface it renders).
  private static func measure(_ key: Key, fonts: FontLibrary) -> (width: Double, dejaVuOnly: Bool) {
    // Printable ASCII (most texts) is one run in DejaVu, in reading order: sized as it is.
    if key.text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
      var w: Int32 = 0
      guard let font = try? fonts.font(key.face, size: key.size), TTF_SizeUTF8(font, key.text, &w, nil) == 0
      else { return (0, false) }
      return (Double(max(w, 0)), true)
    }
    let text = VisualOrder.line(TextMaskCache.drawable(key.text))
    guard !text.isEmpty, let runs = try? fonts.runs(text, face: key.face, size: key.size) else { return (0, false) }
    let primary = try? fonts.font(key.face, size: key.size)
    var total: Int32 = 0
    for run in runs {
      var w: Int32 = 0
      // Text of zero width (only joiners, marks …) is an error to SDL_ttf, and drawn as nothing.
      if TTF_SizeUTF8(run.font, run.text, &w, nil) == 0 { total += max(w, 0) }
    }
    return (Double(total), runs.allSatisfy { $0.font == primary })
  }
}

extension SDLTextMeasurer {
  /// One measurer per assets folder for the whole process (headless renders, the benchmark), so its
  /// cached widths and opened fonts serve every render.
  public static func shared(assetsDirectory: String) throws(SDLError) -> SDLTextMeasurer {
    if let known = sharedMeasurers.withLock({ $0[assetsDirectory] }) { return known }
    let made = try SDLTextMeasurer(assetsDirectory: assetsDirectory)
    return sharedMeasurers.withLock { measurers in
      if let known = measurers[assetsDirectory] { return known }
      measurers[assetsDirectory] = made
      return made
    }
  }

  private static let sharedMeasurers = Mutex<[String: SDLTextMeasurer]>([:])
}
