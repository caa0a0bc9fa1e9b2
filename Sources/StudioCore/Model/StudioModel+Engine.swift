import SceneFile
import TouchSim
import TraceKit

/// Feeding the engine: live input and script steps, property changes, replays and scripts.
extension StudioModel {

  /// Live input is about to happen: a replay that was showing gives way, a pause or a step ends (the
  /// hand acts now, so the window shows now), and the engine time the input happens at is returned.
  func goLive() -> Double {
    playback = .live
    quiz.end()
    clock = max(clock, engine.now)
    if engine.liveTouches.isEmpty && (playhead.index < engine.trace.count || playhead.time < clock) {
      playhead.jumpToEnd(of: engine.trace, limit: clock)
    }
    return clock
  }

  /// Sends live steps to the engine, records them, and applies pending toggles once all fingers are up.
  func feed(_ actions: [ScriptStep.Action]) {
    guard !actions.isEmpty else { return }
    if let compare {
      feedCompare(compare, actions)
      return
    }
    let t = goLive()
    input.noteFed(actions)
    let steps = actions.map { ScriptStep(t: t, $0) }
    // A gesture may begin: the world it begins in, for R to replay it there.
    let before = engine.trace.count
    let world =
      engine.liveTouches.isEmpty
      ? GestureWorld(start: .entry(retention.discardedEntries + before), config: config) : nil
    engine.perform(steps)
    latestInputTime = t
    let allUp = engine.liveTouches.isEmpty
    // Where the gesture starts is the scanner's call, as for the timeline and the narration.
    gestures.update(engine.trace)
    let starts = gestures.starts.last.map { $0 >= before } ?? false
    inputLog.record(steps, startsGesture: starts, allUp: allUp, limit: retention.limits.recording, world: world)
    if allUp { applyPendingChanges() }
    if showsPresent {
      playhead.jumpToEnd(of: engine.trace, limit: max(clock, engine.now))
      refreshSnapshot()
    }
  }

  /// A numbering for new touches: each call gives the lowest number that is not `extra`, not a live
  /// touch's and not one the engine still uses (a lifted touch whose touchesEnded is still withheld keeps
  /// its number, F-7, or the trace could not tell the two apart). Taken before `input` changes.
  func touchNumbers() -> (Set<Int>) -> Int {
    var used = Set(input.fedLocation.keys).union(compare?.touchesInUse ?? engine.touchesInUse)
    if let v = input.virtualFinger { used.insert(v.touch) }
    return { extra in
      var n = 1
      while used.contains(n) || extra.contains(n) { n += 1 }
      return n
    }
  }

  func cancelAllTouches() {
    let live = compare.map { $0.liveTouches ?? [] } ?? engine.liveTouches
    input.reset()
    guard !live.isEmpty else { return }
    feed(live.map { .cancel(touch: $0) })
  }

  func applyPendingChanges() {
    if restartWhenUp {
      restartWhenUp = false
      pendingChanges = []
      restartEngine(on: config)
      return
    }
    guard !pendingChanges.isEmpty else { return }
    let changes = pendingChanges
    pendingChanges = []
    engine.apply(changes, at: max(clock, engine.now), origin: .user)
  }

  /// Applies a toggle's change to the configuration (one step for undo), and to the engine now when no
  /// finger is down, else when the last finger lifts (the next touch).
  func change(_ change: PropertyChange) {
    guard let before = config.entity(change.target) else { return }
    var next = config
    guard next.apply(change) == nil else { return }
    config = next
    if let after = config.entity(change.target) {
      toggleHistory.record(ToggleHistory.Step(change: change, before: before, after: after))
    }
    applyToEngine(change)
  }

  /// The engine gets a change of the configuration: now when no finger is down, else when the last finger
  /// lifts (a change back to what the engine has is then no change).
  func applyToEngine(_ change: PropertyChange) {
    if engine.liveTouches.isEmpty {
      // Now, without moving a paused or stepped playhead: the change is for the next touch.
      clock = max(clock, engine.now)
      engine.apply([change], at: clock, origin: .user)
      if showsPresent {
        playhead.jumpToEnd(of: engine.trace, limit: max(clock, engine.now))
        refreshSnapshot()
      }
    } else {
      pendingChanges.removeAll { $0.target == change.target && $0.key == change.key }
      if SceneEditor.value(of: change.key, target: change.target, in: engine.scene) != change.value {
        pendingChanges.append(change)
      }
    }
  }

