import Foundation
import Synchronization
import Testing

@testable import SafeWriting
@testable import SceneFile

/// The rules every output follows in `SafeWriter`: a name Touchscope chose is never reached through a
/// link and anything at it is passed over; a file that cannot be replaced by rename is written in place
/// only after a complete copy of it is safe; temporary files of a killed run are cleaned up; a FIFO
/// nobody reads is refused, never waited for.
@Suite struct OutputSafetyTests {
  static func scratch() throws -> String { try SafeWriterTests.scratch() }
  static func read(_ path: String) -> String? { SafeWriterTests.read(path) }

  /// Anything at all at the path itself (a dangling link counts).
  static func exists(_ path: String) -> Bool {
    var st = stat()
    return lstat(path, &st) == 0
  }

  @Test func aNewFileIsNeverCreatedThroughADanglingLink() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createDirectory(atPath: dir + "/elsewhere", withIntermediateDirectories: true)
    let victim = dir + "/elsewhere/victim.yaml"
    try FileManager.default.createSymbolicLink(atPath: dir + "/scene.take-2.yaml", withDestinationPath: victim)
    let error = #expect(throws: WriteError.self) {
      try SafeWriter.write("title: take\n", to: dir + "/scene.take-2.yaml", mode: .createNew)
    }
    #expect(error?.code == EEXIST)
    #expect(error?.reason.contains("symlink") == true)
    #expect(!Self.exists(victim), "the link's target was created")
    #expect(SafeWriterTests.lstatMode(dir + "/scene.take-2.yaml") & S_IFMT == S_IFLNK)
    SafeWriterTests.expectNoLeftovers(dir)
  }

  /// `--trace-out PATH`'s finished traces (`PATH.1` …) replace an earlier run's files but are never
  /// written through a link or onto a folder or special file at that name.
  @Test func aDerivedNameIsReplacedButNeverFollowed() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let victim = dir + "/victim.txt"
    try "victim\n".write(toFile: victim, atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(atPath: dir + "/trace.jsonl.1", withDestinationPath: victim)
    let error = #expect(throws: WriteError.self) {
      try SafeWriter.write("{}\n", to: dir + "/trace.jsonl.1", mode: .replaceDerived)
    }
    #expect(error?.code == EEXIST)
    #expect(Self.read(victim) == "victim\n")
    try "an earlier run\n".write(toFile: dir + "/trace.jsonl.2", atomically: false, encoding: .utf8)
    try SafeWriter.write("{}\n", to: dir + "/trace.jsonl.2", mode: .replaceDerived)
    #expect(Self.read(dir + "/trace.jsonl.2") == "{}\n")
    try SafeWriter.write("{}\n", to: dir + "/trace.jsonl.3", mode: .replaceDerived)
    #expect(Self.read(dir + "/trace.jsonl.3") == "{}\n")
  }

  @Test func aFolderAtANewFilesNameIsTakenSoTheNextNumberIsUsed() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createDirectory(atPath: dir + "/touchscope-1.png", withIntermediateDirectories: true)
    let error = #expect(throws: WriteError.self) {
      try SafeWriter.write([1, 2, 3], to: dir + "/touchscope-1.png", mode: .createNew)
    }
    // EEXIST, not EISDIR: the callers (takes, screenshots) move on to the next number on EEXIST only.
    #expect(error?.code == EEXIST)
    #expect(!SafeWriter.isFree(dir + "/touchscope-1.png"))
    #expect(SafeWriter.isFree(dir + "/touchscope-2.png"))
  }

  /// A write in place that fails half-way (a full disk) puts the old content back: the scene still loads
  /// as it was, never a mix of new bytes and an old tail.
  @Test func aFailedInPlaceWritePutsTheOldContentBack() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/lesson.yaml"
    let old =
      "format: touchscope/1\n# a long comment that makes the old file longer than the new one\nroot: { id: r }\n"
    try old.write(toFile: path, atomically: false, encoding: .utf8)
    let new = "format: touchscope/1\nroot: { id: s }\n"
    #expect(throws: WriteError.self) {
      try SafeWriter.overwriteInPlace(
        Array(new.utf8), real: path, given: path, fault: .init(afterBytes: 10, errno: ENOSPC))
    }
    #expect(Self.read(path) == old)
  }

  /// At every step of a write in place, the file holds its old or its new content, or a complete copy of
  /// the old content exists under its documented name; at the end the copy is gone.
  @Test func everyStepOfAnInPlaceWriteLeavesTheFileOrACompleteCopy() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let backups = dir + "/cache/touchscope/backups"
    let path = dir + "/lesson.yaml"
    let old = "format: touchscope/1\n# old and long: " + String(repeating: "x", count: 300) + "\nroot: { id: r }\n"
    let new = "format: touchscope/1\nroot: { id: s }\n"
    try old.write(toFile: path, atomically: false, encoding: .utf8)
    var seen: [SafeWriter.InPlaceStep] = []
    var copies: Set<String> = []
    try SafeWriter.overwriteInPlace(Array(new.utf8), real: path, given: path, fault: nil, backups: backups) { step in
      seen.append(step)
      let text = Self.read(path)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: backups)) ?? []
      let complete = names.filter { Self.read(backups + "/" + $0) == old }
      copies.formUnion(complete)
      #expect(
        text == old || text == new || !complete.isEmpty,
        "at \(step) the file holds neither its old nor its new content and no copy exists")
      if step == .written {
        // Written but not yet cut: only the copy keeps the scene.
        #expect(text != old && text != new)
        #expect(complete.count == 1)
      }
    }
    #expect(seen.contains(.backedUp) && seen.contains(.truncated) && seen.last == .backupRemoved)
    #expect(Self.read(path) == new)
    // The copy was named after the scene (`lesson.backup-HASH-PID-N.yaml`) and is gone at the end.
    #expect(copies.count == 1 && copies.allSatisfy { $0.hasPrefix("lesson.backup-") && $0.hasSuffix(".yaml") })
    #expect(((try? FileManager.default.contentsOfDirectory(atPath: backups)) ?? []).isEmpty)
  }

  /// Without a place for the copy, nothing is written in place.
  @Test func noCopyNoWriteInPlace() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/lesson.yaml"
    try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
    try "a file, not a folder".write(toFile: dir + "/cache", atomically: false, encoding: .utf8)
    let error = #expect(throws: WriteError.self) {
      try SafeWriter.overwriteInPlace(
        Array("new\n".utf8), real: path, given: path, fault: nil, backups: dir + "/cache/b")
    }
    #expect(error?.reason.contains("copy of the old file") == true)
    #expect(Self.read(path) == "old\n")
  }

  /// A process id that ran and no longer runs.
  static func finishedProcessID() throws -> pid_t {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/bin/true")
    try p.run()
    p.waitUntilExit()
    return p.processIdentifier
  }

  @Test func staleTemporaryFilesOfOursAreRemovedWhenWritingBesideThem() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let dead = try Self.finishedProcessID()
    try #require(kill(dead, 0) != 0)
    let stale = ".touchscope-\(dead)-12345.tmp"
    let live = ".touchscope-\(getpid())-777.tmp"
    let other = ".touchscope-notes.tmp"
    for name in [stale, live, other] { try "half".write(toFile: dir + "/" + name, atomically: false, encoding: .utf8) }
    try SafeWriter.write("picture", to: dir + "/out.png")
    #expect(!Self.exists(dir + "/" + stale), "a killed run's temporary file stayed")
    #expect(Self.exists(dir + "/" + live), "a running process's temporary file was removed")
    #expect(Self.exists(dir + "/" + other), "a file not named as ours was removed")
    #expect(Self.read(dir + "/out.png") == "picture")
  }

  @Test func staleTemporaryFilesAreRecognisedByTheirWholeName() throws {
    #expect(SafeWriter.temporaryOwner(".touchscope-42-7.tmp") == 42)
    #expect(SafeWriter.temporaryOwner(".touchscope-42-7.tmp.mp4") == nil)
    #expect(SafeWriter.temporaryOwner(".touchscope-42.tmp") == nil)
    #expect(SafeWriter.temporaryOwner(".touchscope--7.tmp") == nil)
    #expect(SafeWriter.temporaryOwner("touchscope-42-7.tmp") == nil)
    #expect(SafeWriter.temporaryOwner(".touchscope-4a-7.tmp") == nil)
  }

  /// A FIFO with no reader is refused at once. The guard (a reader that opens the FIFO without waiting,
  /// much later) only releases a writer that would otherwise wait for ever, so that a regression fails
  /// instead of hanging the suite; the assertion does not depend on when it runs.
  @Test func aFIFONobodyReadsIsRefusedNotWaitedFor() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let fifo = dir + "/pipe"
    try #require(mkfifo(fifo, 0o600) == 0)
    let guardReader = Thread {
      Thread.sleep(forTimeInterval: 60)
      let fd = open(fifo, O_RDONLY | O_NONBLOCK)
      if fd >= 0 {
        Thread.sleep(forTimeInterval: 1)
        close(fd)
      }
    }
    guardReader.start()
    let error = #expect(throws: WriteError.self) { try SafeWriter.write("x\n", to: fifo) }
    #expect(error?.code == ENXIO)
    #expect(error?.reason.contains("nothing reads") == true)
    let appending = #expect(throws: WriteError.self) { _ = try AppendingOutput(path: fifo) }
    #expect(appending?.code == ENXIO)
    #expect(SafeWriterTests.lstatMode(fifo) & S_IFMT == S_IFIFO)
  }

  /// A streamed output (`--trace-out` on a FIFO, `--frame-log`) whose reader is there but takes nothing:
  /// the append fails with the reason instead of holding the window. The guard (a reader that drains
  /// the FIFO much later) only releases a writer that would wait for ever.
  @Test func aReaderThatTakesNothingFailsTheStreamInsteadOfHoldingIt() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let fifo = dir + "/pipe"
    try #require(mkfifo(fifo, 0o600) == 0)
    let reader = open(fifo, O_RDONLY | O_NONBLOCK)
    try #require(reader >= 0)
    let finished = Mutex(false)
    let guardReader = Thread {
      Thread.sleep(forTimeInterval: 60)
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      while !finished.withLock({ $0 }) {
        if Glibc.read(reader, &buffer, buffer.count) <= 0 { Thread.sleep(forTimeInterval: 0.1) }
      }
      close(reader)
    }
    guardReader.start()
    defer { finished.withLock { $0 = true } }
    let output = try AppendingOutput(path: fifo)
    let error = #expect(throws: WriteError.self) {
      try output.append([UInt8](repeating: 0x41, count: 4 << 20))
    }
    #expect(error?.code == EAGAIN)
    #expect(error?.reason.contains("reader") == true)
  }

  /// A file another program writes (`PreparedOutput`, FFmpeg's): the target is untouched until commit,
  /// and a discarded one leaves the old file and no temporary file.
  @Test func aPreparedOutputReplacesTheFileOnlyOnCommit() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/talk.mp4"
    try "old video".write(toFile: path, atomically: false, encoding: .utf8)
    chmod(path, 0o640)
    let failed = try PreparedOutput(path)
    try "4096 bytes of a fragment".write(toFile: failed.temporary, atomically: false, encoding: .utf8)
    #expect(Self.read(path) == "old video")
    failed.discard()
    #expect(Self.read(path) == "old video")
    SafeWriterTests.expectNoLeftovers(dir)

    let done = try PreparedOutput(path)
    try "new video".write(toFile: done.temporary, atomically: false, encoding: .utf8)
    try done.commit()
    #expect(Self.read(path) == "new video")
    #expect(SafeWriterTests.lstatMode(path) & 0o777 == 0o640)
    SafeWriterTests.expectNoLeftovers(dir)

    // A new name: never through a link, the next name when something appeared there.
    let fresh = try PreparedOutput(dir + "/touchscope-1.mp4", mode: .createNew)
    try FileManager.default.createSymbolicLink(atPath: dir + "/touchscope-1.mp4", withDestinationPath: dir + "/victim")
    try "video".write(toFile: fresh.temporary, atomically: false, encoding: .utf8)
    let taken = #expect(throws: WriteError.self) { try fresh.commit() }
    #expect(taken?.code == EEXIST)
    #expect(!Self.exists(dir + "/victim"))
    #expect(throws: WriteError.self) { _ = try PreparedOutput(dir + "/touchscope-1.mp4", mode: .createNew) }
  }
}

