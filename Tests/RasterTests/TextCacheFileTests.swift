import CSDL2
import Foundation
import StudioUI
import Testing

@testable import Raster
@testable import StudioCore
@testable import StudioSDL

/// Text measured and drawn by one run, kept on disk for the next (`TextCacheFile`): what is read back is
/// what was measured and drawn, text that needs a fallback font is never kept, and a file that is not
/// exactly as written (cut, changed, from other fonts or another SDL_ttf) is ignored, never trusted.
@Suite(.serialized) @MainActor struct TextCacheFileTests {
  init() { SDLLibrary.preferVideoDriver("dummy") }

  static let texts = ["Welcome to Touchscope", "▮◀ Back", "✓ recognized", "possible", "a · b", "购买按钮", "Tap 👆"]

  /// A measurer and a mask cache that have measured and drawn `texts` at a few sizes.
  func measured() throws -> (SDLTextMeasurer, TextMaskCache) {
    let assets = try ResourceLocator.assetsDirectory()
    let measurer = try SDLTextMeasurer(assetsDirectory: assets)
    let masks = TextMaskCache(fonts: FontLibrary(assetsDirectory: assets))
    for text in Self.texts {
      for size in [11, 13, 20] {
        for face in FontFace.allCases {
          _ = measurer.width(text, face: face, pixelSize: size)
          _ = try masks.mask(TextMaskKey(text: text, face: face, size: size))
        }
      }
    }
    return (measurer, masks)
  }

  @Test func whatIsReadBackIsWhatWasMeasuredAndDrawn() throws {
    let (measurer, masks) = try measured()
    let contents = TextCacheFile.Contents(widths: measurer.keptWidths(), masks: masks.keptMasks())
    // Text in DejaVu alone is kept (symbols included); text that needs a fallback font is not.
    let keptTexts = Set(contents.widths.map(\.key.text))
    #expect(keptTexts == ["Welcome to Touchscope", "▮◀ Back", "✓ recognized", "possible", "a · b"])
    #expect(Set(contents.masks.map(\.key.text)) == keptTexts)
    let fingerprint = TextCacheFile.fingerprint(assetsDirectory: try ResourceLocator.assetsDirectory())
    #expect(fingerprint.contains("DejaVuSans.ttf"))
    let bytes = TextCacheFile.encode(contents, fingerprint: fingerprint)
    let read = try #require(TextCacheFile.decode(bytes, fingerprint: fingerprint))
    #expect(read == contents)
    // Seeded into new ones, they answer without SDL_ttf, exactly as measuring and drawing again would.
    let assets = try ResourceLocator.assetsDirectory()
    let seededMeasurer = try SDLTextMeasurer(assetsDirectory: assets)
    seededMeasurer.seed(read.widths)
    let seededMasks = TextMaskCache(fonts: FontLibrary(assetsDirectory: assets))
    seededMasks.seed(read.masks)
    let fresh = try measured()
    for w in read.widths {
      #expect(seededMeasurer.width(w.key.text, face: w.key.face, pixelSize: w.key.size) == w.width)
      #expect(fresh.0.width(w.key.text, face: w.key.face, pixelSize: w.key.size) == w.width)
    }
    #expect(seededMeasurer.measuredCount == 0)
    for m in read.masks {
      let seeded = try #require(try seededMasks.mask(m.key))
      let drawn = try #require(try fresh.1.mask(m.key))
      #expect(seeded.coverage == drawn.coverage && seeded.width == drawn.width && seeded.height == drawn.height)
    }
    #expect(seededMasks.masksCreated == 0)
  }

