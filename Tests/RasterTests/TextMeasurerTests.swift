import CSDL2
import Foundation
import Geometry
import Localization
import SceneFile
import StudioUI
import TestSupport
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore
@testable import StudioSDL

/// The window measures text with the font that draws it. `SDLTextMeasurer` asks SDL_ttf
/// (kerning and fallback fonts included) for the width of exactly what `TextMaskCache` draws, and panels
/// laid out with it never draw text past the box they fitted it in. SDL_ttf is process-wide: these run one
/// at a time on the main actor, as RasterSDLTests do.
@Suite(.serialized) @MainActor struct TextMeasurerTests {
  init() { SDLLibrary.preferVideoDriver("dummy") }

  private func measurer() throws -> SDLTextMeasurer {
    try SDLTextMeasurer(assetsDirectory: try ResourceLocator.assetsDirectory())
  }

  private func masks() throws -> TextMaskCache {
    try SDLLibrary.startText()
    return TextMaskCache(fonts: FontLibrary(assetsDirectory: try ResourceLocator.assetsDirectory()))
  }

  /// Kerning pairs (AV, VA, AT, TA, Wa, To, Yo), Chinese, and text mixing DejaVu with the fallback fonts.
  static let texts = [
    "AVATAR Wave", "To", "Yo, WAVE", "LTA", "购买按钮", "手势冲突：按钮（规则 A-12）", "Tap 购买 👆 AV",
    "`pan` 的 UIPanGestureRecognizer", "a\u{0301}b", "\u{200B}",
    // Not ASCII, but all in DejaVu: measured as one run without cutting them into characters.
    "gesture 2 of 4 · 1000–1430 ms", "✓ recognized → began", "▮◀ Back", "e\u{0301}te\u{0301}", "a\u{0}b · c",
  ]

  @Test(arguments: [FontFace.regular, .bold, .mono])
  func theMeasuredWidthIsTheWidthOfTheDrawnMask(face: FontFace) throws {
    let measure = try measurer()
    let cache = try masks()
    for text in Self.texts {
      for size in [9, 11, 13, 16, 20, 26, 32] {
        let width = measure.width(text, face: face, pixelSize: size)
        let mask = try cache.mask(TextMaskKey(text: text, face: face, size: size))
        let drawn = Double(mask?.width ?? 0)
        #expect(abs(width - drawn) <= 1, "'\(text)' \(face) at \(size): measured \(width), drawn \(drawn)")
      }
    }
  }

