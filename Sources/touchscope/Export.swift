import ArgumentParser
import DeviceBridge
import SceneFile
import TouchSim

/// `touchscope export swift SCENE`: the scene as a UIKit view controller that logs what a device observes.
struct Export: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write a scene as code for a real device.",
    subcommands: [SwiftSource.self]
  )

  struct SwiftSource: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "swift",
      abstract: "Print a UIKit view controller (Swift) that builds the scene and logs its callbacks.",
      discussion: """
        Prints ViewController.swift on standard output: the scene's views, controls, scroll views, \
        recognizers, delegates and overrides built in UIKit, logging every callback a real app can observe \
        (deliver, action, control, ask) as one JSON object per line in the trace's own words. Run it on a \
        device, save the console lines and compare them with `touchscope diff-log SCENE DEVICE.log`.
        """
    )

    @OptionGroup var sceneFile: SceneArgument
    var scene: String { sceneFile.scene }

    func run() throws {
      Console.out(SwiftExporter.export(try SceneInput.load(scene)))
    }
  }
}

/// `touchscope diff-log SCENE DEVICE.log`: a device's log against the scene's replayed trace.
struct DiffLog: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diff-log",
    abstract: "Compare the log of an exported scene run on a device with the scene's replay.",
    discussion: """
      Replays SCENE's script, keeps what a device can log (deliver, action, control, and the questions \
      the app's own code answers: delegates, gestureRecognizerShouldBegin, touchesShouldBegin, \
      touchesShouldCancel) and compares it with DEVICE.log, the console output of the view controller \
      `touchscope export swift` wrote. What only the simulator records (hitTest, hit, attach, feed, state, \
      wait, withhold, drop, forward, timer, set, scroll, canPrevent, canBePrevented) is ignored, and so are \
      console lines that are not log lines. Prints every difference in words.

      Exit codes: 0 the log matches, 3 it differs, 1 invalid input, 2 internal error.
      """
  )

  @OptionGroup var sceneFile: SceneArgument
  var scene: String { sceneFile.scene }

  @Argument(help: "The device's log: one JSON object per line, as the exported view controller prints them.")
  var log: String

  @Option(help: "How far apart in milliseconds the same event may be.")
  var tolerance: Double = 50

  @Option(help: "How far apart in points the same event's location may be.")
  var distance: Double = 1

  func validate() throws {
    if !(tolerance >= 0) { throw ValidationError("--tolerance must be 0 or more") }
    if !(distance >= 0) { throw ValidationError("--distance must be 0 or more") }
  }

  func run() throws {
    let scene = try SceneInput.load(scene)
    let text: String
    do {
      text = try SceneLoader.readText(path: log)
    } catch {
      throw InputError("\(log): \(error.diagnostics.map(\.message).joined(separator: "; "))")
    }
    let reading = DeviceLog.read(text)
    let device = reading.events
    let replay = DeviceLog.expected(try SceneInput.replay(scene, path: self.scene), scene: scene)
    let cut = Self.lineList(reading.unreadable)
    if device.isEmpty && reading.nonBlankLines > 0 && !replay.isEmpty {
      var message = "\(log): no line is a device log line (a JSON object with \"ev\", one a line, as the view "
      message += "controller `touchscope export swift` writes prints them)"
      if let cut { message += "; \(cut) \(Self.cutNote(reading.unreadable.count))" }
      throw InputError(message)
    }
    if let cut {
      Console.error("note: \(log): \(cut) \(Self.cutNote(reading.unreadable.count)): left out")
    }
    let comparison = DeviceLogComparison(
      replay: replay, device: device, timeTolerance: tolerance, pointTolerance: distance)
    if comparison.same {
      Console.out("The device log matches the replay: \(comparison.matched) events agree.\n")
      return
    }
    var out = "The device log differs from the replay (\(comparison.differences.count) "
    out += comparison.differences.count == 1 ? "difference" : "differences"
    out += "; \(replay.count) events in the replay, \(device.count) in the log):\n"
    for d in comparison.differences { out += "- " + d.text + "\n" }
    Console.out(out)
    throw ExitCode(3)
  }

  /// What is wrong with `count` lines that name `ev` but hold no whole JSON object.
  static func cutNote(_ count: Int) -> String {
    (count == 1 ? "names" : "name") + " \"ev\" but " + (count == 1 ? "holds" : "hold")
      + " no whole JSON object (cut short by the console?)"
  }

  /// "line 4" or "lines 4, 9 and 12" (the first ten, then how many more); nil for none.
  static func lineList(_ lines: [Int]) -> String? {
    guard let first = lines.first else { return nil }
    if lines.count == 1 { return "line \(first)" }
    let shown = lines.prefix(10).map(String.init)
    if lines.count > 10 { return "lines " + shown.joined(separator: ", ") + " and \(lines.count - 10) more" }
    return "lines " + shown.dropLast().joined(separator: ", ") + " and " + shown.last!
  }
}
