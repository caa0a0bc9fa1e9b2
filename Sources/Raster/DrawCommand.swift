import Geometry

/// How an outline is drawn: colour, width in pixels, and an optional dash length (nil = solid).
public struct Stroke: Hashable, Sendable {
  public var color: RGBA
  public var width: Double
  /// Length of each dash and of each gap, in pixels; nil draws a solid line.
  public var dash: Double?

  public init(_ color: RGBA, width: Double = 1, dash: Double? = nil) {
    self.color = color
    self.width = width
    self.dash = dash
  }
}

/// Which font face a text command uses (all three ship in `Assets/`).
public enum FontFace: String, Hashable, Sendable, CaseIterable {
  case regular, bold, mono

  /// By case, not by raw value (a raw-value enum otherwise hashes its name's string: every text measured
  /// or drawn is looked up by its face).
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .regular: hasher.combine(0 as UInt8)
    case .bold: hasher.combine(1 as UInt8)
    case .mono: hasher.combine(2 as UInt8)
    }
  }

  /// The file name in `Assets/`.
  public var fileName: String {
    switch self {
    case .regular: return "DejaVuSans.ttf"
    case .bold: return "DejaVuSans-Bold.ttf"
    case .mono: return "DejaVuSansMono.ttf"
    }
  }
}

/// Where a text command's anchor point sits on the text's box.
public struct TextAnchor: Hashable, Sendable {
  public enum Horizontal: Hashable, Sendable { case leading, center, trailing }
  public enum Vertical: Hashable, Sendable { case top, middle, bottom }
  public var horizontal: Horizontal
  public var vertical: Vertical

  public init(_ horizontal: Horizontal, _ vertical: Vertical) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  public static let topLeading = TextAnchor(.leading, .top)
  public static let center = TextAnchor(.center, .middle)
  public static let topCenter = TextAnchor(.center, .top)
}

/// The font, size (pixels), colour and anchoring of a text command.
public struct TextStyle: Hashable, Sendable {
  public var size: Double
  public var color: RGBA
  public var face: FontFace
  public var anchor: TextAnchor

  public init(size: Double, color: RGBA, face: FontFace = .regular, anchor: TextAnchor = .topLeading) {
    self.size = size
    self.color = color
    self.face = face
    self.anchor = anchor
  }
}

/// One drawing instruction, in pixel coordinates of the target (y grows downwards).
///
/// Panels, the canvas and animations produce lists of these; the SDL renderer is the only code that
/// executes them, so tests can inspect what would be drawn without a window.
public enum DrawCommand: Hashable, Sendable {
  /// An axis-aligned rectangle, filled and/or outlined (the outline is drawn inside the rectangle).
  case rect(Rect, fill: RGBA?, stroke: Stroke?)
  /// A rectangle with circular corners of `radius` pixels.
  case roundedRect(Rect, radius: Double, fill: RGBA?, stroke: Stroke?)
  /// A circle (the outline is drawn inside the radius).
  case circle(center: Point, radius: Double, fill: RGBA?, stroke: Stroke?)
  /// A convex polygon, such as a transformed view's quadrilateral: its corners in order around it (either
  /// way round), filled and/or outlined, with anti-aliased edges (the outline is drawn inside the edge, as
  /// for rectangles; a dashed one runs on across corners). Fewer than three corners, corners that enclose
  /// no area or that are not finite numbers draw nothing.
  case polygon([Point], fill: RGBA?, stroke: Stroke?)
  /// A straight line segment.
  case line(from: Point, to: Point, stroke: Stroke)
  /// A single line of text; `at` is placed according to `style.anchor`.
  case text(String, at: Point, style: TextStyle)
  /// Restricts drawing to `rect` intersected with the current clip, until the matching `unclip`.
  case clip(Rect)
  /// Restores the clip that was current before the matching `clip`.
  case unclip
}
