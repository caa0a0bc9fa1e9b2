import Raster

/// The colours the window uses.
public enum Palette {
  /// Behind everything.
  public static let background = RGBA(0x2B, 0x2D, 0x31)
  /// The simulated window (UIWindow) behind the root view.
  public static let device = RGBA(0xFF, 0xFF, 0xFF)
  public static let deviceBorder = RGBA(0x10, 0x10, 0x12)
  /// Fill of a view whose scene gives no `color`.
  public static let defaultViewFill = RGBA(0xD9, 0xD9, 0xD9)
  public static let viewOutline = RGBA(0x55, 0x58, 0x5E)
  /// Outline and labels of hidden or fully transparent views.
  public static let ghost = RGBA(0x8A, 0x8D, 0x93)
  public static let darkText = RGBA(0x1E, 0x1F, 0x22)
  public static let lightText = RGBA(0xFF, 0xFF, 0xFF)
  public static let headerText = RGBA(0xE8, 0xEA, 0xED)
  public static let secondaryHeaderText = RGBA(0xA0, 0xA4, 0xAB)

  /// Okabe-Ito colours, one per finger (colour-blind safe), in the order fingers are numbered.
  public static let touches: [RGBA] = [
    RGBA(0xE6, 0x9F, 0x00),  // orange
    RGBA(0x56, 0xB4, 0xE9),  // sky blue
    RGBA(0x00, 0x9E, 0x73),  // bluish green
    RGBA(0xD5, 0x5E, 0x00),  // vermillion
    RGBA(0x00, 0x72, 0xB2),  // blue
    RGBA(0xCC, 0x79, 0xA7),  // reddish purple
    RGBA(0xF0, 0xE4, 0x42),  // yellow
  ]

  /// The colour of touch number `n` (1-based).
  public static func touch(_ n: Int) -> RGBA { touches[((n - 1) % touches.count + touches.count) % touches.count] }

  /// A text colour readable on `fill`.
  public static func text(on fill: RGBA) -> RGBA { fill.a < 96 || fill.luminance > 0.55 ? darkText : lightText }
}
