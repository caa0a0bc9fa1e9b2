import Foundation

/// Other programs the tests run (swiftc, ffmpeg, ffprobe, fc-match): found on the PATH, run to the end.
public enum Programs {
  /// The first executable `name` on the PATH, or nil.
  public static func find(_ name: String) -> String? {
    let dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return dirs.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Runs `path` with `arguments` to its end: its exit status and standard output (standard error too when
  /// `mergingErrors`, else discarded).
  public static func run(_ path: String, _ arguments: [String], mergingErrors: Bool = false) throws
    -> (status: Int32, output: String)
  {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: path)
    p.arguments = arguments
    let pipe = Pipe()
    p.standardOutput = pipe
    p.standardError = mergingErrors ? pipe : FileHandle.nullDevice
    try p.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return (p.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
