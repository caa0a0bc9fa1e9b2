import Geometry
import StudioTestSupport
import TestSupport
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore
@testable import TraceKit

/// Outlines, washes and badges of a view stay inside what its clipping ancestors show; transformed views
/// are outlined as their quadrilaterals; the walk shows the point that decided in each view's coordinates.
@Suite struct CanvasOutlineTests {
  let size = Size(1440, 900)

  func model(_ scene: Scene) -> StudioModel { .drawn(scene, size: size) }

  func canvas(_ m: StudioModel) -> DrawList {
    _ = m.frame(size: size, pixelScale: 1)
    let layout = StudioLayout(size: size, theme: m.theme)
    return CanvasPanel.draw(in: layout.canvas, PanelContext(model: m, layout: layout))
  }

  func viewport(_ m: StudioModel) -> Viewport { m.viewport(for: StudioLayout(size: size, theme: m.theme)) }

  /// Plays the script and shows the trace up to its last entry (or its first matching `match`).
  func show(_ m: StudioModel, at match: ((TraceEvent) -> Bool)? = nil) {
    m.perform(.playScript)
    let i = match.flatMap { f in m.engine.trace.firstIndex { f($0.event) } } ?? m.engine.trace.count - 1
    m.perform(.jump(i))
  }

  /// The shapes stroked in finger 1's colour: the hit outline (and an arrow).
  func touchShapes(_ commands: [DrawCommand]) -> [DrawCommand] {
    commands.filter { c in
      switch c {
      case .rect(_, nil, let s?), .polygon(_, nil, let s?):
        return s.color.r == Palette.touch(1).r && s.color.g == Palette.touch(1).g
      case .polygon(_, let f?, _): return f.r == Palette.touch(1).r && f.g == Palette.touch(1).g
      default: return false
      }
    }
  }

  func bounds(_ c: DrawCommand) -> Rect? {
    switch c {
    case .rect(let r, _, _): return r
    case .polygon(let p, _, _): return ConvexPolygon.boundingBox(p)
    default: return nil
    }
  }

  /// A list scrolled by a finger that went down on its first row and is still down.
  func scrolledList(rowAt y: Double, dragTo end: Double) -> Scene {
    var list = v(
      "list", [0, 100, 390, 600], kind: .scroll, subviews: [v("row", [20, y, 350, 60]) { $0.color = "#00FF00" }])
    list.scroll = ScrollSpec(contentSize: Size(390, 2000))
    return TestSupport.scene([list]) { $0.script = drag(from: (200, 100 + y + 30), to: (200, end), lift: false) }
  }

  @Test func aHitOutlineStaysInsideTheScrollViewWhenItsViewIsScrolledHalfOut() {
    let m = model(scrolledList(rowAt: 200, dragTo: 140))
    show(m)
    let offset = m.snapshot.scene.root.subviews[0].bounds.origin.y
    #expect(offset > 170 && offset < 230, "offset \(offset)")

    let list = viewport(m).toPixels(Rect(0, 100, 390, 600))
    let shapes = touchShapes(canvas(m).commands)
    #expect(shapes.count == 1)
    for s in shapes {
      #expect(bounds(s).map { CanvasGeometry.contains(list, $0) } == true, "\(s) leaves the list \(list)")
    }
  }

  @Test func aViewScrolledOutOfSightGetsAnArrowNotAnOutline() {
    let m = model(scrolledList(rowAt: 20, dragTo: -300))
    show(m)
    let offset = m.snapshot.scene.root.subviews[0].bounds.origin.y
    #expect(offset > 100, "offset \(offset)")

    let list = viewport(m).toPixels(Rect(0, 100, 390, 600))
    let shapes = touchShapes(canvas(m).commands)
    // No outline; one small filled triangle at the list's top edge, pointing up.
    #expect(!shapes.contains { if case .rect = $0 { return true } else { return false } })
    guard case .polygon(let arrow, _?, _)? = shapes.first, arrow.count == 3 else {
      Issue.record("no arrow: \(shapes)")
      return
    }
    #expect(CanvasGeometry.contains(list, ConvexPolygon.boundingBox(arrow)))
    #expect(arrow.map(\.y).min()! < list.minY + 20)
    #expect(arrow[0].y < arrow[1].y)  // its tip is its top
  }

