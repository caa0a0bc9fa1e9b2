import TouchSim
import TraceKit

/// What happened during one gesture (from the first touch-down until every touch is up and every
/// recognizer has settled), collected for the "Why?" summary.
struct GestureRecord {
  struct TouchLog {
    var number: Int
    var down: Double
    var view: String?
    var tapCount: Int
    var lift: Double?
    var cancelled = false
  }

  struct Transition {
    var t: Double
    var index: Int
    var from: GestureState
    var to: GestureState
    var reason: StateReason
  }

  /// One try of a recognizer, from its first touch to its reset.
  struct Attempt {
    var touches: [Int] = []
    var transitions: [Transition] = []
    var actions: [(t: Double, state: GestureState, values: ActionValues)] = []
    var waitedFor: [String] = []
    var firstWait: Double?
    var closed = false
    /// When `removeGestureRecognizer` took it off its view in the middle of this attempt (rule C-12).
    var removedAt: Double?

    var decisive: Transition? { transitions.last { $0.to != .possible && $0.to != .changed } }
    var fired: Bool { actions.contains { $0.state == .began || $0.state == .ended } }
    var changedCount: Int { actions.filter { $0.state == .changed }.count }
  }

  /// Why a view's touch was cancelled or never delivered.
  enum Cause: Equatable {
    case recognizer(String, began: Bool)
    case scrolling(scrollView: String, pan: String)
    case system
    case unknown
  }

  struct Delivery {
    var t: Double
    var index: Int
    var method: TouchMethod
    var touches: [Int]
    /// Held back this long (withheld first).
    var late: Double?
    var heldBy: [String] = []
    /// Who let it go: a recognizer that failed, or a scroll view's delay that ended.
    var releasedBy: [String] = []
    var cause: Cause?
    /// A touchesCancelled that took the place of a touchesEnded held back (F-6): when that was withheld.
    var replacesEndedHeldSince: Double?
  }

  struct ViewLog {
    var deliveries: [Delivery] = []
    var controlEvents: [(t: Double, event: TraceEvent.ControlEvent, value: TraceEvent.ControlValue?)] = []
    /// `scroller`: for a drop because of scrolling, the scroll view whose pan was scrolling then.
    var drops: [(t: Double, touch: Int, reason: DropReason, heldBy: [String], scroller: String?)] = []
  }

  var start: Int
  var touches: [TouchLog] = []
  var recognizerOrder: [String] = []
  var attempts: [String: [Attempt]] = [:]
  /// Recognizers whose delegate refused a touch (shouldReceive NO, E-6.4).
  var refused: [(recognizer: String, touch: Int)] = []
  /// Recognizers on touch.view's ancestry that were not attached to a touch, with the reason.
  var unattached: [(recognizer: String, touch: Int, why: Unattached)] = []
  var viewOrder: [String] = []
  var views: [String: ViewLog] = [:]
  /// Views the hit test skipped although the point lay inside their bounds.
  var skipped: [(view: String, result: TraceEvent.HitResult, touch: Int)] = []

  init(start: Int) { self.start = start }

  /// The ids in `recognizerOrder` and `viewOrder`, to add each once without searching the lists (a gesture
  /// of 20,000 recognizers).
  private var recognizersNoted: Set<String> = []
  private var viewsNoted: Set<String> = []

  mutating func noteRecognizer(_ id: String) {
    if recognizersNoted.insert(id).inserted { recognizerOrder.append(id) }
  }

  mutating func noteView(_ id: String) {
    if viewsNoted.insert(id).inserted { viewOrder.append(id) }
  }

  /// The open attempt of a recognizer, created when needed.
  /// (Mutated in place through the dictionary: copying the list out and back would copy every
  /// transition on each change, quadratic on long gestures.)
  mutating func withAttempt(_ id: String, _ change: (inout Attempt) -> Void) {
    noteRecognizer(id)
    if attempts[id, default: []].last?.closed ?? true { attempts[id, default: []].append(Attempt()) }
    let last = attempts[id, default: []].count - 1
    change(&attempts[id, default: []][last])
  }

  /// Rule C-12: the recognizer was removed from its view at `t`; its attempt ends there, without an action.
  mutating func removeAttempt(_ id: String, at t: Double) {
    guard let count = attempts[id]?.count, count > 0, !attempts[id]![count - 1].closed else { return }
    attempts[id, default: []][count - 1].removedAt = t
    attempts[id, default: []][count - 1].closed = true
  }

  mutating func closeAttempt(_ id: String) {
    guard let count = attempts[id]?.count, count > 0 else { return }
    attempts[id, default: []][count - 1].closed = true
  }

  mutating func withView(_ id: String, _ change: (inout ViewLog) -> Void) {
    noteView(id)
    change(&views[id, default: ViewLog()])
  }

  /// The last lift at or before `t`.
  func lastLift(before t: Double) -> Double? {
    touches.compactMap(\.lift).filter { $0 <= t }.max()
  }
}

/// Why a recognizer of touch.view or its superviews is not attached to a touch (rule 1.1, C-7); the
/// narration words it in its language.
enum Unattached: Equatable {
  /// Its isEnabled is false.
  case disabled
  /// It waits for these to fail and takes no new touch.
  case waiting(for: [String])
  /// It has finished and is not reset yet.
  case finished
  /// It already tracks as many touches as it takes.
  case full
  /// It recognized with these fingers, still down, and takes no new touch until they have lifted (5.1).
  case recognizedInThisSequence(stillDown: [Int])
  /// It was added to this view, then to `keptBy`, which took it away (rule C-9).
  case takenAway(view: String, keptBy: String)
}
