import TouchSim

/// The invariants every trace must keep whatever the input (robustness), as a list of violations (empty when
/// the trace is sound). Shared by the engine's property tests, the scene-library property tests and the
/// window model's stuck-touch tests.
public enum TraceInvariants {
  /// Checks one engine run's whole trace:
  /// - per view and touch, deliveries read began, moved*, then ended or cancelled, exactly once, and
  ///   nothing after that until the number is used for a new touch (F-2, F-5 to F-7, C-1);
  /// - every touch that went down ends or is cancelled (`input` ended / cancelled) exactly once;
  /// - only the legal transitions of 5.1, each leaving the state the recognizer was in;
  /// - an action only for began / changed / ended (recognized) / cancelled, right after that state,
  ///   never for failed or possible.
  /// `discrete` says which recognizers are discrete (unknown ids count as continuous).
  public static func violations(in trace: [TraceEntry], discrete: [String: Bool]) -> [String] {
    var out: [String] = []
    func fail(_ s: String) { if out.count < 20 { out.append(s) } }
    var open: [String: Bool] = [:]
    var down: [Int: Bool] = [:]
    var state: [String: GestureState] = [:]
    for e in trace {
      switch e.event {
      case .deliver(let view, let m, let ts, _):
        for n in ts {
          let key = "\(view)#\(n)"
          switch m {
          case .touchesBegan:
            if open[key] == true { fail("t \(e.t): touchesBegan twice for touch \(n) in \(view)") }
            open[key] = true
          case .touchesMoved:
            if open[key] != true { fail("t \(e.t): touchesMoved without touchesBegan (or after the end) for \(key)") }
          case .touchesEnded, .touchesCancelled:
            if open[key] != true { fail("t \(e.t): \(m) without touchesBegan (or twice) for \(key)") }
            open[key] = false
          }
        }
      case .input(let n, let phase, _, _):
        switch phase {
        case .began:
          if down[n] == true { fail("t \(e.t): touch \(n) went down twice") }
          down[n] = true
        case .moved, .stationary:
          if down[n] != true { fail("t \(e.t): touch \(n) moved while not down") }
        case .ended, .cancelled:
          if down[n] != true { fail("t \(e.t): touch \(n) \(phase) while not down") }
          down[n] = false
        }
      case .state(let r, let from, let to, _):
        if !GestureStateMachine.isLegal(from: from, to: to, isDiscrete: discrete[r] ?? false) {
          fail("t \(e.t): illegal transition of \(r): \(from) → \(to)")
        }
        if (state[r] ?? .possible) != from { fail("t \(e.t): \(r) left \(from) but was \(state[r] ?? .possible)") }
        state[r] = to
      case .action(let r, let s, _):
        if state[r] != s || s == .failed || s == .possible {
          fail("t \(e.t): action of \(r) in \(s) after \(state[r] ?? .possible)")
        }
      default:
        break
      }
    }
    for (key, isOpen) in open.sorted(by: { $0.key < $1.key }) where isOpen { fail("touch never ended in \(key)") }
    for (n, isDown) in down.sorted(by: { $0.key < $1.key }) where isDown { fail("touch \(n) never ended") }
    return out
  }

  /// The engine at rest (all touches ended and every timer fired): nothing live, nothing held, nothing
  /// waiting, every recognizer back in possible (5.1 reset).
  public static func restViolations(of engine: Engine, recognizers: [String]) -> [String] {
    var out: [String] = []
    if !engine.liveTouches.isEmpty { out.append("touches still live: \(engine.liveTouches.sorted())") }
    if let t = engine.nextTimerTime { out.append("a timer is still due at \(t)") }
    if !engine.waiting.isEmpty { out.append("recognizers still waiting: \(engine.waiting)") }
    for r in recognizers {
      if let s = engine.state(of: r), s != .possible { out.append("\(r) is \(s), not possible") }
    }
    return out
  }

  /// Which recognizers of `scene` are discrete, for `violations(in:discrete:)`.
  public static func discreteness(of scene: Scene) -> [String: Bool] {
    var d: [String: Bool] = [:]
    // With the recognizers UIKit makes around sheets, as the engine has them.
    for r in scene.presentingSheets().allRecognizers { d[r.id] = r.kind.isDiscrete }
    return d
  }
}
