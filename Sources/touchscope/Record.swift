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

  enum Format: String { case gif, mp4, webm }

  func validate() throws {
    _ = try Render.parseSize(size)
    guard Format(rawValue: (out as NSString).pathExtension.lowercased()) != nil else {
      throw ValidationError("--out must end in .gif, .mp4 or .webm")
    }
    guard (1...60).contains(fps) else { throw ValidationError("--fps must be 1 to 60") }
    guard speed.isFinite, (0.1...4).contains(speed) else { throw ValidationError("--speed must be 0.1 to 4") }
    guard from.isFinite, from >= 0, from <= 10_000_000 else { throw ValidationError("--from must be 0 to 10000000") }
    if let to {
      guard to.isFinite, to > from, to <= 10_000_000 else { throw ValidationError("--to must be after --from") }
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
    let pixels = try Render.parseSize(size)
    let scene = try SceneInput.load(scene)
    let steps = try script.map { try SceneInput.loadScript($0, for: scene) } ?? scene.script
    let end = to ?? ((steps.last?.t ?? 0) + 1500)
    let frameCount = max(1, Int(((end - from) / speed * Double(fps) / 1000).rounded(.up)))
    let format = Format(rawValue: (out as NSString).pathExtension.lowercased())!
    let path = out
    let options = (presenter, stage, language.language, speed, from, fps, quiet)
    let scenePath = self.scene
    try MainActor.assumeIsolated {
      let encoder = try FFmpeg(
        format: format, width: Int(pixels.width), height: Int(pixels.height), fps: options.5, out: path)
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
        try encoder.write(bitmap)
        progress.show(i + 1)
        wall += step
      }
      progress.finish()
      try encoder.finish()
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

/// Frames piped to an `ffmpeg` process as raw RGBA.
final class FFmpeg {
  let process = Process()
  let input = Pipe()
  let errors: URL
  let out: String

  init(format: Record.Format, width: Int, height: Int, fps: Int, out: String) throws {
    guard let path = Self.find() else {
      throw InputError("record needs FFmpeg: install it (apt-get install ffmpeg, or `make run` does it)")
    }
    self.out = out
    process.executableURL = URL(fileURLWithPath: path)
    // Even sizes for the 4:2:0 encoders; the GIF gets one palette made for its own frames.
    let even = "pad=ceil(iw/2)*2:ceil(ih/2)*2"
    var args = [
      "-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo", "-pixel_format", "rgba", "-video_size",
      "\(width)x\(height)", "-framerate", "\(fps)", "-i", "-",
    ]
    switch format {
    case .mp4: args += ["-vf", even, "-c:v", "libx264", "-pix_fmt", "yuv420p", "-preset", "veryfast", "-crf", "20"]
    case .webm:
      args += [
        "-vf", even, "-c:v", "libvpx-vp9", "-pix_fmt", "yuv420p", "-b:v", "0", "-crf", "33", "-deadline", "realtime",
        "-cpu-used", "8",
      ]
    case .gif:
      args += [
        "-filter_complex",
        "[0:v]split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=bayer:bayer_scale=3",
      ]
    }
    args.append(out)
    process.arguments = args
    process.standardInput = input
    errors = FileManager.default.temporaryDirectory.appendingPathComponent("touchscope-ffmpeg-\(UUID().uuidString).log")
    guard FileManager.default.createFile(atPath: errors.path, contents: nil) else {
      throw InputError(
        "cannot create a temporary file for ffmpeg's messages in \(errors.deletingLastPathComponent().path)")
    }
    process.standardError = try FileHandle(forWritingTo: errors)
    process.standardOutput = FileHandle.nullDevice
    try process.run()
  }

  static func find() -> String? {
    let dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return dirs.map { "\($0)/ffmpeg" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  func write(_ bitmap: Bitmap) throws {
    var bytes = [UInt8]()
    bytes.reserveCapacity(bitmap.pixels.count * 4)
    for p in bitmap.pixels { bytes += [p.r, p.g, p.b, 255] }
    do {
      try input.fileHandleForWriting.write(contentsOf: Data(bytes))
    } catch {
      throw InputError("ffmpeg stopped taking frames for \(out): \(reason())")
    }
  }

  func finish() throws {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
    defer { try? FileManager.default.removeItem(at: errors) }
    guard process.terminationStatus == 0 else {
      throw InputError("ffmpeg could not write \(out): \(reason())")
    }
  }

  private func reason() -> String {
    let text = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").last.map(String.init) ?? "exit status \(process.terminationStatus)"
  }
}
