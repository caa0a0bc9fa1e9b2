import Geometry
import StudioUI
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore
@testable import StudioSDL
@testable import TraceKit

/// A 100 × 200 window with one red box (with text) inside a root whose id label is drawn too.
private func smallScene() -> Scene {
  var root = ViewSpec(id: "root", frame: Rect(0, 0, 100, 200))
  root.color = "#FFFFFF"
  var box = ViewSpec(id: "box", frame: Rect(10, 20, 30, 40))
  box.color = "#FF0000"
  box.text = "Hi"
  root.subviews = [box]
  var scene = Scene(root: root)
  scene.window = Size(100, 200)
  return scene
}

/// Scale 2, scene origin at pixel (5, 5).
private let canvas = SceneCanvas(viewport: Viewport(scale: 2, origin: Point(5, 5)))

private func fills(_ commands: [DrawCommand]) -> [(Rect, RGBA)] {
  commands.compactMap { command in
    switch command {
    case .rect(let r, let fill?, _), .roundedRect(let r, _, let fill?, _): return (r, fill)
    default: return nil
    }
  }
}

private func texts(_ commands: [DrawCommand]) -> [(String, Point, TextStyle)] {
  commands.compactMap { command in
    if case .text(let s, let at, let style) = command { return (s, at, style) }
    return nil
  }
}

@Suite struct SceneCanvasTests {
  @Test func drawsEachViewToScaleAtItsFrameWithItsColour() {
    let commands = canvas.commands(for: smallScene())

    let drawn = fills(commands)
    #expect(drawn.contains { $0.0 == Rect(5, 5, 200, 400) && $0.1 == RGBA(255, 255, 255) })
    #expect(drawn.contains { $0.0 == Rect(25, 45, 60, 80) && $0.1 == RGBA(255, 0, 0) })
  }

  @Test func labelsEachViewWithItsIdAndCentresItsText() {
    let labels = texts(canvas.commands(for: smallScene()))

    // The id in the box's top-leading corner, 3 px in (placed as a box, drawn at its centre).
    let id = labels.first { $0.0 == "box" }
    let size = CanvasLabeler.textSize("box", size: SceneCanvas.idSize(unit: 1), face: .mono)
    #expect(id?.1 == Point(28 + size.width / 2, 48 + size.height / 2))
    #expect(id?.2.anchor == .center)
    let text = labels.first { $0.0 == "Hi" }
    #expect(text?.1 == Point(55, 85))
    #expect(text?.2.anchor == .center)
    #expect(text?.2.color == Palette.lightText)
    #expect(labels.contains { $0.0 == "root" })
  }

