import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one way Touchscope writes a file: scene saves, takes, `--trace-out` and its `.N` files,
/// screenshots, recordings (`record --out`, F9: `PreparedOutput`), `render`, `import` and `handout --out`
/// and `--frame-log` all come here.
///
/// - A path is followed through its symlinks to the real file: a symlinked scene updates its target and
///   the link stays a link; a symlink loop is reported as one.
/// - A regular file is written atomically: the new content goes to a temporary file in the same folder,
///   is flushed to the disk (`fsync`) and renamed over the old file. A full disk or any other failure
///   leaves the old file as it was and no temporary file behind; nothing is truncated before the new
///   content is complete. The old file's mode and owner are kept.
/// - A file nobody may write (no `w` in its mode) or one the user cannot write is refused with a clear
///   message, never replaced.
/// - A device, FIFO or socket (`/dev/null`, `/dev/stdout`, a named pipe), or a file reached through a
///   file descriptor (`/proc/self/fd/N`), is never replaced: it is written in place. It is opened without
///   waiting: a FIFO nobody reads is refused (`ENXIO`), never waited for.
/// - A new file at a name Touchscope chose (`.createNew`: takes, screenshots, recordings) is never
///   reached through a symlink: anything at the name (a link, dangling or not, a folder, a file) makes it
///   `EEXIST`, so that the caller moves on to the next number; the name is claimed with
///   `O_CREAT | O_EXCL | O_NOFOLLOW`.
/// - When the file cannot be replaced by rename (its folder is not writable, or its owner cannot be
///   given to a new file), a complete copy of the old content is first written and flushed to
///   `backupFolder()` (`~/.cache/touchscope/backups`), then the new content written in place, then the
///   copy removed: at every step the file holds its old or its new content, or the copy exists.
/// - Temporary files of ours (`.touchscope-PID-N.tmp`) that a killed run left beside a target are
///   removed the next time Touchscope writes beside it, or opens a scene in that folder.
/// - Every failure is a `WriteError` with the reason (`No space left on device (ENOSPC)`).
public enum SafeWriter {
  /// What to do when the file exists.
  public enum Mode: Sendable {
    /// Replace its content (atomically for a regular file).
    case replace
    /// Refuse with `EEXIST`: the file must be new (a take saved beside a lesson).
    case createNew
    /// Replace a regular file at a name Touchscope derived from the user's (`--trace-out PATH`'s `PATH.N`),
    /// never through a link: a symlink, folder or special file at the name is refused (`EEXIST`).
    case replaceDerived
  }

  /// Where a path leads once its symlinks are followed.
  public enum Destination: Equatable, Sendable {
    /// A regular file at `path` (every symlink followed); `exists` false when it is still to be created.
    case regularFile(path: String, exists: Bool)
    /// A device, FIFO, or a file behind a file descriptor: written in place through `path`.
    case inPlace(path: String, kind: String)

    public var isRegularFile: Bool {
      if case .regularFile = self { return true }
      return false
    }
  }

  /// Writes `text` (UTF-8) to `path`. `durable` false skips the `fsync`s (for a file rewritten ten times a
  /// second, such as the running trace): the write is still atomic.
  public static func write(_ text: String, to path: String, mode: Mode = .replace, durable: Bool = true)
    throws(WriteError)
  {
    try write(Array(text.utf8), to: path, mode: mode, durable: durable)
  }

  /// Writes `bytes` to `path` (see the type's documentation).
  public static func write(_ bytes: [UInt8], to path: String, mode: Mode = .replace, durable: Bool = true)
    throws(WriteError)
  {
    try write(bytes, to: path, mode: mode, durable: durable, fault: nil)
  }

  /// Checks that `path` can be written (its folder exists, it is not read-only, a folder or a socket)
  /// without writing anything; returns where it leads.
  @discardableResult
  public static func check(_ path: String) throws(WriteError) -> Destination {
    let destination = try resolve(path)
    if case .regularFile(let real, let exists) = destination {
      if exists {
        try refuseReadOnly(real, given: path)
      } else {
        try requireFolder(of: real, given: path)
      }
    }
    return destination
  }

