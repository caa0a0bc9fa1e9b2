import Foundation

/// What start-up spends its time on: with `TOUCHSCOPE_STARTUP_TRACE=1` in the environment, each step of
/// opening the window prints one line to standard error, `startup STEP MS`: the monotonic clock in
/// milliseconds (CLOCK_MONOTONIC, so a parent that noted the clock when it started the process can
/// subtract), the first step being `main`.
public enum StartupTrace {
  public static let isOn = ProcessInfo.processInfo.environment["TOUCHSCOPE_STARTUP_TRACE"] == "1"

  /// Prints `step` with the monotonic clock, when the trace is on.
  public static func mark(_ step: @autoclosure () -> String) {
    guard isOn else { return }
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    let ms = Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
    FileHandle.standardError.write(Data(String(format: "startup %@ %.2f\n", step(), ms).utf8))
  }
}