  /// A fresh engine on the configuration, now or, while fingers are down, when the last one lifts.
  func restartEngineOnConfiguration() {
    if engine.liveTouches.isEmpty {
      pendingChanges = []
      restartEngine(on: config)
    } else {
      restartWhenUp = true
    }
  }

  /// The engine's scene after `n` trace entries since it started (nil when they are no longer all kept).
  func sceneAt(entry n: Int) -> Scene? {
    let local = n - retention.discardedEntries
    let trace = engine.trace
    guard local >= 0, local <= trace.count else { return nil }
    var live = retention.base.live
    for e in trace[..<local] { live.apply(e.event) }
    return live.scene
  }

  /// A fresh engine runs `steps`; the playhead plays it from the start. The scene's script runs on the
  /// current configuration; a gesture done by hand (`world` given) runs in the world it was performed in,
  /// and the toggles flipped since then apply after it (for the next touch).
  func replay(_ steps: [ScriptStep], as kind: Playback.Kind, in world: GestureWorld? = nil) {
    var scene = config
    if let world {
      switch world.start {
      case .scene(let s): scene = s
      case .entry(let n): scene = sceneAt(entry: n) ?? config
      }
    }
    // The replayed gesture begins the new engine's trace: R again replays it from there.
    if kind == .replay {
      inputLog.keepOnlyLastGesture(in: world.map { GestureWorld(start: .scene(scene), config: $0.config) })
    } else {
      inputLog.reset()
    }
    // Live input is made a valid script (as Ctrl+Shift+S saves it); the scene's own is played as written.
    let script = kind == .script ? InputRecording.playable(steps) : InputRecording.script(from: steps, on: scene)
    view.scrollOffsets[.log] = nil
    restartEngine(on: scene)
    do {
      try engine.run(script: script, limit: scriptTraceLimit)
    } catch {
      // `playable` keeps the steps' places (it only adds cancels at the end) but not their lines.
      var stop = error
      if kind == .script && stop.step < steps.count { stop.line = steps[stop.step].line }
      scriptTooLong(stop)
    }
    if let world {
      let since = toggleChanges(from: world.config, to: config)
      if !since.isEmpty { engine.apply(since, at: engine.now, origin: .user) }
    }
    latestInputTime = script.last?.t
    clock = engine.now
    playback = .playing(kind)
  }

  /// A script stopped at the trace limit: the playback shows what ran, and a warning says where it stopped.
  func scriptTooLong(_ stop: ScriptTooLong) {
    let limit = stop.limitText
    let english =
      "The script stops \(stop.line > 0 ? "at line \(stop.line)" : "here"): its trace passed \(limit) entries, "
      + "the most one run may make."
    let chinese = "脚本\(stop.line > 0 ? "在第 \(stop.line) 行" : "在这里")停止：它的轨迹超过了 \(limit) 条，这是一次运行最多能产生的条数。"
    notify(language(english, chinese), kind: .warning, wall: wallClock ?? 0)
  }

  /// Plays `script` as the Play button plays the scene's own (for recordings): the playhead then moves
  /// with `tick(wall:)`. It does not stop at the scene's questions (only P asks them).
  public func play(script: [ScriptStep]) { replay(script, as: .script) }

  /// Shows the window as it is `time` ms into `script` run on the current configuration (for renders):
  /// every entry up to then is shown, paused.
  public func show(script: [ScriptStep], at time: Double) {
    restartEngine(on: config)
    engine = ScriptPlayback.engine(for: config, script: script, until: time)
    clock = engine.now
    latestInputTime = script.last { $0.t <= time }?.t
    playhead.jumpToEnd(of: engine.trace, limit: time)
    playback.pause()
    refreshSnapshot()
  }
}
