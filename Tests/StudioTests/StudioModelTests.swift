import Geometry
import TestSupport
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore
@testable import StudioSDL
@testable import TraceKit

/// The window's model without a window: input → engine, toggles, playback, keys.
@Suite struct StudioModelTests {
  let size = Size(1440, 900)

  /// A button inside a card with a tap recognizer; the model has drawn one frame (layout known).
  func model(_ s: Scene? = nil, path: String? = nil) -> StudioModel {
    let scene =
      s
      ?? TestSupport.scene([
        v(
          "card", [0, 100, 390, 500], recognizers: [g("cardTap", .tap)],
          subviews: [v("buy", [100, 100, 190, 60], kind: .button)])
      ])
    let m = StudioModel(scene: scene, path: path)
    _ = m.frame(size: size, pixelScale: 1)
    m.tick(wall: 0)
    return m
  }

  func pixel(_ m: StudioModel, _ x: Double, _ y: Double) -> Point {
    m.viewport(for: StudioLayout(size: size, theme: m.theme)).toPixels(Point(x, y))
  }

  @Test func theMouseIsOneFingerInSceneCoordinates() {
    let m = model()
    m.handle(.pointerDown(.mouse, at: pixel(m, 195, 230)), wall: 10)
    m.handle(.pointerUp(.mouse, at: pixel(m, 195, 230)), wall: 90)
    let run = m.engine.trace
    #expect(
      run.contains {
        if case .hit(1, "buy") = $0.event { return true }
        return false
      })
    #expect(
      run.contains {
        if case .control("buy", .touchUpInside, _, _) = $0.event { return true }
        return false
      })
  }

  @Test func aPressOutsideTheDeviceIsNoTouch() {
    let m = model()
    m.handle(.pointerDown(.mouse, at: Point(2, 300)), wall: 0)
    #expect(m.engine.trace.isEmpty)
  }

  @Test func fingersGetTheLowestFreeNumbersAndFocusLossCancelsThemAll() {
    let m = model()
    let p = pixel(m, 50, 50)
    m.handle(.pointerDown(.finger(7), at: p), wall: 0)
    m.handle(.pointerDown(.finger(9), at: p), wall: 0)
    m.handle(.pointerUp(.finger(7), at: p), wall: 5)
    m.handle(.pointerDown(.mouse, at: p), wall: 6)
    #expect(m.engine.liveTouches == [1, 2])
    m.handle(.focusLost, wall: 7)
    #expect(m.engine.liveTouches.isEmpty)
    let cancelled = m.engine.trace.filter {
      if case .input(_, .cancelled, _, _) = $0.event { return true }
      return false
    }
    #expect(cancelled.count == 2)
  }

  /// Alt adds a second finger mirrored around the centre; both lift together.
  @Test func altAddsAMirroredVirtualFinger() {
    let m = model()
    m.handle(.modifiers(Modifiers(alt: true)), wall: 0)
    m.handle(.pointerDown(.mouse, at: pixel(m, 100, 300)), wall: 0)
    #expect(m.engine.liveTouches == [1, 2])
    #expect(m.virtualFinger?.location == Point(290, 544))
    m.handle(.pointerUp(.mouse, at: pixel(m, 100, 300)), wall: 50)
    #expect(m.engine.liveTouches.isEmpty)
  }

  /// A toggle becomes a `set` in the engine and changes the next touch's outcome.
  @Test func toggleAppliesToTheNextTouch() {
    let m = model()
    m.perform(.change(PropertyChange(target: "cardTap", key: "cancelsTouchesInView", value: .bool(false))))
    #expect(m.config.allRecognizers[0].cancelsTouchesInView == false)
    m.handle(.pointerDown(.mouse, at: pixel(m, 20, 130)), wall: 10)
    m.handle(.pointerUp(.mouse, at: pixel(m, 20, 130)), wall: 90)
    let sets = m.engine.trace.filter { $0.event.kind == "set" }
    #expect(sets.count == 1)
    let delivered = m.engine.trace.compactMap { e -> TouchMethod? in
      if case .deliver("card", let method, _, _) = e.event { return method }
      return nil
    }
    #expect(delivered == [.touchesBegan, .touchesEnded])
  }

  /// While a finger is down a toggle waits for the next touch.
  @Test func toggleDuringATouchWaitsForTheLift() {
    let m = model()
    m.handle(.pointerDown(.mouse, at: pixel(m, 20, 130)), wall: 10)
    m.perform(.change(PropertyChange(target: "cardTap", key: "isEnabled", value: .bool(false))))
    #expect(m.pendingChanges.count == 1)
    #expect(!m.engine.trace.contains { $0.event.kind == "set" })
    m.handle(.pointerUp(.mouse, at: pixel(m, 20, 130)), wall: 90)
    #expect(m.pendingChanges.isEmpty)
    #expect(m.engine.trace.last?.event.kind == "set")
  }

  /// Keys for the selected recognizer flip its properties.
  @Test func keysToggleTheSelectedRecognizer() {
    let m = model()
    m.handle(.key(.tab, .none), wall: 0)
    #expect(m.selected == "cardTap")
    m.handle(.key(.character("e"), .none), wall: 0)
    #expect(m.config.allRecognizers[0].isEnabled == false)
    m.handle(.key(.character("g"), .none), wall: 0)
    #expect(m.config.allRecognizers[0].delegate?.shouldBegin == .always(false))
  }

  /// The playhead dwells on decisions, steps back and forth, and the fold follows it.
  @Test func playbackPacesAndSteps() {
    var s = TestSupport.scene([v("card", [0, 100, 390, 500], recognizers: [g("cardTap", .tap)])])
    s.script = tap(100, 300, t: 0, hold: 80)
    let m = model(s)
    m.perform(.playScript)
    #expect(m.playhead.index == 0)
    m.tick(wall: 16)
    let early = m.playhead.index
    #expect(early > 0 && early < m.engine.trace.count)
    for w in stride(from: 32.0, through: 20_000, by: 16) { m.tick(wall: w) }
    #expect(m.playhead.index == m.engine.trace.count)
    #expect(m.snapshot.recognizers["cardTap"]?.actionCount == 1)
    m.perform(.stepBack)
    #expect(m.paused)
    let back = m.playhead.index
    #expect(back < m.engine.trace.count)
    m.perform(.step)
    #expect(m.playhead.index > back)
    m.perform(.jump(0))
    #expect(m.playhead.index == 1)
    #expect(m.snapshot.recognizers.isEmpty)
  }

  /// Saving a take writes the configuration with the toggles, and the recorded input as its script, as a
  /// new scene beside the lesson (never over it).
  @Test func saveWithRecordingWritesTheLiveInputAsScript() {
    let m = model(path: "Scenes/lesson.yaml")
    m.perform(.change(PropertyChange(target: "cardTap", key: "isEnabled", value: .bool(false))))
    m.handle(.pointerDown(.mouse, at: pixel(m, 20, 130)), wall: 100)
    m.tick(wall: 100)
    m.tick(wall: 180)
    m.handle(.pointerUp(.mouse, at: pixel(m, 20, 130)), wall: 180)
    m.perform(.saveWithRecording)
    guard case .writeTake(let lesson, let text, let dropped) = m.drainEffects().first else {
      Issue.record("no take written")
      return
    }
    #expect(lesson == "Scenes/lesson.yaml" && dropped == 0)
    #expect(StudioModel.takePath(beside: lesson, number: 2) == "Scenes/lesson.take-2.yaml")
    #expect(text.contains("isEnabled: false"))
    #expect(text.contains("down: [20, 130]"))
    #expect(text.contains("- { t: 80, touch: 1, up: [20, 130] }"))
  }

  @Test func quitKey() {
    let m = model()
    m.handle(.key(.character("q"), Modifiers(control: true)), wall: 0)
    #expect(!m.isRunning)
  }
}
