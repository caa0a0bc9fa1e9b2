import Geometry
import StudioUI
import Testing
import TouchSim

@testable import StudioCore

/// The views' own labels (ids and the tags of views hit-testing ignores) placed in an earlier frame are
/// added again whole only while placing them would give the same labels (`FrameMemo.placeViewLabels`), and
/// every label (touch tags, the walk's badges, recognizer badges, the views' own) goes where an earlier
/// frame's labeler put it while it is asked for as then and nothing that could move it changed
/// (`CanvasLabeler.replaying`): through taps, drags across views that do not scroll, scrolls and a zoom,
/// each frame is the frame built after forgetting everything kept, in the desktop layout and in presenter
/// mode.
@Suite struct ViewLabelMemoTests {
  func scene() -> Scene {
    var root = ViewSpec(id: "root", frame: Rect(0, 0, 390, 844))
    var nav = ViewSpec(id: "nav", frame: Rect(0, 0, 390, 80))
    var title = ViewSpec(id: "navTitle", kind: .label, frame: Rect(100, 40, 190, 30))
    title.text = "Inbox"
    var badge = ViewSpec(id: "navBadge", frame: Rect(300, 40, 30, 30))
    badge.userInteractionEnabled = false
    nav.subviews = [title, badge, ViewSpec(id: "navBack", kind: .button, frame: Rect(8, 40, 44, 36))]
    nav.recognizers = [RecognizerSpec(id: "navTap", kind: .tap)]
    var feed = ViewSpec(id: "feed", kind: .scroll, frame: Rect(0, 80, 390, 500))
    feed.scroll = ScrollSpec(contentSize: Size(390, 16 * 84))
    for r in 0..<16 {
      var row = ViewSpec(id: "row\(r)", frame: Rect(0, Double(r) * 84, 390, 84))
      var text = ViewSpec(id: "title\(r)", kind: .label, frame: Rect(84, 10, 200, 22))
      text.text = "Message \(r)"
      var dim = ViewSpec(id: "dim\(r)", frame: Rect(12, 12, 60, 60))
      dim.userInteractionEnabled = r % 2 == 0
      dim.hidden = r % 5 == 0
      row.subviews = [dim, text, ViewSpec(id: "like\(r)", kind: .button, frame: Rect(330, 20, 44, 44))]
      if r % 3 == 0 { row.recognizers = [RecognizerSpec(id: "open\(r)", kind: .tap)] }
      feed.subviews.append(row)
    }
    var pad = ViewSpec(id: "pad", frame: Rect(10, 600, 370, 200))
    pad.recognizers = [RecognizerSpec(id: "padPan", kind: .pan)]
    var knob = ViewSpec(id: "knob", kind: .slider, frame: Rect(20, 20, 200, 30))
    knob.enabled = true
    pad.subviews = [knob, ViewSpec(id: "padNote", kind: .label, frame: Rect(20, 80, 200, 30))]
    root.subviews = [nav, feed, pad]
    var scene = Scene(root: root)
    scene.window = Size(390, 844)
    return scene
  }

