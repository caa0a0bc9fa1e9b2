import Foundation

/// An output written a piece at a time: `--frame-log`, and a trace streamed to a device or FIFO
/// (`--trace-out /dev/stdout`). Opened through `SafeWriter`'s rules: a regular file (symlinks followed)
/// is first replaced atomically by an empty one, keeping its mode and owner, and then appended to; a
/// read-only file is refused; a device or FIFO is opened in place, never replaced, and never waited for:
/// a FIFO nobody reads is refused (`ENXIO`), and a write its reader does not take within a grace period
/// fails (`EAGAIN`) instead of holding the window.
public final class AppendingOutput {
  public let path: String
  public let destination: SafeWriter.Destination
  private var fd: Int32

  public init(path: String) throws(WriteError) {
    self.path = path
    var destination = try SafeWriter.resolve(path)
    if destination.isRegularFile {
      try SafeWriter.write([], to: path)
      destination = try SafeWriter.resolve(path)
    }
    let fd: Int32
    switch destination {
    case .regularFile(let real, _):
      fd = open(real, O_WRONLY | O_APPEND | O_NOCTTY | O_NOFOLLOW | O_CLOEXEC)
      guard fd >= 0 else { throw WriteError(path: path, code: errno) }
    case .inPlace(let p, _):
      fd = try SafeWriter.openInPlace(p, given: path, blocking: false)
    }
    self.fd = fd
    self.destination = destination
  }

  deinit { close(fd) }

  /// Appends `bytes`; the error says why they could not be written.
  public func append(_ bytes: [UInt8]) throws(WriteError) {
    try SafeWriter.writeAll(bytes, to: fd, path: path)
  }

  public func append(_ text: String) throws(WriteError) { try append(Array(text.utf8)) }
}
