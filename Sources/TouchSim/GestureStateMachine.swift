/// A recognizer's state machine (rule 5.1): the one place that knows which transitions are legal.
///
/// Requests are what a recognizer (or the arbiter) asks for; `apply` normalises them as UIKit's
/// `setState:` does and returns the transition taken, or nil when UIKit ignores the request (anything
/// asked of a terminal state). A request that would lead to an illegal transition cannot be expressed:
/// `apply` only produces transitions in `legalTransitions`.
public struct GestureStateMachine: Equatable, Sendable {
  public enum Request: Equatable, Sendable {
    /// Continuous: possible → began. Discrete: treated as recognize.
    case begin
    /// Continuous: began/changed → changed.
    case change
    /// Continuous: began/changed → ended. Discrete: possible → ended (recognized).
    case end
    case cancel
    case fail
    case reset
  }

  public let isDiscrete: Bool
  public private(set) var state: GestureState = .possible

  public init(isDiscrete: Bool) { self.isDiscrete = isDiscrete }

  /// Every legal (from, to) pair (rule 5.1): discrete possible → ended / failed; continuous
  /// possible → began → changed* → ended / cancelled, possible → failed; terminal → possible on reset.
  public static func legalTransitions(isDiscrete: Bool) -> Set<Pair> {
    var s: Set<Pair> = [
      Pair(.possible, .failed), Pair(.ended, .possible), Pair(.failed, .possible),
    ]
    if isDiscrete {
      s.insert(Pair(.possible, .ended))
    } else {
      s.formUnion([
        Pair(.possible, .began), Pair(.began, .changed), Pair(.changed, .changed),
        Pair(.began, .ended), Pair(.changed, .ended), Pair(.began, .cancelled), Pair(.changed, .cancelled),
        Pair(.cancelled, .possible),
      ])
    }
    return s
  }

  /// Whether `legalTransitions(isDiscrete:)` contains the pair (the same table as a switch, checked on
  /// every transition).
  public static func isLegal(from: GestureState, to: GestureState, isDiscrete: Bool) -> Bool {
    switch (from, to) {
    case (.possible, .failed), (.ended, .possible), (.failed, .possible): return true
    case (.possible, .ended): return isDiscrete
    case (.possible, .began), (.began, .changed), (.changed, .changed), (.began, .ended), (.changed, .ended),
      (.began, .cancelled), (.changed, .cancelled), (.cancelled, .possible):
      return !isDiscrete
    default: return false
    }
  }

  public struct Pair: Hashable, Sendable {
    public var from: GestureState
    public var to: GestureState
    public init(_ from: GestureState, _ to: GestureState) {
      self.from = from
      self.to = to
    }
  }

  /// The state a request leads to from `state`, after UIKit's normalisation, or nil when ignored.
  public static func target(of request: Request, from state: GestureState, isDiscrete: Bool) -> GestureState? {
    if request == .reset { return state.isTerminal ? .possible : nil }
    if state.isTerminal { return nil }  // setting anything from a terminal state is ignored
    switch (request, state) {
    case (.begin, .possible): return isDiscrete ? .ended : .began
    case (.end, .possible): return isDiscrete ? .ended : .failed
    case (.change, .began), (.change, .changed): return .changed
    case (.end, .began), (.end, .changed): return .ended
    // Normalisation (S16): cancelled while possible is failed; failed while active is cancelled.
    case (.cancel, .possible), (.fail, .possible): return .failed
    case (.cancel, _), (.fail, _): return .cancelled
    default: return nil
    }
  }

  /// Applies a request; returns the transition taken (always legal), or nil when nothing changes.
  public mutating func apply(_ request: Request) -> Pair? {
    guard let to = Self.target(of: request, from: state, isDiscrete: isDiscrete) else { return nil }
    let pair = Pair(state, to)
    precondition(
      Self.isLegal(from: state, to: to, isDiscrete: isDiscrete), "illegal transition \(state) → \(to)")
    state = to
    return pair
  }
}
