import Geometry
import SceneFile
import TestSupport
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore
@testable import StudioSDL
@testable import TraceKit

/// The window's model: whatever happens in the middle of a gesture (focus lost, the
/// window closed, the scene reloaded, a replay started, any toggle flipped, a release lost, ten fingers),
/// no touch stays down, and every touch the engine saw ends or is cancelled through the engine.
@Suite struct StuckTouchTests {
  let size = Size(1440, 900)

  static let scene = TestSupport.scene([
    v(
      "card", [0, 100, 390, 500],
      recognizers: [
        g("cardTap", .tap), g("cardPress", .longPress) { $0.delaysTouchesBegan = true },
        g("cardPan", .pan) { $0.maximumNumberOfTouches = 10 },
      ],
      subviews: [v("buy", [100, 100, 190, 60], kind: .button), v("volume", [20, 300, 300, 40], kind: .slider)]
    ) { $0.multipleTouchEnabled = true },
    v("list", [0, 620, 390, 224], kind: .scroll, subviews: [v("row", [0, 0, 390, 80], kind: .button)]) {
      $0.scroll = ScrollSpec(contentSize: Size(390, 1000))
    },
  ])

  func model(_ scene: Scene = Self.scene) -> StudioModel {
    let m = StudioModel(scene: scene)
    _ = m.frame(size: size, pixelScale: 1)
    m.tick(wall: 0)
    return m
  }

  func pixel(_ m: StudioModel, _ x: Double, _ y: Double) -> Point {
    m.viewport(for: StudioLayout(size: size, theme: m.theme)).toPixels(Point(x, y))
  }

  /// Every trace the model's engines produced: the finished ones (from `engineFinished`) and the current.
  func traces(_ m: StudioModel) -> [[TraceEntry]] {
    m.drainEffects().compactMap {
      if case .engineFinished(let t) = $0 { return t }
      return nil
    } + [m.engine.trace]
  }

  func expectSound(_ m: StudioModel, scene: Scene = Self.scene, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(m.engine.liveTouches.isEmpty, "touches left down: \(m.engine.liveTouches)", sourceLocation: sourceLocation)
    for trace in traces(m) {
      let problems = TraceInvariants.violations(in: trace, discrete: TraceInvariants.discreteness(of: scene))
      #expect(problems.isEmpty, "\(problems)", sourceLocation: sourceLocation)
    }
  }

  func cancelled(_ trace: [TraceEntry]) -> [Int] {
    trace.compactMap {
      if case .input(let n, .cancelled, _, _) = $0.event { return n }
      return nil
    }
  }

  /// Closing the window (SDL_QUIT, the close button, Ctrl+Q) cancels the mouse, its simulated second
  /// finger and a touchscreen finger through the engine before the loop stops.
  @Test func closingTheWindowCancelsEveryTouch() {
    for close in [StudioInput.quit, .key(.character("q"), Modifiers(control: true))] {
      let m = model()
      m.handle(.modifiers(Modifiers(alt: true)), wall: 0)
      m.handle(.pointerDown(.mouse, at: pixel(m, 150, 300)), wall: 10)
      m.handle(.pointerDown(.finger(4), at: pixel(m, 50, 700)), wall: 20)
      m.handle(.pointerMoved(.mouse, to: pixel(m, 170, 330)), wall: 40)
      #expect(m.engine.liveTouches.count == 3)
      m.handle(close, wall: 60)
      #expect(!m.isRunning)
      #expect(cancelled(m.engine.trace).sorted() == [1, 2, 3])
      expectSound(m)
    }
  }

