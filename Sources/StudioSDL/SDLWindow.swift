import CSDL2
import Foundation
import Geometry
import Raster
import StudioCore
import TouchSim

/// A resizable, HiDPI-aware window with an accelerated renderer (software as a fallback).
///
/// Frames are drawn by the pure-Swift `Rasterizer` into a pixel buffer, uploaded into one streaming texture
/// and copied to the window; an unchanged frame is neither drawn nor uploaded again. Translates SDL events
/// into `StudioInput` values at the edge; nothing past it sees SDL types. Not Sendable: main actor only.
final class SDLWindow {
  private let window: OpaquePointer
  private let renderer: OpaquePointer
  private var fonts: FontLibrary
  private var masks: TextMaskCache
  private var rasterizer = Rasterizer(width: 0, height: 0)
  /// A first frame drawn before the window opened (`adopt`), kept through the texture's creation.
  private var adopted = false
  /// The streaming ARGB8888 texture the frame is uploaded into, the size of the drawable.
  private var texture: OpaquePointer?
  private var textureSize = (width: 0, height: 0)
  /// The texture was made and no frame was uploaded into it yet.
  private var textureBlank = false
  /// The commands of the frame in `texture`, to skip drawing and uploading an identical frame.
  /// How many frames were drawn and uploaded (identical frames presented again are not counted).
  private(set) var framesDrawn = 0

  /// The UI scale the window opened with: `scale` when given, else the display's (`UIScale.detect`).
  let uiScale: Double

