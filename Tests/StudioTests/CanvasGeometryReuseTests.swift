import Geometry
import Testing
import TouchSim

@testable import StudioCore

/// A layout that reuses the one before (`CanvasGeometry(scene:viewport:reusing:)`, as `FrameMemo` builds the
/// canvas each frame) is the layout made without it, through scrolls, hidden and turned views, text,
/// reordering, views removed and added, and a viewport that changed.
@Suite struct CanvasGeometryReuseTests {
  let viewport = Viewport(scale: 1.5, origin: Point(20, 10))

  func scene() -> Scene {
    var root = ViewSpec(id: "root", frame: Rect(0, 0, 390, 844))
    var feed = ViewSpec(id: "feed", kind: .scroll, frame: Rect(0, 80, 390, 500))
    feed.scroll = ScrollSpec(contentSize: Size(390, 20 * 84))
    for r in 0..<20 {
      var row = ViewSpec(id: "row\(r)", frame: Rect(0, Double(r) * 84, 390, 84))
      var title = ViewSpec(id: "title\(r)", kind: .label, frame: Rect(84, 10, 200, 22))
      title.text = "Row \(r)"
      var tags = ViewSpec(id: "tags\(r)", frame: Rect(200, 56, 110, 24))
      tags.clipsToBounds = true
      tags.subviews = (0..<3).map {
        ViewSpec(id: "tag\(r)_\($0)", kind: .control, frame: Rect(Double($0) * 44, 0, 40, 24))
      }
      row.subviews = [title, ViewSpec(id: "like\(r)", kind: .button, frame: Rect(330, 20, 44, 44)), tags]
      if r % 4 == 0 { row.recognizers = [RecognizerSpec(id: "select\(r)", kind: .tap)] }
      feed.subviews.append(row)
    }
    var photo = ViewSpec(id: "photo", kind: .imageView, frame: Rect(10, 600, 370, 100))
    photo.subviews = (0..<4).map { k in
      var sticker = ViewSpec(id: "sticker\(k)", frame: Rect(Double(k) * 40, 20, 28, 28))
      sticker.transform = TransformSpec(rotation: Double(k) * 15)
      return sticker
    }
    var ghost = ViewSpec(id: "ghost", frame: Rect(0, 720, 390, 40))
    ghost.alpha = 0.005
    ghost.subviews = [ViewSpec(id: "ghostChild", frame: Rect(10, 5, 100, 30))]
    root.subviews = [ViewSpec(id: "nav", frame: Rect(0, 0, 390, 80)), feed, photo, ghost]
    var scene = Scene(root: root)
    scene.window = Size(390, 844)
    return scene
  }

  /// Every field of every node, and the index of every id, are the same in both layouts.
  func expectSame(_ a: CanvasGeometry, _ b: CanvasGeometry, _ step: String) {
    #expect(a.nodes.count == b.nodes.count, "\(step): node count")
    for (x, y) in zip(a.nodes, b.nodes) {
      let same =
        x.spec == y.spec && x.parent == y.parent && x.children == y.children && x.toWindow == y.toWindow
        && x.box == y.box && x.quad == y.quad && x.clip == y.clip && x.ghost == y.ghost
        && x.mayHaveBadges == y.mayHaveBadges
      #expect(same, "\(step): node \(x.spec.id) differs from \(y.spec.id)")
      #expect(a.index(of: x.spec.id) == b.index(of: x.spec.id), "\(step): index of \(x.spec.id)")
    }
  }

  func changed(_ scene: Scene, _ change: (inout ViewSpec) -> Void) -> Scene {
    var s = scene
    change(&s.root)
    return s
  }

