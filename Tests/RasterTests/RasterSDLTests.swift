import CSDL2
import Foundation
import Geometry
import SceneFile
import StudioTestSupport
import StudioUI
import Testing
import TouchSim

@testable import Raster
@testable import SafeWriting
@testable import StudioCore
@testable import StudioSDL
@testable import TraceKit

/// Text masks rendered by SDL_ttf and cached, and the window presenting the rasterizer's frames. SDL and
/// SDL_ttf are process-wide, so these run one at a time on the main actor, with SDL's dummy video driver.
@Suite(.serialized) @MainActor struct RasterSDLTests {
  init() { SDLLibrary.preferVideoDriver("dummy") }

  private func masks(maxIdleFrames: Int = 120) throws -> TextMaskCache {
    try SDLLibrary.startText()
    let fonts = FontLibrary(assetsDirectory: try ResourceLocator.assetsDirectory())
    return TextMaskCache(fonts: fonts, maxIdleFrames: maxIdleFrames)
  }

  @Test func aMaskIsTheTextsCoverageAtItsMeasuredSize() throws {
    let cache = try masks()

    let mask = try #require(try cache.mask(TextMaskKey(text: "Hello", face: .regular, size: 20)))

    #expect(abs(Double(mask.width) - TextMetrics.width("Hello", size: 20)) <= 2)
    #expect(abs(Double(mask.height) - TextMetrics.height(size: 20)) <= 2)
    #expect(mask.coverage.contains(255) && mask.coverage.contains(0))
    #expect(mask.coverage.contains { $0 > 0 && $0 < 255 })  // anti-aliased glyph edges
    #expect(try cache.mask(TextMaskKey(text: "", face: .regular, size: 20)) == nil)
    #expect(cache.masksCreated == 1)
  }

