import SceneFile
import TouchSim
import TraceKit

/// The window's whole state, without the window: pure and clock-free, so tests drive it directly.
///
/// It owns the engine and feeds it the user's fingers; it keeps the playhead that replays the engine's
/// trace at a human pace; it turns toggles into property changes (the scene file's own keys); and it
/// produces each frame as a `DrawList`. File and screen work is returned as `StudioEffect`s.
public final class StudioModel {
  // MARK: Scene and engine

  /// The scene as loaded from its file (the last good one).
  public private(set) var loaded: Scene
  /// The loaded scene with the toggles applied: what the next touch runs on, and what Save writes.
  public private(set) var config: Scene
  public private(set) var scenePath: String?
  public private(set) var engine: Engine
  /// The engine's clock in live mode (trace milliseconds).
  public private(set) var clock: Double = 0
  /// Problems of the last reload attempt (the window keeps the last good scene).
  public private(set) var loadErrors: [String] = []
  /// Changes made while fingers were down: they apply when the last finger lifts (the next touch).
  public private(set) var pendingChanges: [PropertyChange] = []

  // MARK: Playback

  public private(set) var playhead = Playhead()
  public private(set) var paused = false
  /// A script or a gesture is being replayed (until the playhead reaches its end).
  public var isReplaying: Bool { replaying && playhead.index < engine.trace.count }
  private var replaying = false
  public static let speeds: [Double] = [1, 0.5, 0.25, 0.1]
  public private(set) var speed: Double = 1
  /// The fold of the trace at the playhead (cached; recomputed when the playhead moves back).
  public private(set) var fold: TraceFold
  /// Sentences explaining the trace (provided by the narration module; cached by trace length).
  public var narrator: (@Sendable ([TraceEntry], Scene) -> [NarrationItem])?
  private var narrationCache: (count: Int, from: Int, items: [NarrationItem]) = (-1, 0, [])

  // MARK: Input

  private var pointerTouches: [PointerID: Int] = [:]
  /// The simulated second finger: where it is and which touch number it has.
  public private(set) var virtualFinger: (touch: Int, location: Point)?
  public private(set) var modifiers = Modifiers.none
  public private(set) var hover: Point?
  /// Live input since the engine started, for "save as script" (times are engine times).
  public private(set) var recording: [ScriptStep] = []
  /// The steps of the last gesture done by hand (first touch-down to last lift), for "replay".
  public private(set) var lastGesture: [ScriptStep] = []
  private var currentGesture: [ScriptStep] = []
  private var lastWall: Double?

  // MARK: Presentation

  public private(set) var theme = Theme()
  public private(set) var zoom: Double = 1
  public private(set) var showHelp = false
  /// The library's scenes (path, title) when the scene list is open.
  public private(set) var sceneList: [SceneListItem]?
  public var library: [SceneListItem] = []
  public private(set) var inspectorTab = InspectorTab.recognizers
  public private(set) var bottomTab = BottomTab.timeline
  public private(set) var selected: String?
  public private(set) var scrollOffsets: [ScrollablePanel: Double] = [:]
  /// A short message shown in the header for a few seconds ("Saved ...").
  public private(set) var toast: (text: String, until: Double)?
  public private(set) var effects: [StudioEffect] = []
  private var lastFrame = DrawList()
  /// Costly parts of the last frame, for the next one (see `FrameMemo`).
  let frameMemo = FrameMemo()
  private var lastLayout: StudioLayout?
  public private(set) var isRunning = true

  public init(scene: Scene, path: String? = nil) {
    loaded = scene
    config = scene
    scenePath = path
    engine = Engine(scene: scene)
    baseFold = TraceFold(scene: scene)
    narrationFold = TraceFold(scene: scene)
    fold = TraceFold(scene: scene)
  }

  // MARK: - Loading

  /// A new good scene (first load, or the file changed): the engine restarts on it.
  public func load(_ scene: Scene, path: String?) {
    loaded = scene
    config = scene
    scenePath = path
    loadErrors = []
    pendingChanges = []
    sceneList = nil
    restartEngine(on: scene)
    recording = []
    gestureStarts = []
    lastGesture = []
  }

  /// The file changed but does not load: keep the last good scene and show why.
  public func loadFailed(_ diagnostics: [String]) {
    loadErrors = diagnostics
  }

