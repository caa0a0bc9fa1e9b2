import Geometry
import Testing

@testable import StudioSDL

/// What a recording sends FFmpeg: each pixel's first three bytes in their order, the fourth dropped
/// (`Packing`, used by `VideoEncoder.write`).
@Suite struct VideoPackingTests {
  /// Every count of pixels from none to 41 (the four-at-a-time part and each remainder), and a frame
  /// whose size is odd (1281x3), against dropping every fourth byte one at a time.
  @Test func eachPixelKeepsItsFirstThreeBytesInOrder() {
    var random = SplitMix(seed: 30)
    for pixels in Array(0...41) + [1281 * 3] {
      let source = (0..<pixels * 4).map { _ in UInt8.random(in: 0...255, using: &random) }
      var expected: [UInt8] = []
      for i in 0..<pixels { expected += source[i * 4..<i * 4 + 3] }
      // One byte more than needed, which must be left alone.
      var target = [UInt8](repeating: 0xA5, count: pixels * 3 + 1)
      source.withUnsafeBytes { from in target.withUnsafeMutableBytes { Packing.pack(from, into: $0) } }
      #expect(Array(target.prefix(pixels * 3)) == expected, "\(pixels) pixels")
      #expect(target.last == 0xA5, "\(pixels) pixels: wrote past its end")
    }
  }

  /// A window pixel `0xAARRGGBB` (blue first in memory) becomes blue, green, red: FFmpeg's `bgr24`.
  @Test func aWindowPixelBecomesBlueGreenRed() {
    let pixels: [UInt32] = [0xFF11_2233, 0x8044_5566, 0x0077_8899, 0xFFAA_BBCC, 0xFFDD_EEFF]
    var target = [UInt8](repeating: 0, count: pixels.count * 3)
    pixels.withUnsafeBytes { from in target.withUnsafeMutableBytes { Packing.pack(from, into: $0) } }
    #expect(
      target == [0x33, 0x22, 0x11, 0x66, 0x55, 0x44, 0x99, 0x88, 0x77, 0xCC, 0xBB, 0xAA, 0xFF, 0xEE, 0xDD])
    #expect(VideoEncoder.Pixels.bgra.packed == "bgr24" && VideoEncoder.Pixels.rgba.packed == "rgb24")
  }
}