  /// The fixed stand-in is not how text is drawn: hinting rounds each glyph's advance its own way at each
  /// size ("AVATAR Wave" is 144 pixels wide at 20, not the table's 146), and the emoji font draws 👆 much
  /// narrower than an em. The measurer has the drawn widths (checked against the masks above).
  @Test func theMeasurerHasWhatTheStandInMisses() throws {
    let measure = try measurer()
    let fixed = FixedTextMeasurer()
    let cache = try masks()
    var differ = 0
    for text in ["AVATAR Wave", "👆", "Tap 购买 👆 AV"] {
      let drawn = Double(try #require(try cache.mask(TextMaskKey(text: text, face: .regular, size: 20))).width)
      #expect(measure.width(text, face: .regular, pixelSize: 20) == drawn)
      if abs(fixed.width(text, face: .regular, pixelSize: 20) - drawn) >= 2 { differ += 1 }
    }
    #expect(differ >= 2)
    // Each width is asked of SDL_ttf once: the second time it comes from the cache.
    let cached = measure.cachedCount
    #expect(measure.width("AVATAR Wave", face: .regular, pixelSize: 20) == 144)
    #expect(measure.cachedCount == cached)
  }

  /// The table of recent widths is keyed by the whole key: texts whose slots collide, the same text in
  /// another face or size, and two spellings of one text (composed and not) each get their own width.
  @Test func recentWidthsAreKeyedByTheWholeKey() throws {
    let measure = try measurer()
    let fresh = try measurer()
    var texts = (0..<(SDLTextMeasurer.frontSlots * 3)).map { "label \($0) · t" }
    texts += ["\u{00E9}t\u{00E9}", "e\u{0301}te\u{0301}", "WWW", "iii"]
    let keys = texts.flatMap { text in [(text, FontFace.regular, 13), (text, .bold, 13), (text, .regular, 20)] }
    // The other measurer asks in the opposite order, so its slots are filled the other way round: a
    // width taken from a colliding slot would differ.
    var expected: [Double] = []
    for (text, face, size) in keys.reversed() { expected.append(fresh.width(text, face: face, pixelSize: size)) }
    expected.reverse()
    for _ in 0..<2 {
      for (i, (text, face, size)) in keys.enumerated() {
        #expect(measure.width(text, face: face, pixelSize: size) == expected[i], "\(text) \(face) \(size)")
      }
    }
    #expect(measure.width("WWW", face: .regular, pixelSize: 13) > measure.width("iii", face: .regular, pixelSize: 13))
  }

  /// A long session measures ever new texts (times, positions): the cache keeps at most two turns of them.
  @Test func theCacheStaysBounded() throws {
    let measure = try measurer()
    for i in 0..<(SDLTextMeasurer.capacity * 2 + 100) { _ = measure.width("at \(i) ms", face: .regular, pixelSize: 13) }
    #expect(measure.cachedCount <= SDLTextMeasurer.capacity * 2)
    #expect(measure.cachedCount >= SDLTextMeasurer.capacity)
    // What the text cache file may keep turns over with the widths: a text from two turns ago is gone,
    // one from the turn before is still known to be DejaVu alone (the mark lives with the width; a set of
    // its own beside the cache grew for as long as the window ran).
    let kept = Set(measure.keptWidths(limit: .max).map(\.key.text))
    #expect(kept.count == measure.cachedCount)
    #expect(!kept.contains("at 0 ms"))
    #expect(kept.contains("at \(SDLTextMeasurer.capacity + 50) ms"))
    #expect(kept.contains("at \(SDLTextMeasurer.capacity * 2 + 99) ms"))
  }

  /// Truncating and wrapping with the real measurer: what is drawn fits the width asked, "…" included.
  @Test func truncatedAndWrappedTextFitsAsDrawn() throws {
    let measure = try measurer()
    let cache = try masks()
    let text = "AVATAR Wave To Yo 购买按钮 WAVE AVAVAVAVAVA LTA To To To 手势冲突：按钮 Tap 👆 AV"
    try TextMetrics.$measurer.withValue(measure) {
      for size in [11.0, 13, 20] {
        for maxWidth in stride(from: 30.0, through: 400, by: 37) {
          let short = TextMetrics.truncate(text, toWidth: maxWidth, size: size)
          let lines = TextMetrics.wrap(text, toWidth: maxWidth, size: size, maxLines: 3)
          let inspector = InspectorText.truncate(text, maxWidth, size: size)
          for line in [short, inspector] + lines {
            let mask = try cache.mask(TextMaskKey(text: line, face: .regular, size: Int(size)))
            #expect(Double(mask?.width ?? 0) <= maxWidth, "'\(line)' drawn wider than \(maxWidth) at \(size)")
          }
        }
      }
    }
  }

  /// Whole windows laid out with the real measurer: no text of the header, inspector, narration strip or
  /// bottom panel is drawn past the panel or the clip it is drawn in (its width taken from its mask). The
  /// stand-in's widths, wrong for these Cyrillic capitals, let text run past.
  @Test func panelTextStaysInsideItsBoxWithTheRealMeasurer() throws {
    let measure = try measurer()
    let cache = try masks()
    let tour = try SceneLoader.load(path: Self.root.appendingPathComponent("Scenes/tour.yaml").path)
    // Cyrillic capitals are wider than the stand-in's usual width: laid out with it, they run past their box.
    let wide = String(repeating: "Ж", count: 14)
    var cyrillic = TestSupport.scene([
      v("Щит_" + wide, [0, 100, 390, 500], recognizers: [g("Шаг_" + wide, .tap), g("ЖЩ_" + wide, .longPress)])
    ])
    cyrillic.title = "ЖЩШ " + String(repeating: "Широкий Жёлтый Щит ", count: 8)
    cyrillic.about = String(repeating: "ЖЩШ ЖЖЖЖ ЩЩЩЩЩ ШШШ ", count: 12)
    func problems(_ measurer: (any TextMeasurer)?) throws -> [String] {
      var problems: [String] = []
      for (scene, language, size, scale, presenter) in [
        (tour, Language.english, Size(1280, 800), 1.0, false), (tour, .simplifiedChinese, Size(1280, 800), 1, false),
        (tour, .english, Size(1024, 768), 1, true), (tour, .simplifiedChinese, Size(2560, 1600), 2, false),
        (cyrillic, .english, Size(1280, 800), 1, false), (cyrillic, .english, Size(1024, 768), 1, true),
      ] {
        let model = StudioModel(scene: scene, path: nil)
        model.textMeasurer = measurer
        model.language = language
        model.narrator = StudioNarration.narrator(language: language)
        if presenter { model.perform(.togglePresenter) }
        model.show(script: scene.script, at: 900)
        model.perform(.select(scene.root.subviews.first?.id ?? ""))
        let list = model.frame(size: size, pixelScale: scale)
        let layout = try #require(model.lastLayout)
        problems += try Self.overflows(list.commands, layout: layout, cache: cache).map {
          "\(language) \(size.width)x\(size.height): \($0)"
        }
      }
      return problems
    }
    let real = try problems(measure)
    #expect(real.isEmpty, "\(real.prefix(12).joined(separator: "\n"))")
    // Laid out with the fixed stand-in, the same windows draw text past its box.
    #expect(try !problems(FixedTextMeasurer()).isEmpty)
  }

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Texts drawn (their masks' widths) past the side of the panel their anchor is in, or of the clip they
  /// are drawn in.
  static func overflows(_ commands: [DrawCommand], layout: StudioLayout, cache: TextMaskCache) throws -> [String] {
    let panels = [layout.header, layout.inspector, layout.narration, layout.bottom]
    var clips: [Rect] = []
    var out: [String] = []
    for c in commands {
      switch c {
      case .clip(let r): clips.append(clips.last.map { CanvasGeometry.intersect($0, r) } ?? r)
      case .unclip: clips.removeLast()
      case .text(let s, let at, let style):
        guard let panel = panels.first(where: { $0.contains(at) }),
          let mask = try cache.mask(Rasterizer.maskKey(s, style))
        else { continue }
        let w = Double(mask.width)
        let x0: Double
        switch style.anchor.horizontal {
        case .leading: x0 = at.x
        case .center: x0 = at.x - w / 2
        case .trailing: x0 = at.x - w
        }
        var box = panel
        if let clip = clips.last { box = CanvasGeometry.intersect(box, clip) }
        // Text whose clip hides it (scrolled away) is not drawn.
        guard box.width > 0, box.height > 0, at.y >= box.minY - style.size * 2, at.y <= box.maxY + style.size * 2
        else { continue }
        if x0 < box.minX - 1 || x0 + w > box.maxX + 1 {
          out.append("'\(s)' drawn over \(x0)...\(x0 + w), its box \(box.minX)...\(box.maxX)")
        }
      default: continue
      }
    }
    return out
  }
}

/// The inspector's truncations are kept (`InspectorText.truncate`): the same answer as working it out
/// again, and never an answer measured with another measurer.
@Suite struct KeptTruncationTests {
  /// Every character twice as wide as the fixed measurer's.
  final class WideMeasurer: TextMeasurer {
    func width(_ text: String, face: FontFace, pixelSize: Int) -> Double {
      2 * FixedTextMeasurer().width(text, face: face, pixelSize: pixelSize)
    }
  }

  @Test func aKeptTruncationIsTheOneWorkedOutAndBelongsToItsMeasurer() {
    let text = "shouldRecognizeSimultaneouslyWith: YES, the delegate says"
    let width = 120.0
    let first = TextMetrics.$measurer.withValue(FixedTextMeasurer()) { InspectorText.truncate(text, width, size: 13) }
    let again = TextMetrics.$measurer.withValue(FixedTextMeasurer()) { InspectorText.truncate(text, width, size: 13) }
    #expect(first == again)
    #expect(first.hasSuffix("…") && first.count < text.count)
    #expect(InspectorText.width(first, size: 13) <= width + 0.01)
    // Twice as wide a measurer: a shorter text, not the one kept for the first measurer.
    for _ in 0..<3 {
      let wide = WideMeasurer()
      let shown = TextMetrics.$measurer.withValue(wide) { InspectorText.truncate(text, width, size: 13) }
      #expect(shown.count < first.count)
      let measured = TextMetrics.$measurer.withValue(wide) { InspectorText.width(shown, size: 13) }
      #expect(measured <= width + 0.01)
    }
    // Two spellings of the same text (a precomposed "é", "e" and a combining accent) are equal Strings
    // but not the same bytes: each is shortened from its own.
    let precomposed = "caf\u{E9} caf\u{E9} caf\u{E9} caf\u{E9} caf\u{E9}"
    let decomposed = "cafe\u{301} cafe\u{301} cafe\u{301} cafe\u{301} cafe\u{301}"
    #expect(precomposed == decomposed)
    let a = TextMetrics.$measurer.withValue(FixedTextMeasurer()) { InspectorText.truncate(precomposed, 90, size: 13) }
    let b = TextMetrics.$measurer.withValue(FixedTextMeasurer()) { InspectorText.truncate(decomposed, 90, size: 13) }
    #expect(a.hasSuffix("…") && b.hasSuffix("…"))
    #expect(!a.unicodeScalars.contains("\u{301}"))
    #expect(b.unicodeScalars.contains("\u{301}"), "the decomposed text came back as the precomposed one's answer")
    // Another width or size: its own answer.
    let wider = TextMetrics.$measurer.withValue(FixedTextMeasurer()) { InspectorText.truncate(text, 200, size: 13) }
    #expect(wider.count > first.count)
  }

  /// A monospaced text's width is its characters times the font's advance (`SDLTextMeasurer.monospaced`),
  /// without shaping it: exactly what SDL_ttf's sizing gives, for the values the inspector prints and
  /// the symbols they carry, at every size the panels use.
  @Test func aMonospacedWidthIsWhatSDLTTFSizes() throws {
    try SDLLibrary.startText()
    let fonts = FontLibrary(assetsDirectory: try ResourceLocator.assetsDirectory())
    // Every printable ASCII character alone, first and last, and the symbols the panels print.
    let ascii = (0x20..<0x7F).map { String(UnicodeScalar(UInt8($0))) }
    let texts =
      ascii + ascii.map { "\($0)x\($0)" } + [
        "translation -12, 3 · velocity 240, -18 · at 160, 420", "scale 1.25 · velocity 0.4…", "×37", "(0, -12.5)",
        "→ ← ↑ ↓ ✓ ✗ ⚡ ● ○ ◀ ▮ – — ° ±", "Ωμπ ЖЯ", "jump", "fj", "…", "—", " ",
      ]
    var counted = 0
    for size in [7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20, 22, 26, 32, 40] {
      let mono = try fonts.font(.mono, size: size)
      for text in texts {
        guard try fonts.isAllPrimary(text, face: .mono, size: size) else { continue }
        var w: Int32 = 0
        #expect(TTF_SizeUTF8(mono, text, &w, nil) == 0)
        guard let width = SDLTextMeasurer.monospaced(text, font: mono) else { continue }
        counted += 1
        #expect(width == Double(w), "'\(text)' at \(size): counted \(width), SDL_ttf \(w)")
      }
      // The values the inspector prints are counted, not shaped (at 9 pixels a glyph's ink crosses its
      // advance: shaped).
      if size != 9 {
        #expect(SDLTextMeasurer.monospaced("translation -12, 3 · velocity 240, -18", font: mono) != nil, "at \(size)")
      }
      // Not one advance per character: shaped as before.
      #expect(SDLTextMeasurer.monospaced("e\u{0301}te\u{0301}", font: mono) == nil)
      #expect(SDLTextMeasurer.monospaced("a\u{200B}b", font: mono) == nil)
      #expect(SDLTextMeasurer.monospaced("购买", font: mono) == nil)
      // A proportional font: shaped as before.
      #expect(SDLTextMeasurer.monospaced("translation", font: try fonts.font(.regular, size: size)) == nil)
    }
    // Most of them are counted.
    #expect(counted > texts.count * 16 * 3 / 4)
  }
}