  /// Opens the window, `width` × `height` UI points (at most 95 % of the display's usable area), centred.
  /// Where the drawable has as many pixels as the window (X11), a UI scale of 2 opens it twice as large in
  /// pixels and every panel draws at twice the size: the same layout, sharper.
  /// `hidden`: opened unseen, for `show` once what it will show is ready (nothing flashes up and away when
  /// that fails).
  init(
    title: String, width: Int, height: Int, scale: Double?, assetsDirectory: String, hidden: Bool = false
  ) throws(SDLError) {
    // SDL turns SIGINT and SIGTERM into a quit event (the same as the close button: live touches are
    // cancelled, the trace written). A parent may have started us with them blocked (test runners do):
    // unblock them, or `kill` would leave the window running.
    var quitSignals = sigset_t()
    sigemptyset(&quitSignals)
    sigaddset(&quitSignals, SIGINT)
    sigaddset(&quitSignals, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &quitSignals, nil)
    try SDLLibrary.startVideo()
    // Without a display SDL falls back to a driver that shows nothing; say so instead of running unseen
    // (unless a driver was asked for on purpose, as the tests do).
    if let name = SDL_GetCurrentVideoDriver().map({ String(cString: $0) }), ["dummy", "offscreen"].contains(name),
      SDL_GetHint(SDL_HINT_VIDEODRIVER) == nil, getenv("SDL_VIDEODRIVER") == nil
    {
      throw SDLError("no display to open a window on (is DISPLAY set?); `touchscope render` draws without one")
    }
    let scale = scale ?? UIScale.detect()
    uiScale = scale
    var width = Int((Double(width) * scale).rounded())
    var height = Int((Double(height) * scale).rounded())
    var usable = SDL_Rect()
    if SDL_GetDisplayUsableBounds(0, &usable) == 0, usable.w > 0, usable.h > 0 {
      width = min(width, Int(Double(usable.w) * 0.95))
      height = min(height, Int(Double(usable.h) * 0.95))
    }
    let flags =
      SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
      | (hidden ? SDL_WINDOW_HIDDEN.rawValue : SDL_WINDOW_SHOWN.rawValue)
    guard
      let window = SDL_CreateWindow(
        title, TS_WindowPosCentered(), TS_WindowPosCentered(), Int32(width), Int32(height), flags)
    else { throw SDLError("SDL_CreateWindow") }
    // The frame is rasterised here already, so the renderer only shows one texture: SDL's software
    // renderer does that with a copy into the window (about 3 ms at 1440x900 on the development VM),
    // where an OpenGL driver without a GPU (llvmpipe under Xvfb, remote desktops) takes 20 ms a frame
    // and 100 ms to start. SDL_RENDER_DRIVER=opengl (or another driver) in the environment still picks
    // one on purpose.
    SDL_SetHintWithPriority(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0", SDL_HINT_DEFAULT)
    let chosen = getenv("SDL_RENDER_DRIVER") != nil
    guard
      let renderer = SDL_CreateRenderer(window, -1, chosen ? 0 : SDL_RENDERER_SOFTWARE.rawValue)
        ?? SDL_CreateRenderer(window, -1, 0)
    else {
      SDL_DestroyWindow(window)
      throw SDLError("SDL_CreateRenderer")
    }
    self.window = window
    self.renderer = renderer
    fonts = FontLibrary(assetsDirectory: assetsDirectory)
    masks = TextMaskCache(fonts: fonts)
    SDL_SetWindowMinimumSize(window, 480, 360)
  }

  /// Takes `drawn` (a frame drawn on another thread while the window opened, with its fonts and masks)
  /// as what this window last drew, when it has the window's size: the first `present` then draws only
  /// what differs from it. Before the first `present` only.
  /// True when it was taken.
  @discardableResult
  func adopt(_ drawn: DrawnFrame) -> Bool {
    var w: Int32 = 0
    var h: Int32 = 0
    SDL_GetRendererOutputSize(renderer, &w, &h)
    guard framesDrawn == 0, !adopted, drawn.rasterizer.buffer.width == Int(w), drawn.rasterizer.buffer.height == Int(h)
    else {
      return false
    }
    fonts = drawn.fonts
    masks = drawn.masks
    rasterizer = drawn.rasterizer
    adopted = true
    return true
  }

  /// Makes the texture the first `present` uploads into, at the drawable's size, before that frame is
  /// ready (`StudioApp.launch` calls it while the first frame is still being prepared: at 1440x900 its
  /// 5 MB take about 3 ms to clear). The first `present` still uploads its frame whole.
  func makeTexture() throws(SDLError) {
    _ = try textureForDrawable()
  }

  /// The texture at the drawable's size, made anew when there is none or the drawable's size changed;
  /// `fresh`: nothing of a frame is in it yet, the next upload must be whole.
  private func textureForDrawable() throws(SDLError) -> (size: (width: Int, height: Int), fresh: Bool) {
    var w: Int32 = 0
    var h: Int32 = 0
    SDL_GetRendererOutputSize(renderer, &w, &h)
    let size = (width: max(Int(w), 1), height: max(Int(h), 1))
    guard texture == nil || size != textureSize else { return (size, textureBlank) }
    if let texture { SDL_DestroyTexture(texture) }
    texture = nil
    guard
      let created = SDL_CreateTexture(
        renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
        Int32(size.width), Int32(size.height))
    else { throw SDLError("SDL_CreateTexture") }
    SDL_SetTextureBlendMode(created, SDL_BLENDMODE_NONE)
    texture = created
    textureSize = size
    textureBlank = true
    return (size, true)
  }

  /// The window's pixels as the renderer holds them after the last `present` (ARGB), for tests.
  func renderedPixels() -> [UInt32] {
    var w: Int32 = 0
    var h: Int32 = 0
    SDL_GetRendererOutputSize(renderer, &w, &h)
    var pixels = [UInt32](repeating: 0, count: Int(w) * Int(h))
    let read = pixels.withUnsafeMutableBytes {
      SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, $0.baseAddress, w * 4)
    }
    return read == 0 ? pixels : []
  }

  /// Shows a window opened hidden.
  func show() { SDL_ShowWindow(window) }

  deinit {
    if let texture { SDL_DestroyTexture(texture) }
    SDL_DestroyRenderer(renderer)
    SDL_DestroyWindow(window)
  }

