import CSDL2
import Geometry
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore
@testable import StudioSDL
@testable import TraceKit

/// The window with SDL's dummy video driver and software renderer: no display needed. Events are pushed
/// into SDL's queue as a real mouse or touchscreen would deliver them.
@Suite(.serialized) @MainActor struct SDLWindowTests {
  init() {
    SDLLibrary.preferVideoDriver("dummy")
  }

  private func window() throws -> SDLWindow {
    try SDLWindow(title: "test", width: 640, height: 480, scale: 1, assetsDirectory: ResourceLocator.assetsDirectory())
  }

  @Test func opensDrawsAndPresentsAFrame() throws {
    let w = try window()
    let model = StudioModel(scene: DemoScene.scene)

    try w.present(model.frame(size: w.pixelSize, pixelScale: w.pixelScale).commands)

    #expect(w.pixelSize.width > 0 && w.pixelSize.height > 0)
    #expect(w.pixelScale == 1)
  }

  /// Start-up draws a first frame on another thread while the window opens (`StudioApp.launch`); the
  /// window takes it when it has the window's size. What it then shows is what drawing the frame afresh
  /// shows, in its buffer and on screen: the same frame, another frame (only the difference is drawn, the
  /// whole buffer is sent), and a drawn frame of another size (not taken).
  @Test func aFrameDrawnBeforeTheWindowOpenedShowsAsAFreshOne() throws {
    let model = StudioModel(scene: DemoScene.scene)
    let size = try window().pixelSize
    let first = model.frame(size: size, pixelScale: 1).commands
    model.handle(.pointerDown(.mouse, at: Point(size.width * 0.3, size.height * 0.4)), wall: 10)
    model.tick(wall: 40)
    let second = model.frame(size: size, pixelScale: 1).commands
    #expect(first != second)
    let assets = try ResourceLocator.assetsDirectory()
    for (drawnAs, drawnSize, shown) in [
      (first, size, first), (first, size, second), (first, Size(size.width + 10, size.height), second),
    ] {
      let fresh = try window()
      try fresh.present(shown)
      let adopting = try window()
      let drawn = try DrawnFrame(
        drawnAs, width: Int(drawnSize.width), height: Int(drawnSize.height), assetsDirectory: assets, cachedMasks: [])
      adopting.adopt(drawn)
      try adopting.present(shown)
      #expect(adopting.framePixels.width == fresh.framePixels.width)
      let count = fresh.framePixels.width * fresh.framePixels.height
      #expect(
        Array(UnsafeBufferPointer(start: adopting.framePixels.pixels, count: count))
          == Array(UnsafeBufferPointer(start: fresh.framePixels.pixels, count: count)))
      let onScreen = adopting.renderedPixels()
      #expect(!onScreen.isEmpty && onScreen == fresh.renderedPixels())
    }
  }

  @Test func leftMouseButtonEventsBecomePointerInput() throws {
    let w = try window()
    _ = w.pollInputs()
    var down = SDL_Event()
    down.button.type = SDL_MOUSEBUTTONDOWN.rawValue
    down.button.which = 0
    down.button.button = UInt8(SDL_BUTTON_LEFT)
    down.button.x = 100
    down.button.y = 120
    var synthesized = down
    synthesized.button.which = UInt32.max  // SDL_TOUCH_MOUSEID: a touchscreen's copy, dropped
    var right = down
    right.button.button = UInt8(SDL_BUTTON_RIGHT)

    SDL_PushEvent(&down)
    SDL_PushEvent(&synthesized)
    SDL_PushEvent(&right)
    let inputs = w.pollInputs()

    // The right button is never a finger: it is a context click (a toggle's compare).
    #expect(inputs == [.pointerDown(.mouse, at: Point(100, 120)), .contextClick(at: Point(100, 120))])
  }

  @Test func fingersArriveInPixelsOfTheDrawable() throws {
    let w = try window()
    _ = w.pollInputs()
    var finger = SDL_Event()
    finger.tfinger.type = SDL_FINGERDOWN.rawValue
    finger.tfinger.fingerId = 42
    finger.tfinger.x = 0.5
    finger.tfinger.y = 0.25

    SDL_PushEvent(&finger)
    let inputs = w.pollInputs()

    let size = w.pixelSize
    #expect(inputs == [.pointerDown(.finger(42), at: Point(size.width * 0.5, size.height * 0.25))])
  }
}