  /// A reload (the file changed) in the middle of a drag: the old engine cancels the touch, its whole
  /// trace is handed out, and the rest of the drag does nothing in the new engine.
  @Test func reloadingMidGestureCancelsThroughTheOldEngine() {
    let m = model()
    m.handle(.pointerDown(.mouse, at: pixel(m, 150, 300)), wall: 10)
    m.handle(.pointerMoved(.mouse, to: pixel(m, 200, 360)), wall: 40)
    m.load(Self.scene, path: nil)
    let finished = m.drainEffects().compactMap {
      if case .engineFinished(let t) = $0 { return t }
      return nil
    }
    #expect(finished.count == 1)
    #expect(cancelled(finished[0]) == [1])
    #expect(
      TraceInvariants.violations(in: finished[0], discrete: TraceInvariants.discreteness(of: Self.scene)).isEmpty)
    m.handle(.pointerMoved(.mouse, to: pixel(m, 220, 380)), wall: 60)
    m.handle(.pointerUp(.mouse, at: pixel(m, 220, 380)), wall: 80)
    #expect(m.engine.trace.isEmpty)
    expectSound(m)
  }

  /// Replaying the last gesture or the scene's script while a finger is down starts a fresh engine: the
  /// finger's touch is cancelled in the old one first.
  @Test func replayingMidGestureCancelsFirst() {
    // The scene's script for P to play (without one, P only says so and the gesture goes on).
    var scripted = Self.scene
    scripted.script = [down(1, 30, 130, t: 0), up(1, t: 50)]
    for key in ["r", "p"] {
      let m = model(key == "p" ? scripted : Self.scene)
      m.handle(.pointerDown(.mouse, at: pixel(m, 30, 130)), wall: 10)
      m.handle(.pointerUp(.mouse, at: pixel(m, 30, 130)), wall: 60)
      m.handle(.pointerDown(.finger(1), at: pixel(m, 150, 300)), wall: 100)
      m.handle(.key(.character(Character(key)), .none), wall: 120)
      m.handle(.pointerUp(.finger(1), at: pixel(m, 150, 300)), wall: 140)
      let all = traces(m)
      #expect(all.count == 2)
      #expect(cancelled(all[0]) == [1])
      for trace in all {
        #expect(TraceInvariants.violations(in: trace, discrete: TraceInvariants.discreteness(of: Self.scene)).isEmpty)
      }
      #expect(m.engine.liveTouches.isEmpty)
    }
  }

  /// Every toggle key on every recognizer, flipped while a finger is down: the gesture goes on as it
  /// began (the change waits, it takes effect on the next touch), ends normally, and then applies.
  @Test func everyToggleMidGestureWaitsForTheLift() {
    for id in Self.scene.allRecognizers.map(\.id) {
      for key in ["e", "c", "b", "d", "v", "g"] {
        let m = model()
        m.perform(.select(id))
        m.handle(.pointerDown(.mouse, at: pixel(m, 150, 300)), wall: 10)
        m.handle(.pointerMoved(.mouse, to: pixel(m, 190, 340)), wall: 30)
        m.handle(.key(.character(Character(key)), .none), wall: 40)
        #expect(m.pendingChanges.count == 1, "\(id) \(key)")
        let before = m.engine.trace.count {
          if case .set = $0.event { return true }
          return false
        }
        #expect(before == 0)
        m.handle(.pointerMoved(.mouse, to: pixel(m, 230, 380)), wall: 60)
        m.handle(.pointerUp(.mouse, at: pixel(m, 230, 380)), wall: 90)
        #expect(m.pendingChanges.isEmpty)
        #expect(
          m.engine.trace.contains {
            if case .set(id, _, _, _) = $0.event { return true }
            return false
          }, "\(id) \(key)")
        expectSound(m)
      }
    }
  }

  /// Focus lost with fingers and the mouse down (and the mouse released in another window): everything
  /// is cancelled, and the late release does nothing.
  @Test func focusLossCancelsAndTheLateReleaseIsIgnored() {
    let m = model()
    m.handle(.pointerDown(.mouse, at: pixel(m, 150, 300)), wall: 10)
    m.handle(.pointerDown(.finger(2), at: pixel(m, 60, 300)), wall: 12)
    m.handle(.focusLost, wall: 30)
    #expect(cancelled(m.engine.trace).sorted() == [1, 2])
    let count = m.engine.trace.count
    m.handle(.pointerUp(.mouse, at: pixel(m, 150, 300)), wall: 50)
    m.handle(.pointerUp(.finger(2), at: pixel(m, 60, 300)), wall: 50)
    #expect(m.engine.trace.count == count)
    expectSound(m)
  }

  /// A release SDL never reported (pressed again, or moving with the button up) lifts the touch there and
  /// then, instead of leaving it down for ever.
  @Test func aLostReleaseLiftsTheTouch() {
    let m = model()
    m.handle(.pointerDown(.mouse, at: pixel(m, 150, 300)), wall: 10)
    m.handle(.pointerDown(.mouse, at: pixel(m, 60, 300)), wall: 200)
    #expect(m.engine.liveTouches == [1])
    m.handle(.hover(pixel(m, 70, 310)), wall: 260)
    #expect(m.engine.liveTouches.isEmpty)
    m.handle(.pointerDown(.finger(3), at: pixel(m, 150, 300)), wall: 300)
    m.handle(.pointerDown(.finger(3), at: pixel(m, 160, 300)), wall: 400)
    m.handle(.pointerUp(.finger(3), at: pixel(m, 160, 300)), wall: 500)
    expectSound(m)
  }

  /// Ten fingers at once: ten touches (1 to 10), all in one multi-touch pan, all lifted.
  @Test func tenFingersAtOnce() {
    let m = model()
    for i in 0..<10 {
      m.handle(.pointerDown(.finger(Int64(100 + i)), at: pixel(m, 20 + Double(i) * 35, 400)), wall: 10)
    }
    #expect(m.engine.liveTouches.sorted() == Array(1...10))
    for step in 1...5 {
      for i in 0..<10 {
        m.handle(
          .pointerMoved(.finger(Int64(100 + i)), to: pixel(m, 20 + Double(i) * 35, 400 + Double(step) * 12)),
          wall: 10 + Double(step) * 16)
      }
    }
    #expect(m.engine.state(of: "cardPan") == .changed)
    for i in 0..<10 { m.handle(.pointerUp(.finger(Int64(100 + i)), at: pixel(m, 0, 0)), wall: 200) }
    expectSound(m)
  }

  /// Random sessions of everything a user can do at once: mouse and ten fingers pressed, moved and
  /// released anywhere (inside the device, elsewhere in the window, outside it), modifiers, every key,
  /// focus loss, reloads, replays. Once every pointer is released, no touch is down, and every engine's
  /// trace keeps the invariants. Seeds are printed on failure.
  @Test func randomSessionsLeaveNoStuckTouch() {
    for seed in UInt64(1)...1000 {
      var rng = SplitMix(seed: seed)
      let m = model()
      var wall = 0.0
      var down: [PointerID] = []  // an array: a Set's order changes from run to run
      let keys: [StudioKey] =
        [.escape, .backspace, .tab, .space, .left, .right] + "ecbdvgrp+-0".map { .character($0) }
      func randomPixel() -> Point {
        Int.random(in: 0..<10, using: &rng) == 0
          ? Point(Double.random(in: -200...1700, using: &rng), Double.random(in: -200...1100, using: &rng))
          : pixel(m, Double.random(in: -20...410, using: &rng), Double.random(in: -20...860, using: &rng))
      }
      for _ in 0..<80 {
        wall += [0, 8, 16, 16, 120, 700].randomElement(using: &rng)!
        let pointer: PointerID =
          Bool.random(using: &rng) ? .mouse : .finger(Int64.random(in: 1...10, using: &rng))
        let input: StudioInput
        switch Int.random(in: 0..<20, using: &rng) {
        case 0..<5: input = .pointerDown(pointer, at: randomPixel())
        case 5..<11: input = .pointerMoved(down.randomElement(using: &rng) ?? pointer, to: randomPixel())
        case 11..<15: input = .pointerUp(down.randomElement(using: &rng) ?? pointer, at: randomPixel())
        case 15: input = .modifiers(Modifiers(shift: .random(using: &rng), alt: .random(using: &rng)))
        case 16, 17: input = .key(keys.randomElement(using: &rng)!, .none)
        case 18: input = Bool.random(using: &rng) ? .focusLost : .hover(randomPixel())
        default:
          m.load(Self.scene, path: nil)
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
      for p in down { m.handle(.pointerUp(p, at: pixel(m, 10, 10)), wall: wall + 16) }
      m.tick(wall: wall + 5000)

      #expect(m.engine.liveTouches.isEmpty, "seed \(seed): touches left down: \(m.engine.liveTouches)")
      for trace in traces(m) {
        let problems = TraceInvariants.violations(in: trace, discrete: TraceInvariants.discreteness(of: Self.scene))
        #expect(problems.isEmpty, "seed \(seed): \(problems)")
      }
    }
  }
}

/// The picture after a rest: live input shows at once, it is not reached by replaying the idle time.
@Suite struct LiveAfterRestTests {
  @Test func aTouchAfterALongRestShowsAtOnce() {
    let m = StudioModel(scene: StuckTouchTests.scene)
    let size = Size(1440, 900)
    _ = m.frame(size: size, pixelScale: 1)
    var wall = 0.0
    while wall < 20_000 {
      wall += 16
      m.tick(wall: wall)
    }
    // At rest the playhead stopped a few seconds in; the engine's clock went on.
    #expect(m.playhead.time < 5_000)
    let p = m.viewport(for: StudioLayout(size: size, theme: m.theme)).toPixels(Point(150, 300))
    m.handle(.pointerDown(.mouse, at: p), wall: wall)
    m.tick(wall: wall + 16)
    #expect(m.playhead.time >= 19_000, "the playhead is at \(m.playhead.time)")
    #expect(m.snapshot.touches[1] != nil, "touch 1 is not shown")
  }
}
