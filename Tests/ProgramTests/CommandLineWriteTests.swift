import Foundation
import Testing

@testable import SafeWriting

/// The real program: every file the command line writes goes through
/// `SafeWriter` (where the user means, as the user had it, atomically, never replacing a device or FIFO),
/// every write error exits 1 with its reason, and a reader that goes away ends a listing quietly.
@Suite(.timeLimit(.minutes(5)))
struct CommandLineWriteTests {
  typealias Result = CommandLineRobustnessTests.Result
  static func run(_ args: [String]) throws -> Result { try CommandLineRobustnessTests.run(args) }
  static var executable: String { CommandLineRobustnessTests.executable }
  static let scene = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Scenes/tour.yaml").path
  static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  static func mode(_ path: String) -> mode_t {
    var st = stat()
    return lstat(path, &st) == 0 ? st.st_mode : 0
  }

  static func bytes(_ path: String) -> [UInt8] { (FileManager.default.contents(atPath: path)).map(Array.init) ?? [] }

  static func noLeftovers(_ dir: String) -> Bool {
    !((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).contains { $0.hasPrefix(".touchscope-") }
  }

  /// `render --out /dev/full` exits 1 with the reason (it exited 0).
  @Test func renderToAFullDeviceExitsOneWithTheReason() throws {
    let r = try Self.run(["render", Self.scene, "--out", "/dev/full"])
    #expect(r.reason == .exit && r.status == 1, "\(r.status) \(r.stderr)")
    #expect(r.stderr.contains("cannot write /dev/full: No space left on device (ENOSPC)"), "\(r.stderr)")
    #expect(Self.mode("/dev/full") & S_IFMT == S_IFCHR)
  }

  /// The disk fills up half-way through the picture (a file size limit, `ulimit -f`, fails the write as a
  /// full disk would): exit 1 with the reason, the existing picture as it was, no temporary file left.
  @Test func aWriteFailingHalfWayKeepsTheOldFile() throws {
    let dir = try HostileFiles.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("shot.png").path
    try "the old picture\n".write(toFile: out, atomically: false, encoding: .utf8)
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/bin/sh")
    // 8 blocks of 512 bytes: the tour's picture is far larger. SIGXFSZ is ignored, as the program does.
    p.arguments = [
      "-c", "trap '' XFSZ; ulimit -f 8; exec \"$0\" render \"$1\" --out \"$2\"", Self.executable, Self.scene, out,
    ]
    let err = Pipe()
    p.standardError = err
    p.standardOutput = FileHandle.nullDevice
    try p.run()
    let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    #expect(p.terminationReason == .exit && p.terminationStatus == 1, "\(p.terminationStatus) \(message)")
    #expect(message.contains("cannot write \(out): File too large (EFBIG)"), "\(message)")
    #expect(String(decoding: Self.bytes(out), as: UTF8.self) == "the old picture\n")
    #expect(Self.noLeftovers(dir.path))
  }

  /// A symlinked output updates its target (its mode 0600 kept) and stays a link; a read-only output is
  /// refused and left as it was.
  @Test func renderFollowsSymlinksAndRefusesReadOnlyFiles() throws {
    let dir = try HostileFiles.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let real = dir.appendingPathComponent("real.png").path
    let link = dir.appendingPathComponent("link.png").path
    try "old".write(toFile: real, atomically: false, encoding: .utf8)
    chmod(real, 0o600)
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.png")
    let r = try Self.run(["render", Self.scene, "--out", link, "--size", "200x150"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(Array(Self.bytes(real).prefix(8)) == Self.pngSignature)
    #expect(Self.mode(link) & S_IFMT == S_IFLNK)
    #expect(Self.mode(real) & 0o7777 == 0o600)

    chmod(real, 0o444)
    let before = Self.bytes(real)
    let refused = try Self.run(["render", Self.scene, "--out", link, "--size", "300x150"])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("read-only"), "\(refused.stderr)")
    #expect(Self.bytes(real) == before)
    #expect(Self.noLeftovers(dir.path))
  }

  /// `record` refuses a read-only output as `render` does (even for root, who could write it), and a
  /// missing folder, before anything is recorded; the file is left as it was.
  @Test func recordRefusesReadOnlyFiles() throws {
    let dir = try HostileFiles.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let locked = dir.appendingPathComponent("locked.gif").path
    try "the old recording".write(toFile: locked, atomically: false, encoding: .utf8)
    chmod(locked, 0o444)
    let link = dir.appendingPathComponent("link.gif").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "locked.gif")
    for out in [locked, link] {
      let r = try Self.run(["record", Self.scene, "--out", out, "--size", "200x150", "--fps", "1", "--quiet"])
      #expect(r.status == 1, "\(r.stderr)")
      #expect(r.stderr.contains("cannot write \(out): the file is read-only (mode 0444)"), "\(r.stderr)")
      #expect(String(decoding: Self.bytes(locked), as: UTF8.self) == "the old recording")
      #expect(Self.mode(locked) & 0o7777 == 0o444)
    }
    let nowhere = dir.appendingPathComponent("no-folder/take.gif").path
    let r = try Self.run(["record", Self.scene, "--out", nowhere, "--quiet"])
    #expect(r.status == 1 && r.stderr.contains("no such directory"), "\(r.stderr)")
    #expect(Self.noLeftovers(dir.path))
  }

  /// `--out /dev/stdout` writes the picture to standard output (here a file the test reads), and a FIFO
  /// gets the picture in place and stays a FIFO.
  @Test func renderToStandardOutputAndAFIFO() throws {
    let r = try Self.run(["render", Self.scene, "--out", "/dev/stdout", "--size", "200x150"])
    #expect(r.status == 0, "\(r.stderr)")
    // (Read back as text: the signature's first byte, 0x89, is not UTF-8.)
    #expect(r.stdout.dropFirst().hasPrefix("PNG\r\n"), "\(r.stdout.prefix(8))")

    let dir = try HostileFiles.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let fifo = dir.appendingPathComponent("pipe.png").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let received = dir.appendingPathComponent("received.png").path
    let reader = Thread {
      if let h = FileHandle(forReadingAtPath: fifo) {
        try? h.readDataToEndOfFile().write(to: URL(fileURLWithPath: received))
      }
    }
    reader.start()
    let viaFIFO = try Self.run(["render", Self.scene, "--out", fifo, "--size", "200x150"])
    #expect(viaFIFO.status == 0, "\(viaFIFO.stderr)")
    for _ in 0..<200 where !FileManager.default.fileExists(atPath: received) { Thread.sleep(forTimeInterval: 0.02) }
    #expect(Array(Self.bytes(received).prefix(8)) == Self.pngSignature)
    #expect(Self.mode(fifo) & S_IFMT == S_IFIFO)
  }

  /// A long scene whose trace fills many pipe buffers.
  static func longScene(in dir: URL) throws -> String {
    var text = "format: touchscope/1\nroot:\n  id: root\n  frame: [0, 0, 390, 844]\n"
    text += "  recognizers: [{ id: pan, kind: pan }]\nscript:\n"
    var t = 0
    for _ in 0..<200 {
      text += "  - { t: \(t), touch: 1, down: [100, 100] }\n"
      for i in 1...10 {
        t += 10
        text += "  - { t: \(t), touch: 1, move: [\(100 + i * 5), \(100 + i * 3)] }\n"
      }
      t += 10
      text += "  - { t: \(t), touch: 1, up: true }\n"
      t += 100
    }
    let path = dir.appendingPathComponent("big.yaml").path
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  /// `replay big.yaml | head -1` and `explain big.yaml | head -1`: once the reader has gone the program
  /// ends quietly with exit 0 (it died of SIGPIPE, 141); to a full disk it exits 1 with the reason.
  @Test func aClosedPipeEndsQuietlyAndAFullDiskIsReported() throws {
    let dir = try HostileFiles.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let big = try Self.longScene(in: dir)
    for command in ["replay", "explain"] {
      let p = Process()
      p.executableURL = URL(fileURLWithPath: Self.executable)
      p.arguments = [command, big]
      let out = Pipe()
      let err = Pipe()
      p.standardOutput = out
      p.standardError = err
      try p.run()
      _ = out.fileHandleForReading.readData(ofLength: 64)  // `head -1`, then the reader goes
      try out.fileHandleForReading.close()
      let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      p.waitUntilExit()
      #expect(p.terminationReason == .exit, "\(command): killed by signal \(p.terminationStatus)")
      #expect(p.terminationStatus == 0, "\(command): \(p.terminationStatus) \(message)")
      #expect(message.isEmpty, "\(command): \(message)")

      let full = Process()
      full.executableURL = URL(fileURLWithPath: Self.executable)
      full.arguments = [command, big]
      full.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
      let fullErr = Pipe()
      full.standardError = fullErr
      try full.run()
      let fullMessage = String(decoding: fullErr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      full.waitUntilExit()
      #expect(full.terminationReason == .exit && full.terminationStatus == 1, "\(command) > /dev/full")
      #expect(fullMessage.contains("No space left on device (ENOSPC)"), "\(fullMessage)")
    }
  }

  /// `open --trace-out` and `--frame-log` on a read-only file: exit 1 before any window, the file
  /// untouched. A symlink loop given as a scene or an output is named as one (it was "no such file").
  @Test func readOnlyOutputsAndSymlinkLoopsAreNamed() throws {
    let dir = try HostileFiles.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let locked = dir.appendingPathComponent("locked.jsonl").path
    try "keep me\n".write(toFile: locked, atomically: false, encoding: .utf8)
    chmod(locked, 0o444)
    for option in ["--trace-out", "--frame-log"] {
      let r = try Self.run(["open", Self.scene, option, locked])
      #expect(r.status == 1, "\(option): \(r.status) \(r.stderr)")
      #expect(r.stderr.contains("\(option): cannot write \(locked): the file is read-only"), "\(r.stderr)")
      #expect(String(decoding: Self.bytes(locked), as: UTF8.self) == "keep me\n")
    }
    let loop = dir.appendingPathComponent("loop.yaml").path
    try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: "loop2.yaml")
    try FileManager.default.createSymbolicLink(
      atPath: dir.appendingPathComponent("loop2.yaml").path, withDestinationPath: "loop.yaml")
    for command in [["check", loop], ["replay", loop], ["render", Self.scene, "--out", loop]] {
      let r = try Self.run(command)
      #expect(r.status == 1, "\(command)")
      #expect(r.stderr.contains("symlink loop"), "\(command): \(r.stderr)")
    }
  }
}