  /// A fresh engine on `scene`. Touches still down in the old engine are cancelled through it first, so
  /// its trace ends with every touch ended or cancelled; that trace is handed out as `engineFinished`.
  private func restartEngine(on scene: Scene) {
    cancelAllTouches()
    effects.append(.engineFinished(trace: engine.trace))
    engine = Engine(scene: scene)
    baseFold = TraceFold(scene: scene)
    session += 1
    history = []
    discardedEntries = 0
    resetNarration()
    pointerTouches = [:]
    virtualFinger = nil
    currentGesture = []
    clock = 0
    playhead.rewind()
    fold = TraceFold(scene: scene)
  }

  /// Takes the effects queued since the last call.
  public func drainEffects() -> [StudioEffect] {
    defer { effects = [] }
    return effects
  }

  // MARK: - Time

  /// Called once per frame with the wall clock (ms): the engine's clock and the playhead move on.
  public func tick(wall: Double) {
    syncClock(wall)
    let dt = lastTick.map { max(0, min(wall - $0, 250)) } ?? 0
    lastTick = wall
    if let t = toast, t.until < wall { toast = nil }
    guard !paused else { return }
    playhead.advance(by: dt, speed: speed, trace: engine.trace, limit: playheadLimit)
    refreshFold()
    if let summaries = narrationWorker?.takeSummaries(session: session) { appendHistory(summaries) }
    boundTrace()
  }

  /// How long the picture keeps changing after the last trace entry when nothing else happens: the
  /// longest fade (the hit-test walk's badges, 2.1 s) and a margin.
  public static let settleTime = 3000.0

  /// The latest time the playhead may show. The engine's clock keeps running at rest (timers and tap
  /// intervals need it), but once every touch is up, no timer is pending and every fade has finished,
  /// the playhead stops a little after the last entry: the picture is still, and the window can sleep.
  private var playheadLimit: Double {
    let now = max(clock, engine.now)
    guard engine.liveTouches.isEmpty, pointerTouches.isEmpty, engine.nextTimerTime == nil else { return now }
    return min(now, max((engine.trace.last?.t ?? 0) + Self.settleTime, playhead.time))
  }

  /// The engine's clock follows the wall clock at the playback speed (slow motion slows the world).
  private func syncClock(_ wall: Double) {
    let dt = lastWall.map { max(0, min(wall - $0, 250)) } ?? 0
    lastWall = wall
    guard !paused else { return }
    clock += dt * speed
    if clock > engine.now { engine.advance(to: clock) }
  }
  private var lastTick: Double?

  private func refreshFold() {
    if playhead.index < fold.count {
      fold = baseFold
      fold.advance(engine.trace, upTo: playhead.index)
    } else {
      fold.advance(engine.trace, upTo: playhead.index)
    }
  }

  /// The state at the first entry the trace still holds (the fold replays the trace from it).
  private var baseFold: TraceFold
  /// The scene at the first entry the trace still holds: the scene the engine started from, with the
  /// changes of any entries discarded since.
  public var engineStartScene: Scene { baseFold.scene }

  // MARK: - Bounded memory

  /// How much of a live session the model keeps (see `boundTrace`).
  public struct Limits: Sendable, Equatable {
    /// The trace is trimmed once it holds this many entries (at 120 touch events a second that is a
    /// minute or two of continuous input; a whole lesson script is a few hundred).
    public var trace = 60_000
    /// Entries kept after a trim: what the timeline and the log can show, and the playhead step through.
    public var traceKept = 30_000
    /// Gesture summaries ("Why?" sentences) kept from discarded entries.
    public var history = 1_000
    /// Script steps of live input kept for saving and replaying (Ctrl+Shift+S, P): whole gestures.
    public var recording = 20_000
    public init() {}
  }
  public var limits = Limits()

  /// The compact history of discarded entries: the narration's gesture summaries, oldest first.
  public private(set) var history: [NarrationItem] = []
  /// Counts engine restarts, so history narrated in the background for an earlier engine is dropped.
  private var session = 0
  /// How many entries were discarded from the front of the trace since the engine started.
  public private(set) var discardedEntries = 0

