import CSDL2
import Raster
import StudioCore
import StudioUI

/// Rendered text as coverage masks, keyed by string, face and size (not colour), so unchanged text is
/// rasterised once and then only blitted, in any colour.
///
/// SDL_ttf renders each string once, white with its coverage in the alpha channel, and the alpha is kept.
/// Entries not used for `maxIdleFrames` frames are dropped at the end of a frame. Not Sendable: main actor
/// only.
final class TextMaskCache {
  private final class Entry {
    let mask: TextMask
    var lastUsed: Int
    /// Drawn or used by this run (a mask taken from `TextCacheFile` and not used yet is not).
    var used: Bool

    init(mask: TextMask, lastUsed: Int, used: Bool = true) {
      self.mask = mask
      self.lastUsed = lastUsed
      self.used = used
    }
  }

  private let fonts: FontLibrary
  private var entries: [TextMaskKey: Entry] = [:]
  /// Texts drawn in the bundled DejaVu alone (no fallback font), which `TextCacheFile` may keep.
  private var dejaVuOnly: Set<TextMaskKey> = []
  /// The masks taken from `TextCacheFile`, in the file's order (most recently used first).
  private var seeded: [TextMaskKey] = []
  /// Scratch for `endFrame`.
  private var stale: [TextMaskKey] = []
  private var frame = 0
  let maxIdleFrames: Int
  /// How many masks were rasterised so far (for tests and the benchmark).
  private(set) var masksCreated = 0

  init(fonts: FontLibrary, maxIdleFrames: Int = 120) {
    self.fonts = fonts
    self.maxIdleFrames = maxIdleFrames
  }

  /// How many masks are cached.
  var count: Int { entries.count }

  /// The mask for `key`, rasterised on first use (nil for empty text).
  func mask(_ key: TextMaskKey) throws(SDLError) -> TextMask? {
    guard !key.text.isEmpty else { return nil }
    if let entry = entries[key] {
      entry.lastUsed = frame
      entry.used = true
      return entry.mask
    }
    let mask = try render(key)
    masksCreated += 1
    entries[key] = Entry(mask: mask, lastUsed: frame)
    return mask
  }

  /// Masks drawn by an earlier run (`TextCacheFile`), kept as if drawn now.
  func seed(_ masks: [TextCacheFile.Mask]) {
    for m in masks where entries[m.key] == nil {
      entries[m.key] = Entry(mask: m.mask, lastUsed: frame, used: false)
      dejaVuOnly.insert(m.key)
      seeded.append(m.key)
    }
  }

  /// The masks of text `TextCacheFile` keeps, for the next start: those drawn or used by this run, then
  /// those an earlier run kept and this one did not use, in their order; at most `limit` of them and
  /// `bytes` of coverage (a mask that would go over it is left out).
  func keptMasks(limit: Int = TextCacheFile.startMasks, bytes: Int = TextCacheFile.startMaskBytes)
    -> [TextCacheFile.Mask]
  {
    var kept: [TextCacheFile.Mask] = []
    var total = 0
    func keep(_ key: TextMaskKey, _ entry: Entry) {
      let size = entry.mask.coverage.count
      guard kept.count < limit, total + size <= bytes, dejaVuOnly.contains(key), TextCacheFile.isKept(key.text)
      else { return }
      kept.append(TextCacheFile.Mask(key: key, mask: entry.mask))
      total += size
    }
    for (key, entry) in entries where entry.used { keep(key, entry) }
    for key in seeded where kept.count < limit {
      if let entry = entries[key], !entry.used { keep(key, entry) }
    }
    return kept
  }

  /// Ends a frame: drops masks idle for too long.
  func endFrame() {
    frame += 1
    stale.removeAll(keepingCapacity: true)
    for (key, entry) in entries where frame - entry.lastUsed > maxIdleFrames { stale.append(key) }
    for key in stale {
      entries[key] = nil
      dejaVuOnly.remove(key)
    }
  }

