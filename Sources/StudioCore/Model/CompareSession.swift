import Geometry
import Raster
import SceneFile
import TouchSim
import TraceKit

/// Compare mode (key X): two worlds side by side, each with its own engine, fed the same input
/// at the same engine times, shown at one shared playhead.
///
/// Each side keeps its engine's trace and the one `Snapshot` of it at the playhead; nothing is derived
/// from the other side. The playhead moves over the two traces merged by time: a line both traces have
/// next (the same line at the same time) is one step shown on both sides at once, so while the runs agree
/// both devices show the same moment; other lines of the same millisecond are taken in turn, one from
/// each side. Both sides dwell on their decisions at one pace, and each shows exactly its own entries up
/// to the playhead. Where the traces first part is
/// found incrementally (`TraceComparison` on the gesture where they part only), so a long session costs
/// no more per input than its new lines.
final class CompareSession {
  /// Which two worlds are compared.
  enum Origin: Equatable {
    /// Left: the scene as loaded from its file; right: the configuration with the user's toggles.
    case toggles
    /// Left: the configuration when compare began; right: the same with one toggle flipped (a toggle's
    /// context menu).
    case flip(PropertyChange)
  }

  /// One world: its scene, its engine, and its trace folded at the playhead.
  final class Side {
    let scene: Scene
    let engine: Engine
    private let base: Snapshot
    private(set) var snapshot: Snapshot
    private(set) var gestures = GestureIndex()
    /// Entries shown: `engine.trace[0..<shown]`.
    private(set) var shown = 0
    /// The canvas's costly parts for this side's device (each side its own, so neither evicts the other).
    let memo = FrameMemo()

    init(scene: Scene) {
      self.scene = scene
      engine = Engine(scene: scene)
      base = Snapshot(scene: scene)
      snapshot = base
    }

    /// Folds the trace up to entry `n` (from the start when the playhead moved back).
    func show(_ n: Int) {
      let trace = engine.trace
      let n = min(max(n, 0), trace.count)
      if n < snapshot.count { snapshot = base }
      snapshot.advance(trace, upTo: n)
      gestures.update(trace)
      shown = n
    }

    /// Where the gestures of the whole trace start.
    func gestureStarts() -> [Int] {
      gestures.update(engine.trace)
      return gestures.starts
    }
  }

  let origin: Origin
  private(set) var left: Side
  private(set) var right: Side
  var sides: [Side] { [left, right] }
  /// The engines' clock (trace milliseconds): both engines are always advanced to it together.
  private(set) var clock: Double = 0
  var playhead = Playhead()
  /// The two traces merged by time: what the playhead moves over.
  private(set) var merged: [TraceEntry] = []
  /// `shownBefore[side][i]`: how many of that side's entries `merged[0..<i]` shows.
  private var shownBefore: [[Int]] = [[0], [0]]
  private var mergedCount = (left: 0, right: 0)
  /// The scene's script is being played: the playhead paces it until it has shown all of it.
  /// Live, playing the script, paused or stepping (`Playback`, as in the single window).
  var playback = Playback.live
  var paused: Bool { playback.isPaused }
  /// Playing the script at a watchable pace, not yet caught up.
  var replaying: Bool {
    if case .playing = playback { return true }
    return false
  }
  /// Worlds to restart on once every finger has lifted (a toggle flipped while comparing).
  var pendingRestart: (left: Scene, right: Scene)?
  /// Where each device was drawn in the last frame (its half of the canvas, its viewport, and the rect its
  /// canvas panel had, which zooming and panning fit to): live input
  /// maps a pixel to the scene through the device it is over.
  var deviceAreas: [(area: Rect, viewport: Viewport, canvas: Rect)] = []
  /// The device the fingers now down pressed on (their moves map through it).
  var pressSide: Int?

  // MARK: Divergence

  /// The two runs compared from the gesture where they part (nil while they agree).
  private(set) var comparison: TraceComparison?
  /// Where `comparison` starts in both traces (they are equal before it).
  private(set) var comparisonStart = 0
  /// The first `agreed` entries of the two traces are the same line for line.
  private var agreed = 0
  /// The comparison covers whole gestures on both sides: it can no longer change.
  private var comparisonFinal = false

