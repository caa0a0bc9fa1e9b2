import Foundation
import SafeWriting
import SceneFile

/// Frames piped to an `ffmpeg` process as raw pixels, written to a GIF, MP4 (H.264) or WebM (VP9) file:
/// the encoder is FFmpeg, a well-kept tool, not a home-made one. Used by `touchscope record` and by F9 in
/// the window.
///
/// FFmpeg writes a temporary file beside the target (`PreparedOutput`), never the target itself; `finish`
/// checks its exit status, that it reported no error, and that the file is a whole one of its format
/// (an MP4 whose boxes fill the file and include the index, a GIF with its trailer, a WebM whose segment
/// has its size), and only then moves it into place. A full disk or any other failure leaves the old file
/// as it was.
public final class VideoEncoder {
  public enum Format: String, Sendable { case gif, mp4, webm }
  /// The byte order of the frames: `rgba` (a `Bitmap`), or `bgra` (the window's `0xAARRGGBB` pixels in
  /// memory on a little-endian machine).
  public enum Pixels: String, Sendable {
    case rgba, bgra

    /// What FFmpeg is sent: the same colours without the fourth byte (`Packing`).
    var packed: String { self == .rgba ? "rgb24" : "bgr24" }
  }

  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  private let process = Process()
  private let input = Pipe()
  private let errors: URL
  private let output: PreparedOutput
  private let format: Format
  public let out: String
  public let width: Int
  public let height: Int
  public private(set) var frames = 0
  /// The frame being written, three bytes a pixel (reused from frame to frame).
  private var packed: [UInt8]

