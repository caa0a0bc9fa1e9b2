import Geometry
import SceneFile
import TestSupport
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore
@testable import StudioSDL
@testable import TraceKit

/// What Ctrl+Shift+S saves (`InputRecording.script(from:)`) is a script
/// `touchscope check` accepts, and replaying it leaves no touch down; it is saved as a new scene beside the
/// lesson, never over it.
@Suite struct RecordedScriptTests {
  let size = Size(1440, 900)

  func model(path: String? = nil) -> StudioModel {
    let m = StudioModel(scene: StuckTouchTests.scene, path: path)
    _ = m.frame(size: size, pixelScale: 1)
    m.tick(wall: 0)
    return m
  }

  func pixel(_ m: StudioModel, _ x: Double, _ y: Double) -> Point {
    m.viewport(for: StudioLayout(size: size, theme: m.theme)).toPixels(Point(x, y))
  }

  /// The problems the scene checker finds in `script` saved with the scene (as Ctrl+Shift+S writes it),
  /// and the script read back.
  static func check(_ script: [ScriptStep], scene: Scene = StuckTouchTests.scene) -> (
    problems: [String], readBack: [ScriptStep]
  ) {
    var s = scene
    s.script = script
    do {
      let parsed = try SceneLoader.parse(SceneWriter.yaml(s), file: "take.yaml")
      return ([], parsed.script)
    } catch {
      return (error.diagnostics.map(\.description), [])
    }
  }

  /// Replaying `script`: no touch left down, and the trace keeps the engine's invariants.
  static func replayProblems(_ script: [ScriptStep], scene: Scene = StuckTouchTests.scene) -> [String] {
    let engine = Engine(scene: scene)
    engine.run(script: script)
    var problems = TraceInvariants.violations(in: engine.trace, discrete: TraceInvariants.discreteness(of: scene))
    if !engine.liveTouches.isEmpty { problems.append("touches left down: \(engine.liveTouches.sorted())") }
    return problems
  }

  /// A quick click: down and up in the same millisecond. The up moves to the next millisecond.
  @Test func aQuickClickIsValid() {
    let m = model()
    m.handle(.pointerDown(.mouse, at: pixel(m, 150, 300)), wall: 100)
    m.handle(.pointerUp(.mouse, at: pixel(m, 150, 300)), wall: 100)
    let script = InputRecording.script(from: m.recording, on: m.config)
    #expect(Self.check(script).problems == [])
    #expect(script.map(\.t) == [0, 1])
    #expect(Self.replayProblems(script) == [])
  }

  /// A quick drag: several moves in one millisecond, and the lift in it too.
  @Test func aQuickDragIsValid() {
    let m = model()
    m.handle(.pointerDown(.mouse, at: pixel(m, 150, 300)), wall: 100)
    for i in 1...3 { m.handle(.pointerMoved(.mouse, to: pixel(m, 150 + Double(i) * 20, 300)), wall: 100) }
    m.handle(.pointerUp(.mouse, at: pixel(m, 210, 300)), wall: 100)
    let script = InputRecording.script(from: m.recording, on: m.config)
    #expect(Self.check(script).problems == [])
    #expect(Self.replayProblems(script) == [])
    // The moves became one, to the last point; each step of the touch 1 ms after the one before.
    #expect(script.count == 3)
    #expect(script.map(\.t) == [0, 1, 2])
    #expect(script[1].action == .move(touch: 1, to: Point(210, 300)))
  }

  /// Several fingers changing in one event stay in one event; each finger's next change moves on.
  @Test func simultaneousFingersStayTogether() {
    let steps = [
      down(1, 10, 10, t: 5), down(2, 20, 20, t: 5), move(1, 11, 11, t: 5), up(2, t: 5), up(1, t: 5.2),
      down(3, 30, 30, t: 6),
    ]
    let script = InputRecording.script(from: steps, on: StuckTouchTests.scene)
    #expect(Self.check(script).problems == [])
    #expect(script.map(\.t) == [0, 0, 1, 1, 2, 2, 3])
    #expect(script.last?.action == .cancel(touch: 3))
  }

