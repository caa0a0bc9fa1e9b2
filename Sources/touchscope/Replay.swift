import ArgumentParser
import Dispatch
import TouchSim

struct Replay: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract: "Run a scene's script headless and print the trace as JSON Lines.",
    discussion: """
      Runs the script in SCENE (or the one in --script) on a fresh engine, then lets every pending \
      timer fire, and prints one JSON object per trace event on standard output (format \
      touchscope-trace/1). The same input always gives the same trace.
      """
  )

  @OptionGroup var sceneFile: SceneArgument
  var scene: String { sceneFile.scene }

  @OptionGroup var scriptFile: ScriptOption
  var script: String? { scriptFile.script }

  func run() throws {
    let scene = try SceneInput.load(scene)
    let steps = try script.map { try SceneInput.loadScript($0, for: scene) }
    // The trace is written as the script runs, a piece at a time (never held whole), on a thread of its
    // own: the engine makes the next piece while the last is written.
    let output = TraceOutput()
    let stop = Engine.replay(scene, script: steps, piece: 1 << 15, limit: SceneInput.traceLimit) {
      output.write($0)
    }
    output.finish()
    // What ran is written; then where the script stopped, and exit 1.
    if let stop { throw SceneInput.tooLong(stop, in: script ?? self.scene) }
  }
}

/// Pieces of a trace written as JSON Lines to standard output on a thread of their own, in the order
/// given. At most `inFlight` pieces wait, so memory stays bounded however fast the engine makes them.
/// The lines writer is used only on the queue; `write` and `finish` are called from one thread.
final class TraceOutput: @unchecked Sendable {
  private let queue = DispatchQueue(label: "touchscope.replay.output")
  private let slots: DispatchSemaphore
  private var lines = TraceLinesWriter()

  init(inFlight: Int = 3) { slots = DispatchSemaphore(value: inFlight) }

  /// Queues `entries` (waits while `inFlight` pieces are waiting).
  func write(_ entries: [TraceEntry]) {
    slots.wait()
    queue.async { [self] in
      lines.add(entries) { Console.out(bytes: $0) }
      slots.signal()
    }
  }

  /// Writes what is queued and what is left, and returns when it is written.
  func finish() {
    queue.sync { lines.finish { Console.out(bytes: $0) } }
  }
}
