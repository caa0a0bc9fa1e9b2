import Geometry

/// Why a recognizer changed state (docs/TRACE-FORMAT.md, `state.reason`): one case per kind of reason the engine
/// gives, with the numbers and ids it had before any formatting. `text` is the one place the trace's
/// wording is made; readers switch over the cases instead of reading that text back.
///
/// Distances are points, times of the tap, swipe and interval limits milliseconds, press durations
/// seconds (as `minimumPressDuration` is), angles radians. Rule ids are those of docs/RULES.md.
public enum StateReason: Equatable, Sendable {
  // MARK: Tap (rule I, C-6, L2)

  /// "tapped": a single tap is complete (5.1).
  case tapped
  /// "tap 2 of 2": the last tap of a multi-tap gesture is complete (5.1).
  case tapsComplete(tap: Int, required: Int)
  /// "tap 2 is 60 pt from the first > 45 pt": the next tap is too far from the first for the same
  /// gesture (I, C-6).
  case nextTapTooFar(tap: Int, distance: Double, allowed: Double)
  /// "moved 50 pt > 45 pt": a tap's touch moved too far from where it went down (I).
  case movedTooFar(distance: Double, allowed: Double)
  /// "only 1 of 2 touches down together": not enough fingers were down at once for the tap (I).
  case tooFewTouchesTogether(down: Int, required: Int)
  /// "3 touches > 2 required": more fingers than numberOfTouchesRequired (tap, long press, swipe; I).
  case tooManyTouches(count: Int, required: Int)
  /// "no tap 2 within 350 ms": the tap-interval timer fired before the next tap went down (I).
  case noNextTap(tap: Int, interval: Double)
  /// "held longer than 1000 ms": the maximum-tap-duration timer fired with a finger still down (L2).
  case heldTooLongForTap(maximum: Double)

  // MARK: Long press (rule I)

  /// "held 0.5 s": the minimumPressDuration timer fired with the fingers still down (I).
  case heldForPress(duration: Double)
  /// "went down 60 pt from the first tap > 45 pt": a long press's next tap is too far from its first (I, C-6).
  case pressTooFarFromFirstTap(distance: Double, allowed: Double)
  /// "moved 12 pt > 10 pt before 0.5 s": moved beyond allowableMovement before the press began (I).
  case movedBeforePress(distance: Double, allowed: Double, duration: Double)
  /// "lifted before 0.5 s": the fingers lifted before minimumPressDuration (I).
  case liftedBeforePress(duration: Double)
  /// "lifted while waiting for dbl to fail": a long press or a pan whose own condition was met (it asked to
  /// begin) lifted while it still waited for a requirement (E-6.3, 5.4).
  case liftedWhileWaiting(for: [String])

  // MARK: Continuous gestures in progress (5.1, 5.4)

  /// "moved": an active continuous gesture's touches moved (5.1).
  case moved
  /// "a finger lifted": one finger of an active pan lifted, others stay down (5.1).
  case fingerLifted
  /// "lifted": every finger of an active continuous gesture lifted (5.1).
  case lifted
  /// "touch cancelled": a touch of the gesture was cancelled (5.4).
  case touchCancelled

  // MARK: Pan, screen-edge pan, scroll view's pan (I, L8, H-8)

  /// "moved 12 pt ≥ 10 pt": a pan's translation passed the hysteresis on one axis (I, L14).
  case movedPastHysteresis(distance: Double, hysteresis: Double)
  /// "moved 12 pt in from the edge ≥ 10 pt": a screen-edge pan moved inward far enough (L8).
  case movedInFromEdge(distance: Double, hysteresis: Double)
  /// "moved 12 pt ≥ 10 pt along a scrollable axis": a scroll view's pan passed its hysteresis (H-8).
  case movedAlongScrollableAxis(distance: Double, hysteresis: Double)
  /// "went down 25 pt from the edge, outside the 20 pt band": a screen-edge pan's touch began away from
  /// its edges (L8, S11).
  case outsideEdgeBand(distance: Double, band: Double)
  /// "lifted before moving 10 pt": the fingers lifted before a pan's hysteresis (5.4) or a swipe's
  /// minimum distance (L9).
  case liftedBeforeMoving(distance: Double)
  /// "lifted after moving 80 pt, none of it along a scrollable axis": a scroll view's pan whose finger moved
  /// only along axes it cannot scroll (content that fits, no alwaysBounce…: H-8, H-13).
  case liftedWithoutScrollableTravel(distance: Double)
  /// "at its top edge, pulling past it: left to page": a nested scroll view's pan does not begin for a drag
  /// that starts with its content at an edge and pulls past it, so the scroll view around it scrolls (H-17).
  case leftToParentAtEdge(parent: String, edge: Edge)

