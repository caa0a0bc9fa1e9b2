import Foundation
import Geometry
import Raster
import SceneFile
import StudioCore
import StudioSDL
import TouchSim

/// Figures measured on a child process: the real window (start-up, reload) and the memory soak.
enum WindowBench {
  struct Result {
    var ms: Double
    var detail: String
    var measured: Bool
    /// The baseline measured in turn with it, in ms (start-up: the bare window's first frame; reload and
    /// idle: `CalibrationWork`).
    var baselineMs: Double? = nil
    /// The figure over its baseline, when worked out from pairs rather than from the two medians.
    var ratio: Double? = nil
  }

  static var hasDisplay: Bool {
    let env = ProcessInfo.processInfo.environment
    return !(env["DISPLAY"] ?? "").isEmpty || !(env["WAYLAND_DISPLAY"] ?? "").isEmpty
  }

  static let noDisplay = Result(
    ms: .nan, detail: "no display (set DISPLAY, or run `make bench`, which uses Xvfb)", measured: false)

  /// Process start to the first presented frame of the default scene: the child window prints the
  /// monotonic clock when its first frame is presented, and exits.
  static func startup(runs: Int) throws -> Result {
    guard hasDisplay else { return noDisplay }
    guard let tour = ResourceLocator.findUpward("Scenes").map({ ($0 as NSString).appendingPathComponent("tour.yaml") })
    else { return Result(ms: .nan, detail: "Scenes/tour.yaml not found", measured: false) }
    // Runs of the tour and of the bare window alternate, so both meet the same load. The first pair is not
    // counted: it finds the program's pages cold, and the tour's run may write the text cache that the
    // others read, as a user's second start does.
    var times: [Double] = []
    var bare: [Double] = []
    for run in 0...max(runs, 1) {
      let tourMs = try firstFrame(["open", tour, "--bench-first-frame"])
      let bareMs = try firstFrame(["open", tour, "--bench-bare-window"])
      if run > 0 {
        times.append(tourMs)
        bare.append(bareMs)
      }
    }
    let ms = Clocks.median(times)
    let baseline = Clocks.median(bare)
    // The ratio is that of each start to the bare window's beside it, the median of those: a pair meets
    // the same moment of the machine, and the machine's drift from pair to pair (the times of one run
    // spread over half again as much) falls out of each pair's ratio. Over 13 runs of 44 pairs this moved
    // half as much as the ratio of the two medians (standard deviation 0.012 against 0.024;
    // docs/PERFORMANCE.md).
    let ratio = Clocks.median(zip(times, bare).map { $0 / $1 })
    return Result(
      ms: ms,
      detail: String(
        format:
          "tour, window 1440x900; fastest %.0f ms of %d; a bare SDL window's first frame %.0f ms; each start %.2f× the bare window's beside it (median of %d pairs)",
        times.min() ?? 0, times.count, baseline, ratio, times.count),
      measured: true, baselineMs: baseline, ratio: ratio)
  }

  /// Milliseconds from starting `touchscope arguments…` to its `first-frame` report.
  private static func firstFrame(_ arguments: [String]) throws -> Double {
    let child = try ChildProcess(arguments: arguments)
    guard let line = child.readLine(timeout: 30), let ns = Self.stamp(line, "first-frame") else {
      child.stop()
      throw InputError("bench: the window did not report its first frame")
    }
    child.wait()
    return Double(Int64(ns) - Int64(child.started)) / 1e6
  }

