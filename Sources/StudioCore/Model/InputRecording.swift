import TouchSim

/// Live input kept as script steps: for "replay the last gesture" (R) and "save with the input as its
/// script" (Ctrl+Shift+S). Times are engine times. Bounded: whole gestures are dropped from the front.
struct InputRecording {
  /// Live input since the engine started.
  private(set) var steps: [ScriptStep] = []
  /// The steps of the last gesture done by hand (first touch-down to last lift).
  private(set) var lastGesture: [ScriptStep] = []
  private var current: [ScriptStep] = []
  /// Where each gesture of `steps` starts.
  private var gestureStarts: [Int] = []

  /// Forgets everything (a new engine).
  mutating func reset() {
    self = InputRecording()
  }

  /// Steps sent to the engine; `allUp` when no touch is down afterwards (the gesture is complete).
  mutating func record(_ new: [ScriptStep], allUp: Bool, limit: Int) {
    if current.isEmpty { gestureStarts.append(steps.count) }
    steps += new
    current += new
    guard allUp else { return }
    lastGesture = current
    current = []
    bound(limit)
  }

  /// The gesture in progress is over (its touches were cancelled before a replay).
  mutating func abandonCurrent() { current = [] }

  /// Keeps the last `limit` steps or so, whole gestures only.
  private mutating func bound(_ limit: Int) {
    guard steps.count > limit else { return }
    let earliest = steps.count - limit / 2
    guard let cut = gestureStarts.first(where: { $0 >= earliest }) else { return }
    steps.removeFirst(cut)
    gestureStarts = gestureStarts.filter { $0 >= cut }.map { $0 - cut }
  }

  /// `steps` as a script: shifted so the first is at t = 0, times rounded to whole milliseconds, and a
  /// touch still down at the end (the steps were taken in the middle of a gesture) cancelled there, so a
  /// replay or a saved script never leaves a touch down.
  static func script(from steps: [ScriptStep]) -> [ScriptStep] {
    guard let t0 = steps.first?.t else { return [] }
    var out = steps.map { s in
      var s = s
      s.t = (s.t - t0).rounded()
      s.line = 0
      return s
    }
    var down: [Int] = []
    for s in out {
      switch s.action {
      case .down(let n, _): down.append(n)
      case .up(let n, _), .cancel(let n): down.removeAll { $0 == n }
      default: break
      }
    }
    let end = out.last?.t ?? 0
    out += down.map { ScriptStep(t: end + 1, .cancel(touch: $0)) }
    return out
  }
}
