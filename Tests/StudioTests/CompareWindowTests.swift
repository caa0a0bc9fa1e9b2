import Foundation
import Geometry
import Localization
import SceneFile
import StudioTestSupport
import StudioUI
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore
@testable import StudioSDL
@testable import TraceKit

/// Compare mode in the window (key X): two worlds side by side on the same input.
@MainActor
struct CompareWindowTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let size = Size(1280, 800)

  static func library(_ name: String) throws -> Scene {
    try SceneLoader.load(path: root.appendingPathComponent("Scenes/\(name).yaml").path)
  }

  /// Scene 08 with `tapCancels.cancelsTouchesInView` flipped by its key (C on the selected recognizer).
  static func flippedCancels() throws -> StudioModel {
    let m = StudioModel.drawn(try library("08-cancels-touches-in-view"), size: size)
    m.perform(.select("tapCancels"))
    m.handle(.key(.character("c"), .none), wall: 10)
    return m
  }

  /// Where scene point (x, y) of side `side` is in the last compare frame.
  static func pixel(_ m: StudioModel, side: Int, _ x: Double, _ y: Double) -> Point {
    m.compare!.deviceAreas[side].viewport.toPixels(Point(x, y))
  }

  /// Saves the model's frame as a PNG when TOUCHSCOPE_LOOK names a folder (to look at it).
  static func look(_ m: StudioModel, _ name: String, size: Size = size) throws {
    guard let folder = ProcessInfo.processInfo.environment["TOUCHSCOPE_LOOK"] else { return }
    try renderWindowPNG(m, size: size, path: folder + "/" + name + ".png")
  }

  @Test func xWithNothingFlippedSaysWhatToDo() throws {
    let m = StudioModel.drawn(try Self.library("08-cancels-touches-in-view"), size: Self.size)
    m.handle(.key(.character("x"), .none), wall: 10)
    #expect(!m.isComparing)
    #expect(m.toast?.text.contains("flip a toggle first") == true)
    m.language = .simplifiedChinese
    m.handle(.key(.character("x"), .none), wall: 20)
    #expect(m.toast?.text.contains("请先切换一个开关") == true)
  }

  @Test func xComparesTheSceneAsWrittenWithYourToggles() throws {
    let m = try Self.flippedCancels()
    m.handle(.key(.character("x"), .none), wall: 20)
    #expect(m.isComparing)
    let worlds = try #require(m.comparedScenes)
    #expect(worlds.left == m.loaded)
    #expect(worlds.right == m.config)
    #expect(
      m.comparedChanges == [PropertyChange(target: "tapCancels", key: "cancelsTouchesInView", value: .bool(false))])
    let text = m.frame(size: Self.size, pixelScale: 1).commands.compactMap { c -> String? in
      if case .text(let s, _, _) = c { return s }
      return nil
    }
    #expect(text.contains("As written"))
    #expect(text.contains("Your toggles"))
    #expect(text.contains("tapCancels.cancelsTouchesInView = false"))
  }

  /// A live tap on either device reaches both engines at the same scene point and the same time.
  @Test func aLiveTapReachesBothEnginesWithTheSameScenePoints() throws {
    let m = try Self.flippedCancels()
    m.handle(.key(.character("x"), .none), wall: 20)
    _ = m.frame(size: Self.size, pixelScale: 1)
    // On the right device this time.
    let p = Self.pixel(m, side: 1, 100, 300)
    m.handle(.pointerDown(.mouse, at: p), wall: 100)
    m.handle(.pointerUp(.mouse, at: p), wall: 160)
    m.tick(wall: 400)
    let traces = try #require(m.comparedTraces)
    for trace in [traces.left, traces.right] {
      let inputs = trace.compactMap { e -> String? in
        if case .input = e.event { return e.json }
        return nil
      }
      #expect(inputs.count == 2)
      #expect(inputs.first?.contains(#""at":[100,300]"#) == true, "\(inputs)")
    }
    let downs = [traces.left, traces.right].map { $0.first { if case .input = $0.event { true } else { false } }?.t }
    #expect(downs[0] == downs[1])
    // Live at speed 1: each side shows its engine's present.
    let shots = try #require(m.comparedSnapshots)
    #expect(shots.left.count == traces.left.count)
    #expect(shots.right.count == traces.right.count)
    // A tap on the blue card: the runs part where the full comparison says, and the words say the card
    // gets touchesEnded with the change instead of touchesCancelled.
    let reference = TraceComparison(written: traces.left, changed: traces.right)
    let d = try #require(m.comparedDivergence)
    #expect(d.t == reference.first?.t)
    #expect(d.left?.json == reference.first?.written?.json)
    #expect(d.right?.json == reference.first?.changed?.json)
    let sentence = try #require(m.comparedSentence)
    #expect(sentence.contains("`cancelCard` gets touchesEnded at"), "\(sentence)")
    #expect(sentence.contains("instead of touchesCancelled"), "\(sentence)")
  }

  /// P plays the scene's script on both engines, paced by one playhead; the first divergence is the
  /// touchesCancelled / touchesEnded line, and the sentence says so as `touchscope compare` does.
  @Test func pPlaysTheScriptOnBothAndFindsTheFirstDivergence() throws {
    let m = try Self.flippedCancels()
    m.handle(.key(.character("x"), .none), wall: 20)
    m.handle(.key(.character("p"), .none), wall: 30)
    let scene = m.loaded
    var changed = scene
    _ = changed.apply(PropertyChange(target: "tapCancels", key: "cancelsTouchesInView", value: .bool(false)))
    let traces = try #require(m.comparedTraces)
    #expect(traces.left.map(\.json) == Engine.replay(scene).map(\.json))
    #expect(traces.right.map(\.json) == Engine.replay(changed).map(\.json))
    // The playhead starts at the beginning and plays at a watchable pace.
    #expect(m.comparePlayheadTime == 0)
    var wall = 30.0
    while wall < 60_000 {
      wall += 16
      m.tick(wall: wall)
    }
    let shots = try #require(m.comparedSnapshots)
    #expect(shots.left.count == traces.left.count && shots.right.count == traces.right.count)
    let reference = TraceComparison(written: traces.left, changed: traces.right)
    let d = try #require(m.comparedDivergence)
    #expect(d.t == reference.first?.t)
    #expect(d.left?.json == reference.first?.written?.json)
    #expect(d.right?.json == reference.first?.changed?.json)
    let sentence = try #require(m.comparedSentence)
    #expect(sentence.hasPrefix("With tapCancels.cancelsTouchesInView = false, `cancelCard` gets touchesEnded"))
    m.language = .simplifiedChinese
    #expect(m.comparedSentence?.contains("而不是 touchesCancelled") == true)
  }

  /// Each side shows exactly its own entries up to the shared playhead.
  @Test func steppingShowsEachSideUpToTheSharedPlayhead() throws {
    let m = try Self.flippedCancels()
    m.handle(.key(.character("x"), .none), wall: 20)
    m.handle(.key(.character("p"), .none), wall: 30)
    for _ in 0..<12 { m.handle(.key(.right, .none), wall: 40) }
    let c = try #require(m.compare)
    let time = c.playhead.time
    for side in c.sides {
      #expect(side.snapshot.count == side.shown)
      #expect(side.engine.trace[..<side.shown].allSatisfy { $0.t <= time })
    }
    // Before the first difference both sides show the same lines, step by step.
    let d = try #require(c.divergence)
    let before = try #require(d.left)
    let m2 = try Self.flippedCancels()
    m2.handle(.key(.character("x"), .none), wall: 20)
    m2.handle(.key(.character("p"), .none), wall: 30)
    let c2 = try #require(m2.compare)
    while c2.left.shown < before {
      m2.handle(.key(.right, .none), wall: 40)
      guard c2.left.shown <= before else { break }
      #expect(c2.left.shown == c2.right.shown)
      #expect(c2.left.snapshot.count == c2.right.snapshot.count)
    }
  }

  @Test func bothTimelinesUseTheSameTimeToXMapping() throws {
    let m = try Self.flippedCancels()
    m.handle(.key(.character("x"), .none), wall: 20)
    m.handle(.key(.character("p"), .none), wall: 30)
    for wall in stride(from: 46.0, to: 3000, by: 16) { m.tick(wall: wall) }
    for presenter in [false, true] {
      if m.theme.presenter != presenter { m.perform(.togglePresenter) }
      let size = presenter ? Size(1024, 768) : Self.size
      _ = m.frame(size: size, pixelScale: 1)
      let axes = try #require(m.compareTimelineAxes(size: size))
      let a = try #require(axes[0])
      let b = try #require(axes[1])
      #expect(a == b)
      #expect(a.x(80) == b.x(80))
    }
  }

  @Test func escOrXLeavesAndTheSingleWindowIsAsBefore() throws {
    let m = try Self.flippedCancels()
    let before = m.frame(size: Self.size, pixelScale: 1)
    let traceBefore = m.engine.trace.count
    m.handle(.key(.character("x"), .none), wall: 20)
    _ = m.frame(size: Self.size, pixelScale: 1)
    let p = Self.pixel(m, side: 0, 100, 300)
    m.handle(.pointerDown(.mouse, at: p), wall: 100)
    m.handle(.pointerUp(.mouse, at: p), wall: 160)
    m.handle(.key(.escape, .none), wall: 200)
    #expect(!m.isComparing)
    #expect(m.engine.trace.count == traceBefore)
    #expect(m.frame(size: Self.size, pixelScale: 1).commands.count == before.commands.count)
    m.handle(.key(.character("x"), .none), wall: 300)
    #expect(m.isComparing)
    m.handle(.key(.character("x"), .none), wall: 310)
    #expect(!m.isComparing)
  }

  /// A toggle's context menu (right button) compares the configuration now with that toggle flipped.
  @Test func rightClickOnAToggleComparesItFlipped() throws {
    let m = StudioModel.drawn(try Self.library("08-cancels-touches-in-view"), size: Self.size)
    m.perform(.select("tapKeeps"))
    let frame = m.frame(size: Self.size, pixelScale: 1)
    let want = PropertyChange(target: "tapKeeps", key: "cancelsTouchesInView", value: .bool(true))
    let region = try #require(frame.regions.first { $0.action == .change(want) })
    m.handle(.contextClick(at: region.rect.mid), wall: 50)
    #expect(m.isComparing)
    #expect(m.comparedChanges == [want])
    #expect(m.comparedScenes?.left == m.config)
    // The configuration itself is unchanged: the flip is the comparison's.
    #expect(m.config == m.loaded)
  }

  /// A toggle flipped while comparing changes the right-hand world; both engines start again.
  @Test func flippingWhileComparingChangesTheRightHandSide() throws {
    let m = try Self.flippedCancels()
    m.handle(.key(.character("x"), .none), wall: 20)
    m.perform(.select("tapKeeps"))
    m.handle(.key(.character("c"), .none), wall: 30)
    #expect(m.comparedScenes?.left == m.loaded)
    #expect(m.comparedChanges.count == 2)
    m.handle(.key(.character("z"), Modifiers(control: true)), wall: 40)
    #expect(m.comparedChanges.count == 1)
  }

  /// Presenter mode at 1024 × 768: compare mode's own texts (the two bands over the devices, the strip,
  /// the timelines' caption, axis labels and world names) are large and none overlaps another, in English
  /// and Chinese, all through the script.
  @Test func presenterModeHasNoOverlappingText() throws {
    let m = try Self.flippedCancels()
    m.perform(.togglePresenter)
    m.handle(.key(.character("x"), .none), wall: 20)
    m.handle(.key(.character("p"), .none), wall: 30)
    let size = Size(1024, 768)
    var checked = 0
    for wall in stride(from: 46.0, to: 20_000, by: 16) {
      m.tick(wall: wall)
      guard Int(wall) % 1600 == 46 % 1600 || wall + 16 >= 20_000 else { continue }
      for lang in [Language.english, .simplifiedChinese] {
        m.language = lang
        let frame = m.frame(size: size, pixelScale: 1)
        let t = m.theme
        #expect(TextMetrics.pixelSize(t.bodySize) >= 18)
        let layout = ComparePanel.layout(
          size: size, theme: t, stage: false,
          narrationHeight: ComparePanel.stripHeight(ComparePanel.sentence(m.compare!, lang), width: size.width, t))
        let rows = ComparePanel.timelineRects(layout.bottom, t)
        let axisRows = rows.lanes.map { Rect($0.minX, $0.minY, $0.width, t.smallSize + 6 * t.unit) }
        let bands = layout.sides.map { Rect($0.minX, $0.minY, $0.width, 3 * t.lineHeight) }
        let own = bands + [layout.narration, rows.caption] + rows.names + axisRows
        let texts = frame.commands.compactMap { c -> (String, Rect)? in
          guard case .text(let s, let at, let style) = c, !s.isEmpty else { return nil }
          let box = CanvasLabelTests.box(s, at: at, style)
          return own.contains { $0.contains(box.mid) } ? (s, box) : nil
        }
        #expect(texts.count >= 10, "\(texts.map(\.0))")
        for (i, a) in texts.enumerated() {
          #expect(a.1.minX >= 0 && a.1.maxX <= size.width, "'\(a.0)' leaves the window")
          for b in texts[(i + 1)...] where Self.overlap(a.1, b.1) {
            Issue.record("'\(a.0)' overlaps '\(b.0)' in \(lang) at \(m.comparePlayheadTime ?? 0) ms")
          }
        }
        checked += 1
      }
    }
    #expect(checked >= 10)
    try Self.look(m, "compare-presenter-end", size: size)
  }

  /// Odd window sizes and input anywhere (off the devices, between them, dragged from one to the other,
  /// lost releases, fingers and the simulated second finger) never crash compare mode, and both engines
  /// always get the same input.
  @Test func oddSizesAndInputNeverCrash() throws {
    let m = try Self.flippedCancels()
    m.handle(.key(.character("x"), .none), wall: 20)
    var wall = 30.0
    for size in [Size(1, 1), Size(60, 40), Size(200, 150), Size(5000, 300), Size(300, 3000), Size(1280, 800)] {
      _ = m.frame(size: size, pixelScale: 1)
      for k in 0..<40 {
        wall += 17
        let p = Point(Double((k * 97) % Int(max(size.width, 1))), Double((k * 53) % Int(max(size.height, 1))))
        switch k % 6 {
        case 0: m.handle(.pointerDown(.mouse, at: p), wall: wall)
        case 1: m.handle(.pointerMoved(.mouse, to: p), wall: wall)
        case 2: m.handle(.pointerDown(.finger(7), at: p), wall: wall)
        case 3: m.handle(.modifiers(Modifiers(alt: true)), wall: wall)
        case 4: m.handle(.hover(p), wall: wall)
        default: m.handle(.pointerUp(.mouse, at: p), wall: wall)
        }
        m.tick(wall: wall)
        _ = m.frame(size: size, pixelScale: 1)  // as the window does after every event
        #expect(m.isComparing, "left compare mode at \(size), event \(k)")
      }
      m.handle(.modifiers(.none), wall: wall)
      m.handle(.focusLost, wall: wall)
      _ = m.frame(size: size, pixelScale: 1)
    }
    let traces = try #require(m.comparedTraces)
    func inputs(_ trace: [TraceEntry]) -> [String] {
      trace.compactMap { if case .input = $0.event { $0.json } else { nil } }
    }
    #expect(inputs(traces.left) == inputs(traces.right))
    #expect(!inputs(traces.left).isEmpty)
    #expect(m.compare?.hasLiveTouches == false)
  }

  static func overlap(_ a: Rect, _ b: Rect) -> Bool {
    a.minX < b.maxX - 0.5 && b.minX < a.maxX - 0.5 && a.minY < b.maxY - 0.5 && b.minY < a.maxY - 0.5
  }

  @Test func lookAtCompareMode() throws {
    let m = try Self.flippedCancels()
    m.handle(.key(.character("x"), .none), wall: 20)
    try Self.look(m, "compare-empty")
    m.handle(.key(.character("p"), .none), wall: 30)
    for wall in stride(from: 46.0, to: 2400, by: 16) { m.tick(wall: wall) }
    try Self.look(m, "compare-1280")
    // At the first difference, a few decisions on: the blue card's tap, cancelled on one side only.
    let d = try #require(m.compare?.divergence?.left)
    m.perform(.compareJump(side: 0, index: d))
    for _ in 0..<4 { m.perform(.step) }
    try Self.look(m, "compare-at-difference")
    m.perform(.togglePresenter)
    try Self.look(m, "compare-at-difference-presenter", size: Size(1024, 768))
    m.language = .simplifiedChinese
    try Self.look(m, "compare-at-difference-presenter-zh", size: Size(1024, 768))
    m.language = .english
    m.perform(.togglePresenter)
    m.language = .simplifiedChinese
    try Self.look(m, "compare-1280-zh")
    m.language = .english
    m.setStartScale(2)
    try Self.look(m, "compare-4k", size: Size(3840, 2160))
    m.language = .simplifiedChinese
    try Self.look(m, "compare-4k-zh", size: Size(3840, 2160))
    m.language = .english
    #expect(m.isComparing)
  }
}