  /// Text masks drawn by an earlier run (`TextCacheFile`).
  func seedMasks(_ masks: [TextCacheFile.Mask]) { self.masks.seed(masks) }
  /// The masks held now that `TextCacheFile` keeps.
  func keptMasks() -> [TextCacheFile.Mask] { masks.keptMasks() }
  /// How many text masks SDL_ttf drew so far.
  var masksDrawn: Int { masks.masksCreated }

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

  /// Blocks until an event is waiting or `timeoutMilliseconds` have passed, without taking the event from
  /// the queue (`pollInputs` reads it); true when an event is waiting.
  @discardableResult
  func waitForInput(timeoutMilliseconds: Int) -> Bool {
    guard timeoutMilliseconds > 0 else {
      // SDL_WaitEventTimeout with no time to wait can stop at its poll sentinel: look at the queue instead.
      SDL_PumpEvents()
      return SDL_PeepEvents(nil, 1, SDL_PEEKEVENT, SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) > 0
    }
    return SDL_WaitEventTimeout(nil, Int32(clamping: timeoutMilliseconds)) != 0
  }

  /// Ends a wait for input (`waitForInput`) from any thread: an event the window ignores (the scene file
  /// watcher's, when the file changed). SDL's event queue may be written from any thread.
  static func wake() {
    var e = SDL_Event()
    e.type = SDL_USEREVENT.rawValue
    SDL_PushEvent(&e)
  }

  /// Draws a frame and presents it; with `screenshot`, the frame is drawn even when unchanged (then
  /// `framePNG()` encodes it).
  ///
  /// When `commands` equal the last frame's and the drawable kept its size, the frame already in the
  /// texture is presented again without drawing or uploading it.
  func present(_ commands: [DrawCommand], screenshot: Bool = false) throws(SDLError) {
    let (size, fresh) = try textureForDrawable()
    if fresh && (!adopted || rasterizer.buffer.width != size.width || rasterizer.buffer.height != size.height) {
      rasterizer.resize(width: size.width, height: size.height)
    }
    adopted = false
    underOverlay = nil
    // The rasterizer's buffer holds the frame last drawn (nil after a resize, a failed upload or an overlay).
    if screenshot || rasterizer.shownFrame != commands || fresh {
      if screenshot || rasterizer.shownFrame != commands { try rasterizer.render(commands, masks: masks) }
      // Only the rectangles that changed go to the texture (it keeps the rest of the last frame); a new
      // texture takes the whole buffer.
      let buffer = rasterizer.buffer
      let whole = PixelRect(x0: 0, y0: 0, x1: buffer.width, y1: buffer.height)
      for r in fresh ? [whole] : rasterizer.damage {
        var rect = SDL_Rect(x: Int32(r.x0), y: Int32(r.y0), w: Int32(r.x1 - r.x0), h: Int32(r.y1 - r.y0))
        guard SDL_UpdateTexture(texture, &rect, buffer.pixels + r.y0 * buffer.width + r.x0, Int32(buffer.pitch)) == 0
        else {
          rasterizer.shownFrame = nil  // the texture is behind: the next frame is drawn and sent whole
          throw SDLError("SDL_UpdateTexture")
        }
      }
      textureBlank = false
      framesDrawn += 1
    }
    SDL_RenderCopy(renderer, texture, nil, nil)
    SDL_RenderPresent(renderer)
    needsRepaint = false
  }

  /// The pixels of the last frame drawn by `present`, kept while overlays are drawn over it.
  private var underOverlay: (pixels: [UInt32], width: Int, height: Int)?