  @Test func aViewWithoutColourIsLightGrey() {
    var scene = smallScene()
    scene.root.subviews[0].color = nil

    #expect(
      fills(canvas.commands(for: scene)).contains { $0.0 == Rect(25, 45, 60, 80) && $0.1 == Palette.defaultViewFill })
  }

  @Test func aSuperviewsBoundsOriginShiftsItsSubviews() {
    var scene = smallScene()
    scene.root.bounds.origin = Point(0, 15)  // like a scroll view scrolled down 15 points

    #expect(fills(canvas.commands(for: scene)).contains { $0.0 == Rect(25, 15, 60, 80) })
  }

  @Test func nestedCentresAddUp() {
    var scene = smallScene()
    var inner = ViewSpec(id: "inner", frame: Rect(5, 5, 10, 10))
    inner.color = "#00FF00"
    scene.root.subviews[0].subviews = [inner]

    // box at (10, 20) + inner at (5, 5) = (15, 25) → pixels (35, 55), 20 × 20.
    #expect(fills(canvas.commands(for: scene)).contains { $0.0 == Rect(35, 55, 20, 20) && $0.1 == RGBA(0, 255, 0) })
  }

  @Test func hiddenAndTransparentViewsAreDashedOutlinesWithoutFill() {
    for change in [{ (v: inout ViewSpec) in v.hidden = true }, { (v: inout ViewSpec) in v.alpha = 0 }] {
      var scene = smallScene()
      change(&scene.root.subviews[0])

      let commands = canvas.commands(for: scene)

      #expect(!fills(commands).contains { $0.1 == RGBA(255, 0, 0) })
      let outline = commands.first { command in
        if case .rect(Rect(25, 45, 60, 80), nil, let stroke?) = command { return stroke.dash != nil }
        return false
      }
      #expect(outline != nil)
    }
  }

  @Test func clipsToBoundsWrapsTheSubviewsInABalancedClip() {
    var scene = smallScene()
    scene.root.subviews[0].clipsToBounds = true
    scene.root.subviews[0].subviews = [ViewSpec(id: "inner", frame: Rect(0, 0, 100, 100))]

    let commands = canvas.commands(for: scene)

    #expect(commands.contains(.clip(Rect(25, 45, 60, 80))))
    let opened = commands.filter { if case .clip = $0 { return true } else { return false } }.count
    #expect(opened == commands.filter { $0 == .unclip }.count)
  }

  /// The polygons among `commands`.
  private func polygons(_ commands: [DrawCommand]) -> [(points: [Point], fill: RGBA?, stroke: Stroke?)] {
    commands.compactMap { c in
      if case .polygon(let p, let fill, let stroke) = c { return (p, fill, stroke) }
      return nil
    }
  }

  private func near(_ a: Point, _ b: Point) -> Bool { a.distance(to: b) < 0.01 }

  @Test func aRotatedViewIsDrawnAsItsQuadrilateralWithItsTextUpright() {
    var scene = smallScene()
    scene.root.subviews[0].transform = TransformSpec(rotation: 90)

    let commands = canvas.commands(for: scene)

    // 30 × 40 about the centre (25, 40), turned a quarter: corners (45, 25), (45, 55), (5, 55), (5, 25) in
    // points, → pixels ×2 + 5; filled in its own colour, opaque, and outlined, no bounding box drawn.
    let quad = polygons(commands).first { $0.fill == RGBA(255, 0, 0) }
    #expect(quad?.points.count == 4)
    let expected = [Point(95, 55), Point(95, 115), Point(15, 115), Point(15, 55)]
    #expect(quad.map { q in zip(q.points, expected).allSatisfy { near($0, $1) } } == true)
    #expect(quad?.stroke != nil)
    #expect(!fills(commands).contains { $0.1.r == 255 && $0.1.g == 0 && $0.1.b == 0 })
    #expect(!commands.contains { if case .line = $0 { return true } else { return false } })
    // The text is upright (an ordinary text command) at the centre.
    let text = texts(commands).first { $0.0 == "Hi" }
    #expect(text?.1 == Point(55, 85))
  }

  @Test func aHiddenRotatedViewIsADashedQuadrilateral() {
    var scene = smallScene()
    scene.root.subviews[0].transform = TransformSpec(rotation: 30)
    scene.root.subviews[0].hidden = true

    let quad = polygons(canvas.commands(for: scene)).first
    #expect(quad?.fill == nil && quad?.stroke?.dash != nil)
    #expect(quad?.points.count == 4)
  }

  @Test func aRotatedViewsEnlargedHitAreaIsADashedQuadrilateral() {
    var scene = smallScene()
    scene.root.subviews[0].transform = TransformSpec(rotation: 45)
    scene.root.subviews[0].hitOutset = 10

    let commands = canvas.commands(for: scene)
    let area = polygons(commands).first { $0.stroke?.dash != nil }
    #expect(area?.fill?.a == 38)
    // The 30 × 40 bounds grown by 10 points on each side: 50 × 60, a diagonal of √6100 points (× 2 pixels).
    if let a = area?.points {
      #expect(abs(a[0].distance(to: a[2]) - 2 * 6100.0.squareRoot()) < 0.01)
    } else {
      Issue.record("no enlarged area")
    }
  }

  @Test func aRotatedIgnoredViewIsHatchedInsideItsQuadrilateral() {
    var scene = smallScene()
    scene.root.subviews[0].transform = TransformSpec(rotation: 45)
    scene.root.subviews[0].userInteractionEnabled = false

    let commands = canvas.commands(for: scene)
    guard let quad = polygons(commands).first(where: { $0.fill == RGBA(255, 0, 0) })?.points else {
      Issue.record("no quadrilateral")
      return
    }
    let hatch = commands.compactMap { c -> (Point, Point)? in
      if case .line(let a, let b, _) = c { return (a, b) }
      return nil
    }
    #expect(hatch.count > 3)
    // Every hatch line ends on or inside the quadrilateral (not in the corners of its bounding box).
    let grown = ConvexPolygon.offset(quad, by: 0.01)!
    #expect(hatch.allSatisfy { ConvexPolygon.contains(grown, $0.0) && ConvexPolygon.contains(grown, $0.1) })
  }

  @Test func theSubviewsOfARotatedViewAreTurnedWithIt() {
    var scene = smallScene()
    var inner = ViewSpec(id: "inner", frame: Rect(0, 0, 10, 10))
    inner.color = "#00FF00"
    scene.root.subviews[0].subviews = [inner]
    scene.root.subviews[0].transform = TransformSpec(rotation: 90)

    let commands = canvas.commands(for: scene)

    // inner's top-left corner is the box's top-left corner, which turns a quarter about (25, 40) to (45, 25).
    let child = polygons(commands).first { $0.fill == RGBA(0, 255, 0) }
    #expect(child.map { near($0.points[0], Point(95, 55)) } == true)
    #expect(child.map { near($0.points[2], Point(75, 75)) } == true)
  }

  @Test func touchesAreRingsInTheirFingersColour() {
    let commands = canvas.commands(for: smallScene(), touches: [TouchMarker(number: 1, location: Point(50, 100))])

    let ring = commands.first { if case .circle = $0 { return true } else { return false } }
    guard case .circle(let center, let radius, let fill, let stroke)? = ring else {
      Issue.record("no ring")
      return
    }
    #expect(center == Point(105, 205))
    #expect(radius == 44)
    #expect(fill == Palette.touch(1).withAlpha(0.5))
    #expect(stroke?.color == Palette.touch(1))
    #expect(texts(commands).contains { $0.0 == "1" && $0.1 == Point(105, 205) })
  }
}

