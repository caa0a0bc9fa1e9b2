import Foundation
import Testing

/// `touchscope schema` through the real program: the committed docs/scene.schema.json, byte for byte.
@Suite(.timeLimit(.minutes(2)))
struct SchemaCommandTests {
  @Test func touchscopeSchemaPrintsTheCommittedSchema() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let committed = try String(contentsOf: root.appendingPathComponent("docs/scene.schema.json"), encoding: .utf8)
    let result = try CommandLineRobustnessTests.run(["schema"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    #expect(result.stdout == committed, "docs/scene.schema.json is stale: run `make schema`")
    let help = try CommandLineRobustnessTests.run(["--help"])
    #expect(help.stdout.contains("schema"))
  }
}
