import Foundation
import Geometry
import SceneFile
import StudioTestSupport
import StudioUI
import Synchronization
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore

/// A frame is built in parts by two threads (the panel worker draws the canvas, the bottom panel and the
/// header while the model's thread narrates and draws the rest), each part finished alone when it can be
/// (`Legibility.enforcePart`, `WholeLines`): the frame is, command for command and region for region,
/// the frame one thread builds panel after panel with the passes done once over the whole
/// (`StudioModel.frameInOnePass`), through live input, replays, questions, overlays, the presenter's
/// stage, Chinese, and every size the window is used at.
@Suite struct FrameInPartsTests {
  static var library: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Scenes")
  }

  static func scene(_ name: String) throws -> Scene {
    try SceneLoader.load(path: library.appendingPathComponent(name).path)
  }

  /// Compares the frame in parts with the frame in one pass at each step; counts the frames compared.
  final class Comparer {
    let m: StudioModel
    let size: Size
    var wall = 0.0
    var compared = 0

    init(_ m: StudioModel, size: Size, wakes: Bool = false) {
      self.m = m
      self.size = size
      // Two threads, as the window builds its frames (woken on input, as the window's, or not).
      if wakes { m.buildFramesOnTwoThreads() } else { m.panelWorker = PanelWorker() }
    }

    func step(_ input: StudioInput? = nil, after ms: Double = 16, sourceLocation: SourceLocation = #_sourceLocation) {
      wall += ms
      if let input { m.handle(input, wall: wall) }
      m.tick(wall: wall)
      compare(sourceLocation: sourceLocation)
    }

    func compare(sourceLocation: SourceLocation = #_sourceLocation) {
      let inParts = m.frame(size: size, pixelScale: 1)
      let onePass = m.frameInOnePass(size: size, pixelScale: 1)
      let sameCommands = inParts.commands == onePass.commands
      let sameRegions = inParts.regions == onePass.regions
      #expect(sameCommands, "frame at \(wall) ms differs in parts", sourceLocation: sourceLocation)
      #expect(sameRegions, "regions at \(wall) ms differ in parts", sourceLocation: sourceLocation)
      compared += 1
    }

    func pixel(_ x: Double, _ y: Double) -> Point { m.pixel(x, y, size: size) }

    /// A drag from (x, y) by (dx, dy) in `steps` moves, then the finger lifts and the window rests.
    func drag(from x: Double, _ y: Double, by dx: Double, _ dy: Double, steps: Int = 24) {
      step(.pointerDown(.mouse, at: pixel(x, y)))
      for k in 1...steps {
        let f = Double(k) / Double(steps)
        step(.pointerMoved(.mouse, to: pixel(x + dx * f, y + dy * f)))
      }
      step(.pointerUp(.mouse, at: pixel(x + dx, y + dy)))
      for _ in 0..<12 { step(after: 33) }
    }

    func tap(_ x: Double, _ y: Double) {
      step(.pointerDown(.mouse, at: pixel(x, y)))
      step(.pointerUp(.mouse, at: pixel(x, y)), after: 60)
      for _ in 0..<12 { step(after: 33) }
    }
  }

  @Test(arguments: [Size(1280, 800), Size(1024, 768), Size(1920, 1080)])
  func liveInputOnTheTourIsTheSameFrameInParts(_ size: Size) throws {
    let m = StudioModel.drawn(try Self.scene("tour.yaml"), size: size, narrated: true)
    let c = Comparer(m, size: size, wakes: size.width == 1280)
    let w = m.config.window
    c.tap(w.width * 0.3, w.height * 0.5)
    c.drag(from: w.width * 0.3, w.height * 0.5, by: 120, 60)
    c.drag(from: w.width * 0.5, w.height * 0.3, by: -80, 200)
    // A long press: the narration grows while the finger rests.
    c.step(.pointerDown(.mouse, at: c.pixel(w.width * 0.3, w.height * 0.5)))
    for _ in 0..<40 { c.step(after: 33) }
    c.step(.pointerUp(.mouse, at: c.pixel(w.width * 0.3, w.height * 0.5)))
    // The last gesture replayed, then stepped through.
    m.perform(.replayLast)
    for _ in 0..<60 { c.step(after: 16) }
    #expect(c.compared > 150)
    // Most parts were settled alone (the fast path was the one compared), and the bottom panel was drawn
    // in the layout it ended up in on the worker nearly every frame.
    #expect(m.partsSettled > m.partsUnsettled)
    #expect(m.bottomsKept > m.bottomsRedrawn)
  }

  @Test func theStageHelpAToastAndChineseAreTheSameFrameInParts() throws {
    let size = Size(1280, 800)
    let m = StudioModel.drawn(try Self.scene("13-pan-vs-swipe.yaml"), size: size, narrated: true)
    let c = Comparer(m, size: size)
    let w = m.config.window
    c.drag(from: w.width * 0.2, w.height * 0.5, by: 150, 0)
    // The help overlay covers every panel: its texts lie on its card, over what the other parts drew.
    m.perform(.toggleHelp)
    c.step()
    c.step(.pointerMoved(.mouse, to: c.pixel(10, 10)))
    m.perform(.toggleHelp)
    c.step()
    m.notify("Saved", wall: c.wall)
    c.step()
    m.notifyError("Could not write the file", wall: c.wall)
    c.step()
    m.language = .simplifiedChinese
    c.drag(from: w.width * 0.2, w.height * 0.5, by: 150, 0)
    m.perform(.togglePresenter)
    c.drag(from: w.width * 0.2, w.height * 0.5, by: 150, 0)
    m.perform(.togglePresenter)
    c.step()
    #expect(c.compared > 80)
  }

  @Test func aQuestionOnScreenIsTheSameFrameInParts() throws {
    let size = Size(1280, 800)
    let m = StudioModel.drawn(try Self.scene("11-single-vs-double-tap.yaml"), size: size, narrated: true)
    let c = Comparer(m, size: size)
    m.perform(.playScript)
    var asked = 0
    for _ in 0..<3000 {
      c.step(after: 16)
      if m.question != nil {
        asked += 1
        m.perform(.revealAnswer)
        c.step()
        m.perform(.togglePause)  // Space plays on past the question
      }
      if asked == 2 { break }
    }
    #expect(asked == 2)
  }

  @Test func aScrollViewScrolledIsTheSameFrameInParts() throws {
    let size = Size(1280, 800)
    let m = StudioModel.drawn(try Self.scene("18-scroll-view-buttons.yaml"), size: size, narrated: true)
    let c = Comparer(m, size: size)
    let w = m.config.window
    c.drag(from: w.width * 0.5, w.height * 0.7, by: 0, -300, steps: 40)
    c.drag(from: w.width * 0.5, w.height * 0.3, by: 0, 300, steps: 40)
    #expect(c.compared > 100)
  }

  @Test func withoutAWorkerTheFrameIsTheSame() throws {
    let size = Size(1280, 800)
    let scene = try Self.scene("tour.yaml")
    let parallel = StudioModel.drawn(scene, size: size, narrated: true)
    let serial = StudioModel.drawn(scene, size: size, narrated: true)
    parallel.buildFramesOnTwoThreads()
    #expect(serial.panelWorker == nil, "one thread unless the window asks for two")
    var wall = 0.0
    let w = scene.window
    func both(_ input: StudioInput?) {
      wall += 16
      for m in [parallel, serial] {
        if let input { m.handle(input, wall: wall) }
        m.tick(wall: wall)
      }
      let a = parallel.frame(size: size, pixelScale: 1)
      let b = serial.frame(size: size, pixelScale: 1)
      let same = a.commands == b.commands && a.regions == b.regions
      #expect(same, "frame at \(wall) ms differs without a worker")
    }
    both(.pointerDown(.mouse, at: parallel.pixel(w.width * 0.4, w.height * 0.5, size: size)))
    for k in 1...30 {
      both(.pointerMoved(.mouse, to: parallel.pixel(w.width * 0.4 + Double(k) * 4, w.height * 0.5, size: size)))
    }
    both(.pointerUp(.mouse, at: parallel.pixel(w.width * 0.4 + 120, w.height * 0.5, size: size)))
  }
}