  /// Presents the last frame drawn by `present` with `overlay` drawn over it, without drawing that frame
  /// again (while the model is busy its frame may be large: only the overlay is drawn). The next `present`
  /// draws its frame whole.
  func presentOverlay(_ overlay: [DrawCommand]) throws(SDLError) {
    guard let texture, rasterizer.buffer.width == textureSize.width, rasterizer.buffer.height == textureSize.height
    else { return }
    let buffer = rasterizer.buffer
    let count = buffer.width * buffer.height
    if let saved = underOverlay, saved.width == buffer.width, saved.height == buffer.height {
      saved.pixels.withUnsafeBufferPointer { buffer.pixels.update(from: $0.baseAddress!, count: count) }
    } else {
      underOverlay = (Array(UnsafeBufferPointer(start: buffer.pixels, count: count)), buffer.width, buffer.height)
    }
    defer { masks.endFrame() }
    try rasterizer.draw(overlay) { key throws(SDLError) in try masks.mask(key) }
    guard SDL_UpdateTexture(texture, nil, buffer.pixels, Int32(buffer.pitch)) == 0 else {
      throw SDLError("SDL_UpdateTexture")
    }
    SDL_RenderCopy(renderer, texture, nil, nil)
    SDL_RenderPresent(renderer)
    needsRepaint = false
  }

  /// The frame last presented, as the bytes of a PNG file (for F12; the window writes them).
  func framePNG() throws(SDLError) -> [UInt8] { try rasterizer.buffer.pngData() }

  /// The pixels of the frame last drawn by `present` (what F9 records).
  var framePixels: PixelBuffer { rasterizer.buffer }

  /// Every pending event, translated; positions in pixels.
  func pollInputs() -> [StudioInput] {
    var out: [StudioInput] = []
    var event = SDL_Event()
    let scale = pixelScale
    let size = pixelSize
    while true {
      guard SDL_PollEvent(&event) != 0 else {
        // SDL_PollEvent stops at the end of a poll cycle, and a wait for input can leave that mark ahead of
        // the events it waited for: go on while events are queued.
        if SDL_PeepEvents(nil, 1, SDL_PEEKEVENT, SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) > 0 { continue }
        break
      }
      if event.type == SDL_WINDOWEVENT.rawValue && Self.needsRepaint(UInt32(event.window.event)) {
        needsRepaint = true
      }
      // Some renderers lose their textures' contents on a reset: the next frame is drawn and sent whole.
      if event.type == SDL_RENDER_TARGETS_RESET.rawValue || event.type == SDL_RENDER_DEVICE_RESET.rawValue {
        needsRepaint = true
        rasterizer.shownFrame = nil
      }
      if let input = Self.translate(event, pixelScale: scale, pixelSize: size) { out.append(input) }
    }
    return out
  }

  /// The window was uncovered, shown, restored or resized since the last present: its pixels must be
  /// presented again even if the frame did not change.
  private(set) var needsRepaint = false

  private static func needsRepaint(_ kind: UInt32) -> Bool {
    [
      SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_RESTORED, SDL_WINDOWEVENT_SIZE_CHANGED,
      SDL_WINDOWEVENT_MAXIMIZED,
    ].contains { $0.rawValue == kind }
  }

