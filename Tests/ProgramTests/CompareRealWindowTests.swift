import Foundation
import Geometry
import SceneFile
import StudioUI
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore
@testable import StudioSDL

extension RealWindowTests {
  /// Compare mode in the real window (ask the class): Tab selects `tapCancels`, C flips its
  /// cancelsTouchesInView, X shows the scene as written beside it; a click on the left device touches both.
  @Suite(.serialized, .enabled(if: RealWindow.available)) struct CompareRealWindow {
    /// A model on the library scene `name` that has drawn one frame as the window's first frame does.
    @MainActor static func drawn(_ name: String) throws -> StudioModel {
      let path = CommandLineRobustnessTests.root.appendingPathComponent("Scenes/\(name).yaml").path
      let m = StudioModel(scene: try SceneLoader.load(path: path))
      _ = m.frame(size: RealWindow.size, pixelScale: 1)
      m.tick(wall: 0)
      return m
    }

    /// The window after Tab, C: `tapCancels` selected and its cancelsTouchesInView flipped.
    @MainActor static func flippedCancels() throws -> StudioModel {
      let m = try drawn("08-cancels-touches-in-view")
      m.perform(.select("tapCancels"))
      m.handle(.key(.character("c"), .none), wall: 10)
      return m
    }

    @MainActor @Test func xShowsTwoDevicesAndATapReachesBoth() throws {
      let path = CommandLineRobustnessTests.root.appendingPathComponent("Scenes/08-cancels-touches-in-view.yaml").path
      let text = try String(contentsOfFile: path, encoding: .utf8)
      let w = try RealWindow(scene: text)
      defer { w.close() }
      try w.key("Tab")
      try w.key("c")
      try w.key("x")
      // Where the devices are: the same layout, made by a model on the same scene.
      let m = try Self.flippedCancels()
      m.handle(.key(.character("x"), .none), wall: 20)
      _ = m.frame(size: RealWindow.size, pixelScale: 1)
      let c = try #require(m.compare)
      let p = c.deviceAreas[0].viewport.toPixels(Point(100, 300))
      let x = String(Int((w.origin.x + p.x).rounded()))
      let y = String(Int((w.origin.y + p.y).rounded()))
      try RealWindow.run(
        "xdotool", ["mousemove", x, y, "sleep", "0.05", "mousedown", "1", "sleep", "0.08", "mouseup", "1"])
      Thread.sleep(forTimeInterval: 0.8)
      let shot = try w.ownScreenshot()
      #expect(w.process.isRunning, "\(w.state)")
      // Two devices: the blue card in each half of the canvas.
      let blue = RGBA(0x0A, 0x84, 0xFF)
      func count(_ color: RGBA, in r: Rect) -> Int {
        var n = 0
        for yy in Int(r.minY)..<Int(r.maxY) {
          for xx in Int(r.minX)..<Int(r.maxX) {
            guard let q = shot.pixel(xx, yy) else { continue }
            if abs(Int(q.r) - Int(color.r)) + abs(Int(q.g) - Int(color.g)) + abs(Int(q.b) - Int(color.b)) < 30 {
              n += 1
            }
          }
        }
        return n
      }
      for area in c.deviceAreas { #expect(count(blue, in: area.area) > 2000, "no blue card in \(area.area)") }
      // The touch reached both engines: touch 1's lane is drawn in both timelines.
      let layout = ComparePanel.layout(
        size: RealWindow.size, theme: Theme(), stage: false,
        narrationHeight: ComparePanel.stripHeight(m.comparedSentence ?? "", width: RealWindow.size.width, Theme()))
      let halves = ComparePanel.timelineRects(layout.bottom, Theme()).lanes
      for half in halves { #expect(count(Palette.touch(1), in: half) > 20, "no touch lane in \(half)") }
      // The single window's engine took no part: its trace has no input.
      let trace = (try? String(contentsOfFile: w.tracePath, encoding: .utf8)) ?? ""
      #expect(!trace.contains(#""ev":"input""#))
    }

    /// A right-click on a toggle in the inspector (the real mouse's second button) compares the
    /// configuration now with that toggle flipped: two devices.
    @MainActor @Test func rightClickOnAToggleShowsTwoDevices() throws {
      let path = CommandLineRobustnessTests.root.appendingPathComponent("Scenes/08-cancels-touches-in-view.yaml").path
      let w = try RealWindow(scene: try String(contentsOfFile: path, encoding: .utf8))
      defer { w.close() }
      try w.key("Tab")
      try w.key("Tab")
      // Where the toggle is: a model on the same scene, the same recognizer selected, text measured by
      // the window's fonts.
      let m = try Self.drawn("08-cancels-touches-in-view")
      m.textMeasurer = try SDLTextMeasurer.shared(assetsDirectory: ResourceLocator.assetsDirectory())
      m.perform(.select("tapKeeps"))
      let want = PropertyChange(target: "tapKeeps", key: "cancelsTouchesInView", value: .bool(true))
      let region = try #require(
        m.frame(size: RealWindow.size, pixelScale: 1).regions.first { $0.action == .change(want) })
      let x = String(Int((w.origin.x + region.rect.mid.x).rounded()))
      let y = String(Int((w.origin.y + region.rect.mid.y).rounded()))
      try RealWindow.run("xdotool", ["mousemove", x, y, "sleep", "0.05", "click", "3"])
      Thread.sleep(forTimeInterval: 0.8)
      let shot = try w.ownScreenshot()
      #expect(w.process.isRunning, "\(w.state)")
      let green = RGBA(0x34, 0xC7, 0x59)
      var halves = [0, 0]
      for yy in 0..<shot.height {
        for xx in 0..<shot.width {
          guard let q = shot.pixel(xx, yy) else { continue }
          if abs(Int(q.r) - Int(green.r)) + abs(Int(q.g) - Int(green.g)) + abs(Int(q.b) - Int(green.b)) < 30 {
            halves[xx < shot.width / 2 ? 0 : 1] += 1
          }
        }
      }
      // The green card on both devices (in the single window it is on the left of the canvas only).
      #expect(halves[0] > 2000 && halves[1] > 2000, "green pixels per half: \(halves)")
    }
  }
}
