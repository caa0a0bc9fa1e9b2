import TouchSim

/// How the window is looking at things, apart from the trace: theme, zoom, overlays, tabs, the selected
/// recognizer, scroll positions and the header's message. Nothing here touches the engine.
struct ViewState {
  var theme = Theme()
  var zoom: Double = 1
  /// The scene point at the middle of the canvas (nil: the window's middle, as at fit).
  var center: Point?
  /// A pan by dragging the canvas around the device: where the drag began and the centre then.
  var panDrag: (pixel: Point, center: Point)?
  /// The last place the mouse was seen (pixels), for zooming around it from the keyboard.
  var mousePixel: Point?
  /// The UI scale: pixels per UI point on top of the drawable's own (2 on a 4K screen, from the display
  /// or `--scale`); the window looks the same at every scale, only sharper or larger.
  var uiScale: Double = 1
  /// The scale the window started with (Ctrl+0 goes back to it).
  var startScale: Double = 1

  static let uiScales: ClosedRange<Double> = 0.5...4

  mutating func scaleUI(by f: Double) {
    uiScale = min(max((uiScale * f * 100).rounded() / 100, Self.uiScales.lowerBound), Self.uiScales.upperBound)
  }
  var showHelp = false
  /// The frame is a handout's picture: the question on screen is shown by its rings on the device only,
  /// without its card (the handout prints the question as text), and the canvas has no zoom control.
  var handoutPicture = false
  /// The stage (key F): the inspector and the timeline folded away, the device as large as the window allows.
  var stage = false
  /// The library's scenes (path, title) when the scene list is open.
  var sceneList: [SceneListItem]?
  var library: [SceneListItem] = []
  var inspectorTab = InspectorTab.recognizers
  var bottomTab = BottomTab.timeline
  var selected: String?
  var scrollOffsets: [ScrollablePanel: Double] = [:]
  /// What the narration strip said at the last frame: its scroll position belongs to that text only.
  var narrationShown = ""
  /// A short message shown in the header for a few seconds ("Saved ..."), or about a failure (marked as an
  /// error, shown longer).
  var toast: (text: String, until: Double, isError: Bool)?
  /// F9: the wall time the window started recording its frames (nil: not recording).
  var recordingSince: Double?
  /// Where the mouse rests (pixels) and since when (wall ms): a region's tooltip shows after a moment.
  var pointer: (pixel: Point, since: Double)?

  /// How long the mouse rests on a region before its tooltip shows.
  static let tooltipDelay = 400.0

  mutating func pointerMoved(to p: Point, wall: Double) {
    if pointer?.pixel != p { pointer = (p, wall) }
  }

  var overlayOpen: Bool { sceneList != nil || showHelp }

  mutating func zoom(by f: Double) { zoom = min(max(zoom * f, 0.25), 6) }

  mutating func toggleHelp() {
    showHelp.toggle()
    sceneList = nil
    scrollOffsets[.help] = 0
  }

  mutating func toggleSceneList() {
    sceneList = sceneList == nil ? library : nil
    showHelp = false
    scrollOffsets[.sceneList] = 0
  }

  mutating func closeOverlays() {
    sceneList = nil
    showHelp = false
  }

  mutating func notify(_ text: String, until: Double, isError: Bool = false) { toast = (text, until, isError) }

  mutating func expireToast(at wall: Double) {
    if let t = toast, t.until < wall { toast = nil }
  }
}
