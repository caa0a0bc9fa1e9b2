import Foundation
import Geometry
import Raster
import SceneFile
import StudioCore
import StudioSDL
import StudioUI
import TouchSim

/// The window's figures measured in process: frame cost, input latency and the long soak.
@MainActor
enum StudioBench {
  static let size = Size(1280, 800)

  /// The default scene (Scenes/tour.yaml), or the built-in demo when the library is not found.
  static func tourScene() -> Scene {
    if let dir = ResourceLocator.findUpward("Scenes"),
      let scene = try? SceneLoader.load(path: (dir as NSString).appendingPathComponent("tour.yaml"))
    {
      return scene
    }
    return DemoScene.scene
  }

  /// A model on `scene` ready for live input in a window of `size` pixels at `uiScale`, and where the
  /// device's points are on screen. Text is measured with the fonts that draw it, as in the window.
  private static func liveModel(
    _ scene: Scene, size: Size = size, uiScale: Double = 1, oneThread: Bool = false
  ) -> (StudioModel, Viewport) {
    let model = StudioModel(scene: scene)
    model.textMeasurer = try? SDLTextMeasurer.shared(assetsDirectory: ResourceLocator.assetsDirectory())
    model.setStartScale(uiScale)
    model.narrator = StudioNarration.narrate
    model.narrateInBackground()  // as the window does
    if !oneThread { model.buildFramesOnTwoThreads() }  // as the window does
    _ = model.frame(size: size, pixelScale: 1)
    let layout = StudioLayout(size: size, theme: model.theme)
    return (model, model.viewport(for: layout))
  }

  /// Live input: gestures of one finger, each a touch-down, `movesPerGesture` moves of a few points and a
  /// lift, at random places on the device (seeded); one input per `step` milliseconds.
  struct Gestures {
    var rng: SplitMix
    let window: Size
    let viewport: Viewport
    let movesPerGesture: Int
    var moves = 0
    var location = Point(0, 0)
    var down = false

    init(seed: UInt64, window: Size, viewport: Viewport, movesPerGesture: Int) {
      rng = SplitMix(seed: seed)
      self.window = window
      self.viewport = viewport
      self.movesPerGesture = movesPerGesture
    }

    mutating func next() -> StudioInput {
      if !down {
        down = true
        moves = 0
        location = Point(rng.double(4, window.width - 4), rng.double(4, window.height - 4))
        return .pointerDown(.mouse, at: viewport.toPixels(location))
      }
      if moves >= movesPerGesture {
        down = false
        return .pointerUp(.mouse, at: viewport.toPixels(location))
      }
      moves += 1
      location = Point(
        min(max(location.x + rng.double(-6, 6), 1), window.width - 1),
        min(max(location.y + rng.double(-6, 6), 1), window.height - 1))
      return .pointerMoved(.mouse, to: viewport.toPixels(location))
    }
  }

  /// One frame after another at 120 frames a second while a finger drags on a scene (the hit-test walk
  /// animation replays at every touch-down): one input, the model's tick, building the draw list, and
  /// drawing it with the software rasterizer at 1280x800 (or `size` at `uiScale`: 3840x2160 at 2). Per
  /// frame: the wall time to build (two threads) and the thread's CPU time to draw, and the wall time from
  /// the input's arrival to the drawn frame. A warm-up is left out.
  struct Frames {
    /// Wall time from the input's arrival to the frame's draw list (the model's thread and the panel
    /// worker build it together), and the CPU time every thread of the process spent meanwhile.
    var build: [Double] = []
    var buildCPU: [Double] = []
    var draw: [Double] = []
    var wall: [Double] = []
    /// The baseline, measured in turn with each frame: a full-window fill drawn by the same rasterizer
    /// on a second canvas (the colour alternates, so every pixel is painted each time), which is what a
    /// frame costs at the least: clearing the window and handing it over.
    var fill: [Double] = []
    /// The baseline the ratios are taken against, measured in turn with each frame too: a fixed piece of CPU
    /// work (`CalibrationWork`), which slows down with the machine as the frame does.
    var cpu: [Double] = []
    var commands = 0

    var work: [Double] { build }
    var total: [Double] { zip(build, draw).map { $0 + $1 } }
  }

  static func frames(
    _ scene: Scene, count: Int, seed: UInt64, size: Size = size, uiScale: Double = 1, oneThread: Bool = false
  ) throws -> Frames {
    let (model, viewport) = liveModel(scene, size: size, uiScale: uiScale, oneThread: oneThread)
    let canvas = try OffscreenCanvas(width: Int(size.width), height: Int(size.height))
    var input = Gestures(seed: seed, window: scene.window, viewport: viewport, movesPerGesture: 40)
    let baseline = try OffscreenCanvas(width: Int(size.width), height: Int(size.height))
    let whole = Rect(0, 0, size.width, size.height)
    var out = Frames()
    var wall = 0.0
    let warmUp = 30
    for i in 0..<(count + warmUp) {
      wall += 1000.0 / 120
      let arrival = Clocks.monotonicNanos()
      let p0 = Clocks.processCPU()
      model.handle(input.next(), wall: wall)
      model.tick(wall: wall)
      let list = model.frame(size: size, pixelScale: 1)
      let p1 = Clocks.processCPU()
      let built = Clocks.monotonicNanos()
      let t1 = Clocks.threadCPU()
      try canvas.draw(list.commands)
      let t2 = Clocks.threadCPU()
      let drawn = Clocks.monotonicNanos()
      let colour = i % 2 == 0 ? RGBA(0x20, 0x20, 0x24) : RGBA(0x24, 0x20, 0x20)
      let t3 = Clocks.threadCPU()
      try baseline.draw([.rect(whole, fill: colour, stroke: nil)])
      let t4 = Clocks.threadCPU()
      let cpu = CalibrationWork.measure()
      guard i >= warmUp else { continue }
      out.fill.append(t4 - t3)
      out.cpu.append(cpu)
      out.build.append(Double(built - arrival) / 1e6)
      out.buildCPU.append(p1 - p0)
      out.draw.append(t2 - t1)
      out.wall.append(Double(drawn - arrival) / 1e6)
      out.commands = max(out.commands, list.commands.count)
    }
    return out
  }

