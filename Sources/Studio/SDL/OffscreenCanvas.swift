import CSDL2
import TouchSim

/// Draws commands without a display: an ARGB surface and SDL's software renderer.
///
/// Keep one to draw many frames (its text cache then works as in the window). Not Sendable: main actor
/// only.
public final class OffscreenCanvas {
  private let surface: UnsafeMutablePointer<SDL_Surface>
  private let renderer: OpaquePointer
  private let painter: CommandRenderer
  private let fonts: FontLibrary

  /// A `width` × `height` pixel target; fonts from `assetsDirectory` (default: the located `Assets/`).
  public convenience init(width: Int, height: Int) throws {
    try self.init(width: width, height: height, assetsDirectory: ResourceLocator.assetsDirectory())
  }

  public init(width: Int, height: Int, assetsDirectory: String) throws(SDLError) {
    try SDLLibrary.startText()
    guard
      let surface = SDL_CreateRGBSurfaceWithFormat(
        0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
    else { throw SDLError("SDL_CreateRGBSurfaceWithFormat") }
    guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
      SDL_FreeSurface(surface)
      throw SDLError("SDL_CreateSoftwareRenderer")
    }
    self.surface = surface
    self.renderer = renderer
    fonts = FontLibrary(assetsDirectory: assetsDirectory)
    painter = CommandRenderer(renderer: renderer, fonts: fonts)
  }

  deinit {
    SDL_DestroyRenderer(renderer)
    SDL_FreeSurface(surface)
  }

  /// How many text textures the canvas has rasterised so far.
  public var textTexturesCreated: Int { painter.textCache.texturesCreated }

  /// Clears to black and draws `commands`.
  public func draw(_ commands: [DrawCommand]) throws(SDLError) {
    SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
    SDL_RenderClear(renderer)
    try painter.draw(commands)
    SDL_RenderPresent(renderer)
  }

  /// The pixels drawn so far.
  public func bitmap() -> Bitmap { Bitmap(surface: surface) }

  /// Writes the pixels to a PNG file.
  public func savePNG(_ path: String) throws(SDLError) {
    guard IMG_SavePNG(surface, path) == 0 else { throw SDLError("IMG_SavePNG(\(path))") }
  }
}

extension Bitmap {
  /// Copies the pixels of an ARGB8888 surface.
  init(surface: UnsafeMutablePointer<SDL_Surface>) {
    let w = Int(surface.pointee.w)
    let h = Int(surface.pointee.h)
    let pitch = Int(surface.pointee.pitch)
    let mustLock = TS_MustLock(surface) != 0
    if mustLock { SDL_LockSurface(surface) }
    defer { if mustLock { SDL_UnlockSurface(surface) } }
    var pixels: [RGBA] = []
    pixels.reserveCapacity(w * h)
    if let base = surface.pointee.pixels.map(UnsafeRawPointer.init) {
      for y in 0..<h {
        for x in 0..<w {
          let v = base.load(fromByteOffset: y * pitch + x * 4, as: UInt32.self)
          pixels.append(RGBA(UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF), UInt8(v >> 24)))
        }
      }
    }
    self.init(width: w, height: h, pixels: pixels)
  }
}
