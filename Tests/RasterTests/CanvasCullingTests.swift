import Foundation
import Geometry
import SceneFile
import StudioSDL
import Testing
import TouchSim
import TraceKit

@testable import Raster
@testable import StudioCore

/// The canvas leaves out the views no pixel of which would show (a row scrolled out of its list, a view
/// outside the window): the frame has fewer commands, and its pixels are the same as with every view drawn.
@MainActor @Suite struct CanvasCullingTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Every library scene, as it starts and as its script leaves it.
  static func libraryScenes() throws -> [(name: String, scene: Scene)] {
    let dir = root.appendingPathComponent("Scenes")
    var out: [(String, Scene)] = []
    for file in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() where file.hasSuffix(".yaml") {
      let loaded = try SceneLoader.load(path: dir.appendingPathComponent(file).path)
      let start = loaded.presentingSheets()
      out.append((file, start))
      guard !loaded.script.isEmpty else { continue }
      let trace = Engine.replay(loaded, script: loaded.script)
      out.append((file + " (end)", Snapshot.at(trace.count, of: trace, scene: start).scene))
    }
    return out
  }

  static func commands(_ scene: Scene, culling: Bool, size: Size) -> [DrawCommand] {
    var canvas = SceneCanvas(viewport: Viewport.fit(scene.window, in: Rect(0, 0, size.width, size.height)))
    canvas.cullsHiddenViews = culling
    return canvas.viewCommands(for: scene)
  }

  @Test func theSamePixelsWithFewerCommands() throws {
    let size = Size(480, 800)
    var fewer = 0
    for (name, scene) in try Self.libraryScenes() {
      let culled = Self.commands(scene, culling: true, size: size)
      let all = Self.commands(scene, culling: false, size: size)
      #expect(culled.count <= all.count, "\(name)")
      if culled.count < all.count { fewer += 1 }
      #expect(try renderBitmap(culled, size: size) == renderBitmap(all, size: size), "\(name)")
    }
    // The scroll views of the library hold rows out of sight.
    #expect(fewer >= 3)
  }

  @Test func aLongListDrawsOnlyTheRowsInSight() throws {
    var list = ViewSpec(id: "list", kind: .scroll, frame: Rect(0, 100, 390, 400))
    list.scroll = ScrollSpec(contentSize: Size(390, 200 * 50))
    list.bounds.origin = Point(0, 5000)
    list.subviews = (0..<200).map { i in
      var row = ViewSpec(id: "row\(i)", kind: .view, frame: Rect(0, Double(i) * 50, 390, 50))
      row.text = "Row \(i)"
      row.subviews = [ViewSpec(id: "button\(i)", kind: .button, frame: Rect(300, 5, 80, 40))]
      return row
    }
    var root = ViewSpec(id: "root", kind: .view, frame: Rect(0, 0, 390, 844))
    root.subviews = [list]
    let scene = Scene(root: root)
    let size = Size(480, 800)
    let culled = Self.commands(scene, culling: true, size: size)
    let texts = culled.compactMap { if case .text(let s, _, _) = $0 { s } else { nil } }
    // Rows 100 to 107 are in sight (offset 5000, 400 points tall), with the margin's neighbours.
    #expect(texts.contains("Row 100") && texts.contains("Row 107"))
    #expect(!texts.contains("Row 0") && !texts.contains("Row 199"))
    #expect(culled.count * 10 < Self.commands(scene, culling: false, size: size).count)
    #expect(
      try renderBitmap(culled, size: size) == renderBitmap(Self.commands(scene, culling: false, size: size), size: size)
    )
  }
}