  /// A scene file's change on disk to the first presented frame showing it: the child window watches a
  /// copy of the tour (through inotify on Linux); each run rewrites the file with a new title, in place and
  /// by rename in turn (the two ways editors save), and waits for the child's report.
  static func reload(runs: Int) throws -> Result {
    guard hasDisplay else { return noDisplay }
    guard let tour = ResourceLocator.findUpward("Scenes").map({ ($0 as NSString).appendingPathComponent("tour.yaml") }),
      let text = try? String(contentsOfFile: tour, encoding: .utf8)
    else { return Result(ms: .nan, detail: "Scenes/tour.yaml not found", measured: false) }
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("touchscope-bench-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("tour.yaml").path
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    let child = try ChildProcess(arguments: ["open", path, "--bench-reloads"])
    defer { child.stop() }
    guard let ready = child.readLine(timeout: 30), Self.stamp(ready, "ready") != nil else {
      throw InputError("bench: the window did not start")
    }
    var times: [Double] = []
    var calibration: [Double] = []
    for run in 0..<max(runs, 1) {
      Thread.sleep(forTimeInterval: 0.15)
      // The baseline in the pause before each edit, while the window waits.
      calibration += CalibrationWork.sample()
      let edited = text.replacingOccurrences(
        of: "title: Welcome to Touchscope", with: "title: Welcome to Touchscope (edit \(run + 1))")
      let written = Clocks.monotonicNanos()
      try edited.write(toFile: path, atomically: run % 2 == 1, encoding: .utf8)
      guard let line = child.readLine(timeout: 10), let ns = Self.stamp(line, "reloaded") else {
        throw InputError("bench: the window did not report the reload")
      }
      times.append(Double(Int64(ns) - Int64(written)) / 1e6)
    }
    return Result(
      ms: Clocks.median(times),
      detail: String(
        format: "tour, saved in place and by rename in turn; slowest %.0f ms of %d", times.max() ?? 0, times.count),
      measured: true, baselineMs: Clocks.median(calibration))
  }

  /// CPU milliseconds per second the window uses while nothing changes: the tour, over four seconds
  /// starting five seconds after its first frame (when the fades of the start have finished).
  static func idle() throws -> Result {
    guard hasDisplay else { return noDisplay }
    guard let tour = ResourceLocator.findUpward("Scenes").map({ ($0 as NSString).appendingPathComponent("tour.yaml") })
    else { return Result(ms: .nan, detail: "Scenes/tour.yaml not found", measured: false) }
    // The baseline just before the window starts and just after it reports (not during: the window's
    // own CPU time is what is measured, and the two share the cores).
    var calibration = CalibrationWork.sample(9)
    let child = try ChildProcess(arguments: ["open", tour, "--bench-idle"])
    defer { child.stop() }
    guard let line = child.readLine(timeout: 60), line.hasPrefix("idle "), let ms = Double(line.dropFirst(5)) else {
      throw InputError("bench: the window did not report its idle time")
    }
    calibration += CalibrationWork.sample(9)
    return Result(
      ms: ms, detail: String(format: "%.2f%% of one core, tour at rest", ms / 10), measured: true,
      baselineMs: Clocks.median(calibration))
  }

  /// The nanoseconds in a report line `WORD NANOS`.
  static func stamp(_ line: String, _ word: String) -> UInt64? {
    let parts = line.split(separator: " ")
    guard parts.count == 2, parts[0] == word else { return nil }
    return UInt64(parts[1])
  }
}

/// Peak memory of one simulated hour, in a child process so nothing else inflates it.
enum MemoryBench {
  struct Result {
    var peakMB: Double
    /// Resident memory at the end minus at the first sample after ten simulated minutes (once the trace,
    /// the history and the caches have reached their bounds): flat memory is close to zero.
    var growthMB: Double?
    var detail: String
    var measured: Bool
  }

  static func run(minutes: Int) throws -> Result {
    let child = try ChildProcess(arguments: ["bench", "--child", "memory", "--minutes", String(minutes)])
    guard let line = child.readLine(timeout: 3600) else { throw InputError("bench: the memory soak did not report") }
    child.wait()
    var fields: [String: String] = [:]
    for part in line.split(separator: " ").dropFirst() {
      let kv = part.split(separator: "=", maxSplits: 1)
      if kv.count == 2 { fields[String(kv[0])] = String(kv[1]) }
    }
    guard let peak = fields["peak"].flatMap(Double.init) else { throw InputError("bench: cannot read '\(line)'") }
    let detail =
      "RSS every 10 min (allocator trimmed first): \(fields["samples"] ?? "?") MB; \(fields["events"] ?? "?") events, "
      + "\(fields["trace"] ?? "?") trace entries kept, \(fields["history"] ?? "?") history lines; "
      + "\(fields["seconds"] ?? "?") s"
    let samples = (fields["samples"] ?? "").split(separator: ",").compactMap { Double($0) }
    let growth = samples.count >= 3 ? samples[samples.count - 1] - samples[1] : nil
    return Result(peakMB: peak, growthMB: growth, detail: detail, measured: true)
  }
}

/// Parsing and validating a generated 10,000-view scene file.
enum SceneLoadBench {
  struct Result {
    var ms: Double
    var views: Int
    var bytes: Int
    /// `CalibrationWork`, in turn with the loads (ms).
    var calibration: [Double]
  }