  init(left: Scene, right: Scene, origin: Origin) {
    self.origin = origin
    self.left = Side(scene: left)
    self.right = Side(scene: right)
    changes = (try? SceneEditor.changes(from: left, to: right)) ?? []
    worldsDiffer = left != right
  }

  /// What the right side changes, as the scene file's keys (`cardTap.cancelsTouchesInView = false`).
  private(set) var changes: [PropertyChange] = []
  /// The two worlds are not the same scene (even when no scene-file key can say how: a touch filter).
  private(set) var worldsDiffer = false

  // MARK: Engines

  var liveTouches: [Int]? {
    let all = Set(left.engine.liveTouches).union(right.engine.liveTouches)
    return all.isEmpty ? nil : all.sorted()
  }
  var touchesInUse: [Int] { Array(Set(left.engine.touchesInUse).union(right.engine.touchesInUse)) }
  var hasLiveTouches: Bool { !left.engine.liveTouches.isEmpty || !right.engine.liveTouches.isEmpty }

  /// The latest time the playhead may show: the clock, or at rest (no finger down, no timer pending) a
  /// little after the last entry, so a still picture stays still.
  var playheadLimit: Double {
    let now = max(clock, left.engine.now, right.engine.now)
    guard !hasLiveTouches, left.engine.nextTimerTime == nil, right.engine.nextTimerTime == nil else { return now }
    let last = max(left.engine.trace.last?.t ?? 0, right.engine.trace.last?.t ?? 0)
    return min(now, max(last + StudioModel.settleTime, playhead.time))
  }

  /// The same actions to both engines at the same time `clock`.
  func feed(_ actions: [ScriptStep.Action]) {
    let t = max(clock, left.engine.now, right.engine.now)
    clock = t
    let steps = actions.map { ScriptStep(t: t, $0) }
    left.engine.perform(steps)
    right.engine.perform(steps)
    sync()
  }

  /// Both engines' clocks move on by `dt` ms.
  func advanceClock(by dt: Double) {
    clock += dt
    sync()
  }

  /// Both engines restarted on their worlds run `script`; the playhead plays it from the start.
  func play(_ script: [ScriptStep]) {
    // On the worlds as they are now (a toggle flipped mid-gesture included).
    let worlds = pendingRestart ?? (left.scene, right.scene)
    restart(left: worlds.left, right: worlds.right)
    // Each side stops where its trace passes the limit (the model says so when it plays the script alone).
    try? left.engine.run(script: script, limit: Engine.scriptTraceLimit)
    try? right.engine.run(script: script, limit: Engine.scriptTraceLimit)
    sync()
    playback = .playing(.script)
  }

  /// Fresh engines on `left` and `right`, the playhead at the start.
  func restart(left l: Scene, right r: Scene) {
    left = Side(scene: l)
    right = Side(scene: r)
    changes = (try? SceneEditor.changes(from: l, to: r)) ?? []
    worldsDiffer = l != r
    clock = 0
    playhead.rewind()
    merged = []
    shownBefore = [[0], [0]]
    mergedCount = (0, 0)
    comparison = nil
    comparisonStart = 0
    agreed = 0
    comparisonFinal = false
    playback = playback.isPaused ? .paused(resume: nil) : .live
    pendingRestart = nil
  }

  /// Advances both engines to the common clock, merges their new entries and compares them.
  private func sync() {
    let t = max(clock, left.engine.now, right.engine.now)
    clock = t
    if left.engine.now < t { left.engine.advance(to: t) }
    if right.engine.now < t { right.engine.advance(to: t) }
    merge()
    compare()
  }

