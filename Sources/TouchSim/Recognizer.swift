import Geometry

/// A gesture recognizer at run time: its scene properties, its state machine and what it has seen.
struct Recognizer {
  var spec: RecognizerSpec
  /// `spec.id` and `spec.kind`, which never change (stored: read on every event).
  let id: String
  let kind: RecognizerKind
  /// The view it is attached to (the last one, once removed: rule C-12; `attached` says which).
  var view: Int
  /// Index in its view's `gestureRecognizers` (a later `addGestureRecognizer` puts it last).
  var indexOnView: Int
  /// False once `removeGestureRecognizer` took it off its view, until it is added again (rule C-12).
  var attached = true
  /// UIScrollView's built-in `panGestureRecognizer` (id `SCROLLID.pan`).
  let isScrollPan: Bool
  /// UIScrollView's built-in `pinchGestureRecognizer` (id `SCROLLID.pinch`, rule H-18).
  let isScrollPinch: Bool
  /// One of a scroll view's own recognizers: a script cannot remove or move it, and it is not in the scene's
  /// recognizer lists.
  var isBuiltIn: Bool { isScrollPan || isScrollPinch }
  var machine: GestureStateMachine

  // What a gesture leaves behind: `reset()` puts every one of these back as a new recognizer has them.

  /// Touches it currently tracks (down, received, not ignored), in the order it got them.
  var touches: [Int] = []
  /// Every touch it received since its last reset: the touches it cancels or holds (rules F-2, F-6).
  var gestureTouches: [Int] = []
  /// touch.view of each of `gestureTouches`, in the same order (-1: none), kept when the touch itself is
  /// forgotten: a recognizer that decides after its touches were delivered and ended still asks those
  /// views (5.3, 8.3) and its delegate's predicates still read them.
  var gestureTouchViews: [Int] = []
  /// What its own logic asked for in this update, with the reason (handled by the arbiter).
  var request: GestureStateMachine.Request?
  var requestReason = StateReason.reset
  /// It wants to leave `possible` but waits for these to fail (rule E-6.3).
  var pending: GestureStateMachine.Request?
  var waitingFor: [String] = []
  /// The recognizers it must wait for, worked out (and the delegates asked) when it first tries; and the
  /// same as a set.
  var requirements: [Int]?
  var requirementSet: Set<Int> = []
  /// The requirements were met while it waited: translation restarts where it really begins.
  var beganAfterWaiting = false
  /// Timers it owns are invalidated by bumping this.
  var generation = 0
  /// Per kind of timer, bumped to invalidate the timers of that kind it owns (`cancelTimers(of:_:)`).
  var timerEpochs = TimerEpochs()
  /// Kind-specific tracking.
  var data = GestureData()

  var state: GestureState { machine.state }

  /// What it still waits for to fail when it has asked to begin or recognize (E-6.3); empty otherwise.
  var waitingToBegin: [String] { pending != nil ? waitingFor : [] }

  /// The touches still down when it was reset after recognizing (ended, or cancelled after it began): the
  /// touch sequence it recognized in goes on while any of them is down, and until then it takes no new
  /// touch (5.1: it cannot recognize again in the same touch sequence). Set by the arbiter's reset, after
  /// `reset()`; a failed recognizer leaves it empty (reset at once, L18).
  var recognizedSequence: [Int] = []

  /// After a reset (5.1): as it was made, its timers invalidated (`generation`). The storage of its touch
  /// lists is kept for the next gesture.
  mutating func reset() {
    machine = GestureStateMachine(isDiscrete: kind.isDiscrete)
    touches.removeAll(keepingCapacity: true)
    gestureTouches.removeAll(keepingCapacity: true)
    gestureTouchViews.removeAll(keepingCapacity: true)
    request = nil
    requestReason = .reset
    pending = nil
    waitingFor = []
    requirements = nil
    requirementSet = []
    beganAfterWaiting = false
    generation += 1
    var start = data.start
    data.start = SmallIntMap()
    start.removeAll(keepingCapacity: true)
    data = GestureData()
    data.start = start
  }

  init(spec: RecognizerSpec, view: Int, indexOnView: Int, isScrollPan: Bool = false, isScrollPinch: Bool = false) {
    self.spec = spec
    id = spec.id
    kind = spec.kind
    self.view = view
    self.indexOnView = indexOnView
    self.isScrollPan = isScrollPan
    self.isScrollPinch = isScrollPinch
    machine = GestureStateMachine(isDiscrete: spec.kind.isDiscrete)
  }
}

/// Per-kind tracking data (one struct for all kinds keeps the recognizer a plain value).
struct GestureData {
  // Every kind
  var start = SmallIntMap<Point>()  // touch → where it went down (window)
  var startTime: Double = 0
  var lastCentroid: Point = .zero
  var lastTime: Double = 0
  var velocity: Point = .zero
  // Effect (`RecognizerSpec.effect`): the view's transform when the gesture began
  var effectStart = TransformSpec()
  // Each kind's own, declared beside the kind's rules (Engine+Tap.swift, Engine+Pan.swift, ...)
  var tap = TapData()
  var pan = PanData()
  var scroll = ScrollPanData()
  var twoFinger = TwoFingerData()
  var zoom = ZoomData()
  var swipe = SwipeData()
}

/// A recognizer waiting (or ready to wait) for another to fail, as of one of its generations.
struct Waiter {
  let recognizer: Int
  let generation: Int
}

/// The axis a scroll view's drag is locked to (`isDirectionalLockEnabled`, rule H-16).
enum ScrollLock: Sendable {
  case none, horizontal, vertical
}
