import Foundation
import Synchronization

/// Runs work on a thread of its own with a large stack.
///
/// Composing is iterative, but reading follows the view tree recursively (up to `SceneReader.maxDepth`
/// levels, large frames in a debug build); the calling thread may be a small-stack worker (Swift
/// concurrency, the test runner), so decoding never runs there. The thread is joined, not just waited
/// for: when `run` returns it has ended and released everything it held (a leak checker run right after
/// sees no half-finished thread). Nil when no thread could be started.
enum LargeStack {
  static let size = 64 << 20

  static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T? {
    let job = Job(body)
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, size)
    var thread = pthread_t()
    let work = Work { job.run() }
    let context = Unmanaged.passRetained(work).toOpaque()
    let started = pthread_create(
      &thread, &attributes,
      { context in
        guard let context else { return nil }
        Unmanaged<Work>.fromOpaque(context).takeRetainedValue().run()
        return nil
      }, context)
    guard started == 0 else {
      Unmanaged<Work>.fromOpaque(context).release()
      return nil
    }
    pthread_join(thread, nil)
    return job.value
  }
}

/// The thread's work, without the generic type a C entry point cannot carry.
private final class Work: Sendable {
  let run: @Sendable () -> Void
  init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

/// Runs `body` on the worker thread and keeps its value for the caller (the lock is never contended:
/// `pthread_join` already orders the write before the read).
private final class Job<T: Sendable>: Sendable {
  private let body: @Sendable () -> T
  private let result = Mutex<T?>(nil)
  init(_ body: @escaping @Sendable () -> T) { self.body = body }
  func run() {
    let value = body()
    result.withLock { $0 = value }
  }
  var value: T? { result.withLock { $0 } }
}
