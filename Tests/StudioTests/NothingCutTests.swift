import Geometry
import StudioUI
import TestSupport
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore

/// The narration, its "why" and the scene's about are never cut where the window has
/// room: the strip grows into the timeline, and scrolls past that; a long title wraps onto two lines.
@Suite struct NothingCutTests {
  static let longAbout = Array(
    repeating: "Every tile has a single-tap and a double-tap recognizer, and the script taps it.", count: 6
  )
  .joined(separator: " ")

  func model(about: String, title: String = "Single tap versus double tap", presenter: Bool = false) -> StudioModel {
    var s = TestSupport.scene([v("card", [0, 100, 390, 500])])
    s.about = about
    s.title = title
    let m = StudioModel(scene: s)
    if presenter { m.perform(.togglePresenter) }
    return m
  }

  func narrationTexts(_ m: StudioModel, _ size: Size) -> (texts: [String], layout: StudioLayout) {
    let list = m.frame(size: size, pixelScale: 1)
    let layout = m.lastLayout!
    let texts = list.commands.compactMap { c -> String? in
      if case .text(let s, let at, _) = c, layout.narration.contains(at) { return s }
      return nil
    }
    return (texts, layout)
  }

  @Test func aLongAboutIsShownWholeTheStripGrowingIntoTheTimeline() {
    let m = model(about: Self.longAbout)
    let size = Size(1280, 800)
    let base = StudioLayout(size: size, theme: m.theme)
    let (texts, layout) = narrationTexts(m, size)
    #expect(layout.narration.height > base.narration.height)
    #expect(layout.bottom.minY == layout.narration.maxY)
    #expect(layout.canvas == base.canvas)  // the device does not move
    let shown = texts.joined(separator: " ").split(separator: " ").joined(separator: " ")
    #expect(!shown.contains("…"))
    #expect(shown.hasPrefix("Single tap versus double tap"))  // the title, whole, first
    #expect(shown.contains("taps it. tip Touch the device"), "\(shown.suffix(120))")
  }

  @Test func pastWhatTheStripCanGrowItScrollsWithTheWheel() throws {
    let m = model(about: Self.longAbout + " " + Self.longAbout, presenter: true)
    let size = Size(1024, 768)
    let first = narrationTexts(m, size)
    #expect(first.texts.contains("▾ more"))
    #expect(!first.texts.joined().contains("…"))
    let p = first.layout.narration.mid
    for _ in 0..<40 { m.handle(.wheel(dy: -1, at: p), wall: 0) }
    let scrolled = narrationTexts(m, size)
    #expect(!scrolled.texts.contains("▾ more"))
    #expect(scrolled.texts.joined(separator: " ").contains("taps it. tip Touch the device"))
  }

  /// The "more" mark covers none of the text: while the strip scrolls, its lines end before the mark.
  @Test func theMoreMarkCoversNoText() {
    let m = model(about: Self.longAbout + " " + Self.longAbout, presenter: true)
    let list = m.frame(size: Size(1024, 768), pixelScale: 1)
    let strip = m.lastLayout!.narration
    var texts: [(String, Rect)] = []
    for c in list.commands {
      guard case .text(let s, let at, let style) = c, strip.contains(at) else { continue }
      texts.append((s, CanvasLabelTests.box(s, at: at, style)))
    }
    let mark = try! #require(texts.first { $0.0 == "▾ more" })
    for (s, box) in texts where s != "▾ more" && box.maxY > mark.1.minY && box.minY < mark.1.maxY {
      #expect(box.maxX <= mark.1.minX - 4, "'\(s)' runs under the mark")
    }
  }

  @Test func aLongTitleWrapsOntoTwoLinesBeforeItIsShortened() {
    let t = Theme()
    var size = 0.0
    let title = "shouldReceive: keep a recognizer away from a control"
    let one = HeaderBar.titleLines(title, width: 600, height: 40, t, size: &size)
    #expect(one == [title] && size == t.titleSize)
    let two = HeaderBar.titleLines(title, width: 260, height: 40, t, size: &size)
    #expect(two.count == 2 && two.joined(separator: " ") == title, "\(two)")
    #expect(2 * TextMetrics.height(size: size) <= 40)
    let cut = HeaderBar.titleLines(title, width: 90, height: 40, t, size: &size)
    #expect(cut.last?.hasSuffix("…") == true)
  }
}
