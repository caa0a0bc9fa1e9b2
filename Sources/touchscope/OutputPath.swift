import ArgumentParser
import Foundation
import SafeWriting
import SceneFile

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The check every command that writes a file makes before it reads anything: its output is never one of
/// its inputs (`render s.yaml --out s.yaml` would replace the scene with a picture).
enum OutputPath {
  /// Refuses `out` (given as `option`) when it is, once symlinks are followed, the same file (device and
  /// inode) as one of `inputs` (`what` names each: "the scene file"); `product` says what would be written
  /// ("the PNG"). An output that does not exist yet, or that is a device or a pipe, is no input's file.
  static func refuseInput(
    _ out: String, option: String = "--out", among inputs: [(what: String, path: String?)], product: String
  ) throws {
    let real: String
    switch try? SafeWriter.resolve(out) {
    case .regularFile(let path, let exists)?:
      guard exists else { return }
      real = path
    default: return
    }
    var st = stat()
    guard stat(real, &st) == 0 else { return }
    for input in inputs {
      guard let path = input.path else { continue }
      var other = stat()
      if stat(path, &other) == 0, other.st_dev == st.st_dev, other.st_ino == st.st_ino {
        throw ValidationError("\(option) \(out) is \(input.what) \(path): \(product) would replace it")
      }
    }
  }
}
