import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Tells the frame loop when to look at the scene file again: as soon as the kernel reports a change to it
/// (Linux inotify), else ten times a second.
///
/// The file's folder is watched, not the file: a save that writes another file and renames it over this one
/// (most editors' safe save) replaces the file the kernel would be watching, and a file deleted and made
/// again would be lost too. A thread blocks on the inotify descriptor; when an event names the file it marks
/// a change and calls `wake` (the window pushes an event that ends the loop's wait for input). Events that
/// end a write (`IN_CLOSE_WRITE`, `IN_MOVED_TO`) are reported at once; those that begin or break one
/// (`IN_CREATE`, `IN_DELETE`, `IN_MOVED_FROM`) once `settle` ms have passed without another, so a save in
/// several steps is read once, whole, and a file that is only deleted is still noticed.
///
/// The watcher only says when to look: the loop still compares the file's stamp (`FileStamp`), so a save
/// the window made itself, or an event that changed nothing, reloads nothing. While inotify watches, the loop
/// still looks once a second (`watchedInterval`: a file system that reports no events, such as a network
/// one, is still followed); without it (another system, no descriptor or watch to be had, the folder gone)
/// it looks ten times a second (`pollInterval`) and tries to watch again each time.
final class SceneFileWatcher: Sendable {
  /// How often the loop looks at the file without inotify (ms).
  static let pollInterval = 100.0
  /// How often the loop looks at the file while inotify watches it (ms).
  static let watchedInterval = 1000.0
  /// How long an event that begins or breaks a write waits for the event that ends it (ms).
  static let settle = 40.0

  private struct State {
    /// The folder watched and the file's name in it.
    var directory: String?
    var name: String?
    /// The inotify watch on `directory`; -1 when there is none.
    var watch: Int32 = -1
    /// A change was reported and not taken yet.
    var changed = false
    /// When an event that begins or breaks a write came (monotonic ns), while it settles.
    var settling: UInt64?
    var stopped = false
  }

  private let state = Mutex(State())
  /// The inotify descriptor (-1: not available) and the pipe that ends the thread.
  private let inotify: Int32
  private let stopPipe: (read: Int32, write: Int32)
  private let wake: @Sendable () -> Void
  private let finished = DispatchSemaphore(value: 0)

  /// A watcher whose thread calls `wake` after marking a change (from that thread).
  init(wake: @escaping @Sendable () -> Void) {
    self.wake = wake
    #if os(Linux)
      var fds: [Int32] = [-1, -1]
      let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      if fd >= 0 && pipe(&fds) == 0 {
        for p in fds { _ = fcntl(p, F_SETFD, FD_CLOEXEC) }
        inotify = fd
        stopPipe = (fds[0], fds[1])
      } else {
        if fd >= 0 { close(fd) }
        inotify = -1
        stopPipe = (-1, -1)
      }
    #else
      inotify = -1
      stopPipe = (-1, -1)
    #endif
    guard inotify >= 0 else { return }
    let thread = Thread { [self] in run() }
    thread.name = "touchscope.scene-watch"
    thread.start()
  }

  /// Inotify watches the file now (it may stop: the folder deleted or moved away).
  var isWatching: Bool { state.withLock { $0.watch >= 0 } }

  /// Whether a change was reported since the last call.
  func takeChange() -> Bool {
    state.withLock { s in
      defer { s.changed = false }
      return s.changed
    }
  }

  /// Watches `path` from now on (and no longer the file watched before). False when inotify cannot watch it.
  @discardableResult
  func watch(_ path: String) -> Bool {
    let url = URL(fileURLWithPath: path)
    let directory = url.deletingLastPathComponent().path
    let name = url.lastPathComponent
    return state.withLock { s in
      s.directory = directory
      s.name = name
      s.settling = nil
      return Self.arm(&s, inotify: inotify, replacing: true)
    }
  }

