/// A line of text rasterised once as 8-bit coverage (0 = none, 255 = full), independent of its colour, so
/// the rasterizer can draw it in any colour without rasterising it again.
public struct TextMask: Sendable {
  public var width: Int
  public var height: Int
  /// `width * height` coverage values, row by row from the top left.
  public var coverage: [UInt8]
  /// Per row, the columns `rows[2y]..<rows[2y + 1]` outside which the coverage is 0 (blits skip the rest).
  var rows: [Int32]

  public init(width: Int, height: Int, coverage: [UInt8]) {
    precondition(coverage.count == width * height, "a text mask needs width × height coverage values")
    self.width = width
    self.height = height
    self.coverage = coverage
    var rows = [Int32](repeating: 0, count: 2 * height)
    for y in 0..<height {
      let row = coverage[(y * width)..<(y * width + width)]
      guard let first = row.firstIndex(where: { $0 != 0 }), let last = row.lastIndex(where: { $0 != 0 }) else {
        continue
      }
      rows[2 * y] = Int32(first - y * width)
      rows[2 * y + 1] = Int32(last + 1 - y * width)
    }
    self.rows = rows
  }
}

/// What a text mask depends on: the string, the face and the whole pixel size (not the colour).
public struct TextMaskKey: Hashable, Sendable {
  public var text: String
  public var face: FontFace
  public var size: Int

  public init(text: String, face: FontFace, size: Int) {
    self.text = text
    self.face = face
    self.size = size
  }
}