  static func measure(runs: Int) throws -> Result {
    let (text, views) = generate(views: 10_000)
    var times: [Double] = []
    var calibration: [Double] = []
    for _ in 0..<max(runs, 1) {
      calibration += CalibrationWork.sample()
      let t0 = Clocks.monotonicNanos()
      let scene = try SceneLoader.parse(text, file: "bench.yaml")
      times.append(Double(Clocks.monotonicNanos() - t0) / 1e6)
      precondition(scene.root.subviews.count > 0)
    }
    return Result(ms: Clocks.median(times), views: views, bytes: text.utf8.count, calibration: calibration)
  }

  /// A scene file of `views` views: cards of rows of cells (mixed depths up to five), with colours, some
  /// hidden or transformed views, labels, buttons and a recognizer on every tenth view.
  static func generate(views: Int) -> (String, Int) {
    var rng = SplitMix(seed: 5)
    var out = "format: touchscope/1\ntitle: Ten thousand views\nwindow: [390, 844]\nroot:\n  id: root\n"
    out += "  frame: [0, 0, 390, 844]\n  subviews:\n"
    var count = 1
    func view(_ indent: Int, depth: Int) {
      let pad = String(repeating: " ", count: indent)
      let id = "v\(count)"
      count += 1
      out += "\(pad)- id: \(id)\n"
      out += "\(pad)  frame: [\(rng.int(300)), \(rng.int(700)), \(10 + rng.int(80)), \(10 + rng.int(80))]\n"
      out += "\(pad)  color: \"#" + String(format: "%06X", rng.int(0xFFFFFF)) + "\"\n"
      switch rng.int(12) {
      case 0: out += "\(pad)  hidden: true\n"
      case 1: out += "\(pad)  transform: { rotation: \(rng.int(90)), scale: [1.2, 1.2] }\n"
      case 2: out += "\(pad)  kind: label\n\(pad)  text: Cell \(count)\n"
      case 3: out += "\(pad)  kind: button\n\(pad)  text: Go\n"
      case 4: out += "\(pad)  alpha: 0.5\n"
      default: break
      }
      if count % 10 == 0 {
        let kinds = ["tap", "pan", "longPress", "swipe"]
        out += "\(pad)  recognizers:\n\(pad)    - { id: r\(count), kind: \(kinds[rng.int(kinds.count)]) }\n"
      }
      guard depth < 5, count < views else { return }
      let children = depth == 0 ? 8 : rng.int(7)
      guard children > 0 else { return }
      out += "\(pad)  subviews:\n"
      for _ in 0..<children where count < views { view(indent + 4, depth: depth + 1) }
    }
    while count < views { view(4, depth: 0) }
    return (out, count)
  }
}

/// `touchscope record` as a user runs it: a lesson's whole playback to an MP4 at 1280x800, in a child
/// process; the video's length (from `ffprobe`) against the wall time it took. Its baseline, in turn with
/// each recording: FFmpeg alone making the same video again from the one just written (decoded and
/// encoded with the recording's own settings), which is most of a recording's work and moves with the
/// machine as it does.
enum RecordBench {
  struct Result {
    var speed: Double
    var detail: String
    var measured: Bool
    /// The recording's wall time and its baseline's, in ms (medians).
    var wallMs: Double = .nan
    var baselineMs: Double? = nil
  }

  static let lesson = "11-single-vs-double-tap.yaml"