  /// Appends the entries both engines made since the last merge. Both were advanced to the same time, so
  /// every new entry is at or after every merged one.
  private func merge() {
    let a = left.engine.trace
    let b = right.engine.trace
    var i = mergedCount.left
    var j = mergedCount.right
    var takeLeft = true
    while i < a.count || j < b.count {
      if i < a.count, j < b.count, a[i].t == b[j].t, a[i].json == b[j].json {
        // The same line in both runs: one step, shown on both sides.
        merged.append(a[i])
        i += 1
        j += 1
      } else {
        let useLeft: Bool
        if i >= a.count {
          useLeft = false
        } else if j >= b.count {
          useLeft = true
        } else if a[i].t != b[j].t {
          useLeft = a[i].t < b[j].t
        } else {
          useLeft = takeLeft
        }
        if useLeft {
          merged.append(a[i])
          i += 1
        } else {
          merged.append(b[j])
          j += 1
        }
        takeLeft = !useLeft
      }
      shownBefore[0].append(i)
      shownBefore[1].append(j)
    }
    mergedCount = (i, j)
  }

  /// Finds where the traces first part, from the last line known to agree.
  private func compare() {
    guard !comparisonFinal else { return }
    let a = left.engine.trace
    let b = right.engine.trace
    var i = agreed
    while i < a.count && i < b.count && a[i].json == b[i].json { i += 1 }
    agreed = i
    guard i < a.count || i < b.count else {
      comparison = nil
      return
    }
    // The gesture where they part starts at the same index in both (everything before is equal).
    comparisonStart = left.gestureStarts().last { $0 <= i } ?? 0
    // The words come from the gesture where they part, up to `wordsWindow` lines past the parting (a
    // long drag that parts early would otherwise be compared again, whole, with every move).
    let limit = i + Self.wordsWindow
    let gestureA = Self.gestureEnd(after: i, in: left, count: a.count)
    let gestureB = Self.gestureEnd(after: i, in: right, count: b.count)
    let endA = min(gestureA, limit)
    let endB = min(gestureB, limit)
    let c = TraceComparison(
      written: Array(a[comparisonStart..<endA]), changed: Array(b[comparisonStart..<endB]))
    comparison = c.first == nil ? nil : c
    // Parted with a line on each side, and neither slice can grow (its gesture is over or the window is
    // full): nothing later changes what is shown.
    let fixedA = endA == limit || gestureA < a.count
    let fixedB = endB == limit || gestureB < b.count
    if let f = c.first, f.written != nil, f.changed != nil, fixedA, fixedB {
      comparisonFinal = true
    }
  }

  /// How many lines past the parting the words of the first difference are looked for in.
  static let wordsWindow = 400

  /// Where the gesture containing `i` ends in `side`'s trace (the next gesture's start, or the end).
  private static func gestureEnd(after i: Int, in side: Side, count: Int) -> Int {
    side.gestureStarts().first { $0 > i } ?? count
  }

  /// The first divergence: its time, and its index in each trace (nil on a side whose run has ended there).
  var divergence: (t: Double, left: Int?, right: Int?)? {
    guard let f = comparison?.first else { return nil }
    let i = comparisonStart + f.index
    return (f.t, f.written == nil ? nil : i, f.changed == nil ? nil : i)
  }

  // MARK: Playhead

  /// Each side shows its entries among the merged ones up to the playhead.
  func showPlayhead() {
    let n = min(playhead.index, merged.count)
    left.show(shownBefore[0][n])
    right.show(shownBefore[1][n])
  }

  /// The merged index of side `side`'s entry `i` (0: left, 1: right).
  func mergedIndex(side: Int, entry i: Int) -> Int? {
    // The counts are non-decreasing: the first m whose step shows entry i.
    let counts = shownBefore[side == 0 ? 0 : 1]
    var lo = 0
    var hi = merged.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if counts[mid + 1] < i + 1 { lo = mid + 1 } else { hi = mid }
    }
    return lo < merged.count ? lo : nil
  }

  /// Moves the playhead on by `dt` display ms: at the engines' present when live at speed 1, else paced.
  func tick(dt: Double, speed: Double) {
    guard !paused else { return }
    advanceClock(by: dt * speed)
    let limit = playheadLimit
    if replaying && playhead.index >= merged.count && playhead.time >= limit { playback.caughtUp() }
    if replaying || speed != 1 {
      playhead.advance(by: dt, speed: speed, trace: merged, limit: limit)
    } else {
      playhead.jumpToEnd(of: merged, limit: limit)
    }
  }
}
