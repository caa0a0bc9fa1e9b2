import ArgumentParser
import DeviceBridge
import Foundation
import SafeWriting
import SceneFile
import StudioCore

/// `touchscope import …`: scene files made from what a running app prints.
struct Import: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Make scene files from what a running app prints or from Interface Builder files.",
    subcommands: [ImportRecursiveDescription.self, ImportStoryboard.self]
  )
}

struct ImportRecursiveDescription: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "recursive-description",
    abstract: "Make a scene from the output of `po view.recursiveDescription()` in LLDB.",
    discussion: """
      FILE holds what LLDB printed for `po view.recursiveDescription()` (or \
      `po UIWindow.keyWindow?.recursiveDescription()`), optionally followed by what it printed for \
      `po someView.gestureRecognizers`: each recognizer is attached to the view whose address it names. \
      The scene goes to --out (or standard output); each view's class and address are kept in a comment on \
      its id line. What people paste is read as it comes: text before a view on its line (a log header, \
      `(id) $1 = …`, `@"`) is skipped, a line cut short is left out with the views under it, layer lines \
      are left out, and a second dump in the file is left out (--dump N imports another). What cannot be \
      carried over is written as FILE:LINE:COLUMN: warning: … on standard error, one line per kind with \
      how many there are (--verbose lists each); a file with no readable view is FILE:LINE:COLUMN: error: … \
      and exit code 1.
      """
  )

  @Argument(help: "The text LLDB printed.")
  var file: String

  @Option(help: "Where to write the scene (default: standard output).")
  var out: String?

  @Option(
    help:
      "Which view hierarchy to import when the file holds several (1 for the first). Default: the first that has more than one view."
  )
  var dump: Int?

  @Flag(help: "List every warning, not one line per kind.")
  var verbose = false

  func validate() throws {
    if let out { try OutputPath.refuseInput(out, among: [("the LLDB text", file)], product: "the scene") }
  }

  func run() throws {
    let data = try SceneInput.bytes(of: file, expecting: "a text file")
    let imported: ImportedScene
    do {
      imported = try RecursiveDescriptionImporter.importDescription(
        data, file: file, schema: out.flatMap(Self.schemaPath), dump: dump)
    } catch {
      SceneInput.report(error)
      throw InputError()
    }
    for w in verbose ? imported.allWarnings : imported.warnings { Console.error(w.description) }
    if let out {
      do {
        try SafeWriter.write(imported.yaml, to: out)
      } catch {
        throw InputError("cannot write \(out): \(error.reason)")
      }
    } else {
      Console.out(imported.yaml)
    }
  }

  /// The scene schema's path relative to the folder of `out`, when the schema can be found (beside the
  /// program or above the current directory); nil otherwise.
  static func schemaPath(for out: String) -> String? {
    guard let schema = ResourceLocator.findUpward("docs/scene.schema.json") else { return nil }
    let from = URL(fileURLWithPath: out).standardizedFileURL.deletingLastPathComponent().resolvingSymlinksInPath()
      .pathComponents
    let to = URL(fileURLWithPath: schema).standardizedFileURL.resolvingSymlinksInPath().pathComponents
    var common = 0
    while common < from.count, common < to.count - 1, from[common] == to[common] { common += 1 }
    let path = Array(repeating: "..", count: from.count - common) + to[common...]
    return path.joined(separator: "/")
  }
}