  /// An edge of a scroll view's content.
  public enum Edge: String, Sendable, Equatable {
    case top, left, bottom, right
  }

  // MARK: Swipe (L9)

  /// "swiped right 60 pt in 120 ms": the fingers travelled far enough, fast enough, in an allowed
  /// direction (L9).
  case swiped(direction: Direction, distance: Double, elapsed: Double)
  /// "moved up, not right/left": the fingers travelled far enough in a direction the swipe does not
  /// allow (L9).
  case wrongDirection(moved: Direction, allowed: [Direction])
  /// "slower than 500 ms": the swipe took longer than its maximum duration (L9).
  case tooSlow(maximum: Double)

  // MARK: Pinch and rotation (L10)

  /// "distance changed 9 pt ≥ 8 pt": the distance between the two fingers changed enough (L10).
  case distanceChanged(change: Double, threshold: Double)
  /// "turned 0.2 rad ≥ 0.1 rad": the two fingers turned enough (L10).
  case turned(angle: Double, threshold: Double)
  /// "lifted before the fingers moved enough": a pinch or rotation that never began (5.4, L10).
  case liftedBeforeFingersMoved

  // MARK: Arbitration (section 6) and shouldBegin (5.3, 8.3, H-6)

  /// "isEnabled set to false": the script disabled it while involved (5.1).
  case disabled
  /// "required gesture doubleTap recognized": a gesture it waits for to fail recognized (E-6.3).
  case requiredGestureRecognized(String)
  /// "excluded by childTap": a gesture that recognized first excludes it (E-6.1, E-6.2).
  case excludedBy(String)
  /// "doubleTap failed; tapped": it waited for these to fail (E-6.3), then left `possible` for `reason`.
  indirect case afterWaiting(for: [String], reason: StateReason)
  /// "delegate's gestureRecognizerShouldBegin returned NO": its delegate refused (5.3).
  case delegateRefusedBegin
  /// "card's gestureRecognizerShouldBegin returned NO": a hit-tested view's override refused (5.3, S16).
  case viewRefusedBegin(view: String)
  /// "buy (UIButton) vetoes a superview's single tap": a control's built-in gestureRecognizerShouldBegin
  /// (8.3; the switch's knob, L20). Boxed, like `afterWaiting`, so that a trace entry stays 64 bytes.
  indirect case controlVeto(control: String, className: String, gesture: VetoedGesture)
  /// "canCancelContentTouches is NO and row is tracking the touch": the scroll view's pan may not take
  /// the touch from its content (H-6).
  case contentTracksTouch(view: String)
  /// "touchesShouldCancel(in: button) returned NO": the scroll view keeps the content's touch (H-6, H-7).
  case contentRefusedCancel(view: String)

  // MARK: After the gesture

  /// "reset": back to `possible` after a terminal state, ready for the next gesture (5.1).
  case reset

  /// The gesture a control's veto is about (8.3).
  public enum VetoedGesture: Equatable, Sendable, CaseIterable {
    /// "a superview's single tap": a one-finger single tap on an ancestor (8.3).
    case superviewSingleTap
    /// "a swipe along its track": a horizontal swipe over a slider (8.3).
    case swipeAlongTrack
    /// "a pan on its knob": a pan over a switch (8.3, L20).
    case panOnKnob

    /// The words after "vetoes".
    public var text: String {
      switch self {
      case .superviewSingleTap: return "a superview's single tap"
      case .swipeAlongTrack: return "a swipe along its track"
      case .panOnKnob: return "a pan on its knob"
      }
    }
  }
}

