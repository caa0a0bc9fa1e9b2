import Foundation
import SafeWriting
import SceneFile
import StudioCore
import TouchSim

extension StudioApp {
  // MARK: Files

  /// Carries out what the model asked of the window (saves, takes, screenshots, recordings, opening a scene,
  /// the finished engine's trace).
  func carryOut(_ effects: [StudioEffect], wall: Double, run: inout RunState) {
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
      case .screenshot: run.screenshotWanted = true
      case .toggleRecording:
        if let r = run.recorder {
          finishRecording(r, wall: wall)
          run.recorder = nil
        } else {
          run.recorder = startRecording(run.window, wall: wall)
        }
      case .openScene(let path):
        open(path, wall: wall)
        run.reloadToReport = true
      case .engineFinished(let trace): writeFinished(trace, wall: wall)
      case .quit: break
      }
    }
  }

  /// The scene file's path when it changed on disk since it was last looked at: the worker reads and loads
  /// it with the frame's job. The file is looked at as soon as the watcher reports a change (inotify wakes
  /// the loop), and besides once a second while inotify watches it, ten times a second when it cannot.
  func changedSceneFile(wall: Double) -> String? {
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

  func open(reading path: String, wall: Double) {
    ModelWorker.reload(path, into: model, wall: wall, opening: true)
  }

  func open(_ path: String, wall: Double) {
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
  func report(_ message: String, wall: Double) {
    model.notifyError(message, wall: wall)
    Self.printError(message)
  }

  nonisolated static func printError(_ message: String) {
    FileHandle.standardError.write(Data("touchscope: \(message)\n".utf8))
  }

  /// A take (Ctrl+Shift+S): a new scene file beside the lesson, at the first free `NAME.take-N.yaml`.
  func writeTake(_ text: String, beside lesson: String, dropped: Int, wall: Double) {
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
  func startRecording(_ window: SDLWindow, wall: Double) -> ScreenRecorder? {
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
  func finishRecording(_ r: ScreenRecorder, wall: Double) {
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
  func saveScreenshot(_ window: SDLWindow, wall: Double) {
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

  func traceFailed(_ error: WriteError, wall: Double) {
    guard !traceFailing else { return }
    traceFailing = true
    report("--trace-out: the trace could not be written: \(error.reason) — \(error.path)", wall: wall)
  }

  func traceWritten() { traceFailing = false }

  func writeFinished(_ trace: [TraceEntry], wall: Double) {
    guard let traceWriter else { return }
    writtenTraceCount = -1
    traceWriter.finish(trace)
    reportTraceWrites(wall: wall)
  }

  /// Hands the trace to the writer when it grew, at most ten times a second and never sooner than four
  /// times the last write's duration after it (a write still in flight: on a later frame); `force` (on
  /// exit): now, and waits for every write to finish.
  func writeTrace(wall: Double, force: Bool) {
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
  func reportTraceWrites(wall: Double) {
    for outcome in traceWriter?.outcomes() ?? [] {
      switch outcome {
      case .written: traceWritten()
      case .failed(let error): traceFailed(error, wall: wall)
      }
    }
  }
}
