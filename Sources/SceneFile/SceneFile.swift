import TouchSim

/// One positioned problem in a scene or script file.
public struct Diagnostic: Error, Equatable, Sendable, CustomStringConvertible {
  /// An error stops the file from loading; a warning does not (the scene loads as the warning says).
  public enum Severity: String, Sendable {
    case error, warning
  }
  public var file: String
  public var line: Int
  public var column: Int
  public var message: String
  public var severity: Severity
  public init(file: String, line: Int, column: Int, message: String, severity: Severity = .error) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
    self.severity = severity
  }
  /// `FILE:LINE:COLUMN: error: MESSAGE` (or `warning:`)
  public var description: String { "\(file):\(line):\(column): \(severity.rawValue): \(message)" }
}

/// A scene that loaded, with what the reader warns about in it (by position).
public struct LoadedScene: Sendable {
  public var scene: Scene
  public var warnings: [Diagnostic]
}

/// Every problem found in one file (never empty when thrown).
public struct SceneFileError: Error, Sendable, CustomStringConvertible {
  public var diagnostics: [Diagnostic]
  public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
  public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

public enum SceneLoader {
  /// Reads and decodes a scene file (YAML or JSON). Throws `SceneFileError`.
  public static func load(path: String) throws(SceneFileError) -> Scene {
    try parse(SceneFileText.read(path), file: path)
  }
  /// A scene file's text, exactly as `load(path:)` reads it (UTF-8, at most 16 MiB; a leading BOM is not
  /// part of it). Throws `SceneFileError`.
  public static func readText(path: String) throws(SceneFileError) -> String { try SceneFileText.read(path) }
  /// Decodes scene text; `file` is the name used in diagnostics.
  public static func parse(_ text: String, file: String) throws(SceneFileError) -> Scene {
    try read(text, file: file).scene
  }
  /// Reads and decodes a scene file, with its warnings. Throws `SceneFileError`.
  public static func loadWithWarnings(path: String) throws(SceneFileError) -> LoadedScene {
    try read(SceneFileText.read(path), file: path)
  }
  /// Decodes scene text, with the warnings (by position) about a scene that loads: a recognizer listed on
  /// several views (rule C-9).
  public static func read(_ text: String, file: String) throws(SceneFileError) -> LoadedScene {
    let result = LargeStack.run { () -> Result<LoadedScene, SceneFileError> in
      var problems = Problems(file: file)
      var scene: Scene?
      if let doc = SceneReader.compose(text, problems: &problems) {
        let reader = SceneReader(document: doc, problems: problems)
        scene = reader.readScene(doc.root)
        problems = reader.problems
      }
      if let scene, problems.isEmpty { return .success(LoadedScene(scene: scene, warnings: problems.warnings)) }
      return .failure(SceneFileError(problems.sorted()))
    }
    return try SceneFileText.unwrap(result, file: file)
  }
  /// Reads a file holding only `script:` and validates it against `scene`.
  public static func loadScript(path: String, for scene: Scene) throws(SceneFileError) -> [ScriptStep] {
    try parseScript(SceneFileText.read(path), file: path, for: scene)
  }
  /// Decodes script text (`script: [...]`, or a bare list of steps) and validates it against `scene`.
  public static func parseScript(_ text: String, file: String, for scene: Scene) throws(SceneFileError)
    -> [ScriptStep]
  {
    let result = LargeStack.run { () -> Result<[ScriptStep], SceneFileError> in
      var problems = Problems(file: file)
      var steps: [ScriptStep]?
      if let doc = SceneReader.compose(text, problems: &problems) {
        let reader = SceneReader(document: doc, problems: problems)
        steps = reader.readScriptDocument(doc.root, for: scene)
        problems = reader.problems
      }
      if let steps, problems.isEmpty { return .success(steps) }
      return .failure(SceneFileError(problems.sorted()))
    }
    return try SceneFileText.unwrap(result, file: file)
  }
}

public enum SceneWriter {
  /// The scene as a `touchscope/1` YAML document that `SceneLoader.parse` reads back to an equal `Scene`.
  public static func yaml(_ scene: Scene) -> String { SceneYAMLWriter.document(scene) }
}
