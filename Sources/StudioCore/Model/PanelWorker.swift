import Dispatch
import Foundation
import Synchronization

/// Builds part of a frame on a second thread while the model's thread builds the rest (the frame's
/// latency is the longer of the two, not their sum).
///
/// `StudioModel.buildFrame` has the canvas, the bottom panel and the header drawn here while the model's
/// thread narrates the gesture and draws the inspector, the narration strip and the overlays, then
/// joins the parts in the order a single thread drew them: the frame is the same command for command.
/// Each panel is a pure function of the frame's `PanelContext` and of its thread's `FrameMemo`: the two
/// threads share no memo, and what else they read (the trace, the snapshot, the scene) is a value neither
/// changes.
///
/// A thread that sleeps between frames takes a tenth of a millisecond or more to wake (on a virtual
/// machine, measured 0.13 ms from handing it the part to its starting: a tenth of the frame). So when an
/// input arrives the worker is woken (`prepare`) and waits for the frame's part awake, for at most
/// `awakeFor`; and the model's thread waits for the part awake too, for at most `joinAwakeFor`, then
/// sleeps (the parts are about even: a longer wait means the worker did not get a processor).
final class PanelWorker: Sendable {
  private let queue = DispatchQueue(label: "touchscope.panels", qos: .userInteractive)
  /// The part handed over and not yet started: taken by the thread that is awake for it, or by the
  /// block queued with it.
  private let slot = Mutex<(@Sendable () -> Void)?>(nil)
  private let handed = Atomic<Bool>(false)
  /// Whether the worker is awake waiting for a part (woken by `prepare`), and whether it may stop waiting
  /// (the part it waited for was taken back).
  private let awake = Atomic<Bool>(false)
  private let released = Atomic<Bool>(false)
  /// How long a thread stays awake waiting for the other (seconds): longer than the model's work from an
  /// input to the frame's fork, shorter than a frame.
  static let awakeFor = 0.002
  static let joinAwakeFor = 0.0002

  /// A value one thread hands to another once it is made: `wait()` returns it (staying awake for it a
  /// while first, see `stayAwake`).
  final class Handoff<Value: Sendable>: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let made = Atomic<Bool>(false)
    private let value = Mutex<Value?>(nil)

    init() {}

    /// Hands `v` over. Call once.
    func fulfil(_ v: Value) {
      value.withLock { $0 = v }
      made.store(true, ordering: .releasing)
      done.signal()
    }

    /// The value once handed over (waits for it). Call once.
    func wait() -> Value {
      PanelWorker.stayAwake(for: PanelWorker.joinAwakeFor) { made.load(ordering: .acquiring) }
      done.wait()
      guard let v = value.withLock({ $0.take() }) else { preconditionFailure("a handoff taken twice") }
      return v
    }
  }

  /// A frame is coming (an input arrived): the worker wakes now, and waits for its part awake.
  func prepare() {
    released.store(false, ordering: .releasing)
    guard !awake.exchange(true, ordering: .acquiringAndReleasing) else { return }
    queue.async { [self] in
      Self.stayAwake(for: Self.awakeFor) {
        handed.load(ordering: .acquiring) || released.load(ordering: .acquiring)
      }
      awake.store(false, ordering: .releasing)
      runHanded()
    }
  }

  /// Starts `work` on the worker's thread; what it returns is handed over. The part started before must
  /// have been started by the worker or taken back (a frame waits for its parts before the next starts).
  func start<Value: Sendable>(_ work: @escaping @Sendable () -> Value) -> Handoff<Value> {
    let handoff = Handoff<Value>()
    slot.withLock {
      precondition($0 == nil, "one part at a time: the last one was neither started nor taken back")
      $0 = { handoff.fulfil(work()) }
    }
    handed.store(true, ordering: .releasing)
    // Whoever comes first runs it: the worker awake for it, or this block once the queue reaches it.
    queue.async { [self] in runHanded() }
    return handoff
  }

  /// Runs the work handed over on the calling thread, if the worker has not started it: a thread about to
  /// wait for it does it itself rather than wait for the worker to be given a processor (on a busy
  /// machine, a wait of several milliseconds).
  func takeBack() {
    if runHanded() { released.store(true, ordering: .releasing) }
  }

  /// Runs the work handed over, unless another thread took it; whether it did.
  @discardableResult
  private func runHanded() -> Bool {
    let job = slot.withLock { s -> (@Sendable () -> Void)? in
      defer { s = nil }
      return s
    }
    guard let job else { return false }
    handed.store(false, ordering: .releasing)
    job()
    return true
  }

  /// Returns once `ready` holds, or after `seconds`. Every few dozen tries the thread offers its processor
  /// to any other thread waiting for one (on a busy machine the thread awaited may be that one), and
  /// checks the clock.
  static func stayAwake(for seconds: Double, until ready: () -> Bool) {
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
    var tries = 0
    while !ready() {
      tries += 1
      if tries & 63 == 0 {
        sched_yield()
        if DispatchTime.now().uptimeNanoseconds > deadline { return }
      }
    }
  }
}

/// Some of a frame's panels, in the order the frame draws them, with the legibility and whole-lines passes
/// done on them when they could be (`settled`, see `Legibility.enforcePart`).
struct FramePart: Sendable {
  var list: DrawList
  var settled: Bool
}

/// A value handed to the panel worker that the type system cannot prove safe to send: a `PanelContext`
/// holds the frame's memo (a class). It is safe because the thread that sends it does not touch that
/// memo again until the worker's part is done (`PanelWorker.Handoff.wait`).
struct HandedOver<Value>: @unchecked Sendable {
  let value: Value
}