@Suite struct ViewportTests {
  @Test func fitCentresTheContentAndRoundTrips() {
    let viewport = Viewport.fit(Size(100, 200), in: Rect(0, 0, 400, 400), margin: 0)

    #expect(viewport.scale == 2)
    #expect(viewport.origin == Point(100, 0))
    #expect(viewport.toScene(viewport.toPixels(Point(12, 34))) == Point(12, 34))
  }
}

@Suite struct RGBATests {
  @Test func parsesHexColours() {
    #expect(RGBA(hex: "#4C8BF5") == RGBA(0x4C, 0x8B, 0xF5))
    #expect(RGBA(hex: "4c8bf580") == RGBA(0x4C, 0x8B, 0xF5, 0x80))
    #expect(RGBA(hex: "#12345") == nil)
    #expect(RGBA(hex: "#GGGGGG") == nil)
    #expect(RGBA(0x4C, 0x8B, 0xF5).description == "#4C8BF5")
    // Only hex digits after one optional '#': no sign, no spaces, no second '#'.
    for bad in ["", "#", "+12345", "-12345", " 123456", "123456 ", "##123456", "12#3456", "#123456789", "１２３４５６"] {
      #expect(RGBA(hex: bad) == nil, "\(bad)")
    }
    // Every colour reads back from what it prints.
    var seed: UInt32 = 12345
    for _ in 0..<500 {
      seed = seed &* 1_103_515_245 &+ 12345
      let alpha = seed & 1 == 0 ? 255 : UInt8(seed & 0xFF)
      let c = RGBA(UInt8(seed >> 24), UInt8(seed >> 16 & 0xFF), UInt8(seed >> 8 & 0xFF), alpha)
      #expect(RGBA(hex: c.description) == c)
      #expect(RGBA(hex: c.description.lowercased()) == c)
    }
  }
}

