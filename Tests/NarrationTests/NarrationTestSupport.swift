import Narration
import TestSupport
import Testing
import TouchSim

/// A run and its narration, for reading sentences in tests.
struct Narrated: CustomStringConvertible {
  let run: Run
  let lines: [NarrationLine]

  init(_ scene: Scene, _ script: [ScriptStep]) {
    run = Run(scene, script)
    lines = Narrator.narrate(run.trace, scene: scene)
  }

  /// The narration as the CLI prints it, so a failed expectation shows what was said.
  var description: String { "\n" + NarrationText.render(lines) }

  var steps: [String] { lines.filter { $0.kind == .step }.map(\.text) }
  var summaries: [String] { lines.filter { $0.kind == .summary }.map(\.text) }

  /// The step line with exactly this text.
  func step(_ text: String) -> NarrationLine? { lines.first { $0.kind == .step && $0.text == text } }

  /// The summary lines of the n-th gesture (0-based).
  func summary(ofGesture n: Int) -> [String] {
    var groups: [[String]] = []
    var previousWasSummary = false
    for line in lines {
      if line.kind == .summary {
        if !previousWasSummary { groups.append([]) }
        groups[groups.count - 1].append(line.text)
      }
      previousWasSummary = line.kind == .summary
    }
    return n < groups.count ? groups[n] : []
  }

  /// Checks what every narration must satisfy: valid indices, time order, times that match the trace.
  func checkInvariants(sourceLocation: SourceLocation = #_sourceLocation) {
    let trace = run.trace
    var previous: (t: Double, index: Int)?
    for line in lines {
      #expect(
        trace.indices.contains(line.traceIndex), "index \(line.traceIndex) of \(line.text)",
        sourceLocation: sourceLocation)
      guard trace.indices.contains(line.traceIndex) else { continue }
      #expect(line.entries.contains(line.traceIndex) || line.kind == .summary, sourceLocation: sourceLocation)
      #expect(trace.indices.contains(line.entries.lowerBound), sourceLocation: sourceLocation)
      #expect(trace.indices.contains(line.entries.upperBound), sourceLocation: sourceLocation)
      #expect(line.t == trace[line.traceIndex].t, "time of \(line.text)", sourceLocation: sourceLocation)
      if let previous {
        #expect(previous.t <= line.t, "time goes back at \(line.text)", sourceLocation: sourceLocation)
        #expect(previous.index <= line.traceIndex, "index goes back at \(line.text)", sourceLocation: sourceLocation)
      }
      #expect(
        !line.text.isEmpty && line.text.hasSuffix("."), "not a sentence: \(line.text)", sourceLocation: sourceLocation)
      previous = (line.t, line.traceIndex)
    }
  }
}
