import Raster
import SceneFile
import StudioUI
import TouchSim
import TraceKit

/// How the window is showing the trace.
public enum PlaybackMode: String, Sendable {
  /// Live input at the engine's pace: at speed 1 every panel shows the engine's present.
  case live
  /// Paused by the user (Space).
  case paused
  /// Playing the scene's script (P) at a watchable pace.
  case script
  /// Replaying the last gesture (R) at a watchable pace.
  case replay
  /// Stepping decision by decision (← →, a click in the log or the timeline).
  case step
}

/// The window's whole state, without the window: pure and clock-free, so tests drive it directly.
///
/// It owns the engine and feeds it the user's fingers (`LiveInput`, recorded by `InputRecording`);
/// it keeps the playhead, and at the playhead the one `Snapshot` of the trace that every panel, the
/// narration (`NarrationCache`) and the timeline read; it bounds the trace (`TraceRetention`); it turns
/// keys (`KeyTable`) and toggles into actions and property changes (the scene file's own keys); and it
/// produces each frame as a `DrawList`. File and screen work is returned as `StudioEffect`s.
///
/// Live means live: with live input at speed 1 the playhead is the engine's present, every frame. Only
/// playback (a script, a replay, slow motion, stepping) paces the trace for the eye, dwelling on each
/// decision (`Playhead`).
public final class StudioModel {
  // MARK: Scene and engine

  /// The scene as loaded from its file (the last good one).
  public internal(set) var loaded: Scene
  /// The loaded scene with the toggles applied: what the next touch runs on, and what Save writes.
  public internal(set) var config: Scene
  public private(set) var scenePath: String?
  /// The scene file's text as last loaded or saved: what Ctrl+S edits (`SceneEditor`), and what the file
  /// must still hold for Ctrl+S to write over it (nil: no file, or its text unknown).
  public internal(set) var loadedText: String?
  /// The toggles flipped since the scene loaded, for undo and redo.
  var toggleHistory = ToggleHistory()
  /// A save handed to the window as an effect, until it reports how it went (`saveFinished`).
  var pendingSave: PendingSave?
  /// Why the last save did not write what was asked, shown over the canvas until dismissed (Esc), the next
  /// save or a load; it may offer Ctrl+S again to save to a new file.
  public internal(set) var saveMessage: SaveMessage?
  /// An undo restored what only a fresh engine can take (a touch filter) while fingers were down: the
  /// engine restarts on the configuration when the last one lifts.
  var restartWhenUp = false
  public private(set) var engine: Engine
  /// The engine's clock in live mode (trace milliseconds).
  public private(set) var clock: Double = 0
  /// Problems of the last reload attempt (the window keeps the last good scene).
  public internal(set) var loadErrors: [String] = []
  /// Changes made while fingers were down: they apply when the last finger lifts (the next touch).
  public private(set) var pendingChanges: [PropertyChange] = []
  /// The engine time of the latest input fed to the engine (nil before any).
  public private(set) var latestInputTime: Double?
  /// The most trace entries a played script may make (`Engine.scriptTraceLimit`; lowered by tests).
  var scriptTraceLimit = Engine.scriptTraceLimit
  /// Compare mode (key X): two worlds side by side on the same input (nil: the single window).
  var compare: CompareSession?
  /// O with toggles not saved said what opening another scene would lose: until this wall time, O again
  /// (or Enter) opens the scene list anyway.
  var openSceneArmedUntil: Double?

  // MARK: Playback

  public internal(set) var playhead = Playhead()
  /// Live, playing, paused or stepping (`Playback`).
  var playback = Playback.live
  /// Paused or stepping: the playhead stays where it is.
  public var paused: Bool { playback.isPaused }
  /// A script or a gesture is being replayed: until the playhead has shown all of it and its time has
  /// caught up with the latest time it may show (fades run out at the playback's pace, then live).
  public var isReplaying: Bool {
    playback.kind != nil && (playhead.index < engine.trace.count || playhead.time < playheadLimit)
  }
  public static let speeds: [Double] = [1, 0.5, 0.25, 0.1]
  public internal(set) var speed: Double = 1
  /// The snapshot of the trace at the playhead: what every panel shows.
  public private(set) var snapshot: Snapshot
  /// Where gestures start in the trace.
  public private(set) var gestures = GestureIndex()
  /// The scene's questions while its script plays (ask the class).
  var quiz = QuizState()
  let narrationCache: NarrationCache
  var retention: TraceRetention

