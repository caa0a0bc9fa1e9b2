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
  public internal(set) var scenePath: String?
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
  public internal(set) var engine: Engine
  /// The engine's clock in live mode (trace milliseconds).
  public internal(set) var clock: Double = 0
  /// Problems of the last reload attempt (the window keeps the last good scene).
  public internal(set) var loadErrors: [String] = []
  /// Changes made while fingers were down: they apply when the last finger lifts (the next touch).
  public internal(set) var pendingChanges: [PropertyChange] = []
  /// The engine time of the latest input fed to the engine (nil before any).
  public internal(set) var latestInputTime: Double?
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
  public internal(set) var snapshot: Snapshot
  /// Where gestures start in the trace.
  public internal(set) var gestures = GestureIndex()
  /// The scene's questions while its script plays (ask the class).
  var quiz = QuizState()
  let narrationCache: NarrationCache
  var retention: TraceRetention

  // MARK: Input and presentation

  var input = LiveInput()
  var inputLog = InputRecording()
  var view = ViewState()
  var lastWall: Double?
  /// The wall clock of the latest input or tick (ms).
  var wallClock: Double? { lastWall }
  var lastTick: Double?
  /// The wall time at which the hit-test walk shown live appeared (it animates as an overlay).
  var liveWalk: (start: Int, wall: Double)?
  public internal(set) var effects: [StudioEffect] = []
  var lastFrame = DrawList()
  /// Costly parts of the last frame, for the next one (see `FrameMemo`): those of the panels the model's
  /// thread draws (the inspector, the narration strip, the overlays).
  let frameMemo = FrameMemo()
  /// Those of the panels the panel worker draws meanwhile (the canvas, the bottom panel, the header): only the thread
  /// drawing them touches this memo while a frame is built.
  let workerMemo = FrameMemo()
  /// Draws the canvas, the bottom panel and the header while the model's thread draws the rest (nil: one
  /// thread draws every panel, in the same parts).
  var panelWorker: PanelWorker?

  /// Whether an input wakes the panel worker for the frame that follows it (`PanelWorker.prepare`).
  private(set) var wakesPanelWorker = false

  /// Builds each frame on two threads (the window and the bench; tests, renders and recordings build
  /// theirs on one, the same frames): a panel worker draws part of it, woken when an input arrives, since
  /// the window builds a frame after each input.
  public func buildFramesOnTwoThreads() {
    if panelWorker == nil { panelWorker = PanelWorker() }
    wakesPanelWorker = true
  }

  /// How many frames' parts were all finished alone, and how many needed the passes over the whole frame;
  /// how many bottom panels drawn on the worker were kept, and how many were drawn again (for tests).
  var partsSettled = 0
  var partsUnsettled = 0
  var bottomsKept = 0
  var bottomsRedrawn = 0

  /// Forgets what both memos kept (tests compare a frame built with them to one built without).
  func forgetKept() {
    frameMemo.forgetKept()
    workerMemo.forgetKept()
  }
  var lastLayout: StudioLayout?
  /// What the panels measure text with while the model builds a frame or handles input: the window sets
  /// the fonts that draw the text (SDL_ttf); nil keeps the measurer bound around the call (by default the
  /// fixed DejaVu widths, as in tests).
  public var textMeasurer: (any TextMeasurer)? {
    didSet {
      modelLane = textMeasurer?.lane()
      workerLane = nil
    }
  }
  /// `textMeasurer`'s lane for the model's thread (see `TextMeasurer.lane()`).
  private(set) var modelLane: (any TextMeasurer)?
  /// The panel worker's lane of the measurer it was made from (by that measurer's identity).
  var workerLane: (identity: ObjectIdentifier, lane: any TextMeasurer)?
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
    view.sceneListOpen = false
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
  func boundTrace() {
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