  /// Chinese, Japanese, Korean and emoji are drawn with the system's fallback fonts (Noto Sans
  /// CJK, Symbola: `make test` installs them), as glyphs, not as the missing-glyph box, at the width the
  /// panels measure; a line mixing scripts keeps DejaVu's line height.
  @Test(arguments: ["购买", "日本語", "한국어", "👆", "手势冲突：按钮"])
  func textBeyondLatinIsDrawnAsGlyphsAtItsMeasuredWidth(text: String) throws {
    let cache = try masks()
    let size = 20
    let mask = try #require(try cache.mask(TextMaskKey(text: text, face: .regular, size: size)))
    // U+E000 (private use): no font has it, so the missing-glyph box is drawn, once per character.
    let boxes = try #require(
      try cache.mask(
        TextMaskKey(text: String(repeating: "\u{E000}", count: text.count), face: .regular, size: size)))
    #expect(mask.coverage != boxes.coverage, "\(text) is drawn as missing-glyph boxes")
    // Each character differs from the next (a box is the same for every character).
    #expect(mask.coverage.filter { $0 > 128 }.count > 20)
    // Measured with the fonts that draw it, as the window measures (measured text).
    let measured = try SDLTextMeasurer(assetsDirectory: try ResourceLocator.assetsDirectory())
      .width(text, face: .regular, pixelSize: size)
    #expect(abs(Double(mask.width) - measured) <= 1, "\(mask.width) drawn, \(measured) measured")
    #expect(mask.height == Int(TextMetrics.height(size: Double(size))) || abs(mask.height - 23) <= 1)
  }

  @Test func aLineMixingScriptsKeepsTheLatinLineHeight() throws {
    let cache = try masks()
    let latin = try #require(try cache.mask(TextMaskKey(text: "Tap", face: .bold, size: 24)))
    let mixed = try #require(try cache.mask(TextMaskKey(text: "Tap 购买 👆", face: .bold, size: 24)))
    #expect(mixed.height == latin.height)
    let measurer = try SDLTextMeasurer(assetsDirectory: try ResourceLocator.assetsDirectory())
    #expect(abs(Double(mixed.width) - measurer.width("Tap 购买 👆", face: .bold, pixelSize: 24)) <= 1)
  }

  @Test func masksIdleForTooManyFramesAreDropped() throws {
    let cache = try masks(maxIdleFrames: 2)
    let key = TextMaskKey(text: "Idle", face: .bold, size: 14)
    _ = try cache.mask(key)
    _ = try cache.mask(TextMaskKey(text: "Busy", face: .bold, size: 14))

    for _ in 0..<3 {
      _ = try cache.mask(TextMaskKey(text: "Busy", face: .bold, size: 14))
      cache.endFrame()
    }

    #expect(cache.count == 1)
    _ = try cache.mask(key)
    #expect(cache.masksCreated == 3)
  }

  @Test func steadyStateFramesDoNotRasteriseTextAgain() throws {
    let size = Size(1280, 800)
    let model = StudioModel(scene: DemoScene.scene)
    let commands = model.frame(size: size, pixelScale: 1).commands
    let canvas = try OffscreenCanvas(width: 1280, height: 800)

    try canvas.draw(commands)
    let afterFirst = canvas.textMasksCreated
    for _ in 0..<5 { try canvas.draw(commands) }

    #expect(afterFirst > 10)
    #expect(canvas.textMasksCreated == afterFirst)
  }

  @Test func changingATextsColourReusesItsMask() throws {
    let canvas = try OffscreenCanvas(width: 200, height: 60)
    func frame(_ color: RGBA) -> [DrawCommand] {
      [
        .rect(Rect(0, 0, 200, 60), fill: .white, stroke: nil),
        .text("Colour", at: Point(10, 10), style: TextStyle(size: 30, color: color, face: .bold)),
      ]
    }

    try canvas.draw(frame(RGBA(255, 0, 0)))
    let red = canvas.bitmap()
    try canvas.draw(frame(RGBA(0, 0, 255)))
    let blue = canvas.bitmap()

    #expect(canvas.textMasksCreated == 1)
    #expect(red.pixels.contains(RGBA(255, 0, 0)) && !red.pixels.contains(RGBA(0, 0, 255)))
    #expect(blue.pixels.contains(RGBA(0, 0, 255)) && !blue.pixels.contains(RGBA(255, 0, 0)))
  }

  @Test func theWindowDrawsAndUploadsOnlyFramesThatChanged() throws {
    let w = try SDLWindow(
      title: "test", width: 640, height: 480, scale: 1, assetsDirectory: ResourceLocator.assetsDirectory())
    let model = StudioModel(scene: DemoScene.scene)
    let commands = model.frame(size: w.pixelSize, pixelScale: w.pixelScale).commands

    try w.present(commands)
    try w.present(commands)
    try w.present(commands)
    #expect(w.framesDrawn == 1)
    try w.present(commands + [.rect(Rect(0, 0, 10, 10), fill: .white, stroke: nil)])
    #expect(w.framesDrawn == 2)
  }

  @Test func aScreenshotIsTheRasterisedFrame() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("touchscope-\(UUID()).png").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let w = try SDLWindow(
      title: "test", width: 640, height: 480, scale: 1, assetsDirectory: ResourceLocator.assetsDirectory())
    let size = w.pixelSize
    let commands: [DrawCommand] = [
      .rect(Rect(0, 0, size.width, size.height), fill: RGBA(10, 20, 30), stroke: nil),
      .circle(center: Point(100, 100), radius: 40, fill: RGBA(200, 100, 0), stroke: nil),
    ]
    try w.present(commands)

    try w.present(commands, screenshot: true)  // identical, but a screenshot draws it anyway
    try SafeWriter.write(w.framePNG(), to: path)
    let shot = try loadPNG(path: path)

    #expect(w.framesDrawn == 2)
    #expect(shot.width == Int(size.width) && shot.height == Int(size.height))
    #expect(shot.pixel(100, 100) == RGBA(200, 100, 0))
    #expect(shot.pixel(300, 300) == RGBA(10, 20, 30))
  }

  @Test func waitingForInputLeavesTheEventInTheQueue() throws {
    let w = try SDLWindow(
      title: "test", width: 640, height: 480, scale: 1, assetsDirectory: ResourceLocator.assetsDirectory())
    _ = w.pollInputs()
    #expect(!w.waitForInput(timeoutMilliseconds: 20))

    var down = SDL_Event()
    down.button.type = SDL_MOUSEBUTTONDOWN.rawValue
    down.button.which = 0
    down.button.button = UInt8(SDL_BUTTON_LEFT)
    down.button.x = 12
    down.button.y = 34
    SDL_PushEvent(&down)

    #expect(w.waitForInput(timeoutMilliseconds: 1000))
    #expect(w.waitForInput(timeoutMilliseconds: 0))  // still there
    #expect(w.pollInputs() == [.pointerDown(.mouse, at: Point(12, 34))])
  }
}
