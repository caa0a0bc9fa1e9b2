/// Why the window never delivers a touch's phase to touch.view (the `drop` extension event): one case per
/// kind, with the recognizer's id where there is one. `text` is the one place the trace's wording is made.
public enum DropReason: Equatable, Sendable {
  /// "multipleTouchEnabled": the view already tracks another touch and takes one at a time (C-4).
  case multipleTouchEnabled
  /// "exclusiveTouch": the view, or the view tracking another touch, is exclusiveTouch (C-5).
  case exclusiveTouch
  /// "touchesShouldBegin": a scroll view answered NO to touchesShouldBegin(_:with:in:) (H-2, H-3, H-5).
  case touchesShouldBegin
  /// "scrolling": the scroll view's pan began while it still held the content's touchesBegan (H-4, F-5).
  case scrolling
  /// "cancelled by tap before delivery": a recognizer recognized while the touchesBegan was still
  /// withheld, so the view never gets the touch (F-2, F-5).
  case cancelledBy(String)
  /// "cancelled before delivery": the system cancelled the touch while its touchesBegan was withheld (F-5).
  case cancelledBeforeDelivery
  /// "ignoringInteractionEvents": the touch began while the app ignored interaction events; it is
  /// hit-tested, then no recognizer and no view ever gets it (C-10).
  case ignoringInteractionEvents
  /// "sendEvent of application without super" (or of window): the app's override of `sendEvent(_:)` did
  /// not call super for the event in which the touch began; no recognizer and no view ever gets it (C-11).
  case sendEventWithoutSuper(ResponderID)

  /// The touch is dropped for its whole life, before any recognizer or view got it (C-10, C-11).
  public var isWholeLife: Bool {
    switch self {
    case .ignoringInteractionEvents, .sendEventWithoutSuper: return true
    default: return false
    }
  }

  /// The trace's wording (`drop.reason`): the only place it is made.
  public var text: String {
    switch self {
    case .multipleTouchEnabled: return "multipleTouchEnabled"
    case .exclusiveTouch: return "exclusiveTouch"
    case .touchesShouldBegin: return "touchesShouldBegin"
    case .scrolling: return "scrolling"
    case .cancelledBy(let id): return "cancelled by \(id) before delivery"
    case .cancelledBeforeDelivery: return "cancelled before delivery"
    case .ignoringInteractionEvents: return "ignoringInteractionEvents"
    case .sendEventWithoutSuper(let by): return "sendEvent of \(by) without super"
    }
  }
}

extension DropReason: CustomStringConvertible {
  public var description: String { text }
}