  /// Keeps memory bounded under endless live input: when the trace is longer than `limits.trace` and the
  /// window is live (not replaying, the playhead among the entries kept), the oldest entries are folded
  /// into the base state and discarded, their gesture summaries kept in `history`. The cut falls on a
  /// touch-down, so the trace still starts at the beginning of a gesture.
  private func boundTrace() {
    let trace = engine.trace
    guard trace.count > limits.trace, !replaying, playhead.index >= trace.count - limits.traceKept else { return }
    var cut = trace.count - limits.traceKept
    let latest = min(cut + limits.traceKept / 2, playhead.index)
    while cut < latest {
      if case .input(_, .began, _, _) = trace[cut].event { break }
      cut += 1
    }
    if cut >= latest { cut = trace.count - limits.traceKept }
    if let narrator {
      // The summaries of what goes: narrated on the worker when there is one (a long stretch takes a
      // while), then appended to the history.
      let gone = Array(trace[0..<cut])
      let scene = baseFold.scene
      if let worker = narrationWorker {
        worker.summarize(gone, scene: scene, session: session, narrator: narrator)
      } else {
        appendHistory(Self.summaries(of: gone, scene: scene, narrator: narrator))
      }
    }
    scanGestures(trace)
    baseFold.advance(trace, upTo: cut)
    baseFold.rebase(droppingFirst: cut)
    engine.discardTrace(upTo: cut)
    discardedEntries += cut
    fold.rebase(droppingFirst: cut)
    playhead.rebase(droppingFirst: cut)
    narrationGeneration += 1
    narrationCache = (-1, 0, [])
    narrationFold = baseFold
    gestureBoundaries = gestureBoundaries.filter { $0 >= cut }.map { $0 - cut }
    gestureScan.index -= cut
    scrollOffsets[.log] = nil
  }

  /// The trace time the playhead shows.
  public var playheadTime: Double { playhead.time }

  /// The narration around the playhead: the sentences of the gesture the playhead is in and of the one
  /// before it (what the strip can show), so the cost of a frame does not grow with the trace.
  ///
  /// A gesture starts at a touch-down while no other touch is down; the narration starts from the fold at
  /// that entry (the scene as it was then), so its sentences are those of a whole-trace narration. While
  /// live input keeps adding to a long gesture (over 3,000 entries) it is redone at most four times a
  /// second.
  public var narration: [NarrationItem] {
    guard let narrator else { return [] }
    let trace = engine.trace
    scanGestures(trace)
    let from = narrationStart(playhead: playhead.index)
    guard narrationCache.count != trace.count || narrationCache.from != from else { return narrationCache.items }
    if let worker = narrationWorker, narrationCache.count >= 0 {
      // Live: the worker narrates while this frame shows the narration one update behind.
      if let done = worker.take(), done.generation == narrationGeneration {
        narrationCache = (done.count, done.from, done.items)
      }
      if narrationCache.count != trace.count || narrationCache.from != from, !worker.isBusy {
        worker.submit(
          trace: Array(trace[from...]), scene: sceneAt(from), from: from, count: trace.count,
          generation: narrationGeneration, narrator: narrator)
      }
      return narrationCache.items
    }
    let wall = lastWall ?? 0
    let cheap = trace.count - from < 3000
    if cheap || narrationCache.count < 0 || narrationCache.from != from || wall - narratedAt >= 250 {
      let scene = sceneAt(from)
      let items = NarrationWorker.narrate(Array(trace[from...]), scene: scene, from: from, narrator: narrator)
      narrationCache = (trace.count, from, items)
      narratedAt = wall
    }
    return narrationCache.items
  }

  /// Narrate on a worker thread while live input keeps the trace growing (the window turns this on; tests
  /// and renders narrate synchronously, so what they draw is deterministic).
  public func narrateInBackground() {
    if narrationWorker == nil { narrationWorker = NarrationWorker() }
  }
  private var narrationWorker: NarrationWorker?
  /// Bumped whenever the trace is replaced or trimmed, so a worker's late result for an old trace is dropped.
  private var narrationGeneration = 0

  /// The scene as it was at trace entry `index` (the fold of the entries before it).
  private func sceneAt(_ index: Int) -> Scene {
    if narrationFold.count > index { narrationFold = baseFold }
    narrationFold.advance(engine.trace, upTo: index)
    return narrationFold.scene
  }
  private var narratedAt: Double = -1000
  /// The fold at the narration's first entry.
  private var narrationFold: TraceFold
  /// Where gestures start in the trace (indices of touch-downs while no touch was down), found
  /// incrementally: `gestureScan` is how far the trace was scanned and which touches were down there.
  private var gestureBoundaries: [Int] = []
  private var gestureScan: (index: Int, down: Set<Int>) = (0, [])

