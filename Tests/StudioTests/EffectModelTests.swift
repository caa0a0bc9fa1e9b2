import Geometry
import TestSupport
import Testing
import TouchSim

@testable import StudioCore
@testable import TraceKit

/// Recognizer effects in the window's model: a live drag moves the view in the fold the panels draw, and
/// nothing of it reaches the configuration that Save writes.
@Suite struct EffectModelTests {
  let size = Size(1440, 900)

  static let chipScene = TestSupport.scene([
    v("chip", [20, 100, 100, 60], recognizers: [g("drag", .pan) { $0.effect = .translate }])
  ])

  func chip(_ s: Scene) -> ViewSpec? { s.allViews.first { $0.id == "chip" } }

  @Test func aLiveDragMovesTheViewInTheFold() throws {
    let m = StudioModel(scene: Self.chipScene)
    _ = m.frame(size: size, pixelScale: 1)
    m.tick(wall: 0)
    let viewport = m.viewport(for: StudioLayout(size: size, theme: m.theme))
    func pixel(_ x: Double, _ y: Double) -> Point { viewport.toPixels(Point(x, y)) }
    m.handle(.pointerDown(.mouse, at: pixel(70, 130)), wall: 10)
    for k in 1...10 {
      m.handle(.pointerMoved(.mouse, to: pixel(70 + Double(k) * 10, 130)), wall: 10 + Double(k) * 16)
      m.tick(wall: 10 + Double(k) * 16)
    }
    m.handle(.pointerUp(.mouse, at: pixel(170, 130)), wall: 200)
    for w in stride(from: 216.0, through: 60_000, by: 16) { m.tick(wall: w) }
    #expect(m.playhead.index == m.engine.trace.count)

    // The engine moved the chip, and the fold the canvas draws from followed its `set` lines.
    let moved = try #require(chip(m.snapshot.scene)?.transform.translation)
    #expect(abs(moved.x - 100) < 1e-6 && abs(moved.y) < 1e-6, "\(moved)")
    #expect(chip(m.snapshot.scene)?.transform == chip(m.engine.scene)?.transform)
    // The configuration (what Save writes and a replay starts from) keeps the chip where the file put it.
    #expect(chip(m.config)?.transform == TransformSpec())
    #expect(chip(m.engineStartScene)?.transform == TransformSpec())

    // The log tells whose handler made the change.
    let last = try #require(m.engine.trace.last { $0.event.kind == "set" })
    #expect(
      TraceDescriber.sentence(last.event).hasPrefix("`drag`'s action handler sets `chip`.transform.translation to ["))
  }
}