  /// Writes all of `bytes` to an open descriptor, going on after short writes and interrupts.
  public static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws(WriteError) {
    try writeAll(bytes, to: fd, path: path, fault: nil)
  }

  /// Why `path` cannot be read, for a file that does not seem to exist: "no such file", "a symlink loop
  /// (too many levels of symbolic links)", "permission denied" …
  public static func missingReason(_ path: String) -> String {
    var st = stat()
    guard stat(path, &st) != 0 else { return "cannot read the file" }
    let e = errno
    switch e {
    case ENOENT:
      var lst = stat()
      return lstat(path, &lst) == 0 ? "a symlink to a missing file (dangling)" : "no such file"
    case ELOOP: return "a symlink loop: too many levels of symbolic links (ELOOP)"
    default: return WriteError.describe(e)
    }
  }

  // MARK: - Internals

  /// A failure injected by tests: every write past `afterBytes` bytes fails with `errno`.
  struct Fault {
    var afterBytes: Int
    var errno: Int32
    /// The file's folder takes no new file (`EACCES` on the temporary file), as for a folder the user
    /// may not write.
    var folderClosed = false
  }

  static func write(_ bytes: [UInt8], to path: String, mode: Mode, durable: Bool, fault: Fault?)
    throws(WriteError)
  {
    if mode == .createNew {
      // A name Touchscope chose: never followed through a link, anything there counts as taken.
      try refuseExisting(path)
      try replaceAtomically(bytes, real: path, given: path, createNew: true, durable: durable, fault: fault)
      return
    }
    if mode == .replaceDerived {
      var st = stat()
      if lstat(path, &st) == 0 && st.st_mode & S_IFMT != S_IFREG { try refuseExisting(path) }
    }
    switch try resolve(path) {
    case .inPlace(let target, let kind):
      if mode == .createNew { throw WriteError(path: path, code: EEXIST, reason: "already exists (\(kind))") }
      try writeInPlace(bytes, to: target, given: path, fault: fault)
    case .regularFile(let real, let exists):
      if exists {
        if mode == .createNew { throw WriteError(path: path, code: EEXIST) }
        try refuseReadOnly(real, given: path)
      }
      try replaceAtomically(
        bytes, real: real, given: path, createNew: mode == .createNew, durable: durable, fault: fault)
    }
  }

  /// Follows `path`'s symlinks one by one to the file they lead to (writes nothing, checks no
  /// permission): a regular file, existing or not, or a device or FIFO to write in place.
  public static func resolve(_ path: String) throws(WriteError) -> Destination {
    guard !path.isEmpty else { throw WriteError(path: path, code: ENOENT, reason: "an empty path names no file") }
    var current = path
    var hops = 0
    while true {
      var st = stat()
      if lstat(current, &st) != 0 {
        let e = errno
        if e == ENOENT { return .regularFile(path: current, exists: false) }
        throw WriteError(path: path, code: e)
      }
      switch st.st_mode & S_IFMT {
      case S_IFLNK:
        hops += 1
        guard hops <= 40 else { throw WriteError(path: path, code: ELOOP) }
        // /dev/stdout → /proc/self/fd/1 → "pipe:[1234]" or the file the shell opened: the kernel's own
        // links to open files are written through, never followed by name.
        if isProcLink(current) {
          var target = stat()
          guard stat(current, &target) == 0 else { throw WriteError(path: path, code: errno) }
          return .inPlace(path: current, kind: kind(target.st_mode))
        }
        guard let link = readLink(current) else { throw WriteError(path: path, code: errno) }
        let folder = (current as NSString).deletingLastPathComponent
        current = link.hasPrefix("/") || folder.isEmpty ? link : folder + "/" + link
      case S_IFREG:
        return .regularFile(path: current, exists: true)
      case S_IFDIR:
        throw WriteError(path: path, code: EISDIR, reason: "is a folder, not a file (EISDIR)")
      case S_IFSOCK:
        throw WriteError(path: path, code: ENXIO, reason: "is a socket: Touchscope cannot write to it (ENXIO)")
      default:
        return .inPlace(path: current, kind: kind(st.st_mode))
      }
    }
  }

