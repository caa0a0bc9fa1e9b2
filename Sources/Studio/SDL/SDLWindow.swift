import CSDL2
import TouchSim

/// A resizable, HiDPI-aware window with an accelerated renderer (software as a fallback).
///
/// Translates SDL events into `StudioInput` values at the edge; nothing past it sees SDL types.
/// Not Sendable: main actor only.
final class SDLWindow {
  private let window: OpaquePointer
  private let renderer: OpaquePointer
  private let painter: CommandRenderer
  private let fonts: FontLibrary

  /// Opens the window, `width` × `height` points (at most 95 % of the display's usable area), centred.
  init(title: String, width: Int, height: Int, assetsDirectory: String) throws(SDLError) {
    try SDLLibrary.startVideo()
    var width = width
    var height = height
    var usable = SDL_Rect()
    if SDL_GetDisplayUsableBounds(0, &usable) == 0, usable.w > 0, usable.h > 0 {
      width = min(width, Int(Double(usable.w) * 0.95))
      height = min(height, Int(Double(usable.h) * 0.95))
    }
    let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue
    guard
      let window = SDL_CreateWindow(
        title, TS_WindowPosCentered(), TS_WindowPosCentered(), Int32(width), Int32(height), flags)
    else { throw SDLError("SDL_CreateWindow") }
    let accelerated = SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
    guard
      let renderer = SDL_CreateRenderer(window, -1, accelerated)
        ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
    else {
      SDL_DestroyWindow(window)
      throw SDLError("SDL_CreateRenderer")
    }
    self.window = window
    self.renderer = renderer
    fonts = FontLibrary(assetsDirectory: assetsDirectory)
    painter = CommandRenderer(renderer: renderer, fonts: fonts)
    SDL_SetWindowMinimumSize(window, 480, 360)
  }

  deinit {
    SDL_DestroyRenderer(renderer)
    SDL_DestroyWindow(window)
  }

  /// The drawable size in pixels.
  var pixelSize: Size {
    var w: Int32 = 0
    var h: Int32 = 0
    SDL_GetRendererOutputSize(renderer, &w, &h)
    return Size(Double(w), Double(h))
  }

  /// Pixels per window point (2 on a HiDPI screen).
  var pixelScale: Double {
    var w: Int32 = 0
    var h: Int32 = 0
    SDL_GetWindowSize(window, &w, &h)
    return w > 0 ? max(pixelSize.width / Double(w), 1) : 1
  }

  /// Milliseconds since SDL started.
  var ticks: Double { Double(SDL_GetTicks64()) }

  func delay(milliseconds: Int) { SDL_Delay(UInt32(max(milliseconds, 0))) }

  /// Draws a frame and presents it.
  func present(_ commands: [DrawCommand]) throws(SDLError) {
    SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
    SDL_RenderClear(renderer)
    try painter.draw(commands)
    SDL_RenderPresent(renderer)
  }

  /// Every pending event, translated; positions in pixels.
  func pollInputs() -> [StudioInput] {
    var out: [StudioInput] = []
    var event = SDL_Event()
    let scale = pixelScale
    let size = pixelSize
    while SDL_PollEvent(&event) != 0 {
      if let input = Self.translate(event, pixelScale: scale, pixelSize: size) { out.append(input) }
    }
    return out
  }

  /// One SDL event as a `StudioInput`, or nil for events the window ignores.
  static func translate(_ e: SDL_Event, pixelScale: Double, pixelSize: Size) -> StudioInput? {
    let leftButton = UInt8(SDL_BUTTON_LEFT)
    switch SDL_EventType(rawValue: e.type) {
    case SDL_QUIT:
      return .quit
    case SDL_WINDOWEVENT:
      let kind = UInt32(e.window.event)
      if kind == SDL_WINDOWEVENT_FOCUS_LOST.rawValue { return .focusLost }
      if kind == SDL_WINDOWEVENT_CLOSE.rawValue { return .quit }
      return nil
    case SDL_KEYDOWN:
      let sym = e.key.keysym.sym
      if sym == SDLK_ESCAPE.rawValue { return .key(.escape) }
      if sym >= 32 && sym < 127, let scalar = Unicode.Scalar(UInt32(sym)) { return .key(.character(Character(scalar))) }
      return nil
    case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
      // Mouse events SDL synthesizes from a touchscreen are dropped: fingers arrive as finger events.
      guard e.button.which != UInt32.max, e.button.button == leftButton else { return nil }
      let p = Point(Double(e.button.x) * pixelScale, Double(e.button.y) * pixelScale)
      return e.type == SDL_MOUSEBUTTONDOWN.rawValue ? .pointerDown(.mouse, at: p) : .pointerUp(.mouse, at: p)
    case SDL_MOUSEMOTION:
      guard e.motion.which != UInt32.max else { return nil }
      return .pointerMoved(.mouse, to: Point(Double(e.motion.x) * pixelScale, Double(e.motion.y) * pixelScale))
    case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
      let id = PointerID.finger(e.tfinger.fingerId)
      let p = Point(Double(e.tfinger.x) * pixelSize.width, Double(e.tfinger.y) * pixelSize.height)
      switch SDL_EventType(rawValue: e.type) {
      case SDL_FINGERDOWN: return .pointerDown(id, at: p)
      case SDL_FINGERUP: return .pointerUp(id, at: p)
      default: return .pointerMoved(id, to: p)
      }
    default:
      return nil
    }
  }
}
