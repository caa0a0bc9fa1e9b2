import Foundation
import SceneFile
import StudioCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file work of the model's saves (`StudioEffect.saveScene`, `.saveNewFile`), apart from the window so
/// that tests run it on temporary files: `StudioApp` hands each outcome to `StudioModel.saveFinished`.
public enum SceneSaving {
  /// Carries out a save effect; nil for any other effect.
  public static func perform(_ effect: StudioEffect) -> SaveOutcome? {
    switch effect {
    case .saveScene(let path, let text, let expected): return save(text, over: path, expected: expected)
    case .saveNewFile(let like, let text): return saveNewFile(text, like: like)
    default: return nil
    }
  }

  /// Writes `text` over the scene file at `path` only if the file still holds `expected` (read as the
  /// loader reads it); otherwise writes nothing. A leading BOM of the file stays.
  public static func save(_ text: String, over path: String, expected: String) -> SaveOutcome {
    guard let data = FileManager.default.contents(atPath: path), let onDisk = String(data: data, encoding: .utf8)
    else {
      return .changedOnDisk(path: path, removed: true, newFile: nextNewFile(like: path))
    }
    guard Array(onDisk.utf8) == Array(expected.utf8) else {
      return .changedOnDisk(path: path, removed: false, newFile: nextNewFile(like: path))
    }
    let bom: [UInt8] = data.starts(with: [0xEF, 0xBB, 0xBF]) ? [0xEF, 0xBB, 0xBF] : []
    do {
      try Data(bom + Array(text.utf8)).write(to: URL(fileURLWithPath: path), options: .atomic)
      return .saved(path: path)
    } catch {
      return .failed(path: path, reason: error.localizedDescription)
    }
  }

  /// The new file beside `path` that `saveNewFile` would write now (the first number with no file).
  public static func nextNewFile(like path: String) -> String {
    var n = 1
    while exists(StudioModel.newFilePath(like: path, number: n)) { n += 1 }
    return StudioModel.newFilePath(like: path, number: n)
  }

  /// Writes `text` to a new file beside `path` (`NAME.touchscope-N.EXT`, the first free number), created
  /// exclusively: never over a file, even one that appears meanwhile.
  public static func saveNewFile(_ text: String, like path: String) -> SaveOutcome {
    var n = 1
    while true {
      let candidate = StudioModel.newFilePath(like: path, number: n)
      let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
      if fd < 0 {
        let code = errno
        if code == EEXIST && n < 100_000 {
          n += 1
          continue
        }
        return .failed(path: candidate, reason: String(cString: strerror(code)))
      }
      var bytes = Array(text.utf8)
      var written = 0
      var failure: Int32?
      while written < bytes.count {
        let r = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
        if r < 0 {
          if errno == EINTR { continue }
          failure = errno
          break
        }
        written += r
      }
      if failure == nil && fsync(fd) != 0 { failure = errno }
      if close(fd) != 0 && failure == nil { failure = errno }
      bytes = []
      if let failure {
        unlink(candidate)
        return .failed(path: candidate, reason: String(cString: strerror(failure)))
      }
      return .savedNewFile(path: candidate)
    }
  }

  /// Something is at `path` (a dangling symlink counts).
  private static func exists(_ path: String) -> Bool {
    var st = stat()
    return lstat(path, &st) == 0
  }
}
