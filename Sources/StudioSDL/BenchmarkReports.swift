import Foundation

/// What the window reports on standard output for `touchscope bench` (each line `WORD NANOSECONDS`, the
/// system's monotonic clock, or `idle CPU-MS-PER-SECOND`).
public enum BenchmarkReports: Sendable, Equatable {
  case none
  /// Report `first-frame` once the first frame is presented, then quit.
  case firstFrame
  /// Report `ready` after the first frame, and `reloaded` when the first frame after a scene file's change
  /// is presented.
  case reloads
  /// Report the CPU milliseconds used per second over four idle seconds (from five seconds after the first
  /// frame), then quit.
  case idle

  static func print(_ word: String, _ value: String? = nil) {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    let ns = UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    FileHandle.standardOutput.write(Data("\(word) \(value ?? String(ns))\n".utf8))
  }

  /// CPU time used by this process so far, in milliseconds.
  static func processCPU() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1e6
  }
}
