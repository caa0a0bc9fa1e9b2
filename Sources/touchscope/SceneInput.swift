import ArgumentParser
import Foundation
import Raster
import SafeWriting
import SceneFile
import StudioCore
import StudioSDL
import TouchSim

/// Loading scene and script files for the subcommands: diagnostics to stderr, never a crash.
enum SceneInput {
  /// The bytes of an input file an importer reads; a missing file, a folder or an unreadable file is an
  /// `InputError` naming it (`what`: what the file should have been, "a text file").
  static func bytes(of file: String, expecting what: String) throws -> [UInt8] {
    guard FileManager.default.fileExists(atPath: file) else {
      throw InputError("\(file): \(SafeWriter.missingReason(file))")
    }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), isDirectory.boolValue {
      throw InputError("\(file): this is a folder, not \(what)")
    }
    guard let data = FileManager.default.contents(atPath: file) else {
      throw InputError("\(file): cannot read the file")
    }
    return Array(data)
  }

  /// The scene library's tour, opened when no scene is given.
  static let defaultScenePath = "Scenes/tour.yaml"

  /// Loads `path`, or prints its diagnostics and throws `InputError`.
  static func load(_ path: String) throws -> Scene { try loadWithText(path).scene }

  /// Loads `path` with the text it was read from (what the window's Ctrl+S edits), or prints its
  /// diagnostics and throws `InputError`.
  static func loadWithText(_ path: String) throws -> (scene: Scene, text: String) {
    guard FileManager.default.fileExists(atPath: path) else {
      throw InputError("\(path): \(SafeWriter.missingReason(path))")
    }
    do {
      let text = try SceneLoader.readText(path: path)
      return (try SceneLoader.parse(text, file: path), text)
    } catch {
      report(error)
      throw InputError()
    }
  }

  /// Loads a script file for `scene`, or prints its diagnostics and throws `InputError`.
  static func loadScript(_ path: String, for scene: Scene) throws -> [ScriptStep] {
    guard FileManager.default.fileExists(atPath: path) else {
      throw InputError("\(path): \(SafeWriter.missingReason(path))")
    }
    do {
      return try SceneLoader.loadScript(path: path, for: scene)
    } catch {
      report(error)
      throw InputError()
    }
  }

  /// The given scene, or the tour found from the current directory or the executable, or the built-in
  /// demo when there is no tour.
  static func loadGivenOrDefault(_ path: String?) throws -> (scene: Scene, path: String?, text: String?) {
    if let given = path ?? ResourceLocator.findUpward(defaultScenePath) {
      let (scene, text) = try loadWithText(given)
      return (scene, given, text)
    }
    Console.error("note: \(defaultScenePath) not found; showing the built-in demo scene")
    return (DemoScene.scene, nil, nil)
  }

  static func report(_ error: SceneFileError) {
    for diagnostic in error.diagnostics { Console.error(diagnostic.description) }
  }
}

/// The scene file every command that reads one takes as its first argument.
struct SceneArgument: ParsableArguments {
  @Argument(help: "The scene file (YAML or JSON).")
  var scene: String
}

/// `--script FILE`: a script run in place of the scene's own.
struct ScriptOption: ParsableArguments {
  @Option(help: "A file holding only `script:` to run instead of the scene's own script.")
  var script: String?
}
