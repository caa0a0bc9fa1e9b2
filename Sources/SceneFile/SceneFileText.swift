import Foundation
import SafeWriting

/// Reading files and finishing results for `SceneLoader`.
enum SceneFileText {
  /// The file's text, or a positioned error (line 1, column 1) saying why it cannot be read.
  static func read(_ path: String) throws(SceneFileError) -> String {
    func fail(_ message: String) -> SceneFileError {
      SceneFileError([Diagnostic(file: path, line: 1, column: 1, message: message)])
    }
    switch WholeFile.contents(of: path, limit: SceneReader.maxBytes) {
    case .failure(.cannotOpen): throw fail(SafeWriter.missingReason(path))
    case .failure(.folder): throw fail("this is a folder, not a scene file")
    case .failure(.tooLarge): throw fail("the file is too large: at most \(SceneReader.maxBytes >> 20) MiB")
    case .failure(.notRegular), .failure(.unreadable): throw fail("cannot read the file")
    case .success(let bytes):
      // Foundation's decoding, which also leaves out a leading byte order mark.
      guard let text = String(bytes: bytes, encoding: .utf8) else { throw fail("the file is not UTF-8 text") }
      return text
    }
  }

  /// The value, or the error; never an error without diagnostics.
  static func unwrap<T>(_ result: Result<T, SceneFileError>?, file: String) throws(SceneFileError) -> T {
    switch result {
    case .success(let value)?:
      return value
    case .failure(let e)? where !e.diagnostics.isEmpty:
      throw e
    default:
      throw SceneFileError([Diagnostic(file: file, line: 1, column: 1, message: "the file could not be read")])
    }
  }
}
