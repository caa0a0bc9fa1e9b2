import ArgumentParser
import Foundation
import SceneFile

struct Check: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Validate scene files.",
    discussion: """
      Prints every problem as FILE:LINE:COLUMN: error: MESSAGE on standard error and "OK: FILE" on \
      standard output for each valid file. Exits with 1 when any file is invalid.
      """
  )

  @Argument(help: "The scene files to check.")
  var scenes: [String]

  func validate() throws {
    if scenes.isEmpty { throw ValidationError("give at least one scene file") }
  }

  func run() throws {
    var bad = 0
    for path in scenes {
      guard FileManager.default.fileExists(atPath: path) else {
        Console.error("\(path): error: \(SafeWriter.missingReason(path))")
        bad += 1
        continue
      }
      do {
        _ = try SceneLoader.load(path: path)
        Console.out("OK: \(path)\n")
      } catch {
        SceneInput.report(error)
        bad += 1
      }
    }
    if bad > 0 { throw ExitCode(1) }
  }
}