  static func measure(runs: Int) throws -> Result {
    guard let scenes = ResourceLocator.findUpward("Scenes") else {
      return Result(speed: .nan, detail: "Scenes/ not found", measured: false)
    }
    let scene = (scenes as NSString).appendingPathComponent(lesson)
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("touchscope-bench-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("record.mp4").path
    let again = dir.appendingPathComponent("again.mp4").path
    var walls: [Double] = []
    var baselines: [Double] = []
    var video = 0.0
    for _ in 0..<max(runs, 1) {
      let child = try ChildProcess(arguments: ["record", scene, "--out", out, "--quiet"])
      while child.readLine(timeout: 600) != nil {}
      child.wait()
      let wall = Double(Clocks.monotonicNanos() - child.started) / 1e9
      guard child.status == 0, let seconds = duration(of: out) else {
        return Result(speed: .nan, detail: "record did not write a video here (is FFmpeg installed?)", measured: false)
      }
      walls.append(wall)
      video = seconds
      if let encoded = encodeAgain(out, to: again) { baselines.append(encoded) }
    }
    let wall = Clocks.median(walls)
    let baseline = baselines.count == walls.count ? Clocks.median(baselines) : nil
    return Result(
      speed: video / wall,
      detail: String(format: "%@: %.1f s of video in %.2f s (median of %d)", lesson, video, wall, walls.count),
      measured: true, wallMs: wall * 1000, baselineMs: baseline.map { $0 * 1000 })
  }

  /// The seconds FFmpeg takes to decode `video` and encode it again as `record` encodes an MP4, or nil
  /// when it fails.
  private static func encodeAgain(_ video: String, to out: String) -> Double? {
    guard let path = VideoEncoder.find() else { return nil }
    let ffmpeg = Process()
    ffmpeg.executableURL = URL(fileURLWithPath: path)
    ffmpeg.arguments =
      ["-hide_banner", "-v", "error", "-y", "-i", video] + VideoEncoder.encoding(.mp4) + ["-f", "mp4", out]
    ffmpeg.standardOutput = FileHandle.nullDevice
    ffmpeg.standardError = FileHandle.nullDevice
    let start = Clocks.monotonicNanos()
    guard (try? ffmpeg.run()) != nil else { return nil }
    ffmpeg.waitUntilExit()
    guard ffmpeg.terminationStatus == 0 else { return nil }
    return Double(Clocks.monotonicNanos() - start) / 1e9
  }

  /// The length of a video in seconds, as `ffprobe` reads it.
  private static func duration(of path: String) -> Double? {
    let probe = Process()
    probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    probe.arguments = ["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path]
    let pipe = Pipe()
    probe.standardOutput = pipe
    probe.standardError = FileHandle.nullDevice
    guard (try? probe.run()) != nil else { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    probe.waitUntilExit()
    guard probe.terminationStatus == 0 else { return nil }
    return Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
  }
}

/// A child `touchscope` process whose standard output is read line by line.
final class ChildProcess {
  private let process = Process()
  private let pipe = Pipe()
  private var buffer = Data()
  /// The monotonic clock just before the child was started (nanoseconds).
  private(set) var started: UInt64 = 0

  init(arguments: [String]) throws {
    process.executableURL = URL(fileURLWithPath: ChildProcess.executable)
    process.arguments = arguments
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    started = Clocks.monotonicNanos()
    try process.run()
  }

  /// This executable.
  static var executable: String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
  }

  /// The next line of output, or nil at the end of the output or after `timeout` seconds.
  func readLine(timeout: Double) -> String? {
    let deadline = Date().addingTimeInterval(timeout)
    let fd = pipe.fileHandleForReading.fileDescriptor
    while true {
      if let nl = buffer.firstIndex(of: 0x0A) {
        let line = String(decoding: buffer[buffer.startIndex..<nl], as: UTF8.self)
        buffer.removeSubrange(buffer.startIndex...nl)
        return line
      }
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else { return nil }
      var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, Int32(min(left * 1000, 1000)))
      if ready < 0 { return nil }
      if ready == 0 { continue }
      var chunk = [UInt8](repeating: 0, count: 4096)
      let n = read(fd, &chunk, chunk.count)
      if n <= 0 {
        // The end of the output: what is left is the last line.
        guard !buffer.isEmpty else { return nil }
        defer { buffer.removeAll() }
        return String(decoding: buffer, as: UTF8.self)
      }
      buffer.append(contentsOf: chunk[0..<n])
    }
  }

  func wait() { process.waitUntilExit() }

  /// The exit status (once it has exited).
  var status: Int32 { process.terminationStatus }

  func stop() {
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }
}
