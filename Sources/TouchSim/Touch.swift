import Geometry

/// A UITouch at run time (rules C-1 to C-7) and the state of its delivery to touch.view (rule F).
struct Touch {
  let id: Int
  var phase: TouchPhase
  /// Window coordinates.
  var location: Point
  let downLocation: Point
  let downTime: Double
  /// touch.view, fixed at touch-down (C-1); nil when nothing was hit.
  let view: Int?
  let tapCount: Int
  /// touch.gestureRecognizers: those that accepted it (C-7), in UIKit's order.
  var recognizers: [Int] = []

  // Delivery to touch.view.
  /// Phases held back, in order (rule F-7).
  var queue: [TouchMethod] = []
  var beganDelivered = false
  /// No more deliveries: ended or cancelled was delivered, or it was cancelled/dropped for the view.
  var viewDone = false
  /// Scroll views whose delaysContentTouches currently hold it (rule H-1).
  var scrollHolds: [Int] = []
  /// It began while the app ignored interaction events: no recognizer and no view ever gets it (C-10).
  var ignored = false
  /// The application's or the window's `sendEvent` override swallows its events (C-11): like `ignored`,
  /// no recognizer and no view ever gets it.
  var swallowedBy: ResponderID?

  var isAlive: Bool { phase != .ended && phase != .cancelled }
  /// touchesBegan was delivered and the view has not yet seen its end.
  var isTrackedByView: Bool { beganDelivered && !viewDone }
}

/// Live touches, and lifted ones whose delivery is still held, by internal id (ids increase, so the
/// order is the order they went down).
typealias TouchTable = SmallIntMap<Touch>

/// A touch that has lifted, remembered for the next touch's tapCount (rule C-6).
struct LiftedTap {
  var location: Point
  var time: Double
  var tapCount: Int
}
