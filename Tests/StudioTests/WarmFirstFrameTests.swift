import Foundation
import Geometry
import SceneFile
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore
@testable import StudioSDL

/// Start-up builds the first frame once while the window opens, at the size and scale asked for
/// (`StudioApp.run`); the window's own size and scale may differ. That early frame must leave nothing
/// behind: the first frame the window shows is the frame a model that never built the early one draws.
@Suite struct WarmFirstFrameTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test(arguments: ["tour.yaml", "08-cancels-touches-in-view.yaml", "11-single-vs-double-tap.yaml"])
  func anEarlyFrameAtAnotherSizeLeavesTheFirstFrameAsItWas(_ file: String) throws {
    let scene = try SceneLoader.load(path: Self.root.appendingPathComponent("Scenes/\(file)").path)
    for presenter in [false, true] {
      func model() -> StudioModel {
        let m = StudioModel(scene: scene, path: nil)
        m.narrator = StudioNarration.narrate
        if presenter { m.perform(.togglePresenter) }
        return m
      }
      let fresh = model()
      fresh.setStartScale(1)
      let expected = fresh.frame(size: Size(1368, 855), pixelScale: 1)
      // The early frame at the size asked for and a guessed scale, then the window's.
      let warmed = model()
      warmed.setStartScale(2)
      _ = warmed.frame(size: Size(2880, 1800), pixelScale: 1)
      warmed.setStartScale(1)
      let shown = warmed.frame(size: Size(1368, 855), pixelScale: 1)
      let same = shown.commands == expected.commands
      #expect(same, "\(file), presenter \(presenter): the first frame changed after an early one")
      #expect(shown.regions.map(\.rect) == expected.regions.map(\.rect))
    }
  }
}
