import CSDL2
import Foundation
import Raster
import StudioCore
import StudioUI
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
  /// Hashed and compared by the text's UTF-8 bytes, not as `String` does (by Unicode canonical
  /// equivalence, which normalises every non-ASCII text), and the hash is worked out once, when the key is
  /// made: a dictionary compares whole keys at each slot it probes, and the stored hash settles nearly all
  /// of those at once. (Looking widths up was a tenth of building a frame.) Two spellings of one text are
  /// two keys of the same width: measured twice, never wrong.
  private struct Key: Hashable {
    let text: String
    let face: FontFace
    let size: Int
    let digest: Int

    init(text: String, face: FontFace, size: Int) {
      self.text = text
      self.face = face
      self.size = size
      // FNV-1a over the bytes, then the size and face folded in: a few nanoseconds for a label, where
      // `Hasher` took several times that (the dictionaries hash the digest again, with their seed).
      var h: UInt64 = 0xcbf2_9ce4_8422_2325
      var bytes = text
      bytes.withUTF8 { for byte in $0 { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 } }
      h = (h ^ UInt64(truncatingIfNeeded: size)) &* 0x100_0000_01b3
      switch face {
      case .regular: break
      case .bold: h = (h ^ 1) &* 0x100_0000_01b3
      case .mono: h = (h ^ 2) &* 0x100_0000_01b3
      }
      digest = Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    static func == (a: Key, b: Key) -> Bool {
      guard a.digest == b.digest, a.size == b.size, a.face == b.face, a.text.utf8.count == b.text.utf8.count
      else { return false }
      var (x, y) = (a.text, b.text)
      return x.withUTF8 { xs in
        y.withUTF8 { ys in xs.isEmpty || memcmp(xs.baseAddress!, ys.baseAddress!, xs.count) == 0 }
      }
    }

    func hash(into hasher: inout Hasher) { hasher.combine(digest) }
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
    /// The keys of `older` in the order `TextCacheFile` keeps them after what this run used: the file's
    /// (most recently used first) for widths taken from it, the dictionary's after a turnover.
    var olderOrder: [Key] = []
    /// How many widths SDL_ttf measured (not taken from `TextCacheFile`).
    var measured = 0
    /// The width last looked up in each slot (by its key's hash): a frame's thousand texts found here
    /// in a table small enough to stay in the processor's cache, where the generations above are spread
    /// over a megabyte and each lookup waited for memory.
    var front: [(key: Key, width: Double)?] = Array(repeating: nil, count: SDLTextMeasurer.frontSlots)
  }

  private let state: Mutex<State>
  /// When this many widths were measured or used, the cache turns over: those not used since the last
  /// turn are forgotten (a frame of the tour measures about a thousand texts, one of 4,000 recognizers
  /// about 12,000; memory stays bounded in long sessions).
  static let capacity = 16_384
  /// Slots of the table of recent widths (a power of two).
  static let frontSlots = 4_096

  /// A measurer with the fonts in `assetsDirectory` (the bundled DejaVu) and the system's fallback fonts.
  public init(assetsDirectory: String) throws(SDLError) {
    try SDLLibrary.startText()
    state = Mutex(State(fonts: FontLibrary(assetsDirectory: assetsDirectory)))
  }

  /// A lane of this measurer: the same widths, with a table of recent ones of its own that it reads
  /// without the lock (the lock is taken only for a text it has not looked up lately).
  public func lane() -> any TextMeasurer { Lane(self) }

  /// The recent widths of one thread (`lane()`). Used by one thread at a time (the one that asked for it,
  /// or the serial queue it was handed to), so its table needs no lock; the measurer's state is still
  /// reached through the lock.
  final class Lane: TextMeasurer, @unchecked Sendable {
    private let shared: SDLTextMeasurer
    private var front: [(key: Key, width: Double)?] = Array(repeating: nil, count: SDLTextMeasurer.laneSlots)

    fileprivate init(_ shared: SDLTextMeasurer) { self.shared = shared }

    var identity: ObjectIdentifier { shared.identity }
    /// Another thread's lane: of the measurer, never this one.
    func lane() -> any TextMeasurer { shared.lane() }

    func width(_ text: String, face: FontFace, pixelSize: Int) -> Double {
      let key = Key(text: text, face: face, size: pixelSize)
      let slot = key.digest & (SDLTextMeasurer.laneSlots - 1)
      if let recent = front[slot], recent.key == key { return recent.width }
      let width = shared.state.withLock { SDLTextMeasurer.lookUp(key, in: &$0) }
      front[slot] = (key, width)
      return width
    }
  }

  /// Slots of a lane's table of recent widths (a power of two).
  static let laneSlots = 2_048

  public func width(_ text: String, face: FontFace, pixelSize: Int) -> Double {
    let key = Key(text: text, face: face, size: pixelSize)
    let slot = key.digest & (Self.frontSlots - 1)
    return state.withLock { state in
      if let recent = state.front[slot], recent.key == key { return recent.width }
      let width = Self.lookUp(key, in: &state)
      state.front[slot] = (key, width)
      return width
    }
  }

  /// The width of `key` from the generations, measured when neither has it.
  private static func lookUp(_ key: Key, in state: inout State) -> Double {
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
      state.olderOrder = Array(state.older.keys)
      state.widths = [:]
    }
    state.widths[key] = width
    return width.width
  }

  /// Widths measured by an earlier run (`TextCacheFile`), taken as measured. They join the older
  /// generation: those this run uses move to the newer one, as a width measured now does.
  func seed(_ widths: [TextCacheFile.Width]) {
    state.withLock { state in
      let taken = widths.prefix(Self.capacity)
      state.older.reserveCapacity(state.older.count + taken.count)
      state.olderOrder.reserveCapacity(state.olderOrder.count + taken.count)
      for w in taken {
        let key = Key(text: w.key.text, face: w.key.face, size: w.key.size)
        guard state.widths[key] == nil, state.older[key] == nil else { continue }
        state.older[key] = Width(width: w.width, dejaVuOnly: true)
        state.olderOrder.append(key)
      }
    }
  }

  /// The widths of text `TextCacheFile` keeps, for the next start: those measured or used since the cache
  /// last turned over, then the older generation (what an earlier run kept and this one did not use, in
  /// its order; after a turnover, the widths of the turn before); at most `limit`.
  func keptWidths(limit: Int = TextCacheFile.startWidths) -> [TextCacheFile.Width] {
    state.withLock { state in
      var kept: [TextCacheFile.Width] = []
      func keep(_ key: Key, _ known: Width) {
        guard kept.count < limit, known.dejaVuOnly, TextCacheFile.isKept(key.text) else { return }
        kept.append(
          TextCacheFile.Width(key: TextMaskKey(text: key.text, face: key.face, size: key.size), width: known.width))
      }
      for (key, known) in state.widths { keep(key, known) }
      for key in state.olderOrder where kept.count < limit && state.widths[key] == nil {
        if let known = state.older[key] { keep(key, known) }
      }
      return kept
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
      guard let font = try? fonts.font(key.face, size: key.size) else { return (0, false) }
      if let w = monospaced(key.text, font: font) { return (w, true) }
      var w: Int32 = 0
      guard TTF_SizeUTF8(font, key.text, &w, nil) == 0 else { return (0, false) }
      return (Double(max(w, 0)), true)
    }
    // Most other texts ("gesture 2 of 4 · 1000–1430 ms", which changes every frame) are one run in
    // DejaVu too, in reading order: found scalar by scalar, sized as they are.
    if !key.text.utf8.contains(0), !VisualOrder.needsReordering(key.text),
      (try? fonts.isAllPrimary(key.text, face: key.face, size: key.size)) == true
    {
      guard let font = try? fonts.font(key.face, size: key.size) else { return (0, false) }
      if let w = monospaced(key.text, font: font) { return (w, true) }
      var w: Int32 = 0
      guard TTF_SizeUTF8(font, key.text, &w, nil) == 0 else { return (0, false) }
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
  /// The width of `text`, one run in the fixed-width `font` (DejaVu Sans Mono), without shaping it: when
  /// every character is one glyph drawn inside its own advance, the text is as wide as their count times
  /// that advance (SDL_ttf sizes a text from its first glyph's left edge to the last one's right, ink or
  /// advance, whichever is further). Nil for a proportional font, and for a text with a character that is
  /// not such a glyph (a combining mark, a format character, a wide one, one whose ink crosses its
  /// advance: "…" at 9 pixels): it is shaped as before. The same as SDL_ttf's sizing
  /// (`TextMeasurerTests`); the inspector's values ("translation 12, -3 · velocity …") change every frame,
  /// and shaping each took as long as the rest of its lookup ten times over.
  static func monospaced(_ text: String, font: OpaquePointer) -> Double? {
    guard TTF_FontFaceIsFixedWidth(font) != 0 else { return nil }
    var advance: Int32 = 0
    guard TTF_GlyphMetrics32(font, 0x30, nil, nil, nil, nil, &advance) == 0, advance > 0 else { return nil }
    var count = 0
    for scalar in text.unicodeScalars {
      guard scalar.isASCII ? scalar.value >= 0x20 && scalar.value < 0x7F : isOneAdvance(scalar) else { return nil }
      var minX: Int32 = 0
      var maxX: Int32 = 0
      var own: Int32 = 0
      guard TTF_GlyphMetrics32(font, scalar.value, &minX, &maxX, nil, nil, &own) == 0, own == advance,
        minX >= 0, maxX <= advance
      else { return nil }
      count += 1
    }
    return Double(count) * Double(advance)
  }

  /// A character that may be one glyph of its own: not a mark, a format or control character, or a wide
  /// (East Asian) one.
  private static func isOneAdvance(_ scalar: Unicode.Scalar) -> Bool {
    let p = scalar.properties
    switch p.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark, .format, .control, .surrogate, .unassigned,
      .lineSeparator, .paragraphSeparator:
      return false
    default:
      return !p.isDefaultIgnorableCodePoint && !p.isEmojiPresentation && !(0x1100...0x115F).contains(scalar.value)
        && !(0x2E80...0xFFDC).contains(scalar.value) && scalar.value < 0x1F000
    }
  }

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