  /// 1,100 fingers down at once (more than a script can number): the numbers stay within 0...1000, the
  /// touches that find none are left out and counted, and the script passes the check. 1,100 fingers one
  /// after another keep low numbers.
  @Test func elevenHundredFingers() {
    var steps: [ScriptStep] = []
    for i in 1...1100 { steps.append(down(i, Double(i % 390), 400, t: 10)) }
    for i in 1...1100 { steps.append(move(i, Double(i % 390), 420, t: 30)) }
    for i in 1...1100 { steps.append(up(i, t: 50)) }
    let (script, dropped) = InputRecording.validScript(from: steps)
    #expect(dropped == 99)
    #expect(script.allSatisfy { ($0.touch ?? 0) <= 1000 && ($0.touch ?? 0) >= 0 })
    #expect(Set(script.compactMap(\.touch)).count == 1001)
    #expect(Self.check(script).problems == [])

    var one: [ScriptStep] = []
    for i in 1...1100 {
      one.append(down(1000 + i, 100, 400, t: Double(i) * 10))
      one.append(up(1000 + i, t: Double(i) * 10))
    }
    let sequential = InputRecording.script(from: one, on: StuckTouchTests.scene)
    #expect(Set(sequential.compactMap(\.touch)) == [1])
    #expect(Self.check(sequential).problems == [])
    #expect(Self.replayProblems(sequential) == [])
  }

  /// Steps out of order, of touches that are not down, a second down, huge points and times: repaired.
  @Test func brokenInputIsRepaired() {
    let steps = [
      move(7, 1, 1, t: 0), down(1, 5e7, -5e7, t: 10), down(1, 2, 2, t: 11), up(4, t: 12), move(1, 3, 3, t: 9),
      down(2, .infinity, 4, t: 20), up(2, t: 2e7), down(3, 1, 1, t: 2e7 + 1),
    ]
    let script = InputRecording.script(from: steps, on: StuckTouchTests.scene)
    #expect(Self.check(script).problems == [])
    #expect(Self.replayProblems(script) == [])
    #expect(script.first?.t == 0)
    #expect(script.allSatisfy { $0.t <= 1e7 })
  }

  /// More steps than a script may hold: the latest are kept, and the script passes the check.
  @Test func tooManyStepsKeepTheLatest() {
    var steps: [ScriptStep] = []
    var t = 0.0
    while steps.count < 120_000 {
      steps.append(down(1, 10, 10, t: t))
      for i in 0..<8 { steps.append(move(1, 10 + Double(i), 10, t: t + Double(i + 1))) }
      steps.append(up(1, t: t + 9))
      t += 10
    }
    let script = InputRecording.script(from: steps)
    #expect(script.count <= 100_000 && script.count > 90_000)
    #expect(Self.check(script).problems == [])
  }

