/// A gesture recognizer at run time: its scene properties, its state machine and what it has seen.
struct Recognizer {
  var spec: RecognizerSpec
  /// The view it is attached to.
  let view: Int
  /// Index in its view's `gestureRecognizers`.
  let indexOnView: Int
  /// UIScrollView's built-in `panGestureRecognizer` (id `SCROLLID.pan`).
  let isScrollPan: Bool
  var machine: GestureStateMachine

  /// Touches it currently tracks (down, received, not ignored), in the order it got them.
  var touches: [Int] = []
  /// Every touch it received since its last reset: the touches it cancels or holds (rules F-2, F-6).
  var gestureTouches: [Int] = []
  /// What its own logic asked for in this update, with the reason (handled by the arbiter).
  var request: GestureStateMachine.Request?
  var requestReason = ""
  /// It wants to leave `possible` but waits for these to fail (rule E-6.3).
  var pending: GestureStateMachine.Request?
  var waitingFor: [String] = []
  /// The recognizers it must wait for, worked out (and the delegates asked) when it first tries.
  var requirements: [Int]?
  /// The requirements were met while it waited: translation restarts where it really begins.
  var beganAfterWaiting = false
  /// Timers it owns are invalidated by bumping this.
  var generation = 0
  /// Kind-specific tracking.
  var data = GestureData()

  var id: String { spec.id }
  var state: GestureState { machine.state }
  var kind: RecognizerKind { spec.kind }

  init(spec: RecognizerSpec, view: Int, indexOnView: Int, isScrollPan: Bool = false) {
    self.spec = spec
    self.view = view
    self.indexOnView = indexOnView
    self.isScrollPan = isScrollPan
    machine = GestureStateMachine(isDiscrete: spec.kind.isDiscrete)
  }

  /// In the current touch sequence: it has touches of its gesture, or is waiting for a timer.
  var isInvolved: Bool { !gestureTouches.isEmpty || state != .possible || pending != nil }
  /// Undecided: still `possible` while involved (holds touches for delaysTouches*, rule F-6).
  var isUndecided: Bool { state == .possible && isInvolved }
}

/// Per-kind tracking data (one struct for all kinds keeps the recognizer a plain value).
struct GestureData {
  // Shared
  var start: [Int: Point] = [:]  // touch → where it went down (window)
  var startTime: Double = 0
  var lastCentroid: Point = .zero
  var lastTime: Double = 0
  var velocity: Point = .zero
  // Tap
  var tapsDone = 0
  var touchesThisTap = 0
  var maxDownTogether = 0
  var firstTapLocation: Point?
  var tapLocation: Point = .zero
  var waitingForNextTap = false
  // Pan, edge pan, scroll pan
  var origin: Point = .zero  // centroid the translation is measured from
  var translationBase: Point = .zero  // translation carried over when the touch set changes
  var startOffset: Point = .zero  // scroll view's contentOffset when its pan began
  // Pinch, rotation
  var initialDistance: Double = 0
  var initialAngle: Double = 0
  var baseScale: Double = 1
  var baseRotation: Double = 0
  var scale: Double = 1
  var rotation: Double = 0
  var scalarVelocity: Double = 0
  var lastScalar: Double = 0
  // Swipe
  var swipeDirection: Direction?
  // Long press
  var pressTouchesDown = 0
}
