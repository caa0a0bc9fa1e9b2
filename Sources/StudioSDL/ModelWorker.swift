import Foundation
import Geometry
import Raster
import SceneFile
import StudioCore

/// The model's work for one frame (the input that arrived, the clock, a scene file to reload, the frame's
/// drawing) on a thread of its own, so that the frame loop never waits on the engine for longer than a
/// frame (hostile input). One click can be seconds of engine work (a chain of 20,000 recognizers that each wait
/// for the one before); meanwhile the loop keeps presenting the last frame with a "working" card over it
/// (`BusyOverlay`), keeps the window responsive to the window manager, and queues the input that arrives.
///
/// The model is never used by two threads at once: the loop hands it to the worker with a job and does not
/// touch it again until the job is finished (`finish`); the job's result is written before the semaphore is
/// signalled and read after it was waited for. That handoff is the whole of the synchronisation, and why
/// the class stays `@unchecked Sendable`: the model is a class that is not `Sendable` and that the loop
/// keeps using between jobs (its effects, its trace, its language), and the loop waits for a job with a
/// deadline, on its own thread. An actor cannot be waited for with a deadline from the synchronous SDL loop,
/// and a `Mutex` around the model would route each of the loop's uses through the worker for no gain: the
/// lock would never be contended, since the loop never reaches the model while a job is in flight.
final class ModelWorker: @unchecked Sendable {
  struct Job {
    var inputs: [StudioInput]
    var wall: Double
    /// The scene file changed on disk: read it again, and load it (or show why it does not load).
    var reload: String?
    /// Build the frame (nil: the loop is resting and the picture has not changed).
    var frame: (size: Size, pixelScale: Double)?
  }

  struct Result {
    var list: DrawList?
    var reloaded: Bool
    /// Wall milliseconds the job took: its inputs, the clock's tick, a reload and building `list` (the
    /// frame log reports it with the drawing as the frame's cost).
    var buildMs: Double = 0
  }

  private let model: StudioModel
  private let queue = DispatchQueue(label: "touchscope.model", qos: .userInteractive)
  private let done = DispatchSemaphore(value: 0)
  private var result: Result?
  /// When the job in flight started (wall ms); nil when the worker is idle.
  private(set) var busySince: Double?

  init(model: StudioModel) { self.model = model }

  /// Starts `job`. The worker must be idle.
  func start(_ job: Job) {
    precondition(busySince == nil, "a model job is already in flight")
    busySince = job.wall
    queue.async { [self] in
      result = Self.run(job, on: model)
      done.signal()
    }
  }

  /// The job's result once it has finished, waiting for it at most `milliseconds`; nil while it still runs.
  /// After a result the model is the caller's again.
  func finish(waitingUpTo milliseconds: Double) -> Result? {
    guard busySince != nil else { return nil }
    let deadline = DispatchTime.now() + .microseconds(Int(max(milliseconds, 0) * 1000))
    guard done.wait(timeout: deadline) == .success else { return nil }
    busySince = nil
    defer { result = nil }
    return result
  }

  static func run(_ job: Job, on model: StudioModel) -> Result {
    let begin = DispatchTime.now().uptimeNanoseconds
    for input in job.inputs { model.handle(input, wall: job.wall) }
    if let path = job.reload { reload(path, into: model, wall: job.wall) }
    model.tick(wall: job.wall)
    let list = job.frame.map { model.frame(size: $0.size, pixelScale: $0.pixelScale) }
    let buildMs = Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e6
    return Result(list: list, reloaded: job.reload != nil, buildMs: buildMs)
  }

  /// Reads the scene file at `path` and loads it, or shows why it does not load (the last good scene stays).
  /// `opening`: another scene opened (its own values); otherwise the file changed, and the toggles not yet
  /// saved are kept where they still apply.
  static func reload(_ path: String, into model: StudioModel, wall: Double, opening: Bool = false) {
    do {
      let text = try SceneLoader.readText(path: path)
      let scene = try SceneLoader.parse(text, file: path)
      if opening {
        model.open(scene, path: path, text: text, wall: wall)
      } else {
        model.reload(scene, path: path, text: text, wall: wall)
      }
    } catch {
      model.loadFailed(error.diagnostics.map(\.description))
    }
  }
}
