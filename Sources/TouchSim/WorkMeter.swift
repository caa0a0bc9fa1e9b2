/// Counts units of work (views visited by a walk of the tree, entries scanned in a list) so that a test can
/// check that an operation grows linearly with its input without looking at a clock.
///
/// Counting happens only inside `WorkMeter.measure`, for the task that called it; elsewhere `add` reads one
/// task-local value and returns. Each counted place adds the length of the loop it is about to run, once.
public final class WorkMeter: @unchecked Sendable {
  // Unchecked: a meter is made by `measure` and touched only by the task running its body.
  @TaskLocal static var current: WorkMeter?

  /// The units counted so far.
  public private(set) var count = 0

  private init() {}

  /// Adds `units` to the meter of the running `measure`, if any.
  @inline(__always) public static func add(_ units: Int) {
    guard let meter = current else { return }
    meter.count += units
  }

  /// Runs `body` and returns its result with the units of work it counted.
  public static func measure<T>(_ body: () throws -> T) rethrows -> (result: T, work: Int) {
    let meter = WorkMeter()
    let result = try $current.withValue(meter) { try body() }
    return (result, meter.count)
  }
}
