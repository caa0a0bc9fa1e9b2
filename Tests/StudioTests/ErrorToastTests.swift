import Geometry
import TestSupport
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore

/// A file that could not be written is reported in the toast as a failure (red, ✗), never with the
/// success tick, and its reason is drawn whole; the header keeps the scene's title meanwhile.
@Suite struct ErrorToastTests {
  static let message =
    "Could not save: the file is read-only (mode 0444): not overwritten; make it writable or save elsewhere"
    + " — /home/teacher/lessons/11-single-vs-double-tap.yaml"

  /// The toast's texts (drawn last: its mark, then its lines) and their styles.
  func toastTexts(_ m: StudioModel, _ size: Size) -> [(text: String, style: TextStyle, at: Point)] {
    let texts: [(text: String, style: TextStyle, at: Point)] = m.frame(size: size, pixelScale: 1).commands.compactMap {
      if case .text(let s, let at, let style) = $0 { return (s, style, at) }
      return nil
    }
    guard let i = texts.lastIndex(where: { t in ToastKind.allCases.contains { $0.mark == t.text } }) else { return [] }
    return Array(texts[i...])
  }

  @Test(arguments: [(Size(1280, 800), false), (Size(1920, 1080), false), (Size(1280, 800), true)])
  func aFailureIsRedWithItsWholeReason(size: Size, presenter: Bool) {
    let m = StudioModel(scene: TestSupport.scene([v("card", [0, 100, 390, 500])]) { $0.title = "Lesson" })
    if presenter { m.perform(.togglePresenter) }
    m.tick(wall: 0)
    m.notifyError(Self.message, wall: 0)
    let texts = toastTexts(m, size)
    #expect(texts.first?.text == "✗")
    let lines = texts.dropFirst()
    #expect(!lines.isEmpty)
    #expect(!texts.contains { $0.text.contains("✓") })
    #expect(lines.allSatisfy { $0.style.color.r > $0.style.color.g + 40 }, "the reason is drawn in red")
    let shown = lines.map(\.text).joined(separator: " ")
    #expect(shown.hasPrefix("Could not save: "))
    // The reason is never cut.
    #expect(
      shown.contains("the file is read-only (mode 0444): not overwritten; make it writable or save elsewhere"),
      "\(shown)")
    #expect(!shown.contains("…"), "\(shown)")
    // Below the header, which still shows the title.
    let header = StudioLayout(size: size, theme: m.theme).header
    for line in texts { #expect(line.at.y >= header.maxY && line.at.y <= size.height) }
    let headerTexts = m.lastFrame.commands.compactMap {
      if case .text(let s, let at, _) = $0, header.contains(at) { return s }
      return nil
    }
    #expect(headerTexts.contains("Lesson"))

    // It goes after a while, and the next success has its tick again.
    m.tick(wall: 20_000)
    #expect(m.toast == nil && !m.toastIsError)
    m.notify("Saved Scenes/x.yaml", wall: 20_000)
    #expect(toastTexts(m, size).map(\.text) == ["✓", "Saved Scenes/x.yaml"])
    #expect(m.toastKind == .success)
  }
}