  /// Live input at 60 frames a second, as the window runs it (input, tick, frame): a 0.9 s drag across
  /// the tour's chip, then a 0.8 s press on it. After each frame that follows an input, the panels' time
  /// (the playhead) against the engine time of the latest input fed: the lag is their difference when
  /// the playhead is behind, the most over all frames.
  static func liveLag(_ scene: Scene) -> (maxLag: Double, frames: Int) {
    let (model, viewport) = liveModel(scene)
    var wall = 0.0
    var lag = 0.0
    var frames = 0
    func frame(_ input: StudioInput?) {
      wall += 1000.0 / 60
      if let input { model.handle(input, wall: wall) }
      model.tick(wall: wall)
      _ = model.frame(size: size, pixelScale: 1)
      guard let engine = model.latestInputTime else { return }
      frames += 1
      lag = max(lag, engine - model.playheadTime)
    }
    let w = scene.window
    let start = Point(w.width * 0.3, w.height * 0.5)
    frame(.pointerDown(.mouse, at: viewport.toPixels(start)))
    for i in 1...54 {
      frame(.pointerMoved(.mouse, to: viewport.toPixels(Point(start.x + Double(i) * 2, start.y + Double(i)))))
    }
    frame(.pointerUp(.mouse, at: viewport.toPixels(Point(start.x + 108, start.y + 54))))
    for _ in 0..<30 { frame(nil) }
    frame(.pointerDown(.mouse, at: viewport.toPixels(start)))
    for _ in 0..<48 { frame(nil) }
    frame(.pointerUp(.mouse, at: viewport.toPixels(start)))
    for _ in 0..<30 { frame(nil) }
    return (lag, frames)
  }

  struct Soak {
    var peakMB: Double
    var samplesMB: [Double]
    var events: Int
    var traceEntries: Int
    var historyItems: Int
    var seconds: Double

    /// One line for the parent process: `soak peak=… samples=…,… events=… trace=… history=… seconds=…`.
    var line: String {
      "soak peak=\(peakMB) samples=\(samplesMB.map { String(format: "%.1f", $0) }.joined(separator: ","))"
        + " events=\(events) trace=\(traceEntries) history=\(historyItems) seconds=\(String(format: "%.1f", seconds))"
    }
  }

  /// `minutes` of simulated continuous input at 120 events a second into the window's model on the tour:
  /// one-second drags at random places, the model ticking at 60 Hz and a frame built every simulated
  /// second. Resident memory is sampled every simulated ten minutes; the peak is the process's maximum.
  static func soak(minutes: Int) -> Soak {
    let (model, viewport) = liveModel(tourScene())
    var input = Gestures(seed: 3, window: model.config.window, viewport: viewport, movesPerGesture: 118)
    let events = minutes * 60 * 120
    var wall = 0.0
    var nextTick = 0.0
    var nextFrame = 0.0
    var samples: [Double] = []
    let start = Clocks.monotonicNanos()
    for i in 0..<events {
      wall = Double(i) * 1000 / 120
      model.handle(input.next(), wall: wall)
      if wall >= nextTick {
        model.tick(wall: wall)
        nextTick += 1000.0 / 60
      }
      if wall >= nextFrame {
        _ = model.frame(size: size, pixelScale: 1)
        nextFrame += 1000
      }
      if i % (10 * 60 * 120) == 0 { samples.append(Memory.residentMB(trimmed: true)) }
    }
    samples.append(Memory.residentMB(trimmed: true))
    return Soak(
      peakMB: Memory.peakMB(), samplesMB: samples, events: events, traceEntries: model.engine.trace.count,
      historyItems: model.history.count, seconds: Double(Clocks.monotonicNanos() - start) / 1e9)
  }
}

/// Resident memory of this process.
enum Memory {
  /// Resident set size now, in MB (from /proc/self/statm). `trimmed` first hands the allocator's free
  /// pages back to the system (glibc's `malloc_trim`, looked up at run time so another C library simply
  /// skips it): without it the samples move by ±8 MB with how much freed memory glibc keeps for reuse,
  /// which hides the growth a leak would show.
  static func residentMB(trimmed: Bool = false) -> Double {
    if trimmed, let symbol = dlsym(nil, "malloc_trim") {
      typealias Trim = @convention(c) (Int) -> Int32
      _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return .nan }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Double(fields[1]) else { return .nan }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_000_000
  }

  /// The largest resident set size so far, in MB: this process's own high-water mark (`VmHWM` in
  /// /proc/self/status). Not `getrusage`'s `ru_maxrss`: Linux carries that over an exec from the memory
  /// the process had before it, which for a child started by `posix_spawn` is its parent's, so a soak run
  /// after the other figures reported the parent's peak (141 MB against 64 MB of its own).
  static func peakMB() -> Double {
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kB = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
    {
      return kB * 1024 / 1_000_000
    }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) * 1024 / 1_000_000
  }
}