  /// Random live sessions (mouse, ten fingers, Alt and Shift fingers, slow motion, events at the same
  /// wall time): the script Ctrl+Shift+S would save always passes the scene check, reads back as the same
  /// steps, and its replay leaves no touch down. Seeds are printed on failure.
  @Test func randomSessionsGiveValidScripts() {
    for seed in UInt64(1)...250 {
      var rng = SplitMix(seed: seed)
      let m = model()
      var wall = 0.0
      var down: [PointerID] = []
      func randomPixel() -> Point {
        Int.random(in: 0..<10, using: &rng) == 0
          ? Point(Double.random(in: -200...1700, using: &rng), Double.random(in: -200...1100, using: &rng))
          : pixel(m, Double.random(in: -20...410, using: &rng), Double.random(in: -20...860, using: &rng))
      }
      for _ in 0..<120 {
        wall += [0, 0, 0, 0.3, 1, 8, 16, 120, 700].randomElement(using: &rng)!
        let pointer: PointerID =
          Bool.random(using: &rng) ? .mouse : .finger(Int64.random(in: 1...10, using: &rng))
        let input: StudioInput
        switch Int.random(in: 0..<20, using: &rng) {
        case 0..<5: input = .pointerDown(pointer, at: randomPixel())
        case 5..<11: input = .pointerMoved(down.randomElement(using: &rng) ?? pointer, to: randomPixel())
        case 11..<16: input = .pointerUp(down.randomElement(using: &rng) ?? pointer, at: randomPixel())
        case 16, 17: input = .modifiers(Modifiers(shift: .random(using: &rng), alt: .random(using: &rng)))
        case 18: input = Bool.random(using: &rng) ? .focusLost : .hover(randomPixel())
        default:
          m.perform(.setSpeed([1, 0.5, 0.25, 0.1].randomElement(using: &rng)!))
          continue
        }
        switch input {
        case .pointerDown(let p, _): if !down.contains(p) { down.append(p) }
        case .pointerUp(let p, _): down.removeAll { $0 == p }
        case .focusLost: down = []
        case .hover: down.removeAll { $0 == .mouse }
        default: break
        }
        m.handle(input, wall: wall)
        m.tick(wall: wall)
      }
      // Saved in the middle of whatever is still down, and again after every pointer is released.
      for _ in 0..<2 {
        let script = InputRecording.script(from: m.recording, on: m.config)
        let (problems, readBack) = Self.check(script)
        #expect(problems == [], "seed \(seed): \(problems.prefix(3))")
        #expect(readBack.map(\.action) == script.map(\.action), "seed \(seed)")
        #expect(readBack.map(\.t) == script.map(\.t), "seed \(seed)")
        let replay = Self.replayProblems(script)
        #expect(replay == [], "seed \(seed): \(replay.prefix(3))")
        for p in down { m.handle(.pointerUp(p, at: pixel(m, 10, 10)), wall: wall) }
        down = []
      }
    }
  }

  /// Ctrl+Shift+S asks for a take beside the lesson, never a write over it; with nothing recorded it
  /// says what to do first (a hint, without the success tick) and asks for no file.
  @Test func ctrlShiftSSavesATakeBesideTheLesson() {
    let m = model(path: "Scenes/11-lesson.yaml")
    m.perform(.saveWithRecording)
    #expect(m.drainEffects().isEmpty)
    #expect(m.toastKind == .hint && m.toast?.text.contains("Nothing to save") == true)
    m.handle(.pointerDown(.mouse, at: pixel(m, 150, 300)), wall: 100)
    m.handle(.pointerUp(.mouse, at: pixel(m, 150, 300)), wall: 100)
    m.handle(.key(.character("s"), Modifiers(shift: true, control: true)), wall: 120)
    let effects = m.drainEffects()
    #expect(effects.count == 1)
    guard case .writeTake(let lesson, let text, 0)? = effects.first else {
      Issue.record("no take: \(effects)")
      return
    }
    #expect(lesson == "Scenes/11-lesson.yaml")
    #expect((try? SceneLoader.parse(text, file: "take.yaml"))?.script.count == 2)
  }

  @Test func takeNames() {
    #expect(StudioModel.takePath(beside: "Scenes/11-taps.yaml", number: 1) == "Scenes/11-taps.take-1.yaml")
    #expect(StudioModel.takePath(beside: "/x/y/scene.json", number: 3) == "/x/y/scene.take-3.yaml")
    #expect(StudioModel.takePath(beside: "lesson.take-2.yaml", number: 3) == "lesson.take-3.yaml")
    #expect(StudioModel.takePath(beside: "a.b.YML", number: 1) == "a.b.take-1.yaml")
    #expect(StudioModel.takePath(beside: "x.take-.yaml", number: 1) == "x.take-.take-1.yaml")
  }
}