  /// `EEXIST` when anything (a file, a folder, a symlink, dangling or not) is at `path` itself.
  public static func refuseExisting(_ path: String) throws(WriteError) {
    guard !path.isEmpty else { throw WriteError(path: path, code: ENOENT, reason: "an empty path names no file") }
    var st = stat()
    guard lstat(path, &st) == 0 else {
      let e = errno
      if e == ENOENT { return }
      throw WriteError(path: path, code: e)
    }
    let what: String
    switch st.st_mode & S_IFMT {
    case S_IFLNK: what = "a symlink"
    case S_IFDIR: what = "a folder"
    case S_IFREG: what = "a file"
    default: what = kind(st.st_mode)
    }
    throw WriteError(path: path, code: EEXIST, reason: "already exists (\(what)) (EEXIST)")
  }

  /// Nothing at all is at `path` (a dangling symlink and a folder are something).
  public static func isFree(_ path: String) -> Bool {
    var st = stat()
    return lstat(path, &st) != 0 && errno == ENOENT
  }

  private static func kind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFIFO: return "a FIFO"
    case S_IFREG: return "a file open in another program"
    default: return "a special file"
    }
  }

  /// True for a symlink inside /proc (`/proc/self/fd/1`, also reached as `/dev/fd/1`).
  private static func isProcLink(_ path: String) -> Bool {
    let folder = (path as NSString).deletingLastPathComponent
    guard let real = realpath(folder.isEmpty ? "." : folder, nil) else { return false }
    defer { free(real) }
    let s = String(cString: real)
    return s == "/proc" || s.hasPrefix("/proc/")
  }

  private static func readLink(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let n = readlink(path, &buffer, buffer.count - 1)
    guard n >= 0 else { return nil }
    return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Refuses a file with no write permission in its mode (even for root), or one this user may not write.
  static func refuseReadOnly(_ real: String, given path: String) throws(WriteError) {
    var st = stat()
    guard stat(real, &st) == 0 else { throw WriteError(path: path, code: errno) }
    let modeText = String(st.st_mode & 0o7777, radix: 8)
    if st.st_mode & 0o222 == 0 {
      throw WriteError(
        path: path, code: EACCES,
        reason: "the file is read-only (mode 0\(modeText)): not overwritten; make it writable or save elsewhere")
    }
    if access(real, W_OK) != 0 {
      let e = errno
      if e == EROFS {
        throw WriteError(path: path, code: e, reason: "the file is on a read-only file system (EROFS)")
      }
      throw WriteError(
        path: path, code: e,
        reason: "this user may not write the file (mode 0\(modeText)): \(WriteError.describe(e))")
    }
  }

  private static func requireFolder(of real: String, given path: String) throws(WriteError) {
    let folder = (real as NSString).deletingLastPathComponent
    var st = stat()
    guard stat(folder.isEmpty ? "." : folder, &st) == 0 else {
      let e = errno
      throw WriteError(path: path, code: e, reason: "no folder \(folder): \(WriteError.describe(e))")
    }
    guard st.st_mode & S_IFMT == S_IFDIR else {
      throw WriteError(path: path, code: ENOTDIR, reason: "\(folder) is not a folder (ENOTDIR)")
    }
  }

  /// Temporary file, fsync, rename; the old file's mode and owner carried over.
  private static func replaceAtomically(
    _ bytes: [UInt8], real: String, given path: String, createNew: Bool, durable: Bool, fault: Fault?
  ) throws(WriteError) {
    let folder = (real as NSString).deletingLastPathComponent
    let dir = folder.isEmpty ? "." : folder
    var old = stat()
    let exists = stat(real, &old) == 0
    if !exists { try requireFolder(of: real, given: path) }
    // A new file gets 0666 less the umask (the kernel applies it); a replacement starts private and takes
    // the old file's mode before any content is written.
    let fd: Int32
    let temp: String
    do throws(WriteError) {
      if fault?.folderClosed == true { throw WriteError(path: path, code: EACCES) }
      (fd, temp) = try createTemporary(in: dir, mode: exists ? 0o600 : 0o666, given: path)
    } catch let error where exists && !createNew && (error.code == EACCES || error.code == EPERM) {
      // The folder is closed to new files but the file itself may be written (checked before): in place,
      // after a complete copy of the old content is safe elsewhere.
      try overwriteInPlace(bytes, real: real, given: path, fault: fault)
      return
    }
    var done = false
    defer {
      if !done {
        close(fd)
        unlink(temp)
      }
    }
    if exists {
      if fchmod(fd, old.st_mode & 0o7777) != 0 { throw WriteError(path: path, code: errno) }
      if old.st_uid != geteuid() || old.st_gid != getegid() {
        if fchown(fd, old.st_uid, old.st_gid) != 0 {
          // Only root may give a file away: keep the owner by writing through the old file instead.
          close(fd)
          unlink(temp)
          done = true
          try overwriteInPlace(bytes, real: real, given: path, fault: fault)
          return
        }
      }
    }
    try writeAll(bytes, to: fd, path: path, fault: fault)
    if durable && fsync(fd) != 0 { throw WriteError(path: path, code: errno) }
    done = true
    if close(fd) != 0 {
      let e = errno
      unlink(temp)
      throw WriteError(path: path, code: e)
    }
    if createNew {
      // Claims the name first: another file that appeared meanwhile is never replaced.
      let claim = open(real, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
      guard claim >= 0 else {
        let e = errno
        unlink(temp)
        throw WriteError(path: path, code: e)
      }
      close(claim)
    }
    guard rename(temp, real) == 0 else {
      let e = errno
      unlink(temp)
      if createNew { unlink(real) }
      throw WriteError(path: path, code: e)
    }
    if durable { syncFolder(dir) }
  }

  /// A new `.touchscope-PID-N.tmp` in `dir`, opened for writing; stale ones of ours are removed first.
  static func createTemporary(in dir: String, mode: mode_t, given path: String) throws(WriteError) -> (
    Int32, String
  ) {
    removeStaleTemporaries(in: dir)
    var attempt = 0
    while true {
      let name = "\(temporaryPrefix)\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
      let temp = dir + "/" + name
      let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
      if fd >= 0 { return (fd, temp) }
      let e = errno
      attempt += 1
      if e == EEXIST && attempt < 100 { continue }
      throw WriteError(path: path, code: e, reason: "cannot create a file in \(dir): \(WriteError.describe(e))")
    }
  }

  static let temporaryPrefix = ".touchscope-"

  /// The process that made a temporary file of ours, from its name (`.touchscope-PID-N.tmp`); nil for any
  /// other name.
  static func temporaryOwner(_ name: String) -> pid_t? {
    guard name.hasPrefix(temporaryPrefix), name.hasSuffix(".tmp") else { return nil }
    let middle = name.dropFirst(temporaryPrefix.count).dropLast(4)
    let parts = middle.split(separator: "-", omittingEmptySubsequences: false)
    let digits = parts.allSatisfy { part in !part.isEmpty && part.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } }
    guard parts.count == 2, digits, let pid = pid_t(parts[0]), pid > 0 else { return nil }
    return pid
  }

  /// A process with this id runs (one of another user counts).
  static func isRunning(_ pid: pid_t) -> Bool {
    kill(pid, 0) == 0 || errno == EPERM
  }

  /// Removes the temporary files of ours in `dir` that a run killed between its write and its rename
  /// left behind: regular files named `.touchscope-PID-N.tmp`, owned by this user, whose process no
  /// longer runs. Returns the names removed.
  @discardableResult
  public static func removeStaleTemporaries(in dir: String) -> [String] {
    guard let folder = opendir(dir.isEmpty ? "." : dir) else { return [] }
    defer { closedir(folder) }
    var removed: [String] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard let pid = temporaryOwner(name), pid != getpid(), !isRunning(pid) else { continue }
      let path = (dir.isEmpty ? "." : dir) + "/" + name
      var st = stat()
      guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG, st.st_uid == geteuid() else { continue }
      if unlink(path) == 0 { removed.append(name) }
    }
    return removed
  }

  /// Removes stale temporary files of ours beside `path` (in its folder).
  @discardableResult
  public static func removeStaleTemporaries(beside path: String) -> [String] {
    let folder = (path as NSString).deletingLastPathComponent
    return removeStaleTemporaries(in: folder.isEmpty ? "." : folder)
  }

  static func syncFolder(_ dir: String) {
    let fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    _ = fsync(fd)
    close(fd)
  }

  /// Where a complete copy of a file's old content is kept while the file is written in place: the
  /// user's cache (`$XDG_CACHE_HOME/touchscope/backups`, else `~/.cache/touchscope/backups`), else the
  /// temporary folder (`/tmp/touchscope-backups-UID`).
  public static func backupFolder() -> String {
    let env = ProcessInfo.processInfo.environment
    if let cache = env["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/touchscope/backups" }
    if let home = env["HOME"], home.hasPrefix("/"), home != "/" { return home + "/.cache/touchscope/backups" }
    return NSTemporaryDirectory() + "touchscope-backups-\(geteuid())"
  }

  /// The copy's name for `real`: its name, a hash of its whole path, this process, its extension
  /// (`lesson.yaml` → `lesson.backup-1f2e3d4c5b6a7988-4242-1.yaml`).
  static func backupName(for real: String, attempt: Int) -> String {
    let name = (real as NSString).lastPathComponent
    let ext = (name as NSString).pathExtension
    return backupPrefix(for: real) + "\(getpid())-\(attempt)" + (ext.isEmpty ? "" : ".\(ext)")
  }

  /// The start of every copy's name for `real`, up to the process id: `lesson.backup-1f2e3d4c5b6a7988-`.
  static func backupPrefix(for real: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in real.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    let name = (real as NSString).lastPathComponent
    let ext = (name as NSString).pathExtension
    let stem = ext.isEmpty ? name : (name as NSString).deletingPathExtension
    let hex = String(hash, radix: 16)
    let id = String(repeating: "0", count: 16 - hex.count) + hex
    return "\(stem).backup-\(id)-"
  }

  /// The copies of `path`'s old content that an in-place write killed before it ended left in `backups`
  /// (default `backupFolder()`): those whose process no longer runs. The window names them when it opens
  /// the scene.
  public static func leftBackups(of path: String, in backups: String? = nil) -> [String] {
    var real = path
    if case .regularFile(let resolved, _)? = try? resolve(path) { real = resolved }
    if !real.hasPrefix("/"), let cwd = getcwd(nil, 0) {
      real = String(cString: cwd) + "/" + real
      free(cwd)
    }
    let folder = backups ?? backupFolder()
    let prefix = backupPrefix(for: real)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { name in
      guard name.hasPrefix(prefix) else { return false }
      let pid = name.dropFirst(prefix.count).prefix { $0.isASCII && $0.isNumber }
      guard let id = pid_t(pid), id > 0 else { return false }
      return id != getpid() && !isRunning(id)
    }.sorted().map { folder + "/" + $0 }
  }

  /// Writes `bytes` as a new complete, flushed copy in `folder` (made if missing, private), named after
  /// `real`; returns its path. The copy appears under its name only once complete (temporary file, fsync,
  /// rename).
  static func writeBackup(_ bytes: [UInt8], of real: String, in folder: String, given path: String) throws(WriteError)
    -> String
  {
    var made = ""
    for part in folder.split(separator: "/") {
      made += "/" + part
      if mkdir(made, 0o700) != 0 && errno != EEXIST {
        let e = errno
        throw WriteError(
          path: path, code: e,
          reason: "cannot make \(folder) to keep a copy of the old file first: \(WriteError.describe(e))")
      }
    }
    for attempt in 1...100 {
      let target = folder + "/" + backupName(for: real, attempt: attempt)
      guard isFree(target) else { continue }
      do {
        try replaceAtomically(bytes, real: target, given: target, createNew: true, durable: true, fault: nil)
        return target
      } catch let error where error.code == EEXIST {
        continue
      } catch {
        throw WriteError(
          path: path, code: error.code, reason: "cannot keep a copy of the old file in \(folder) first: \(error.reason)"
        )
      }
    }
    throw WriteError(path: path, code: EEXIST, reason: "cannot keep a copy of the old file in \(folder) first")
  }

  /// A step of an in-place write, for tests that check what is on disk between system calls.
  enum InPlaceStep: Sendable, Equatable {
    case opened, backedUp, reserved, written, truncated, flushed, restored, backupRemoved
  }

  /// Writes over an existing file that cannot be replaced by rename (its folder is closed to new files, or
  /// its owner cannot be given to a new one). A complete copy of the old content is first written and
  /// flushed to `backups` (`backupFolder()`); only then is the space reserved (a full disk fails before
  /// anything changes), the content written, the rest cut off and flushed, and the copy removed. A failure
  /// puts the old content back; when even that fails, the error names the copy. At every step the file
  /// holds its old or new content, or the complete copy exists.
  static func overwriteInPlace(
    _ bytes: [UInt8], real: String, given path: String, fault: Fault?, backups: String? = nil,
    observe: (InPlaceStep) -> Void = { _ in }
  ) throws(WriteError) {
    let fd = open(real, O_RDWR | O_NOFOLLOW | O_CLOEXEC)
    guard fd >= 0 else { throw WriteError(path: path, code: errno) }
    defer { close(fd) }
    observe(.opened)
    let old = try readAll(fd, path: path)
    let folder = backups ?? backupFolder()
    let backup = try writeBackup(old, of: real, in: folder, given: path)
    observe(.backedUp)
    do throws(WriteError) {
      #if os(Linux)
        if !bytes.isEmpty {
          let r = posix_fallocate(fd, 0, off_t(bytes.count))
          if r != 0 && r != EOPNOTSUPP && r != EINVAL { throw WriteError(path: path, code: r) }
        }
      #endif
      observe(.reserved)
      if lseek(fd, 0, SEEK_SET) != 0 { throw WriteError(path: path, code: errno) }
      try writeAll(bytes, to: fd, path: path, fault: fault)
      observe(.written)
      if ftruncate(fd, off_t(bytes.count)) != 0 { throw WriteError(path: path, code: errno) }
      observe(.truncated)
      if fsync(fd) != 0 && errno != EINVAL { throw WriteError(path: path, code: errno) }
      observe(.flushed)
    } catch {
      // The old content back in place; the copy kept, and named, if that fails too.
      var restored = lseek(fd, 0, SEEK_SET) == 0
      if restored {
        do { try writeAll(old, to: fd, path: path, fault: nil) } catch { restored = false }
      }
      restored = restored && ftruncate(fd, off_t(old.count)) == 0 && (fsync(fd) == 0 || errno == EINVAL)
      guard restored else {
        throw WriteError(
          path: path, code: error.code, reason: "\(error.reason); the old content is kept in \(backup)")
      }
      observe(.restored)
      unlink(backup)
      observe(.backupRemoved)
      throw error
    }
    unlink(backup)
    observe(.backupRemoved)
  }

  /// The whole content of an open file, from its start.
  static func readAll(_ fd: Int32, path: String) throws(WriteError) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var offset: off_t = 0
    while true {
      let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, $0.count, offset) }
      if n < 0 {
        if errno == EINTR { continue }
        throw WriteError(path: path, code: errno)
      }
      if n == 0 { return bytes }
      bytes += chunk[0..<n]
      offset += off_t(n)
    }
  }

  /// Opens a device, FIFO or descriptor's file for writing without waiting: a FIFO nobody reads is
  /// refused (`ENXIO`) instead of waited for. `blocking`: the descriptor waits again once open (a one-off
  /// write to a reader that is there); otherwise writes that would wait fail after a grace period.
  static func openInPlace(_ target: String, given path: String, blocking: Bool) throws(WriteError) -> Int32 {
    let fd = open(target, O_WRONLY | O_APPEND | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else {
      let e = errno
      if e == ENXIO {
        throw WriteError(
          path: path, code: e,
          reason: "is a FIFO (named pipe) that nothing reads: Touchscope does not wait for a reader (ENXIO)")
      }
      throw WriteError(path: path, code: e)
    }
    if blocking {
      let flags = fcntl(fd, F_GETFL)
      if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
    }
    return fd
  }

  /// A device, FIFO or a descriptor's file: opened without truncating, creating or waiting, written,
  /// closed.
  static func writeInPlace(_ bytes: [UInt8], to target: String, given path: String, fault: Fault?)
    throws(WriteError)
  {
    let fd = try openInPlace(target, given: path, blocking: true)
    do {
      try writeAll(bytes, to: fd, path: path, fault: fault)
    } catch {
      close(fd)
      throw error
    }
    if close(fd) != 0 && errno != EINTR { throw WriteError(path: path, code: errno) }
  }

  /// How long a write to a descriptor opened without waiting (`AppendingOutput` on a FIFO or terminal)
  /// may wait for its reader before it fails (ms).
  static let readerGrace: Int32 = 2000
  static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String, fault: Fault?) throws(WriteError) {
    var offset = 0
    let failure: Int32? = bytes.withUnsafeBytes { raw in
      while offset < raw.count {
        var count = min(raw.count - offset, 1 << 20)
        if let fault {
          if offset >= fault.afterBytes { return fault.errno }
          count = min(count, fault.afterBytes - offset)
        }
        #if canImport(Glibc)
          let n = Glibc.write(fd, raw.baseAddress! + offset, count)
        #else
          let n = Darwin.write(fd, raw.baseAddress! + offset, count)
        #endif
        if n < 0 {
          let e = errno
          if e == EINTR { continue }
          if e == EAGAIN || e == EWOULDBLOCK {
            // A reader that does not read (a FIFO, a terminal on hold): waited for a while, never for ever.
            var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            if poll(&ready, 1, readerGrace) > 0 { continue }
            return EAGAIN
          }
          return e
        }
        if n == 0 { return EIO }
        offset += n
      }
      return nil
    }
    if let failure {
      if failure == EAGAIN && fault == nil {
        throw WriteError(
          path: path, code: EAGAIN,
          reason: "its reader has not taken anything for \(readerGrace / 1000) s: Touchscope does not wait (EAGAIN)")
      }
      throw WriteError(path: path, code: failure)
    }
  }
}

