import Geometry
import TestSupport
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore

/// The UI scale (HiDPI): at scale 2 the window is the same layout as at 1 with twice the pixels,
/// so a 4K screen looks like a 1080p one, only sharper; Ctrl+= / Ctrl+- / Ctrl+0 change it live.
@Suite struct UIScaleTests {
  static let scene = TestSupport.scene([
    v(
      "card", [0, 100, 390, 500], recognizers: [g("cardTap", .tap)],
      subviews: [v("buy", [100, 100, 190, 60], kind: .button)])
  ]) { $0.script = tap(195, 230) }

  func frame(scale: Double, size: Size) -> [DrawCommand] {
    let m = StudioModel(scene: Self.scene)
    m.setStartScale(scale)
    m.show(script: Self.scene.script, at: 300)
    return m.frame(size: size, pixelScale: 1).commands
  }

  /// Every rectangle and every text of the frame at scale 2 and twice the size is the one at scale 1,
  /// doubled: the same texts in the same order, and their places within a few pixels (text advances are
  /// whole pixels at each size, so a long line's end may move by a pixel or two per word).
  @Test func scaleTwoIsTheSameLayoutWithTwiceThePixels() {
    let one = frame(scale: 1, size: Size(1280, 800))
    let two = frame(scale: 2, size: Size(2560, 1600))
    #expect(one.count == two.count)
    var offsets: [Double] = []
    for (a, b) in zip(one, two) {
      switch (a, b) {
      case (.rect(let ra, _, _), .rect(let rb, _, _)), (.clip(let ra), .clip(let rb)):
        offsets.append(max(abs(ra.minX * 2 - rb.minX), abs(ra.minY * 2 - rb.minY), abs(ra.width * 2 - rb.width)))
      case (.text(let sa, let pa, let ta), .text(let sb, let pb, let tb)):
        #expect(sa == sb)
        #expect(abs(ta.size * 2 - tb.size) <= 1, "\(sa)")
        offsets.append(max(abs(pa.x * 2 - pb.x), abs(pa.y * 2 - pb.y)))
      default: break
      }
    }
    #expect(offsets.count > 100)
    let near = offsets.filter { $0 <= 2 }.count
    #expect(Double(near) >= 0.85 * Double(offsets.count), "\(near) of \(offsets.count) within 2 px")
    #expect(offsets.allSatisfy { $0 <= 24 }, "largest offset \(offsets.max() ?? 0) px")
  }

  @Test func ctrlPlusMinusAndZeroChangeTheScaleLive() throws {
    let m = StudioModel(scene: Self.scene)
    m.setStartScale(2)
    func press(_ c: Character) {
      m.handle(.key(.character(c), Modifiers(control: true)), wall: 0)
    }
    press("=")
    #expect(m.uiScale == 2.5)
    press("-")
    press("-")
    #expect(m.uiScale == 1.6)
    press("0")
    #expect(m.uiScale == 2)
    for _ in 0..<20 { press("=") }
    #expect(m.uiScale == 4)
    // The plain keys still zoom the device, not the UI.
    m.handle(.key(.character("="), .none), wall: 0)
    #expect(m.uiScale == 4 && m.zoom == 1.25)
    _ = m.frame(size: Size(1280, 800), pixelScale: 1)
    #expect(m.theme.unit == 4)
  }
}
