/// A reusable block of opaque 32-bit pixels in the layout of SDL's `SDL_PIXELFORMAT_ARGB8888`: one `UInt32`
/// per pixel, `0xAARRGGBB`, row by row from the top left, with no padding between rows.
///
/// The memory is allocated once and kept across frames and resizes (it only grows), so a steady stream of
/// frames allocates nothing. Not Sendable: use it from one thread.
public final class PixelBuffer {
  public private(set) var width: Int
  public private(set) var height: Int
  /// The first pixel; `width * height` pixels follow. Changes only when `resize` must grow the memory.
  public private(set) var pixels: UnsafeMutablePointer<UInt32>
  private var capacity: Int

  /// A `width` × `height` buffer, black.
  public init(width: Int, height: Int) {
    self.width = max(width, 0)
    self.height = max(height, 0)
    capacity = max(self.width * self.height, 1)
    pixels = .allocate(capacity: capacity)
    pixels.initialize(repeating: 0xFF00_0000, count: capacity)
  }

  deinit { pixels.deallocate() }

  /// Bytes per row.
  public var pitch: Int { width * 4 }

  /// The whole buffer as a pixel rectangle.
  public var bounds: PixelRect { PixelRect(x0: 0, y0: 0, x1: width, y1: height) }

  /// Changes the size; the contents are undefined afterwards (draw a whole frame).
  func resize(width: Int, height: Int) {
    let width = max(width, 0)
    let height = max(height, 0)
    guard width != self.width || height != self.height else { return }
    let needed = max(width * height, 1)
    if needed > capacity {
      pixels.deallocate()
      pixels = .allocate(capacity: needed)
      pixels.initialize(repeating: 0xFF00_0000, count: needed)
      capacity = needed
    }
    self.width = width
    self.height = height
  }

  /// Sets every pixel to `color` (its alpha is ignored: the buffer is opaque).
  func clear(to color: RGBA) {
    pixels.update(repeating: Paint(color).rgb, count: width * height)
  }

  /// Copies `source`'s pixels in `rect` (within both buffers once moved by `offset`) to `rect` moved by
  /// `offset` here, row by row.
  public func copy(_ rect: PixelRect, of source: PixelBuffer, offset: (x: Int, y: Int) = (0, 0)) {
    let w = rect.x1 - rect.x0
    guard w > 0 else { return }
    for y in rect.y0..<rect.y1 {
      (pixels + (y + offset.y) * width + rect.x0 + offset.x).update(
        from: source.pixels + y * source.width + rect.x0, count: w)
    }
  }

  /// The pixel at (`x`, `y`), or nil outside the buffer.
  public func pixel(_ x: Int, _ y: Int) -> RGBA? {
    guard x >= 0, y >= 0, x < width, y < height else { return nil }
    return RGBA(argb: pixels[y * width + x])
  }

  /// A copy of the pixels.
  public func bitmap() -> Bitmap {
    let count = width * height
    let out = [RGBA](unsafeUninitializedCapacity: count) { storage, initialized in
      for i in 0..<count { storage[i] = RGBA(argb: pixels[i]) }
      initialized = count
    }
    return Bitmap(width: width, height: height, pixels: out)
  }
}

/// A rectangle of whole pixels, `x0..<x1` × `y0..<y1` (empty when either range is).
public struct PixelRect: Hashable, Sendable {
  public var x0: Int
  public var y0: Int
  public var x1: Int
  public var y1: Int

  public init(x0: Int, y0: Int, x1: Int, y1: Int) {
    self.x0 = x0
    self.y0 = y0
    self.x1 = x1
    self.y1 = y1
  }

  public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

  /// How many pixels it holds (0 when empty).
  public var area: Int { isEmpty ? 0 : (x1 - x0) * (y1 - y0) }

  /// Whether every pixel of `inner` is in this rectangle.
  public func contains(_ inner: PixelRect) -> Bool {
    inner.x0 >= x0 && inner.y0 >= y0 && inner.x1 <= x1 && inner.y1 <= y1
  }

  /// The pixels in both rectangles.
  public func intersection(_ other: PixelRect) -> PixelRect {
    PixelRect(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
  }

  /// The smallest rectangle holding both.
  public func union(_ other: PixelRect) -> PixelRect {
    PixelRect(x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
  }
}

extension RGBA {
  /// Unpacks an ARGB8888 pixel.
  public init(argb v: UInt32) {
    self.init(
      UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v),
      UInt8(v >> 24))
  }
}
