import Geometry
import TouchSim

/// How the window is looking at things, apart from the trace: theme, zoom, overlays, tabs, the selected
/// recognizer, scroll positions and the toast's message. Nothing here touches the engine.
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
  /// The scene list is open (key O).
  var sceneListOpen = false
  /// The library's scenes (path, title): read once the first frame is up, so a list opened before shows
  /// them when they come.
  var library: [SceneListItem] = []
  /// The library's scenes when the scene list is open.
  var sceneList: [SceneListItem]? { sceneListOpen ? library : nil }
  var inspectorTab = InspectorTab.recognizers
  var bottomTab = BottomTab.timeline
  var selected: String?
  var scrollOffsets: [ScrollablePanel: Double] = [:]
  /// What the narration strip said at the last frame: its scroll position belongs to that text only.
  var narrationShown = ""
  /// A short message shown in the toast for a few seconds ("Saved ..."), with its kind (a success, a hint,
  /// a warning or a failure), and when it appeared and goes.
  var toast: Toast?
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
    sceneListOpen = false
    scrollOffsets[.help] = 0
  }

  mutating func toggleSceneList() {
    sceneListOpen.toggle()
    showHelp = false
    scrollOffsets[.sceneList] = 0
  }

  mutating func closeOverlays() {
    sceneListOpen = false
    showHelp = false
  }

  mutating func notify(_ text: String, kind: ToastKind, wall: Double) {
    toast = Toast(text: text, kind: kind, since: wall, until: wall + kind.duration(for: text))
  }

  /// Drops the toast once its time is over. `held` ms of it were spent hidden under an overlay (the help,
  /// the scene list): they do not count, so a message raised under one is read in full when it closes.
  mutating func expireToast(at wall: Double, heldFor held: Double = 0) {
    if held > 0, var t = toast {
      t.since += held
      t.until += held
      toast = t
    }
    if let t = toast, t.until < wall { toast = nil }
  }
}

/// What a message in the toast is about: it gives the mark before the text, its colour and how long it
/// stays. Only a success carries the tick; a failure carries ✗ and stays longest.
public enum ToastKind: String, Sendable, CaseIterable {
  /// Something done as asked ("Saved 2 changes to lesson.yaml").
  case success
  /// What to do for a key to act, or why it did not ("To compare, flip a toggle first").
  case hint
  /// Done, but not all of it, or something will be lost ("1 toggle could not be kept").
  case warning
  /// Something failed ("Could not save: ...").
  case error

  /// The mark drawn before the text.
  public var mark: String {
    switch self {
    case .success: return "✓"
    case .hint: return "ℹ"
    case .warning: return "⚠"
    case .error: return "✗"
    }
  }

  /// How long a message of this kind stays (ms): a few seconds, longer for a long text (about 70 ms a
  /// character, time to read it), longest for a failure.
  func duration(for text: String) -> Double {
    let base: Double
    switch self {
    case .success: base = 4000
    case .hint: base = 6000
    case .warning: base = 8000
    case .error: base = 10_000
    }
    return max(base, Double(text.count) * 70)
  }
}

/// A message in the toast: its text, its kind, and the wall times it appeared and goes (it fades out
/// over its last `fadeTime` ms).
public struct Toast: Equatable, Sendable {
  public var text: String
  public var kind: ToastKind
  public var since: Double
  public var until: Double

  /// The toast fades out over this many milliseconds before it goes.
  public static let fadeTime = 800.0

  /// How opaque it is at `wall`: 1 until its fade begins, then down to 0.
  public func opacity(at wall: Double) -> Double {
    min(max((until - wall) / Toast.fadeTime, 0), 1)
  }
}
