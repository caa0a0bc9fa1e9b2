import Geometry
import Raster
import Testing

@testable import StudioCore

/// The working card (hostile input): drawn in the theme of the last frame, inside the window at every size and
/// scale, with a bar that moves as time passes.
@Suite struct BusyOverlayTests {
  static func texts(_ commands: [DrawCommand]) -> [(text: String, style: TextStyle)] {
    commands.compactMap { if case .text(let s, _, let style) = $0 { (s, style) } else { nil } }
  }

  static func rects(_ commands: [DrawCommand]) -> [Rect] {
    commands.compactMap {
      switch $0 {
      case .rect(let r, _, _), .roundedRect(let r, _, _, _): r
      default: nil
      }
    }
  }

  static func inside(_ r: Rect, _ w: Rect) -> Bool {
    r.minX >= w.minX && r.minY >= w.minY && r.maxX <= w.maxX && r.maxY <= w.maxY
  }

  @Test(arguments: [
    (1024.0, 768.0, false, 1.0), (1280, 800, false, 1), (1024, 768, true, 1), (3840, 2160, false, 2),
    (3840, 2160, true, 2), (320, 240, true, 2),
  ])
  func theCardIsInsideTheWindowInTheThemesColours(width: Double, height: Double, presenter: Bool, scale: Double) {
    let theme = Theme(pixelScale: scale, presenter: presenter)
    let size = Size(width, height)
    let commands = BusyOverlay.commands(size: size, theme: theme, elapsed: 1234)
    let window = Rect(0, 0, width, height)
    for r in Self.rects(commands).dropFirst() { #expect(Self.inside(r, window), "\(r) outside \(size)") }
    let texts = Self.texts(commands)
    #expect(texts.count == 2)
    #expect(texts.first?.style.color == theme.text)
    #expect(texts.last?.style.color == theme.secondaryText)
    #expect(texts.last?.text.hasPrefix("1.2 s") == true, "\(texts)")
    // Text grows with the unit (presenter mode, the UI scale) where the window has room for it.
    if width >= 1024 { #expect(texts.first?.style.size == 20 * theme.unit) }
  }

  @Test func theBarMovesAsTimePasses() throws {
    let theme = Theme(pixelScale: 1, presenter: false)
    func bar(_ elapsed: Double) -> Rect? {
      Self.rects(BusyOverlay.commands(size: Size(1280, 800), theme: theme, elapsed: elapsed)).last
    }
    let early = try #require(bar(100))
    let later = try #require(bar(600))
    #expect(early.minX < later.minX)
  }
}
