import Geometry
import Localization
import TouchSim

/// The frames of `touchscope record`: a script played on a model exactly as the window plays it (the same
/// playback, dwelling on each decision and slowing through drags), one frame every 1/fps second of wall
/// time, until the playback has finished: every line of the trace shown and the fades run out
/// (`Pacing.settleTime` after the last line). The number of frames follows the time played, not the
/// script's length. The scene's questions are not asked: the recording plays through them.
///
/// `from` and `to` are in ms of script time (the playhead's time): the first frame is the first one whose
/// playhead has reached `from`, and frames stop before the playhead reaches `to` (a `to` past the end
/// records to the end).
public struct ScriptRecording: Sendable {
  public let script: [ScriptStep]
  public let fps: Int
  public let from: Double
  public let to: Double?

  public init(script: [ScriptStep], fps: Int, from: Double = 0, to: Double? = nil) {
    self.script = script
    self.fps = max(1, fps)
    self.from = from
    self.to = to
  }

  /// Wall milliseconds between two frames.
  public var frameStep: Double { 1000 / Double(fps) }

  /// `--from` lies after the end of the playback.
  public struct FromAfterEnd: Error, Equatable, CustomStringConvertible {
    /// Script time (ms) at which the playback ends.
    public let end: Double
    public let from: Double
    public var description: String { message(.english) }
    public func message(_ lang: Language) -> String {
      let from = JSONNumber.format(from)
      let end = JSONNumber.format(end)
      return lang(
        "--from \(from) is after the end of the run: its playback ends at \(end) ms of script time",
        "--from \(from) 在运行结束之后：回放在脚本时间 \(end) ms 结束")
    }
  }

  /// The playback did not finish within `ScriptRecording.longest` of wall time (a timer that never
  /// stops): the recording would never end.
  public struct Endless: Error, Equatable, CustomStringConvertible {
    public var description: String { message(.english) }
    public func message(_ lang: Language) -> String {
      let minutes = Int(ScriptRecording.longest / 60_000)
      return lang(
        "the run's playback did not end within \(minutes) minutes: nothing is recorded",
        "运行的回放在 \(minutes) 分钟内没有结束：没有录制任何内容")
    }
  }

  /// The longest playback recorded (wall ms).
  public static let longest = 3_600_000.0

  /// Plays the script on `model` (set up as the window would be: language, presenter mode, speed) and
  /// calls `frame` with each frame's number, the model showing that frame. Returns the number of frames.
  @discardableResult
  public func play(on model: StudioModel, frame: (Int) throws -> Void) throws -> Int {
    let step = frameStep
    var wall = 0.0
    model.tick(wall: wall)
    model.play(script: script)
    model.tick(wall: wall)
    // Up to `from` without a frame, at the same pace as the frames (what the window would have shown).
    while model.playheadTime < from {
      guard model.isReplaying else { throw FromAfterEnd(end: model.playheadTime, from: from) }
      guard wall < Self.longest else { throw Endless() }
      wall += step
      model.tick(wall: wall)
    }
    var frames = 0
    while true {
      if let to, frames > 0, model.playheadTime >= to { break }
      try frame(frames)
      frames += 1
      // The frame that shows the playback finished is the last one.
      if !model.isReplaying { break }
      guard wall < Self.longest else { throw Endless() }
      wall += step
      model.tick(wall: wall)
    }
    return frames
  }
}
