import Foundation
import Geometry
import SceneFile
import StudioTestSupport
import TestSupport
import Testing
import TouchSim

@testable import StudioCore
@testable import TraceKit

/// The simulated second finger (Alt, Alt+Shift, Shift) and the one key table.
@Suite struct SimulatedFingerTests {
  let size = Size(1280, 800)

  func model(_ scene: Scene, narrator: Bool = false) -> StudioModel {
    .drawn(scene, size: size, narrated: narrator)
  }

  func pixel(_ m: StudioModel, _ x: Double, _ y: Double) -> Point { m.pixel(x, y, size: size) }

  func hits(_ m: StudioModel) -> [Int: String?] {
    var out: [Int: String?] = [:]
    for e in m.engine.trace { if case .hit(let n, let view) = e.event { out[n] = view } }
    return out
  }

  /// A photo with a pinch above a carousel with a pan, the photo off the device's centre (as in 15).
  static let scene = TestSupport.scene([
    v("photo", [16, 110, 358, 340], recognizers: [g("zoom", .pinch)]),
    v("carousel", [16, 540, 358, 180], recognizers: [g("carouselPan", .pan)]),
  ])

  /// 15's complaint: Alt-dragging on the photo put the second finger on the carousel (mirrored around
  /// the device's centre). The pivot is the centre of the pinchable view under the pointer.
  @Test func altMirrorsAroundThePinchableViewUnderThePointer() throws {
    let m = model(Self.scene)
    m.handle(.hover(pixel(m, 120, 200)), wall: 0)
    m.handle(.modifiers(Modifiers(alt: true)), wall: 5)
    #expect(m.pivot == Point(195, 280))
    m.handle(.pointerDown(.mouse, at: pixel(m, 120, 200)), wall: 10)
    let v = try #require(m.virtualFinger)
    #expect(v.location == Point(270, 360))
    #expect(hits(m)[1] == "photo")
    #expect(hits(m)[v.touch] == "photo")
    // Spreading the fingers keeps them mirrored around the same pivot.
    m.handle(.pointerMoved(.mouse, to: pixel(m, 100, 180)), wall: 30)
    #expect(m.virtualFinger?.location == Point(290, 380))
    m.handle(.pointerUp(.mouse, at: pixel(m, 100, 180)), wall: 60)
    #expect(m.engine.liveTouches.isEmpty)
  }

  /// With nothing pinchable under the pointer, the device's centre is the pivot.
  @Test func withoutAPinchableViewTheDevicesCentreIsThePivot() throws {
    let m = model(Self.scene)
    m.handle(.modifiers(Modifiers(alt: true)), wall: 0)
    m.handle(.pointerDown(.mouse, at: pixel(m, 100, 600)), wall: 10)
    let w = Self.scene.window
    #expect(m.virtualFinger?.location == Point(w.width - 100, w.height - 600))
  }

  /// Alt+Shift moves the pivot: hovering, it follows the pointer; dragging, both fingers move together.
  @Test func altShiftMovesThePivot() throws {
    let m = model(Self.scene)
    m.handle(.hover(pixel(m, 150, 250)), wall: 0)
    m.handle(.modifiers(Modifiers(shift: true, alt: true)), wall: 5)
    m.handle(.hover(pixel(m, 160, 260)), wall: 10)
    #expect(m.pivot == Point(160, 260))
    m.handle(.modifiers(Modifiers(alt: true)), wall: 15)
    m.handle(.pointerDown(.mouse, at: pixel(m, 120, 220)), wall: 20)
    #expect(m.virtualFinger?.location == Point(200, 300))
    m.handle(.modifiers(Modifiers(shift: true, alt: true)), wall: 25)
    m.handle(.pointerMoved(.mouse, to: pixel(m, 140, 230)), wall: 40)
    // Both fingers moved by (20, 10): the distance and angle between them are unchanged.
    #expect(m.virtualFinger?.location == Point(220, 310))
    #expect(m.pivot == Point(180, 270))
  }

  /// Shift alone: a second finger 80 pt to the right, moving along.
  @Test func shiftAddsAFingerAlongside() {
    let m = model(Self.scene)
    m.handle(.modifiers(Modifiers(shift: true)), wall: 0)
    m.handle(.pointerDown(.mouse, at: pixel(m, 100, 600)), wall: 10)
    #expect(m.virtualFinger?.location == Point(180, 600))
    m.handle(.pointerMoved(.mouse, to: pixel(m, 120, 620)), wall: 30)
    #expect(m.virtualFinger?.location == Point(200, 620))
  }

  // MARK: The key table

  /// Every key the table lists does what the table says, and nothing the table does not list answers:
  /// the help and the handling are one table. (`open --help` used to say that Escape quits; it resets
  /// the touches, as the window's help says.)
  @Test func theKeyTableIsTheOnlyTable() {
    let scene = Self.scene
    #expect(KeyTable.action(for: .escape, .none, selected: nil, config: scene) == .closeOverlay)
    #expect(KeyTable.action(for: .character("q"), .none, selected: nil, config: scene) == nil)
    #expect(KeyTable.action(for: .character("q"), Modifiers(control: true), selected: nil, config: scene) == .quit)
    #expect(
      KeyTable.action(for: .character("s"), Modifiers(shift: true, control: true), selected: nil, config: scene)
        == .saveWithRecording)
    #expect(KeyTable.action(for: .character("s"), Modifiers(control: true), selected: nil, config: scene) == .save)
    #expect(KeyTable.action(for: .character("r"), .none, selected: nil, config: scene) == .replayLast)
    #expect(
      KeyTable.action(for: .character("c"), .none, selected: "zoom", config: scene)
        == .change(PropertyChange(target: "zoom", key: "cancelsTouchesInView", value: .bool(false))))
    #expect(
      KeyTable.action(for: .tab, Modifiers(shift: true), selected: "zoom", config: scene) == .select("carouselPan"))
    // No chord is bound twice.
    var seen: [KeyTable.Chord] = []
    for b in KeyTable.bindings {
      for c in b.chords.map(\.chord) {
        #expect(!seen.contains(c), "\(c) bound twice")
        seen.append(c)
      }
    }
    // The help text lists every binding.
    for row in KeyTable.help {
      #expect(KeyTable.helpText.contains(row.what))
    }
  }
}
