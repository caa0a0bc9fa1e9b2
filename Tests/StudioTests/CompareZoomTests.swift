import Geometry
import StudioTestSupport
import Testing
import TouchSim

@testable import StudioCore

/// Zooming and panning in compare mode work in the device under the mouse: the scene point under it stays
/// under it, on either side (both devices share the zoom and the centre).
@MainActor
struct CompareZoomTests {
  @Test(arguments: [0, 1])
  func ctrlWheelZoomKeepsThePointUnderTheMouseOnEitherDevice(side: Int) throws {
    let m = try CompareWindowTests.flippedCancels()
    m.handle(.key(.character("x"), .none), wall: 20)
    let size = CompareWindowTests.size
    _ = m.frame(size: size, pixelScale: 1)
    let c = try #require(m.compare)
    let pixel = CompareWindowTests.pixel(m, side: side, 120, 300)
    let before = c.deviceAreas[side].viewport.toScene(pixel)
    m.handle(.hover(pixel), wall: 30)
    m.handle(.modifiers(Modifiers(control: true)), wall: 31)
    m.handle(.wheel(dy: 1, at: pixel), wall: 32)
    _ = m.frame(size: size, pixelScale: 1)
    #expect(m.zoom > 1)
    let after = c.deviceAreas[side].viewport.toScene(pixel)
    #expect(abs(after.x - before.x) < 1 && abs(after.y - before.y) < 1, "\(before) → \(after)")
    // The other device shows the same part of the scene.
    let other = c.deviceAreas[1 - side].viewport
    let mid = c.deviceAreas[1 - side].canvas.mid
    let here = c.deviceAreas[side].viewport.toScene(c.deviceAreas[side].canvas.mid)
    let there = other.toScene(mid)
    #expect(abs(here.x - there.x) < 1 && abs(here.y - there.y) < 1)
  }
}

/// A drag keeps the device it pressed on (found in review): moving off it, even over the other device, the
/// finger goes on off its own device, never jumping into the other device's mapping.
@MainActor
struct CompareDragTests {
  @Test func aDragOntoTheOtherDeviceStaysOnItsOwn() throws {
    let m = try CompareWindowTests.flippedCancels()
    m.handle(.key(.character("x"), .none), wall: 20)
    let size = CompareWindowTests.size
    _ = m.frame(size: size, pixelScale: 1)
    let c = try #require(m.compare)
    let start = CompareWindowTests.pixel(m, side: 0, 100, 300)
    let across = CompareWindowTests.pixel(m, side: 1, 100, 300)
    m.handle(.pointerDown(.mouse, at: start), wall: 40)
    m.handle(.pointerMoved(.mouse, to: Point((start.x + across.x) / 2, start.y)), wall: 56)
    m.handle(.pointerMoved(.mouse, to: across), wall: 72)
    m.handle(.pointerUp(.mouse, at: across), wall: 88)
    let xs = c.left.engine.trace.compactMap { e -> Double? in
      if case .input(_, _, let at, _) = e.event { return at.x }
      return nil
    }
    // Down at 100, then on to the right, never back near 100 (the other device's mapping).
    #expect(xs.first == 100)
    #expect(xs.dropFirst().allSatisfy { $0 > 390 }, "\(xs)")
    #expect(
      xs
        == c.right.engine.trace.compactMap { e -> Double? in
          if case .input(_, _, let at, _) = e.event { return at.x }
          return nil
        })
  }
}

/// A toggle flipped while a finger is down applies to the next touch in compare mode too: the gesture it
/// was flipped in stays on screen after the lift, and both devices start again as the next touch goes down.
@MainActor
struct ComparePendingToggleTests {
  @Test func aToggleFlippedMidGestureAppliesAtTheNextTouchDown() throws {
    let m = try CompareWindowTests.flippedCancels()
    m.handle(.key(.character("x"), .none), wall: 20)
    let size = CompareWindowTests.size
    _ = m.frame(size: size, pixelScale: 1)
    let c = try #require(m.compare)
    let p = CompareWindowTests.pixel(m, side: 0, 100, 300)
    m.handle(.pointerDown(.mouse, at: p), wall: 40)
    // Flip it back while the finger is down: both worlds will be the same.
    m.perform(.change(PropertyChange(target: "tapCancels", key: "cancelsTouchesInView", value: .bool(true))))
    #expect(c.pendingRestart != nil)
    m.handle(.pointerUp(.mouse, at: p), wall: 120)
    // After the lift the gesture is still there, its divergence too.
    #expect(c.left.engine.trace.contains { if case .input = $0.event { return true } else { return false } })
    #expect(c.comparison != nil)
    // The next touch-down starts both worlds again, now alike.
    m.handle(.pointerDown(.mouse, at: p), wall: 1000)
    m.handle(.pointerUp(.mouse, at: p), wall: 1080)
    #expect(c.pendingRestart == nil && c.left.scene == c.right.scene)
    #expect(c.comparison == nil)
  }
}
