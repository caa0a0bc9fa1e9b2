import Foundation

/// `swiftc -parse` for the tests of `touchscope export swift`: parsing needs no UIKit, so it runs on Linux.
public enum SwiftCompiler {
  /// The swiftc to use: `SWIFT_EXEC` if set, else the first `swiftc` on the PATH; nil when there is none.
  public static var path: String? {
    let env = ProcessInfo.processInfo.environment
    if let exec = env["SWIFT_EXEC"], FileManager.default.isExecutableFile(atPath: exec) { return exec }
    return Programs.find("swiftc")
  }

  /// The message a test fails with when no swiftc can be found.
  public static let missing =
    "swiftc not found: set SWIFT_EXEC to the swiftc of the toolchain or put it on the PATH (the export tests never skip)"

  /// Runs `swiftc -parse` on `sources` (written to a temporary folder under their names): the exit status
  /// and everything the compiler printed.
  public static func parse(_ sources: [(name: String, text: String)]) throws -> (status: Int32, output: String)? {
    guard let swiftc = path else { return nil }
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("touchscope-export-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    var files: [String] = []
    for s in sources {
      let url = dir.appendingPathComponent(s.name)
      try Data(s.text.utf8).write(to: url)
      files.append(url.path)
    }
    return try Programs.run(swiftc, ["-parse"] + files, mergingErrors: true)
  }
}
