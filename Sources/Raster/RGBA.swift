/// A colour with 8-bit red, green, blue and alpha channels (alpha 255 = opaque).
public struct RGBA: Hashable, Sendable, CustomStringConvertible {
  public var r: UInt8
  public var g: UInt8
  public var b: UInt8
  public var a: UInt8

  public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }

  /// Parses `#RRGGBB` or `#RRGGBBAA` (the `#` is optional); nil for anything else.
  /// Read byte by byte (the canvas asks for every view's fill each frame; `UInt32(_:radix:)` on a
  /// substring cost a tenth of placing the labels).
  public init?(hex: String) {
    var value: UInt32 = 0
    var count = 0
    var first = true
    for byte in hex.utf8 {
      defer { first = false }
      if first && byte == UInt8(ascii: "#") { continue }
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      count += 1
      guard count <= 8 else { return nil }
      value = value << 4 | UInt32(digit)
    }
    guard count == 6 || count == 8 else { return nil }
    if count == 6 {
      self.init(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    } else {
      self.init(UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }
  }

  /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
  public var description: String {
    let channels = a == 255 ? [r, g, b] : [r, g, b, a]
    return "#" + channels.map { c in (c < 16 ? "0" : "") + String(c, radix: 16, uppercase: true) }.joined()
  }

  /// The four channels in one number, `0xRRGGBBAA`.
  public var packed: UInt32 { UInt32(r) << 24 | UInt32(g) << 16 | UInt32(b) << 8 | UInt32(a) }

  /// The same colour with its alpha multiplied by `factor` (clamped to 0...1).
  public func withAlpha(_ factor: Double) -> RGBA {
    let k = min(max(factor, 0), 1)
    return RGBA(r, g, b, UInt8((Double(a) * k).rounded()))
  }

  /// Relative luminance (0 black ... 1 white), for choosing a readable text colour on top.
  public var luminance: Double {
    (0.2126 * Double(r) + 0.7152 * Double(g) + 0.0722 * Double(b)) / 255
  }

  public static let black = RGBA(0, 0, 0)
  public static let white = RGBA(255, 255, 255)
  public static let clear = RGBA(0, 0, 0, 0)
}

extension RGBA {
  /// This colour moved `amount` (0...1) of the way towards `other`.
  public func mixed(with other: RGBA, _ amount: Double) -> RGBA {
    let k = min(max(amount, 0), 1)
    func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) * (1 - k) + Double(b) * k).rounded()) }
    return RGBA(mix(r, other.r), mix(g, other.g), mix(b, other.b), mix(a, other.a))
  }
}
