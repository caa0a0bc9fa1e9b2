import Foundation
import Geometry
import SceneFile
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore
@testable import StudioSDL
@testable import TraceKit

/// Draw-command snapshots of the main panels for several library scenes, at a time in their scripts.
///
/// Stored as text beside the tests (`Snapshots/`); re-recorded only on purpose, with
/// `TOUCHSCOPE_RECORD=1 swift test --filter PanelSnapshotTests`. A missing snapshot fails.
@Suite struct PanelSnapshotTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let cases: [(scene: String, at: Double)] = [
    ("07-controls-vs-tap-recognizers", 300),
    ("11-single-vs-double-tap", 700),
    ("18-scroll-view-buttons", 900),
    ("tour", 700),
  ]

  @Test(arguments: cases.map(\.scene))
  func panelsMatchTheirSnapshots(_ name: String) throws {
    let at = Self.cases.first { $0.scene == name }!.at
    let scene = try SceneLoader.load(path: Self.root.appendingPathComponent("Scenes/\(name).yaml").path)
    let model = StudioModel(scene: scene, path: nil)
    model.narrator = StudioNarration.narrate
    model.show(script: scene.script, at: at)
    let size = Size(1280, 800)
    let layout = StudioLayout(size: size, theme: model.theme)
    _ = model.frame(size: size, pixelScale: 1)
    let ctx = PanelContext(model: model, layout: layout)
    let panels: [(String, DrawList)] = [
      ("canvas", CanvasPanel.draw(in: layout.canvas, ctx)),
      ("inspector", InspectorPanel.draw(in: layout.inspector, ctx)),
      ("narration", NarrationStrip.draw(in: layout.narration, ctx)),
      ("bottom", BottomPanel.draw(in: layout.bottom, ctx)),
      ("header", HeaderBar.draw(in: layout.header, ctx)),
    ]
    for (panel, list) in panels {
      let text = DrawSnapshot.text(list)
      let file = Self.root.appendingPathComponent("Tests/StudioTests/Snapshots/\(name).\(panel).txt")
      if ProcessInfo.processInfo.environment["TOUCHSCOPE_RECORD"] == "1" {
        try FileManager.default.createDirectory(
          at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
        Issue.record("recorded \(file.lastPathComponent); run again without TOUCHSCOPE_RECORD to check it")
        continue
      }
      guard let stored = try? String(contentsOf: file, encoding: .utf8) else {
        Issue.record("no snapshot \(file.lastPathComponent): record with TOUCHSCOPE_RECORD=1")
        continue
      }
      #expect(stored == text, "\(name) \(panel) differs from \(file.lastPathComponent)")
    }
  }
}

/// A readable, stable text form of draw commands and regions (numbers rounded to 0.1 px).
enum DrawSnapshot {
  static func text(_ list: DrawList) -> String {
    var out = ""
    for c in list.commands { out += line(c) + "\n" }
    for r in list.regions { out += "region \(rect(r.rect)) \(r.action)\n" }
    return out
  }

  static func n(_ v: Double) -> String { JSONNumber.format((v * 10).rounded() / 10) }
  static func rect(_ r: Rect) -> String { "[\(n(r.minX)) \(n(r.minY)) \(n(r.width)) \(n(r.height))]" }
  static func point(_ p: Point) -> String { "(\(n(p.x)) \(n(p.y)))" }
  static func stroke(_ s: Stroke?) -> String {
    guard let s else { return "-" }
    return "\(s.color)/\(n(s.width))" + (s.dash.map { "/dash\(n($0))" } ?? "")
  }

  static func line(_ c: DrawCommand) -> String {
    switch c {
    case .rect(let r, let fill, let s): return "rect \(rect(r)) fill \(fill?.description ?? "-") stroke \(stroke(s))"
    case .roundedRect(let r, let radius, let fill, let s):
      return "rrect \(rect(r)) r\(n(radius)) fill \(fill?.description ?? "-") stroke \(stroke(s))"
    case .circle(let c, let radius, let fill, let s):
      return "circle \(point(c)) r\(n(radius)) fill \(fill?.description ?? "-") stroke \(stroke(s))"
    case .polygon(let points, let fill, let s):
      return "poly \(points.map(point).joined(separator: " ")) fill \(fill?.description ?? "-") stroke \(stroke(s))"
    case .line(let a, let b, let s): return "line \(point(a)) \(point(b)) \(stroke(s))"
    case .text(let t, let at, let style):
      return
        "text \(point(at)) \(style.face) \(n(style.size)) \(style.color) \(style.anchor.horizontal)/\(style.anchor.vertical) \(t)"
    case .clip(let r): return "clip \(rect(r))"
    case .unclip: return "unclip"
    }
  }
}