/// A file another program writes (FFmpeg, for `record` and F9), under `SafeWriter`'s rules: the program
/// writes `temporary`, a new file beside the target (in the temporary folder when the target is a device
/// or FIFO), and `commit` moves it into place only once the caller knows it is complete. Until then the
/// old file is untouched; `discard` (or dropping the value) removes the temporary file.
public final class PreparedOutput {
  /// The path as the user gave it (or the window chose it).
  public let path: String
  /// Where the other program writes.
  public let temporary: String
  private let destination: SafeWriter.Destination
  private let mode: SafeWriter.Mode
  private var finished = false

  /// Checks `path` as `SafeWriter.write` would (`createNew`: nothing at all at the name) and makes the
  /// temporary file.
  public init(_ path: String, mode: SafeWriter.Mode = .replace) throws(WriteError) {
    self.path = path
    self.mode = mode
    if mode == .createNew {
      try SafeWriter.refuseExisting(path)
      destination = .regularFile(path: path, exists: false)
    } else {
      destination = try SafeWriter.check(path)
    }
    let dir: String
    switch destination {
    case .regularFile(let real, _):
      let folder = (real as NSString).deletingLastPathComponent
      dir = folder.isEmpty ? "." : folder
    case .inPlace:
      let tmp = NSTemporaryDirectory()
      dir = tmp.hasSuffix("/") && tmp.count > 1 ? String(tmp.dropLast()) : tmp
    }
    // A new file gets 0666 less the umask; a replacement starts private and takes the old mode on commit.
    let isNew = if case .regularFile(_, let exists) = destination { !exists } else { false }
    let (fd, temp) = try SafeWriter.createTemporary(in: dir, mode: isNew ? 0o666 : 0o600, given: path)
    close(fd)
    temporary = temp
  }

