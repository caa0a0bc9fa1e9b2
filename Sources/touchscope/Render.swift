import ArgumentParser
import Foundation
import Geometry
import Raster
import SafeWriting
import SceneFile
import StudioCore
import StudioSDL
import TouchSim

struct Render: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Render what the window shows at a time to a PNG file, headless.",
    discussion: """
      Runs the scene's script (or --script) up to --at milliseconds, then draws the whole window as it \
      would look then, every decision up to that time shown: the device with its views, fingers and the \
      last hit-test walk, the recognizer cards, the timeline and the narration. Uses the window's own \
      software rasterizer (the same pixels the window shows) and needs no display.
      """
  )

  @OptionGroup var sceneFile: SceneArgument
  var scene: String { sceneFile.scene }

  @Option(help: "The time in milliseconds from the start of the script.")
  var at: Double = 0

  @Option(help: "The PNG file to write.")
  var out: String

  @Option(help: "The image size in pixels, as WIDTHxHEIGHT.")
  var size: String = "1200x900"

  @OptionGroup var scriptFile: ScriptOption
  var script: String? { scriptFile.script }

  @Flag(help: "Presenter mode: large text, high contrast.")
  var presenter = false

  @Flag(help: "The stage: the inspector and the timeline folded away, the device as large as it can be.")
  var stage = false

  @OptionGroup var language: LanguageOption

  @Option(help: "The UI scale (0.5 to 4): text, panels and strokes this many times larger (2 for a 4K screen).")
  var scale: Double = 1

  @Option(help: "Which inspector tab to show: recognizers, views or pairs.")
  var inspector: String = "recognizers"

  @Option(help: "Which bottom tab to show: timeline or log.")
  var bottom: String = "timeline"

  @Flag(name: .customLong("show-help"), help: "Show the window's help overlay in the picture.")
  var showHelp = false

  func validate() throws {
    _ = try Self.parseSize(size)
    guard InspectorTab(rawValue: inspector) != nil else {
      throw ValidationError("--inspector must be recognizers, views or pairs")
    }
    guard BottomTab(rawValue: bottom) != nil else { throw ValidationError("--bottom must be timeline or log") }
    guard scale.isFinite, (0.5...4).contains(scale) else { throw ValidationError("--scale must be 0.5 to 4") }
    guard at.isFinite, at >= 0, at <= 10_000_000 else {
      throw ValidationError("--at must be a time in milliseconds, 0 to 10000000")
    }
    try Self.checkOutput(out, naming: "a PNG file")
    try OutputPath.refuseInput(
      out, among: [("the scene file", scene), ("the script file", script)], product: "the PNG")
  }

  /// `--out` names a file (not a folder) in a folder that exists: `what` says which kind of file.
  static func checkOutput(_ out: String, naming what: String) throws {
    guard !out.isEmpty, !out.hasSuffix("/") else { throw ValidationError("--out must name \(what)") }
    var isDir: ObjCBool = false
    if FileManager.default.fileExists(atPath: out, isDirectory: &isDir), isDir.boolValue {
      throw ValidationError("--out: \(out) is a directory")
    }
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
    let time = at
    // The run up to `--at` within the trace limit (the model would stop there too, with only a hint).
    _ = try SceneInput.replay(scene, script: steps.filter { $0.t <= time }, path: script ?? self.scene)
    let path = out
    let options = (presenter, InspectorTab(rawValue: inspector)!, BottomTab(rawValue: bottom)!, showHelp)
    let scenePath = self.scene
    let uiScale = scale
    let onStage = stage
    let lang = language.language
    try MainActor.assumeIsolated {
      let model = StudioModel(scene: scene, path: scenePath)
      model.language = lang
      model.narrator = StudioNarration.narrator(language: lang)
      model.setStartScale(uiScale)
      if options.0 { model.perform(.togglePresenter) }
      if onStage { model.perform(.toggleStage) }
      model.perform(.inspectorTab(options.1))
      model.perform(.bottomTab(options.2))
      if options.3 { model.perform(.toggleHelp) }
      model.show(script: steps, at: time)
      // Encoded in memory, then written with SafeWriter: a full disk or any other write error exits 1
      // with its reason, and never leaves a truncated picture or truncates an existing one.
      do {
        try renderWindowPNG(model, size: pixels, path: path)
      } catch let error as WriteError {
        throw InputError("cannot write \(path): \(error.reason)")
      } catch {
        throw InputError("cannot render the picture for \(path): \(error)")
      }
    }
  }

  /// `WIDTHxHEIGHT` in pixels, each 16...8192.
  static func parseSize(_ text: String) throws -> Size {
    guard let size = SizeArgument.parse(text, sides: 16...8192, whole: true) else {
      throw ValidationError("--size must be WIDTHxHEIGHT in pixels (16 to 8192 each), not \(text)")
    }
    return size
  }
}
