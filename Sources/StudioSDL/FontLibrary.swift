import CSDL2
import Raster
import StudioCore

/// The bundled fonts, opened lazily per face and pixel size.
///
/// Not Sendable: use it from the main actor only.
final class FontLibrary {
  let assetsDirectory: String
  private var fonts: [FontKey: OpaquePointer] = [:]

  private struct FontKey: Hashable {
    var face: FontFace
    var size: Int
  }

  init(assetsDirectory: String) {
    self.assetsDirectory = assetsDirectory
  }

  deinit {
    for font in fonts.values { TTF_CloseFont(font) }
  }

  /// The `TTF_Font*` for `face` at `size` pixels (at least 4).
  func font(_ face: FontFace, size: Int) throws(SDLError) -> OpaquePointer {
    let key = FontKey(face: face, size: max(size, 4))
    if let font = fonts[key] { return font }
    let path = assetsDirectory + "/" + face.fileName
    guard let font = TTF_OpenFont(path, Int32(key.size)) else { throw SDLError("TTF_OpenFont(\(path))") }
    fonts[key] = font
    return font
  }
}