  /// Drives the window's model through `gestures`; after each input, the frame built with what was kept
  /// must be the frame built after forgetting it. Returns how many times the views' labels were reused,
  /// and how many of the labels placed before them went where an earlier frame's labeler put them.
  func reuses(presenter: Bool, size: Size) -> (views: Int, replays: Int) {
    let m = StudioModel(scene: scene())
    m.narrator = StudioNarration.narrate
    if presenter { m.perform(.togglePresenter) }
    var wall = 0.0
    m.tick(wall: wall)
    _ = m.frame(size: size, pixelScale: 1)
    let viewport = m.viewport(for: StudioLayout(size: size, theme: m.theme))
    func step(_ input: StudioInput?) {
      wall += 16
      if let input { m.handle(input, wall: wall) }
      m.tick(wall: wall)
      let kept = m.frame(size: size, pixelScale: 1)
      m.forgetKept()
      let fresh = m.frame(size: size, pixelScale: 1)
      #expect(kept.commands == fresh.commands, "presenter \(presenter): frame at \(wall) ms differs")
      #expect(kept.regions.map(\.rect) == fresh.regions.map(\.rect), "presenter \(presenter): regions at \(wall)")
    }
    func drag(from a: Point, by d: Point, steps: Int) {
      step(.pointerDown(.mouse, at: viewport.toPixels(a)))
      for k in 1...steps {
        step(.pointerMoved(.mouse, to: viewport.toPixels(a + d * (Double(k) / Double(steps)))))
      }
      step(.pointerUp(.mouse, at: viewport.toPixels(a + d)))
      for _ in 0..<3 { step(nil) }
    }
    // A tap on the nav bar's title, a tap on a row's like button: the walk's badges come and go.
    drag(from: Point(190, 55), by: .zero, steps: 2)
    drag(from: Point(350, 80 + 84 + 40), by: .zero, steps: 2)
    // A drag across the pad (its pan, nothing on the device moves), then one along the slider.
    drag(from: Point(200, 760), by: Point(120, -20), steps: 8)
    drag(from: Point(40, 635), by: Point(150, 0), steps: 8)
    // A scroll of the feed, then a tap where it came to rest.
    drag(from: Point(150, 400), by: Point(0, -200), steps: 10)
    drag(from: Point(60, 300), by: .zero, steps: 2)
    // A zoom, and a tap after it.
    m.perform(.zoom(1.25))
    step(nil)
    drag(from: Point(190, 55), by: .zero, steps: 2)
    return (m.workerMemo.viewLabelReuses, m.workerMemo.labelReplays)
  }

  @Test func eachFrameIsTheFrameBuiltAfresh() {
    let n = reuses(presenter: false, size: Size(1280, 800))
    #expect(n.views > 20, "frames where nothing moved should reuse the views' labels")
    #expect(n.replays > 20, "frames where nothing moved should place the walk's labels and badges as before")
  }

  @Test func eachFrameInPresenterModeIsTheFrameBuiltAfresh() {
    let n = reuses(presenter: true, size: Size(1024, 768))
    #expect(n.views > 20, "frames where nothing moved should reuse the views' labels")
    #expect(n.replays > 20, "frames where nothing moved should place the labels beside the device as before")
  }
}

/// A labeler's journal is followed by a labeler of another scene only where the scene did not change: a
/// view's text that came where a label went moves the label.
@Suite struct LabelJournalKeyTests {
  func scene(text: String?) -> Scene {
    var root = ViewSpec(id: "root", frame: Rect(0, 0, 390, 844))
    var box = ViewSpec(id: "box", kind: .label, frame: Rect(50, 100, 280, 120))
    box.text = text
    root.subviews = [box]
    var scene = Scene(root: root)
    scene.window = Size(390, 844)
    return scene
  }

  /// Asks `memo`'s labeler of `scene` for one badge in the middle of the box; its box, or nil.
  func badge(_ memo: FrameMemo, _ scene: Scene) -> Rect? {
    let viewport = Viewport(scale: 1, origin: .zero)
    let geometry = memo.geometry(scene: scene, viewport: viewport)
    let visible = Rect(0, 0, 390, 844)
    let key = FrameMemo.LabelerKey(
      scene: scene, viewport: viewport, unit: 1, visible: visible, beside: [], controls: [:], textFloor: 0,
      language: .english, measurer: TextMetrics.measurer.identity)
    var labeler = memo.labeler(key, geometry: geometry)
    let placed = labeler.place(
      .recognizer, LabelPlacer.Text("tap ✓"), size: 11, face: .regular, pill: nil,
      slots: [LabelPlacer.Slot(Point(190, 160), .center, .middle)], region: visible, target: nil, reach: 0,
      owner: "box"
    ) { _ in }
    memo.placeViewLabels(&labeler, key)
    return placed?.box
  }

