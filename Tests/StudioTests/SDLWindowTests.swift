import CSDL2
import Geometry
import SceneFile
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
  /// whole buffer is sent), and a drawn frame of another size (not taken). The same when the window made its
  /// texture before it took the frame (as `launch` does while the frame is still being drawn).
  @Test(arguments: [false, true])
  func aFrameDrawnBeforeTheWindowOpenedShowsAsAFreshOne(textureFirst: Bool) throws {
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
      if textureFirst { try adopting.makeTexture() }
      let drawn = try DrawnFrame(
        width: Int(drawnSize.width), height: Int(drawnSize.height), assetsDirectory: assets, cachedMasks: [])
      try drawn.draw(drawnAs)
      #expect(adopting.adopt(drawn) == (drawnSize == size))
      try adopting.present(shown)
      #expect(!adopting.adopt(drawn))  // only before the first frame
      #expect(adopting.framePixels.width == fresh.framePixels.width)
      let count = fresh.framePixels.width * fresh.framePixels.height
      #expect(
        Array(UnsafeBufferPointer(start: adopting.framePixels.pixels, count: count))
          == Array(UnsafeBufferPointer(start: fresh.framePixels.pixels, count: count)))
      let onScreen = adopting.renderedPixels()
      #expect(!onScreen.isEmpty && onScreen == fresh.renderedPixels())
    }
  }

  /// The first frame shown at start-up is built before the loop starts (`StudioApp.firstFrame`) and
  /// presented without the loop's first turn: it must be the frame that turn builds (no input, the clock at
  /// 0, the window's UI scale), in the window and in presenter mode, at UI scale 1 and 2.
  @Test(arguments: [(false, 1.0), (true, 1.0), (false, 2.0)])
  func theFirstFrameBuiltAheadIsTheLoopsFirstFrame(presenter: Bool, scale: Double) throws {
    var options = StudioApp.Options()
    options.presenter = presenter
    let scene = try SceneLoader.load(path: ResourceLocator.findUpward("Scenes")! + "/tour.yaml")
    let pixels = Size(1440 * scale, 900 * scale)
    let ahead = StudioApp.makeModel(scene: scene, path: nil, text: nil, options: options).model
    let prepared = StudioApp.firstFrame(of: ahead, scale: scale, pixels: pixels)
    let looped = StudioApp.makeModel(scene: scene, path: nil, text: nil, options: options).model
    looped.setStartScale(scale)  // as `run` does before its first turn
    let built = ModelWorker.run(
      ModelWorker.Job(inputs: [], wall: 0, reload: nil, frame: (pixels, 1)), on: looped
    ).list
    #expect(built?.commands == prepared.commands)
    #expect(prepared.commands.count > 100)
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
