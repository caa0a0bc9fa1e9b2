import Geometry
import TouchSim

/// Live input kept as script steps: for "replay the last gesture" (R) and "save with the input as its
/// script" (Ctrl+Shift+S). Times are engine times. Bounded: whole gestures are dropped from the front.
///
/// A gesture is what every reader of the trace calls one (`GestureScanner`): it starts with a touch-down
/// on a settled trace and takes every touch until the next such start, so a double tap's two taps are
/// one gesture and R replays both. Each gesture keeps the world it was performed in (`GestureWorld`): R
/// replays it there, not on the scene as it is now (a view an earlier drag moved stays moved; the
/// toggles are those of then).
struct InputRecording {
  /// Live input since the engine started.
  private(set) var steps: [ScriptStep] = []
  /// The steps of the last gesture done by hand, up to its latest moment with every touch up.
  private(set) var lastGesture: [ScriptStep] = []
  /// The world the last gesture started in.
  private(set) var lastGestureWorld: GestureWorld?
  private var current: [ScriptStep] = []
  private var currentWorld: GestureWorld?
  /// Where each gesture of `steps` starts.
  private var gestureStarts: [Int] = []

  /// Forgets everything (a new engine).
  mutating func reset() {
    self = InputRecording()
  }

  /// Forgets the input but the last gesture, which now starts in `world` (a replay of it: R again replays
  /// it again, there).
  mutating func keepOnlyLastGesture(in world: GestureWorld?) {
    self = InputRecording(lastGesture: lastGesture, lastGestureWorld: world)
  }

  /// The worlds still named by their trace entry whose entry `shouldResolve` says is going (the trace is
  /// about to lose it): made the scene at that entry, `scene(entry)`.
  mutating func resolveWorlds(where shouldResolve: (Int) -> Bool, _ scene: (Int) -> Scene?) {
    func resolve(_ w: inout GestureWorld?) {
      guard case .entry(let n)? = w?.start, shouldResolve(n) else { return }
      if let s = scene(n) { w?.start = .scene(s) } else { w = nil }
    }
    resolve(&lastGestureWorld)
    resolve(&currentWorld)
  }

  /// Steps sent to the engine. `startsGesture` when the trace they made starts a gesture (the scanner
  /// said so), and `world` the engine's world before them; `allUp` when no touch is down afterwards:
  /// the gesture so far becomes the one R replays (a second tap may still join it).
  mutating func record(
    _ new: [ScriptStep], startsGesture: Bool, allUp: Bool, limit: Int, world: GestureWorld? = nil
  ) {
    if startsGesture || current.isEmpty {
      gestureStarts.append(steps.count)
      current = []
      currentWorld = world
    }
    steps += new
    current += new
    guard allUp else { return }
    lastGesture = current
    lastGestureWorld = currentWorld
    bound(limit)
  }

  /// Keeps the last `limit` steps or so, whole gestures only.
  private mutating func bound(_ limit: Int) {
    guard steps.count > limit else { return }
    let earliest = steps.count - limit / 2
    guard let cut = gestureStarts.first(where: { $0 >= earliest }) else { return }
    steps.removeFirst(cut)
    gestureStarts = gestureStarts.filter { $0 >= cut }.map { $0 - cut }
  }

  /// A scene's own script to play: shifted so the first step is at t = 0, times rounded to whole
  /// milliseconds, and a touch still down at the end cancelled there (nothing else changes).
  static func playable(_ steps: [ScriptStep]) -> [ScriptStep] {
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

  /// `steps` as a script a scene file may hold (`touchscope check` accepts it; a replay on `scene` ends
  /// every touch). See `validScript(from:on:)`.
  static func script(from steps: [ScriptStep], on scene: Scene? = nil) -> [ScriptStep] {
    validScript(from: steps, on: scene).steps
  }

  /// The limits of a scene file's script (SceneReader, docs/SCENE-FILES.md).
  enum Limits {
    static let maxTouch = 1000
    static let maxSteps = 100_000
    static let maxTime = 1e7
    static let maxMagnitude = 1e6
  }

  /// `steps` as a valid script, and how many touches had to be left out:
  /// - shifted so the first is at t = 0, times rounded to whole milliseconds, in time order;
  /// - one change per touch per event, and at least 1 ms between a touch's steps: a quick click's down
  ///   and up in one millisecond become down, then up 1 ms later; a quick drag's several moves in one
  ///   millisecond become one move to the last point; later steps keep their order (and move on with
  ///   them when they would otherwise come earlier);
  /// - touch numbers within 0...1000: a touch keeps its number when it is free, else it takes the lowest
  ///   free one (1 to 1000, then 0); a touch that finds none (more than 1,001 down at once) is left out.
  ///   With `scene`, the script is run on it as it is built, and a number the engine still uses (a
  ///   lifted touch whose end is withheld, F-7) counts as taken, as in the window;
  /// - a touch still down at the end (the steps were taken in the middle of a gesture) is cancelled
  ///   there, so a replay or a saved script never leaves a touch down;
  /// - moves, lifts and cancels of touches that are not down, and a second down of one that is, are
  ///   dropped; points are kept within ±1,000,000; at most 100,000 steps (the latest kept) within
  ///   10,000,000 ms (the earliest kept).
  static func validScript(from steps: [ScriptStep], on scene: Scene? = nil) -> (
    steps: [ScriptStep], droppedTouches: Int
  ) {
    var builder = ScriptBuilder(engine: scene.map { Engine(scene: $0) })
    // Room for the final cancels (at most 1,001 touches down).
    for step in steps.suffix(Limits.maxSteps - (Limits.maxTouch + 1)) {
      guard builder.add(step) else { break }
    }
    return (builder.finish(), builder.dropped)
  }
}

/// The world a gesture was performed in: the engine's scene as the gesture began (views moved by earlier
/// gestures' effects, scroll offsets, the toggles applied then) and the configuration of toggles then.
///
/// The scene is kept as where the gesture began in the trace, and made only when it is needed (R), or
/// when the trace is about to lose that place (the engine restarts, bounded memory): a touch-down never
/// pays for rebuilding a large scene.
struct GestureWorld {
  enum Start {
    /// The number of trace entries before the gesture, counted since the engine started (entries
    /// discarded for bounded memory included): the scene is the trace's start scene with those entries'
    /// changes.
    case entry(Int)
    /// The scene itself.
    case scene(Scene)
  }
  var start: Start
  /// The configuration then (the loaded scene with the toggles flipped by then).
  var config: Scene
}

/// Builds a valid script step by step (`InputRecording.validScript`).
private struct ScriptBuilder {
  typealias Limits = InputRecording.Limits
  /// Runs the script as it is built (its state after the last whole event), to know the numbers in use.
  let engine: Engine?
  var out: [ScriptStep] = []
  /// The recorded time of the first step kept.
  var t0: Double?
  /// The script's time so far.
  var time = 0.0
  /// Where the last event (the steps at `time`) starts in `out`; the engine has run everything before.
  var eventStart = 0
  /// The recorded touch number → the script's, while down.
  var number: [Int: Int] = [:]
  /// Script numbers of touches down.
  var taken = Set<Int>()
  /// Recorded touches left out (no number was free), while down.
  var ignored = Set<Int>()
  var dropped = 0
  /// Script number → the time of its last step.
  var lastTime: [Int: Double] = [:]
  /// Script number → its latest move in `out` (while it is its last step) and the recorded millisecond.
  var lastMove: [Int: (index: Int, recorded: Double)] = [:]

