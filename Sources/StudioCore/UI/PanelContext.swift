import Geometry
import Localization
import TouchSim
import TraceKit

/// What every panel reads to draw one frame: a snapshot of the model, nothing it can change.
public struct PanelContext {
  public let theme: Theme
  /// Where the panels go (the narration strip may grow to its text once the context is made).
  public internal(set) var layout: StudioLayout
  /// The trace folded at the playhead: what every panel shows (the one snapshot per playhead).
  public internal(set) var snapshot: Snapshot
  /// Where gestures start in the trace (the same cut the snapshot makes).
  public internal(set) var gestures: GestureIndex
  /// How the window is showing the trace (live, paused, script, replay, step).
  public internal(set) var mode: PlaybackMode
  /// How many visits of a live hit-test walk to draw while it animates as an overlay (nil: all).
  public internal(set) var walkReveal: Int?
  /// The pivot of the simulated pinch while Alt is held (scene points).
  public internal(set) var pivot: Point?
  /// The tooltip of the region the mouse rests on, and where the mouse is (pixels).
  public let tooltip: (text: String, at: Point)?
  /// The whole trace so far (the timeline and log show all of it), or only what the playhead has shown
  /// while a question is on screen.
  public internal(set) var trace: [TraceEntry]
  public internal(set) var playheadIndex: Int
  public internal(set) var playheadTime: Double
  /// The engine's clock: the latest time that exists.
  public internal(set) var now: Double
  /// The scene the trace started from, and the configuration the next touch runs on.
  public internal(set) var startScene: Scene
  public internal(set) var config: Scene
  public let selected: String?
  public let zoom: Double
  /// The scene point at the middle of the canvas (nil: fit, the window's middle).
  public let center: Point?
  /// The mouse over the device (scene points), when it is not pressed.
  public internal(set) var hover: Point?
  /// The simulated second finger, while it is down.
  public internal(set) var virtualFinger: (touch: Int, location: Point)?
  public internal(set) var paused: Bool
  /// A script or the last gesture is being replayed (not live input).
  public internal(set) var isReplaying: Bool
  public let speed: Double
  public internal(set) var narration: [NarrationItem]
  public internal(set) var scroll: [ScrollablePanel: Double]
  public internal(set) var pendingChanges: [PropertyChange]
  public let loadErrors: [String]
  /// F9: the window is recording its frames to a video.
  public let recording: Bool
  /// Why the last save did not write what was asked (a banner over the canvas).
  public let saveMessage: SaveMessage?
  public let showHelp: Bool
  public let sceneList: [SceneListItem]?
  /// The scene's question the script stopped at (ask the class).
  public let question: QuestionOnScreen?
  /// The frame is a handout's picture: the question on screen drawn as its rings only, no zoom control.
  public let handoutPicture: Bool
  public let scenePath: String?
  public let inspectorTab: InspectorTab
  public let bottomTab: BottomTab
  /// Costly parts of the last frame, reused when their inputs are unchanged.
  var memo: FrameMemo
  /// The engine whose trace `trace` is (or a prefix of), and how many times it was trimmed: what a memo
  /// keeps from the trace's entries stays true while both stay the same.
  var traceSource: TraceSource?

  /// The model's panels' context. `narrated: false` leaves `narration` empty (the caller narrates later,
  /// while the panel worker draws what does not read it).
  init(model m: StudioModel, layout: StudioLayout, narrated: Bool = true) {
    theme = m.theme
    self.layout = layout
    snapshot = m.snapshot
    gestures = m.gestures
    mode = m.mode
    walkReveal = m.walkReveal
    pivot = m.pivot
    tooltip = m.tooltip
    trace = m.engine.trace
    playheadIndex = m.playhead.index
    playheadTime = m.playhead.time
    now = max(m.clock, m.engine.now)
    // No spoilers: while a question is on screen, the panels read the trace only up to the playhead, so
    // nothing that happens after the question's time (the answer) can be drawn anywhere: not the
    // timeline's later marks, not the log's later lines, not the gesture's end time.
    if m.question != nil {
      let shown = min(m.playhead.index, trace.count)
      trace = Array(trace.prefix(shown))
      now = m.playhead.time
      var index = GestureIndex()
      index.update(trace)
      gestures = index
    }
    startScene = m.engineStartScene
    config = m.config
    selected = m.selected
    zoom = m.zoom
    center = m.view.center
    hover = m.hover
    virtualFinger = m.virtualFinger
    paused = m.paused
    isReplaying = m.isReplaying
    speed = m.speed
    narration = narrated ? m.narration : []
    scroll = m.scrollOffsets
    pendingChanges = m.pendingChanges
    loadErrors = m.loadErrors
    recording = m.view.recordingSince != nil
    saveMessage = m.saveMessage
    showHelp = m.showHelp
    sceneList = m.sceneList
    question = m.question
    handoutPicture = m.view.handoutPicture
    scenePath = m.scenePath
    inspectorTab = m.inspectorTab
    bottomTab = m.bottomTab
    memo = m.frameMemo
    traceSource = TraceSource(m.engine)
  }

  /// The hit-test walk as the canvas draws it now: the snapshot's, or while a live walk animates as an
  /// overlay (`walkReveal`), its first visits only, still looking for the hit view.
  public var shownWalk: HitTestWalk? {
    guard var walk = snapshot.walk, let n = walkReveal, n < walk.visits.count else { return snapshot.walk }
    walk.visits.removeLast(walk.visits.count - n)
    walk.hitView = nil
    walk.hitIndex = nil
    walk.touch = nil
    return walk
  }

  /// The device viewport (scene points → pixels) of the canvas panel.
  public var viewport: Viewport {
    CanvasPanel.viewport(in: layout.canvas, window: config.window, zoom: zoom, theme: theme, center: center)
  }
}

extension PanelContext {
  /// The language the window writes in: `ctx.lang("Recognizers", "手势识别器")`.
  public var lang: Language { theme.language }
}

/// Which trace a context reads: an engine's (by its serial number, so a memo never holds a replaced
/// engine and its trace), trimmed so many times. While it is the same, the trace only grows, so what was
/// built from its first entries stays true.
struct TraceSource: Equatable {
  let engine: Int
  let discards: Int

  init(_ engine: Engine) {
    self.engine = engine.serial
    discards = engine.discards
  }
}
