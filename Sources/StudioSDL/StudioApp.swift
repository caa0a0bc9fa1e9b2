import Foundation
import Geometry
import Localization
import Narration
import Raster
import SafeWriting
import SceneFile
import StudioCore
import StudioUI
import TouchSim

/// The window's main loop: poll input → update the model → build the frame → render → present.
///
/// The model (`StudioModel`) is pure; this loop does what it cannot: the wall clock, the SDL window,
/// watching and writing the scene file, screenshots, and the test hooks (`--trace-out`, `--inject`).
@MainActor
public final class StudioApp {
  public let model: StudioModel
  public struct Options: Sendable {
    /// Writes the engine's trace (JSON Lines) here whenever it grows, and on exit. When the engine
    /// restarts (a scene reload, a replay), the finished engine's whole trace is written to PATH.1, then
    /// PATH.2 and so on, and PATH starts again with the new engine's trace.
    public var traceOut: String?
    /// Writes one JSON line per presented frame here (see `FrameLog`): how far the picture is behind
    /// the engine, measured from outside.
    public var frameLog: String?
    /// Finger events to push into SDL's queue at given times (tests of touchscreen input).
    public var inject: [InjectedEvent] = []
    /// Where screenshots go (default: the current directory).
    public var screenshotDirectory = "."
    /// Window size in points.
    public var size = Size(1440, 900)
    /// The UI scale (`--scale`); nil: the display's (`UIScale.detect`).
    public var scale: Double?
    /// Start in presenter mode.
    public var presenter = false
    /// Start on the stage (key F).
    public var stage = false
    /// The language of the window and its narration (`--lang`).
    public var language = Language.english
    /// Benchmark hooks (`touchscope bench` runs the window as a child process and reads these reports).
    public var benchmark = BenchmarkReports.none
    public init() {}
  }
  let options: Options
  /// Scenes of at most this many views have their first frame built while the window opens.
  nonisolated static let warmFirstFrameViews = 2_000
  var watched: (path: String, stamp: FileStamp?)?
  var lastWatch: Double = -1000
  /// Says when the scene file changed (inotify) while the window runs; nil before and after.
  var watcher: SceneFileWatcher?
  var writtenTraceCount = -1
  var lastTraceWrite: Double = -1000
  /// `--trace-out`'s writes, on a queue of their own.
  var traceWriter: TraceFileWriter?
  /// The last `--trace-out` write failed (reported once, until a write succeeds again).
  var traceFailing = false
  /// The theme of the last frame (colours, presenter mode, UI scale), for the working card.
  var busyTheme = Theme()

  /// `text`: the file's text `scene` was read from, which Ctrl+S edits. Without it the file is read again
  /// (as the loader reads it) with its scene; if it no longer loads, the watcher reloads it at once and
  /// shows why.
  public convenience init(scene: Scene, path: String?, text: String? = nil, options: Options = Options()) {
    let made = Self.makeModel(scene: scene, path: path, text: text, options: options)
    self.init(model: made.model, watched: made.watched, options: options)
  }

  init(model: StudioModel, watched: (path: String, stamp: FileStamp?)?, options: Options) {
    self.model = model
    self.watched = watched
    self.options = options
  }

  /// The model of `scene` as the window starts it, and the file to watch. Touches nothing but the model
  /// and the scene's folder, so it runs on any thread (`launch` makes it while the window opens).
  nonisolated static func makeModel(
    scene: Scene, path: String?, text: String?, options: Options
  ) -> (model: StudioModel, watched: (path: String, stamp: FileStamp?)?) {
    // The scene file by its absolute path: a relative one would follow the working directory, and once that
    // folder is deleted and made again (a lesson folder replaced) it would never find the file again.
    let path = path.map(Self.absolutePath)
    let stamp = path.flatMap { FileStamp(path: $0) }
    var read: Scene? = text == nil ? nil : scene
    var text = text
    if let path, text == nil {
      text = try? SceneLoader.readText(path: path)
      read = text.flatMap { try? SceneLoader.parse($0, file: path) }
    }
    let model = StudioModel(scene: read ?? scene, path: path, text: read == nil ? nil : text)
    model.language = options.language
    model.narrator = StudioNarration.narrator(language: options.language)
    model.narrateInBackground()
    model.buildFramesOnTwoThreads()
    var watched: (path: String, stamp: FileStamp?)?
    if let path {
      watched = (path, read == nil ? nil : stamp)
      // Temporary files a killed save left beside the scene (`.touchscope-PID-N.tmp`) go now.
      SafeWriter.removeStaleTemporaries(beside: path)
      Self.nameLeftBackups(of: path, in: model)
    }
    if options.presenter { model.perform(.togglePresenter) }
    if options.stage { model.perform(.toggleStage) }
    return (model, watched)
  }

