import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one way Touchscope writes a file: scene saves, `--trace-out` and its `.N` files, screenshots,
/// `render --out` and `--frame-log` all come here.
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
///   file descriptor (`/proc/self/fd/N`), is never replaced: it is written in place.
/// - Every failure is a `WriteError` with the reason (`No space left on device (ENOSPC)`).
public enum SafeWriter {
  /// What to do when the file exists.
  public enum Mode: Sendable {
    /// Replace its content (atomically for a regular file).
    case replace
    /// Refuse with `EEXIST`: the file must be new (a take saved beside a lesson).
    case createNew
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
  }

  static func write(_ bytes: [UInt8], to path: String, mode: Mode, durable: Bool, fault: Fault?)
    throws(WriteError)
  {
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
  private static func refuseReadOnly(_ real: String, given path: String) throws(WriteError) {
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
    let (fd, temp) = try createTemporary(in: dir, mode: exists ? 0o600 : 0o666, given: path)
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
      let claim = open(real, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
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

  private static func createTemporary(in dir: String, mode: mode_t, given path: String) throws(WriteError) -> (
    Int32, String
  ) {
    var attempt = 0
    while true {
      let name = ".touchscope-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
      let temp = dir + "/" + name
      let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
      if fd >= 0 { return (fd, temp) }
      let e = errno
      attempt += 1
      if e == EEXIST && attempt < 100 { continue }
      throw WriteError(path: path, code: e, reason: "cannot create a file in \(dir): \(WriteError.describe(e))")
    }
  }

  private static func syncFolder(_ dir: String) {
    let fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    _ = fsync(fd)
    close(fd)
  }

  /// Writes over an existing file whose owner cannot be given to a new one: the space is reserved first
  /// (a full disk fails before anything changes), then the content written and the rest cut off.
  static func overwriteInPlace(_ bytes: [UInt8], real: String, given path: String, fault: Fault?)
    throws(WriteError)
  {
    let fd = open(real, O_WRONLY | O_CLOEXEC)
    guard fd >= 0 else { throw WriteError(path: path, code: errno) }
    defer { close(fd) }
    #if os(Linux)
      if !bytes.isEmpty {
        let r = posix_fallocate(fd, 0, off_t(bytes.count))
        if r != 0 && r != EOPNOTSUPP && r != EINVAL { throw WriteError(path: path, code: r) }
      }
    #endif
    try writeAll(bytes, to: fd, path: path, fault: fault)
    if ftruncate(fd, off_t(bytes.count)) != 0 { throw WriteError(path: path, code: errno) }
    if fsync(fd) != 0 && errno != EINVAL { throw WriteError(path: path, code: errno) }
  }

  /// A device, FIFO or a descriptor's file: opened without truncating or creating, written, closed.
  private static func writeInPlace(_ bytes: [UInt8], to target: String, given path: String, fault: Fault?)
    throws(WriteError)
  {
    let fd = open(target, O_WRONLY | O_APPEND | O_NOCTTY | O_CLOEXEC)
    guard fd >= 0 else { throw WriteError(path: path, code: errno) }
    do {
      try writeAll(bytes, to: fd, path: path, fault: fault)
    } catch {
      close(fd)
      throw error
    }
    if close(fd) != 0 && errno != EINTR { throw WriteError(path: path, code: errno) }
  }

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
          if errno == EINTR { continue }
          return errno
        }
        if n == 0 { return EIO }
        offset += n
      }
      return nil
    }
    if let failure { throw WriteError(path: path, code: failure) }
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
