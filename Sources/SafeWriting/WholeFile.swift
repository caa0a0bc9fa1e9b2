#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one way Touchscope reads a whole file into memory: a scene (`SceneLoader`), the text cache
/// (`TextCacheFile`). Straight `open`/`fstat`/`read`, nothing else: no lookups of the file's owner or
/// attributes, which `FileManager` makes (a scene read at start-up took 0.4 – 1.4 ms through it).
public enum WholeFile {
  /// Why a file was not read.
  public enum Failure: Error, Equatable, Sendable {
    /// It could not be opened (missing, a dangling symlink, no permission: `SafeWriter.missingReason` says which).
    case cannotOpen
    /// It is a folder.
    case folder
    /// It is larger than the limit.
    case tooLarge
    /// It is not a regular file, and only regular files were asked for.
    case notRegular
    /// Reading it failed, or it was cut short while it was read.
    case unreadable
  }

  /// The bytes of the file at `path`, at most `limit` of them.
  ///
  /// `regularOnly`: only a regular file is read, opened without waiting, so a FIFO at the path never holds
  /// the caller up (start-up reading its cache). Otherwise a device or a pipe (`/dev/stdin`) is read to its
  /// end, as a user who names one asks.
  public static func contents(of path: String, limit: Int, regularOnly: Bool = false) -> Result<[UInt8], Failure> {
    let fd = open(path, O_RDONLY | O_CLOEXEC | (regularOnly ? O_NONBLOCK : 0))
    guard fd >= 0 else { return .failure(.cannotOpen) }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0 else { return .failure(.unreadable) }
    let kind = st.st_mode & S_IFMT
    if kind == S_IFDIR { return .failure(.folder) }
    guard kind == S_IFREG else {
      return regularOnly ? .failure(.notRegular) : readToEnd(fd, limit: limit)
    }
    guard st.st_size <= limit else { return .failure(.tooLarge) }
    let size = Int(st.st_size)
    var complete = true
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
      count = fill(fd, buffer.baseAddress!, size)
      complete = count == size
    }
    return complete ? .success(bytes) : .failure(.unreadable)
  }

  /// A stream's bytes to its end, at most `limit`.
  private static func readToEnd(_ fd: Int32, limit: Int) -> Result<[UInt8], Failure> {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
      if n > 0 {
        bytes += chunk[..<n]
        if bytes.count > limit { return .failure(.tooLarge) }
      } else if n == 0 {
        return .success(bytes)
      } else if errno != EINTR {
        return .failure(.unreadable)
      }
    }
  }

  /// Reads up to `size` bytes into `buffer`; how many were read (fewer at an early end or an error).
  private static func fill(_ fd: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ size: Int) -> Int {
    var done = 0
    while done < size {
      let n = read(fd, buffer + done, size - done)
      if n > 0 {
        done += n
      } else if n < 0 && errno == EINTR {
        continue
      } else {
        break
      }
    }
    return done
  }
}
