import Foundation

/// Frames piped to an `ffmpeg` process as raw pixels, written to a GIF, MP4 (H.264) or WebM (VP9) file:
/// the encoder is FFmpeg, a well-kept tool, not a home-made one. Used by `touchscope record` and by F9 in
/// the window.
public final class VideoEncoder {
  public enum Format: String, Sendable { case gif, mp4, webm }
  /// The byte order of the frames: `rgba` (a `Bitmap`), or `bgra` (the window's `0xAARRGGBB` pixels in
  /// memory on a little-endian machine).
  public enum Pixels: String, Sendable { case rgba, bgra }

  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  private let process = Process()
  private let input = Pipe()
  private let errors: URL
  public let out: String
  public let width: Int
  public let height: Int
  public private(set) var frames = 0

  /// Where `ffmpeg` is on the PATH, or nil.
  public static func find() -> String? {
    let dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return dirs.map { "\($0)/ffmpeg" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  public init(format: Format, pixels: Pixels, width: Int, height: Int, fps: Int, out: String) throws(Failure) {
    guard let path = Self.find() else {
      throw Failure(description: "recording needs FFmpeg: install it (apt-get install ffmpeg; `make run` does)")
    }
    self.out = out
    self.width = width
    self.height = height
    process.executableURL = URL(fileURLWithPath: path)
    // Even sizes for the 4:2:0 encoders; the GIF gets one palette made for its own frames.
    let even = "pad=ceil(iw/2)*2:ceil(ih/2)*2"
    var args = [
      "-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo", "-pixel_format", pixels.rawValue, "-video_size",
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
    do {
      guard FileManager.default.createFile(atPath: errors.path, contents: nil) else {
        throw Failure(description: "cannot create a temporary file in \(errors.deletingLastPathComponent().path)")
      }
      process.standardError = try FileHandle(forWritingTo: errors)
      process.standardOutput = FileHandle.nullDevice
      try process.run()
    } catch let failure as Failure {
      throw failure
    } catch {
      throw Failure(description: "ffmpeg could not start: \(error)")
    }
  }

  /// One frame: `width * height * 4` bytes in the encoder's pixel order.
  public func write(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
    do {
      try input.fileHandleForWriting.write(contentsOf: Data(bytes))
      frames += 1
    } catch {
      throw Failure(description: "ffmpeg stopped taking frames for \(out): \(reason())")
    }
  }

  /// Ends the file; throws with ffmpeg's own reason when it could not write it.
  public func finish() throws(Failure) {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
    defer { try? FileManager.default.removeItem(at: errors) }
    guard process.terminationStatus == 0 else {
      throw Failure(description: "ffmpeg could not write \(out): \(reason())")
    }
  }

  private func reason() -> String {
    let text = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").last.map(String.init) ?? "exit status \(process.terminationStatus)"
  }
}
