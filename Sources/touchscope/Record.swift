import ArgumentParser
import Foundation
import Localization
import Raster
import SafeWriting
import SceneFile
import StudioCore
import StudioSDL
import TouchSim

/// `touchscope record`: the scripted run as the window plays it, to a GIF, MP4 or WebM file, through
/// FFmpeg (the encoder: a well-kept tool, not a home-made one).
struct Record: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "record",
    abstract: "Record the scripted run, as the window plays it, to a GIF, MP4 or WebM file.",
    discussion: """
      Plays the scene's script (or --script) headless, frame by frame, exactly as the window plays it at \
      speed 1 (or --speed): the same panels, the hit-test walk, the narration, drawn by the window's own \
      rasterizer, and the same pace, which dwells on each decision and slows through drags, so the video \
      is longer than the script. One frame is taken every 1/fps second of that playback, until it has \
      shown every line of the trace and the last fades have run out (3 s after the last line). The \
      scene's questions are not asked: the recording plays through them. The frames go to FFmpeg \
      (`ffmpeg` on the PATH, installed by `make run` and `make test`), which writes the file; the format \
      follows the extension: .gif, .mp4 (H.264) or .webm (VP9). FFmpeg writes a temporary file beside \
      --out, which replaces --out only once FFmpeg has ended it whole; otherwise (a full disk …) the old \
      file stays as it was and record exits 1 with the reason. --from and --to choose a part of the \
      run in ms of script time (the timeline's time): the first frame is where the playback reaches \
      --from, the last one just before it reaches --to (a --to past the end records to the end). \
      Progress goes to standard error: a bar on a terminal, else a line at every tenth of the frames.
      """
  )

  @OptionGroup var sceneFile: SceneArgument
  var scene: String { sceneFile.scene }

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

  @Option(help: "End of the recording, in ms of script time (default: the end of the playback).")
  var to: Double?

  @OptionGroup var scriptFile: ScriptOption
  var script: String? { scriptFile.script }

  @OptionGroup var language: LanguageOption

  @Flag(help: "No progress on standard error.")
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
    try OutputPath.refuseInput(
      out, among: [("the scene file", scene), ("the script file", script)], product: "the recording")
  }

  func run() throws {
    let pixels = try Render.parseSize(size)
    // SafeWriter's rules are checked first, as `render` has them (a read-only file is refused even for root,
    // a missing folder said as such); the encoder then writes beside the file (VideoEncoder).
    do {
      try SafeWriter.check(out)
    } catch {
      throw InputError("cannot write \(out): \(error.reason)")
    }
    let scene = try SceneInput.load(scene)
    let steps = try script.map { try SceneInput.loadScript($0, for: scene) } ?? scene.script
    _ = try SceneInput.replay(scene, script: steps, path: script ?? self.scene)
    let format = VideoEncoder.Format(rawValue: (out as NSString).pathExtension.lowercased())!
    let path = out
    let lang = language.language
    let options = (presenter, stage, lang, speed, fps, quiet)
    let scenePath = self.scene
    let recording = ScriptRecording(script: steps, fps: fps, from: from, to: to)
    try MainActor.assumeIsolated {
      /// A model set up as the window would be for this recording.
      func window() -> StudioModel {
        let model = StudioModel(scene: scene, path: scenePath)
        model.language = options.2
        model.narrator = StudioNarration.narrator(language: options.2)
        if options.0 { model.perform(.togglePresenter) }
        if options.1 { model.perform(.toggleStage) }
        model.perform(.setSpeed(options.3))
        return model
      }
      // The playback once without drawing: how many frames it takes (the model is clock-free, so the
      // second run plays the same frames).
      let total: Int
      do {
        total = try recording.play(on: window()) { _ in }
      } catch let error as ScriptRecording.FromAfterEnd {
        throw InputError(error.message(lang))
      } catch let error as ScriptRecording.Endless {
        throw InputError(error.message(lang))
      }
      let encoder: VideoEncoder
      do {
        encoder = try VideoEncoder(
          format: format, pixels: .bgra, width: Int(pixels.width), height: Int(pixels.height), fps: options.4,
          out: path)
      } catch let error as VideoEncoder.Failure {
        throw InputError(error.description)
      }
      let style: Progress.Style = options.5 ? .quiet : isatty(STDERR_FILENO) != 0 ? .bar : .lines
      var progress = Progress(total: total, style: style, language: lang)
      let model = window()
      let canvas = try OffscreenCanvas(width: Int(pixels.width), height: Int(pixels.height))
      do {
        try recording.play(on: model) { i in
          // The canvas's own memory goes to FFmpeg as it is (no copy, no conversion per frame).
          try renderWindow(model, on: canvas, size: pixels)
          try canvas.withPixelBytes { try encoder.write($0) }
          progress.show(i + 1)
        }
        progress.finish()
        try encoder.finish()
      } catch let error as VideoEncoder.Failure {
        throw InputError(error.description)
      }
    }
  }

  /// The progress on standard error: on a terminal a bar redrawn in place (`recording [#####.....]
  /// 45/90 frames`), otherwise (a pipe, a log file) a line at every tenth of the frames.
  struct Progress {
    enum Style { case quiet, bar, lines }
    let total: Int
    let style: Style
    let language: Language
    /// Tenths of the frames reported so far (lines only).
    private var tenths = 0

    init(total: Int, style: Style, language: Language) {
      self.total = max(total, 1)
      self.style = style
      self.language = language
    }

    mutating func show(_ done: Int) {
      let counted = language("\(done)/\(total) frames", "\(done)/\(total) 帧")
      switch style {
      case .quiet: return
      case .bar:
        let width = 30
        let filled = min(width, done * width / total)
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        write("\r" + language("recording", "录制") + " [\(bar)] " + counted)
      case .lines:
        let now = min(10, done * 10 / total)
        guard now > tenths else { return }
        tenths = now
        write(language("recording: \(now * 10)% (\(counted))\n", "录制：\(now * 10)%（\(counted)）\n"))
      }
    }

    func finish() {
      if style == .bar { write("\n") }
    }

    private func write(_ text: String) {
      try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }
  }
}
