import Foundation

/// Runs work on a thread of its own with a large stack.
///
/// Yams composes documents recursively (libyaml stops nesting at 1000 levels, which takes a few MiB of
/// stack in a debug build); the calling thread may be a small-stack worker (Swift concurrency, the test
/// runner), so decoding never runs there.
enum LargeStack {
  static let size = 64 << 20

  static func run<T>(_ body: @escaping @Sendable () -> T) -> T? {
    let box = ResultBox<T>()
    let thread = Thread {
      box.value = body()
      box.done.signal()
    }
    thread.stackSize = size
    thread.start()
    box.done.wait()
    return box.value
  }
}

/// Hands a value from the worker thread back; the semaphore orders the write before the read.
private final class ResultBox<T>: @unchecked Sendable {
  var value: T?
  let done = DispatchSemaphore(value: 0)
}
