import Foundation
import Narration
import SceneFile
import TouchSim

/// The window's main loop: poll input → update the model → build the frame → render → present.
///
/// The model (`StudioModel`) is pure; this loop does what it cannot: the wall clock, the SDL window,
/// watching and writing the scene file, screenshots, and the test hooks (`--trace-out`, `--inject`).
@MainActor
public final class StudioApp {
  public let model: StudioModel
  public struct Options: Sendable {
    /// Writes the engine's trace (JSON Lines) here whenever it grows, and on exit.
    public var traceOut: String?
    /// Finger events to push into SDL's queue at given times (tests of touchscreen input).
    public var inject: [InjectedEvent] = []
    /// Where screenshots go (default: the current directory).
    public var screenshotDirectory = "."
    /// Window size in points.
    public var size = Size(1440, 900)
    /// Start in presenter mode.
    public var presenter = false
    public init() {}
  }
  private let options: Options
  private var watched: (path: String, stamp: FileStamp?)?
  private var lastWatch: Double = -1000
  private var writtenTraceCount = -1
  private var lastTraceWrite: Double = -1000

  public init(scene: Scene, path: String?, options: Options = Options()) {
    model = StudioModel(scene: scene, path: path)
    model.narrator = StudioNarration.narrate
    model.library = SceneLibrary.items()
    self.options = options
    if let path { watched = (path, FileStamp(path: path)) }
    if options.presenter { model.perform(.togglePresenter) }
  }

  /// Opens the window and runs until the user quits; returns the trace of the session.
  @discardableResult
  public func run() throws -> [TraceEntry] {
    let window = try SDLWindow(
      title: "Touchscope", width: Int(options.size.width), height: Int(options.size.height),
      assetsDirectory: ResourceLocator.assetsDirectory())
    let start = window.ticks
    let frameBudget = 1000.0 / 60
    var pending = options.inject.sorted { $0.at < $1.at }
    var screenshotPath: String?
    while model.isRunning {
      let frameStart = window.ticks
      let wall = frameStart - start
      while let e = pending.first, e.at <= wall {
        pending.removeFirst()
        window.pushFinger(e.kind, finger: e.finger, x: e.x, y: e.y, synthesizeMouse: e.synthesizeMouse)
      }
      for input in window.pollInputs() { model.handle(input, wall: wall) }
      watchSceneFile(wall: wall)
      model.tick(wall: wall)
      for effect in model.drainEffects() {
        switch effect {
        case .writeFile(let path, let text, let note): write(text, to: path, note: note, wall: wall)
        case .screenshot: screenshotPath = nextScreenshotPath()
        case .openScene(let path): open(path, wall: wall)
        case .quit: break
        }
      }
      let list = model.frame(size: window.pixelSize, pixelScale: window.pixelScale)
      try window.present(list.commands, screenshot: screenshotPath)
      if let shot = screenshotPath {
        model.notify("Screenshot saved to \(shot)", wall: wall)
        screenshotPath = nil
      }
      writeTrace(wall: wall, force: false)
      let spent = window.ticks - frameStart
      if spent < frameBudget { window.delay(milliseconds: Int(frameBudget - spent)) }
    }
    writeTrace(wall: 0, force: true)
    return model.engine.trace
  }

  // MARK: Files

  /// Checks the scene file about twice a second; a change reloads it (or shows why it cannot).
  private func watchSceneFile(wall: Double) {
    guard let w = watched, wall - lastWatch >= 500 else { return }
    lastWatch = wall
    let stamp = FileStamp(path: w.path)
    guard stamp != w.stamp else { return }
    watched = (w.path, stamp)
    reload(w.path, wall: wall)
  }

  private func reload(_ path: String, wall: Double) {
    do {
      let scene = try SceneLoader.load(path: path)
      model.load(scene, path: path)
      model.notify("Reloaded \(path)", wall: wall)
    } catch {
      model.loadFailed(error.diagnostics.map(\.description))
    }
  }

  private func open(_ path: String, wall: Double) {
    watched = (path, FileStamp(path: path))
    reload(path, wall: wall)
  }

  private func write(_ text: String, to path: String, note: String, wall: Double) {
    do {
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      watched = watched.map { ($0.path, FileStamp(path: $0.path)) }
      model.notify(note, wall: wall)
    } catch {
      model.notify("Could not save \(path): \(error.localizedDescription)", wall: wall)
    }
  }

  private func nextScreenshotPath() -> String {
    var n = 1
    let dir = options.screenshotDirectory
    while FileManager.default.fileExists(atPath: "\(dir)/touchscope-\(n).png") { n += 1 }
    return "\(dir)/touchscope-\(n).png"
  }

  private func writeTrace(wall: Double, force: Bool) {
    guard let path = options.traceOut else { return }
    let trace = model.engine.trace
    guard force || (trace.count != writtenTraceCount && wall - lastTraceWrite >= 100) else { return }
    writtenTraceCount = trace.count
    lastTraceWrite = wall
    try? traceJSONLines(trace).write(toFile: path, atomically: true, encoding: .utf8)
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

/// A file's modification time and size, to notice edits.
struct FileStamp: Equatable {
  var modified: Date?
  var size: Int?
  init?(path: String) {
    guard let a = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
    modified = a[.modificationDate] as? Date
    size = (a[.size] as? NSNumber)?.intValue
  }
}

/// The scene library (the `Scenes` folder), for the scene list.
public enum SceneLibrary {
  public static func items() -> [SceneListItem] {
    guard let dir = ResourceLocator.findUpward("Scenes"),
      let names = try? FileManager.default.contentsOfDirectory(atPath: dir)
    else { return [] }
    return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") || $0.hasSuffix(".json") }.sorted()
      .map { name in
        let path = (dir as NSString).appendingPathComponent(name)
        let title = (try? SceneLoader.load(path: path))?.title ?? "(invalid) " + name
        return SceneListItem(path: path, title: title)
      }
  }
}

/// The narration module's sentences as the window's narration items.
public enum StudioNarration {
  @Sendable public static func narrate(_ trace: [TraceEntry], _ scene: Scene) -> [NarrationItem] {
    Narrator.narrate(trace, scene: scene).map {
      NarrationItem(t: $0.t, traceIndex: $0.traceIndex, isSummary: $0.kind == .summary, text: $0.text)
    }
  }
}
