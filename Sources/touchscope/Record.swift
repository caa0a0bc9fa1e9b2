import ArgumentParser
import Foundation
import Raster
import StudioCore
import StudioSDL
import TouchSim

/// `touchscope record`: the scripted run as the window plays it, to a GIF, MP4 or WebM file, through
/// FFmpeg (the encoder: a well-kept tool, not a home-made one).
struct Record: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Record the scripted run, as the window plays it, to a GIF, MP4 or WebM file.",
    discussion: """
      Plays the scene's script (or --script) headless, frame by frame, exactly as the window plays it at \
      speed 1 (or --speed): the same panels, the hit-test walk, the narration, drawn by the window's own \
      rasterizer. The frames go to FFmpeg (`ffmpeg` on the PATH, installed by `make run` and `make test`), \
      which writes the file; the format follows the extension: .gif, .mp4 (H.264) or .webm (VP9). A \
      progress bar goes to standard error. --from and --to choose the part of the run, in ms of script \
      time (by default the whole script and the seconds its last fades take).
      """
  )

  @Argument(help: "The scene file (YAML or JSON).")
  var scene: String

  @Option(help: "The file to write: .gif, .mp4 or .webm.")
  var out: String

  @Option(help: "The frame size in pixels, as WIDTHxHEIGHT.")
  var size: String = "1280x800"

  @Flag(help: "Presenter mode: large text, high contrast.")
  var presenter = false

  @Flag(help: "The stage: the inspector and the timeline folded away.")
  var stage = false

  @Option(help: "Frames per second (1 to 60).")
  var fps: Int = 30

  @Option(help: "Playback speed (0.1 to 4).")
  var speed: Double = 1

  @Option(help: "Start of the recording, in ms of script time.")
  var from: Double = 0

  @Option(help: "End of the recording, in ms of script time (default: the end of the run).")
  var to: Double?

  @Option(help: "A file holding only `script:` to run instead of the scene's own script.")
  var script: String?

  @OptionGroup var language: LanguageOption

  @Flag(help: "No progress bar.")
  var quiet = false

  func validate() throws {
    _ = try Render.parseSize(size)
    guard VideoEncoder.Format(rawValue: (out as NSString).pathExtension.lowercased()) != nil else {
      throw ValidationError("--out must end in .gif, .mp4 or .webm")
    }
    guard (1...60).contains(fps) else { throw ValidationError("--fps must be 1 to 60") }
    guard speed.isFinite, (0.1...4).contains(speed) else { throw ValidationError("--speed must be 0.1 to 4") }
    guard from.isFinite, from >= 0, from <= 10_000_000 else { throw ValidationError("--from must be 0 to 10000000") }
    if let to {
      guard to.isFinite, to > from, to <= 10_000_000 else { throw ValidationError("--to must be after --from") }
    }
    try Render.checkOutput(out, naming: "a .gif, .mp4 or .webm file")
  }

  func run() throws {
    let pixels = try Render.parseSize(size)
    let scene = try SceneInput.load(scene)
    let steps = try script.map { try SceneInput.loadScript($0, for: scene) } ?? scene.script
    let end = to ?? ((steps.last?.t ?? 0) + 1500)
    let frameCount = max(1, Int(((end - from) / speed * Double(fps) / 1000).rounded(.up)))
    let format = VideoEncoder.Format(rawValue: (out as NSString).pathExtension.lowercased())!
    let path = out
    let options = (presenter, stage, language.language, speed, from, fps, quiet)
    let scenePath = self.scene
    try MainActor.assumeIsolated {
      let encoder: VideoEncoder
      do {
        encoder = try VideoEncoder(
          format: format, pixels: .rgba, width: Int(pixels.width), height: Int(pixels.height), fps: options.5,
          out: path)
      } catch let error as VideoEncoder.Failure {
        throw InputError(error.description)
      }
      let model = StudioModel(scene: scene, path: scenePath)
      model.language = options.2
      model.narrator = StudioNarration.narrator(language: options.2)
      if options.0 { model.perform(.togglePresenter) }
      if options.1 { model.perform(.toggleStage) }
      model.perform(.setSpeed(options.3))
      let step = 1000.0 / Double(options.5)
      var wall = 0.0
      model.tick(wall: wall)
      model.play(script: steps)
      // Up to --from without drawing (the clock moves at most 250 ms a tick, as in the window).
      while model.playheadTime < options.4 {
        wall += 100
        model.tick(wall: wall)
      }
      let progress = Progress(total: frameCount, quiet: options.6)
      for i in 0..<frameCount {
        model.tick(wall: wall)
        let bitmap = try renderWindowBitmap(model, size: pixels)
        do {
          try bitmap.pixels.withUnsafeBytes { try encoder.write($0) }
        } catch let error as VideoEncoder.Failure {
          throw InputError(error.description)
        }
        progress.show(i + 1)
        wall += step
      }
      progress.finish()
      do {
        try encoder.finish()
      } catch let error as VideoEncoder.Failure {
        throw InputError(error.description)
      }
    }
  }

  /// A progress bar on standard error: `recording [#########.........] 45/90 frames`.
  struct Progress {
    let total: Int
    let quiet: Bool
    func show(_ done: Int) {
      guard !quiet else { return }
      let width = 30
      let filled = total == 0 ? width : done * width / total
      let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
      try? FileHandle.standardError.write(contentsOf: Data("\rrecording [\(bar)] \(done)/\(total) frames".utf8))
    }
    func finish() {
      if !quiet { try? FileHandle.standardError.write(contentsOf: Data("\n".utf8)) }
    }
  }
}
