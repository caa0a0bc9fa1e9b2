import Foundation
import SafeWriting

/// Reading files and finishing results for `SceneLoader`.
enum SceneFileText {
  /// The file's text, or a positioned error (line 1, column 1) saying why it cannot be read.
  static func read(_ path: String) throws(SceneFileError) -> String {
    func fail(_ message: String) -> SceneFileError {
      SceneFileError([Diagnostic(file: path, line: 1, column: 1, message: message)])
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw fail(SafeWriter.missingReason(path))
    }
    guard !isDirectory.boolValue else { throw fail("this is a folder, not a scene file") }
    if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber,
      size.intValue > SceneReader.maxBytes
    {
      throw fail("the file is too large: at most \(SceneReader.maxBytes >> 20) MiB")
    }
    guard let data = FileManager.default.contents(atPath: path) else { throw fail("cannot read the file") }
    guard data.count <= SceneReader.maxBytes else {
      throw fail("the file is too large: at most \(SceneReader.maxBytes >> 20) MiB")
    }
    guard let text = String(data: data, encoding: .utf8) else { throw fail("the file is not UTF-8 text") }
    return text
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
