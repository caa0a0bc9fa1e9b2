import Foundation
import Testing
import TouchSim

@testable import SceneFile

/// Parses `yaml` as the file `t.yaml`.
func load(_ yaml: String) throws(SceneFileError) -> Scene { try SceneLoader.parse(yaml, file: "t.yaml") }

/// The problems `yaml` has, joined by "; " (nil when it loads).
func problem(_ yaml: String) -> String? {
  let found = problems(yaml)
  return found.isEmpty ? nil : found.joined(separator: "; ")
}

/// The problems `yaml` has, as `LINE:COLUMN: MESSAGE` (empty when it loads).
func problems(_ yaml: String) -> [String] {
  do {
    _ = try SceneLoader.parse(yaml, file: "t.yaml")
    return []
  } catch {
    if ProcessInfo.processInfo.environment["SCENEFILE_SNIPPETS"] != nil {
      let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
      for d in error.diagnostics where d.line <= lines.count {
        let text = lines[d.line - 1].unicodeScalars.dropFirst(d.column - 1)
        print("SNIPPET \(d.line):\(d.column) [\(String(String.UnicodeScalarView(text)).prefix(30))] \(d.message)")
      }
    }
    return error.diagnostics.map { "\($0.line):\($0.column): \($0.message)" }
  }
}

/// Checks that `yaml` fails with a problem at `line:column` whose message contains `text`.
func expectProblem(
  _ yaml: String, at line: Int, _ column: Int, _ text: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  let found = problems(yaml)
  let hit = found.contains { $0.hasPrefix("\(line):\(column): ") && $0.contains(text) }
  #expect(hit, "expected \(line):\(column): …\(text)… in \(found)", sourceLocation: sourceLocation)
}

/// A scene file: the `format` line, then `body` (which usually starts with `root:`).
func sceneText(_ body: String) -> String { "format: touchscope/1\n" + body }
