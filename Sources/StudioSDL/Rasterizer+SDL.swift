import CSDL2
import Raster
import SafeWriting
import SceneFile
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
  /// The pixels as the bytes of a PNG file (SDL_image), encoded in memory without copying the pixels:
  /// nothing reaches a file before the whole picture is encoded.
  func pngData() throws(SDLError) -> [UInt8] {
    guard
      let surface = SDL_CreateRGBSurfaceWithFormatFrom(
        pixels, Int32(width), Int32(height), 32, Int32(pitch), SDL_PIXELFORMAT_ARGB8888.rawValue)
    else { throw SDLError("SDL_CreateRGBSurfaceWithFormatFrom") }
    defer { SDL_FreeSurface(surface) }
    let sink = MemorySink()
    guard let rw = sink.rwops() else { throw SDLError("SDL_AllocRW") }
    // SDL_image closes (frees) the stream itself, whether it succeeds or not.
    let status = withExtendedLifetime(sink) { IMG_SavePNG_RW(surface, rw, 1) }
    guard status == 0 else { throw SDLError("IMG_SavePNG_RW") }
    return sink.bytes
  }

  /// Writes the pixels to a PNG file: encoded in memory, then written with `SafeWriter` (atomically for
  /// a regular file, in place for a device or FIFO; every failure a `WriteError` with its reason).
  func savePNG(_ path: String) throws {
    try SafeWriter.write(pngData(), to: path)
  }
}

/// A growing byte buffer behind an `SDL_RWops` that can only be written (and told its position).
private final class MemorySink {
  var bytes: [UInt8] = []

  /// A stream writing into `bytes`; it holds the sink unretained (the caller keeps it alive) and frees
  /// itself on close.
  func rwops() -> UnsafeMutablePointer<SDL_RWops>? {
    guard let rw = SDL_AllocRW() else { return nil }
    rw.pointee.type = UInt32(SDL_RWOPS_UNKNOWN)
    rw.pointee.hidden.unknown.data1 = Unmanaged.passUnretained(self).toOpaque()
    rw.pointee.size = { rw in rw.map { Int64(MemorySink.of($0).bytes.count) } ?? -1 }
    rw.pointee.seek = { rw, offset, whence in
      // Only "where am I" is answered; the PNG writer never moves back.
      guard let rw, offset == 0, whence == RW_SEEK_CUR || whence == RW_SEEK_END else { return -1 }
      return Int64(MemorySink.of(rw).bytes.count)
    }
    rw.pointee.read = { _, _, _, _ in 0 }
    rw.pointee.write = { rw, source, size, count in
      guard let rw, let source, size > 0, count > 0 else { return 0 }
      let (total, overflow) = size.multipliedReportingOverflow(by: count)
      guard !overflow else { return 0 }
      MemorySink.of(rw).bytes.append(contentsOf: UnsafeRawBufferPointer(start: source, count: total))
      return count
    }
    rw.pointee.close = { rw in
      if let rw { SDL_FreeRW(rw) }
      return 0
    }
    return rw
  }

  static func of(_ rw: UnsafeMutablePointer<SDL_RWops>) -> MemorySink {
    Unmanaged<MemorySink>.fromOpaque(rw.pointee.hidden.unknown.data1).takeUnretainedValue()
  }
}
