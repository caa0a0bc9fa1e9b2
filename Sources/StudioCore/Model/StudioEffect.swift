import TouchSim

/// Work the model asks the window to do outside the pure model: files and screenshots.
public enum StudioEffect: Equatable, Sendable {
  /// Write `text` to `path` (a scene file), then show `note`.
  case writeFile(path: String, text: String, note: String)
  /// Ctrl+S: write `text` over the scene file at `path`, only if the file still holds `expected` (the text
  /// last loaded or saved); report with `StudioModel.saveFinished`.
  case saveScene(path: String, text: String, expected: String)
  /// Write `text` to a new file beside `like`: `StudioModel.newFilePath(like:number:)` with the first number
  /// whose file does not exist, never over a file; report with `StudioModel.saveFinished`.
  case saveNewFile(like: String, text: String)
  /// Save the next presented frame as a PNG.
  case screenshot
  /// Load the scene at `path` (from the scene list).
  case openScene(path: String)
  /// The engine is about to be replaced (scene reloaded, replay started): its whole trace, every touch
  /// in it ended or cancelled.
  case engineFinished(trace: [TraceEntry])
  case quit
}