  /// Rasterises `key` with SDL_ttf and keeps the alpha channel.
  ///
  /// Whatever the text, this never fails because of it (hostile input): SDL_ttf takes a C string, which ends at
  /// the first NUL, so NULs are left out (the rest of the text is drawn); and text SDL_ttf cannot draw (made
  /// only of zero-width characters, such as U+200B, U+200D, U+00AD or U+FE0F: "Text has zero width") is
  /// drawn as nothing, an empty mask. Only a font that cannot be opened is an error.
  ///
  /// Text in several fonts (DejaVu and a fallback for Chinese, emoji …: `FontLibrary.runs`) is drawn run by
  /// run, each on DejaVu's baseline, into a mask of DejaVu's line height (legibility).
  private func render(_ key: TextMaskKey) throws(SDLError) -> TextMask {
    // Right-to-left letters in reading order (SDL_ttf draws in the order it is given).
    let text = VisualOrder.line(Self.drawable(key.text))
    guard !text.isEmpty else { return TextMask(width: 0, height: 0, coverage: []) }
    let primary = try fonts.font(key.face, size: key.size)
    let runs = try fonts.runs(text, face: key.face, size: key.size)
    if runs.allSatisfy({ $0.font == primary }) { dejaVuOnly.insert(key) }
    if runs.count == 1 && runs[0].font == primary { return Self.mask(text, font: primary) }
    let parts = runs.map { run in
      (mask: Self.mask(run.text, font: run.font), ascent: Int(TTF_FontAscent(run.font)), primary: run.font == primary)
    }
    let baseline = Int(TTF_FontAscent(primary))
    // As tall as DejaVu alone would draw it: SDL_ttf's surface may pass the font's height for a glyph that
    // reaches lower (the underscore at some sizes), and that row must not be cut.
    let height = parts.filter(\.primary).reduce(Int(TTF_FontHeight(primary))) { max($0, $1.mask.height) }
    let width = parts.reduce(0) { $0 + $1.mask.width }
    guard width > 0, height > 0 else { return TextMask(width: 0, height: 0, coverage: []) }
    var coverage = [UInt8](repeating: 0, count: width * height)
    var x0 = 0
    for part in parts {
      let m = part.mask
      // The run's baseline on DejaVu's: rows above the top or below the bottom are cut.
      let dy = baseline - part.ascent
      for y in 0..<m.height {
        let ty = y + dy
        guard ty >= 0, ty < height else { continue }
        for x in 0..<m.width {
          let v = m.coverage[y * m.width + x]
          if v > coverage[ty * width + x0 + x] { coverage[ty * width + x0 + x] = v }
        }
      }
      x0 += m.width
    }
    return TextMask(width: width, height: height, coverage: coverage)
  }

  /// One run drawn in one font, white, its coverage kept (an empty mask for text of zero width).
  private static func mask(_ text: String, font: OpaquePointer) -> TextMask {
    let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
    guard !text.isEmpty, let rendered = TTF_RenderUTF8_Blended(font, text, white) else {
      return TextMask(width: 0, height: 0, coverage: [])
    }
    defer { SDL_FreeSurface(rendered) }
    var surface = rendered
    var converted: UnsafeMutablePointer<SDL_Surface>?
    if surface.pointee.format.pointee.format != SDL_PIXELFORMAT_ARGB8888.rawValue {
      guard let argb = SDL_ConvertSurfaceFormat(rendered, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
        return TextMask(width: 0, height: 0, coverage: [])
      }
      converted = argb
      surface = argb
    }
    defer { if let converted { SDL_FreeSurface(converted) } }
    let width = Int(surface.pointee.w)
    let height = Int(surface.pointee.h)
    let pitch = Int(surface.pointee.pitch)
    let mustLock = TS_MustLock(surface) != 0
    if mustLock { SDL_LockSurface(surface) }
    defer { if mustLock { SDL_UnlockSurface(surface) } }
    guard let base = surface.pointee.pixels.map(UnsafeRawPointer.init) else {
      return TextMask(width: 0, height: 0, coverage: [])
    }
    let coverage = [UInt8](unsafeUninitializedCapacity: width * height) { out, initialized in
      for y in 0..<height {
        let row = base + y * pitch
        for x in 0..<width { out[y * width + x] = UInt8(row.load(fromByteOffset: x * 4, as: UInt32.self) >> 24) }
      }
      initialized = width * height
    }
    return TextMask(width: width, height: height, coverage: coverage)
  }

  /// `text` as SDL_ttf can take it: without NULs (a C string would end at the first one).
  static func drawable(_ text: String) -> String {
    guard text.utf8.contains(0) else { return text }
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: text.unicodeScalars.lazy.filter { $0.value != 0 })
    return String(scalars)
  }
}
