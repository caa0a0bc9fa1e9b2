import Localization
import Raster
import StudioUI
import TouchSim

/// Sizes and colours of the window's chrome, for normal and presenter mode.
///
/// Every panel measures in `unit`s (one point of UI at the current pixel scale and presenter factor),
/// so presenter mode enlarges everything at once.
public struct Theme: Equatable, Sendable {
  public var pixelScale: Double
  /// Presenter mode: larger text (× 1.5) and higher contrast, for a projector.
  public var presenter: Bool
  /// The language every label, tip and sentence of the window is written in.
  public var language: Language
  /// Drawn for paper (a handout's pictures): light chrome around the device, dark text, so that a
  /// printed page is not mostly ink. The legibility pass keeps every text readable on it.
  public var paper = false

  public init(pixelScale: Double = 1, presenter: Bool = false, language: Language = .english) {
    self.pixelScale = pixelScale
    self.presenter = presenter
    self.language = language
  }

  /// Pixels per UI point.
  public var unit: Double { pixelScale * (presenter ? 1.5 : 1) }
  public var bodySize: Double { 13 * unit }
  public var smallSize: Double { 11 * unit }
  public var titleSize: Double { 16 * unit }
  public var lineHeight: Double { 19 * unit }

  // Colours: presenter mode uses a darker background and brighter text; paper is light with dark text.
  public var background: RGBA {
    paper ? RGBA(0xFA, 0xFA, 0xF8) : presenter ? RGBA(0x12, 0x13, 0x15) : RGBA(0x2B, 0x2D, 0x31)
  }
  public var panel: RGBA {
    paper ? RGBA(0xEE, 0xEF, 0xF1) : presenter ? RGBA(0x1C, 0x1D, 0x20) : RGBA(0x35, 0x37, 0x3C)
  }
  public var panelBorder: RGBA {
    paper ? RGBA(0x9A, 0x9E, 0xA6) : presenter ? RGBA(0x70, 0x74, 0x7C) : RGBA(0x4A, 0x4D, 0x54)
  }
  public var text: RGBA { paper ? RGBA(0x14, 0x15, 0x17) : presenter ? RGBA(0xFF, 0xFF, 0xFF) : RGBA(0xE8, 0xEA, 0xED) }
  public var secondaryText: RGBA {
    paper ? RGBA(0x3A, 0x3D, 0x42) : presenter ? RGBA(0xD0, 0xD3, 0xD8) : RGBA(0xA0, 0xA4, 0xAB)
  }
  public var faintText: RGBA {
    paper ? RGBA(0x55, 0x59, 0x60) : presenter ? RGBA(0x9A, 0x9E, 0xA6) : RGBA(0x74, 0x78, 0x80)
  }
  /// Highlight of the selection and of what the playhead points at.
  public var accent: RGBA { RGBA(0x56, 0xB4, 0xE9) }
  /// possible / began / changed.
  public var active: RGBA { RGBA(0x3D, 0x8B, 0xF0) }
  /// ended (recognized), YES answers, touchUpInside.
  public var good: RGBA { RGBA(0x2E, 0xB8, 0x6B) }
  /// failed / cancelled, NO answers.
  public var bad: RGBA { RGBA(0xE5, 0x4B, 0x4B) }
  /// Text about a failure (the header's error line): the failure red made light enough to read at 4.5:1 on
  /// the window's panels in both modes.
  public var badText: RGBA { RGBA(0xF4, 0x7C, 0x7C) }
  /// Waiting and withheld.
  public var waiting: RGBA { RGBA(0xE6, 0x9F, 0x00) }

  public func style(
    _ size: Double? = nil, _ color: RGBA? = nil, face: FontFace = .regular, anchor: TextAnchor = .topLeading
  )
    -> TextStyle
  {
    TextStyle(size: size ?? bodySize, color: color ?? text, face: face, anchor: anchor)
  }

  /// The colour of a recognizer state (VISUAL-LANGUAGE: blue in progress, green recognized, red over).
  public func color(of state: GestureState) -> RGBA {
    switch state {
    case .possible, .began, .changed: return active
    case .ended: return good
    case .cancelled, .failed: return bad
    }
  }

  /// Width of `text` at `size` in the bundled fonts (`TextMetrics`).
  public func textWidth(_ text: String, size: Double, mono: Bool = false) -> Double {
    TextMetrics.width(text, size: size, face: mono ? .mono : .regular)
  }
}

extension Theme {
  /// The language the window writes in: `t.lang("Help", "帮助")`.
  public var lang: Language { language }
}
