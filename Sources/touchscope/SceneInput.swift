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

  /// The most trace entries a command's run of a script may make: `Engine.scriptTraceLimit`, or a smaller
  /// number from `TOUCHSCOPE_SCRIPT_TRACE_LIMIT` (for tests; CONTRIBUTING.md).
  static let traceLimit: Int = {
    let given = ProcessInfo.processInfo.environment["TOUCHSCOPE_SCRIPT_TRACE_LIMIT"].flatMap { Int($0) }
    return min(max(given ?? Engine.scriptTraceLimit, 0), Engine.scriptTraceLimit)
  }()

  /// Replays `steps` (the scene's own script when nil) under `traceLimit`; when the script is too long,
  /// throws `InputError` with where it stopped in `path` (the file the steps came from).
  static func replay(_ scene: Scene, script steps: [ScriptStep]? = nil, path: String) throws -> [TraceEntry] {
    do {
      return try Engine.replay(scene, script: steps, limit: traceLimit)
    } catch {
      throw tooLong(error, in: path)
    }
  }

  /// Prints the positioned error for a script that stopped at its trace limit (`FILE:LINE:COLUMN: error: …`,
  /// at the step's first character on its line) and returns the `InputError` that ends the command.
  static func tooLong(_ stop: ScriptTooLong, in path: String) -> InputError {
    Console.error(position(of: stop, in: path) + ": error: " + stop.message)
    return InputError()
  }

  static func position(of stop: ScriptTooLong, in path: String) -> String {
    guard stop.line > 0 else { return path }
    var column = 1
    if let data = FileManager.default.contents(atPath: path) {
      let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      if stop.line <= lines.count {
        let line = lines[stop.line - 1]
        column =
          1 + (line.firstIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x2D }) ?? line.startIndex)
          - line.startIndex
      }
    }
    return "\(path):\(stop.line):\(column)"
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
