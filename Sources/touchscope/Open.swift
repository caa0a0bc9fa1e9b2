import ArgumentParser
import Foundation
import Studio
import TouchSim

struct Open: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Open the window on a scene.",
    discussion: """
      Draws the scene's view hierarchy to scale. Press and drag the left mouse button (or touch a \
      touchscreen) to put fingers on it; each is fed to the engine as a touch at the time it happens. \
      Escape or closing the window quits; R cancels every touch.

      Without SCENE, opens Scenes/tour.yaml (looked up from the current directory, then from the \
      executable's folder upwards), or a built-in demo scene when there is none.
      """
  )

  @Argument(help: "The scene file (YAML or JSON).")
  var scene: String?

  @Option(name: .customLong("trace-out"), help: "Write the session's trace as JSON Lines to this file on exit.")
  var traceOut: String?

  func run() throws {
    let scene = try SceneInput.loadGivenOrDefault(scene)
    let trace = try MainActor.assumeIsolated { try StudioApp(scene: scene).run() }
    if let traceOut {
      do {
        try traceJSONLines(trace).write(toFile: traceOut, atomically: true, encoding: .utf8)
      } catch {
        throw InputError("cannot write \(traceOut): \(error.localizedDescription)")
      }
    }
  }
}
