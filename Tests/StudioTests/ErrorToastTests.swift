import TestSupport
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore

/// Issue 13: a file that could not be written is reported in the header as a failure (red, ✗), never
/// with the success tick, and its reason is drawn whole.
@Suite struct ErrorToastTests {
  static let message =
    "Could not save: the file is read-only (mode 0444): not overwritten; make it writable or save elsewhere"
    + " — /home/teacher/lessons/11-single-vs-double-tap.yaml"

  func headerTexts(_ m: StudioModel, _ size: Size) -> [(text: String, style: TextStyle, at: Point)] {
    let header = StudioLayout(size: size, theme: m.theme).header
    return m.frame(size: size, pixelScale: 1).commands.compactMap {
      if case .text(let s, let at, let style) = $0, header.contains(at) { return (s, style, at) }
      return nil
    }
  }

  @Test(arguments: [(Size(1280, 800), false), (Size(1920, 1080), false), (Size(1280, 800), true)])
  func aFailureIsRedWithItsWholeReason(size: Size, presenter: Bool) {
    let m = StudioModel(scene: TestSupport.scene([v("card", [0, 100, 390, 500])]))
    if presenter { m.perform(.togglePresenter) }
    m.tick(wall: 0)
    m.notifyError(Self.message, wall: 0)
    let texts = headerTexts(m, size)
    let lines = texts.filter { $0.style.color == m.theme.badText }
    #expect(!lines.isEmpty)
    #expect(!texts.contains { $0.text.contains("✓") })
    let shown = lines.map(\.text).joined(separator: " ")
    #expect(shown.hasPrefix("✗ Could not save: "))
    // The reason is never cut.
    #expect(
      shown.contains("the file is read-only (mode 0444): not overwritten; make it writable or save elsewhere"),
      "\(shown)")
    #expect(!shown.contains("…"), "\(shown)")
    let header = StudioLayout(size: size, theme: m.theme).header
    for line in lines { #expect(line.at.y >= header.minY && line.at.y + 10 <= header.maxY) }

    // It goes after a while, and the next success has its tick again.
    m.tick(wall: 20_000)
    #expect(m.toast == nil && !m.toastIsError)
    m.notify("Saved Scenes/x.yaml", wall: 20_000)
    #expect(headerTexts(m, size).contains { $0.text == "✓ Saved Scenes/x.yaml" && $0.style.color != m.theme.badText })
  }
}
