import Foundation
import Geometry
import SafeWriting
import SceneFile
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
/// is at most 0: every panel shows the engine's present. `cost`: the milliseconds the model's work for this
/// frame (its inputs, the clock's tick, building it) and drawing it took (so a gap before a frame can be told
/// apart from the frame's own cost); `waited`: the milliseconds the frame loop waited for the model's
/// worker since the frame before (the loop waits at most a frame's time for it, then shows the working
/// card: a long engine job never stops the frames).
///
/// The file is opened with `SafeWriter`'s rules (`AppendingOutput`: symlinks followed, mode and owner
/// kept, read-only refused, a device or FIFO written in place). A write that fails is reported once on
/// standard error, and the log stops there.
final class FrameLog {
  private let output: AppendingOutput
  private var failed = false

  init(path: String) throws(WriteError) {
    output = try AppendingOutput(path: path)
  }

  /// The last frame's values after `wall`, for frames presented while the model is busy.
  private var lastSample = "\"mode\":\"live\",\"speed\":1,\"engine\":null,\"playhead\":0"

  func presented(wall: Double, model: StudioModel, cost: Double? = nil, waited: Double? = nil) {
    guard !failed else { return }
    let engine = model.latestInputTime.map(JSONNumber.format) ?? "null"
    lastSample =
      "\"mode\":\"\(model.mode.rawValue)\",\"speed\":\(JSONNumber.format(model.speed)),"
      + "\"engine\":\(engine),\"playhead\":\(JSONNumber.format(model.playheadTime))"
    let costField = cost.map { ",\"cost\":\(JSONNumber.format($0))" } ?? ""
    let waitedField = waited.map { ",\"waited\":\(JSONNumber.format($0))" } ?? ""
    append("{\"wall\":\(JSONNumber.format(wall)),\(lastSample)\(costField)\(waitedField)}\n")
  }

  /// A frame presented while the engine works on an input for longer than a frame (`ModelWorker`): the last
  /// frame again under the working card, logged with the last frame's values and `"working":true`.
  func presentedWhileWorking(wall: Double, cost: Double, waited: Double) {
    guard !failed else { return }
    append(
      "{\"wall\":\(JSONNumber.format(wall)),\(lastSample),\"working\":true,\"cost\":\(JSONNumber.format(cost)),"
        + "\"waited\":\(JSONNumber.format(waited))}\n")
  }

  private func append(_ line: String) {
    do {
      try output.append(line)
    } catch {
      failed = true
      FileHandle.standardError.write(
        Data("touchscope: --frame-log \(error.path): \(error.reason); no more frames are logged\n".utf8))
    }
  }
}
