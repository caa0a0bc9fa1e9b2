import ArgumentParser
import Foundation
import Narration
import SceneFile
import Studio
import TouchSim

struct Bench: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Measure the performance figures.",
    discussion: """
      For each scene in the Scenes folder (or the built-in demo when there is none): the time to replay \
      its script on a fresh engine, to narrate its trace, to build one whole window frame (every panel) \
      at the end of the script, and to draw that frame at 1440 x 900 with the software renderer (text \
      cache warm). Times are medians over --iterations runs.
      """
  )

  @Option(help: "Runs per measurement.")
  var iterations: Int = 50

  func validate() throws {
    guard (1...100_000).contains(iterations) else { throw ValidationError("--iterations must be 1 to 100000") }
  }

  func run() throws {
    var scenes: [(String, Scene)] = []
    if let dir = ResourceLocator.findUpward("Scenes"),
      let names = try? FileManager.default.contentsOfDirectory(atPath: dir).filter({ $0.hasSuffix(".yaml") }).sorted()
    {
      for name in names {
        if let scene = try? SceneLoader.load(path: (dir as NSString).appendingPathComponent(name)) {
          scenes.append(((name as NSString).deletingPathExtension, scene))
        }
      }
    }
    if scenes.isEmpty { scenes = [("demo", DemoScene.scene)] }
    let n = iterations
    let table = try MainActor.assumeIsolated { try Self.measure(scenes, iterations: n) }
    Console.out(table)
  }

  @MainActor
  private static func measure(_ scenes: [(String, Scene)], iterations: Int) throws -> String {
    let size = Size(1440, 900)
    let canvas = try OffscreenCanvas(width: Int(size.width), height: Int(size.height))
    var out = "scene".padding(toLength: 32, withPad: " ", startingAt: 0)
    out += ["events", "replay ms", "narrate ms", "commands", "frame ms", "draw ms"].map { $0.leftPadded(to: 10) }
      .joined(separator: " ")
    out += "\n"
    for (id, scene) in scenes {
      var events = 0
      let replay = median(iterations) { events = Engine.replay(scene).count }
      let trace = Engine.replay(scene)
      let narrate = median(iterations) { _ = Narrator.narrate(trace, scene: scene) }
      let model = StudioModel(scene: scene)
      model.narrator = StudioNarration.narrate
      model.show(script: scene.script, at: (scene.script.last?.t ?? 0) + 1000)
      var commands: [DrawCommand] = []
      let build = median(iterations) { commands = model.frame(size: size, pixelScale: 1).commands }
      try canvas.draw(commands)
      var failure: Error?
      let draw = median(iterations) {
        do { try canvas.draw(commands) } catch { failure = error }
      }
      if let failure { throw failure }
      out += id.padding(toLength: 32, withPad: " ", startingAt: 0)
      out += [String(events), format(replay), format(narrate), String(commands.count), format(build), format(draw)]
        .map { $0.leftPadded(to: 10) }.joined(separator: " ")
      out += "\n"
    }
    return out
  }

  private static func median(_ runs: Int, _ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    var times: [Double] = []
    for _ in 0..<runs {
      let d = clock.measure(body)
      times.append(Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15)
    }
    return times.sorted()[times.count / 2]
  }

  private static func format(_ ms: Double) -> String { String(format: "%.3f", ms) }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
