import Foundation

/// Runs work on a thread of its own with a large stack.
///
/// Composing is iterative, but reading follows the view tree recursively (up to `SceneReader.maxDepth`
/// levels, large frames in a debug build); the calling thread may be a small-stack worker (Swift
/// concurrency, the test runner), so decoding never runs there.
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
