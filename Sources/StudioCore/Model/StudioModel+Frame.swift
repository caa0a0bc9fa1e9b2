import Geometry
import Localization
import Raster
import StudioUI
import TouchSim
import TraceKit

/// Each frame as draw commands, and what the panels read of the model.
extension StudioModel {
  // MARK: - Frame

  /// Everything the window shows now, with its clickable regions.
  public func frame(size: Size, pixelScale: Double) -> DrawList {
    measuring { buildFrame(size: size, pixelScale: pixelScale) }
  }

  /// `body` with the panels measuring text in `textMeasurer` (when set).
  func measuring<R>(_ body: () -> R) -> R {
    guard let textMeasurer else { return body() }
    return TextMetrics.$measurer.withValue(textMeasurer, operation: body)
  }

  private func buildFrame(size: Size, pixelScale: Double) -> DrawList {
    if let compare { return buildCompareFrame(compare, size: size, pixelScale: pixelScale) }
    refreshSnapshot()  // the panels read the snapshot at the playhead
    view.theme.pixelScale = pixelScale * view.uiScale
    var ctx = PanelContext(model: self, layout: StudioLayout(size: size, theme: view.theme, stage: view.stage))
    // A question's card takes its own column: the device, narration and timeline make room beside it.
    if let q = question, !view.handoutPicture { OverlayQuestion.reserve(q, in: &ctx.layout, ctx) }
    // Nothing cut (legibility): the strip grows to what its explanation needs, and scrolls past that; its
    // scroll position belongs to the text it was scrolled on.
    let content = NarrationStrip.content(ctx)
    let shown = content.text + "\u{1}" + (content.summary ?? "")
    if shown != view.narrationShown {
      view.narrationShown = shown
      view.scrollOffsets[.narration] = nil
    }
    ctx.layout.growNarration(
      to: NarrationStrip.neededHeight(content, width: ctx.layout.narration.width, view.theme, memo: frameMemo))
    ctx.scroll = view.scrollOffsets
    let layout = ctx.layout
    lastLayout = layout
    var list = DrawList()
    // Room for a frame like the last one: the panels' lists are appended without growing it again.
    list.commands.reserveCapacity(lastFrame.commands.count + 64)
    list.add(.rect(Rect(0, 0, size.width, size.height), fill: view.theme.background, stroke: nil))
    CanvasPanel.draw(in: layout.canvas, ctx, into: &list)
    if !view.stage && layout.card == nil { InspectorPanel.draw(in: layout.inspector, ctx, into: &list) }
    NarrationStrip.draw(in: layout.narration, ctx, into: &list)
    if !view.stage { BottomPanel.draw(in: layout.bottom, ctx, into: &list) }
    HeaderBar.draw(in: layout.header, ctx, into: &list)
    Overlays.draw(in: Rect(0, 0, size.width, size.height), ctx, into: &list)
    // Every text at least 4.5:1 against what it is drawn on, whichever panel drew that (legibility).
    Legibility.enforce(&list.commands, background: view.theme.background, verdicts: &frameMemo.legibility)
    let device = viewport(for: layout).toPixels(Rect(origin: .zero, size: config.window))
    // Messages in a toast beside the device (never over the header, the device or a question's card).
    // While a question is up, under its card when there is room there (off the narration's question too).
    var fallback = layout.narration
    if view.toast != nil, let q = question, !view.handoutPicture, let under = OverlayQuestion.roomUnderCard(q, ctx),
      under.height >= 90 * view.theme.unit
    {
      fallback = under
    }
    appendToast(
      OverlayToast.Room(
        panel: view.stage || layout.card != nil ? nil : layout.inspector, devices: [(layout.canvas, device)],
        fallback: fallback, top: layout.header.maxY), to: &list)
    // No line sliced by its panel's top or bottom edge.
    WholeLines.enforce(&list.commands, window: size, device: device)
    lastFrame = list
    return list
  }

  /// The toast over everything else, where `room` lets it go (its colours are readable on its own box, so
  /// it comes after the legibility pass, free to fade).
  func appendToast(_ room: OverlayToast.Room, to list: inout DrawList) {
    guard let toast = view.toast, !view.overlayOpen else { return }
    list.append(OverlayToast.draw(toast, opacity: toast.opacity(at: wallClock ?? toast.since), room, view.theme))
  }

  /// The device viewport inside the canvas panel, with the zoom applied.
  public func viewport(for layout: StudioLayout) -> Viewport {
    CanvasPanel.viewport(
      in: layout.canvas, window: config.window, zoom: view.zoom, theme: view.theme, center: view.center)
  }

  /// A pixel as a scene point, rounded to whole points (scripts saved from live input stay readable).
  func sceneLocation(_ pixel: Point) -> Point? {
    if let compare { return compareSceneLocation(compare, pixel) }
    guard let layout = lastLayout else { return nil }
    let p = viewport(for: layout).toScene(pixel)
    return Point(p.x.rounded(), p.y.rounded())
  }

  // MARK: - Reading the presentation

  public var theme: Theme { view.theme }
  /// The language the window writes in (the theme's): from `--lang` or the environment.
  public var language: Language {
    get { view.theme.language }
    set { view.theme.language = newValue }
  }
  public var zoom: Double { view.zoom }
  public var showHelp: Bool { view.showHelp }
  public var sceneList: [SceneListItem]? { view.sceneList }
  public var library: [SceneListItem] {
    get { view.library }
    set { view.library = newValue }
  }
  public var inspectorTab: InspectorTab { view.inspectorTab }
  public var bottomTab: BottomTab { view.bottomTab }
  public var selected: String? { view.selected }
  public var scrollOffsets: [ScrollablePanel: Double] { view.scrollOffsets }
  public var toast: (text: String, until: Double)? { view.toast.map { ($0.text, $0.until) } }
  /// The toast's message is about a failure.
  public var toastIsError: Bool { view.toast?.kind == .error }
  /// What the toast's message is (a success, a hint, a warning, an error); nil when none is shown.
  public var toastKind: ToastKind? { view.toast?.kind }
  /// How many entries were discarded from the front of the engine's trace (bounded memory) since it
  /// started: `engine.trace[0]` is entry number `discardedTraceEntries` of the whole session.
  public var discardedTraceEntries: Int { retention.discardedEntries }
  /// The tooltip to show: the whole text of the region the mouse has rested on for a moment (a label
  /// shortened to fit, a button, a toggle), and where the mouse is.
  public var tooltip: (text: String, at: Point)? {
    guard let p = view.pointer, let wall = wallClock, wall - p.since >= ViewState.tooltipDelay,
      input.touch(of: .mouse) == nil, let tip = lastFrame.tip(at: p.pixel), !tip.isEmpty
    else { return nil }
    return (tip, p.pixel)
  }
  public var hover: Point? { input.hover }
  public var virtualFinger: (touch: Int, location: Point)? { input.virtualFinger }
  public var modifiers: Modifiers { input.modifiers }
  /// The pivot of the simulated pinch while Alt is held.
  public var pivot: Point? { input.shownPivot(scene: snapshot.live) }
  /// Live input since the engine started, for "save as script" (times are engine times).
  public var recording: [ScriptStep] { inputLog.steps }
  /// The steps of the last gesture done by hand, for "replay".
  public var lastGesture: [ScriptStep] { inputLog.lastGesture }
}