  // MARK: Input and presentation

  var input = LiveInput()
  var inputLog = InputRecording()
  var view = ViewState()
  private var lastWall: Double?
  /// The wall clock of the latest input or tick (ms).
  var wallClock: Double? { lastWall }
  private var lastTick: Double?
  /// The wall time at which the hit-test walk shown live appeared (it animates as an overlay).
  private var liveWalk: (start: Int, wall: Double)?
  public internal(set) var effects: [StudioEffect] = []
  var lastFrame = DrawList()
  /// Costly parts of the last frame, for the next one (see `FrameMemo`).
  let frameMemo = FrameMemo()
  var lastLayout: StudioLayout?
  /// What the panels measure text with while the model builds a frame or handles input: the window sets
  /// the fonts that draw the text (SDL_ttf); nil keeps the measurer bound around the call (by default the
  /// fixed DejaVu widths, as in tests).
  public var textMeasurer: (any TextMeasurer)?
  public var isRunning: Bool { isRunningFlag }
  var isRunningFlag = true

  /// `text`: the scene file's text `scene` was read from (what Ctrl+S edits).
  public init(scene: Scene, path: String? = nil, text: String? = nil) {
    loaded = scene
    config = scene
    scenePath = path
    loadedText = text
    engine = Engine(scene: scene)
    snapshot = Snapshot(scene: scene)
    narrationCache = NarrationCache(scene: scene)
    retention = TraceRetention(scene: scene)
  }

  // MARK: - Loading

  /// A new good scene (first load, or another scene opened): the engine restarts on it, the toggles go.
  /// `text` is the file's text it was read from (what Ctrl+S edits); without it, Ctrl+S saves to a new file.
  public func load(_ scene: Scene, path: String?, text: String? = nil) {
    if prepareLoad(scene, path: path, text: text) {
      notify(compareEndedNote, kind: .warning, wall: wallClock ?? 0)
    }
    restartEngine(on: scene)
    inputLog.reset()
  }

  /// Everything but the engine made ready for `scene`; true when it ended compare mode.
  func prepareLoad(_ scene: Scene, path: String?, text: String?) -> Bool {
    loaded = scene
    config = scene
    scenePath = path
    loadedText = text
    loadErrors = []
    pendingChanges = []
    toggleHistory = ToggleHistory()
    pendingSave = nil
    saveMessage = nil
    restartWhenUp = false
    openSceneArmedUntil = nil
    inputLog.reset()
    view.sceneList = nil
    // Its worlds came from the file as it was: say that compare mode ended, not just that it reloaded.
    let compared = compare != nil
    compare = nil
    return compared
  }

  var compareEndedNote: String {
    view.theme.language(
      "Compare mode ended: the scene was loaded again (X compares again).", "比较模式已结束：场景已重新载入（按 X 再次比较）。")
  }

  /// The file changed but does not load: keep the last good scene and show why.
  public func loadFailed(_ diagnostics: [String]) {
    loadErrors = diagnostics
  }

  /// A fresh engine on `scene`. Touches still down in the old engine are cancelled through it first, so
  /// its trace ends with every touch ended or cancelled; that trace is handed out as `engineFinished`.
  func restartEngine(on scene: Scene) {
    // The gestures R may replay keep the world they began in: made now, while the trace still holds it.
    inputLog.resolveWorlds(where: { _ in true }, sceneAt(entry:))
    // While comparing, the fingers belong to the two compare engines: the single one has none to cancel,
    // and the fingers' input goes on.
    let comparing = compare != nil
    if !comparing { cancelAllTouches() }
    effects.append(.engineFinished(trace: engine.trace))
    engine = Engine(scene: scene)
    retention.restart(on: scene)
    narrationCache.reset(start: retention.base)
    gestures = GestureIndex()
    quiz.end()
    if !comparing { input.reset() }
    clock = 0
    latestInputTime = nil
    liveWalk = nil
    playhead.rewind()
    snapshot = retention.base
  }

