import ArgumentParser
import TouchSim

struct Replay: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Run a scene's script headless and print the trace as JSON Lines.",
    discussion: """
      Runs the script in SCENE (or the one in --script) on a fresh engine, then lets every pending \
      timer fire, and prints one JSON object per trace event on standard output (format \
      touchscope-trace/1). The same input always gives the same trace.
      """
  )

  @Argument(help: "The scene file (YAML or JSON).")
  var scene: String

  @Option(help: "A file holding only `script:` to run instead of the scene's own script.")
  var script: String?

  func run() throws {
    let scene = try SceneInput.load(scene)
    let steps = try script.map { try SceneInput.loadScript($0, for: scene) }
    writeTraceJSONLines(Engine.replay(scene, script: steps)) { Console.out(bytes: $0) }
  }
}
