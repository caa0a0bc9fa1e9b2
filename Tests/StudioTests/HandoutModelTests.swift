import Foundation
import Geometry
import Raster
import SceneFile
import StudioSDL
import StudioUI
import Testing
import TouchSim

@testable import StudioCore

/// The pictures of `touchscope handout` come from the window's own model: its script played as P plays
/// it until playback stops at each question, the question's rings drawn on the device and its card left
/// out (the handout prints the question as text).
@Suite struct HandoutModelTests {
  static let size = Size(1100, 1400)

  static func model(_ name: String) throws -> StudioModel {
    let scene = try SceneLoader.load(path: QuestionStudioTests.library.appendingPathComponent(name).path)
    let m = StudioModel(scene: scene)
    m.perform(.togglePresenter)
    m.perform(.toggleStage)
    m.handoutPicture = true
    m.tick(wall: 0)
    m.perform(.playScript)
    return m
  }

  static func texts(_ list: DrawList) -> [String] {
    list.commands.compactMap { if case .text(let s, _, _) = $0 { return s } else { return nil } }
  }

  /// The dashed rings of the question on screen.
  static func rings(_ list: DrawList, _ m: StudioModel) -> [(center: Point, radius: Double)] {
    list.commands.compactMap { c in
      if case .circle(let center, let radius, _, let stroke?) = c, stroke.dash != nil, stroke.color == m.theme.accent {
        return (center, radius)
      }
      return nil
    }
  }

  @Test func playbackStopsAtEveryQuestionInTurnBeforeItsOwnLines() throws {
    let m = try Self.model("11-single-vs-double-tap.yaml")
    let qs = m.config.questions
    var wall = 0.0
    for i in qs.indices {
      let q = try #require(m.playToNextQuestion(wall: &wall), "question \(i + 1) never asked")
      #expect(q.index == i && !q.revealed)
      #expect(m.paused && m.playheadTime == qs[i].t)
      // Nothing at or after the question's time is shown: its own trace lines are still to come.
      #expect(m.engine.trace[..<m.playhead.index].allSatisfy { $0.t < qs[i].t })
    }
    // After the last question playback comes to rest without asking another.
    #expect(m.playToNextQuestion(wall: &wall) == nil)
    #expect(m.question == nil)
  }

  @Test func theCardIsLeftOutAndTheRingsAreKept() throws {
    let m = try Self.model("11-single-vs-double-tap.yaml")
    var wall = 0.0
    let q = try #require(m.playToNextQuestion(wall: &wall))
    let list = m.frame(size: Self.size, pixelScale: 1)
    let shown = Self.texts(list).joined(separator: " ")
    // No card: neither the question, its choices nor its keys.
    #expect(!shown.contains("The blue tile has a single tap"))
    #expect(!shown.contains("A  yes") && !shown.contains("Enter: show the answer"))
    #expect(!list.regions.contains { $0.action == .questionCard })
    // The numbered ring where finger 1 lands next.
    let rings = Self.rings(list, m)
    #expect(rings.count == q.upcoming.count && rings.count == 1)
    let layout = try #require(m.lastLayout)
    let expected = m.viewport(for: layout).toPixels(q.upcoming[0].at)
    #expect(abs(rings[0].center.x - expected.x) < 0.5 && abs(rings[0].center.y - expected.y) < 0.5)
    #expect(Self.texts(list).contains("1"))
    // With the card shown (the window), the same frame has the question.
    m.handoutPicture = false
    #expect(Self.texts(m.frame(size: Self.size, pixelScale: 1)).joined(separator: " ").contains("A  yes"))
  }

  @Test @MainActor func thePictureIsTheDeviceWithItsRingsAndLabelsInsideTheCanvas() throws {
    // Lesson 08: recognizer badges beside the device; 18: a scroll view's buttons; 13: fingers near the edges.
    for name in ["08-cancels-touches-in-view.yaml", "18-scroll-view-buttons.yaml", "13-pan-vs-swipe.yaml"] {
      let m = try Self.model(name)
      var wall = 0.0
      var asked = 0
      while m.playToNextQuestion(wall: &wall) != nil {
        asked += 1
        let bitmap = try renderWindowBitmap(m, size: Self.size)
        let list = m.lastFrame
        let picture = try #require(m.devicePicture)
        let crop = picture.crop(width: bitmap.width, height: bitmap.height) { bitmap.pixels[$1 * bitmap.width + $0] }
        let layout = try #require(m.lastLayout)
        // Inside the canvas: no header, no narration.
        #expect(crop.minX >= layout.canvas.minX && crop.maxX <= layout.canvas.maxX)
        #expect(crop.minY >= layout.canvas.minY && crop.maxY <= layout.canvas.maxY)
        // The device whole, the rings whole.
        let device = m.viewport(for: layout).toPixels(Rect(origin: .zero, size: m.config.window))
        #expect(crop.minX <= device.minX && crop.maxX >= device.maxX, "\(name): \(crop) \(device)")
        #expect(crop.minY <= device.minY && crop.maxY >= min(device.maxY, layout.canvas.maxY))
        let rings = Self.rings(list, m)
        #expect(rings.count == m.question?.upcoming.count)
        for ring in rings {
          #expect(
            crop.minX <= ring.center.x - ring.radius && crop.maxX >= ring.center.x + ring.radius
              && crop.minY <= ring.center.y - ring.radius && crop.maxY >= ring.center.y + ring.radius,
            "\(name): ring at \(ring.center) outside \(crop)")
        }
        // Every label the canvas draws beside the device is in the picture, and no zoom control is drawn.
        #expect(!list.regions.contains { $0.action == .zoomReset })
        // (Beside the device: a view's label below the device's bottom edge is clipped away by it.)
        var beside = 0
        for case .text(let s, let at, _) in list.commands
        where layout.canvas.contains(at) && (at.x < device.minX || at.x > device.maxX) {
          beside += 1
          #expect(crop.contains(at), "\(name): '\(s)' at \(at) outside \(crop)")
        }
        #expect(beside > 0, "\(name): no label beside the device")
        // Drawn for paper: the canvas around the device is light (a printed page is not mostly ink).
        let corner = bitmap.pixels[(Int(crop.minY) + 2) * bitmap.width + Int(crop.minX) + 2]
        #expect(
          Legibility.contrast(corner, .black) > 12, "\(name): the picture's background \(corner) is dark")
      }
      #expect(asked == m.config.questions.count)
    }
  }

  @Test func thePictureWidensToWhatIsDrawnButNotPastTheCanvas() {
    let picture = DevicePicture(
      device: Rect(400, 100, 300, 600), canvas: Rect(0, 50, 1100, 1200), background: RGBA(0, 0, 0, 255), margin: 10)
    let black = RGBA(0, 0, 0, 255)
    // Nothing drawn beside the device: the device and its margin.
    #expect(picture.crop(width: 1100, height: 1300) { _, _ in black } == Rect(390, 90, 320, 620))
    // A label at the canvas's left widens it; the header above the canvas and the panel border along its
    // top edge do not.
    let crop = picture.crop(width: 1100, height: 1300) { x, y in
      (x == 120 && y == 300) || (x == 5 && y == 20) || y == 50 ? .white : black
    }
    #expect(crop == Rect(110, 90, 600, 620))
    // Something at the canvas's very edge: the margin stops there.
    #expect(
      picture.crop(width: 1100, height: 1300) { x, y in x == 2 && y == 1240 ? .white : black } == Rect(0, 90, 710, 1160)
    )
  }
}
