import Foundation
import StudioCore
import TouchSim

/// `touchscope open --frame-log FILE`: one JSON line per presented frame, so the lag between the engine
/// and the picture can be measured from outside the program:
///
/// `{"wall":1234.5,"mode":"live","speed":1,"engine":1200,"playhead":1200}`
///
/// `wall`: milliseconds since the window opened; `mode`: `live`, `paused`, `script`, `replay` or `step`;
/// `speed`: the playback speed; `engine`: the engine time of the latest input fed to the engine (null
/// before any); `playhead`: the trace time the panels show. At speed 1 in live mode `engine − playhead`
/// is at most 0: every panel shows the engine's present.
///
/// A write that fails is reported once on standard error, and the log stops there.
final class FrameLog {
  private let handle: FileHandle
  private let path: String
  private var failed = false

  init(path: String) throws {
    guard FileManager.default.createFile(atPath: path, contents: Data()),
      let handle = FileHandle(forWritingAtPath: path)
    else { throw FrameLogError(path: path) }
    self.handle = handle
    self.path = path
  }

  deinit { try? handle.close() }

  func presented(wall: Double, model: StudioModel) {
    guard !failed else { return }
    let engine = model.latestInputTime.map(JSONNumber.format) ?? "null"
    let line =
      "{\"wall\":\(JSONNumber.format(wall)),\"mode\":\"\(model.mode.rawValue)\",\"speed\":\(JSONNumber.format(model.speed)),"
      + "\"engine\":\(engine),\"playhead\":\(JSONNumber.format(model.playheadTime))}\n"
    do {
      try handle.write(contentsOf: Data(line.utf8))
    } catch {
      failed = true
      FileHandle.standardError.write(
        Data("touchscope: --frame-log \(path): \(error.localizedDescription); no more frames are logged\n".utf8))
    }
  }
}

struct FrameLogError: Error, CustomStringConvertible {
  var path: String
  var description: String { "--frame-log: cannot write \(path)" }
}
