import Geometry
import TestSupport
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore
@testable import StudioSDL
@testable import TraceKit

/// The device canvas drawn from the fold: hit-test walk, hit outlines, marks, badges, fingers.
@Suite struct CanvasPanelTests {
  let size = Size(1440, 900)

  /// A model on `scene` that has drawn one frame (so pointer positions map to scene points).
  func model(_ scene: Scene) -> StudioModel {
    let m = StudioModel(scene: scene)
    _ = m.frame(size: size, pixelScale: 1)
    m.tick(wall: 0)
    return m
  }

  /// The canvas panel's commands for what the model shows now.
  func canvas(_ m: StudioModel, presenter: Bool = false) -> [DrawCommand] {
    _ = m.frame(size: size, pixelScale: 1)
    let layout = StudioLayout(size: size, theme: m.theme)
    return CanvasPanel.draw(in: layout.canvas, PanelContext(model: m, layout: layout)).commands
  }

  func viewport(_ m: StudioModel) -> Viewport {
    m.viewport(for: StudioLayout(size: size, theme: m.theme))
  }

  /// Plays the scene's script, then shows the trace up to its first entry matching `match`.
  func jump(_ m: StudioModel, to match: (TraceEvent) -> Bool) {
    m.perform(.playScript)
    guard let i = m.engine.trace.firstIndex(where: { match($0.event) }) else {
      Issue.record("no such trace entry")
      return
    }
    m.perform(.jump(i))
  }

  /// Plays the scene's script with 16 ms frames until `done` holds (at most `limit` frames).
  func play(_ m: StudioModel, limit: Int = 2000, until done: (StudioModel) -> Bool) {
    m.perform(.playScript)
    var wall = 0.0
    for _ in 0..<limit {
      wall += 16
      m.tick(wall: wall)
      if done(m) { return }
    }
    Issue.record("the condition never held")
  }

  func texts(_ commands: [DrawCommand]) -> [String] {
    commands.compactMap { if case .text(let s, _, _) = $0 { return s } else { return nil } }
  }

  func near(_ a: Rect, _ b: Rect, within d: Double) -> Bool {
    abs(a.minX - b.minX) <= d && abs(a.minY - b.minY) <= d && abs(a.maxX - b.maxX) <= d && abs(a.maxY - b.maxY) <= d
  }

  func contains(_ outer: Rect, _ inner: Rect) -> Bool {
    outer.minX <= inner.minX && outer.minY <= inner.minY && outer.maxX >= inner.maxX && outer.maxY >= inner.maxY
  }

  /// A card with a tap recognizer holding a Buy button.
  var cardScene: Scene {
    TestSupport.scene(
      [
        v(
          "card", [0, 100, 390, 500], recognizers: [g("cardTap", .tap)],
          subviews: [v("buy", [100, 100, 190, 60], kind: .button)])
      ]) { $0.script = tap(195, 230) }
  }

  /// A content view under a hidden overlay that has a subview.
  var overlayScene: Scene {
    TestSupport.scene([
      v("content", [0, 0, 390, 844]),
      v("overlay", [0, 0, 390, 844], subviews: [v("overlayChild", [50, 50, 200, 200])]) { $0.hidden = true },
    ]) { $0.script = tap(100, 100) }
  }

  @Test func theHitViewIsOutlinedThickInItsTouchsColour() {
    let m = model(cardScene)
    jump(m) { if case .hit = $0 { return true } else { return false } }

    let buy = viewport(m).toPixels(Rect(100, 200, 190, 60))
    let outline = canvas(m).first { c in
      guard case .rect(let r, nil, let stroke?) = c else { return false }
      return stroke.color == Palette.touch(1) && stroke.width >= 3 && contains(r, buy) && near(r, buy, within: 10)
    }
    #expect(outline != nil)
  }

