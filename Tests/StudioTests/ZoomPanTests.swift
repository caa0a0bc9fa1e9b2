import Geometry
import TestSupport
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore

/// Zooming keeps the point under the mouse fixed, the wheel and a drag beside the
/// device pan, key 0 fits the whole device again, and touches land where the zoomed picture shows them.
@Suite struct ZoomPanTests {
  let size = Size(1280, 800)

  func model() -> StudioModel {
    let m = StudioModel(
      scene: TestSupport.scene([v("card", [0, 100, 390, 500], recognizers: [g("cardTap", .tap)])]))
    _ = m.frame(size: size, pixelScale: 1)
    return m
  }

  func viewport(_ m: StudioModel) -> Viewport { m.viewport(for: m.lastLayout!) }

  @Test func zoomingKeepsThePointUnderTheMouseFixed() {
    let m = model()
    let before = viewport(m)
    let mouse = before.toPixels(Point(300, 200))
    m.handle(.hover(mouse), wall: 0)
    m.handle(.key(.character("+"), .none), wall: 0)
    _ = m.frame(size: size, pixelScale: 1)
    let after = viewport(m)
    #expect(after.scale > before.scale * 1.2)
    let p = after.toScene(mouse)
    #expect(abs(p.x - 300) < 0.5 && abs(p.y - 200) < 0.5, "\(p)")
    // Ctrl + wheel too.
    m.handle(.modifiers(Modifiers(control: true)), wall: 0)
    m.handle(.wheel(dy: 1, at: mouse), wall: 0)
    _ = m.frame(size: size, pixelScale: 1)
    let again = viewport(m).toScene(mouse)
    #expect(viewport(m).scale > after.scale)
    #expect(abs(again.x - 300) < 0.5 && abs(again.y - 200) < 0.5, "\(again)")
  }

  @Test func theWheelAndADragBesideTheDevicePanAndZeroFits() {
    let m = model()
    let fit = viewport(m)
    m.perform(.zoom(2))
    _ = m.frame(size: size, pixelScale: 1)
    let zoomed = viewport(m)
    let mid = m.lastLayout!.canvas.mid
    m.handle(.wheel(dy: -2, at: mid), wall: 0)  // towards the user: the content moves up
    _ = m.frame(size: size, pixelScale: 1)
    #expect(viewport(m).origin.y < zoomed.origin.y)
    // A drag starting beside the device pans by as much as the mouse moved; it is no touch.
    let canvas = m.lastLayout!.canvas
    let beside = Point(canvas.minX + 20, canvas.mid.y)
    let start = viewport(m)
    m.handle(.pointerDown(.mouse, at: beside), wall: 0)
    m.handle(.pointerMoved(.mouse, to: beside + Point(60, 40)), wall: 10)
    m.handle(.pointerUp(.mouse, at: beside + Point(60, 40)), wall: 20)
    _ = m.frame(size: size, pixelScale: 1)
    let moved = viewport(m)
    #expect(abs(moved.origin.x - start.origin.x - 60) < 1 && abs(moved.origin.y - start.origin.y - 40) < 1)
    #expect(!m.engine.trace.contains { if case .input = $0.event { true } else { false } })
    // 0: the whole device again.
    m.handle(.key(.character("0"), .none), wall: 30)
    _ = m.frame(size: size, pixelScale: 1)
    #expect(viewport(m) == fit)
  }

  @Test func aTouchOnTheZoomedDeviceLandsWhereThePictureShowsIt() {
    let m = model()
    let mouse = viewport(m).toPixels(Point(100, 300))
    m.handle(.hover(mouse), wall: 0)
    m.perform(.zoom(2))
    _ = m.frame(size: size, pixelScale: 1)
    let p = viewport(m).toPixels(Point(200, 400))
    m.handle(.pointerDown(.mouse, at: p), wall: 0)
    m.handle(.pointerUp(.mouse, at: p), wall: 50)
    let down = m.engine.trace.compactMap { e -> Point? in
      if case .input(_, .began, let at, _) = e.event { return at } else { return nil }
    }
    #expect(down.first.map { abs($0.x - 200) < 1 && abs($0.y - 400) < 1 } == true, "\(down)")
  }

  /// The stage (F): at 1024 × 768 in presenter mode the device takes at least 60 % of the window's height,
  /// the inspector and the timeline are folded away, and F brings them back.
  @Test func theStageGivesTheDeviceTheRoom() {
    let m = model()
    m.perform(.togglePresenter)
    let size = Size(1024, 768)
    func deviceHeight() -> Double {
      _ = m.frame(size: size, pixelScale: 1)
      return viewport(m).scale * 844
    }
    let normal = deviceHeight()
    m.handle(.key(.character("f"), .none), wall: 0)
    let stage = deviceHeight()
    #expect(stage >= 0.6 * size.height, "\(stage)")
    #expect(stage > normal)
    let texts = m.frame(size: size, pixelScale: 1).commands.compactMap { c -> String? in
      if case .text(let s, _, _) = c { s } else { nil }
    }
    #expect(!texts.contains("Timeline") && !texts.contains("Pairs"))
    m.handle(.key(.character("f"), .none), wall: 0)
    #expect(deviceHeight() == normal)
  }
}