  /// Runs the loop in `window` (open and shown), whose panels measure text with `text.measurer`, until the
  /// user quits; returns the trace of the session (`launch` opens the window and calls it).
  ///
  /// Frames are paced at most 120 a second and at least 60 while anything changes; a frame identical to
  /// the last one is neither drawn nor presented, and once nothing has changed for a while the loop
  /// sleeps until input arrives or the scene file changes.
  ///
  /// `ready`: the first frame, already built (and drawn into the window's buffer) as the loop's first turn
  /// would build it; it is presented before that turn.
  func run(_ window: SDLWindow, text: TextStart, ready: DrawList? = nil) throws -> [TraceEntry] {
    if let cached = text.cached { window.seedMasks(cached.masks) }
    model.setStartScale(window.uiScale)
    var run = RunState(
      window: window, worker: ModelWorker(model: model), text: text, start: window.ticks,
      pending: options.inject.sorted { $0.at < $1.at })
    if let path = options.frameLog {
      do {
        run.frameLog = try FrameLog(path: path)
      } catch {
        report("--frame-log \(error): no frames are logged", wall: 0)
      }
    }
    traceWriter = options.traceOut.map { TraceFileWriter(path: $0) }
    let watcher = SceneFileWatcher(wake: { SDLWindow.wake() })
    if let w = watched { watcher.watch(w.path) }
    self.watcher = watcher
    defer {
      watcher.stop()
      self.watcher = nil
    }
    if let ready, try presentReady(ready, &run) { return model.engine.trace }
    while true {
      switch try step(&run) {
      case .goOn: continue
      case .quit:
        writeTrace(wall: 0, force: true)
        return model.engine.trace
      case .benchmarkDone:
        return model.engine.trace
      }
    }
  }

  /// What one run of the loop holds from frame to frame. What the loop decides (when to build, present,
  /// show the working card, sleep) is `FrameLoop`'s; the loop carries it out with the window, the worker
  /// and the files.
  struct RunState {
    let window: SDLWindow
    let worker: ModelWorker
    let text: TextStart
    /// The window's clock when the loop started: `wall` is measured from it.
    let start: Double
    /// Injected input not yet pushed, in time order.
    var pending: [InjectedEvent]
    var frameLog: FrameLog?
    var loop = FrameLoop()
    var screenshotWanted = false
    var recorder: ScreenRecorder?
    /// A reload (or an opened scene) waits to be reported to the benchmark once its frame is shown.
    var reloadToReport = false
    /// The idle benchmark's start: the wall time and the process's CPU time (negative: not yet taken).
    var idleStart: (wall: Double, cpu: Double)?
    /// The library's titles, read on a thread of their own once the first frame is up (reading every
    /// scene of `Scenes` takes 30 ms here: the window stays live meanwhile); nil once handed to the model.
    var library: Handover<[SceneListItem]>?

    /// The next injected input, in milliseconds from `frameStart`.
    func nextInjection(after frameStart: Double) -> Double? { pending.first.map { $0.at + start - frameStart } }
  }

  enum Step { case goOn, quit, benchmarkDone }

