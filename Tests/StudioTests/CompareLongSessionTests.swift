import Foundation
import Geometry
import TestSupport
import Testing
import TouchSim

@testable import StudioCore

/// Compare mode under long live input: finding where the runs part costs about the same per input however
/// long the session and however long the gesture where they part.
@Suite struct CompareLongSessionTests {
  let size = Size(1280, 800)

  @Test func aLongDivergentDragStaysCheap() throws {
    let scene = TestSupport.scene([v("card", [0, 100, 390, 600], recognizers: [g("cardPan", .pan)])])
    let m = StudioModel(scene: scene)
    _ = m.frame(size: size, pixelScale: 1)
    m.tick(wall: 0)
    m.perform(.change(PropertyChange(target: "cardPan", key: "cancelsTouchesInView", value: .bool(false))))
    m.perform(.toggleCompare)
    #expect(m.isComparing)
    _ = m.frame(size: size, pixelScale: 1)
    let c = try #require(m.compare)
    func at(_ x: Double, _ y: Double) -> Point { c.deviceAreas[0].viewport.toPixels(Point(x, y)) }
    var wall = 10.0
    m.handle(.pointerDown(.mouse, at: at(100, 300)), wall: wall)
    var costs: [Double] = []
    for k in 0..<3000 {
      wall += 8
      let start = DispatchTime.now().uptimeNanoseconds
      m.handle(.pointerMoved(.mouse, to: at(100 + Double(k % 200), 300 + Double(k % 7))), wall: wall)
      m.tick(wall: wall)
      costs.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
      if k % 250 == 0 { _ = m.frame(size: size, pixelScale: 1) }
    }
    m.handle(.pointerUp(.mouse, at: at(100, 300)), wall: wall + 8)
    let d = try #require(m.comparedDivergence)
    #expect(d.t == 90)  // where the pan begins: it cancels the card's touch, or (changed) does not
    #expect(m.comparedSentence?.contains("`card` gets touchesMoved at 90 ms instead of touchesCancelled") == true)
    let early = costs[100..<600].reduce(0, +) / 500
    let late = costs[2500..<3000].reduce(0, +) / 500
    #expect(late < max(early * 3, 1), "per move \(early) ms early, \(late) ms late")
  }

  /// Past the window's trace limit, the comparison starts again on the same worlds once every finger is
  /// up (memory stays bounded), and says so.
  @Test func aComparisonPastTheTraceLimitStartsAgain() throws {
    let scene = TestSupport.scene([v("card", [0, 100, 390, 600], recognizers: [g("cardPan", .pan)])])
    let m = StudioModel(scene: scene)
    var limits = StudioModel.Limits()
    limits.trace = 300
    m.limits = limits
    _ = m.frame(size: size, pixelScale: 1)
    m.tick(wall: 0)
    m.perform(.change(PropertyChange(target: "cardPan", key: "cancelsTouchesInView", value: .bool(false))))
    m.perform(.toggleCompare)
    _ = m.frame(size: size, pixelScale: 1)
    let c = try #require(m.compare)
    func at(_ x: Double, _ y: Double) -> Point { c.deviceAreas[0].viewport.toPixels(Point(x, y)) }
    var wall = 10.0
    var longest = 0
    var restarted = false
    for _ in 0..<40 {
      wall += 8
      m.handle(.pointerDown(.mouse, at: at(100, 300)), wall: wall)
      for k in 0..<20 {
        wall += 8
        m.handle(.pointerMoved(.mouse, to: at(100 + Double(k) * 3, 300)), wall: wall)
      }
      wall += 8
      m.handle(.pointerUp(.mouse, at: at(160, 300)), wall: wall)
      let worlds = try #require(m.comparedScenes)
      #expect(worlds.right == m.config)
      let lines = m.comparedTraces.map { max($0.left.count, $0.right.count) } ?? 0
      longest = max(longest, lines)
      if lines < 10 {
        restarted = true
        #expect(m.toast?.text.contains("Compare started again") == true)
      }
      m.tick(wall: wall)
    }
    #expect(restarted)
    #expect(longest < 300 + 200, "\(longest) lines")
  }
}
