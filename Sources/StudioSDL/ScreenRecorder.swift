import Dispatch
import Foundation
import Raster
import Synchronization

/// F9: the frames the window presents, written to an MP4 at a steady 30 frames a second while it records.
///
/// The window draws only when something changes, so each new frame first fills the time since the last
/// one with that last frame (what the screen showed meanwhile). Encoding happens in FFmpeg, fed from a
/// queue of its own so that the window never waits for it.
final class ScreenRecorder {
  static let fps = 30
  let path: String
  let width: Int
  let height: Int
  /// Wall time (ms) the recording started.
  let start: Double
  private var slots = 0
  private var last: [UInt32]
  private let sink: Sink

  /// The encoder and the first failure it met, used from the recording's own queue (and by `finish`).
  private final class Sink: Sendable {
    struct State: ~Copyable {
      var encoder: VideoEncoder
      var failure: String?
    }
    let queue = DispatchQueue(label: "touchscope.recording")
    let state: Mutex<State>
    init(_ encoder: sending VideoEncoder) { state = Mutex(State(encoder: encoder)) }
  }

  /// The name to use instead of `path` when something appeared there meanwhile (the 2nd, 3rd … choice).
  private let alternatives: @Sendable (Int) -> String
  /// Where the video was saved (`path` or an alternative), once `finish` succeeded.
  private(set) var savedPath: String?

  /// Records to `path`, a new file (never over anything there, never through a link).
  init(
    path: String, buffer: PixelBuffer, wall: Double, alternatives: @escaping @Sendable (Int) -> String = { _ in "" }
  ) throws(VideoEncoder.Failure) {
    self.path = path
    self.alternatives = alternatives
    width = buffer.width
    height = buffer.height
    start = wall
    last = Array(UnsafeBufferPointer(start: buffer.pixels, count: buffer.width * buffer.height))
    sink = Sink(
      try VideoEncoder(
        format: .mp4, pixels: .bgra, width: width, height: height, fps: Self.fps, out: path, mode: .createNew))
  }

  /// The frame just presented (`buffer`), at `wall`; false when it no longer fits the recording (the
  /// window changed size).
  func take(_ buffer: PixelBuffer, wall: Double) -> Bool {
    guard buffer.width == width && buffer.height == height else { return false }
    fill(upTo: wall)
    last = Array(UnsafeBufferPointer(start: buffer.pixels, count: width * height))
    return true
  }

  /// Repeats the last frame for every frame slot up to `wall`.
  private func fill(upTo wall: Double) {
    let due = Int(((wall - start) * Double(Self.fps) / 1000).rounded(.down)) + 1
    guard due > slots else { return }
    let frame = last
    let count = due - slots
    slots = due
    let sink = self.sink
    sink.queue.async {
      sink.state.withLock { state in
        guard state.failure == nil else { return }
        frame.withUnsafeBytes { bytes in
          do {
            try state.encoder.write(bytes, times: count)
          } catch let error as VideoEncoder.Failure {
            state.failure = error.description
          } catch {
            state.failure = "\(error)"
          }
        }
      }
    }
  }

  /// Ends the file at `wall`: the seconds it lasted, or why it could not be written.
  func finish(wall: Double) -> Result<Double, VideoEncoder.Failure> {
    fill(upTo: wall)
    let sink = self.sink
    let alternatives = self.alternatives
    // Every frame queued is written first.
    let result = sink.queue.sync {
      sink.state.withLock { state -> Result<Double, VideoEncoder.Failure> in
        if let failure = state.failure { return .failure(VideoEncoder.Failure(description: failure)) }
        do {
          try state.encoder.finish(alternatives: alternatives)
          saved.withLock { $0 = state.encoder.savedPath }
        } catch let error as VideoEncoder.Failure {
          return .failure(error)
        } catch {
          return .failure(VideoEncoder.Failure(description: "\(error)"))
        }
        return .success(Double(state.encoder.frames) / Double(Self.fps))
      }
    }
    savedPath = saved.withLock { $0 }
    return result
  }

  private let saved = Mutex<String?>(nil)
}