  init(engine: Engine?) { self.engine = engine }

  static func clamp(_ p: Point) -> Point {
    func c(_ v: Double) -> Double { v.isFinite ? min(max(v, -Limits.maxMagnitude), Limits.maxMagnitude) : 0 }
    return Point(c(p.x), c(p.y))
  }

  /// The engine runs the events before `t`.
  mutating func flush(before t: Double) {
    guard t > time, eventStart < out.count else { return }
    engine?.perform(Array(out[eventStart...]))
    eventStart = out.count
  }

  /// A number for a new touch at `t`: its own when free, else the lowest free (1...1000, then 0). Free:
  /// no touch down has it, the engine no longer uses it, and its last step is before `t`; failing that,
  /// one no touch down has (its step then moves on).
  func freeNumber(preferring n: Int, at t: Double) -> Int? {
    let inUse = Set(engine?.touchesInUse ?? [])
    let candidates = [n] + Array(1...Limits.maxTouch) + [0]
    func valid(_ k: Int) -> Bool { (0...Limits.maxTouch).contains(k) && !taken.contains(k) }
    return candidates.first { valid($0) && !inUse.contains($0) && (lastTime[$0] ?? -1) < t }
      ?? candidates.first { valid($0) && !inUse.contains($0) } ?? candidates.first(where: valid)
  }

  /// Adds `step`; false once the script is full (its time limit reached).
  mutating func add(_ step: ScriptStep) -> Bool {
    let original = step.t.isFinite ? step.t : (t0 ?? 0)
    let recorded = (original - (t0 ?? original)).rounded()
    var t = max(recorded, time)
    flush(before: t)
    let action: ScriptStep.Action
    let m: Int?
    switch step.action {
    case .down(let n, let p):
      guard number[n] == nil, !ignored.contains(n) else { return true }
      guard let free = freeNumber(preferring: n, at: t) else {
        ignored.insert(n)
        dropped += 1
        return true
      }
      (action, m) = (.down(touch: free, at: Self.clamp(p)), free)
    case .move(let n, let p):
      guard let k = number[n] else { return true }
      (action, m) = (.move(touch: k, to: Self.clamp(p)), k)
      // Several moves in one recorded millisecond, in the event not yet run: one move, to the last point.
      if let last = lastMove[k], last.recorded == recorded, last.index >= eventStart {
        out[last.index].action = action
        return true
      }
    case .up(let n, let p):
      if ignored.remove(n) != nil { return true }
      guard let k = number[n] else { return true }
      (action, m) = (.up(touch: k, at: p.map(Self.clamp)), k)
    case .cancel(let n):
      if ignored.remove(n) != nil { return true }
      guard let k = number[n] else { return true }
      (action, m) = (.cancel(touch: k), k)
    default:
      (action, m) = (step.action, nil)
    }
    if let m, let previous = lastTime[m] { t = max(t, previous + 1) }
    // Past the latest time a script may have (the final cancels must fit too): the rest is left out.
    guard t <= Limits.maxTime - 1 else { return false }
    flush(before: t)
    if t0 == nil { t0 = original }
    time = t
    if let m {
      lastTime[m] = t
      lastMove[m] = nil
      switch action {
      case .down:
        if let n = step.touch { number[n] = m }
        taken.insert(m)
      case .up, .cancel:
        if let n = step.touch { number[n] = nil }
        taken.remove(m)
      default:
        lastMove[m] = (out.count, recorded)
      }
    }
    out.append(ScriptStep(t: t, action))
    return true
  }

  /// The script, every touch still down cancelled 1 ms after the last step.
  func finish() -> [ScriptStep] {
    out + taken.sorted().map { ScriptStep(t: time + 1, .cancel(touch: $0)) }
  }
}