  @Test func aLayoutReusingTheOneBeforeIsTheLayoutMadeAfresh() {
    var s = scene()
    var previous = CanvasGeometry(scene: s, viewport: viewport)
    let steps: [(String, (inout ViewSpec) -> Void)] = [
      ("scrolled", { $0.subviews[1].bounds.origin.y += 37 }),
      ("scrolled again", { $0.subviews[1].bounds.origin.y += 140.5 }),
      ("a row hidden", { $0.subviews[1].subviews[3].hidden = true }),
      // The list's rows are taken as laid out before only while they are the very array they were: here
      // the list scrolls and one row's text changes in the same step.
      (
        "scrolled while a row changed",
        {
          $0.subviews[1].bounds.origin.y -= 20
          $0.subviews[1].subviews[4].subviews[0].text = "Scrolled and changed"
        }
      ),
      ("a sticker turned", { $0.subviews[2].subviews[1].transform = TransformSpec(rotation: 40) }),
      ("the photo turned", { $0.subviews[2].transform = TransformSpec(rotation: 3) }),
      ("a text changed", { $0.subviews[1].subviews[5].subviews[0].text = "Changed" }),
      ("a row to the front", { $0.subviews[1].subviews.append($0.subviews[1].subviews.remove(at: 2)) }),
      ("a row removed", { $0.subviews[1].subviews.remove(at: 7) }),
      ("a view added", { $0.subviews[0].subviews.append(ViewSpec(id: "badge", frame: Rect(300, 10, 40, 40))) }),
      ("the ghost shown", { $0.subviews[3].alpha = 1 }),
      ("a recognizer added", { $0.subviews[0].recognizers = [RecognizerSpec(id: "navTap", kind: .tap)] }),
      // The last views gone, every other id still at its index: the index by id is made again.
      ("the last view removed", { $0.subviews.removeLast() }),
      ("nothing changed", { _ in }),
    ]
    for (name, change) in steps {
      s = changed(s, change)
      let reused = CanvasGeometry(scene: s, viewport: viewport, reusing: previous)
      expectSame(reused, CanvasGeometry(scene: s, viewport: viewport), name)
      // A view gone is not found (the index by id is not the last layout's).
      for id in ["ghost", "ghostChild"] where name == "the last view removed" {
        #expect(reused.index(of: id) == nil, "\(id) is still indexed")
      }
      previous = reused
    }
    // Another viewport: nothing of the layout before is taken.
    let other = Viewport(scale: 2, origin: Point(0, 0))
    expectSame(
      CanvasGeometry(scene: s, viewport: other, reusing: previous), CanvasGeometry(scene: s, viewport: other),
      "another viewport")
  }

  @Test func aScrollKeepsWhatLiesOutsideTheListAndTheRowsCopiesOfTheirViews() throws {
    let s = scene()
    let before = CanvasGeometry(scene: s, viewport: viewport)
    let after = CanvasGeometry(
      scene: changed(s) { $0.subviews[1].bounds.origin.y += 37 }, viewport: viewport, reusing: before)
    func held(_ g: CanvasGeometry, _ id: String) throws -> ObjectIdentifier {
      try #require(g[id]).heldIdentity
    }
    // Outside the list: the same nodes. In it: the rows moved, each still holding the same copy of its view.
    for id in ["nav", "photo", "sticker2", "ghostChild", "row3", "title3", "tag3_1"] {
      #expect(try held(after, id) == held(before, id), "\(id) was copied again")
    }
    // The list itself changed (its offset): a new copy.
    #expect(try held(after, "feed") != held(before, "feed"))
    #expect(after["row3"]?.box != before["row3"]?.box)
  }

  /// In the window: a finger scrolls the list, and each frame, built on the layout of the frame before, is
  /// the frame built after forgetting everything kept.
  @Test func eachFrameOfAScrollIsTheFrameBuiltAfresh() {
    let size = Size(1280, 800)
    let m = StudioModel(scene: scene())
    m.narrator = StudioNarration.narrate
    var wall = 0.0
    m.tick(wall: wall)
    _ = m.frame(size: size, pixelScale: 1)
    let viewport = m.viewport(for: StudioLayout(size: size, theme: m.theme))
    var compared = 0
    func step(_ input: StudioInput) {
      wall += 16
      m.handle(input, wall: wall)
      m.tick(wall: wall)
      let kept = m.frame(size: size, pixelScale: 1)
      m.forgetKept()
      let fresh = m.frame(size: size, pixelScale: 1)
      #expect(kept.commands == fresh.commands, "frame at \(wall) ms differs with the layout kept")
      compared += 1
    }
    let start = Point(150, 400)
    step(.pointerDown(.mouse, at: viewport.toPixels(start)))
    for k in 1...30 { step(.pointerMoved(.mouse, to: viewport.toPixels(start + Point(0, -Double(k) * 6)))) }
    step(.pointerUp(.mouse, at: viewport.toPixels(start + Point(0, -180))))
    #expect(compared == 32)
    #expect(m.snapshot.live.views["feed"]?.bounds.origin.y ?? 0 > 100, "the drag should have scrolled the list")
  }
}