extension StateReason: CustomStringConvertible {
  /// The trace's wording (docs/TRACE-FORMAT.md, `state.reason`): the only place it is made.
  public var text: String {
    let n = Self.number
    switch self {
    case .tapped: return "tapped"
    case .tapsComplete(let tap, let required): return "tap \(tap) of \(required)"
    case .nextTapTooFar(let tap, let d, let allowed):
      return "tap \(tap) is \(n(d)) pt from the first > \(n(allowed)) pt"
    case .movedTooFar(let d, let allowed): return "moved \(n(d)) pt > \(n(allowed)) pt"
    case .tooFewTouchesTogether(let down, let required): return "only \(down) of \(required) touches down together"
    case .tooManyTouches(let count, let required): return "\(count) touches > \(required) required"
    case .noNextTap(let tap, let interval): return "no tap \(tap) within \(n(interval)) ms"
    case .heldTooLongForTap(let maximum): return "held longer than \(n(maximum)) ms"
    case .heldForPress(let duration): return "held \(n(duration)) s"
    case .pressTooFarFromFirstTap(let d, let allowed):
      return "went down \(n(d)) pt from the first tap > \(n(allowed)) pt"
    case .movedBeforePress(let d, let allowed, let duration):
      return "moved \(n(d)) pt > \(n(allowed)) pt before \(n(duration)) s"
    case .liftedBeforePress(let duration): return "lifted before \(n(duration)) s"
    case .liftedWhileWaiting(let ids): return "lifted while waiting for \(ids.joined(separator: ", ")) to fail"
    case .moved: return "moved"
    case .fingerLifted: return "a finger lifted"
    case .lifted: return "lifted"
    case .touchCancelled: return "touch cancelled"
    case .movedPastHysteresis(let d, let h): return "moved \(n(d)) pt ≥ \(n(h)) pt"
    case .movedInFromEdge(let d, let h): return "moved \(n(d)) pt in from the edge ≥ \(n(h)) pt"
    case .movedAlongScrollableAxis(let d, let h): return "moved \(n(d)) pt ≥ \(n(h)) pt along a scrollable axis"
    case .outsideEdgeBand(let d, let band): return "went down \(n(d)) pt from the edge, outside the \(n(band)) pt band"
    case .liftedBeforeMoving(let d): return "lifted before moving \(n(d)) pt"
    case .liftedWithoutScrollableTravel(let d):
      return "lifted after moving \(n(d)) pt, none of it along a scrollable axis"
    case .leftToParentAtEdge(let parent, let edge):
      return "at its \(edge.rawValue) edge, pulling past it: left to \(parent)"
    case .swiped(let direction, let d, let elapsed):
      return "swiped \(direction.rawValue) \(n(d)) pt in \(n(elapsed)) ms"
    case .wrongDirection(let moved, let allowed):
      return "moved \(moved.rawValue), not \(allowed.map(\.rawValue).joined(separator: "/"))"
    case .tooSlow(let maximum): return "slower than \(n(maximum)) ms"
    case .distanceChanged(let change, let threshold): return "distance changed \(n(change)) pt ≥ \(n(threshold)) pt"
    case .turned(let angle, let threshold): return "turned \(n(angle)) rad ≥ \(n(threshold)) rad"
    case .liftedBeforeFingersMoved: return "lifted before the fingers moved enough"
    case .disabled: return "isEnabled set to false"
    case .requiredGestureRecognized(let id): return "required gesture \(id) recognized"
    case .excludedBy(let id): return "excluded by \(id)"
    case .afterWaiting(let ids, let reason): return "\(ids.joined(separator: ", ")) failed; \(reason.text)"
    case .delegateRefusedBegin: return "delegate's gestureRecognizerShouldBegin returned NO"
    case .viewRefusedBegin(let view): return "\(view)'s gestureRecognizerShouldBegin returned NO"
    case .controlVeto(let control, let className, let gesture):
      return "\(control) (\(className)) vetoes \(gesture.text)"
    case .contentTracksTouch(let view): return "canCancelContentTouches is NO and \(view) is tracking the touch"
    case .contentRefusedCancel(let view): return "touchesShouldCancel(in: \(view)) returned NO"
    case .reset: return "reset"
    }
  }

  public var description: String { text }

  /// The recognizers waited for and the reason under them (`afterWaiting`), or none and the reason itself.
  public var waited: (ids: [String], reason: StateReason) {
    if case .afterWaiting(let ids, let reason) = self { return (ids, reason) }
    return ([], self)
  }

  /// A distance, time or angle as the reason writes it: one decimal.
  public static func number(_ v: Double) -> String { JSONNumber.format((v * 10).rounded() / 10) }
}
