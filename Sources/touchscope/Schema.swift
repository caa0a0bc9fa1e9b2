import ArgumentParser
import SceneFile

struct Schema: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "schema",
    abstract: "Print the JSON Schema of the scene format.",
    discussion: """
      Prints the JSON Schema (draft 2020-12) of touchscope/1 scene files, generated from the scene reader's \
      own key tables, as pretty JSON with sorted keys: the same text as docs/scene.schema.json. Editors \
      with a YAML language server use it to complete keys and flag mistakes (docs/SCENE-FORMAT.md, \
      "Editor support"). `make schema` writes it to docs/scene.schema.json.
      """
  )

  func run() throws { Console.out(SceneSchemaText.json) }
}
