import Raster

/// The window's frame loop as a state machine, without SDL: what happened (input polled, the model's
/// worker busy or done, a frame built) goes in, what to do (start a job, show the working card, present a
/// frame, how long to sleep) comes out. `StudioApp.run` carries the decisions out; the tests drive this
/// with made-up times.
///
/// The rules it keeps:
/// - input is handed to the model's worker with the next job, in the order it came;
/// - while a job runs longer than a frame, the last frame stays up; once input (or a reload) has waited
///   `cardAfter` ms without a new frame, the working card goes over it and stays until the job is done;
///   a long job that no input waits for shows no card;
/// - a frame identical to the last one presented is not presented again (unless the window needs it
///   repainted, or a screenshot is wanted);
/// - at rest (`restAfter` unchanged frames in a row) a frame is built only when input arrived, the scene
///   file changed, something must be shown, or `restRebuild` ms passed; the loop then sleeps longer.
public struct FrameLoop {
  /// How long input may wait without a new frame before the working card shows over the last one (ms).
  public static let cardAfter = 200.0
  /// Unchanged frames in a row after which the loop is at rest.
  public static let restAfter = 30
  /// At rest, a frame is still built this often (ms): what the clock alone changes shows within it.
  public static let restRebuild = 500.0
  /// Frames come at most this often (ms), so a flood of input cannot starve the machine...
  public static let shortestFrame = 1000.0 / 120
  /// ...and at least this often while anything changes (ms); this long is waited for the worker.
  public static let longestFrame = 1000.0 / 60
  /// At rest, the loop waits for input (or the file watcher's wake-up) this long at a time (ms).
  public static let restWait = 100.0

  /// Input that arrived and was not yet handed to the worker, in order.
  public private(set) var queued: [StudioInput] = []
  /// When the input now waiting (queued, or in the job in flight) began to wait.
  private var inputArrived: Double?
  /// When the job in flight started (nil: none).
  public private(set) var busySince: Double?
  /// The job in flight handles input or a reload (not only the clock and a frame).
  private var busyWithInput = false
  /// The working card is up for the job in flight.
  public private(set) var showingCard = false
  /// Wall time of the last frame presented (the working card's included).
  private var lastPresent = 0.0
  /// Wall time of the last job that built a frame.
  private var lastBuilt = -1000.0
  /// The last frame presented.
  private var lastCommands: [DrawCommand] = []
  /// Frames presented that differed from the one before.
  public private(set) var presented = 0
  /// Frames built in a row that were the same as the one before.
  public private(set) var unchangedFrames = 0
  /// How long the loop waited for the worker since it last presented (the frame log's `waited`).
  private var waited = 0.0

  public init() {}

  /// At rest: nothing changed for `restAfter` frames; the loop sleeps longer.
  public var isResting: Bool { unchangedFrames >= Self.restAfter }

  /// The last frame presented (what the working card goes over).
  public var lastFrame: [DrawCommand] { lastCommands }

  /// Input polled at `wall`.
  public mutating func received(_ inputs: [StudioInput], at wall: Double) {
    guard !inputs.isEmpty else { return }
    queued += inputs
    if inputArrived == nil { inputArrived = wall }
  }

  /// The loop waited `ms` for the worker.
  public mutating func waitedForWorker(_ ms: Double) { waited += ms }

  /// A job to start: the input to hand over, and whether to build a frame.
  public struct Job: Equatable {
    public var inputs: [StudioInput]
    public var buildFrame: Bool
  }

  /// No job in flight at `wall`: the next one. `reload`: the scene file changed and the job reads it;
  /// `mustShow`: something must be shown even at rest (a reload to report, a screenshot, a repaint).
  public mutating func startJob(at wall: Double, reload: Bool, mustShow: Bool) -> Job {
    let resting = isResting && queued.isEmpty && !reload && !mustShow
    let build = !resting || wall - lastBuilt >= Self.restRebuild
    if build { lastBuilt = wall }
    busyWithInput = !queued.isEmpty || reload
    busySince = wall
    defer { queued = [] }
    return Job(inputs: queued, buildFrame: build)
  }

  /// What to show while the job in flight is still running at `wall`.
  public enum WhileWorking: Equatable {
    /// The working card over the last frame: the job has run `elapsed` ms; `waited` for the frame log.
    case card(elapsed: Double, waited: Double)
    /// The last frame again, as it was (the window was uncovered or shown meanwhile).
    case repaint
    /// Nothing: the last frame stays.
    case nothing
  }

  public mutating func stillWorking(at wall: Double, needsRepaint: Bool) -> WhileWorking {
    guard let since = busySince else { return needsRepaint ? .repaint : .nothing }
    let inputWaits = busyWithInput || !queued.isEmpty
    let waitingSince = max(lastPresent, inputArrived ?? since)
    if inputWaits && (showingCard || wall - waitingSince >= Self.cardAfter) {
      showingCard = true
      lastPresent = wall
      defer { waited = 0 }
      return .card(elapsed: wall - since, waited: waited)
    }
    return needsRepaint ? .repaint : .nothing
  }

  /// The job in flight is done.
  public mutating func jobDone() {
    busySince = nil
    showingCard = false
    if queued.isEmpty { inputArrived = nil }
  }

  /// What to do with a frame the job built.
  public struct Presenting: Equatable {
    /// Present it (draw what differs, or copy the last pixels when it is the same).
    public var present: Bool
    /// It differs from the last one presented (or is the first, or a screenshot wants it).
    public var changed: Bool
    /// The first frame presented.
    public var first: Bool
    /// How long the loop waited for the worker since the last present (the frame log's `waited`).
    public var waited: Double
  }

  /// The job built `commands` at `wall`; `screenshot`: a screenshot is wanted of this frame.
  public mutating func built(
    _ commands: [DrawCommand], at wall: Double, screenshot: Bool, needsRepaint: Bool
  ) -> Presenting {
    let first = presented == 0
    let changed = first || screenshot || commands != lastCommands
    let present = changed || needsRepaint
    let result = Presenting(present: present, changed: changed, first: first, waited: waited)
    if present {
      lastPresent = wall
      lastCommands = commands
      waited = 0
    }
    if changed {
      presented += 1
      unchangedFrames = 0
    } else {
      unchangedFrames += 1
    }
    return result
  }

  /// How long to sleep once a frame's work took `spent` ms: first `delay` (frames never come faster
  /// than `shortestFrame`), then up to `waitForInput` ms that input cuts short (a frame at least every
  /// `longestFrame` while things change, `restWait` at rest), never past `untilInjection`, the next
  /// injected input.
  public static func pacing(spent: Double, resting: Bool, untilInjection: Double?) -> (
    delay: Double, waitForInput: Double
  ) {
    let delay = max(shortestFrame - spent, 0)
    var wait = resting ? restWait : longestFrame - (spent + delay)
    if let next = untilInjection { wait = min(wait, next - (spent + delay)) }
    return (delay, max(wait, 0))
  }
}
