import Geometry
import Localization
import Raster
import StudioUI
import TouchSim

/// What a panel produces for one frame: draw commands and the clickable regions on top of them.
public struct DrawList: Sendable {
  public var commands: [DrawCommand] = []
  /// Later regions win where they overlap (they were drawn on top).
  public var regions: [HitRegion] = []

  public init() {}

  public mutating func add(_ c: DrawCommand) { commands.append(c) }
  public mutating func add(_ cs: [DrawCommand]) { commands += cs }
  public mutating func region(_ rect: Rect, _ action: StudioAction, tip: String? = nil) {
    regions.append(HitRegion(rect: rect, action: action, tip: tip))
  }
  public mutating func append(_ other: DrawList) {
    commands += other.commands
    regions += other.regions
  }
  /// The action under a pixel, if any.
  public func action(at p: Point) -> StudioAction? {
    regions.last { $0.rect.contains(p) }?.action
  }

  /// The tooltip of the region under a pixel, if it has one.
  public func tip(at p: Point) -> String? {
    regions.last { $0.rect.contains(p) }?.tip
  }

  /// A text command.
  public mutating func text(_ s: String, _ at: Point, _ style: TextStyle) { add(.text(s, at: at, style: style)) }

  /// `s` wrapped whole to `rect` (at spaces, and between the words of a long name), a line under the
  /// other from its top-left corner, as many lines as the rectangle holds; the whole text is the tooltip
  /// of the rectangle when not every line fits.
  mutating func paragraph(_ s: String, _ rect: Rect, _ style: TextStyle) {
    let lineHeight = (style.size * 1.3).rounded()
    let textHeight = TextMetrics.height(size: style.size)
    let rows = Int(((rect.height - textHeight) / lineHeight).rounded(.down)) + 1
    guard rows > 0 else {
      region(rect, .tipOnly, tip: s)
      return
    }
    let lines = TextMetrics.wrap(s, toWidth: max(rect.width, 1), size: style.size, face: style.face, maxLines: rows)
    for (i, line) in lines.enumerated() {
      text(line, Point(rect.minX, rect.minY + Double(i) * lineHeight), style)
    }
    if lines.last?.hasSuffix("…") == true { region(rect, .tipOnly, tip: s) }
  }
}

/// A clickable rectangle and what clicking it does.
public struct HitRegion: Hashable, Sendable {
  public var rect: Rect
  public var action: StudioAction
  public var tip: String?
}

/// Which tab of the inspector is shown.
public enum InspectorTab: String, Hashable, Sendable, CaseIterable {
  case recognizers, views, pairs
  public var title: String {
    switch self {
    case .recognizers: return "Recognizers"
    case .views: return "Views"
    case .pairs: return "Pairs"
    }
  }
  /// The tab's title in `language` (short in Chinese: the three share the inspector's width).
  public func title(_ language: Language) -> String {
    switch self {
    case .recognizers: return language(title, "手势识别器")
    case .views: return language(title, "视图")
    case .pairs: return language(title, "配对")
    }
  }
  /// The tab's tooltip.
  public func tip(_ language: Language) -> String {
    switch self {
    case .recognizers: return language("show recognizers", "显示手势识别器")
    case .views: return language("show views", "显示视图")
    case .pairs: return language("show pairs", "显示识别器配对")
    }
  }
}

/// Which tab of the bottom panel is shown.
public enum BottomTab: String, Hashable, Sendable, CaseIterable {
  case timeline, log
  public var title: String { self == .timeline ? "Timeline" : "Log" }
  public func title(_ language: Language) -> String {
    self == .timeline ? language(title, "时间线") : language(title, "日志")
  }
  /// The tab's tooltip.
  public func tip(_ language: Language) -> String {
    self == .timeline ? language("show the timeline", "显示时间线") : language("show the log", "显示日志")
  }
}

/// Panels that scroll with the mouse wheel.
public enum ScrollablePanel: Hashable, Sendable {
  case inspector, log, sceneList, narration
  /// The help, when its rows are taller than the window at a readable size.
  case help
}

/// Everything a click, a key or a menu can ask the studio to do.
public enum StudioAction: Hashable, Sendable {
  case togglePause
  case step
  case stepBack
  case setSpeed(Double)
  /// Replays the last gesture performed by hand.
  case replayLast
  /// Plays the scene's own script from the start.
  case playScript
  /// Shows the answer of the question on screen (ask the class).
  case revealAnswer
  /// The question's card: a click there does nothing (it never touches the device under the card).
  case questionCard
  /// Cancels every touch that is down and clears the markers.
  case resetTouches
  case zoom(Double)
  case zoomReset
  /// Multiplies the UI scale (text, panels, strokes) by the factor, within 0.5 ... 4.
  case scaleUI(Double)
  /// Back to the UI scale the window started with (the display's, or `--scale`).
  case scaleUIReset
  case togglePresenter
  case toggleHelp
  case openSceneList
  case closeOverlay
  case openScene(path: String)
  /// Saves the current configuration (toggles applied) to the scene file.
  case save
  /// Saves the configuration with the live input just performed as its script, as a new scene beside the
  /// lesson (a take, `NAME.take-N.yaml`).
  case saveWithRecording
  /// Undoes the last toggle flip; redoes the last undone one.
  case undo
  case redo
  case screenshot
  /// F9: start recording the window to a video, or stop and save it.
  case toggleRecording
  /// A toggle: sets `change.key` of `change.target` to `change.value` (applies to the next touch).
  case change(PropertyChange)
  /// Moves the playhead to show `trace[0...index]` (and pauses).
  case jump(Int)
  case select(String)
  /// The stage on or off: the inspector and the timeline folded away, the device as large as it can be.
  case toggleStage
  /// Nothing: a region that only carries a tooltip (a title shortened to fit, the narration's scroll hint).
  case tipOnly
  /// A click on the toast: it goes at once.
  case dismissToast
  /// Selects the recognizer and shows it in the Pairs tab (its pair answers, from its card).
  case openPairs(String)
  case inspectorTab(InspectorTab)
  /// The inspector's next (or previous) tab.
  case cycleInspectorTab(forward: Bool)
  case bottomTab(BottomTab)
  case scroll(ScrollablePanel, by: Double)
  case quit
  /// Compare mode on or off (key X): the scene as written beside the configuration with the toggles.
  case toggleCompare
  /// Compare mode: the playhead to entry `index` of side `side`'s trace (0: left, 1: right), paused.
  case compareJump(side: Int, index: Int)
  /// Compare mode with the configuration now beside the same with this change (a toggle's context menu).
  case compareFlip(PropertyChange)
}

/// A panel of the window, drawn by `StudioModel.buildFrame` at the end of the frame's own list (never into a
/// list of its own copied in afterwards: a retain and a release per command).
public protocol WindowPanel {
  /// Adds the panel's commands and regions, in `rect`, at the end of `list`.
  static func draw(in rect: Rect, _ ctx: PanelContext, into list: inout DrawList)
}

extension WindowPanel {
  /// The panel's commands and regions in a list of their own (compare mode's parts, tests).
  public static func draw(in rect: Rect, _ ctx: PanelContext) -> DrawList {
    var list = DrawList()
    draw(in: rect, ctx, into: &list)
    return list
  }
}
