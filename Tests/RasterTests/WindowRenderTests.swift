import Foundation
import Geometry
import StudioTestSupport
import TestSupport
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore
@testable import StudioSDL
@testable import TraceKit

/// The whole window rendered headless (what `touchscope render` writes): its pixels show the scene's
/// views and, after a tap, the hit view outlined in the finger's colour.
@Suite(.serialized) @MainActor struct WindowRenderTests {
  init() { SDLLibrary.preferVideoDriver("dummy") }

  @Test func renderShowsTheViewsAndTheHitViewOutline() throws {
    var s = TestSupport.scene([
      v("card", [40, 200, 310, 300], recognizers: [g("cardTap", .tap)]) { $0.color = "#2E8B57" },
      v("other", [40, 560, 310, 200]) { $0.color = "#8B2E57" },
    ])
    s.root.color = "#FFFFFF"
    s.script = tap(195, 350, t: 0, hold: 300)
    let model = StudioModel(scene: s)
    model.show(script: s.script, at: 150)  // the finger is still down
    let size = Size(1280, 800)
    let bitmap = try renderWindowBitmap(model, size: size)
    let viewport = model.viewport(for: StudioLayout(size: size, theme: model.theme))

    // The views' fills, away from labels and badges.
    let inCard = viewport.toPixels(Point(120, 470))
    #expect(bitmap.pixel(Int(inCard.x), Int(inCard.y)) == RGBA(0x2E, 0x8B, 0x57))
    let inOther = viewport.toPixels(Point(120, 740))
    #expect(bitmap.pixel(Int(inOther.x), Int(inOther.y)) == RGBA(0x8B, 0x2E, 0x57))

    // The hit view (card) is outlined in touch 1's colour: look along its left edge, halfway down.
    let touchColour = Palette.touch(1)
    let edge = viewport.toPixels(Point(40, 430))
    let nearEdge = (-6...6).map { dx in bitmap.pixel(Int(edge.x) + dx, Int(edge.y)) }
    #expect(nearEdge.contains(touchColour), "no \(touchColour) near the card's left edge: \(nearEdge)")
    // The other view is not outlined.
    let otherEdge = viewport.toPixels(Point(40, 700))
    let nearOther = (-6...6).map { dx in bitmap.pixel(Int(otherEdge.x) + dx, Int(otherEdge.y)) }
    #expect(!nearOther.contains(touchColour))
  }
}
