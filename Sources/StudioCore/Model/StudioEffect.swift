import TouchSim

/// Work the model asks the window to do outside the pure model: files and screenshots.
public enum StudioEffect: Equatable, Sendable {
  /// Ctrl+S: write `text` over the scene file at `path`, only if the file still holds `expected` (the text
  /// last loaded or saved); report with `StudioModel.saveFinished`.
  case saveScene(path: String, text: String, expected: String)
  /// Write `text` to a new file beside `like`: `StudioModel.newFilePath(like:number:)` with the first number
  /// whose file does not exist, never over a file; report with `StudioModel.saveFinished`.
  case saveNewFile(like: String, text: String)
  /// Write `text` as a new scene beside `lesson`: `StudioModel.takePath(beside: lesson, number: N)` with
  /// the first N naming no file (never over an existing one), then say where it went. `droppedTouches`:
  /// touches the script could not hold (more than 1,001 down at once).
  case writeTake(lesson: String, text: String, droppedTouches: Int)
  /// Save the next presented frame as a PNG.
  case screenshot
  /// F9: start recording the presented frames to a video, or stop and save it.
  case toggleRecording
  /// Load the scene at `path` (from the scene list).
  case openScene(path: String)
  /// The engine is about to be replaced (scene reloaded, replay started): its whole trace, every touch
  /// in it ended or cancelled.
  case engineFinished(trace: [TraceEntry])
  case quit
}