  deinit { discard() }

  /// Removes the temporary file; the target stays as it was.
  public func discard() {
    guard !finished else { return }
    finished = true
    unlink(temporary)
  }

  /// Moves the complete temporary file to `target` (default: `path`): flushed to the disk, given the old
  /// file's mode and owner, and renamed over it (`createNew`: the name claimed first, never through a
  /// link); a device or FIFO gets the bytes written in place. On failure the target is as it was and the
  /// temporary file is removed.
  public func commit(to target: String? = nil) throws(WriteError) {
    guard !finished else { throw WriteError(path: path, code: EINVAL, reason: "already committed or discarded") }
    // Kept only when the new name is taken, for another try at another name.
    var keep = false
    defer { if !keep { discard() } }
    let given = target ?? path
    let fd = open(temporary, O_RDWR | O_NOFOLLOW | O_CLOEXEC)
    guard fd >= 0 else { throw WriteError(path: given, code: errno) }
    var closed = false
    defer { if !closed { close(fd) } }
    // A write the disk could not keep shows here at the latest.
    if fsync(fd) != 0 { throw WriteError(path: given, code: errno) }
    if mode == .createNew {
      do {
        try SafeWriter.refuseExisting(given)
      } catch {
        keep = error.code == EEXIST
        throw error
      }
      closed = true
      close(fd)
      let claim = open(given, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
      guard claim >= 0 else {
        let e = errno
        keep = e == EEXIST
        throw WriteError(path: given, code: e, reason: e == EEXIST ? "already exists (EEXIST)" : nil)
      }
      close(claim)
      guard rename(temporary, given) == 0 else {
        let e = errno
        unlink(given)
        throw WriteError(path: given, code: e)
      }
      finished = true
      SafeWriter.syncFolder(Self.folder(of: given))
      return
    }
    let place = target == nil ? destination : try SafeWriter.check(given)
    switch place {
    case .inPlace(let device, _):
      let bytes = try SafeWriter.readAll(fd, path: given)
      try SafeWriter.writeInPlace(bytes, to: device, given: given, fault: nil)
    case .regularFile(let real, let exists):
      var old = stat()
      if exists && stat(real, &old) == 0 {
        try SafeWriter.refuseReadOnly(real, given: given)
        if fchmod(fd, old.st_mode & 0o7777) != 0 { throw WriteError(path: given, code: errno) }
        if (old.st_uid != geteuid() || old.st_gid != getegid()) && fchown(fd, old.st_uid, old.st_gid) != 0 {
          // Only root may give a file away: written through the old file, after a copy of it is safe.
          let bytes = try SafeWriter.readAll(fd, path: given)
          try SafeWriter.overwriteInPlace(bytes, real: real, given: given, fault: nil)
          return
        }
      }
      closed = true
      if close(fd) != 0 { throw WriteError(path: given, code: errno) }
      guard rename(temporary, real) == 0 else { throw WriteError(path: given, code: errno) }
      finished = true
      SafeWriter.syncFolder(Self.folder(of: real))
    }
  }

  private static func folder(of path: String) -> String {
    let folder = (path as NSString).deletingLastPathComponent
    return folder.isEmpty ? "." : folder
  }
}

/// A file that could not be written, and why.
public struct WriteError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The path as the user gave it.
  public var path: String
  /// The `errno` value (`ENOSPC`, `EACCES` …).
  public var code: Int32
  /// The reason in words, with the error's name: "No space left on device (ENOSPC)".
  public var reason: String

