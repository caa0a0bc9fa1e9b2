import Foundation
import SafeWriting
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
      // Through its symlinks to the real file, its mode and owner kept, a read-only file refused (hostile input).
      try SafeWriter.write(bom + Array(text.utf8), to: path)
      return .saved(path: path)
    } catch {
      return .failed(path: path, reason: error.reason)
    }
  }

  /// The new file beside `path` that `saveNewFile` would write now (the first number with no file).
  public static func nextNewFile(like path: String) -> String {
    StudioModel.newFilePath(like: path, number: firstFreeNumber(like: path))
  }

  /// The first number N with nothing at `NAME.touchscope-N.EXT` beside `path`.
  private static func firstFreeNumber(like path: String, from start: Int = 1) -> Int {
    var n = start
    while exists(StudioModel.newFilePath(like: path, number: n)) { n += 1 }
    return n
  }

  /// Writes `text` to a new file beside `path` (`NAME.touchscope-N.EXT`, the first free number), created
  /// exclusively: never over a file, even one that appears meanwhile.
  public static func saveNewFile(_ text: String, like path: String) -> SaveOutcome {
    var n = firstFreeNumber(like: path)
    while true {
      let candidate = StudioModel.newFilePath(like: path, number: n)
      do {
        try SafeWriter.write(text, to: candidate, mode: .createNew)
        return .savedNewFile(path: candidate)
      } catch let error where error.code == EEXIST && n < 100_000 {
        // It appeared since it was looked for: the next free one.
        n = firstFreeNumber(like: path, from: n + 1)
      } catch {
        return .failed(path: candidate, reason: error.reason)
      }
    }
  }

  /// A take (Ctrl+Shift+S): `text` as a new scene file beside the lesson, at the first free
  /// `NAME.take-N.yaml`. Free means nothing at all at the name: a symlink (dangling or not), a folder or a
  /// file there is passed over for the next number, and the file is created without following a link
  /// (`SafeWriter`'s `.createNew`), so a link made meanwhile is never followed either.
  public static func saveTake(_ text: String, beside lesson: String) -> Result<String, WriteError> {
    var n = 1
    while true {
      let path = StudioModel.takePath(beside: lesson, number: n)
      do {
        try SafeWriter.write(text, to: path, mode: .createNew)
        return .success(path)
      } catch let error where error.code == EEXIST && n < 100_000 {
        n += 1
      } catch {
        return .failure(error)
      }
    }
  }

  /// Something is at `path` (a dangling symlink counts).
  private static func exists(_ path: String) -> Bool {
    var st = stat()
    return lstat(path, &st) == 0
  }
}
