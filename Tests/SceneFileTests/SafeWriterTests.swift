import Foundation
import Testing

@testable import SafeWriting
@testable import SceneFile

/// Every file Touchscope writes goes through `SafeWriter`, which writes where the user
/// means (through symlinks, in place on devices and FIFOs), as the user had it (mode, owner), refuses
/// read-only files, writes regular files atomically and reports every error with its reason.
@Suite struct SafeWriterTests {
  /// A scratch folder, removed by `defer`.
  static func scratch() throws -> String {
    let dir = NSTemporaryDirectory() + "safe-writer-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
  }

  static func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

  static func lstatMode(_ path: String) -> mode_t {
    var st = stat()
    return lstat(path, &st) == 0 ? st.st_mode : 0
  }

  /// No temporary file may be left behind in `dir`.
  static func expectNoLeftovers(_ dir: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
    #expect(!names.contains { $0.hasPrefix(".touchscope-") }, "left behind: \(names)", sourceLocation: sourceLocation)
  }

  @Test func writesANewFileWithTheUmasksMode() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/new.yaml"
    try SafeWriter.write("hello\n", to: path)
    #expect(Self.read(path) == "hello\n")
    // The process's umask, read without changing it (other tests run at the same time).
    let status = Self.read("/proc/self/status") ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("Umask:") }
    let mask = line.flatMap { mode_t($0.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8) } ?? 0o022
    #expect(Self.lstatMode(path) & 0o777 == 0o666 & ~mask)
    Self.expectNoLeftovers(dir)
  }

  /// A symlinked scene updates its target; the link stays a link (also a chain of two, and a relative one).
  @Test func aSymlinkUpdatesItsTargetAndStays() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createDirectory(atPath: dir + "/real", withIntermediateDirectories: true)
    try "old\n".write(toFile: dir + "/real/scene.yaml", atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(atPath: dir + "/link.yaml", withDestinationPath: "real/scene.yaml")
    try FileManager.default.createSymbolicLink(atPath: dir + "/link2.yaml", withDestinationPath: dir + "/link.yaml")
    try SafeWriter.write("new\n", to: dir + "/link2.yaml")
    #expect(Self.read(dir + "/real/scene.yaml") == "new\n")
    #expect(Self.lstatMode(dir + "/link.yaml") & S_IFMT == S_IFLNK)
    #expect(Self.lstatMode(dir + "/link2.yaml") & S_IFMT == S_IFLNK)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/link.yaml") == "real/scene.yaml")
    Self.expectNoLeftovers(dir)
    Self.expectNoLeftovers(dir + "/real")
    // A dangling link: its target is created.
    try FileManager.default.createSymbolicLink(atPath: dir + "/dangling.yaml", withDestinationPath: "real/made.yaml")
    try SafeWriter.write("made\n", to: dir + "/dangling.yaml")
    #expect(Self.read(dir + "/real/made.yaml") == "made\n")
    #expect(Self.lstatMode(dir + "/dangling.yaml") & S_IFMT == S_IFLNK)
  }

  @Test func theModeAndOwnerAreKept() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/private.yaml"
    try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
    chmod(path, 0o600)
    try SafeWriter.write("new\n", to: path)
    #expect(Self.lstatMode(path) & 0o7777 == 0o600)
    #expect(Self.read(path) == "new\n")
    chmod(path, 0o640)
    try SafeWriter.write("newer\n", to: path)
    #expect(Self.lstatMode(path) & 0o7777 == 0o640)
    // The owner: as root, a file given to another user and group stays theirs.
    if geteuid() == 0 {
      #expect(chown(path, 65534, 65534) == 0)
      try SafeWriter.write("root wrote\n", to: path)
      var st = stat()
      #expect(stat(path, &st) == 0 && st.st_uid == 65534 && st.st_gid == 65534)
      #expect(Self.read(path) == "root wrote\n")
    }
    Self.expectNoLeftovers(dir)
  }

  /// A read-only file is refused with a message saying so, and left untouched (also through a symlink,
  /// also for root, who could write it).
  @Test func aReadOnlyFileIsRefused() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/lesson.yaml"
    try "authored\n".write(toFile: path, atomically: false, encoding: .utf8)
    chmod(path, 0o444)
    try FileManager.default.createSymbolicLink(atPath: dir + "/link.yaml", withDestinationPath: path)
    for target in [path, dir + "/link.yaml"] {
      let error = #expect(throws: WriteError.self) { try SafeWriter.write("overwritten\n", to: target) }
      #expect(error?.reason.contains("read-only") == true, "\(String(describing: error))")
      #expect(error?.description.hasPrefix(target + ": ") == true)
      #expect(throws: WriteError.self) { try SafeWriter.check(target) }
    }
    #expect(Self.read(path) == "authored\n")
    #expect(Self.lstatMode(path) & 0o7777 == 0o444)
    Self.expectNoLeftovers(dir)
  }

  /// A FIFO and /dev/null are written in place, never replaced by a regular file.
  @Test func aFIFOAndDevNullAreWrittenInPlace() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let fifo = dir + "/pipe"
    #expect(mkfifo(fifo, 0o600) == 0)
    // A reader is there first: a FIFO nobody reads is refused, never waited for (OutputSafetyTests).
    let reader = open(fifo, O_RDONLY | O_NONBLOCK)
    try #require(reader >= 0)
    defer { close(reader) }
    try SafeWriter.write("through the pipe\n", to: fifo)
    var buffer = [UInt8](repeating: 0, count: 64)
    let n = Glibc.read(reader, &buffer, buffer.count)
    try Data(buffer[0..<max(n, 0)]).write(to: URL(fileURLWithPath: dir + "/received"))
    #expect(Self.read(dir + "/received") == "through the pipe\n")
    #expect(Self.lstatMode(fifo) & S_IFMT == S_IFIFO)
    #expect(try SafeWriter.resolve(fifo) == .inPlace(path: fifo, kind: "a FIFO"))

    try SafeWriter.write("nothing\n", to: "/dev/null")
    #expect(Self.lstatMode("/dev/null") & S_IFMT == S_IFCHR)
    try FileManager.default.createSymbolicLink(atPath: dir + "/null-link", withDestinationPath: "/dev/null")
    try SafeWriter.write("nothing\n", to: dir + "/null-link")
    #expect(Self.lstatMode("/dev/null") & S_IFMT == S_IFCHR)
    #expect(Self.lstatMode(dir + "/null-link") & S_IFMT == S_IFLNK)
    Self.expectNoLeftovers("/dev")
    // A new file can never be created on a device.
    #expect(throws: WriteError.self) { try SafeWriter.write("x", to: "/dev/null", mode: .createNew) }
    // /dev/stdout leads through /proc/self/fd/1: written in place, whatever stdout is.
    if case .regularFile = try SafeWriter.resolve("/dev/stdout") { Issue.record("/dev/stdout taken for a file") }
  }

  @Test func aSymlinkLoopIsNamed() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createSymbolicLink(atPath: dir + "/a.yaml", withDestinationPath: "b.yaml")
    try FileManager.default.createSymbolicLink(atPath: dir + "/b.yaml", withDestinationPath: "a.yaml")
    let error = #expect(throws: WriteError.self) { try SafeWriter.write("x", to: dir + "/a.yaml") }
    #expect(error?.code == ELOOP)
    #expect(error?.reason.contains("symlink loop") == true, "\(String(describing: error))")
    #expect(SafeWriter.missingReason(dir + "/a.yaml").contains("symlink loop"))
    #expect(SafeWriter.missingReason(dir + "/none.yaml") == "no such file")
    #expect(Self.lstatMode(dir + "/a.yaml") & S_IFMT == S_IFLNK)
    Self.expectNoLeftovers(dir)
  }

  /// /dev/full reports ENOSPC; a regular file whose write fails half-way (a full disk, injected) keeps
  /// its old content, and no temporary file is left.
  @Test func aFullDiskIsReportedAndTheOldFileKept() throws {
    let error = #expect(throws: WriteError.self) { try SafeWriter.write("x\n", to: "/dev/full") }
    #expect(error?.code == ENOSPC)
    #expect(error?.description == "/dev/full: No space left on device (ENOSPC)")

    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/scene.yaml"
    let old = String(repeating: "authored line\n", count: 100)
    try old.write(toFile: path, atomically: false, encoding: .utf8)
    chmod(path, 0o600)
    let new = Array(String(repeating: "new line\n", count: 1000).utf8)
    for after in [0, 1, 4096, new.count - 1] {
      let e = #expect(throws: WriteError.self) {
        try SafeWriter.write(
          new, to: path, mode: .replace, durable: true, fault: .init(afterBytes: after, errno: ENOSPC))
      }
      #expect(e?.reason == "No space left on device (ENOSPC)")
      #expect(Self.read(path) == old)
      #expect(Self.lstatMode(path) & 0o7777 == 0o600)
      Self.expectNoLeftovers(dir)
    }
    // A new file that cannot be written completely is not created at all.
    #expect(throws: WriteError.self) {
      try SafeWriter.write(
        new, to: dir + "/new.png", mode: .replace, durable: true, fault: .init(afterBytes: 10, errno: EIO))
    }
    #expect(!FileManager.default.fileExists(atPath: dir + "/new.png"))
    Self.expectNoLeftovers(dir)
  }

  @Test func otherErrorsCarryTheirReasons() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let missing = #expect(throws: WriteError.self) { try SafeWriter.write("x", to: dir + "/no/such/folder.png") }
    #expect(missing?.code == ENOENT && missing?.reason.contains("no folder") == true)
    let folder = #expect(throws: WriteError.self) { try SafeWriter.write("x", to: dir) }
    #expect(folder?.code == EISDIR)
    try "x".write(toFile: dir + "/file", atomically: false, encoding: .utf8)
    let notDir = #expect(throws: WriteError.self) { try SafeWriter.write("x", to: dir + "/file/inside.png") }
    #expect(notDir?.code == ENOTDIR)
    let proc = #expect(throws: WriteError.self) { try SafeWriter.write("x", to: "/proc/touchscope.png") }
    #expect(proc != nil && !(proc!.reason.isEmpty))
  }

  /// A file whose owner a new file could not be given (not root): written through the old file, the
  /// space reserved first; shorter and longer content both come out whole.
  @Test func overwritingInPlaceKeepsTheFile() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/theirs.yaml"
    try "a long old content\n".write(toFile: path, atomically: false, encoding: .utf8)
    var before = stat()
    #expect(stat(path, &before) == 0)
    for text in ["short\n", String(repeating: "much longer content\n", count: 500)] {
      try SafeWriter.overwriteInPlace(Array(text.utf8), real: path, given: path, fault: nil)
      #expect(Self.read(path) == text)
    }
    var after = stat()
    #expect(stat(path, &after) == 0 && after.st_ino == before.st_ino)
    Self.expectNoLeftovers(dir)
  }

  /// `createNew` never replaces a file: a take saved beside a lesson.
  @Test func createNewRefusesAnExistingFile() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/lesson.take-1.yaml"
    try SafeWriter.write("first\n", to: path, mode: .createNew)
    let error = #expect(throws: WriteError.self) { try SafeWriter.write("second\n", to: path, mode: .createNew) }
    #expect(error?.code == EEXIST)
    #expect(Self.read(path) == "first\n")
    Self.expectNoLeftovers(dir)
  }

  /// The frame log's output: a regular file is emptied atomically (mode kept, symlink followed) and
  /// appended to; /dev/null is opened in place; a read-only file is refused; /dev/full fails on append.
  @Test func appendingOutputs() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let real = dir + "/log.real"
    try "stale\n".write(toFile: real, atomically: false, encoding: .utf8)
    chmod(real, 0o600)
    try FileManager.default.createSymbolicLink(atPath: dir + "/log", withDestinationPath: real)
    let log = try AppendingOutput(path: dir + "/log")
    try log.append("one\n")
    try log.append("two\n")
    #expect(Self.read(real) == "one\ntwo\n")
    #expect(Self.lstatMode(real) & 0o7777 == 0o600)
    #expect(Self.lstatMode(dir + "/log") & S_IFMT == S_IFLNK)
    let null = try AppendingOutput(path: "/dev/null")
    #expect(!null.destination.isRegularFile)
    try null.append("x\n")
    chmod(real, 0o444)
    #expect(throws: WriteError.self) { _ = try AppendingOutput(path: dir + "/log") }
    #expect(Self.read(real) == "one\ntwo\n")
    let full = try AppendingOutput(path: "/dev/full")
    let error = #expect(throws: WriteError.self) { try full.append("x\n") }
    #expect(error?.code == ENOSPC)
  }
}
