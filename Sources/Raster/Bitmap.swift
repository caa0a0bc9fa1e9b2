/// Pixels read back from an offscreen render, row by row from the top left.
public struct Bitmap: Sendable, Equatable {
  public var width: Int
  public var height: Int
  public var pixels: [RGBA]

  public init(width: Int, height: Int, pixels: [RGBA]) {
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// The pixel at (`x`, `y`), or nil outside the bitmap.
  public func pixel(_ x: Int, _ y: Int) -> RGBA? {
    guard x >= 0, y >= 0, x < width, y < height else { return nil }
    return pixels[y * width + x]
  }
}