  @Test func aChangedSceneIsNotFollowed() throws {
    let memo = FrameMemo()
    let first = try #require(badge(memo, scene(text: nil)), "nothing in the way: placed")
    // The box now shows its text where the badge went: the badge must not cover it.
    let text = CanvasLabeler.ownBoxes(
      try #require(
        CanvasGeometry(scene: scene(text: "Hello there"), viewport: Viewport(scale: 1, origin: .zero))["box"]),
      canvas: SceneCanvas(viewport: Viewport(scale: 1, origin: .zero)))
    #expect(text.contains { CanvasGeometry.overlap($0, first) }, "the test needs the text where the badge was")
    let second = badge(memo, scene(text: "Hello there"))
    #expect(second.map { b in !text.contains { CanvasGeometry.overlap($0, b) } } ?? true)
  }
}

/// A labeler following an earlier frame's journal places again only the labels a change could move: those
/// whose tried places lie where a box taken then is gone, or whose place a new box comes near. The rest
/// go where they went; every label lands where a labeler following nothing puts it.
@Suite struct LabelFollowingTests {
  let viewport = Viewport(scale: 1, origin: .zero)
  let visible = Rect(0, 0, 390, 844)

  func geometry() -> CanvasGeometry {
    CanvasGeometry(scene: ViewLabelMemoTests().scene(), viewport: viewport)
  }

  /// A badge from `at` (its top-leading corner, as a finger's tag would be), then the views' own labels, following `journal`.
  func labeler(badgeAt at: Point?, following journal: [CanvasLabeler.Entry]) -> CanvasLabeler {
    var labeler = CanvasLabeler(geometry: geometry(), unit: 1, visible: visible, controls: [:])
    labeler.replaying = journal
    if let at {
      labeler.place(
        .touchTag, LabelPlacer.Text("touch 1 · hit like5"), size: 11, face: .regular, pill: (4, 16),
        slots: [LabelPlacer.Slot(at, .leading, .top)], region: visible, target: nil, reach: 0, owner: "touch"
      ) { _ in }
    }
    labeler.placeViewLabels()
    return labeler
  }

  @Test func onlyLabelsNearAChangeArePlacedAgain() throws {
    #expect(labeler(badgeAt: Point(150, 826), following: []).labels.first?.owner == "touch", "the badge is placed")
    // The badge first lies where row 2's id would go, then where row 5's would, then away from labels, then
    // it is gone.
    let bare = labeler(badgeAt: nil, following: [])
    func idPlace(_ view: String) throws -> Point { try #require(bare.labels.first { $0.owner == view }).box.origin }
    let start = try idPlace("row2")
    let first = labeler(badgeAt: start, following: [])
    for moved in [try idPlace("row5"), Point(150, 826), nil] {
      let followed = labeler(badgeAt: moved, following: first.journal)
      let fresh = labeler(badgeAt: moved, following: [])
      #expect(followed.commands() == fresh.commands(), "badge at \(String(describing: moved))")
      #expect(followed.replayed > 20, "labels far from the badge go where they went (\(followed.replayed))")
      #expect(followed.replacedNearChange > 0, "a label the badge came near or left is placed again")
      #expect(
        followed.replacedNearChange < fresh.journal.count / 2,
        "only labels near the change (\(followed.replacedNearChange) of \(fresh.journal.count))")
    }
    // Nothing changed: every label is followed.
    let same = labeler(badgeAt: start, following: first.journal)
    #expect(same.replacedNearChange == 0)
    #expect(same.replayed == first.journal.count)
    #expect(same.commands() == first.commands())
  }

  @Test func aPlaceTriedIsInTheProbe() throws {
    var placer = LabelPlacer(obstacles: [Rect(0, 0, 100, 20)], gap: 1, bounds: visible)
    let slots = [LabelPlacer.Slot(Point(10, 5), .leading, .top), LabelPlacer.Slot(Point(10, 40), .leading, .top)]
    let placed = placer.place(LabelPlacer.Text("x"), measure: { _ in Size(30, 10) }, slots: slots, region: visible)
    #expect(placed?.box == Rect(10, 40, 30, 10), "the first slot lies on the obstacle")
    let tried = placer.takeProbe()
    let probe = try #require(tried)
    // Both places tried, each grown by the gap.
    #expect(CanvasGeometry.contains(probe, Rect(9, 4, 32, 12)))
    #expect(CanvasGeometry.contains(probe, Rect(9, 39, 32, 12)))
    #expect(placer.takeProbe() == nil, "taken once")
  }
}