  public init(path: String, code: Int32, reason: String? = nil) {
    self.path = path
    self.code = code
    self.reason = reason ?? WriteError.describe(code)
  }

  public var description: String { "\(path): \(reason)" }

  /// `strerror` with the error's name, and for a loop what it means.
  public static func describe(_ code: Int32) -> String {
    if code == ELOOP { return "a symlink loop: too many levels of symbolic links (ELOOP)" }
    let text = String(cString: strerror(code))
    return names[code].map { "\(text) (\($0))" } ?? text
  }

  private static let names: [Int32: String] = [
    ENOSPC: "ENOSPC", EDQUOT: "EDQUOT", EACCES: "EACCES", EPERM: "EPERM", EROFS: "EROFS", ENOENT: "ENOENT",
    ENOTDIR: "ENOTDIR", EISDIR: "EISDIR", EEXIST: "EEXIST", EIO: "EIO", EPIPE: "EPIPE", ENXIO: "ENXIO",
    EFBIG: "EFBIG", ENAMETOOLONG: "ENAMETOOLONG", EBADF: "EBADF", EINVAL: "EINVAL", ETXTBSY: "ETXTBSY",
    EAGAIN: "EAGAIN", EMFILE: "EMFILE", ENFILE: "ENFILE", EBUSY: "EBUSY", ENODEV: "ENODEV",
  ]
}
