import Foundation

/// Runs work on a thread of its own with a large stack.
///
/// Composing is iterative, but reading follows the view tree recursively (up to `SceneReader.maxDepth`
/// levels, large frames in a debug build); the calling thread may be a small-stack worker (Swift
/// concurrency, the test runner), so decoding never runs there. The thread is joined, not just waited
/// for: when `run` returns it has ended and released everything it held (a leak checker run right after
/// sees no half-finished thread). Nil when no thread could be started.
enum LargeStack {
  static let size = 64 << 20

  static func run<T>(_ body: @escaping @Sendable () -> T) -> T? {
    let job = Job(body)
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, size)
    var thread = pthread_t()
    let context = Unmanaged.passRetained(job as Work).toOpaque()
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
private class Work: @unchecked Sendable {
  func run() {}
}

/// Runs `body` on the worker thread and keeps its value for the caller; `pthread_join` orders the write
/// before the read.
private final class Job<T>: Work, @unchecked Sendable {
  private let body: @Sendable () -> T
  var value: T?
  init(_ body: @escaping @Sendable () -> T) { self.body = body }
  override func run() { value = body() }
}
