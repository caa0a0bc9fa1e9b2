import ArgumentParser
import Foundation
import Studio
import TouchSim

struct Render: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Render what the window shows at a time to a PNG file, headless.",
    discussion: """
      Runs the scene's script (or --script) up to --at milliseconds, then draws the window as it would \
      look then (the views with their current properties, the fingers down) with SDL's software \
      renderer. Needs no display.
      """
  )

  @Argument(help: "The scene file (YAML or JSON).")
  var scene: String

  @Option(help: "The time in milliseconds from the start of the script.")
  var at: Double = 0

  @Option(help: "The PNG file to write.")
  var out: String

  @Option(help: "The image size in pixels, as WIDTHxHEIGHT.")
  var size: String = "1200x900"

  @Option(help: "A file holding only `script:` to run instead of the scene's own script.")
  var script: String?

  func validate() throws {
    _ = try Self.parseSize(size)
    guard at.isFinite, at >= 0 else { throw ValidationError("--at must be a time in milliseconds, 0 or more") }
    let parent = (out as NSString).deletingLastPathComponent
    var isDirectory: ObjCBool = false
    if !parent.isEmpty,
      !FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory) || !isDirectory.boolValue
    {
      throw ValidationError("--out: no such directory: \(parent)")
    }
  }

  func run() throws {
    let pixels = try Self.parseSize(size)
    let scene = try SceneInput.load(scene)
    let steps = try script.map { try SceneInput.loadScript($0, for: scene) } ?? scene.script
    let engine = ScriptPlayback.engine(for: scene, script: steps, until: at)
    let touches = TouchMarker.active(in: engine.trace)
    let shown = engine.scene
    let time = at
    let path = out
    try MainActor.assumeIsolated {
      try renderPNG(scene: shown, size: pixels, path: path, touches: touches, status: "t = \(Int(time)) ms")
    }
  }

  /// `WIDTHxHEIGHT` in pixels, each 16...8192.
  static func parseSize(_ text: String) throws -> Size {
    let parts = text.lowercased().split(separator: "x")
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (16...8192).contains(w),
      (16...8192).contains(h)
    else { throw ValidationError("--size must be WIDTHxHEIGHT in pixels (16 to 8192 each), not \(text)") }
    return Size(Double(w), Double(h))
  }
}