  @Test func theProbeOutlinesTheViewBeingVisitedAndDotsThePoint() {
    let m = model(cardScene)
    jump(m) { if case .hitTest("buy", _, _) = $0 { return true } else { return false } }

    let commands = canvas(m)
    let buy = viewport(m).toPixels(Rect(100, 200, 190, 60))
    #expect(
      commands.contains { c in
        if case .rect(let r, nil, let s?) = c { return s.color == Palette.probe && near(r, buy, within: 4) }
        return false
      })
    let point = viewport(m).toPixels(Point(195, 230))
    #expect(
      commands.contains { c in
        if case .circle(let center, _, Palette.probe?, _) = c { return center.distance(to: point) < 0.01 }
        return false
      })
  }

  @Test func aSkippedViewIsBadgedWithItsReasonAndItsSubtreeGreyed() {
    let m = model(overlayScene)
    jump(m) { if case .hit = $0 { return true } else { return false } }

    let commands = canvas(m)
    let lines = texts(commands)
    #expect(lines.contains { $0.contains("⊘") && $0.contains("overlay") && $0.contains("hidden") })
    #expect(lines.contains { $0.contains("✓") && $0.contains("content") && $0.contains("inside") })
    let child = viewport(m).toPixels(Rect(50, 50, 200, 200))
    #expect(
      commands.contains { c in
        if case .rect(let r, let fill?, nil) = c {
          return fill.r == Palette.prunedWash.r && near(r, child, within: 0.01)
        }
        return false
      })
  }

  @Test func reasonsAreWrittenOut() {
    let scene = TestSupport.scene([
      v("content", [0, 0, 390, 844]),
      v("photo", [0, 0, 390, 400], kind: .imageView),
      v("faded", [0, 0, 390, 400]) { $0.alpha = 0.005 },
      v("pay", [0, 0, 390, 400], kind: .button) { $0.enabled = false },
    ]) { $0.script = tap(100, 100) + tap(100, 600, t: 500) }
    let m = model(scene)
    jump(m) { if case .hit = $0 { return true } else { return false } }

    let lines = texts(canvas(m))
    for reason in ["userInteractionEnabled = NO", "alpha < 0.01", "disabled control"] {
      #expect(lines.contains { $0.contains(reason) }, "\(reason)")
    }
  }

  @Test func aPointOutsideAViewIsACross() {
    let scene = TestSupport.scene(
      [v("card", [0, 100, 390, 500], recognizers: [g("cardTap", .tap)])]) { $0.script = tap(195, 700) }
    let n = model(scene)
    jump(n) { if case .hit = $0 { return true } else { return false } }

    #expect(texts(canvas(n)).contains { $0.contains("✗") && $0.contains("point outside bounds") })
  }

  @Test func viewsHitTestingIgnoresAreTagged() {
    var overlay = overlayScene
    overlay.root.subviews[0].subviews = [v("label", [0, 0, 200, 100], kind: .label)]
    let m = model(overlay)

    let lines = texts(canvas(m))
    #expect(lines.contains("hidden"))
    #expect(lines.contains("no interaction"))
  }

  @Test func anEnlargedHitAreaIsDashedWithAFaintFill() {
    let scene = TestSupport.scene([
      v("close", [100, 100, 24, 24], kind: .button) {
        $0.hitOutset = 20
        $0.color = "#FF3B30"
      }
    ])
    let m = model(scene)

    let area = viewport(m).toPixels(Rect(80, 80, 64, 64))
    #expect(
      canvas(m).contains { c in
        guard case .rect(let r, let fill?, let stroke?) = c else { return false }
        return stroke.dash != nil && fill.r == 0xFF && fill.a == 38 && near(r, area, within: 0.01)
      })
  }

  @Test func recognizerBadgesNameEachRecognizerAndAScrollViewsPan() {
    var list = v("list", [0, 100, 390, 600], kind: .scroll, recognizers: [g("listTap", .tap)])
    list.scroll = ScrollSpec(contentSize: Size(390, 2000))
    let scene = TestSupport.scene([list], rootRecognizers: [g("rootPan", .pan), g("rootPinch", .pinch)])
    let m = model(scene)

    let lines = texts(canvas(m))
    for id in ["rootPan", "rootPinch", "listTap", "list.pan"] {
      #expect(lines.contains(id), "\(id)")
    }
  }

  @Test func aRecognizedTapsBadgeTurnsGreenWithATick() {
    let scene = TestSupport.scene([v("card", [0, 100, 390, 500], recognizers: [g("cardTap", .tap)])]) {
      $0.script = tap(195, 230)
    }
    let m = model(scene)
    jump(m) { if case .action("cardTap", _, _) = $0 { return true } else { return false } }

    let commands = canvas(m)
    #expect(texts(commands).contains("cardTap ✓"))
    // The action just fired: the badge flashes.
    #expect(
      commands.contains { c in
        if case .roundedRect(_, _, let fill?, _) = c { return fill.r == Palette.actionFlash.r && fill.a > 0 }
        return false
      })
  }

  @Test func aLiftedTouchLingersThenDisappears() {
    let m = model(cardScene)
    func rings() -> Int {
      canvas(m).filter { c in
        if case .circle(_, _, _, let s?) = c {
          return s.color.r == Palette.touch(1).r && s.color.g == Palette.touch(1).g
        }
        return false
      }.count
    }
    play(m) { m in
      guard let lift = m.snapshot.touches[1]?.liftTime else { return false }
      return m.playheadTime >= lift + 100
    }
    #expect(rings() > 0)
    var wall = 100_000.0
    for _ in 0..<60 {
      wall += 16
      m.tick(wall: wall)
    }
    #expect(m.playheadTime > m.snapshot.touches[1]!.liftTime! + CanvasTouches.linger)
    #expect(rings() == 0)
  }

  @Test func theWalksBadgesFadeButTheHitOutlineStaysWhileTheTouchIsDown() {
    var scene = cardScene
    scene.script = [down(1, 195, 230, t: 0), up(1, t: 4000)]
    let m = model(scene)
    play(m) { $0.playheadTime > 2500 }

    let commands = canvas(m)
    #expect(!texts(commands).contains { $0.contains("✓") })
    #expect(
      commands.contains { c in
        if case .rect(_, nil, let s?) = c { return s.color == Palette.touch(1) }
        return false
      })
  }

  @Test func theVirtualFingerIsADashedLabelledRing() {
    let m = model(cardScene)
    m.handle(.modifiers(Modifiers(alt: true)), wall: 0)
    m.handle(.pointerDown(.mouse, at: viewport(m).toPixels(Point(100, 300))), wall: 0)

    let commands = canvas(m)
    #expect(texts(commands).contains("virtual"))
    let center = viewport(m).toPixels(Point(290, 544))
    #expect(
      commands.contains { c in
        if case .circle(let p, _, _, let s?) = c {
          return s.dash != nil && s.color == Palette.touch(2) && p.distance(to: center) < 0.01
        }
        return false
      })
  }

  @Test func theHoverPointerIsAHollowRing() {
    let m = model(cardScene)
    let p = viewport(m).toPixels(Point(50, 50))
    m.handle(.pointerMoved(.mouse, to: p), wall: 0)

    #expect(
      canvas(m).contains { c in
        if case .circle(let center, _, nil, _?) = c { return center.distance(to: p) < 0.01 }
        return false
      })
  }

  @Test func aLongPressCountsDownWithAnArc() {
    let scene = TestSupport.scene([v("card", [0, 100, 390, 500], recognizers: [g("press", .longPress)])]) {
      $0.script = [down(1, 195, 230, t: 0), up(1, t: 900)]
    }
    let m = model(scene)
    play(m) { $0.playheadTime > 200 }

    #expect(
      canvas(m).contains { c in
        if case .line(_, _, let s) = c { return s.color == Palette.pressWaiting }
        return false
      })
  }

  @Test func aSwitchShowsItsKnobOnTheSideOfItsValue() {
    let scene = TestSupport.scene([v("wifi", [100, 100, 60, 30], kind: .switch) { $0.value = 1 }])
    let m = model(scene)

    let box = viewport(m).toPixels(Rect(100, 100, 60, 30))
    let knob = canvas(m).compactMap { c -> Point? in
      if case .circle(let p, _, RGBA.white?, _) = c { return p }
      return nil
    }.first
    #expect(knob.map { $0.x > box.mid.x } == true)
  }

  @Test func theCanvasBalancesItsClipsInNormalAndPresenterMode() {
    let m = model(overlayScene)
    jump(m) { if case .hit = $0 { return true } else { return false } }
    for presenter in [false, true] {
      if presenter { m.perform(.togglePresenter) }
      let commands = canvas(m)
      let opened = commands.filter { if case .clip = $0 { return true } else { return false } }.count
      #expect(opened == commands.filter { $0 == .unclip }.count)
    }
  }

  @Test func aScrollViewDraggedShowsItsContentScrolledAndClipped() {
    var list = v(
      "list", [0, 100, 390, 600], kind: .scroll, subviews: [v("row", [0, 200, 390, 80]) { $0.color = "#00FF00" }])
    list.scroll = ScrollSpec(contentSize: Size(390, 2000))
    let scene = TestSupport.scene([list]) { $0.script = drag(from: (200, 600), to: (200, 400), lift: false) }
    let m = model(scene)
    m.perform(.playScript)
    m.perform(.jump(m.engine.trace.count - 1))

    guard let offset = m.snapshot.scene.root.subviews[0].bounds.origin.y as Double?, offset > 0 else {
      Issue.record("the scroll view did not scroll")
      return
    }
    let commands = canvas(m)
    let row = viewport(m).toPixels(Rect(0, 100 + 200 - offset, 390, 80))
    #expect(
      commands.contains { c in
        if case .rect(let r, let fill?, _) = c { return fill == RGBA(0, 255, 0) && near(r, row, within: 0.01) }
        return false
      })
    let box = viewport(m).toPixels(Rect(0, 100, 390, 600))
    #expect(commands.contains { if case .clip(let r) = $0 { return near(r, box, within: 0.01) } else { return false } })
    #expect(texts(commands).contains { $0.hasPrefix("list.pan") })
  }

  @Test func theZoomControlZoomsTheDevice() {
    let m = model(cardScene)
    let layout = StudioLayout(size: size, theme: m.theme)
    let list = CanvasPanel.draw(in: layout.canvas, PanelContext(model: m, layout: layout))

    let actions = list.regions.map(\.action)
    #expect(actions.contains(.zoom(1.25)))
    #expect(actions.contains(.zoom(0.8)))
    #expect(actions.contains(.zoomReset))
  }
}
