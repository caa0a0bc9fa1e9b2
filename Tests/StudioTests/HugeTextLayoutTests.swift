import Geometry
import Raster
import StudioUI
import Synchronization
import TestSupport
import Testing
import TouchSim

@testable import StudioCore

/// A measurer that counts the characters it is asked to measure (the fixed DejaVu widths otherwise): the
/// work of laying text out, counted instead of timed.
final class CountingMeasurer: TextMeasurer {
  private let counted = Mutex(0)
  private let fixed = FixedTextMeasurer()
  var characters: Int { counted.withLock { $0 } }
  func width(_ text: String, face: FontFace, pixelSize: Int) -> Double {
    counted.withLock { $0 += text.unicodeScalars.count }
    return fixed.width(text, face: face, pixelSize: pixelSize)
  }
  /// The characters measured while `body` runs.
  static func count(_ body: () -> Void) -> Int {
    let m = CountingMeasurer()
    TextMetrics.$measurer.withValue(m) { body() }
    return m.characters
  }
}

/// Text far longer than anything can show (a label or title of megabytes) costs what a long one does:
/// past what a width and a number of lines can show, nothing is measured or laid out. The work is
/// counted in measured characters, the same whatever the length past that point.
@Suite struct HugeTextLayoutTests {
  static func words(_ n: Int) -> String { String(String(repeating: "tap me ", count: n / 7 + 1).prefix(n)) }
  static func word(_ n: Int) -> String { String(repeating: "W", count: n) }

  @Test func truncatingMeasuresWhatCanShowOnly() {
    for text in [Self.words, Self.word] {
      let small = CountingMeasurer.count { _ = TextMetrics.truncate(text(20_000), toWidth: 300, size: 13) }
      let large = CountingMeasurer.count { _ = TextMetrics.truncate(text(80_000), toWidth: 300, size: 13) }
      #expect(large == small)
      #expect(small < 20_000, "\(small)")
      let inspector = CountingMeasurer.count { _ = InspectorText.truncate(text(80_000), 300, size: 13) }
      #expect(inspector < 20_000, "\(inspector)")
    }
    // What is shown is still the text's start, shortened with "…", and fits.
    let shown = TextMetrics.truncate(Self.words(80_000), toWidth: 300, size: 13)
    #expect(shown.hasPrefix("tap me tap"))
    #expect(shown.hasSuffix("…"))
    #expect(TextMetrics.width(shown, size: 13) <= 300)
  }

  @Test func wrappingMeasuresWhatCanShowOnly() {
    for text in [Self.words, Self.word] {
      var lines: [String] = []
      let small = CountingMeasurer.count {
        lines = TextMetrics.wrap(text(4_000), toWidth: 200, size: 13, maxLines: 3)
      }
      let large = CountingMeasurer.count { _ = TextMetrics.wrap(text(40_000), toWidth: 200, size: 13, maxLines: 3) }
      #expect(large == small)
      // A few measures of each line's worth of characters, not one per character left over.
      #expect(small < 40_000, "\(small)")
      #expect(lines.count == 3)
      #expect(lines.last?.hasSuffix("…") == true)
      #expect(lines.allSatisfy { TextMetrics.width($0, size: 13) <= 200 }, "\(lines)")
      let inspector = CountingMeasurer.count {
        _ = InspectorText.wrap(text(40_000), 200, TextStyle(size: 13, color: .white), maxLines: 3)
      }
      #expect(inspector < 40_000, "\(inspector)")
    }
  }

  /// A word longer than many lines is broken line by line with work that follows each line's length, not
  /// the word's: twice the lines, about twice the measuring.
  @Test func aLongWordIsBrokenInLinearWork() {
    let ten = CountingMeasurer.count { _ = TextMetrics.wrap(Self.word(400), toWidth: 100, size: 13) }
    let twenty = CountingMeasurer.count { _ = TextMetrics.wrap(Self.word(800), toWidth: 100, size: 13) }
    #expect(twenty <= ten * 5 / 2, "\(ten) → \(twenty)")
    #expect(TextMetrics.wrap(Self.word(800), toWidth: 100, size: 13).joined() == Self.word(800))
  }

  /// The window's frame on a scene whose label and title are huge: the measuring is the same for a label
  /// four times as long (header, device, inspector, narration, tooltips all stop at what they can show).
  @Test func aFrameWithAHugeLabelAndTitleMeasuresTheSame() {
    func measured(_ n: Int) -> Int {
      var s = scene([
        v("label", [20, 100, 350, 80], kind: .label) { $0.text = Self.words(n) },
        v("button", [20, 200, 350, 44], kind: .button, recognizers: [g("tap", .tap)]) { $0.text = Self.word(n) },
      ])
      s.title = Self.words(n)
      s.about = Self.words(n)
      let m = StudioModel(scene: s)
      let counter = CountingMeasurer()
      m.textMeasurer = counter
      _ = m.frame(size: Size(1280, 800), pixelScale: 1)
      m.tick(wall: 0)
      _ = m.frame(size: Size(1280, 800), pixelScale: 1)
      return counter.characters
    }
    let small = measured(50_000)
    let large = measured(200_000)
    #expect(large == small, "\(small) → \(large)")
  }

  /// A segmented control of a hundred thousand segments: its segments are counted without listing them
  /// (the engine's count, unchanged), and a frame draws a bounded number of commands for it (cells
  /// narrower than a pixel are not drawn one by one).
  @Test func aSegmentedControlOfHugeCountDrawsBoundedCommands() {
    for text in ["", "|", "a", "a|b", "|a||b|", " | x |", "One|Two|Three", "a|\u{301}b", "é|é"] {
      #expect(ViewSpec.segmentCount(text) == max(1, text.split(separator: "|").count), "\(text)")
    }
    func commands(_ segments: Int) -> Int {
      let s = scene([
        v("seg", [20, 100, 350, 40], kind: .segmentedControl) {
          $0.text = String(repeating: "a|", count: segments)
          $0.value = 3
        }
      ])
      let m = StudioModel(scene: s)
      return m.frame(size: Size(1280, 800), pixelScale: 1).commands.count
    }
    let few = commands(1_000)
    let many = commands(100_000)
    #expect(many <= few + 10, "\(few) → \(many)")
  }
}
