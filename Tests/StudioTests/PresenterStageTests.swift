import Foundation
import Geometry
import Raster
import SceneFile
import Testing
import TouchSim

@testable import StudioCore

/// In presenter mode the device is what the room watches. Its own text is at least 18
/// pixels tall, and no label about a view (the walk's badges and points, recognizer badges, tags, touch
/// tags) is drawn on it: they sit beside it with a leader line, or the walk's list beside it is their legend.
@Suite struct PresenterStageTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let size = Size(1024, 768)

  /// Each library scene in presenter mode, on the stage and off it, before, during and after its script:
  /// the frame's text commands and the device's rectangle.
  static func frames(_ body: (_ scene: Scene, _ device: Rect, _ texts: [(String, Point, TextStyle)]) -> Void) throws {
    for name in ContrastTests.scenes {
      let scene = try SceneLoader.load(path: root.appendingPathComponent("Scenes/\(name).yaml").path)
      let model = StudioModel(scene: scene, path: nil)
      model.handle(.key(.function(5), .none), wall: 0)
      let end = scene.script.map(\.t).max() ?? 0
      for stage in [false, true] {
        if stage { model.handle(.key(.character("f"), .none), wall: 0) }
        for at in [0, end / 2, end + 400] {
          model.show(script: scene.script, at: at)
          let list = model.frame(size: size, pixelScale: 1)
          let device = model.viewport(for: model.lastLayout!).toPixels(Rect(origin: .zero, size: scene.window))
          let texts = list.commands.compactMap { c -> (String, Point, TextStyle)? in
            if case .text(let s, let at, let style) = c { (s, at, style) } else { nil }
          }
          body(model.snapshot.scene, device, texts)
        }
      }
    }
  }

  static func overlaps(_ a: Rect, _ b: Rect) -> Bool {
    a.minX < b.maxX - 0.5 && b.minX < a.maxX - 0.5 && a.minY < b.maxY - 0.5 && b.minY < a.maxY - 0.5
  }

  /// A piece of `whole` as drawn: a line of it, or its start shortened with "…".
  static func isPiece(_ s: String, of whole: String) -> Bool {
    let kept = s.hasSuffix("…") ? String(s.dropLast()) : s
    return !kept.isEmpty && whole.contains(kept.trimmingCharacters(in: .whitespaces))
  }

  @Test func theDevicesOwnTextIsAtLeast18PixelsTall() throws {
    var checked = 0
    var small: [String] = []
    try Self.frames { scene, device, texts in
      let own = scene.allViews.compactMap(\.text).filter { !$0.isEmpty && !$0.contains("|") }
      // (Not the ids, in mono, nor the fingers' numbers.)
      for (s, at, style) in texts
      where device.contains(at) && style.face != .mono && !s.allSatisfy(\.isNumber)
        && own.contains(where: { Self.isPiece(s, of: $0) })
      {
        checked += 1
        // Below 18 px only a text that is whole there and would have been shortened at 18 (never below
        // three quarters of it).
        if style.size < 18 && (s.hasSuffix("…") || style.size < 13.5) {
          small.append("\(scene.title ?? ""): '\(s)' at \(style.size) px")
        }
      }
    }
    #expect(checked > 100)
    #expect(small.isEmpty, "\(small.prefix(10).joined(separator: "\n"))")
  }

  @Test func noLabelAboutAViewIsDrawnOnTheDevice() throws {
    var covering: [String] = []
    var labelsSeen = 0
    try Self.frames { scene, device, texts in
      let views = scene.allViews
      for (s, at, style) in texts {
        let box = CanvasLabelTests.box(s, at: at, style)
        // What belongs on the device: the views' own text and names, a control's face, the fingers.
        let belongs =
          views.contains { v in
            (v.text.map { Self.isPiece(s, of: $0) } ?? false) || Self.isPiece(s, of: v.id)
          } || s.allSatisfy(\.isNumber) || s == "✗" || s.hasPrefix("×") || s == "virtual" || s == "−" || s == "+"
        if s.contains("✓") || s.contains("⊘") || s.hasPrefix("touch ") || s.hasPrefix("at (") { labelsSeen += 1 }
        if !belongs && Self.overlaps(box, device.insetBy(2)) && box.minY > 60 && box.maxY < device.maxY {
          covering.append("\(scene.title ?? ""): '\(s)' at \(box)")
        }
      }
    }
    #expect(labelsSeen > 50)
    #expect(covering.isEmpty, "\(covering.count) labels on the device:\n\(covering.prefix(12).joined(separator: "\n"))")
  }
}