  /// A start keeps for the next what its first frame measured, drew or used first, then what earlier
  /// starts kept and it did not use, in their order (most recent first), up to the limits: the file stays
  /// the size of a few first frames however many scenes were opened (one of every text read 8,864 widths
  /// at each start). A file over the limits is written again, trimmed.
  @Test func aStartKeepsWhatItUsedFirstThenTheRestInOrder() throws {
    let assets = try ResourceLocator.assetsDirectory()
    let seeded = (0..<40).map {
      TextCacheFile.Width(key: TextMaskKey(text: "seeded \($0)", face: .regular, size: 13), width: Double(100 + $0))
    }
    let measurer = try SDLTextMeasurer(assetsDirectory: assets)
    measurer.seed(seeded)
    for i in [30, 5, 17] { #expect(measurer.width("seeded \(i)", face: .regular, pixelSize: 13) == Double(100 + i)) }
    let new = measurer.width("measured now", face: .bold, pixelSize: 13)
    #expect(measurer.measuredCount == 1)
    let kept = measurer.keptWidths(limit: 10)
    #expect(kept.count == 10)
    #expect(Set(kept.prefix(4).map(\.key.text)) == ["seeded 30", "seeded 5", "seeded 17", "measured now"])
    #expect(kept.prefix(4).contains { $0.key.text == "measured now" && $0.width == new })
    #expect(
      kept.dropFirst(4).map(\.key.text) == ["seeded 0", "seeded 1", "seeded 2", "seeded 3", "seeded 4", "seeded 6"])
    #expect(measurer.keptWidths(limit: 100).count == 41)

    let fonts = FontLibrary(assetsDirectory: assets)
    let drawer = TextMaskCache(fonts: fonts)
    let keys = (0..<12).map { TextMaskKey(text: "mask \($0)", face: .regular, size: 13) }
    let drawn = try keys.map { try #require(try drawer.mask($0)) }
    let masks = TextMaskCache(fonts: fonts)
    masks.seed(zip(keys, drawn).map { TextCacheFile.Mask(key: $0, mask: $1) })
    _ = try masks.mask(keys[9])
    let other = TextMaskKey(text: "drawn now", face: .bold, size: 13)
    _ = try masks.mask(other)
    #expect(masks.masksCreated == 1)
    let keptMasks = masks.keptMasks(limit: 5, bytes: .max)
    #expect(Set(keptMasks.prefix(2).map(\.key)) == [keys[9], other])
    #expect(keptMasks.dropFirst(2).map(\.key) == [keys[0], keys[1], keys[2]])
    // The coverage budget: what would go over it is left out.
    let budget = drawn[0].coverage.count + drawn[1].coverage.count + drawn[9].coverage.count
    let underBudget = masks.keptMasks(limit: 100, bytes: budget)
    #expect(underBudget.reduce(0) { $0 + $1.mask.coverage.count } <= budget)
    #expect(underBudget.contains { $0.key == keys[9] })

    var contents = TextCacheFile.Contents(widths: Array(repeating: seeded[0], count: TextCacheFile.startWidths))
    #expect(!contents.isOverStartLimits)
    contents.widths.append(seeded[1])
    #expect(contents.isOverStartLimits)
  }

  @Test func aFileNotExactlyAsWrittenIsIgnored() throws {
    let (measurer, masks) = try measured()
    let contents = TextCacheFile.Contents(
      widths: Array(measurer.keptWidths().prefix(6)), masks: Array(masks.keptMasks().prefix(3)))
    let bytes = TextCacheFile.encode(contents, fingerprint: "fonts A")
    #expect(TextCacheFile.decode(bytes, fingerprint: "fonts A") == contents)
    // Other fonts or another SDL_ttf; no fingerprint at all (a font file missing).
    #expect(TextCacheFile.decode(bytes, fingerprint: "fonts B") == nil)
    #expect(TextCacheFile.decode(TextCacheFile.encode(contents, fingerprint: ""), fingerprint: "") == nil)
    // Cut anywhere, or with bytes added: ignored.
    for length in 0..<bytes.count {
      #expect(TextCacheFile.decode(Array(bytes.prefix(length)), fingerprint: "fonts A") == nil)
    }
    #expect(TextCacheFile.decode(bytes + [0], fingerprint: "fonts A") == nil)
    // Any single byte changed: ignored, or read as a file that is still whole and well formed.
    var seed: UInt64 = 7
    for _ in 0..<2_000 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      var changed = bytes
      changed[Int(seed >> 33) % changed.count] ^= UInt8(truncatingIfNeeded: (seed >> 20) | 1)
      if let read = TextCacheFile.decode(changed, fingerprint: "fonts A") {
        #expect(read.widths.allSatisfy { $0.width.isFinite && $0.width >= 0 && TextCacheFile.isKept($0.key.text) })
        #expect(read.masks.allSatisfy { $0.mask.coverage.count == $0.mask.width * $0.mask.height })
      }
    }
  }

  @Test func theFileGoesWhereTheEnvironmentSays() {
    #expect(
      TextCacheFile.path(environment: ["TOUCHSCOPE_CACHE_DIR": "/tmp/tc", "HOME": "/root"]) == "/tmp/tc/text-cache")
    #expect(
      TextCacheFile.path(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/root"]) == "/c/touchscope/text-cache")
    #expect(TextCacheFile.path(environment: ["HOME": "/home/a"]) == "/home/a/.cache/touchscope/text-cache")
    #expect(TextCacheFile.path(environment: ["XDG_CACHE_HOME": "relative"]) == nil)
    #expect(TextCacheFile.path(environment: [:]) == nil)
  }

  @Test func writtenAndReadThroughTheDisk() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tc-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("sub/text-cache").path
    let (measurer, masks) = try measured()
    let contents = TextCacheFile.Contents(widths: measurer.keptWidths(), masks: masks.keptMasks())
    try TextCacheFile.write(contents, to: path, fingerprint: "f")
    #expect(TextCacheFile.read(path, fingerprint: "f") == contents)
    #expect(TextCacheFile.read(path + ".missing", fingerprint: "f") == nil)
    // A folder or a FIFO where the file should be: nothing read, and no waiting for a writer.
    #expect(TextCacheFile.read(dir.path, fingerprint: "f") == nil)
    let fifo = dir.appendingPathComponent("fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(TextCacheFile.read(fifo, fingerprint: "f") == nil)
  }
}
