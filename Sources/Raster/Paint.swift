/// A colour prepared for the pixel loops: its opaque ARGB8888 value and its alpha apart.
struct Paint {
  /// `0xFFRRGGBB`.
  var rgb: UInt32
  /// 0 (invisible) ... 255 (opaque).
  var alpha: UInt32

  init(_ color: RGBA) {
    rgb = 0xFF00_0000 | UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b)
    alpha = UInt32(color.a)
  }

  /// The alpha to blend with at `coverage` (0...1) of a pixel.
  @inline(__always) func alpha(coverage: Double) -> UInt32 {
    UInt32(Double(alpha) * coverage + 0.5)
  }

  /// The alpha to blend with at 8-bit `coverage` (0...255) of a pixel.
  @inline(__always) func alpha(coverage: UInt32) -> UInt32 {
    alpha == 255 ? coverage : (coverage &* alpha &+ 127) / 255
  }
}

/// Integer "source over" blending of opaque pixels, two channels per multiply.
enum Blend {
  /// `source` (opaque ARGB) drawn with `alpha` (0...255) over the opaque pixel `destination`:
  /// each channel becomes `(s·a + d·(255 − a)) / 255`, rounded.
  @inline(__always) static func over(_ destination: UInt32, _ source: UInt32, _ alpha: UInt32) -> UInt32 {
    let inverse = 255 &- alpha
    var rb = (source & 0xFF00FF) &* alpha &+ (destination & 0xFF00FF) &* inverse &+ 0x80_0080
    rb = ((rb &+ ((rb >> 8) & 0xFF00FF)) >> 8) & 0xFF00FF
    var g = ((source >> 8) & 0xFF) &* alpha &+ ((destination >> 8) & 0xFF) &* inverse &+ 0x80
    g = (g &+ (g >> 8)) >> 8
    return 0xFF00_0000 | rb | (g << 8)
  }
}
