import Foundation
import Raster

/// Finds the package's folders (`Assets/`, `Scenes/`) at run time.
///
/// Looks upward from the current directory and from the executable's directory (so both
/// `swift run` in the checkout and `.build/release/touchscope` from elsewhere work), and at each level in
/// `share/touchscope/` too: where `make install PREFIX=…` puts them beside `bin/touchscope`.
public enum ResourceLocator {
  /// Where `make install` puts `Assets/` and `Scenes/`, under its prefix.
  public static let installedDataPath = "share/touchscope"

  /// The environment variable naming the assets folder explicitly.
  public static let assetsEnvironmentKey = "TOUCHSCOPE_ASSETS"

  /// The first directory, walking up from the current directory and then from the executable's
  /// directory, that holds `relativePath`; returns the path of that file or folder.
  public static func findUpward(_ relativePath: String) -> String? {
    findUpward(relativePath, from: searchStarts())
  }

  /// The same search from the directories `starts`.
  static func findUpward(_ relativePath: String, from starts: [String]) -> String? {
    let fm = FileManager.default
    for start in starts {
      var dir = URL(fileURLWithPath: start, isDirectory: true).standardizedFileURL
      while true {
        for base in [dir, dir.appendingPathComponent(installedDataPath)] {
          let candidate = base.appendingPathComponent(relativePath).path
          if fm.fileExists(atPath: candidate) { return candidate }
        }
        let parent = dir.deletingLastPathComponent()
        if parent.path == dir.path { break }
        dir = parent
      }
    }
    return nil
  }

  /// The `Assets` folder: `$TOUCHSCOPE_ASSETS` if set, else found upward (it holds `DejaVuSans.ttf`).
  public static func assetsDirectory(environment: [String: String] = ProcessInfo.processInfo.environment)
    throws(ResourceError) -> String
  {
    if let explicit = environment[assetsEnvironmentKey], !explicit.isEmpty {
      let font = URL(fileURLWithPath: explicit).appendingPathComponent(FontFace.regular.fileName).path
      guard FileManager.default.fileExists(atPath: font) else {
        throw ResourceError(message: "\(assetsEnvironmentKey)=\(explicit) holds no \(FontFace.regular.fileName)")
      }
      return explicit
    }
    guard let font = findUpward("Assets/" + FontFace.regular.fileName) else {
      throw ResourceError(
        message: "cannot find Assets/\(FontFace.regular.fileName) above the current directory or the executable;"
          + " set \(assetsEnvironmentKey) to the Assets folder")
    }
    return URL(fileURLWithPath: font).deletingLastPathComponent().path
  }

  /// The directory of the running executable (symbolic links resolved), if known.
  public static var executableDirectory: String? {
    let exe =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? Bundle.main.executablePath ?? CommandLine.arguments.first
    guard let exe else { return nil }
    return URL(fileURLWithPath: exe).resolvingSymlinksInPath().deletingLastPathComponent().path
  }

  private static func searchStarts() -> [String] {
    var starts = [FileManager.default.currentDirectoryPath]
    if let exe = executableDirectory, exe != starts[0] { starts.append(exe) }
    return starts
  }
}

/// A resource the program needs could not be found.
public struct ResourceError: Error, CustomStringConvertible, Sendable {
  public var message: String
  public var description: String { message }
}
