import Foundation
import Geometry
import Raster
import SceneFile
import StudioTestSupport
import StudioUI
import Testing
import TouchSim
import TraceKit

@testable import StudioCore

/// The window asks a scene's questions as its script plays (ask the class): it stops at each
/// one's time before anything at that time is shown, answers from the trace on Enter with the narration's
/// why, plays on with Space, and forgets them when the hand takes over.
@Suite struct QuestionStudioTests {
  static let size = Size(1280, 800)

  static var library: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Scenes")
  }

  static func scene11() throws -> Scene {
    try SceneLoader.load(path: library.appendingPathComponent("11-single-vs-double-tap.yaml").path)
  }

  /// Plays the script with 16 ms frames until a question is on screen (at most `limit` frames).
  static func playToQuestion(_ m: StudioModel, wall: inout Double, limit: Int = 4000) -> QuestionOnScreen? {
    for _ in 0..<limit {
      wall += 16
      m.tick(wall: wall)
      _ = m.frame(size: size, pixelScale: 1)
      if let q = m.question { return q }
    }
    return nil
  }

  static func texts(_ list: DrawList) -> [String] {
    list.commands.compactMap { if case .text(let s, _, _) = $0 { return s } else { return nil } }
  }

  @Test func playbackStopsAtEachQuestionBeforeItsTimeAndAnswersFromTheTrace() throws {
    let m = StudioModel.drawn(try Self.scene11(), size: Self.size, narrated: true)
    m.perform(.playScript)
    var wall = 0.0
    let first = try #require(Self.playToQuestion(m, wall: &wall))
    #expect(first.index == 0 && first.count == 4)
    #expect(m.paused && m.playheadTime == 0)
    // Nothing at its time is shown yet: the finger has not touched down.
    #expect(m.playhead.index == 0)
    #expect(first.upcoming == [.init(touch: 1, at: Point(101, 300))])
    // The answer is the trace's: singleA's state line to ended.
    #expect(first.answer.value == "yes")
    let e = try #require(first.answer.entry)
    #expect(m.engine.trace[e].event == .state(recognizer: "singleA", from: .possible, to: .ended, reason: .tapped))
    #expect(first.why.first == "singleA recognized the tap and sent its action (rule 5.1).")
    // Shown, not yet answered.
    var shown = Self.texts(m.frame(size: Self.size, pixelScale: 1))
    #expect(
      shown.joined(separator: " ").contains("The blue tile has a single tap and a double tap, nothing between them."))
    #expect(shown.contains("A  yes") && shown.contains("B  no"))
    #expect(!shown.contains { $0.hasPrefix("The engine:") })
    // Paused, time does not move.
    for _ in 0..<20 {
      wall += 16
      m.tick(wall: wall)
    }
    #expect(m.playheadTime == 0 && m.question != nil)
    // Enter shows the answer and why.
    m.handle(.key(.enter, Modifiers()), wall: wall)
    shown = Self.texts(m.frame(size: Self.size, pixelScale: 1))
    #expect(m.question?.revealed == true)
    #expect(shown.contains("✓ A  yes") && shown.contains("The engine: yes"))
    #expect(shown.joined(separator: " ").contains("singleA recognized the tap and sent its action (rule 5.1)."))
    // Space plays on to the next question, at 1000 ms, with the first gesture shown whole.
    m.handle(.key(.space, Modifiers()), wall: wall)
    #expect(m.question == nil && !m.paused)
    let second = try #require(Self.playToQuestion(m, wall: &wall))
    #expect(second.index == 1 && m.playheadTime == 1000)
    #expect(m.engine.trace[..<m.playhead.index].allSatisfy { $0.t < 1000 })
    #expect(m.engine.trace[m.playhead.index].t == 1000)
    #expect(second.answer.value == "singleA")
  }

  @Test func aRecordingPlaysThroughTheQuestions() throws {
    // `touchscope record` plays the script with `play(script:)`: no question stops it.
    let scene = try Self.scene11()
    let m = StudioModel.drawn(scene, size: Self.size, narrated: true)
    m.play(script: scene.script)
    var wall = 0.0
    for _ in 0..<400 {
      wall += 16
      m.tick(wall: wall)
    }
    #expect(m.question == nil && m.playheadTime > 1000)
  }

  @Test func theIntroductionSaysTheScriptAsksQuestions() throws {
    let m = StudioModel.drawn(try Self.scene11(), size: Self.size, narrated: true)
    let shown = Self.texts(m.frame(size: Self.size, pixelScale: 1)).joined(separator: " ")
    #expect(shown.contains("press P to play the scene's script: it stops to ask the class 4 questions"), "\(shown)")
  }

  @Test func aClickOnTheCardIsTheCardsNeverATouchOfTheDeviceUnderIt() throws {
    // On the stage at 1024 × 768 in presenter mode the card lies over the device.
    let size = Size(1024, 768)
    let m = StudioModel.drawn(try Self.scene11(), size: size, narrated: true)
    m.perform(.togglePresenter)
    m.perform(.toggleStage)
    m.perform(.playScript)
    var wall = 0.0
    for _ in 0..<400 where m.question == nil {
      wall += 16
      m.tick(wall: wall)
      _ = m.frame(size: size, pixelScale: 1)
    }
    let list = m.frame(size: size, pixelScale: 1)
    let cards = list.commands.compactMap { c -> Rect? in
      if case .roundedRect(let r, _, _, let s?) = c, s.color == m.theme.accent, r.width > 300 { return r }
      return nil
    }
    let card = try #require(cards.last)
    let device = m.viewport(for: StudioLayout(size: size, theme: m.theme, stage: true)).toPixels(Rect(0, 0, 390, 844))
    let p = Point((max(card.minX, device.minX) + min(card.maxX, device.maxX)) / 2, card.minY + 10)
    #expect(device.contains(p))
    let entries = m.engine.trace.count
    m.handle(.pointerDown(.mouse, at: p), wall: wall)
    m.handle(.pointerUp(.mouse, at: p), wall: wall + 16)
    #expect(m.engine.trace.count == entries && m.question != nil)
  }

  @Test func theAnswerFollowsTheToggles() throws {
    // singleA waits for doubleA when toggled so (a delegate answer the scene does not have): flip the
    // blue tile's single tap off instead, and the first question's answer becomes "no".
    let m = StudioModel.drawn(try Self.scene11(), size: Self.size, narrated: true)
    m.perform(.change(PropertyChange(target: "singleA", key: "isEnabled", value: .bool(false))))
    m.perform(.playScript)
    var wall = 0.0
    let q = try #require(Self.playToQuestion(m, wall: &wall))
    #expect(q.answer.value == "no")
  }

  @Test func escClosesTheQuestionAndLiveInputEndsTheQuiz() throws {
    let m = StudioModel.drawn(try Self.scene11(), size: Self.size, narrated: true)
    m.perform(.playScript)
    var wall = 0.0
    _ = try #require(Self.playToQuestion(m, wall: &wall))
    m.handle(.key(.escape, Modifiers()), wall: wall)
    #expect(m.question == nil && m.paused)
    // A touch by hand: the window goes live, and no question stops it any more.
    let p = m.pixel(300, 600, size: Self.size)
    m.handle(.pointerDown(.mouse, at: p), wall: wall + 16)
    m.handle(.pointerUp(.mouse, at: p), wall: wall + 32)
    for _ in 0..<200 {
      wall += 16
      m.tick(wall: wall + 32)
    }
    #expect(m.question == nil && m.mode == .live)
  }

  @Test(arguments: [
    (Size(1280, 800), false, false), (Size(1024, 768), true, false), (Size(1024, 768), true, true),
    (Size(1920, 1080), false, false),
  ])
  func theCardStaysInTheWindowWithItsTextInsideAndKeepsTheDeviceInSight(size: Size, presenter: Bool, stage: Bool)
    throws
  {
    let m = StudioModel.drawn(try Self.scene11(), size: size, narrated: true)
    if presenter { m.perform(.togglePresenter) }
    if stage { m.perform(.toggleStage) }
    m.perform(.playScript)
    var wall = 0.0
    _ = try #require(Self.playToQuestion(m, wall: &wall))
    for reveal in [false, true] {
      if reveal { m.handle(.key(.enter, Modifiers()), wall: wall) }
      let list = m.frame(size: size, pixelScale: 1)
      let layout = StudioLayout(size: size, theme: m.theme, stage: stage)
      let cards = list.commands.compactMap { c -> Rect? in
        if case .roundedRect(let r, _, _, let s?) = c, s.color == m.theme.accent, r.width > 300 { return r }
        return nil
      }
      let card = try #require(cards.last)
      // Below the header, inside the window.
      #expect(card.minY >= layout.canvas.minY && card.minX >= 0 && card.maxX <= size.width && card.maxY <= size.height)
      // Beside the device when there is room: over the inspector's column (not on the stage).
      let device = m.viewport(for: layout).toPixels(Rect(0, 0, 390, 844))
      if !stage { #expect(card.minX >= device.maxX, "\(card) \(device)") }
      // Nothing cut: the last line, the keys, is inside the card.
      let keys = list.commands.compactMap { c -> Point? in
        if case .text(let s, let at, _) = c, s.hasPrefix("Space: play on") || s.hasPrefix("Enter: show the answer") {
          return at
        }
        return nil
      }
      #expect(keys.count == 1 && keys[0].y < card.maxY)
      for case .text(let s, let at, let style) in list.commands where at.y >= card.minY && at.y < card.maxY {
        guard at.x >= card.minX && at.x < card.maxX, style.anchor.horizontal == .leading else { continue }
        #expect(at.x + TextMetrics.width(s, size: style.size, face: style.face) <= card.maxX + 1, "\(s)")
      }
    }
  }

  @Test func oddQuestionsAreDrawnWithinTheCard() throws {
    // A long question in Chinese, a 150-character id, an emoji and a zero-width choice: all drawn inside.
    var s = try Self.scene11()
    let long = String(repeating: "很长的问题", count: 40)
    var q = SceneQuestion(
      t: 0, ask: long, asks: .finalState(recognizer: "singleA"),
      choices: ["ended", String(repeating: "x", count: 150), "👍", "\u{200B}"])
    q.translations = ["zh-Hans": long]
    s.questions = [q]
    let m = StudioModel.drawn(s, size: Self.size, narrated: true)
    m.language = .simplifiedChinese
    m.perform(.playScript)
    var wall = 0.0
    _ = try #require(Self.playToQuestion(m, wall: &wall))
    m.handle(.key(.enter, Modifiers()), wall: wall)
    let list = m.frame(size: Self.size, pixelScale: 1)
    let cards = list.commands.compactMap { c -> Rect? in
      if case .roundedRect(let r, _, _, let s?) = c, s.color == m.theme.accent, r.width > 300 { return r }
      return nil
    }
    let card = try #require(cards.last)
    #expect(card.maxY <= Self.size.height && card.minY >= 0)
    // Every pill's text fits its pill.
    var pills: [Rect] = []
    for c in list.commands {
      if case .roundedRect(let r, _, _, _) = c, card.contains(r.origin), r.width < card.width, r.height < 60 {
        pills.append(r)
      }
      if case .text(let text, let at, let style) = c, style.anchor.horizontal == .center,
        let pill = pills.last(where: { $0.contains(at) })
      {
        #expect(TextMetrics.width(text, size: style.size, face: style.face) <= pill.width, "\(text)")
      }
    }
  }

  @Test func comparingEndsTheQuestions() throws {
    let m = StudioModel.drawn(try Self.scene11(), size: Self.size, narrated: true)
    m.perform(.change(PropertyChange(target: "singleB", key: "isEnabled", value: .bool(false))))
    m.perform(.playScript)
    var wall = 0.0
    _ = try #require(Self.playToQuestion(m, wall: &wall))
    m.handle(.key(.character("x"), Modifiers()), wall: wall)
    #expect(m.question == nil)
    let shown = Self.texts(m.frame(size: Self.size, pixelScale: 1)).joined(separator: " ")
    #expect(!shown.contains("Question 1 of 4"))
  }

  @Test func steppingPastAQuestionNeverAsksItLateAndSteppingBackAsksItAgain() throws {
    let m = StudioModel.drawn(try Self.scene11(), size: Self.size, narrated: true)
    m.perform(.playScript)
    var wall = 0.0
    _ = try #require(Self.playToQuestion(m, wall: &wall))
    // Step into the first gesture: the card goes, and playing on asks question 2, not question 1 late.
    for _ in 0..<5 { m.perform(.step) }
    #expect(m.question == nil)
    m.perform(.togglePause)
    let second = try #require(Self.playToQuestion(m, wall: &wall))
    #expect(second.index == 1 && m.playheadTime == 1000)
    #expect(m.engine.trace[m.playhead.index].t == 1000)
    // Back before the second question's time, and on again: it is asked again, before its lines.
    m.perform(.stepBack)
    m.perform(.togglePause)
    let again = try #require(Self.playToQuestion(m, wall: &wall))
    #expect(again.index == 1 && m.engine.trace[m.playhead.index].t == 1000)
  }

  @Test func resetEndsTheQuestions() throws {
    let m = StudioModel.drawn(try Self.scene11(), size: Self.size, narrated: true)
    m.perform(.playScript)
    var wall = 0.0
    _ = try #require(Self.playToQuestion(m, wall: &wall))
    m.perform(.setSpeed(0.25))
    m.perform(.resetTouches)
    for _ in 0..<600 {
      wall += 16
      m.tick(wall: wall)
    }
    #expect(m.question == nil)
  }

  @Test func aTakeLeavesTheLessonsQuestionsBehind() throws {
    let m = StudioModel(scene: try Self.scene11(), path: "Scenes/11-single-vs-double-tap.yaml")
    _ = m.frame(size: Self.size, pixelScale: 1)
    m.tick(wall: 0)
    let p = m.pixel(101, 300, size: Self.size)
    m.handle(.pointerDown(.mouse, at: p), wall: 100)
    m.handle(.pointerUp(.mouse, at: p), wall: 180)
    m.perform(.saveWithRecording)
    guard case .writeTake(_, let text, _)? = m.drainEffects().last else {
      Issue.record("no take")
      return
    }
    let take = try SceneLoader.parse(text, file: "take.yaml")
    #expect(take.questions.isEmpty && take.script.count == 2)
  }
}
