import CSDL2
import Geometry
import Raster
import StudioCore
import StudioUI
import TouchSim

/// Renders draw commands offscreen and returns the pixels (no display needed).
@MainActor
public func renderBitmap(_ commands: [DrawCommand], size: Size, assetsDirectory: String? = nil) throws -> Bitmap {
  let target = try OffscreenCanvas(
    width: Int(size.width), height: Int(size.height),
    assetsDirectory: assetsDirectory ?? ResourceLocator.assetsDirectory())
  try target.draw(commands)
  return target.bitmap()
}

/// Renders the whole window (every panel) as the model shows it now, headless, to a PNG file. The panels
/// measure text with the fonts that draw it (`SDLTextMeasurer`), as in the window, unless the model has a
/// measurer of its own.
@MainActor
public func renderWindowPNG(_ model: StudioModel, size: Size, path: String) throws {
  let target = try OffscreenCanvas(width: Int(size.width), height: Int(size.height))
  try target.draw(windowFrame(model, size: size).commands)
  try target.savePNG(path)
}

/// Renders the whole window as the model shows it now, headless, and returns the device's part of it
/// (`StudioModel.devicePicture`: with the rings of the question on screen and what the canvas draws
/// around the device) as the bytes of a PNG file: a handout's picture.
@MainActor
public func renderDevicePNG(_ model: StudioModel, size: Size) throws -> [UInt8] {
  let target = try OffscreenCanvas(width: Int(size.width), height: Int(size.height))
  try target.draw(windowFrame(model, size: size).commands)
  guard let picture = model.devicePicture else { throw SDLError("no frame was drawn") }
  let bitmap = target.bitmap()
  let crop = picture.crop(width: bitmap.width, height: bitmap.height) { x, y in bitmap.pixels[y * bitmap.width + x] }
  let r = PixelRect(
    x0: Int(crop.minX.rounded(.down)), y0: Int(crop.minY.rounded(.down)), x1: Int(crop.maxX.rounded(.up)),
    y1: Int(crop.maxY.rounded(.up)))
  return try target.pngData(crop: r)
}

/// Renders the whole window as the model shows it now, headless, and returns the pixels (text measured as
/// `renderWindowPNG` measures it).
@MainActor
public func renderWindowBitmap(_ model: StudioModel, size: Size) throws -> Bitmap {
  let target = try OffscreenCanvas(width: Int(size.width), height: Int(size.height))
  try target.draw(windowFrame(model, size: size).commands)
  return target.bitmap()
}

/// Renders the whole window as the model shows it now onto `canvas` (kept from one frame to the next, as
/// `renderWindowBitmap(_:on:size:)` keeps it), and leaves the pixels there: `canvas.withPixelBytes`
/// reads them without a copy.
@MainActor
public func renderWindow(_ model: StudioModel, on canvas: OffscreenCanvas, size: Size) throws {
  try canvas.draw(windowFrame(model, size: size).commands)
}

/// Renders the whole window as the model shows it now onto `canvas`, and returns the pixels: kept from one
/// frame to the next (as `touchscope record` keeps it), the canvas draws again only what changed and keeps
/// its text masks, as the window does.
@MainActor
public func renderWindowBitmap(_ model: StudioModel, on canvas: OffscreenCanvas, size: Size) throws -> Bitmap {
  try canvas.draw(windowFrame(model, size: size).commands)
  return canvas.bitmap()
}

/// The model's frame with text measured by SDL_ttf (the model's own measurer when it has one).
@MainActor
private func windowFrame(_ model: StudioModel, size: Size) throws -> DrawList {
  let measurer = try SDLTextMeasurer.shared(assetsDirectory: ResourceLocator.assetsDirectory())
  return TextMetrics.$measurer.withValue(measurer) { model.frame(size: size, pixelScale: 1) }
}

/// Reads a PNG file back as a bitmap (for tests of `renderPNG`).
@MainActor
public func loadPNG(path: String) throws -> Bitmap {
  try SDLLibrary.startText()
  guard let loaded = IMG_Load(path) else { throw SDLError("IMG_Load(\(path))") }
  defer { SDL_FreeSurface(loaded) }
  guard let surface = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
    throw SDLError("SDL_ConvertSurfaceFormat")
  }
  defer { SDL_FreeSurface(surface) }
  return Bitmap(surface: surface)
}