  /// One turn of the loop: input in, the model's job run (or waited for), the frame presented, files
  /// written, then sleep until the next frame is due.
  private func step(_ run: inout RunState) throws -> Step {
    let window = run.window
    let frameStart = window.ticks
    let wall = frameStart - run.start
    while let e = run.pending.first, e.at <= wall {
      run.pending.removeFirst()
      window.pushFinger(e.kind, finger: e.finger, x: e.x, y: e.y, synthesizeMouse: e.synthesizeMouse)
    }
    run.loop.received(window.pollInputs(), at: wall)
    let libraryCame = takeLibrary(&run)
    guard let result = try jobResult(&run, wall: wall, mustShow: libraryCame) else {
      pace(window, frameStart: frameStart, resting: false, untilInjection: run.nextInjection(after: frameStart))
      return .goOn
    }
    run.loop.jobDone()
    let running = model.isRunning
    busyTheme = model.theme
    if result.reloaded { run.reloadToReport = true }
    carryOut(model.drainEffects(), wall: wall, run: &run)
    if idleMeasured(&run, wall: wall) { return .benchmarkDone }
    guard let list = result.list else {
      writeTrace(wall: wall, force: false)
      pace(window, frameStart: frameStart, resting: true, untilInjection: run.nextInjection(after: frameStart))
      return running ? .goOn : .quit
    }
    let frame = run.loop.built(
      list.commands, at: wall, screenshot: run.screenshotWanted, needsRepaint: window.needsRepaint)
    if frame.present { try present(list.commands, first: frame.first, waited: frame.waited, result, &run, wall: wall) }
    if run.screenshotWanted {
      saveScreenshot(window, wall: wall)
      run.screenshotWanted = false
    }
    if frame.first {
      if firstFrameShown(&run, wall: wall) { return .benchmarkDone }
    } else if frame.changed && run.reloadToReport && options.benchmark == .reloads {
      BenchmarkReports.print("reloaded")
    }
    if frame.changed { run.reloadToReport = false }
    writeTrace(wall: wall, force: false)
    pace(
      window, frameStart: frameStart, resting: run.loop.isResting, untilInjection: run.nextInjection(after: frameStart))
    return running ? .goOn : .quit
  }

  /// Presents `ready`, the first frame built before the loop started (at wall time 0); true when the run
  /// ends here (the first-frame benchmark).
  private func presentReady(_ ready: DrawList, _ run: inout RunState) throws -> Bool {
    let frame = run.loop.built(ready.commands, at: 0, screenshot: false, needsRepaint: false)
    try present(
      ready.commands, first: frame.first, waited: 0, ModelWorker.Result(list: ready, reloaded: false), &run, wall: 0)
    return firstFrameShown(&run, wall: 0)
  }

  /// The first frame was presented at `wall`; true when the run ends here (the first-frame benchmark).
  private func firstFrameShown(_ run: inout RunState, wall: Double) -> Bool {
    if firstFrameUp(run.window, text: run.text) { return true }
    let language = model.language
    run.library = Handover({ SceneLibrary.items(language: language) }, then: { SDLWindow.wake() })
    if options.benchmark == .idle { run.idleStart = (wall, -1) }  // measured from five seconds after the first frame
    return false
  }

  /// The model's job for this turn: the one still running, waited for no longer (while it works, the last
  /// frame stays, with the working card over it once input has waited long enough), or a new one (the
  /// input, a changed scene file, the frame when one is due), waited for up to `FrameLoop.longestFrame`.
  /// Nil while the worker is still busy.
  private func jobResult(_ run: inout RunState, wall: Double, mustShow: Bool = false) throws -> ModelWorker.Result? {
    let window = run.window
    if run.worker.busySince != nil {
      let askedAt = window.ticks
      let result = run.worker.finish(waitingUpTo: 0)
      run.loop.waitedForWorker(window.ticks - askedAt)
      if result == nil {
        switch run.loop.stillWorking(at: wall, needsRepaint: window.needsRepaint) {
        case .card(let elapsed, let waited):
          try presentBusy(
            window, run.loop.lastFrame, elapsed: elapsed, frameLog: run.frameLog, start: run.start, waited: waited)
        case .repaint: try window.presentOverlay([])
        case .nothing: break
        }
      }
      return result
    }
    let reload = changedSceneFile(wall: wall)
    let job = run.loop.startJob(
      at: wall, reload: reload != nil,
      mustShow: mustShow || run.reloadToReport || run.screenshotWanted || window.needsRepaint)
    run.worker.start(
      ModelWorker.Job(
        inputs: job.inputs, wall: wall, reload: reload,
        frame: job.buildFrame ? (window.pixelSize, window.pixelScale) : nil))
    // Most frames are done well within one; a long one is left running, and shown as such.
    let askedAt = window.ticks
    let result = run.worker.finish(waitingUpTo: FrameLoop.longestFrame)
    run.loop.waitedForWorker(window.ticks - askedAt)
    return result
  }