/// A copy left by an in-place write that was killed is found again for the scene it belongs to.
@Suite struct LeftBackupTests {
  @Test func aCopyOfADeadProcessIsFoundForItsSceneOnly() throws {
    let dir = try OutputSafetyTests.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let backups = dir + "/backups"
    try FileManager.default.createDirectory(atPath: backups, withIntermediateDirectories: true)
    let scene = dir + "/lesson.yaml"
    try "old\n".write(toFile: scene, atomically: false, encoding: .utf8)
    let dead = try OutputSafetyTests.finishedProcessID()
    let prefix = SafeWriter.backupPrefix(for: scene)
    let left = backups + "/" + prefix + "\(dead)-1.yaml"
    let running = backups + "/" + prefix + "\(getpid())-1.yaml"
    let other = backups + "/" + SafeWriter.backupPrefix(for: dir + "/other.yaml") + "\(dead)-1.yaml"
    for path in [left, running, other] { try "old\n".write(toFile: path, atomically: false, encoding: .utf8) }
    #expect(SafeWriter.leftBackups(of: scene, in: backups) == [left])
    #expect(prefix.hasPrefix("lesson.backup-"))
  }
}

/// A scene whose folder takes no new file (the user may write the file, not the folder): saved in place
/// after a complete copy is safe, not refused, and nothing left behind.
@Suite struct ClosedFolderTests {
  /// `chattr +i` / `-i` on `dir` (an immutable folder takes no new file, even from root); false where
  /// the file system or the user cannot.
  static func immutable(_ dir: String, _ on: Bool) -> Bool {
    guard
      let chattr = ["/usr/bin/chattr", "/bin/chattr"].first(where: { FileManager.default.isExecutableFile(atPath: $0) })
    else { return false }
    let p = Process()
    p.executableURL = URL(fileURLWithPath: chattr)
    p.arguments = [on ? "+i" : "-i", dir]
    p.standardError = FileHandle.nullDevice
    guard (try? p.run()) != nil else { return false }
    p.waitUntilExit()
    return p.terminationStatus == 0
  }

