import TouchSim

/// How the window is looking at things, apart from the trace: theme, zoom, overlays, tabs, the selected
/// recognizer, scroll positions and the header's message. Nothing here touches the engine.
struct ViewState {
  var theme = Theme()
  var zoom: Double = 1
  var showHelp = false
  /// The library's scenes (path, title) when the scene list is open.
  var sceneList: [SceneListItem]?
  var library: [SceneListItem] = []
  var inspectorTab = InspectorTab.recognizers
  var bottomTab = BottomTab.timeline
  var selected: String?
  var scrollOffsets: [ScrollablePanel: Double] = [:]
  /// A short message shown in the header for a few seconds ("Saved ...").
  var toast: (text: String, until: Double)?
  /// The toast reports a failure (drawn in red with ✗, never with the success tick).
  var toastIsError = false
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

  mutating func notify(_ text: String, until: Double) {
    toast = (text, until)
    toastIsError = false
  }

  mutating func notifyError(_ text: String, until: Double) {
    toast = (text, until)
    toastIsError = true
  }

  mutating func expireToast(at wall: Double) {
    if let t = toast, t.until < wall {
      toast = nil
      toastIsError = false
    }
  }
}
