import Foundation
import Testing

@testable import StudioSDL

/// The scene file watcher (inotify on Linux): it reports the saves editors make, in place and by rename,
/// a file deleted, and a folder deleted and made again; it says nothing of other files in the folder. Each
/// test waits for a report for up to ten seconds (a loaded machine is slow, never wrong), so none depends
/// on timing; the wake-ups are counted by a semaphore the watcher's thread signals.
@Suite("Scene file watcher")
struct SceneFileWatcherTests {
  /// A folder with `scene.yaml` in it, a watcher on that file, and its wake-ups.
  final class Fixture: Sendable {
    let dir: URL
    let path: String
    let woken = DispatchSemaphore(value: 0)
    let watcher: SceneFileWatcher

    init() throws {
      dir = FileManager.default.temporaryDirectory.appendingPathComponent("touchscope-watch-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
      path = dir.appendingPathComponent("scene.yaml").path
      try Data("a: 1\n".utf8).write(to: URL(fileURLWithPath: path))
      let woken = woken
      watcher = SceneFileWatcher(wake: { woken.signal() })
    }

    deinit {
      watcher.stop()
      try? FileManager.default.removeItem(at: dir)
    }

    /// Waits for the watcher to report a change (true), for up to `seconds`.
    func reported(within seconds: Double = 10) -> Bool {
      let deadline = Date().addingTimeInterval(seconds)
      while Date() < deadline {
        if watcher.takeChange() { return true }
        _ = woken.wait(timeout: .now() + 0.05)
      }
      return watcher.takeChange()
    }

    /// Writes `text` to `name` in the folder, in place (open, truncate, write, close).
    func writeInPlace(_ text: String, to name: String = "scene.yaml") throws {
      let fd = open(dir.appendingPathComponent(name).path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      try #require(fd >= 0)
      let bytes = Array(text.utf8)
      #expect(write(fd, bytes, bytes.count) == bytes.count)
      close(fd)
    }
  }

  #if os(Linux)
    @Test func aRenameSaveIsReported() throws {
      let f = try Fixture()
      #expect(f.watcher.watch(f.path))
      #expect(f.watcher.isWatching)
      #expect(!f.watcher.takeChange())
      // An editor's safe save: a new file beside it, renamed over it.
      let temporary = f.dir.appendingPathComponent(".scene.yaml.swp").path
      try Data("a: 2\n".utf8).write(to: URL(fileURLWithPath: temporary))
      #expect(rename(temporary, f.path) == 0)
      #expect(f.reported())
      #expect(f.watcher.isWatching)
    }

    @Test func aWriteInPlaceIsReported() throws {
      let f = try Fixture()
      #expect(f.watcher.watch(f.path))
      try f.writeInPlace("a: 3\n")
      #expect(f.reported())
    }

    /// A file only deleted is reported too (after the moment it waits for a write that would follow).
    @Test func aDeletionIsReported() throws {
      let f = try Fixture()
      #expect(f.watcher.watch(f.path))
      try FileManager.default.removeItem(atPath: f.path)
      #expect(f.reported())
    }

    /// Other files of the folder are none of its business: their writes are not reported, and the file's
    /// own write after them is.
    @Test func otherFilesInTheFolderAreNotReported() throws {
      let f = try Fixture()
      #expect(f.watcher.watch(f.path))
      try f.writeInPlace("b: 1\n", to: "other.yaml")
      try FileManager.default.removeItem(at: f.dir.appendingPathComponent("other.yaml"))
      try f.writeInPlace("a: 4\n")
      #expect(f.reported())
      // Every event of the other file came before the one reported: nothing is left.
      Thread.sleep(forTimeInterval: 2 * SceneFileWatcher.settle / 1000)
      #expect(!f.watcher.takeChange())
    }

    /// The folder deleted: the watch ends (the window polls), and once the folder is made again the watcher
    /// watches it again and reports the file's next save.
    @Test func aFolderDeletedAndMadeAgainIsWatchedAgain() throws {
      let f = try Fixture()
      #expect(f.watcher.watch(f.path))
      try FileManager.default.removeItem(at: f.dir)
      #expect(f.reported())
      let deadline = Date().addingTimeInterval(10)
      while f.watcher.isWatching && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
      #expect(!f.watcher.isWatching)
      #expect(!f.watcher.rearm())
      try FileManager.default.createDirectory(at: f.dir, withIntermediateDirectories: true)
      #expect(f.watcher.rearm())
      _ = f.watcher.takeChange()
      try Data("a: 5\n".utf8).write(to: URL(fileURLWithPath: f.path), options: .atomic)
      #expect(f.reported())
    }
  #endif

  /// Stopping is prompt and may be asked for twice; a stopped watcher reports nothing.
  @Test func stopsAtOnce() throws {
    let f = try Fixture()
    f.watcher.watch(f.path)
    f.watcher.stop()
    f.watcher.stop()
    try f.writeInPlace("a: 6\n")
    Thread.sleep(forTimeInterval: 0.1)
    #expect(!f.watcher.takeChange())
  }
}