/// A view's text and the subviews over it: "Post 1" goes beside its Follow button, not under it.
@Suite struct ViewTextBesideSubviewsTests {
  /// A 390-point post with its text and a Follow button on the right half of its middle row.
  func post(buttonFrame: Rect = Rect(200, 10, 170, 40), hidden: Bool = false) -> Scene {
    var root = ViewSpec(id: "root", frame: Rect(0, 0, 390, 200))
    var post = ViewSpec(id: "post1", frame: Rect(0, 20, 390, 60))
    post.text = "Post 1"
    var follow = ViewSpec(id: "follow1", kind: .button, frame: buttonFrame)
    follow.text = "Follow"
    follow.hidden = hidden
    post.subviews = [follow]
    root.subviews = [post]
    var scene = Scene(root: root)
    scene.window = Size(390, 200)
    return scene
  }

  func textBox(_ text: String, in commands: [DrawCommand]) -> Rect? {
    for case .text(let s, let at, let style) in commands where s == text {
      let w = TextMetrics.width(s, size: style.size, face: style.face)
      let h = TextMetrics.height(size: style.size)
      return Rect(at.x - w / 2, at.y - h / 2, w, h)
    }
    return nil
  }

  @Test(arguments: [1.0, 2.5])
  func theTextGoesInTheFreePartOfItsRow(scale: Double) throws {
    // Presenter mode's 18 px floor at scale 1 makes the text larger than the device would draw it.
    var canvas = SceneCanvas(viewport: Viewport(scale: scale, origin: Point(0, 0)), pixelScale: 1.5)
    canvas.textFloor = 18
    let commands = canvas.commands(for: post())
    let text = try #require(textBox("Post 1", in: commands))
    let button = canvas.viewport.toPixels(Rect(200, 30, 170, 40))
    #expect(text.maxX <= button.minX, "\(text) runs into \(button)")
    #expect(text.minX >= 0)
    // Centred in what is left of the row: the 200 points left of the button.
    #expect(abs(text.mid.x - 100 * scale) < 1)
  }

  @Test func withNothingOverItTheTextStaysCentred() throws {
    let canvas = SceneCanvas(viewport: Viewport(scale: 1, origin: Point(0, 0)))
    for scene in [
      post(hidden: true), post(buttonFrame: Rect(200, 0, 170, 5)), post(buttonFrame: Rect(300, 10, 70, 40)),
    ] {
      let text = try #require(textBox("Post 1", in: canvas.commands(for: scene)))
      #expect(abs(text.mid.x - 195) < 1)
    }
  }

  /// The labels keep off a view's text where it is drawn: beside the button over its middle, not in the
  /// middle (the labeler works the text's place out as the canvas does, from the view's subviews).
  @Test func theLabelsKnowWhereTheTextIsDrawn() throws {
    let scene = post()
    let viewport = Viewport(scale: 1, origin: Point(0, 0))
    let drawn = try #require(textBox("Post 1", in: SceneCanvas(viewport: viewport).commands(for: scene)))
    let geometry = CanvasGeometry(scene: scene, viewport: viewport)
    let labeler = CanvasLabeler(geometry: geometry, unit: 1, visible: Rect(0, 0, 390, 200), controls: [:])
    let boxes = labeler.ownTextBoxes(try #require(geometry["post1"]))
    #expect(boxes.count == 1)
    #expect(abs((boxes.first?.mid.x ?? 0) - drawn.mid.x) < 1, "labeler's \(boxes), drawn \(drawn)")
  }

  @Test func theWidestFreeStretchIsChosenAndTooLittleIsNone() {
    let box = Rect(0, 0, 300, 40)
    let span = SceneCanvas.freeSpan(
      of: box, row: 20, around: [Rect(20, 10, 40, 20), Rect(140, 0, 30, 40)], text: 60)
    #expect(span?.lower == 170 && span?.upper == 300)
    #expect(SceneCanvas.freeSpan(of: box, row: 20, around: [Rect(50, 0, 220, 40)], text: 60) == nil)
    #expect(SceneCanvas.freeSpan(of: box, row: 20, around: [Rect(0, 0, 300, 5)], text: 60) == nil)
    // A subview beside the centred text, not over it: the text stays centred.
    #expect(SceneCanvas.freeSpan(of: box, row: 20, around: [Rect(200, 0, 60, 40)], text: 60) == nil)
  }
}
