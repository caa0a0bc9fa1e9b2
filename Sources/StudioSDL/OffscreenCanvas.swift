import CSDL2
import Raster
import SafeWriting
import StudioCore
import TouchSim

/// Draws commands without a display, with the pure-Swift `Rasterizer` into an ARGB8888 pixel buffer; SDL_ttf
/// rasterises text (once per string, face and size) and SDL_image writes PNGs.
///
/// Keep one to draw many frames (its text masks then stay cached as in the window). Not Sendable: main
/// actor only.
public final class OffscreenCanvas {
  private let rasterizer: Rasterizer
  private let fonts: FontLibrary
  private let masks: TextMaskCache

  /// A `width` × `height` pixel target; fonts from `assetsDirectory` (default: the located `Assets/`).
  public convenience init(width: Int, height: Int) throws {
    try self.init(width: width, height: height, assetsDirectory: ResourceLocator.assetsDirectory())
  }

  public init(width: Int, height: Int, assetsDirectory: String) throws(SDLError) {
    try SDLLibrary.startText()
    rasterizer = Rasterizer(width: width, height: height)
    fonts = FontLibrary(assetsDirectory: assetsDirectory)
    masks = TextMaskCache(fonts: fonts)
  }

  /// How many text masks the canvas has rasterised so far (drawing unchanged text again adds none).
  public var textMasksCreated: Int { masks.masksCreated }

  /// Draws `commands` over black. The canvas keeps its last frame and only draws again where the new one
  /// differs (as the window does); the pixels are those of a whole frame.
  public func draw(_ commands: [DrawCommand]) throws(SDLError) {
    try rasterizer.render(commands, masks: masks)
  }

  /// The pixels the last `draw` changed.
  var damage: [PixelRect] { rasterizer.damage }

  /// The pixels drawn so far.
  public func bitmap() -> Bitmap { rasterizer.buffer.bitmap() }

  /// The pixels drawn so far as they lie in memory, without a copy: 4 bytes a pixel, row after row, in
  /// the order blue, green, red, alpha (FFmpeg's `bgra`; SDL's ARGB8888 on a little-endian machine).
  public func withPixelBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    let buffer = rasterizer.buffer
    return try body(UnsafeRawBufferPointer(start: buffer.pixels, count: buffer.width * buffer.height * 4))
  }

  /// The pixels as the bytes of a PNG file.
  public func pngData() throws(SDLError) -> [UInt8] { try rasterizer.buffer.pngData() }

  /// The pixels inside `crop` (clamped to the canvas) as the bytes of a PNG file.
  public func pngData(crop: PixelRect) throws(SDLError) -> [UInt8] {
    let buffer = rasterizer.buffer
    let r = crop.intersection(buffer.bounds)
    guard !r.isEmpty else { throw SDLError("an empty picture (\(crop) is outside the canvas)") }
    let part = PixelBuffer(width: r.x1 - r.x0, height: r.y1 - r.y0)
    part.copy(r, of: buffer, offset: (-r.x0, -r.y0))
    return try part.pngData()
  }

  /// Writes the pixels to a PNG file (with `SafeWriter`: a failure is a `WriteError` with its reason).
  public func savePNG(_ path: String) throws { try rasterizer.buffer.savePNG(path) }
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
          pixels.append(RGBA(argb: base.load(fromByteOffset: y * pitch + x * 4, as: UInt32.self)))
        }
      }
    }
    self.init(width: w, height: h, pixels: pixels)
  }
}
