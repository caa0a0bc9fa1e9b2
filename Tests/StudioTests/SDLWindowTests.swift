import CSDL2
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