  @Test func theLabelsOfScrolledContentStayInsideTheScrollView() {
    let m = model(scrolledList(rowAt: 200, dragTo: 140))
    show(m)
    let list = viewport(m).toPixels(Rect(0, 100, 390, 600))
    let device = viewport(m).toPixels(Rect(0, 0, 390, 844))
    let commands = canvas(m).commands
    let device2 = CanvasGeometry.intersect(device, StudioLayout(size: size, theme: m.theme).canvas)
    let labels = CanvasLabelTests.labels(commands[...], device: device2, fingers: [])
    // The row's id and the point in the row's coordinates: inside the list.
    let rowLabels = labels.filter { $0.text == "row" || $0.text.hasSuffix("in row") }
    #expect(rowLabels.count == 2, "\(labels.map(\.text))")
    for l in rowLabels {
      #expect(CanvasGeometry.contains(list, l.box), "\(l.text) \(l.box) leaves the list \(list)")
    }
    // Washes and outlines drawn for the row (in the finger's colour) too.
    for s in touchShapes(commands) {
      #expect(bounds(s).map { CanvasGeometry.contains(list, $0) } == true)
    }
  }

  @Test func aTransformedHitViewIsOutlinedAsItsQuadrilateral() {
    let scene = TestSupport.scene([
      v("stamp", [95, 200, 200, 200]) {
        $0.transform = TransformSpec(rotation: 45)
        $0.color = "#AF52DE"
      }
    ]) { $0.script = tap(195, 300) }
    let m = model(scene)
    show(m) { if case .hit = $0 { return true } else { return false } }

    let shapes = touchShapes(canvas(m).commands)
    guard case .polygon(let outline, nil, _)? = shapes.first else {
      Issue.record("no polygon outline: \(shapes)")
      return
    }
    // A diamond around the stamp's centre: its corners straight above, right, below and left of it.
    let c = viewport(m).toPixels(Point(195, 300))
    let center = ConvexPolygon.center(outline)
    #expect(center.distance(to: c) < 0.5)
    #expect(outline.contains { abs($0.x - c.x) < 0.5 && $0.y < c.y })
  }

  @Test func theWalkShowsThePointInTheCoordinatesOfTheViewItWasOutsideOf() {
    // The corner of where the square was before it turned: outside the diamond, in its bounding box.
    let scene = TestSupport.scene([
      v(
        "desk", [0, 100, 390, 744],
        subviews: [v("stamp", [95, 100, 200, 200]) { $0.transform = TransformSpec(rotation: 45) }])
    ]) { $0.script = tap(110, 215) }
    let m = model(scene)
    show(m) { if case .hit = $0 { return true } else { return false } }

    guard
      let at = m.engine.trace.lazy.compactMap({ e -> Point? in
        if case .hitTest("stamp", let at, .outside) = e.event { return at }
        return nil
      }).first
    else {
      Issue.record("stamp was not visited or not outside")
      return
    }
    #expect(at.x < 0 || at.y < 0 || at.x > 200 || at.y > 200)
    let texts = canvas(m).commands.compactMap { c -> String? in
      if case .text(let s, _, _) = c { return s }
      return nil
    }
    let label = CanvasWalk.pointText(at)
    #expect(texts.contains { $0.hasPrefix(label) }, "no \(label) among \(texts)")
    // And the hit view's own point, as the trace gives it.
    guard
      let deskAt = m.engine.trace.lazy.compactMap({ e -> Point? in
        if case .hitTest("desk", let at, .inside) = e.event { return at }
        return nil
      }).first
    else { return }
    #expect(texts.contains { $0.hasPrefix(CanvasWalk.pointText(deskAt)) })
  }

  @Test func pointsAreWrittenShortWithoutMinusZero() {
    #expect(CanvasWalk.pointText(Point(12, 40)) == "at (12, 40)")
    #expect(CanvasWalk.pointText(Point(-0.04, 99.96)) == "at (0, 100)")
    #expect(CanvasWalk.pointText(Point(-20.24, 100.05)) == "at (-20.2, 100.1)")
  }

  @Test func aShortenedLabelKeepsItsWholeTextAsATooltip() {
    // A recognizer with a long name on a view inside a narrow clipping container: its badge must stay
    // inside the container, so it is shortened.
    let scene = TestSupport.scene([
      v(
        "box", [150, 100, 70, 400],
        subviews: [v("a", [0, 0, 70, 400], recognizers: [g("aVeryLongRecognizerName", .pan)])]
      ) {
        $0.clipsToBounds = true
      }
    ])
    let m = model(scene)
    let list = canvas(m)
    let tips = list.regions.compactMap { r -> String? in
      if case .select = r.action { return r.tip }
      return nil
    }
    let texts = list.commands.compactMap { c -> String? in
      if case .text(let s, _, _) = c { return s }
      return nil
    }
    #expect(tips.contains("aVeryLongRecognizerName"))
    for tip in tips {
      #expect(texts.contains { $0.hasSuffix("…") && tip.hasPrefix($0.dropLast()) }, "\(tip): \(texts)")
    }
  }
}
