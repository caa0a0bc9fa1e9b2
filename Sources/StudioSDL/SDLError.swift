import CSDL2
import Raster
import StudioCore
import Synchronization

/// A failed SDL, SDL_ttf or SDL_image call, with the library's own message.
public struct SDLError: Error, CustomStringConvertible, Sendable {
  public var call: String
  public var message: String

  /// Captures `SDL_GetError()` for the failed `call`.
  init(_ call: String) {
    self.call = call
    message = String(cString: SDL_GetError())
  }

  public var description: String { "\(call) failed: \(message)" }
}

/// Process-wide SDL initialisation; every call is idempotent (SDL, TTF and IMG count their own inits).
enum SDLLibrary {
  /// Makes SDL use the video driver `name` (tests: "dummy") when video starts. A hint, not an environment
  /// variable, so processes started from this one (the real-window tests) keep their display.
  static func preferVideoDriver(_ name: String) {
    if SDL_WasInit(SDL_INIT_VIDEO) == 0 { SDL_SetHint(SDL_HINT_VIDEODRIVER, name) }
  }

  /// Initialises the video subsystem, for a window (or the dummy driver in tests).
  static func startVideo() throws(SDLError) {
    SDL_SetMainReady()
    if SDL_WasInit(SDL_INIT_VIDEO) == 0 {
      SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
      guard SDL_Init(SDL_INIT_VIDEO) == 0 else { throw SDLError("SDL_Init(SDL_INIT_VIDEO)") }
    }
    try startText()
  }

  /// Initialises SDL_ttf and SDL_image's PNG support (enough for headless rendering).
  /// Safe from any thread (start-up measures text on one while the main thread opens the window).
  static func startText() throws(SDLError) {
    let failed: SDLError? = textStart.withLock { _ in
      SDL_SetMainReady()
      if TTF_WasInit() == 0 {
        guard TTF_Init() == 0 else { return SDLError("TTF_Init") }
      }
      let png = Int32(IMG_INIT_PNG.rawValue)
      guard IMG_Init(png) & png != 0 else { return SDLError("IMG_Init(IMG_INIT_PNG)") }
      return nil
    }
    if let failed { throw failed }
  }

  private static let textStart = Mutex(())
}
