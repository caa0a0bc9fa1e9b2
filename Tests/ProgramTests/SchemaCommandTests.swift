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

  /// Every command names itself (`commandName`: otherwise the argument parser derives the name from the
  /// type's, which at each start-up costs a search of the program's protocol conformances, about 1.5 ms),
  /// and the names are the ones the docs use, `open` the default.
  @Test func theCommandsKeepTheirNames() throws {
    let help = try CommandLineRobustnessTests.run(["--help"])
    let section = help.stdout.components(separatedBy: "SUBCOMMANDS:").last?.components(separatedBy: "\n\n").first
    let listed = section?.split(separator: "\n")
      .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
      .compactMap { $0.split(separator: " ").first.map(String.init) }
    #expect(
      listed == [
        "open", "replay", "explain", "questions", "check", "list", "render", "bench", "schema", "compare", "record",
        "export", "diff-log", "import", "handout",
      ])
    #expect(help.stdout.contains("open (default)"))
    let export = try CommandLineRobustnessTests.run(["export", "--help"])
    #expect(export.stdout.contains("swift"))
    let imports = try CommandLineRobustnessTests.run(["import", "--help"])
    #expect(imports.stdout.contains("recursive-description") && imports.stdout.contains("storyboard"))
  }
}
