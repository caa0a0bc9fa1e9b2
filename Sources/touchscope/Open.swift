import ArgumentParser
import Foundation
import Raster
import SafeWriting
import SceneFile
import StudioCore
import StudioSDL
import TouchSim

struct Open: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "open",
    abstract: "Open the window on a scene.",
    discussion: """
      Draws the scene's view hierarchy to scale. Press and drag the left mouse button (or touch a \
      touchscreen) to put fingers on it; each is fed to the engine as a touch at the time it happens. \
      Closing the window or Ctrl+Q quits. Keys and pointer gestures (the same table as the window's help, \
      H):


      """ + KeyTable.helpText + """


        Without SCENE, opens Scenes/tour.yaml (looked up from the current directory, then from the \
        executable's folder upwards), or a built-in demo scene when there is none.
        """
  )

  @Argument(help: "The scene file (YAML or JSON).")
  var scene: String?

  @Option(
    name: .customLong("trace-out"),
    help: ArgumentHelp(
      "Write the engine's trace as JSON Lines to this file while the window runs and on exit.",
      discussion: "When the engine restarts (the scene file changed, a replay), the finished engine's whole "
        + "trace is written to FILE.1, then FILE.2 and so on, and FILE starts again. A device or FIFO "
        + "(/dev/stdout, a named pipe) is written in place, never replaced: the trace is streamed into it, "
        + "one engine after the other."))
  var traceOut: String?

  @Option(
    name: .customLong("frame-log"),
    help: ArgumentHelp(
      "Write one JSON line per presented frame to this file (to measure how far the picture is behind the engine).",
      discussion: "Each line: {\"wall\": ms since the window opened, \"mode\": live|paused|script|replay|step, "
        + "\"speed\": 1, \"engine\": time of the latest input fed to the engine (ms), \"playhead\": the time the "
        + "panels show (ms)}."))
  var frameLog: String?

  @Option(
    help: ArgumentHelp(
      "Push touchscreen events into the window's SDL event queue (for tests).",
      discussion: "Lines 'MS down|motion|up FINGER X Y [mouse]': milliseconds after opening, normalised x and y; "
        + "'mouse' also pushes the mouse event SDL synthesizes from a finger, which the window must ignore."))
  var inject: String?

  @Option(help: "Window size in points, WxH.")
  var size: String = "1440x900"

  @Flag(help: "Start in presenter mode (large text, high contrast).")
  var presenter = false

  @Flag(
    help: "Start on the stage: the inspector and the timeline folded away, the device as large as it can be (key F).")
  var stage = false

  @Option(
    help: ArgumentHelp(
      "The UI scale (0.5 to 4): text, panels and strokes this many times larger; the window too.",
      discussion: "Default: the display's (TOUCHSCOPE_SCALE, GDK_SCALE, the display's DPI, or 2 on a display "
        + "3,200 pixels wide or more). Ctrl+= and Ctrl+- change it in the window, Ctrl+0 returns to it."))
  var scale: Double?

  @OptionGroup var language: LanguageOption

  @Option(help: "Folder for screenshots (F12).")
  var screenshots: String = "."

  /// Reports for `touchscope bench` (see `BenchmarkReports`).
  @Flag(name: .customLong("bench-first-frame"), help: .hidden)
  var benchFirstFrame = false
  @Flag(name: .customLong("bench-reloads"), help: .hidden)
  var benchReloads = false
  @Flag(name: .customLong("bench-idle"), help: .hidden)
  var benchIdle = false
  /// Start-up's baseline: the same window with one plain frame, then quit (see `BareWindow`).
  @Flag(name: .customLong("bench-bare-window"), help: .hidden)
  var benchBareWindow = false

  func run() throws {
    if benchBareWindow {
      guard let parsed = SizeArgument.parse(size, sides: 200...10_000) else {
        throw InputError("--size must look like 1440x900")
      }
      try BareWindow.presentOnce(width: Int(parsed.width), height: Int(parsed.height))
      return
    }
    StartupTrace.mark("arguments")
    var options = StudioApp.Options()
    options.traceOut = traceOut
    options.frameLog = frameLog
    options.presenter = presenter
    options.stage = stage
    options.language = language.language
    if let scale {
      guard scale.isFinite, (0.5...4).contains(scale) else { throw InputError("--scale must be 0.5 to 4") }
      options.scale = scale
    }
    options.screenshotDirectory = screenshots
    options.benchmark = benchFirstFrame ? .firstFrame : benchReloads ? .reloads : benchIdle ? .idle : .none
    guard let parsed = SizeArgument.parse(size, sides: 200...10_000) else {
      throw InputError("--size must look like 1440x900")
    }
    options.size = parsed
    if let inject {
      guard let text = try? String(contentsOfFile: inject, encoding: .utf8) else {
        throw InputError("\(inject): cannot read")
      }
      do {
        options.inject = try InjectedEvent.parse(text)
      } catch {
        throw InputError("\(inject): \(error)")
      }
    }
    let opts = options
    let (given, traceOut, frameLog) = (scene, traceOut, frameLog)
    try MainActor.assumeIsolated {
      // The scene is read while the window opens (hidden until it has loaded: a scene that does not load
      // is reported here and no window is seen).
      _ = try StudioApp.launch(options: opts) {
        let (scene, path, text) = try SceneInput.loadGivenOrDefault(given)
        try Self.checkOutputs(traceOut: traceOut, frameLog: frameLog, scenePath: path)
        return (scene, path, text)
      }
    }
  }

  /// Fails now, not silently later: the outputs must be writable (SafeWriter's rules: symlinks followed,
  /// read-only files refused, a device or FIFO written in place and never replaced), and none is the scene.
  static func checkOutputs(traceOut: String?, frameLog: String?, scenePath: String?) throws {
    for (option, output) in [("--trace-out", traceOut), ("--frame-log", frameLog)] {
      guard let output else { continue }
      try OutputPath.refuseInput(
        output, option: option, among: [("the scene file", scenePath)],
        product: option == "--trace-out" ? "the trace" : "the frame log")
      do {
        let destination = try SafeWriter.check(output)
        // An empty trace now, so a stale one from an earlier run never shows.
        if option == "--trace-out" && destination.isRegularFile { try SafeWriter.write("", to: output) }
      } catch {
        throw InputError("\(option): cannot write \(output): \(error.reason)")
      }
    }
  }
}