/// `Legibility.enforcePart`: a part whose every text lies on a fill of its own that is opaque there gets the
/// colours the pass over the whole frame gives; one with a text on what came before it, or with clips
/// that do not balance, says so; and the whole pass after the parts' is the whole pass (idempotent).
@Suite struct LegibilityInPartsTests {
  static let background = RGBA(0x1C, 0x1C, 0x20)

  /// A panel: an opaque fill, translucent chips and texts over it in colours too faint for some, clipped.
  static func panel(_ rng: inout SplitMix, at origin: Point, fill: RGBA) -> [DrawCommand] {
    let box = Rect(origin.x, origin.y, 300, 200)
    var out: [DrawCommand] = [.rect(box, fill: fill, stroke: nil), .clip(box)]
    for _ in 0..<12 {
      let x = origin.x + Double(rng.next() % 260)
      let y = origin.y + Double(rng.next() % 180)
      let colour = RGBA(UInt8(rng.next() % 256), UInt8(rng.next() % 256), UInt8(rng.next() % 256))
      switch rng.next() % 3 {
      case 0:
        out.append(.rect(Rect(x, y, 40, 20), fill: colour.withAlpha(Double(rng.next() % 100) / 100), stroke: nil))
      case 1:
        out.append(.roundedRect(Rect(x, y, 30, 16), radius: 4, fill: colour, stroke: nil))
      default:
        out.append(
          .text("label \(rng.next() % 100)", at: Point(x + 10, y + 8), style: TextStyle(size: 12, color: colour)))
      }
    }
    out.append(.unclip)
    return out
  }

