import Geometry
import Raster
import Testing
import TouchSim

@testable import StudioCore

/// The hit-test walk's list beside the device pages when it is longer than the room: while the walk goes
/// on, its first lines fold half a room at a time, so the lines shown stand still under each new one; with
/// the result, the list fills the room down to it.
@Suite struct CanvasWalkListTests {
  /// A tap below fifty small views: the walk visits the root, then every one of them, front to back.
  func scene() -> Scene {
    var root = ViewSpec(id: "root", frame: Rect(0, 0, 390, 844))
    for k in 0..<50 {
      root.subviews.append(ViewSpec(id: "tile\(k)", frame: Rect(Double(k % 10) * 39, Double(k / 10) * 40, 36, 36)))
    }
    var scene = Scene(root: root)
    scene.window = Size(390, 844)
    return scene
  }

  /// The list's lines in a frame, top down: its visit lines (by the text `CanvasWalk.line` gives them) and
  /// how many lines it says fold above them.
  func listed(_ frame: DrawList, visits: [String]) -> (folded: Int, lines: [(text: String, y: Double)]) {
    var folded = 0
    var lines: [(String, Double)] = []
    for c in frame.commands {
      guard case .text(let s, let at, _) = c else { continue }
      if s.hasPrefix("… "), s.hasSuffix(" earlier"), let n = Int(s.dropFirst(2).dropLast(8)) { folded = n }
      if visits.contains(s) { lines.append((s, at.y)) }
    }
    return (folded, lines)
  }

  @Test func aLongWalkPagesAndItsLinesStandStill() throws {
    let m = StudioModel(scene: scene())
    let size = Size(1280, 800)
    var wall = 0.0
    m.tick(wall: wall)
    _ = m.frame(size: size, pixelScale: 1)
    let viewport = m.viewport(for: StudioLayout(size: size, theme: m.theme))
    m.handle(.pointerDown(.mouse, at: viewport.toPixels(Point(200, 700))), wall: wall)
    m.handle(.pointerUp(.mouse, at: viewport.toPixels(Point(200, 700))), wall: wall + 1)
    var frames: [(folded: Int, lines: [(text: String, y: Double)])] = []
    var done: (folded: Int, lines: [(text: String, y: Double)])?
    var visits: [String] = []
    for _ in 0..<400 {
      wall += 16
      m.tick(wall: wall)
      let frame = m.frame(size: size, pixelScale: 1)
      if let walk = m.snapshot.walk {
        visits = walk.visits.enumerated().map { CanvasWalk.line($0.offset + 1, $0.element, .english) }
      }
      let l = listed(frame, visits: visits)
      guard !l.lines.isEmpty else { continue }
      let shown = PanelContext(model: m, layout: StudioLayout(size: size, theme: m.theme)).shownWalk
      if shown?.hitView == nil { frames.append(l) } else { done = l }
    }
    #expect(visits.count == 51, "the root and the fifty tiles")
    let folds = Set(frames.map(\.folded)).sorted()
    #expect(folds.count >= 2 && folds.first == 0, "the list overflowed and paged: \(folds)")
    let page = try #require(folds.dropFirst().first)
    #expect(folds.allSatisfy { $0 % page == 0 }, "whole pages fold: \(folds)")
    var stood = 0
    for (a, b) in zip(frames, frames.dropFirst()) where a.folded == b.folded {
      // No page turned: every line shown stays where it was.
      for line in a.lines {
        #expect(b.lines.contains { $0.text == line.text && $0.y == line.y }, "\(line.text) moved or went")
      }
      if b.lines.count > a.lines.count { stood += 1 }
    }
    #expect(stood >= 3, "steps add a line under lines that stand still (\(stood))")
    // With its result: the room filled, the last visit above the result's line.
    let last = try #require(done)
    #expect(last.lines.last?.text == visits.last, "the last visit shows")
    #expect(last.folded == 51 + 1 - (last.lines.count + 1), "nothing folded that fits (\(last.folded))")
  }
}
