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
    scenes.append(("stress (2,001 views)", StressScene.make()))
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

/// A large synthetic scene for the benchmark: 2,000 views in rows of cards (three levels deep), 600
/// recognizers, and a deterministic script of 3,000 steps with up to three fingers at once.
enum StressScene {
  static func make() -> Scene {
    var root = ViewSpec(id: "root", frame: Rect(0, 0, 390, 844))
    var seed: UInt64 = 42
    func next(_ n: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(n))
    }
    for row in 0..<200 {
      var card = ViewSpec(id: "card\(row)", frame: Rect(Double(row % 4) * 5, Double(row) * 4, 380, 60))
      let kinds: [RecognizerKind] = [.tap, .pan, .longPress]
      card.recognizers = [RecognizerSpec(id: "r\(row)", kind: kinds[row % 3])]
      for i in 0..<9 {
        var sub = ViewSpec(id: "v\(row)_\(i)", kind: i == 4 ? .button : .view, frame: Rect(Double(i) * 40, 5, 38, 50))
        if i % 3 == 0 {
          sub.recognizers = [RecognizerSpec(id: "s\(row)_\(i)", kind: i == 0 ? .tap : .swipe)]
        }
        card.subviews.append(sub)
      }
      root.subviews.append(card)
    }
    var scene = Scene(root: root)
    var t = 0.0
    var down: [Int: Point] = [:]
    var steps: [ScriptStep] = []
    var number = 1
    for _ in 0..<3000 {
      t += Double(8 + next(40))
      if down.count < 3 && (down.isEmpty || next(4) == 0) {
        let p = Point(Double(next(390)), Double(next(844)))
        down[number] = p
        steps.append(ScriptStep(t: t, .down(touch: number, at: p)))
        number += 1
      } else if let n = down.keys.sorted().first {
        if next(5) == 0 {
          down[n] = nil
          steps.append(ScriptStep(t: t, .up(touch: n, at: nil)))
        } else {
          let p = down[n]! + Point(Double(next(21) - 10), Double(next(21) - 10))
          down[n] = p
          steps.append(ScriptStep(t: t, .move(touch: n, to: p)))
        }
      }
    }
    for n in down.keys.sorted() { steps.append(ScriptStep(t: t + 16, .up(touch: n, at: nil))) }
    scene.script = steps
    scene.title = "Stress"
    return scene
  }
}
