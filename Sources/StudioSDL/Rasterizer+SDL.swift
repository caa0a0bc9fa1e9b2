import CSDL2
import Raster
import StudioCore

extension Rasterizer {
  /// A whole frame: `commands` over black, their text from `masks` (rasterised by SDL_ttf on first use),
  /// then the end of the masks' frame. Only what changed since the last frame is drawn again (`damage`).
  func render(_ commands: [DrawCommand], masks: TextMaskCache) throws(SDLError) {
    defer { masks.endFrame() }
    try updateFrame(commands, background: .black) { key throws(SDLError) in try masks.mask(key) }
  }
}

extension PixelBuffer {
  /// Writes the pixels to a PNG file (SDL_image), without copying them.
  func savePNG(_ path: String) throws(SDLError) {
    guard
      let surface = SDL_CreateRGBSurfaceWithFormatFrom(
        pixels, Int32(width), Int32(height), 32, Int32(pitch), SDL_PIXELFORMAT_ARGB8888.rawValue)
    else { throw SDLError("SDL_CreateRGBSurfaceWithFormatFrom") }
    defer { SDL_FreeSurface(surface) }
    guard IMG_SavePNG(surface, path) == 0 else { throw SDLError("IMG_SavePNG(\(path))") }
  }
}
