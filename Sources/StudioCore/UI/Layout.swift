import Geometry
import TouchSim

/// Where each panel goes in a frame of `size` pixels.
///
/// ```
///  ┌ header: title · transport · speed ─────────────────────────────────┐
///  │ device canvas                          │ inspector (tabs)           │
///  │                                        │                            │
///  ├ narration strip ───────────────────────┴────────────────────────────┤
///  │ timeline / log (tabs)                                               │
///  └─────────────────────────────────────────────────────────────────────┘
/// ```
public struct StudioLayout: Equatable, Sendable {
  public var size: Size
  public var header: Rect
  public var canvas: Rect
  public var inspector: Rect
  public var narration: Rect
  public var bottom: Rect
  /// While a question is on screen: its card's column (nil otherwise), and the size of the card's text
  /// relative to presenter size (1 unless even the widest column could not hold it).
  public var card: Rect?
  public var cardScale = 1.0
  /// The card set tighter (the question at the choices' size) to stay at presenter size in a small window.
  public var cardCompact = false

  /// `stage`: the device is what the room watches: the inspector and the timeline are folded away (key
  /// F), the canvas takes their room, and the narration stays under it.
  public init(size: Size, theme: Theme, stage: Bool = false) {
    self.size = size
    let u = theme.unit
    let w = size.width
    let h = size.height
    // Presenter mode enlarges everything by 1.5; the device and the narration matter most to a class,
    // so the header, timeline and inspector give up a little of their share there.
    let p = theme.presenter
    let headerH = (p ? 40 : 46) * u
    let narrationH = min((p ? 2 : 3) * theme.lineHeight + 14 * u, h * 0.16)
    let bottomH = p ? min(max(120 * u, h * 0.2), h * 0.26) : min(max(170 * u, h * 0.24), h * 0.34)
    let inspectorW = p ? min(max(w * 0.34, 300 * u), w * 0.45) : min(max(w * 0.36, 340 * u), w * 0.5)
    header = Rect(0, 0, w, headerH)
    let middleTop = headerH
    let middleH = max(h - headerH - narrationH - bottomH, 60 * u)
    canvas = Rect(0, middleTop, max(w - inspectorW, 1), middleH)
    inspector = Rect(w - inspectorW, middleTop, inspectorW, middleH)
    narration = Rect(0, middleTop + middleH, w, narrationH)
    bottom = Rect(0, middleTop + middleH + narrationH, w, max(h - (middleTop + middleH + narrationH), 1))
    if stage {
      // The narration keeps room for three lines and its why under the device: a class reads it whole
      // while the device stays still (its size never follows the text).
      let stageNarration = min(
        3 * (theme.titleSize * 1.2).rounded() + (theme.bodySize * 1.3).rounded() + 4 + 10 * u, h * 0.24)
      let narrationH = max(narrationH, stageNarration)
      let narrationTop = h - narrationH
      canvas = Rect(0, middleTop, w, max(narrationTop - middleTop, 60 * u))
      inspector = Rect(w, middleTop, 0, canvas.height)
      narration = Rect(0, canvas.maxY, w, narrationH)
      bottom = Rect(0, h, w, 0)
    }
  }

  /// The narration strip grown to `height` for a long explanation, down into the timeline, which keeps at
  /// least 45 % of its height (past that the strip scrolls). Never smaller than the layout made it.
  public mutating func growNarration(to height: Double) {
    guard bottom.height > 0 else { return }  // on the stage the strip keeps its size and scrolls
    let limit = narration.height + bottom.height * 0.55
    let h = min(max(height, narration.height), limit)
    guard h > narration.height else { return }
    narration.size.height = h
    bottom = Rect(0, narration.maxY, narration.width, max(size.height - narration.maxY, 1))
  }

  /// A question's card takes a column `width` wide on the right, from under the header to the bottom:
  /// the inspector's room, widened into the canvas when the card needs more. The device, the narration
  /// and the timeline make room on its left, so the card never covers them (the device shrinks to fit
  /// when it must); the inspector is folded while the card is up.
  public mutating func reserveCardColumn(width: Double) {
    let w = min(max(width, inspector.width), size.width - 1)
    let x = size.width - w
    card = Rect(x, header.maxY, w, max(size.height - header.maxY, 1))
    canvas.size.width = x
    inspector = Rect(size.width, canvas.minY, 0, canvas.height)
    narration.size.width = x
    bottom.size.width = x
  }
}