  /// Takes the effects queued since the last call.
  public func drainEffects() -> [StudioEffect] {
    defer { effects = [] }
    return effects
  }

  // MARK: - Time

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

  private func syncClock(_ wall: Double) {
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

  // MARK: - Bounded memory

  public typealias Limits = TraceLimits
  public var limits: TraceLimits {
    get { retention.limits }
    set { retention.limits = newValue }
  }
  /// The compact history of discarded entries: the narration's gesture summaries, oldest first.
  public var history: [NarrationItem] { retention.history }
  /// How many entries were discarded from the front of the trace since the engine started.
  public var discardedEntries: Int { retention.discardedEntries }
  /// The scene at the first entry the trace still holds: the scene the engine started from, with the
  /// changes of any entries discarded since.
  public var engineStartScene: Scene { retention.base.scene }

  /// Keeps memory bounded under endless live input (see `TraceRetention`).
  private func boundTrace() {
    let trace = engine.trace
    guard let cut = retention.cut(trace, playheadIndex: playhead.index, replaying: isReplaying) else { return }
    let gone = Array(trace[0..<cut])
    if let items = narrationCache.summarize(gone, scene: retention.base.live, session: retention.session) {
      retention.appendHistory(items)
    }
    // A gesture R may replay that began in what goes keeps its world.
    let discarded = retention.discardedEntries
    inputLog.resolveWorlds(where: { $0 - discarded < cut }, sceneAt(entry:))
    retention.discard(cut, of: trace)
    engine.discardTrace(upTo: cut)
    snapshot.rebase(droppingFirst: cut)
    playhead.rebase(droppingFirst: cut)
    gestures.update(trace)
    gestures.rebase(droppingFirst: cut)
    liveWalk = liveWalk.map { ($0.start - cut, $0.wall) }
    narrationCache.reset(start: retention.base)
    view.scrollOffsets[.log] = nil
  }

  // MARK: - Narration

  /// Sentences explaining the trace (provided by the narration module).
  public var narrator: StudioNarrator? {
    get { narrationCache.narrator }
    set { narrationCache.narrator = newValue }
  }

  /// Narrate long gestures on a worker thread while live input keeps the trace growing (the window turns
  /// this on; tests and renders narrate synchronously, so what they draw is deterministic).
  public func narrateInBackground() { narrationCache.narrateInBackground() }

  /// The narration of the gesture at the playhead, from its first entry up to the playhead.
  public var narration: [NarrationItem] {
    narrationCache.items(
      trace: engine.trace, from: snapshot.gestureStart ?? 0, upTo: playhead.index, start: retention.base)
  }

  // MARK: - Feeding the engine

  /// Live input is about to happen: a replay that was showing gives way, a pause or a step ends (the
  /// hand acts now, so the window shows now), and the engine time the input happens at is returned.
  private func goLive() -> Double {
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

  private func applyPendingChanges() {
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

  /// The UI scale the window starts with (from the display or `--scale`); Ctrl+0 returns to it.
  public func setStartScale(_ s: Double) {
    let s = min(max(s, ViewState.uiScales.lowerBound), ViewState.uiScales.upperBound)
    view.startScale = s
    view.uiScale = s
  }

  /// Pixels per UI point on top of the drawable's own.
  public var uiScale: Double { view.uiScale }

  /// Shows a message in the toast for a few seconds: by default a success (with its tick); a hint, a
  /// warning or an error with their own marks.
  public func notify(_ text: String, kind: ToastKind = .success, wall: Double) {
    view.notify(text, kind: kind, wall: wall)
  }

  /// The window records its frames (F9) since this wall time; nil when it does not. The header says so.
  public func setRecording(since wall: Double?) { view.recordingSince = wall }

  /// Shows a message about something that failed in the toast, marked as an error, for ten seconds or more.
  public func notifyError(_ text: String, wall: Double) { view.notify(text, kind: .error, wall: wall) }
}
