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

    let id = labels.first { $0.0 == "box" }
    #expect(id?.1 == Point(28, 48))
    #expect(id?.2.anchor == .topLeading)
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

  @Test func aRotatedViewGetsItsBoundingBoxAndItsTrueOutline() {
    var scene = smallScene()
    scene.root.subviews[0].transform = TransformSpec(rotation: 90)

    let commands = canvas.commands(for: scene)

    // 30 × 40 turned a quarter: 40 × 30 about the same centre (25, 40) → pixels (15, 55), 80 × 60.
    let box = fills(commands).first { $0.1.r == 255 && $0.1.g == 0 }
    #expect(box.map { abs($0.0.minX - 15) < 1e-9 && abs($0.0.width - 80) < 1e-9 } == true)
    #expect(commands.filter { if case .line = $0 { return true } else { return false } }.count == 4)
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
  }
}
