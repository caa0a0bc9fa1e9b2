import Foundation
import Geometry
import StudioTestSupport
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore
@testable import StudioSDL
@testable import TraceKit

/// Offscreen renders with SDL's software renderer: no display needed. SDL and SDL_ttf are process-wide,
/// so these run one at a time on the main actor.
@Suite(.serialized) @MainActor struct OffscreenRenderTests {
  init() {
    // Offscreen renders need no video subsystem; should anything start it, never a real display.
    SDLLibrary.preferVideoDriver("dummy")
  }

  private func scene() -> Scene {
    var root = ViewSpec(id: "root", frame: Rect(0, 0, 390, 844))
    root.color = "#FFFFFF"
    var card = ViewSpec(id: "card", frame: Rect(40, 100, 300, 200))
    card.color = "#4C8BF5"
    card.text = "Card"
    root.subviews = [card]
    var scene = Scene(root: root)
    scene.title = "Offscreen test"
    return scene
  }

  @Test func aViewsColourShowsAtItsCentre() throws {
    let size = Size(600, 500)
    let frame = CanvasFrame(size: size)
    let s = scene()
    let viewport = frame.viewport(for: s)
    // Away from the centred "Card" text, still well inside the card.
    let probe = viewport.toPixels(Point(190, 150))

    let bitmap = try renderBitmap(frame.commands(for: s), size: size)

    #expect(bitmap.width == 600 && bitmap.height == 500)
    #expect(bitmap.pixel(Int(probe.x), Int(probe.y)) == RGBA(0x4C, 0x8B, 0xF5))
    let rootProbe = viewport.toPixels(Point(20, 600))
    #expect(bitmap.pixel(Int(rootProbe.x), Int(rootProbe.y)) == RGBA(255, 255, 255))
  }

  @Test func textIsDrawnSomewhereInsideItsView() throws {
    let size = Size(600, 500)
    let frame = CanvasFrame(size: size)
    let s = scene()
    let viewport = frame.viewport(for: s)
    let box = viewport.toPixels(Rect(40, 100, 300, 200))

    let bitmap = try renderBitmap(frame.commands(for: s), size: size)

    // The card's text is white on blue: some pixels near the card's centre are light.
    let mid = box.mid
    var light = 0
    for y in Int(mid.y) - 10...Int(mid.y) + 10 {
      for x in Int(mid.x) - 30...Int(mid.x) + 30 where (bitmap.pixel(x, y)?.luminance ?? 0) > 0.8 { light += 1 }
    }
    #expect(light > 10)
  }

  @Test func windowPNGWritesAFileThatReadsBack() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("touchscope-\(UUID()).png").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let size = Size(400, 300)
    let s = scene()
    let model = StudioModel(scene: s)
    let centre = model.viewport(for: StudioLayout(size: size, theme: model.theme)).toPixels(Point(100, 150))

    try renderWindowPNG(model, size: size, path: path)
    let bitmap = try loadPNG(path: path)

    #expect(bitmap.width == 400 && bitmap.height == 300)
    #expect(bitmap.pixel(Int(centre.x), Int(centre.y)) == RGBA(0x4C, 0x8B, 0xF5))
  }

  @Test func unchangedTextCreatesNoNewMasks() throws {
    let size = Size(400, 300)
    let canvas = try OffscreenCanvas(width: 400, height: 300)
    let commands = CanvasFrame(size: size).commands(for: scene())

    try canvas.draw(commands)
    let afterFirst = canvas.textMasksCreated
    try canvas.draw(commands)

    #expect(afterFirst > 0)
    #expect(canvas.textMasksCreated == afterFirst)
  }

  @Test func shapesAndClipsDrawWhereTheyShould() throws {
    let commands: [DrawCommand] = [
      .rect(Rect(0, 0, 100, 100), fill: RGBA(255, 255, 255), stroke: nil),
      .clip(Rect(0, 0, 50, 100)),
      .circle(center: Point(50, 50), radius: 30, fill: RGBA(255, 0, 0), stroke: nil),
      .unclip,
      .roundedRect(Rect(10, 80, 80, 15), radius: 5, fill: nil, stroke: Stroke(RGBA(0, 0, 255), width: 2)),
    ]

    let bitmap = try renderBitmap(commands, size: Size(100, 100))

    #expect(bitmap.pixel(40, 50) == RGBA(255, 0, 0))  // inside the circle and the clip
    #expect(bitmap.pixel(60, 50) == RGBA(255, 255, 255))  // inside the circle, outside the clip
    #expect(bitmap.pixel(50, 80) == RGBA(0, 0, 255))  // the outline's top edge
    #expect(bitmap.pixel(50, 87) == RGBA(255, 255, 255))  // not filled
  }
}

/// The device canvas alone, fitted into a frame (what the window's canvas panel draws, without chrome).
struct CanvasFrame {
  var size: Size
  func viewport(for scene: Scene) -> Viewport { Viewport.fit(scene.window, in: Rect(0, 0, size.width, size.height)) }
  func commands(for scene: Scene) -> [DrawCommand] {
    SceneCanvas(viewport: viewport(for: scene)).commands(for: scene)
  }
}
