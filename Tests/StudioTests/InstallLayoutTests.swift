import Foundation
import Testing

@testable import StudioCore

/// `make install PREFIX=…`: the binary in PREFIX/bin finds its fonts and scenes in PREFIX/share/touchscope.
@Suite struct InstallLayoutTests {
  @Test func theInstalledBinaryFindsItsDataUnderShareTouchscope() throws {
    let fm = FileManager.default
    let prefix = fm.temporaryDirectory.appendingPathComponent("touchscope-install-\(UUID().uuidString)")
    defer { try? fm.removeItem(at: prefix) }
    let data = prefix.appendingPathComponent(ResourceLocator.installedDataPath)
    try fm.createDirectory(at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
    try fm.createDirectory(at: data.appendingPathComponent("Scenes"), withIntermediateDirectories: true)
    try "format: touchscope/1\n".write(
      to: data.appendingPathComponent("Scenes/tour.yaml"), atomically: true, encoding: .utf8)
    let bin = prefix.appendingPathComponent("bin").path
    #expect(
      ResourceLocator.findUpward("Scenes/tour.yaml", from: [bin])
        == data.appendingPathComponent("Scenes/tour.yaml").path)
    // A folder of its own beside the search start wins over the installed one (a checkout's Scenes/).
    try fm.createDirectory(at: prefix.appendingPathComponent("bin/Scenes"), withIntermediateDirectories: true)
    #expect(ResourceLocator.findUpward("Scenes", from: [bin]) == prefix.appendingPathComponent("bin/Scenes").path)
    // Nothing anywhere: nil.
    #expect(ResourceLocator.findUpward("Scenes/none-\(UUID().uuidString).yaml", from: [bin]) == nil)
  }

  /// The scenes name their schema relative to themselves (`$schema=../docs/scene.schema.json`): `make install`
  /// copies it to share/touchscope/docs beside share/touchscope/Scenes, so the path holds once installed.
  @Test func makeInstallCopiesTheSceneSchemaWhereTheScenesFirstLineFindsIt() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let makefile = try String(contentsOf: root.appendingPathComponent("Makefile"), encoding: .utf8)
    let recipe = makefile.components(separatedBy: "\ninstall: build\n")[1].components(separatedBy: "\n\n")[0]
    let data = "$(DESTDIR)$(PREFIX)/" + ResourceLocator.installedDataPath
    #expect(recipe.contains("cp -R Assets Scenes \"\(data)/\""))
    #expect(recipe.contains("install -m 644 docs/scene.schema.json \"\(data)/docs/scene.schema.json\""))
    #expect(recipe.contains("install -d \"$(DESTDIR)$(PREFIX)/bin\" \"\(data)/docs\""))
    // Scenes/X.yaml → ../docs/scene.schema.json is docs/scene.schema.json beside Scenes, in the checkout as
    // in share/touchscope.
    let tour = try String(contentsOf: root.appendingPathComponent("Scenes/tour.yaml"), encoding: .utf8)
    #expect(tour.hasPrefix("# yaml-language-server: $schema=../docs/scene.schema.json\n"))
    let resolved = root.appendingPathComponent("Scenes/../docs/scene.schema.json").standardizedFileURL
    #expect(FileManager.default.fileExists(atPath: resolved.path))
  }
}
