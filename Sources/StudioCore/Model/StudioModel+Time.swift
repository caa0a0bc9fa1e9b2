import SceneFile
import TouchSim
import TraceKit

/// Time: the wall clock, the playback mode and the playhead, and the snapshot at it.
extension StudioModel {

  /// How the window is showing the trace now.
  public var mode: PlaybackMode {
    switch playback {
    case .paused: return .paused
    case .stepping: return .step
    case .playing(let kind): return isReplaying ? kind.mode : .live
    case .live: return .live
    }
  }

  /// Live input at speed 1: the playhead is the engine's present.
  public var showsPresent: Bool { mode == .live && speed == 1 }

  /// Called once per frame with the wall clock (ms): the engine's clock and the playhead move on.
  public func tick(wall: Double) {
    syncClock(wall)
    let elapsed = lastTick.map { max(0, wall - $0) } ?? 0
    let dt = min(elapsed, 250)
    lastTick = wall
    // The help or the scene list hides the toast: its time stands still under them.
    view.expireToast(at: wall, heldFor: view.overlayOpen ? elapsed : 0)
    if let compare {
      tickCompare(compare, dt: dt)
      return
    }
    guard !paused else { return }
    let limit = playheadLimit
    if isReplaying || speed != 1 {
      // Playing the script: the playhead stops at the next question's time, and it is asked there.
      playhead.advance(
        by: dt, speed: speed, trace: engine.trace, limit: limit,
        stopAt: playback == .playing(.script) ? quiz.stopTime : nil)
      if playback == .playing(.script) { askQuestionIfDue() }
    } else {
      // Live at speed 1: the engine's present, every frame.
      playback.caughtUp()
      playhead.jumpToEnd(of: engine.trace, limit: limit)
    }
    refreshSnapshot(wall: wall)
    if let summaries = narrationCache.takeSummaries(session: retention.session) {
      retention.appendHistory(summaries)
    }
    boundTrace()
  }

  /// How long the picture keeps changing after the last trace entry when nothing else happens: the
  /// longest fade (the hit-test walk's badges, 2.1 s) and a margin.
  public static let settleTime = Pacing.settleTime

  /// The latest time the playhead may show. The engine's clock keeps running at rest (timers and tap
  /// intervals need it), but once every touch is up, no timer is pending and every fade has finished,
  /// the playhead stops a little after the last entry: the picture is still, and the window can sleep.
  var playheadLimit: Double {
    let now = max(clock, engine.now)
    guard engine.liveTouches.isEmpty, input.isEmpty, engine.nextTimerTime == nil else { return now }
    return min(now, max((engine.trace.last?.t ?? 0) + Self.settleTime, playhead.time))
  }

  /// Space: pause, or resume. Resuming behind the present plays the rest at a watchable pace (as a
  /// replay of what happened); at the present, live input goes on.
  func togglePause() {
    // A question on screen: Space plays on past it.
    if quiz.current != nil {
      dismissQuestion()
      playback.pause()
    }
    if playback.isPaused {
      playback.resume(behindThePresent: playhead.index < engine.trace.count)
    } else {
      playback.pause()
    }
  }

  /// Playback stopped at a question: paused (Space plays on).
  func pauseForQuestion() { playback.pause() }

  /// Stepping, or a jump to an entry: the playhead stays where it is put.
  func pauseForStepping() { playback.step() }

  func setSpeed(_ s: Double) { speed = s }

  /// Shows everything up to now at once.
  func jumpToPresent() {
    quiz.end()  // everything is shown: no question is still to come
    playhead.jumpToEnd(of: engine.trace, limit: max(clock, engine.now))
    refreshSnapshot()
  }

  /// The engine's clock follows the wall clock at the playback speed (slow motion slows the world).
  func syncWall(_ wall: Double) { syncClock(wall) }

  func syncClock(_ wall: Double) {
    let dt = lastWall.map { max(0, min(wall - $0, 250)) } ?? 0
    lastWall = wall
    guard !paused else { return }
    clock += dt * speed
    if clock > engine.now { engine.advance(to: clock) }
  }

  /// Brings the snapshot to the playhead (from the base when the playhead moved back), and notes when a
  /// new hit-test walk appears live (it animates as an overlay).
  func refreshSnapshot(wall: Double? = nil) {
    let trace = engine.trace
    if playhead.index < snapshot.count { snapshot = retention.base }
    snapshot.advance(trace, upTo: playhead.index)
    gestures.update(trace)
    if let walk = snapshot.walk, liveWalk?.start != walk.startIndex {
      liveWalk = showsPresent ? (walk.startIndex, wall ?? lastWall ?? 0) : nil
    }
  }

  /// How many visits of the walk shown live the canvas draws now: the walk of a live touch-down plays
  /// in `walkRevealTime` ms as an overlay while everything else shows the present; nil draws them all.
  var walkReveal: Int? {
    guard let live = liveWalk, let walk = snapshot.walk, walk.startIndex == live.start, let wall = lastWall else {
      return nil
    }
    let elapsed = wall - live.wall
    guard elapsed < Self.walkRevealTime else { return nil }
    return min(walk.visits.count, 1 + Int(elapsed / Self.walkRevealTime * Double(walk.visits.count)))
  }

  /// All the visits of a live hit-test walk show within this many milliseconds.
  public static let walkRevealTime = 150.0

  /// The trace time the playhead shows.
  public var playheadTime: Double { playhead.time }
}
