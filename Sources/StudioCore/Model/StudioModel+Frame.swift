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
    measuring { buildFrame(size: size, pixelScale: pixelScale, inParts: true) }
  }

  /// The same frame built on this thread alone, panel after panel, with the legibility and whole-lines
  /// passes done once over the whole frame: what `frame` is, command for command (tests compare them).
  func frameInOnePass(size: Size, pixelScale: Double) -> DrawList {
    measuring { buildFrame(size: size, pixelScale: pixelScale, inParts: false) }
  }

  /// `body` with the panels measuring text in `textMeasurer` (when set).
  func measuring<R>(_ body: () -> R) -> R {
    guard let modelLane else { return body() }
    return TextMetrics.$measurer.withValue(modelLane, operation: body)
  }

  /// The frame. `inParts`: drawn in parts (by two threads when there is a panel worker), each finished
  /// alone when it can be; else this thread draws the panels in turn and finishes the whole frame at once.
  private func buildFrame(size: Size, pixelScale: Double, inParts: Bool) -> DrawList {
    if let compare { return buildCompareFrame(compare, size: size, pixelScale: pixelScale) }
    if inParts && wakesPanelWorker { panelWorker?.prepare() }
    refreshSnapshot()  // the panels read the snapshot at the playhead
    view.theme.pixelScale = pixelScale * view.uiScale
    var ctx = PanelContext(
      model: self, layout: StudioLayout(size: size, theme: view.theme, stage: view.stage), narrated: false)
    // A question's card takes its own column: the device, narration and timeline make room beside it.
    if let q = question, !view.handoutPicture { OverlayQuestion.reserve(q, in: &ctx.layout, ctx) }
    let device = viewport(for: ctx.layout).toPixels(Rect(origin: .zero, size: config.window))
    // The narration strip grows into the bottom panel, and into nothing else: the canvas reads nothing
    // of the narration, and the bottom panel only where the strip ends, which is nearly always where it
    // ended in the last frame. Both are drawn on the panel worker meanwhile, and the header (the bottom
    // panel in the layout of the last frame; drawn again below in the rare frame the strip moved).
    var guess = ctx.layout
    if let last = lastLayout {
      guess.narration = last.narration
      guess.bottom = last.bottom
    }
    let worker = drawOnWorker(
      ctx, device: device, bottomIn: view.stage || !inParts ? nil : guess, worker: inParts ? panelWorker : nil,
      inParts: inParts)
    ctx.narration = narration
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
    let background = view.theme.background
    var middle = DrawList()
    if !view.stage && layout.card == nil { InspectorPanel.draw(in: layout.inspector, ctx, into: &middle) }
    NarrationStrip.draw(in: layout.narration, ctx, into: &middle)
    var top = DrawList()
    Overlays.draw(in: Rect(0, 0, size.width, size.height), ctx, into: &top)
    let parts = (
      middle: Self.finish(middle, size: size, device: device, background: background, memo: frameMemo, inParts),
      top: Self.finish(top, size: size, device: device, background: background, memo: frameMemo, inParts)
    )
    if inParts { panelWorker?.takeBack() }
    let canvas = Self.finish(
      worker.canvas.wait(), size: size, device: device, background: background, memo: frameMemo, inParts)
    let drawn = worker.rest.wait()
    var bottom = FramePart(list: DrawList(), settled: true)
    if !view.stage {
      if let b = drawn.bottom, guess == layout {
        bottom = b
        bottomsKept += 1
      } else {
        if inParts { bottomsRedrawn += 1 }
        var list = DrawList()
        var own = ctx
        own.memo = workerMemo
        BottomPanel.draw(in: layout.bottom, own, into: &list)
        bottom = Self.finish(list, size: size, device: device, background: background, memo: workerMemo, inParts)
      }
    }
    var list = DrawList()
    // Room for a frame like the last one: the panels' lists are appended without growing it again.
    list.commands.reserveCapacity(lastFrame.commands.count + 64)
    let ordered = [canvas, parts.middle, bottom, drawn.header, parts.top]
    for part in ordered { list.append(part.list) }
    let settled = ordered.allSatisfy(\.settled)
    if inParts {
      if settled { partsSettled += 1 } else { partsUnsettled += 1 }
    }
    // Every text at least 4.5:1 against what it is drawn on, whichever panel drew that (legibility): done
    // on each part unless a text of one lies on what another drew.
    if !settled { Legibility.enforce(&list.commands, background: background, verdicts: &frameMemo.legibility) }
    // Messages in a toast beside the device (never over the header, the device or a question's card).
    // While a question is up, under its card when there is room there (off the narration's question too).
    var fallback = layout.narration
    if view.toast != nil, let q = question, !view.handoutPicture, let under = OverlayQuestion.roomUnderCard(q, ctx),
      under.height >= 90 * view.theme.unit
    {
      fallback = under
    }
    var toast = DrawList()
    appendToast(
      OverlayToast.Room(
        panel: view.stage || layout.card != nil ? nil : layout.inspector, devices: [(layout.canvas, device)],
        fallback: fallback, top: layout.header.maxY), to: &toast)
    // No line sliced by its panel's top or bottom edge (each settled part's were dropped as it was finished).
    if settled { WholeLines.enforce(&toast.commands, window: size, device: device) }
    list.append(toast)
    if !settled { WholeLines.enforce(&list.commands, window: size, device: device) }
    lastFrame = list
    return list
  }

  /// `part` with its legibility and whole-lines passes done, when they can be on the part alone (and
  /// `inParts`: else left for the passes over the whole frame).
  static func finish(
    _ part: DrawList, size: Size, device: Rect, background: RGBA, memo: FrameMemo, _ inParts: Bool = true
  ) -> FramePart {
    var part = part
    guard inParts else { return FramePart(list: part, settled: false) }
    let settled = Legibility.enforcePart(&part.commands, background: background, verdicts: &memo.legibility)
    if settled { WholeLines.enforce(&part.commands, window: size, device: device) }
    return FramePart(list: part, settled: settled)
  }

  /// What the panel worker draws of a frame: the window's background and the canvas (handed over as soon
  /// as they are drawn, to be finished by the model's thread, which has less to do), then the bottom panel
  /// as it is in `bottomIn` (nil: none) and the header, finished.
  struct WorkerJob {
    let canvas: PanelWorker.Handoff<DrawList>
    let rest: PanelWorker.Handoff<WorkerRest>
  }

  struct WorkerRest: Sendable {
    var bottom: FramePart?
    var header: FramePart
  }

  /// `WorkerJob` of `ctx`, drawn on `worker` with `workerMemo` (here when there is none), the bottom panel
  /// finished `inParts` (see `finish`).
  private func drawOnWorker(
    _ ctx: PanelContext, device: Rect, bottomIn guess: StudioLayout?, worker: PanelWorker?, inParts: Bool
  ) -> WorkerJob {
    var ctx = ctx
    ctx.memo = workerMemo
    ctx.scroll = view.scrollOffsets
    let measurer = worker == nil ? TextMetrics.measurer : laneForWorker(TextMetrics.measurer)
    let handed = HandedOver(value: ctx)
    let canvas = PanelWorker.Handoff<DrawList>()
    let draw: @Sendable () -> WorkerRest = {
      TextMetrics.$measurer.withValue(measurer) {
        var ctx = handed.value
        let size = ctx.layout.size
        var list = DrawList()
        list.add(.rect(Rect(0, 0, size.width, size.height), fill: ctx.theme.background, stroke: nil))
        CanvasPanel.draw(in: ctx.layout.canvas, ctx, into: &list)
        canvas.fulfil(list)
        func finished(_ part: DrawList) -> FramePart {
          StudioModel.finish(
            part, size: size, device: device, background: ctx.theme.background, memo: ctx.memo, inParts)
        }
        var header = DrawList()
        HeaderBar.draw(in: ctx.layout.header, ctx, into: &header)
        guard let guess else { return WorkerRest(bottom: nil, header: finished(header)) }
        ctx.layout = guess
        var bottom = DrawList()
        BottomPanel.draw(in: guess.bottom, ctx, into: &bottom)
        return WorkerRest(bottom: finished(bottom), header: finished(header))
      }
    }
    if let worker { return WorkerJob(canvas: canvas, rest: worker.start(draw)) }
    let rest = PanelWorker.Handoff<WorkerRest>()
    rest.fulfil(draw())
    return WorkerJob(canvas: canvas, rest: rest)
  }

  /// The panel worker's lane of `measurer` (kept while the measurer is the same).
  private func laneForWorker(_ measurer: any TextMeasurer) -> any TextMeasurer {
    if let workerLane, workerLane.identity == measurer.identity { return workerLane.lane }
    let lane = measurer.lane()
    workerLane = (measurer.identity, lane)
    return lane
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