  /// Where `ffmpeg` is on the PATH, or nil.
  public static func find() -> String? {
    let dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return dirs.map { "\($0)/ffmpeg" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// `mode`: `.createNew` for a name the window chose (never over anything, never through a link).
  public init(
    format: Format, pixels: Pixels, width: Int, height: Int, fps: Int, out: String,
    mode: SafeWriter.Mode = .replace
  ) throws(Failure) {
    guard let path = Self.find() else {
      throw Failure(description: "recording needs FFmpeg: install it (apt-get install ffmpeg; `make run` does)")
    }
    do {
      output = try PreparedOutput(out, mode: mode)
    } catch {
      throw Failure(description: "cannot write \(out): \(error.reason)")
    }
    self.format = format
    self.out = out
    self.width = width
    self.height = height
    packed = [UInt8](repeating: 0, count: max(width, 0) * max(height, 0) * 3)
    process.executableURL = URL(fileURLWithPath: path)
    // Three bytes a pixel: FFmpeg turns 24-bit RGB into the 4:2:0 encoders' YUV with a converter of its
    // own for just that case, about four times as fast here as from 32 bits (2.7 ms a 1280x800 frame, on
    // the one thread that also feeds the encoder: it held the whole recording back); and a quarter less
    // goes through the pipe.
    var args = [
      "-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo", "-pixel_format", pixels.packed, "-video_size",
      "\(width)x\(height)", "-framerate", "\(fps)", "-i", "-",
    ]
    // Even sizes for the 4:2:0 encoders (a pad to them costs a copy a frame, so only when needed).
    let even = width % 2 == 0 && height % 2 == 0 ? [] : ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2"]
    args += (format == .gif ? [] : even) + Self.encoding(format)
    // The format named, as the temporary file's name has no extension.
    args += ["-f", format.rawValue, output.temporary]
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
      // A frame is megabytes: a pipe of 1 MB (the most Linux gives without privilege; F_SETPIPE_SZ) is
      // asked for, to take one in a few writes rather than in 64 KB pieces (its effect alone was not
      // measured). If it is refused, the default pipe still works.
      _ = fcntl(input.fileHandleForWriting.fileDescriptor, 1031, Int32(1 << 20))
    } catch let failure as Failure {
      throw failure
    } catch {
      throw Failure(description: "ffmpeg could not start: \(error)")
    }
  }

  /// FFmpeg's arguments that encode the frames in `format` (after the input and, for the 4:2:0 encoders,
  /// the pad to even sizes); `bench` encodes with them too.
  public static func encoding(_ format: Format) -> [String] {
    switch format {
    // x264's fastest preset at the same quality (crf 20): the file is larger (about 2 MB for the tour's
    // 18 s against 0.8 MB with veryfast) and written in about half the time.
    case .mp4: return ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-preset", "ultrafast", "-crf", "20"]
    case .webm:
      return [
        "-c:v", "libvpx-vp9", "-pix_fmt", "yuv420p", "-b:v", "0", "-crf", "33", "-deadline", "realtime", "-cpu-used",
        "8",
      ]
    // One palette made for the GIF's own frames.
    case .gif:
      return [
        "-filter_complex",
        "[0:v]split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=bayer:bayer_scale=3",
      ]
    }
  }

  /// One frame, `times` times over (a window that did not change): `width * height * 4` bytes in the
  /// encoder's pixel order.
  public func write(_ bytes: UnsafeRawBufferPointer, times: Int = 1) throws(Failure) {
    guard bytes.count == width * height * 4 else {
      throw Failure(description: "a frame of \(bytes.count) bytes for a \(width)x\(height) video of \(out)")
    }
    packed.withUnsafeMutableBytes { Packing.pack(bytes, into: $0) }
    let fd = input.fileHandleForWriting.fileDescriptor
    for _ in 0..<times {
      let whole = packed.withUnsafeBytes { frame in
        var offset = 0
        while offset < frame.count {
          let n = Glibc.write(fd, frame.baseAddress! + offset, frame.count - offset)
          if n < 0 && errno == EINTR { continue }
          guard n > 0 else { return false }
          offset += n
        }
        return true
      }
      guard whole else { throw Failure(description: "ffmpeg stopped taking frames for \(out): \(reason())") }
      frames += 1
    }
  }

  /// Ends the file and moves it into place (at `out`, or at the first of `alternatives(2)`,
  /// `alternatives(3)` … that is free when something appeared at `out` meanwhile); throws with ffmpeg's
  /// own reason when it could not write it, and the old file stays as it was.
  public func finish(alternatives: ((Int) -> String)? = nil) throws(Failure) {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
    defer { try? FileManager.default.removeItem(at: errors) }
    guard process.terminationStatus == 0 else {
      output.discard()
      throw Failure(description: "ffmpeg could not write \(out): \(reason()); \(out) was left as it was")
    }
    let said = errorText()
    guard said.isEmpty else {
      output.discard()
      throw Failure(description: "ffmpeg could not write \(out): \(said); \(out) was left as it was")
    }
    if let problem = Self.incomplete(output.temporary, format: format) {
      output.discard()
      throw Failure(description: "ffmpeg could not write \(out): \(problem); \(out) was left as it was")
    }
    var n = 1
    while true {
      let target = n == 1 ? out : alternatives?(n) ?? out
      do {
        try output.commit(to: target)
        savedPath = target
        return
      } catch let error where error.code == EEXIST && alternatives != nil && n < 100_000 {
        n += 1
        continue
      } catch {
        output.discard()
        throw Failure(description: "cannot write \(target): \(error.reason); it was left as it was")
      }
    }
  }

  /// Where `finish` saved the file (`out`, or an alternative).
  public private(set) var savedPath: String?

  /// Why the file at `path` is not a whole file of `format`, or nil when it is.
  static func incomplete(_ path: String, format: Format) -> String? {
    guard let data = FileManager.default.contents(atPath: path) else { return "the file cannot be read back" }
    let bytes = [UInt8](data)
    let cut = "the file ends before it is complete (\(bytes.count) bytes)"
    switch format {
    case .gif:
      guard bytes.count > 13, bytes.starts(with: Array("GIF8".utf8)), bytes.last == 0x3B else { return cut }
    case .mp4:
      // Boxes: 32-bit size (1: a 64-bit size follows; 0: to the end) and type; they must fill the file
      // exactly and include the index (`moov`).
      var at = 0
      var index = false
      while at < bytes.count {
        guard at + 8 <= bytes.count else { return cut }
        var size = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
        let type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
        if size == 1 {
          guard at + 16 <= bytes.count else { return cut }
          size = bytes[at + 8..<at + 16].reduce(0) { $0 << 8 | Int($1) }
        } else if size == 0 {
          size = bytes.count - at
        }
        guard size >= 8, at + size <= bytes.count else { return cut }
        if type == "moov" { index = true }
        at += size
      }
      guard index else { return cut }
    case .webm:
      // EBML header, then the segment, whose size FFmpeg writes when it ends the file.
      guard bytes.starts(with: [0x1A, 0x45, 0xDF, 0xA3]), let header = vint(bytes, 4) else { return cut }
      let segment = 4 + header.length + header.value
      guard segment + 4 <= bytes.count, bytes[segment..<segment + 4].elementsEqual([0x18, 0x53, 0x80, 0x67]),
        let size = vint(bytes, segment + 4), !size.unknown, segment + 4 + size.length + size.value == bytes.count
      else { return cut }
    }
    return nil
  }

  /// An EBML variable-size integer at `at`: its value, its length in bytes, and whether it says "unknown".
  private static func vint(_ bytes: [UInt8], _ at: Int) -> (value: Int, length: Int, unknown: Bool)? {
    guard at < bytes.count, bytes[at] != 0 else { return nil }
    let length = bytes[at].leadingZeroBitCount + 1
    guard at + length <= bytes.count else { return nil }
    var value = Int(bytes[at] & (0xFF >> length))
    for b in bytes[at + 1..<at + length] { value = value << 8 | Int(b) }
    let unknown = value == (1 << (7 * length)) - 1
    return (value, length, unknown)
  }

  private func errorText() -> String {
    let text = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      .joined(separator: "; ")
  }

  private func reason() -> String {
    let text = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").last.map(String.init) ?? "exit status \(process.terminationStatus)"
  }
}

/// Four bytes a pixel to three: the fourth of each (alpha: a frame is opaque) dropped, the other three in
/// their order.
enum Packing {
  /// `source`: 4n bytes; `target`: at least 3n.
  static func pack(_ source: UnsafeRawBufferPointer, into target: UnsafeMutableRawBufferPointer) {
    let pixels = source.count / 4
    precondition(target.count >= pixels * 3, "\(target.count) bytes for \(pixels) pixels")
    guard pixels > 0, let from = source.baseAddress, let to = target.baseAddress else { return }
    // Four pixels (16 bytes) at a time into three words (12 bytes), then the rest one by one.
    let quads = pixels / 4
    for q in 0..<quads {
      let p0 = UInt32(littleEndian: from.loadUnaligned(fromByteOffset: q * 16, as: UInt32.self))
      let p1 = UInt32(littleEndian: from.loadUnaligned(fromByteOffset: q * 16 + 4, as: UInt32.self))
      let p2 = UInt32(littleEndian: from.loadUnaligned(fromByteOffset: q * 16 + 8, as: UInt32.self))
      let p3 = UInt32(littleEndian: from.loadUnaligned(fromByteOffset: q * 16 + 12, as: UInt32.self))
      to.storeBytes(of: (p0 & 0xFF_FFFF | p1 << 24).littleEndian, toByteOffset: q * 12, as: UInt32.self)
      to.storeBytes(of: (p1 >> 8 & 0xFFFF | p2 << 16).littleEndian, toByteOffset: q * 12 + 4, as: UInt32.self)
      to.storeBytes(of: (p2 >> 16 & 0xFF | p3 << 8).littleEndian, toByteOffset: q * 12 + 8, as: UInt32.self)
    }
    for i in quads * 4..<pixels {
      to.storeBytes(of: from.load(fromByteOffset: i * 4, as: UInt8.self), toByteOffset: i * 3, as: UInt8.self)
      to.storeBytes(of: from.load(fromByteOffset: i * 4 + 1, as: UInt8.self), toByteOffset: i * 3 + 1, as: UInt8.self)
      to.storeBytes(of: from.load(fromByteOffset: i * 4 + 2, as: UInt8.self), toByteOffset: i * 3 + 2, as: UInt8.self)
    }
  }
}
