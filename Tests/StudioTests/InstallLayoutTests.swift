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
}