  /// One SDL event as a `StudioInput`, or nil for events the window ignores.
  static func translate(_ e: SDL_Event, pixelScale: Double, pixelSize: Size) -> StudioInput? {
    let leftButton = UInt8(SDL_BUTTON_LEFT)
    // Mouse events SDL synthesizes from a touchscreen carry SDL_TOUCH_MOUSEID (UInt32.max): the finger
    // events already stand for them, so they are dropped and one finger never shows twice.
    let touchMouse = UInt32.max
    switch SDL_EventType(rawValue: e.type) {
    case SDL_QUIT:
      return .quit
    case SDL_WINDOWEVENT:
      let kind = UInt32(e.window.event)
      if kind == SDL_WINDOWEVENT_FOCUS_LOST.rawValue { return .focusLost }
      if kind == SDL_WINDOWEVENT_CLOSE.rawValue { return .quit }
      return nil
    case SDL_KEYDOWN:
      let mods = modifiers(UInt32(e.key.keysym.mod))
      // Pressing Alt or Shift alone adds the simulated second finger (the model follows the modifiers).
      if isModifier(e.key.keysym.sym) { return .modifiers(mods.adding(e.key.keysym.sym)) }
      guard let key = key(e.key.keysym.sym) else { return nil }
      // A held key repeats; the keys that write files act once per press (holding F12 would otherwise
      // write a screenshot with every repeat, holding Ctrl+Shift+S a take).
      if e.key.`repeat` != 0 && Self.writesAFile(key, mods) { return nil }
      return .key(key, mods)
    case SDL_KEYUP:
      return isModifier(e.key.keysym.sym) ? .modifiers(modifiers(UInt32(e.key.keysym.mod))) : nil
    case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
      let isDown = e.type == SDL_MOUSEBUTTONDOWN.rawValue
      if e.button.which != touchMouse, e.button.button == UInt8(SDL_BUTTON_RIGHT), isDown {
        return .contextClick(at: Point(Double(e.button.x) * pixelScale, Double(e.button.y) * pixelScale))
      }
      guard e.button.which != touchMouse, e.button.button == leftButton else { return nil }
      let p = Point(Double(e.button.x) * pixelScale, Double(e.button.y) * pixelScale)
      return e.type == SDL_MOUSEBUTTONDOWN.rawValue ? .pointerDown(.mouse, at: p) : .pointerUp(.mouse, at: p)
    case SDL_MOUSEMOTION:
      guard e.motion.which != touchMouse else { return nil }
      let p = Point(Double(e.motion.x) * pixelScale, Double(e.motion.y) * pixelScale)
      return e.motion.state & UInt32(TS_ButtonMask(Int32(SDL_BUTTON_LEFT))) != 0
        ? .pointerMoved(.mouse, to: p) : .hover(p)
    case SDL_MOUSEWHEEL:
      guard e.wheel.which != touchMouse else { return nil }
      var x: Int32 = 0
      var y: Int32 = 0
      SDL_GetMouseState(&x, &y)
      return .wheel(dy: Double(e.wheel.y), at: Point(Double(x) * pixelScale, Double(y) * pixelScale))
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

  /// F12 (screenshot), Ctrl+S and Ctrl+Shift+S (save, save a take).
  static func writesAFile(_ key: StudioKey, _ mods: Modifiers) -> Bool {
    key == .function(12) || (mods.control && (key == .character("s") || key == .character("S")))
  }

  private static func modifiers(_ m: UInt32) -> Modifiers {
    Modifiers(
      shift: m & UInt32(KMOD_SHIFT.rawValue) != 0, control: m & UInt32(KMOD_CTRL.rawValue) != 0,
      alt: m & UInt32(KMOD_ALT.rawValue) != 0)
  }

  private static func isModifier(_ sym: SDL_Keycode) -> Bool {
    [SDLK_LSHIFT, SDLK_RSHIFT, SDLK_LALT, SDLK_RALT, SDLK_LCTRL, SDLK_RCTRL].contains {
      $0.rawValue == UInt32(bitPattern: sym)
    }
  }

  private static func key(_ sym: SDL_Keycode) -> StudioKey? {
    let k = UInt32(bitPattern: sym)
    switch k {
    case SDLK_ESCAPE.rawValue: return .escape
    case SDLK_LEFT.rawValue: return .left
    case SDLK_RIGHT.rawValue: return .right
    case SDLK_UP.rawValue: return .up
    case SDLK_DOWN.rawValue: return .down
    case SDLK_BACKSPACE.rawValue: return .backspace
    case SDLK_TAB.rawValue: return .tab
    case SDLK_RETURN.rawValue, SDLK_KP_ENTER.rawValue: return .enter
    case SDLK_SPACE.rawValue: return .space
    case SDLK_KP_PLUS.rawValue: return .character("+")
    case SDLK_KP_MINUS.rawValue: return .character("-")
    default: break
    }
    if k >= SDLK_F1.rawValue && k <= SDLK_F12.rawValue {
      return .function(Int(k - SDLK_F1.rawValue) + 1)
    }
    if isModifier(sym) { return nil }
    if sym >= 32 && sym < 127, let scalar = Unicode.Scalar(UInt32(sym)) { return .character(Character(scalar)) }
    return nil
  }

  // MARK: Test hooks: real SDL events pushed into the queue

  /// Pushes a real touchscreen finger event (normalised 0...1 coordinates) into SDL's event queue,
  /// optionally followed by the mouse event SDL would synthesize from it (which the window must drop).
  func pushFinger(_ kind: FingerEventKind, finger: Int64, x: Double, y: Double, synthesizeMouse: Bool) {
    var e = SDL_Event()
    switch kind {
    case .down: e.type = SDL_FINGERDOWN.rawValue
    case .motion: e.type = SDL_FINGERMOTION.rawValue
    case .up: e.type = SDL_FINGERUP.rawValue
    }
    e.tfinger.timestamp = SDL_GetTicks()
    e.tfinger.touchId = 1
    e.tfinger.fingerId = finger
    e.tfinger.x = Float(x)
    e.tfinger.y = Float(y)
    e.tfinger.pressure = kind == .up ? 0 : 1
    e.tfinger.windowID = SDL_GetWindowID(window)
    SDL_PushEvent(&e)
    guard synthesizeMouse else { return }
    var w: Int32 = 0
    var h: Int32 = 0
    SDL_GetWindowSize(window, &w, &h)
    var m = SDL_Event()
    let px = Int32(x * Double(w))
    let py = Int32(y * Double(h))
    switch kind {
    case .down, .up:
      m.type = kind == .down ? SDL_MOUSEBUTTONDOWN.rawValue : SDL_MOUSEBUTTONUP.rawValue
      m.button.which = UInt32.max
      m.button.button = UInt8(SDL_BUTTON_LEFT)
      m.button.state = UInt8(kind == .down ? SDL_PRESSED : SDL_RELEASED)
      m.button.clicks = 1
      m.button.x = px
      m.button.y = py
      m.button.windowID = SDL_GetWindowID(window)
    case .motion:
      m.type = SDL_MOUSEMOTION.rawValue
      m.motion.which = UInt32.max
      m.motion.state = UInt32(TS_ButtonMask(Int32(SDL_BUTTON_LEFT)))
      m.motion.x = px
      m.motion.y = py
      m.motion.windowID = SDL_GetWindowID(window)
    }
    SDL_PushEvent(&m)
  }
}

extension Modifiers {
  /// The modifiers with the key just pressed included (SDL reports `mod` before the key counts).
  fileprivate func adding(_ sym: SDL_Keycode) -> Modifiers {
    var m = self
    switch UInt32(bitPattern: sym) {
    case SDLK_LSHIFT.rawValue, SDLK_RSHIFT.rawValue: m.shift = true
    case SDLK_LALT.rawValue, SDLK_RALT.rawValue: m.alt = true
    case SDLK_LCTRL.rawValue, SDLK_RCTRL.rawValue: m.control = true
    default: break
    }
    return m
  }
}

/// A touchscreen event kind, for pushing test events.
public enum FingerEventKind: String, Sendable {
  case down, motion, up
}

/// A frame drawn off the main thread before the window opened (`StudioApp.launch`), with the fonts and
/// masks that drew it, for the window to `adopt`. Made on one thread, handed over once, then used only by
/// the window's.
final class DrawnFrame: @unchecked Sendable {
  let fonts: FontLibrary
  let masks: TextMaskCache
  let rasterizer: Rasterizer

  /// A canvas of `width` × `height` pixels with the fonts open and the masks an earlier run drew
  /// (`cachedMasks`), for `draw`.
  init(width: Int, height: Int, assetsDirectory: String, cachedMasks: [TextCacheFile.Mask]) throws(SDLError) {
    try SDLLibrary.startText()
    fonts = FontLibrary(assetsDirectory: assetsDirectory)
    masks = TextMaskCache(fonts: fonts)
    masks.seed(cachedMasks)
    rasterizer = Rasterizer(width: width, height: height)
  }

  /// Draws `commands`, the whole frame.
  func draw(_ commands: [DrawCommand]) throws(SDLError) {
    try rasterizer.render(commands, masks: masks)
  }
}
