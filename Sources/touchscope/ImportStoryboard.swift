import ArgumentParser
import DeviceBridge
import Foundation
import SafeWriting
import SceneFile

/// `touchscope import storyboard`: one scene per view controller of a storyboard, or per top-level view of
/// a XIB.
struct ImportStoryboard: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "storyboard",
    abstract: "Make scenes from an Interface Builder storyboard or XIB.",
    discussion: """
      Writes one scene per view controller of a storyboard and per top-level view of a XIB into --out, \
      each named from its storyboard identifier, custom class, label or title (DIR/NAME.yaml). Frames are \
      the ones Interface Builder stored (Auto Layout is not solved); each view's element, custom class and \
      object id are kept in a comment on its id line. What cannot be carried over is written as \
      FILE:LINE:COLUMN: warning: … on standard error; a file that is not a well-formed Interface Builder \
      document is FILE:LINE:COLUMN: error: … and exit code 1. --list prints the scenes (object id, name, \
      views, recognizers) and writes nothing; --scene writes only the one whose object id or name is given.
      """
  )

  @Argument(help: "The .storyboard or .xib file.")
  var file: String

  @Option(help: "The folder to write the scenes into (made when missing).")
  var out: String?

  @Flag(help: "Print the scenes the file makes, and write nothing.")
  var list = false

  @Option(help: "Write only this scene: its Interface Builder object id or its name.")
  var scene: String?

  func validate() throws {
    if !list && out == nil { throw ValidationError("give --out DIR (or --list to see the scenes)") }
  }

  func run() throws {
    let data = try SceneInput.bytes(of: file, expecting: "an Interface Builder file")
    var schema: String?
    if let out, !list {
      schema = ImportRecursiveDescription.schemaPath(for: out + "/scene.yaml")
    }
    let imported: ImportedStoryboard
    do {
      imported = try StoryboardImporter.importDocument(data, file: file, schema: schema)
    } catch {
      SceneInput.report(error)
      throw InputError()
    }
    var chosen = imported.scenes
    if let scene {
      guard let one = imported.scene(scene) else { throw InputError("\(file): \(imported.noSuchScene(scene))") }
      chosen = [one]
    }
    // Warnings about the chosen scenes and about the file as a whole.
    let sceneWarnings = Set(imported.scenes.flatMap(\.warnings).map(\.description))
    let mine = Set(chosen.flatMap(\.warnings).map(\.description))
    for w in imported.warnings where !sceneWarnings.contains(w.description) || mine.contains(w.description) {
      Console.error(w.description)
    }
    if list {
      for s in chosen {
        Console.out(
          "\(s.objectID)\t\(s.name)\t\(s.viewCount) view\(s.viewCount == 1 ? "" : "s")\t"
            + "\(s.recognizerCount) recognizer\(s.recognizerCount == 1 ? "" : "s")\n")
      }
      return
    }
    guard let out else { return }
    do {
      try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    } catch {
      throw InputError("cannot make the folder \(out): \(error.localizedDescription)")
    }
    for s in chosen {
      let path = (out as NSString).appendingPathComponent(s.name + ".yaml")
      try OutputPath.refuseInput(path, among: [("the Interface Builder file", file)], product: "the scene")
      do {
        try SafeWriter.write(s.yaml, to: path)
      } catch {
        throw InputError("cannot write \(path): \(error.reason)")
      }
      Console.out(
        "\(path): \(s.viewCount) view\(s.viewCount == 1 ? "" : "s"), \(s.recognizerCount) recognizer"
          + "\(s.recognizerCount == 1 ? "" : "s")\n")
    }
  }
}