/// A labeler follows the journal of a frame whose scene differs only in views that moved or changed (a
/// list scrolled): where those views showed then and show now counts as boxes taken then and now, so a
/// label whose place they touch is placed again, and the rest go where they went.
@Suite struct LabelFollowingAcrossScenesTests {
  let viewport = Viewport(scale: 1, origin: .zero)
  let visible = Rect(0, 0, 390, 844)

  func labeler(_ geometry: CanvasGeometry) -> CanvasLabeler {
    CanvasLabeler(geometry: geometry, unit: 1, visible: visible, controls: [:])
  }

  @Test func aScrolledListKeepsTheLabelsAroundIt() throws {
    let scene = ViewLabelMemoTests().scene()
    var scrolled = scene
    scrolled.root.subviews[1].bounds.origin = Point(0, 130)
    let before = CanvasGeometry(scene: scene, viewport: viewport)
    let after = CanvasGeometry(scene: scrolled, viewport: viewport, reusing: before)
    var first = labeler(before)
    first.placeViewLabels()
    var followed = labeler(after)
    let moved = try #require(CanvasLabeler.changedViews(from: (before, first.sight), to: (after, followed.sight)))
    #expect(moved.gone.count > 10 && moved.come.count > 10, "the rows and what they hold moved")
    // Not the list itself (its offset changed, not where it shows), nor rows of which nothing shows.
    let feed = try #require(after["feed"]).visible
    #expect(!moved.gone.contains(feed) && !moved.come.contains(feed))
    let shows = { (r: Rect) in r.width > 0 && r.height > 0 }
    #expect(moved.gone.allSatisfy(shows) && moved.come.allSatisfy(shows))
    followed.follow(first.journal, gone: moved.gone, come: moved.come)
    followed.placeViewLabels()
    var fresh = labeler(after)
    fresh.placeViewLabels()
    #expect(followed.commands() == fresh.commands())
    #expect(followed.replayed > 5, "the nav bar's and the pad's labels go where they went (\(followed.replayed))")
  }

  /// A view's text moves under where a badge went: the badge, asked for as before, goes elsewhere.
  @Test func aTextThatMovesUnderALabelMovesIt() throws {
    func scene(textAt y: Double) -> Scene {
      var root = ViewSpec(id: "root", frame: Rect(0, 0, 390, 844))
      var note = ViewSpec(id: "note", kind: .label, frame: Rect(20, y, 350, 40))
      note.text = "A long line of text to cover"
      root.subviews = [note]
      var s = Scene(root: root)
      s.window = Size(390, 844)
      return s
    }
    let before = CanvasGeometry(scene: scene(textAt: 400), viewport: viewport)
    let after = CanvasGeometry(scene: scene(textAt: 100), viewport: viewport)
    let slots = [
      LabelPlacer.Slot(Point(195, 120), .center, .middle), LabelPlacer.Slot(Point(195, 600), .center, .middle),
    ]
    func badge(_ labeler: inout CanvasLabeler) -> Rect? {
      labeler.place(
        .recognizer, LabelPlacer.Text("tap ✓"), size: 11, face: .regular, pill: nil, slots: slots, region: visible,
        target: nil, reach: 0, owner: "root"
      ) { _ in }?.box
    }
    var first = labeler(before)
    #expect(badge(&first).map { $0.mid.y } == 120, "nothing in the way at first")
    var followed = labeler(after)
    let moved = try #require(CanvasLabeler.changedViews(from: (before, first.sight), to: (after, followed.sight)))
    followed.follow(first.journal, gone: moved.gone, come: moved.come)
    #expect(badge(&followed).map { $0.mid.y } == 600, "the text now lies where it went")
    #expect(followed.replacedNearChange == 1)
  }
}
