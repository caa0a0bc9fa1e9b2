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
  private let options: Options
  /// Scenes of at most this many views have their first frame built while the window opens.
  nonisolated static let warmFirstFrameViews = 2_000
  private var watched: (path: String, stamp: FileStamp?)?
  private var lastWatch: Double = -1000
  /// Says when the scene file changed (inotify) while the window runs; nil before and after.
  private var watcher: SceneFileWatcher?
  private var writtenTraceCount = -1
  private var lastTraceWrite: Double = -1000
  /// `--trace-out`'s writes, on a queue of their own.
  private var traceWriter: TraceFileWriter?
  /// The last `--trace-out` write failed (reported once, until a write succeeds again).
  private var traceFailing = false
  /// The theme of the last frame (colours, presenter mode, UI scale), for the working card.
  private var busyTheme = Theme()

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
  func run(_ window: SDLWindow, text: TextStart) throws -> [TraceEntry] {
    if let cached = text.cached { window.seedMasks(cached.masks) }
    let worker = ModelWorker(model: model)
    model.setStartScale(window.uiScale)
    let start = window.ticks
    var frameLog: FrameLog?
    if let path = options.frameLog {
      do {
        frameLog = try FrameLog(path: path)
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
    var pending = options.inject.sorted { $0.at < $1.at }
    var screenshotWanted = false
    var recorder: ScreenRecorder?
    var reloadToReport = false
    var idleStart: (wall: Double, cpu: Double)?
    // What the loop decides (when to build, present, show the working card, sleep) is `FrameLoop`'s; this
    // loop carries it out with the window, the worker and the files.
    var loop = FrameLoop()
    var running = true
    while running {
      let frameStart = window.ticks
      let wall = frameStart - start
      let nextInjection = { pending.first.map { $0.at + start - frameStart } }
      while let e = pending.first, e.at <= wall {
        pending.removeFirst()
        window.pushFinger(e.kind, finger: e.finger, x: e.x, y: e.y, synthesizeMouse: e.synthesizeMouse)
      }
      loop.received(window.pollInputs(), at: wall)
      var result: ModelWorker.Result?
      if worker.busySince != nil {
        let askedAt = window.ticks
        result = worker.finish(waitingUpTo: 0)
        loop.waitedForWorker(window.ticks - askedAt)
        if result == nil {
          // Still working: the last frame, with the working card over it once input has waited long enough.
          switch loop.stillWorking(at: wall, needsRepaint: window.needsRepaint) {
          case .card(let elapsed, let waited):
            try presentBusy(
              window, loop.lastFrame, elapsed: elapsed, frameLog: frameLog, start: start, waited: waited)
          case .repaint: try window.presentOverlay([])
          case .nothing: break
          }
          pace(window, frameStart: frameStart, resting: false, untilInjection: nextInjection())
          continue
        }
      } else {
        let reload = changedSceneFile(wall: wall)
        let job = loop.startJob(
          at: wall, reload: reload != nil, mustShow: reloadToReport || screenshotWanted || window.needsRepaint)
        worker.start(
          ModelWorker.Job(
            inputs: job.inputs, wall: wall, reload: reload,
            frame: job.buildFrame ? (window.pixelSize, window.pixelScale) : nil))
        // Most frames are done well within one; a long one is left running, and shown as such.
        let askedAt = window.ticks
        result = worker.finish(waitingUpTo: FrameLoop.longestFrame)
        loop.waitedForWorker(window.ticks - askedAt)
        if result == nil {
          pace(window, frameStart: frameStart, resting: false, untilInjection: nextInjection())
          continue
        }
      }
      guard let result else { continue }
      loop.jobDone()
      running = model.isRunning
      busyTheme = model.theme
      if result.reloaded { reloadToReport = true }
      carryOut(
        model.drainEffects(), window: window, wall: wall, recorder: &recorder, screenshotWanted: &screenshotWanted,
        reloadToReport: &reloadToReport)
      if let s = idleStart, s.cpu >= 0, wall - s.wall >= 4000 {
        // CPU used per second of wall time while nothing happens.
        BenchmarkReports.print("idle", String(format: "%.3f", (BenchmarkReports.processCPU() - s.cpu) / 4))
        return model.engine.trace
      } else if let s = idleStart, s.cpu < 0, wall - s.wall >= 5000 {
        idleStart = (wall, BenchmarkReports.processCPU())
      }
      guard let list = result.list else {
        writeTrace(wall: wall, force: false)
        pace(window, frameStart: frameStart, resting: true, untilInjection: nextInjection())
        continue
      }
      let frame = loop.built(list.commands, at: wall, screenshot: screenshotWanted, needsRepaint: window.needsRepaint)
      if frame.present {
        // An unchanged frame is presented again only when the window was uncovered or resized; it is then
        // not drawn again, its last pixels are copied.
        let drawStart = window.ticks
        if frame.first {
          StartupTrace.mark("first-frame-built(\((model.textMeasurer as? SDLTextMeasurer)?.cachedCount ?? 0)-widths)")
        }
        try window.present(list.commands, screenshot: screenshotWanted)
        if frame.first { StartupTrace.mark("first-frame-presented(\(window.masksDrawn)-masks-drawn)") }
        let frameCost = result.buildMs + (window.ticks - drawStart)
        if let r = recorder, !r.take(window.framePixels, wall: wall) {
          // The window changed size: the video keeps the frames it has.
          finishRecording(r, wall: wall)
          recorder = nil
        }
        frameLog?.presented(wall: window.ticks - start, model: model, cost: frameCost, waited: frame.waited)
      }
      if screenshotWanted {
        saveScreenshot(window, wall: wall)
        screenshotWanted = false
      }
      if frame.first {
        if firstFrameUp(window, text: text) { return model.engine.trace }
        if options.benchmark == .idle { idleStart = (wall, -1) }  // measured from five seconds after the first frame
      } else if frame.changed && reloadToReport && options.benchmark == .reloads {
        BenchmarkReports.print("reloaded")
      }
      if frame.changed { reloadToReport = false }
      writeTrace(wall: wall, force: false)
      pace(window, frameStart: frameStart, resting: loop.isResting, untilInjection: nextInjection())
    }
    writeTrace(wall: 0, force: true)
    return model.engine.trace
  }

  // MARK: Files

  /// Carries out what the model asked of the window (saves, takes, screenshots, recordings, opening a scene,
  /// the finished engine's trace).
  private func carryOut(
    _ effects: [StudioEffect], window: SDLWindow, wall: Double, recorder: inout ScreenRecorder?,
    screenshotWanted: inout Bool, reloadToReport: inout Bool
  ) {
    for effect in effects {
      switch effect {
      case .saveScene, .saveNewFile:
        guard let outcome = SceneSaving.perform(effect) else { break }
        if case .saved(let path) = outcome, path == watched?.path {
          // The window wrote it: no reload.
          watched = (path, FileStamp(path: path))
        }
        model.saveFinished(outcome, wall: wall)
        // A save that failed is in the toast in red now: on standard error too, in the same words.
        if model.toastIsError, let message = model.toast?.text { Self.printError(message) }
      case .writeTake(let lesson, let text, let dropped):
        writeTake(text, beside: lesson, dropped: dropped, wall: wall)
      case .screenshot: screenshotWanted = true
      case .toggleRecording:
        if let r = recorder {
          finishRecording(r, wall: wall)
          recorder = nil
        } else {
          recorder = startRecording(window, wall: wall)
        }
      case .openScene(let path):
        open(path, wall: wall)
        reloadToReport = true
      case .engineFinished(let trace): writeFinished(trace, wall: wall)
      case .quit: break
      }
    }
  }

  /// The first frame is up: the library's titles are read (never delaying start-up) and the text the first
  /// frame measured and drew anew is kept for the next start. True when the run ends here (the first-frame
  /// benchmark).
  private func firstFrameUp(_ window: SDLWindow, text: TextStart) -> Bool {
    if options.benchmark == .firstFrame { BenchmarkReports.print("first-frame") }
    model.library = SceneLibrary.items(language: model.language)
    if let textCache = text.cache, text.measurer.measuredCount > 0 || window.masksDrawn > 0 {
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

  /// The scene file's path when it changed on disk since it was last looked at: the worker reads and loads
  /// it with the frame's job. The file is looked at as soon as the watcher reports a change (inotify wakes
  /// the loop), and besides once a second while inotify watches it, ten times a second when it cannot.
  private func changedSceneFile(wall: Double) -> String? {
    guard let w = watched else { return nil }
    let reported = watcher?.takeChange() ?? false
    let watching = watcher?.isWatching ?? false
    let interval = watching ? SceneFileWatcher.watchedInterval : SceneFileWatcher.pollInterval
    guard reported || wall - lastWatch >= interval else { return nil }
    lastWatch = wall
    if !watching { watcher?.rearm() }
    let stamp = FileStamp(path: w.path)
    guard stamp != w.stamp else { return nil }
    watched = (w.path, stamp)
    return w.path
  }

  private func open(reading path: String, wall: Double) {
    ModelWorker.reload(path, into: model, wall: wall, opening: true)
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

  private func open(_ path: String, wall: Double) {
    let path = Self.absolutePath(path)
    watched = (path, FileStamp(path: path))
    watcher?.watch(path)
    SafeWriter.removeStaleTemporaries(beside: path)
    Self.nameLeftBackups(of: path, in: model, wall: wall)
    open(reading: path, wall: wall)
  }

  /// `path` made absolute against the working directory now, without resolving symbolic links.
  nonisolated static func absolutePath(_ path: String) -> String {
    guard !path.isEmpty, !path.hasPrefix("/") else { return path }
    return URL(fileURLWithPath: path).standardizedFileURL.path
  }

  // MARK: Writing files (every write goes through SafeWriter; a failure is shown and the window goes on)

  /// A save written in place that was killed before it ended left a complete copy of the scene's earlier
  /// text (`SafeWriter.backupFolder()`): the toast and standard error say where it is.
  nonisolated static func nameLeftBackups(of path: String, in model: StudioModel, wall: Double = 0) {
    guard let copy = SafeWriter.leftBackups(of: path).last else { return }
    let message = model.language(
      "An interrupted save left a copy of this scene's earlier text in \(copy)",
      "一次被中断的保存把这个场景之前的内容留在了 \(copy)")
    model.notify(message, kind: .warning, wall: wall)
    printError(message)
  }

  /// A failure: in the toast in red (never with the success tick) and on standard error.
  private func report(_ message: String, wall: Double) {
    model.notifyError(message, wall: wall)
    Self.printError(message)
  }

  nonisolated static func printError(_ message: String) {
    FileHandle.standardError.write(Data("touchscope: \(message)\n".utf8))
  }

  /// A take (Ctrl+Shift+S): a new scene file beside the lesson, at the first free `NAME.take-N.yaml`.
  private func writeTake(_ text: String, beside lesson: String, dropped: Int, wall: Double) {
    switch SceneSaving.saveTake(text, beside: lesson) {
    case .success(let path):
      let l = model.language
      let left =
        dropped == 0
        ? ""
        : l(
          " (\(dropped) touches beyond the 1,001 a script holds at once were left out)",
          "（超出脚本同时可容纳的 1,001 个触摸的 \(dropped) 个已略去）")
      model.notify(
        l(
          "Saved the take as \(path), the input just performed as its script\(left)",
          "已把这次录制保存为 \(path)，刚才的输入成为它的脚本\(left)"), wall: wall)
    case .failure(let error):
      report(model.language("Could not save the take: ", "无法保存录制：") + "\(error.reason) — \(error.path)", wall: wall)
    }
  }

  /// F9 the first time: records the presented frames to the first free `touchscope-N.mp4` of the
  /// screenshot folder (free: nothing there at all, not even a link or a folder; the next free one when
  /// something appears there before the recording ends).
  private func startRecording(_ window: SDLWindow, wall: Double) -> ScreenRecorder? {
    let dir = options.screenshotDirectory
    let n = (1...100_000).first { SafeWriter.isFree("\(dir)/touchscope-\($0).mp4") } ?? 1
    let path = "\(dir)/touchscope-\(n).mp4"
    do {
      let r = try ScreenRecorder(path: path, buffer: window.framePixels, wall: wall) { k in
        let m = (n + k - 1...100_000).first { SafeWriter.isFree("\(dir)/touchscope-\($0).mp4") } ?? n + k - 1
        return "\(dir)/touchscope-\(m).mp4"
      }
      model.setRecording(since: wall)
      // The file's name only: the header is narrow in presenter mode; the saved message gives the whole path.
      let name = (path as NSString).lastPathComponent
      model.notify(model.language("Recording \(name) — F9 stops", "正在录制 \(name)——按 F9 停止"), wall: wall)
      return r
    } catch {
      report(model.language("Could not record: ", "无法录制：") + error.description, wall: wall)
      return nil
    }
  }

  /// F9 the second time (or the window changed size): the video is finished and saved.
  private func finishRecording(_ r: ScreenRecorder, wall: Double) {
    model.setRecording(since: nil)
    switch r.finish(wall: wall) {
    case .success(let seconds):
      let s = String(format: "%.1f", seconds)
      let path = r.savedPath ?? r.path
      model.notify(model.language("Recording saved to \(path) (\(s) s)", "录像已保存到 \(path)（\(s) 秒）"), wall: wall)
    case .failure(let error):
      report(model.language("Could not save the recording: ", "无法保存录像：") + error.description, wall: wall)
    }
  }

  /// F12: the frame just presented, encoded in memory, written to the first free `touchscope-N.png` of
  /// the screenshot folder (never over an existing file).
  private func saveScreenshot(_ window: SDLWindow, wall: Double) {
    let png: [UInt8]
    do {
      png = try window.framePNG()
    } catch {
      report(model.language("Could not save a screenshot: ", "无法保存截图：") + "\(error)", wall: wall)
      return
    }
    let dir = options.screenshotDirectory
    var n = 1
    while true {
      let path = "\(dir)/touchscope-\(n).png"
      do {
        try SafeWriter.write(png, to: path, mode: .createNew)
        model.notify(model.language("Screenshot saved to ", "截图已保存到 ") + path, wall: wall)
        return
      } catch let error where error.code == EEXIST && n < 100_000 {
        n += 1
      } catch {
        report(model.language("Could not save a screenshot: ", "无法保存截图：") + "\(error.reason) — \(path)", wall: wall)
        return
      }
    }
  }

  private func traceFailed(_ error: WriteError, wall: Double) {
    guard !traceFailing else { return }
    traceFailing = true
    report("--trace-out: the trace could not be written: \(error.reason) — \(error.path)", wall: wall)
  }

  private func traceWritten() { traceFailing = false }

  private func writeFinished(_ trace: [TraceEntry], wall: Double) {
    guard let traceWriter else { return }
    writtenTraceCount = -1
    traceWriter.finish(trace)
    reportTraceWrites(wall: wall)
  }

  /// Hands the trace to the writer when it grew, at most ten times a second and never sooner than four
  /// times the last write's duration after it (a write still in flight: on a later frame); `force` (on
  /// exit): now, and waits for every write to finish.
  private func writeTrace(wall: Double, force: Bool) {
    guard let traceWriter else { return }
    defer { reportTraceWrites(wall: wall) }
    let trace = model.engine.trace
    let interval = max(100, 4 * traceWriter.lastDuration)
    guard force || (trace.count != writtenTraceCount && wall - lastTraceWrite >= interval && !traceWriter.isWriting)
    else { return }
    writtenTraceCount = trace.count
    lastTraceWrite = wall
    // Rewritten ten times a second: atomic, but flushed to the disk only on exit.
    traceWriter.write(trace, discarded: model.discardedTraceEntries, durable: force)
    if force { traceWriter.waitUntilDone() }
  }

  /// What the trace writes came to since the last frame: a failure is shown (once, until a write succeeds).
  private func reportTraceWrites(wall: Double) {
    for outcome in traceWriter?.outcomes() ?? [] {
      switch outcome {
      case .written: traceWritten()
      case .failed(let error): traceFailed(error, wall: wall)
      }
    }
  }
}

/// What the window reports on standard output for `touchscope bench` (each line `WORD NANOSECONDS`, the
/// system's monotonic clock, or `idle CPU-MS-PER-SECOND`).
public enum BenchmarkReports: Sendable, Equatable {
  case none
  /// Report `first-frame` once the first frame is presented, then quit.
  case firstFrame
  /// Report `ready` after the first frame, and `reloaded` when the first frame after a scene file's change
  /// is presented.
  case reloads
  /// Report the CPU milliseconds used per second over four idle seconds (from five seconds after the first
  /// frame), then quit.
  case idle

  static func print(_ word: String, _ value: String? = nil) {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    let ns = UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    FileHandle.standardOutput.write(Data("\(word) \(value ?? String(ns))\n".utf8))
  }

  /// CPU time used by this process so far, in milliseconds.
  static func processCPU() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1e6
  }
}

/// A finger event to push into SDL's queue `at` milliseconds after the window opened.
public struct InjectedEvent: Equatable, Sendable {
  public var at: Double
  public var kind: FingerEventKind
  public var finger: Int64
  /// Normalised window coordinates (0...1), as SDL reports touchscreen fingers.
  public var x: Double
  public var y: Double
  /// Also push the mouse event SDL would synthesize from this finger (the window must ignore it).
  public var synthesizeMouse: Bool

  /// Parses lines `MS down|motion|up FINGER X Y [mouse]`; `#` starts a comment.
  public static func parse(_ text: String) throws -> [InjectedEvent] {
    var out: [InjectedEvent] = []
    for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      let parts = line.split(separator: " ").map(String.init)
      if parts.isEmpty { continue }
      guard parts.count >= 5, let at = Double(parts[0]), let kind = FingerEventKind(rawValue: parts[1]),
        let finger = Int64(parts[2]), let x = Double(parts[3]), let y = Double(parts[4]),
        (0...1).contains(x), (0...1).contains(y)
      else { throw InjectError(line: i + 1, text: String(raw)) }
      out.append(
        InjectedEvent(
          at: at, kind: kind, finger: finger, x: x, y: y, synthesizeMouse: parts.count > 5 && parts[5] == "mouse"))
    }
    return out
  }
}

public struct InjectError: Error, CustomStringConvertible {
  public var line: Int
  public var text: String
  public var description: String { "line \(line): expected 'MS down|motion|up FINGER X Y [mouse]', got '\(text)'" }
}

/// A file's modification time, size and identity (device and inode), to notice edits, and a file
/// replaced by another (deleted and made again, its folder too) even with the same time and size.
struct FileStamp: Equatable {
  var modified: Date?
  var size: Int?
  var device: Int?
  var inode: Int?
  init?(path: String) {
    guard let a = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
    modified = a[.modificationDate] as? Date
    size = (a[.size] as? NSNumber)?.intValue
    device = (a[.systemNumber] as? NSNumber)?.intValue
    inode = (a[.systemFileNumber] as? NSNumber)?.intValue
  }
}

/// The scene library (the `Scenes` folder), for the scene list.
public enum SceneLibrary {
  /// Each scene's title in `language` (its translation's, else its own).
  public static func items(language: Language = .english) -> [SceneListItem] {
    guard let dir = ResourceLocator.findUpward("Scenes"),
      let names = try? FileManager.default.contentsOfDirectory(atPath: dir)
    else { return [] }
    return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") || $0.hasSuffix(".json") }.sorted()
      .map { name in
        let path = (dir as NSString).appendingPathComponent(name)
        let scene = try? SceneLoader.load(path: path)
        let title =
          scene.map { $0.title(in: language.rawValue) ?? name } ?? language("(invalid) ", "（无效）") + name
        return SceneListItem(path: path, title: title)
      }
  }
}
