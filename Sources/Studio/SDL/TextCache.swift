import CSDL2

/// Rendered text as textures, keyed by string, face, size and colour, so unchanged text costs one copy
/// per frame instead of a rasterisation and a texture upload.
///
/// Entries not drawn for `maxIdleFrames` frames are destroyed at the end of a frame. Not Sendable: main
/// actor only; the textures belong to one `SDL_Renderer`.
final class TextCache {
  struct Entry {
    var texture: OpaquePointer
    var width: Int32
    var height: Int32
    var lastUsed: Int
  }

  private struct Key: Hashable {
    var text: String
    var face: FontFace
    var size: Int
    var color: RGBA
  }

  private let renderer: OpaquePointer
  private let fonts: FontLibrary
  private var entries: [Key: Entry] = [:]
  private var frame = 0
  let maxIdleFrames: Int
  /// How many textures were created so far (for tests and the benchmark).
  private(set) var texturesCreated = 0

  init(renderer: OpaquePointer, fonts: FontLibrary, maxIdleFrames: Int = 120) {
    self.renderer = renderer
    self.fonts = fonts
    self.maxIdleFrames = maxIdleFrames
  }

  deinit {
    for entry in entries.values { SDL_DestroyTexture(entry.texture) }
  }

  var count: Int { entries.count }

  /// The texture for `text` (nil for empty text).
  func texture(_ text: String, face: FontFace, size: Int, color: RGBA) throws(SDLError) -> Entry? {
    guard !text.isEmpty else { return nil }
    let key = Key(text: text, face: face, size: size, color: color)
    if var entry = entries[key] {
      entry.lastUsed = frame
      entries[key] = entry
      return entry
    }
    let font = try fonts.font(face, size: size)
    let sdlColor = SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a)
    guard let surface = TTF_RenderUTF8_Blended(font, text, sdlColor) else { throw SDLError("TTF_RenderUTF8_Blended") }
    defer { SDL_FreeSurface(surface) }
    guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else {
      throw SDLError("SDL_CreateTextureFromSurface")
    }
    texturesCreated += 1
    let entry = Entry(texture: texture, width: surface.pointee.w, height: surface.pointee.h, lastUsed: frame)
    entries[key] = entry
    return entry
  }

  /// Ends a frame: destroys textures idle for too long.
  func endFrame() {
    frame += 1
    let stale = entries.filter { frame - $0.value.lastUsed > maxIdleFrames }
    for (key, entry) in stale {
      SDL_DestroyTexture(entry.texture)
      entries[key] = nil
    }
  }
}
