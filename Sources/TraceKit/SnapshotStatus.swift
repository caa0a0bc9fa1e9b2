import Geometry
import TouchSim

public struct Transition: Equatable, Sendable {
  public var from: GestureState
  public var to: GestureState
  public var reason: StateReason
  public var index: Int
  public var time: Double
}

public struct ActionStatus: Equatable, Sendable {
  public var state: GestureState
  public var values: ActionValues
  public var index: Int
  public var time: Double
}

/// What a recognizer did in the gesture before the current one: kept apart so that no panel shows it as
/// current.
public struct PreviousGesture: Equatable, Sendable {
  /// Its last transition that was not a reset.
  public var transition: Transition?
  public var lastAction: ActionStatus?
  public var actionCount: Int
}

public struct RecognizerStatus: Equatable, Sendable {
  public var state: GestureState = .possible
  /// The last transition in the current gesture, resets included.
  public var last: Transition?
  /// The last transition out of `possible` or between active states (not a reset) in the current gesture.
  public var lastNonReset: Transition?
  /// The last action message sent in the current gesture, and how many were sent in it.
  public var lastAction: ActionStatus?
  public var actionCount = 0
  /// What it did in the last gesture before the current one in which it did anything.
  public var previous: PreviousGesture?
  /// Non-empty while it waits for these to fail (trace `wait`).
  public var waitingFor: [String] = []
  /// Touches it has been fed and not yet seen end.
  public var touches: Set<Int> = []
  public init() {}
}

public struct TouchStatus: Equatable, Sendable {
  public static let trailLength = 40
  public var number: Int
  public var location: Point
  public var phase: TouchPhase = .began
  public var tapCount = 1
  public var trail: [Point] = []
  public var downIndex: Int
  public var downTime: Double
  /// touch.view (nil: nothing was hit; not yet known: `.none`).
  public var view: String??
  /// Where the touch is in touch.view's own coordinates: at touch-down the point the hit test decided
  /// with (the `hitTest` line's `at`), afterwards its location converted through the scene as it is.
  public var local: Point?
  public var recognizers: [String] = []
  /// When it lifted or was cancelled.
  public var liftTime: Double?
  public var isDown: Bool { liftTime == nil }

  public init(number: Int, location: Point, downIndex: Int, downTime: Double) {
    self.number = number
    self.location = location
    self.downIndex = downIndex
    self.downTime = downTime
    trail = [location]
  }
}

public struct HitTestVisit: Equatable, Sendable {
  public var view: String
  public var at: Point
  public var result: TraceEvent.HitResult
  public var index: Int
  /// What an overriding hitTest returned (result `override`, rule A-12): a view id, or nil.
  public var returned: String? = nil
}

public struct HitTestWalk: Equatable, Sendable {
  public var startIndex: Int
  public var time: Double
  public var touch: Int?
  public var visits: [HitTestVisit] = []
  /// Set once the `hit` line is folded: `.some(nil)` when nothing was hit.
  public var hitView: String??
  public var hitIndex: Int?
  public var isComplete: Bool { hitIndex != nil }
}

public struct ControlStatus: Equatable, Sendable {
  public var highlighted = false
  public var value: Double?
  public var lastEvent: TraceEvent.ControlEvent?
  public var lastIndex: Int?
  public var lastTime: Double?
}

public struct DeliveryStatus: Equatable, Sendable {
  public enum Kind: Equatable, Sendable {
    case delivered
    case withheld(by: [String])
    case dropped(DropReason)
  }
  public var method: TouchMethod
  public var touches: [Int]
  public var kind: Kind
  public var index: Int
  public var time: Double
}

/// A question the engine asked: of whom, what, and about which recognizer or view.
public struct AskKey: Hashable, Sendable {
  public var of: String
  public var question: TraceEvent.Question
  public var about: String?
  public init(of: String, question: TraceEvent.Question, about: String?) {
    self.of = of
    self.question = question
    self.about = about
  }
}

public struct AskStatus: Equatable, Sendable {
  public var answer: Bool
  public var index: Int
  public var time: Double
}

/// A delivery the window holds back from a view (`withhold`), until it is made, cancelled or dropped.
public struct HeldDelivery: Equatable, Sendable {
  public var touch: Int
  public var method: TouchMethod
  /// The recognizers (or the scroll view) it waits for.
  public var by: [String]
  public var index: Int
  public var time: Double
}