  /// Draws and presents a built frame (an unchanged frame is presented again only when the window was
  /// uncovered or resized; it is then not drawn again, its last pixels are copied), hands it to the
  /// recording and logs it.
  private func present(
    _ commands: [DrawCommand], first: Bool, waited: Double, _ result: ModelWorker.Result, _ run: inout RunState,
    wall: Double
  ) throws {
    let window = run.window
    let drawStart = window.ticks
    if first {
      StartupTrace.mark("first-frame-built(\((model.textMeasurer as? SDLTextMeasurer)?.cachedCount ?? 0)-widths)")
    }
    try window.present(commands, screenshot: run.screenshotWanted)
    if first { StartupTrace.mark("first-frame-presented(\(window.masksDrawn)-masks-drawn)") }
    let frameCost = result.buildMs + (window.ticks - drawStart)
    if let r = run.recorder, !r.take(window.framePixels, wall: wall) {
      // The window changed size: the video keeps the frames it has.
      finishRecording(r, wall: wall)
      run.recorder = nil
    }
    run.frameLog?.presented(wall: window.ticks - run.start, model: model, cost: frameCost, waited: waited)
  }

  /// The idle benchmark: true once the CPU used per second of wall time while nothing happens (over four
  /// seconds, from five seconds after the first frame) is reported.
  private func idleMeasured(_ run: inout RunState, wall: Double) -> Bool {
    guard let s = run.idleStart else { return false }
    if s.cpu >= 0, wall - s.wall >= 4000 {
      BenchmarkReports.print("idle", String(format: "%.3f", (BenchmarkReports.processCPU() - s.cpu) / 4))
      return true
    }
    if s.cpu < 0, wall - s.wall >= 5000 { run.idleStart = (wall, BenchmarkReports.processCPU()) }
    return false
  }

  /// Hands the library's titles to the model once they are read, between the worker's jobs (the model is
  /// the worker's while a job runs); true then, so that the next job shows them.
  private func takeLibrary(_ run: inout RunState) -> Bool {
    guard run.worker.busySince == nil, let items = run.library?.ifDone() else { return false }
    run.library = nil
    model.library = (try? items.get()) ?? []
    return true
  }

  /// The first frame is up: the text the first frame measured and drew anew is kept for the next start (the
  /// library's titles are read next, on a thread of their own). True when the run ends here (the
  /// first-frame benchmark).
  private func firstFrameUp(_ window: SDLWindow, text: TextStart) -> Bool {
    if options.benchmark == .firstFrame { BenchmarkReports.print("first-frame") }
    if let textCache = text.cache,
      text.measurer.measuredCount > 0 || window.masksDrawn > 0 || text.cached?.isOverStartLimits == true
    {
      do {
        try TextCacheFile.write(
          TextCacheFile.Contents(widths: text.measurer.keptWidths(), masks: window.keptMasks()),
          to: textCache.path, fingerprint: textCache.fingerprint)
      } catch {
        Self.printError("cannot keep measured text in \(textCache.path): \(error.localizedDescription)")
      }
    }
    switch options.benchmark {
    case .firstFrame: return true
    case .reloads: BenchmarkReports.print("ready")
    case .idle, .none: break
    }
    return false
  }

  /// Sleeps until the next frame is due (`FrameLoop.pacing`): input wakes the loop at once, the scene file
  /// watcher too; `untilInjection` is the next injected input, from `frameStart`.
  private func pace(_ window: SDLWindow, frameStart: Double, resting: Bool, untilInjection: Double?) {
    let first = FrameLoop.pacing(spent: window.ticks - frameStart, resting: resting, untilInjection: untilInjection)
    if first.delay > 0 { window.delay(milliseconds: Int(first.delay.rounded(.up))) }
    // What is left to wait, from the time it is now (the delay may have slept longer).
    let wait = FrameLoop.pacing(spent: window.ticks - frameStart, resting: resting, untilInjection: untilInjection)
    if wait.waitForInput >= 1 { window.waitForInput(timeoutMilliseconds: Int(wait.waitForInput)) }
  }

  /// While the worker is busy: the last frame presented again with the working card over it (the model is
  /// not touched). The frame log says so (`"working":true`, the last sample's other values).
  private func presentBusy(
    _ window: SDLWindow, _ last: [DrawCommand], elapsed: Double, frameLog: FrameLog?, start: Double, waited: Double
  ) throws {
    let drawStart = window.ticks
    let overlay = BusyOverlay.commands(size: window.pixelSize, theme: busyTheme, elapsed: elapsed)
    if last.isEmpty {
      // No frame yet (a huge scene's first): the card over the window's background.
      let size = window.pixelSize
      try window.present(
        [.rect(Rect(0, 0, size.width, size.height), fill: busyTheme.background, stroke: nil)] + overlay)
    } else {
      try window.presentOverlay(overlay)
    }
    frameLog?.presentedWhileWorking(wall: window.ticks - start, cost: window.ticks - drawStart, waited: waited)
  }
}