  @Test func aFileInAFolderClosedToNewFilesIsWrittenInPlaceAfterACopy() throws {
    let dir = try OutputSafetyTests.scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/lesson.yaml"
    let old = "format: touchscope/1\n# the old text, longer than the new one\nroot: { id: r }\n"
    let new = "format: touchscope/1\nroot: { id: s }\n"
    try old.write(toFile: path, atomically: false, encoding: .utf8)
    chmod(path, 0o640)
    // The folder closed for real where the file system allows it (root ignores a folder's mode bits), or
    // through the writer's fault injection, which makes the same temporary file fail.
    let closed = Self.immutable(dir, true)
    defer { if closed { _ = Self.immutable(dir, false) } }
    if closed {
      #expect(open(dir + "/probe", O_WRONLY | O_CREAT | O_EXCL, 0o600) < 0, "the immutable folder took a file")
      try SafeWriter.write(new, to: path)
    } else {
      try SafeWriter.write(
        Array(new.utf8), to: path, mode: .replace, durable: true,
        fault: .init(afterBytes: .max, errno: 0, folderClosed: true))
    }
    #expect(OutputSafetyTests.read(path) == new)
    #expect(SafeWriterTests.lstatMode(path) & 0o7777 == 0o640)
    SafeWriterTests.expectNoLeftovers(dir)
    let copies = ((try? FileManager.default.contentsOfDirectory(atPath: SafeWriter.backupFolder())) ?? [])
      .filter { $0.hasPrefix(SafeWriter.backupPrefix(for: path)) }
    #expect(copies.isEmpty, "the copy stayed: \(copies)")
  }
}