  private func scanGestures(_ trace: [TraceEntry]) {
    var (i, down) = gestureScan
    while i < trace.count {
      if case .input(let n, let phase, _, _) = trace[i].event {
        switch phase {
        case .began:
          if down.isEmpty { gestureBoundaries.append(i) }
          down.insert(n)
        case .ended, .cancelled: down.remove(n)
        default: break
        }
      }
      i += 1
    }
    gestureScan = (i, down)
  }

  /// The start of the gesture before the one the playhead is in (0 when there is none).
  private func narrationStart(playhead index: Int) -> Int {
    // The last boundary before the playhead starts the current gesture; the one before it, the previous.
    var lo = 0
    var hi = gestureBoundaries.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if gestureBoundaries[mid] < index { lo = mid + 1 } else { hi = mid }
    }
    return lo >= 2 ? gestureBoundaries[lo - 2] : 0
  }

  private func resetNarration() {
    narrationGeneration += 1
    narrationCache = (-1, 0, [])
    narrationFold = baseFold
    gestureBoundaries = []
    gestureScan = (0, [])
  }

  // MARK: - Input

  public func handle(_ input: StudioInput, wall: Double) {
    syncClock(wall)
    switch input {
    case .quit:
      cancelAllTouches()
      isRunning = false
      effects.append(.quit)
    case .focusLost:
      cancelAllTouches()
    case .modifiers(let m):
      modifiers = m
      updateVirtualFinger()
    case .hover(let p):
      hover = sceneLocation(p)
      // The mouse moves with its button up although its touch is down: the release was lost (it
      // happened in another window, or the event was dropped). The touch lifts here, never stays stuck.
      if let n = pointerTouches[.mouse] { liftPointer(.mouse, n, at: hover) }
    case .wheel(let dy, let p):
      if let panel = scrollTarget(at: p) { perform(.scroll(panel, by: -dy * 40 * theme.unit)) }
    case .key(let key, let mods):
      modifiers.shift = mods.shift
      modifiers.alt = mods.alt
      modifiers.control = mods.control
      if let action = Self.keyAction(key, mods, selected: selected, config: config) { perform(action) }
    case .pointerDown(let id, let pixel):
      // A second press without a release in between: the release was lost; that touch lifts first.
      if let n = pointerTouches[id] { liftPointer(id, n, at: fedLocation[n]) }
      if sceneList != nil || showHelp {
        if let action = lastFrame.action(at: pixel) { perform(action) } else { perform(.closeOverlay) }
        return
      }
      if let p = sceneLocation(pixel), Rect(origin: .zero, size: config.window).contains(p),
        canvasContains(pixel)
      {
        fingerDown(id, at: p)
      } else if id == .mouse, let action = lastFrame.action(at: pixel) {
        perform(action)
      }
    case .pointerMoved(let id, let pixel):
      if id == .mouse { hover = sceneLocation(pixel) }
      guard let n = pointerTouches[id], let p = sceneLocation(pixel) else { return }
      fingerMoved(id, n, to: p)
    case .pointerUp(let id, let pixel):
      guard let n = pointerTouches[id] else { return }
      liftPointer(id, n, at: sceneLocation(pixel))
    }
  }

  /// The pointer's touch `n` lifts at `p` (with the simulated second finger when it is the mouse).
  private func liftPointer(_ id: PointerID, _ n: Int, at p: Point?) {
    pointerTouches[id] = nil
    var steps: [ScriptStep.Action] = [.up(touch: n, at: p)]
    if id == .mouse, let v = virtualFinger {
      steps.append(.up(touch: v.touch, at: v.location))
      virtualFinger = nil
    }
    feed(steps)
  }

  /// Live input is about to happen: a replay that was showing gives way (the playhead jumps to the end),
  /// and the engine time the input happens at is returned.
  private func goLive() -> Double {
    replaying = false
    clock = max(clock, engine.now)
    // (The engine's touches only: a finger going down is already among `pointerTouches` when it is fed.)
    if engine.liveTouches.isEmpty && (playhead.index < engine.trace.count || playhead.time < clock) {
      // A replay was showing, or the picture had come to rest: live input continues from now.
      playhead.jumpToEnd(of: engine.trace, limit: clock)
    }
    return clock
  }

  private func fingerDown(_ id: PointerID, at p: Point) {
    let n = nextTouchNumber()
    pointerTouches[id] = n
    var steps: [ScriptStep.Action] = [.down(touch: n, at: p)]
    if id == .mouse, let partner = partnerLocation(for: p) {
      let m = nextTouchNumber(excluding: [n])
      virtualFinger = (m, partner)
      steps.append(.down(touch: m, at: partner))
    }
    feed(steps)
  }

  private func fingerMoved(_ id: PointerID, _ n: Int, to p: Point) {
    guard fedLocation[n] != p else { return }  // the pointer moved less than a point: no new event
    var steps: [ScriptStep.Action] = [.move(touch: n, to: p)]
    if id == .mouse, let v = virtualFinger, let partner = partnerLocation(for: p) {
      virtualFinger = (v.touch, partner)
      steps.append(.move(touch: v.touch, to: partner))
    }
    feed(steps)
  }

  /// Alt: a second finger mirrored around the canvas centre (pinch, rotate). Shift: a second finger
  /// 80 pt to the right moving along (two-finger pan).
  private func partnerLocation(for p: Point) -> Point? {
    let w = config.window
    if modifiers.alt { return Point(w.width - p.x, w.height - p.y) }
    if modifiers.shift { return Point(p.x + 80, p.y) }
    return nil
  }

  /// A modifier pressed or released while the mouse is down adds or lifts the simulated finger.
  private func updateVirtualFinger() {
    guard let n = pointerTouches[.mouse], let p = fold.touches[n]?.location ?? hover else { return }
    if let v = virtualFinger, partnerLocation(for: p) == nil {
      virtualFinger = nil
      feed([.up(touch: v.touch, at: v.location)])
    } else if virtualFinger == nil, let partner = partnerLocation(for: p) {
      let m = nextTouchNumber(excluding: [n])
      virtualFinger = (m, partner)
      feed([.down(touch: m, at: partner)])
    }
  }

  private func nextTouchNumber(excluding extra: Set<Int> = []) -> Int {
    // Not the number of a lifted touch whose touchesEnded is still withheld either (F-7): the trace would
    // not tell the two touches apart.
    let used = Set(pointerTouches.values).union(engine.touchesInUse).union(extra)
      .union(virtualFinger.map { [$0.touch] } ?? [])
    var n = 1
    while used.contains(n) { n += 1 }
    return n
  }

  /// Sends live steps to the engine, records them, and applies pending toggles once all fingers are up.
  /// Where each live touch was last sent to the engine.
  private var fedLocation: [Int: Point] = [:]

  private func feed(_ actions: [ScriptStep.Action]) {
    let t = goLive()
    for a in actions {
      switch a {
      case .down(let n, let p), .move(let n, let p): fedLocation[n] = p
      case .up(let n, _), .cancel(let n): fedLocation[n] = nil
      default: break
      }
    }
    let steps = actions.map { ScriptStep(t: t, $0) }
    engine.perform(steps)
    if currentGesture.isEmpty { gestureStarts.append(recording.count) }
    recording += steps
    currentGesture += steps
    if engine.liveTouches.isEmpty {
      lastGesture = currentGesture
      currentGesture = []
      applyPendingChanges()
      boundRecording()
    }
  }

  /// The gesture summaries of `trace`, for the history.
  static func summaries(
    of trace: [TraceEntry], scene: Scene, narrator: @Sendable ([TraceEntry], Scene) -> [NarrationItem]
  ) -> [NarrationItem] {
    narrator(trace, scene).filter(\.isSummary).map {
      NarrationItem(t: $0.t, traceIndex: -1, isSummary: true, text: $0.text)
    }
  }

  private func appendHistory(_ items: [NarrationItem]) {
    history += items
    if history.count > limits.history { history.removeFirst(history.count - limits.history) }
  }

  /// Where each gesture of `recording` starts.
  private var gestureStarts: [Int] = []

  /// Keeps the last `limits.recording` steps or so of live input, whole gestures only.
  private func boundRecording() {
    guard recording.count > limits.recording else { return }
    let earliest = recording.count - limits.recording / 2
    guard let cut = gestureStarts.first(where: { $0 >= earliest }) else { return }
    recording.removeFirst(cut)
    gestureStarts = gestureStarts.filter { $0 >= cut }.map { $0 - cut }
  }

  private func cancelAllTouches() {
    let live = engine.liveTouches
    pointerTouches = [:]
    virtualFinger = nil
    guard !live.isEmpty else { return }
    feed(live.map { .cancel(touch: $0) })
  }

  // MARK: - Actions

  public func perform(_ action: StudioAction) {
    switch action {
    case .togglePause:
      paused.toggle()
      if !paused { clock = max(clock, engine.now) }
    case .step:
      scrollOffsets[.log] = nil
      paused = true
      playhead.stepForward(in: engine.trace)
      refreshFold()
    case .stepBack:
      scrollOffsets[.log] = nil
      paused = true
      playhead.stepBack(in: engine.trace)
      refreshFold()
    case .setSpeed(let s):
      speed = s
    case .replayLast:
      // Mid-gesture, the gesture so far is cancelled first: it is the one replayed.
      cancelAllTouches()
      replay(lastGesture.isEmpty ? recording : lastGesture)
    case .playScript:
      replay(loaded.script)
    case .resetTouches:
      scrollOffsets[.log] = nil
      cancelAllTouches()
      playhead.jumpToEnd(of: engine.trace, limit: max(clock, engine.now))
      refreshFold()
    case .zoom(let f):
      zoom = min(max(zoom * f, 0.25), 6)
    case .zoomReset:
      zoom = 1
    case .togglePresenter:
      theme.presenter.toggle()
    case .toggleHelp:
      showHelp.toggle()
      sceneList = nil
    case .openSceneList:
      sceneList = sceneList == nil ? library : nil
      showHelp = false
      scrollOffsets[.sceneList] = 0
    case .closeOverlay:
      if sceneList == nil && !showHelp { return perform(.resetTouches) }
      sceneList = nil
      showHelp = false
    case .openScene(let path):
      sceneList = nil
      effects.append(.openScene(path: path))
    case .save:
      save(script: loaded.script, note: "configuration")
    case .saveWithRecording:
      save(script: normalised(recording), note: "configuration and the input just performed as its script")
    case .screenshot:
      effects.append(.screenshot)
    case .change(let change):
      var next = config
      guard next.apply(change) == nil else { return }
      config = next
      if engine.liveTouches.isEmpty {
        engine.perform([ScriptStep(t: goLive(), .set([change]))])
      } else {
        pendingChanges.removeAll { $0.target == change.target && $0.key == change.key }
        pendingChanges.append(change)
      }
    case .jump(let i):
      paused = true
      playhead.jump(to: i, in: engine.trace)
      refreshFold()
    case .select(let id):
      selected = id
    case .inspectorTab(let t):
      inspectorTab = t
      scrollOffsets[.inspector] = 0
    case .bottomTab(let t):
      bottomTab = t
    case .scroll(let panel, let by):
      var base = scrollOffsets[panel] ?? 0
      if panel == .log, scrollOffsets[.log] == nil, let layout = lastLayout {
        // The log was following the playhead: scrolling starts from where it was shown.
        base = LogPanel.followOffset(
          count: engine.trace.count, playheadIndex: playhead.index, height: layout.bottom.height, theme: theme)
      }
      var next = max(0, base + by)
      if panel == .inspector, let layout = lastLayout {
        // Never scroll past the end: wheeling back would first have to undo the overshoot.
        next = min(next, InspectorPanel.maxScroll(in: layout.inspector, PanelContext(model: self, layout: layout)))
      }
      scrollOffsets[panel] = next
    case .quit:
      cancelAllTouches()
      isRunning = false
      effects.append(.quit)
    }
  }

  /// Shows a message in the header for a few seconds.
  public func notify(_ text: String, wall: Double) { toast = (text, wall + 4000) }

  private func applyPendingChanges() {
    guard !pendingChanges.isEmpty else { return }
    let changes = pendingChanges
    pendingChanges = []
    engine.perform([ScriptStep(t: max(clock, engine.now), .set(changes))])
  }

  /// A fresh engine on the current configuration runs `steps`; the playhead plays it from the start.
  private func replay(_ steps: [ScriptStep]) {
    let script = normalised(steps)
    scrollOffsets[.log] = nil
    replaying = true
    restartEngine(on: config)
    engine.run(script: script)
    clock = engine.now
    paused = false
    recording = []
    gestureStarts = []
  }

  /// Shows the window as it is `time` ms into `script` run on the current configuration (for renders):
  /// every entry up to then is shown, paused.
  public func show(script: [ScriptStep], at time: Double) {
    restartEngine(on: config)
    engine = ScriptPlayback.engine(for: config, script: script, until: time)
    clock = engine.now
    playhead.jumpToEnd(of: engine.trace, limit: time)
    paused = true
    refreshFold()
  }

  /// Steps shifted so the first is at t = 0, times rounded to whole milliseconds.
  private func normalised(_ steps: [ScriptStep]) -> [ScriptStep] {
    guard let t0 = steps.first?.t else { return [] }
    var out = steps.map { s in
      var s = s
      s.t = (s.t - t0).rounded()
      s.line = 0
      return s
    }
    // A touch still down at the end (the steps were taken in the middle of a gesture) is cancelled
    // there, so a replay or a saved script never leaves a touch down.
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

  private func save(script: [ScriptStep], note: String) {
    var scene = config
    scene.script = script
    let path = scenePath ?? "Scenes/untitled.yaml"
    effects.append(.writeFile(path: path, text: SceneWriter.yaml(scene), note: "Saved the \(note) to \(path)"))
  }

  // MARK: - Keys

  /// Every key and mouse action, for the help overlay (the one table the key handling follows).
  public static let keyHelp: [(keys: String, what: String)] = [
    ("drag on the device", "touch with one finger (a touchscreen's fingers are fingers too)"),
    ("Alt + drag", "a second finger mirrored around the centre: pinch and rotate"),
    ("Shift + drag", "a second finger alongside: two-finger pan"),
    ("Space", "pause / resume"),
    ("→  or  .", "step one decision forward"),
    ("←  or  ,", "step one decision back"),
    ("1  2  3  4", "speed 1, 1/2, 1/4, 1/10"),
    ("R", "replay the last gesture"),
    ("P", "play the scene's script"),
    ("Esc  or  Backspace", "reset all touches (Esc also closes this help)"),
    ("+  −  0", "zoom the device in, out, back to fit"),
    ("F5", "presenter mode: large text, high contrast"),
    ("Tab", "select the next recognizer"),
    ("E C B D", "selected recognizer: isEnabled, cancelsTouchesInView, delaysTouchesBegan, delaysTouchesEnded"),
    ("V G", "selected recognizer: delegate shouldReceive, shouldBegin"),
    ("click a toggle", "flip it: applies to the next touch"),
    ("click a log line or the timeline", "jump the playhead there"),
    ("O", "open another scene from the library"),
    ("Ctrl+S", "save the configuration to the scene file"),
    ("Ctrl+Shift+S", "save it with the input just performed as its script"),
    ("F12", "screenshot to PNG"),
    ("H  or  ?  or  F1", "this help"),
    ("Ctrl+Q", "quit"),
  ]

  static func keyAction(_ key: StudioKey, _ mods: Modifiers, selected: String?, config: Scene) -> StudioAction? {
    switch key {
    case .space: return .togglePause
    case .right: return .step
    case .left: return .stepBack
    case .escape: return .closeOverlay
    case .backspace: return .resetTouches
    case .function(1): return .toggleHelp
    case .function(5): return .togglePresenter
    case .function(12): return .screenshot
    case .tab: return selectNext(after: selected, in: config, backwards: mods.shift)
    case .character(let c):
      if mods.control {
        switch c {
        case "s": return mods.shift ? .saveWithRecording : .save
        case "q": return .quit
        default: return nil
        }
      }
      switch c {
      case ".": return .step
      case ",": return .stepBack
      case "1": return .setSpeed(1)
      case "2": return .setSpeed(0.5)
      case "3": return .setSpeed(0.25)
      case "4": return .setSpeed(0.1)
      case "r": return .replayLast
      case "p": return .playScript
      case "+", "=": return .zoom(1.25)
      case "-": return .zoom(0.8)
      case "0": return .zoomReset
      case "h", "?", "/": return .toggleHelp
      case "o": return .openSceneList
      case "e", "c", "b", "d", "v", "g":
        guard let id = selected, let r = config.allRecognizers.first(where: { $0.id == id }) else { return nil }
        return toggle(c, of: r)
      default: return nil
      }
    default: return nil
    }
  }

  /// The property change a recognizer toggle key asks for (the opposite of its current value).
  static func toggle(_ c: Character, of r: RecognizerSpec) -> StudioAction? {
    let d = r.delegate ?? DelegateSpec()
    func flip(_ key: String, _ now: Bool) -> StudioAction {
      .change(PropertyChange(target: r.id, key: key, value: .bool(!now)))
    }
    switch c {
    case "e": return flip("isEnabled", r.isEnabled)
    case "c": return flip("cancelsTouchesInView", r.cancelsTouchesInView)
    case "b": return flip("delaysTouchesBegan", r.delaysTouchesBegan)
    case "d": return flip("delaysTouchesEnded", r.delaysTouchesEnded)
    case "v": return flip("delegate.shouldReceive", d.shouldReceive != .always(false))
    case "g": return flip("delegate.shouldBegin", d.shouldBegin != .always(false))
    default: return nil
    }
  }

  static func selectNext(after id: String?, in scene: Scene, backwards: Bool) -> StudioAction? {
    let ids = scene.allRecognizers.map(\.id)
    guard !ids.isEmpty else { return nil }
    guard let id, let i = ids.firstIndex(of: id) else { return .select(backwards ? ids.last! : ids[0]) }
    return .select(ids[(i + (backwards ? ids.count - 1 : 1)) % ids.count])
  }

  // MARK: - Geometry

  /// The device viewport inside the canvas panel, with the zoom applied.
  public func viewport(for layout: StudioLayout) -> Viewport {
    CanvasPanel.viewport(in: layout.canvas, window: config.window, zoom: zoom, theme: theme)
  }

  /// A pixel as a scene point, rounded to whole points (scripts saved from live input stay readable).
  private func sceneLocation(_ pixel: Point) -> Point? {
    guard let layout = lastLayout else { return nil }
    let p = viewport(for: layout).toScene(pixel)
    return Point(p.x.rounded(), p.y.rounded())
  }

  private func canvasContains(_ pixel: Point) -> Bool {
    lastLayout?.canvas.contains(pixel) ?? false
  }

  private func scrollTarget(at p: Point) -> ScrollablePanel? {
    guard let layout = lastLayout else { return nil }
    if sceneList != nil { return .sceneList }
    if layout.inspector.contains(p) { return .inspector }
    if layout.bottom.contains(p) && bottomTab == .log { return .log }
    return nil
  }

  // MARK: - Frame

  /// Everything the window shows now, with its clickable regions.
  public func frame(size: Size, pixelScale: Double) -> DrawList {
    refreshFold()  // the panels read the fold at the playhead
    theme.pixelScale = pixelScale
    let layout = StudioLayout(size: size, theme: theme)
    lastLayout = layout
    let ctx = PanelContext(model: self, layout: layout)
    var list = DrawList()
    list.add(.rect(Rect(0, 0, size.width, size.height), fill: theme.background, stroke: nil))
    list.append(CanvasPanel.draw(in: layout.canvas, ctx))
    list.append(InspectorPanel.draw(in: layout.inspector, ctx))
    list.append(NarrationStrip.draw(in: layout.narration, ctx))
    list.append(BottomPanel.draw(in: layout.bottom, ctx))
    list.append(HeaderBar.draw(in: layout.header, ctx))
    list.append(Overlays.draw(in: Rect(0, 0, size.width, size.height), ctx))
    lastFrame = list
    return list
  }
}

/// One scene of the library, for the scene list.
public struct SceneListItem: Hashable, Sendable {
  public var path: String
  public var title: String
  public init(path: String, title: String) {
    self.path = path
    self.title = title
  }
}

/// One sentence of the narration, tied to the trace entry it explains.
public struct NarrationItem: Hashable, Sendable {
  public var t: Double
  public var traceIndex: Int
  public var isSummary: Bool
  public var text: String
  public init(t: Double, traceIndex: Int, isSummary: Bool, text: String) {
    self.t = t
    self.traceIndex = traceIndex
    self.isSummary = isSummary
    self.text = text
  }
}