  @Test func partsOnTheirOwnFillsGetTheWholePassColours() {
    var rng = SplitMix(seed: 7)
    for _ in 0..<200 {
      let first: [DrawCommand] =
        [.rect(Rect(0, 0, 1000, 600), fill: Self.background, stroke: nil)]
        + Self.panel(&rng, at: Point(0, 0), fill: RGBA(0xF4, 0xF4, 0xF6))
      let second = Self.panel(&rng, at: Point(Double(rng.next() % 600), 300), fill: RGBA(0x30, 0x30, 0x38))
      var whole = first + second
      var verdicts: [UInt64: RGBA?] = [:]
      Legibility.enforce(&whole, background: Self.background, verdicts: &verdicts)
      var a = first
      var b = second
      var va: [UInt64: RGBA?] = [:]
      var vb: [UInt64: RGBA?] = [:]
      #expect(Legibility.enforcePart(&a, background: Self.background, verdicts: &va))
      #expect(Legibility.enforcePart(&b, background: Self.background, verdicts: &vb))
      let same = a + b == whole
      #expect(same)
    }
  }

  @Test func aTextOnWhatCameBeforeItsPartIsLeftForTheWholePass() {
    let first: [DrawCommand] = [
      .rect(Rect(0, 0, 400, 300), fill: Self.background, stroke: nil),
      .rect(Rect(0, 0, 200, 100), fill: RGBA(0xF0, 0xF0, 0xF0), stroke: nil),
    ]
    // A translucent card over the light panel of the part before, and a faint text on it.
    let second: [DrawCommand] = [
      .rect(Rect(10, 10, 100, 50), fill: RGBA(0, 0, 0).withAlpha(0.2), stroke: nil),
      .text("faint", at: Point(40, 30), style: TextStyle(size: 14, color: RGBA(0xE0, 0xE0, 0xE0))),
    ]
    var whole = first + second
    var verdicts: [UInt64: RGBA?] = [:]
    Legibility.enforce(&whole, background: Self.background, verdicts: &verdicts)
    var b = second
    var vb: [UInt64: RGBA?] = [:]
    #expect(!Legibility.enforcePart(&b, background: Self.background, verdicts: &vb))
    #expect(b == second, "a text not settled in its part is left as it is")
    // The whole pass after the parts' gives what it gives alone.
    var again = first + b
    Legibility.enforce(&again, background: Self.background, verdicts: &verdicts)
    let same = again == whole
    #expect(same)
    #expect(whole[3] != second[1], "the faint text was made readable")
  }

  @Test func aPartWhoseClipsDoNotBalanceIsNotSettled() {
    var open: [DrawCommand] = [.rect(Rect(0, 0, 100, 100), fill: .white, stroke: nil), .clip(Rect(0, 0, 50, 50))]
    var closing: [DrawCommand] = [.unclip, .rect(Rect(0, 0, 100, 100), fill: .white, stroke: nil)]
    var v: [UInt64: RGBA?] = [:]
    #expect(!Legibility.enforcePart(&open, background: Self.background, verdicts: &v))
    #expect(!Legibility.enforcePart(&closing, background: Self.background, verdicts: &v))
  }

  @Test func theWholePassTwiceIsTheWholePassOnce() {
    var rng = SplitMix(seed: 11)
    for _ in 0..<100 {
      var once: [DrawCommand] =
        [.rect(Rect(0, 0, 1000, 600), fill: Self.background, stroke: nil)]
        + Self.panel(&rng, at: Point(0, 0), fill: RGBA(UInt8(rng.next() % 256), 0x80, 0x80))
      var v: [UInt64: RGBA?] = [:]
      Legibility.enforce(&once, background: Self.background, verdicts: &v)
      var twice = once
      Legibility.enforce(&twice, background: Self.background, verdicts: &v)
      let same = twice == once
      #expect(same)
    }
  }
}

/// `PanelWorker`: a part handed over is drawn once, whether the worker was woken for it, woken and tired
/// of waiting, or asleep; parts come back in the order they were handed over.
@Suite struct PanelWorkerTests {
  @Test func everyPartIsDrawnOnceAwakeOrAsleep() {
    let worker = PanelWorker()
    let runs = Mutex(0)
    for i in 0..<300 {
      switch i % 3 {
      case 0: worker.prepare()
      case 1:
        worker.prepare()
        usleep(3_000)  // longer than the worker stays awake
      default: break
      }
      let pending = worker.start { () -> Int in
        runs.withLock { $0 += 1 }
        return i * 2
      }
      #expect(pending.wait() == i * 2)
    }
    usleep(10_000)
    #expect(runs.withLock { $0 } == 300)
  }

  @Test func aPartTheWorkerHasNotStartedIsTakenBackAndDrawnOnce() {
    let worker = PanelWorker()
    let runs = Mutex(0)
    // The worker is busy with a long part, so the next one waits in its slot until taken back.
    let long = worker.start { () -> Int in
      usleep(80_000)
      return 1
    }
    usleep(20_000)  // the worker has taken the long part
    let me = pthread_self()
    let waiting = worker.start { () -> Bool in
      runs.withLock { $0 += 1 }
      return pthread_equal(pthread_self(), me) != 0
    }
    worker.takeBack()
    #expect(runs.withLock { $0 } == 1, "taken back: drawn at once")
    #expect(waiting.wait(), "by the thread that took it back")
    #expect(long.wait() == 1)
    usleep(10_000)
    #expect(runs.withLock { $0 } == 1, "and never again by the worker")
  }
}
