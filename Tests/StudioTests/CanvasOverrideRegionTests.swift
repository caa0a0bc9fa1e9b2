import Geometry
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore

/// Rule A-12 on the canvas: the regions of an overridden hitTest are drawn dashed over the view.
@Suite struct CanvasOverrideRegionTests {
  @Test func a12OverrideRegionsAreDashed() {
    var root = ViewSpec(id: "root", frame: Rect(0, 0, 100, 200))
    var box = ViewSpec(id: "box", frame: Rect(10, 20, 30, 40))
    box.color = "#FF0000"
    box.hitTestOverrides = [HitTestOverride(rect: Rect(0, -10, 30, 10), returns: .this)]
    root.subviews = [box]
    var scene = Scene(root: root)
    scene.window = Size(100, 200)
    // Scale 2, origin (5, 5): the region (10, 10, 30, 10) in the window is (25, 25, 60, 20) in pixels.
    let commands = SceneCanvas(viewport: Viewport(scale: 2, origin: Point(5, 5))).commands(for: scene)
    let region = commands.first { command in
      if case .rect(Rect(25, 25, 60, 20), _?, let stroke?) = command { return stroke.dash != nil }
      return false
    }
    #expect(region != nil, "\(commands)")
  }
}
