import ArgumentParser
import Foundation
import Raster
import SceneFile
import StudioCore
import StudioSDL

struct List: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "List the scene library with titles.",
    discussion: """
      Lists every .yaml, .yml and .json file in DIR (default: the Scenes folder, looked up from the \
      current directory, then from the executable's folder upwards) as a table of id (the file name \
      without extension) and title. Files that do not load are listed with "(invalid: ...)".
      """
  )

  @Argument(help: "The folder holding the scenes.")
  var directory: String?

  @OptionGroup var language: LanguageOption

  func run() throws {
    let dir = try resolveDirectory()
    let names = try FileManager.default.contentsOfDirectory(atPath: dir)
      .filter { ["yaml", "yml", "json"].contains(($0 as NSString).pathExtension.lowercased()) }
      .sorted()
    var rows: [(id: String, title: String)] = []
    for name in names {
      let path = (dir as NSString).appendingPathComponent(name)
      let id = (name as NSString).deletingPathExtension
      do {
        let scene = try SceneLoader.load(path: path)
        let lang = language.language
        rows.append((id, scene.title(in: lang.rawValue) ?? lang("(untitled)", "（无标题）")))
      } catch {
        let first = error.diagnostics.first.map { "\($0.line):\($0.column): \($0.message)" } ?? "unknown error"
        let more = error.diagnostics.count > 1 ? " (+\(error.diagnostics.count - 1) more)" : ""
        rows.append((id, "(invalid: \(first)\(more))"))
      }
    }
    let width = max(rows.map(\.id.count).max() ?? 0, 2)
    var out = "id".padding(toLength: width, withPad: " ", startingAt: 0) + "  title\n"
    for row in rows { out += row.id.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + row.title + "\n" }
    Console.out(out)
  }

  private func resolveDirectory() throws -> String {
    var isDirectory: ObjCBool = false
    if let directory {
      guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
        throw InputError("\(directory): no such directory")
      }
      return directory
    }
    guard let found = ResourceLocator.findUpward("Scenes") else {
      throw InputError("no Scenes folder found above the current directory or the executable")
    }
    return found
  }
}