  /// Tries again to watch the file's folder when it is not watched (made again since it was deleted).
  @discardableResult
  func rearm() -> Bool {
    state.withLock { s in s.watch >= 0 || Self.arm(&s, inotify: inotify, replacing: false) }
  }

  /// Ends the thread and closes the descriptors; waits for the thread to end.
  func stop() {
    guard inotify >= 0 else { return }
    let first = state.withLock { s in
      defer { (s.stopped, s.watch, s.changed) = (true, -1, false) }
      return !s.stopped
    }
    guard first else { return }
    var byte: UInt8 = 1
    _ = write(stopPipe.write, &byte, 1)
    finished.wait()
    close(inotify)
    close(stopPipe.read)
    close(stopPipe.write)
  }

  deinit { stop() }

  // MARK: The thread

  #if os(Linux)
    private static let folderEvents = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)
    private static let watchMask = folderEvents | UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)
    /// Events after which the file is whole: reported at once.
    private static let finalEvents = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO)
  #endif

  /// Adds the watch on `s.directory` (with `replacing`, removing the one before when it was another).
  private static func arm(_ s: inout State, inotify: Int32, replacing: Bool) -> Bool {
    #if os(Linux)
      guard inotify >= 0, !s.stopped, let directory = s.directory else { return false }
      let old = s.watch
      let new = inotify_add_watch(inotify, directory, watchMask)
      if replacing && old >= 0 && old != new { inotify_rm_watch(inotify, old) }
      s.watch = new >= 0 ? new : -1
      return new >= 0
    #else
      return false
    #endif
  }

  private func run() {
    defer { finished.signal() }
    #if os(Linux)
      let capacity = 64 * 1024
      let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
      defer { buffer.deallocate() }
      var fds = [
        pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
        pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0),
      ]
      while true {
        let timeout = state.withLock { s -> Int32 in
          guard let since = s.settling else { return -1 }
          let left = Self.settle - Double(Self.now() &- since) / 1e6
          return Int32(max(left.rounded(.up), 0))
        }
        let ready = poll(&fds, 2, timeout)
        if ready < 0 && errno != EINTR { return }
        if fds[1].revents != 0 { return }
        var report = false
        if ready > 0 && fds[0].revents & Int16(POLLIN) != 0 {
          while true {
            let n = read(inotify, buffer, capacity)
            guard n > 0 else { break }
            report = handle(buffer, count: n) || report
          }
        }
        report =
          state.withLock { s in
            guard let since = s.settling, Double(Self.now() &- since) / 1e6 >= Self.settle else { return false }
            s.settling = nil
            s.changed = true
            return true
          } || report
        if report { wake() }
      }
    #endif
  }

  #if os(Linux)
    /// Reads the events in `buffer`; true when one reports a change at once.
    private func handle(_ buffer: UnsafeMutableRawPointer, count: Int) -> Bool {
      let header = MemoryLayout<inotify_event>.size
      var offset = 0
      var report = false
      state.withLock { s in
        while offset + header <= count {
          let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
          let nameBytes = UnsafeRawBufferPointer(start: buffer + offset + header, count: Int(event.len))
          offset += header + Int(event.len)
          if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
            // Events were lost: look at the file.
            s.changed = true
            report = true
            continue
          }
          guard event.wd == s.watch, s.watch >= 0 else { continue }
          if event.mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 {
            // The folder is gone (or moved away): polling takes over until it can be watched again.
            if event.mask & UInt32(IN_IGNORED) == 0 { inotify_rm_watch(inotify, s.watch) }
            s.watch = -1
            s.settling = nil
            s.changed = true
            report = true
            continue
          }
          let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
          guard name == s.name else { continue }
          if event.mask & Self.finalEvents != 0 {
            s.settling = nil
            s.changed = true
            report = true
          } else {
            s.settling = Self.now()
          }
        }
      }
      return report
    }
  #endif

  private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}
