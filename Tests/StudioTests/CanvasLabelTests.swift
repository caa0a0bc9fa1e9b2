import Foundation
import Geometry
import SceneFile
import StudioUI
import TestSupport
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore
@testable import TraceKit

/// The labels on the device, read back from the canvas panel's draw commands: no label covers another
/// or a view's own text, every label stays on the visible device, for every library scene at its script's
/// end (and several scenes at several times), at 1280 × 800 and 1024 × 768, in normal and presenter mode,
/// and on a HiDPI screen.
@Suite struct CanvasLabelTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static var sceneNames: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Scenes").path)) ?? []
    return names.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
  }

  /// Scenes looked at in the middle of their scripts too (ms).
  static let moments: [String: [Double]] = [
    "tour": [40, 700, 950, 1850, 2750, 3700],
    "18-scroll-view-buttons": [100, 1500, 2700, 4700],
    "20-buttons-that-block-scrolling": [60, 1100, 2150, 3100],
    "25-transformed-views": [40, 100, 900, 1700, 2450],
    "26-value-controls-in-tapped-card": [100, 1000],
    "02-skipped-views": [100],
  ]

  /// A drawn text: what it says and the box it covers.
  struct Drawn {
    var text: String
    var box: Rect
  }

  /// The box of a text command (the renderer's glyph masks measure as `TextMetrics` does).
  static func box(_ s: String, at p: Point, _ style: TextStyle) -> Rect {
    let size = Size(TextMetrics.width(s, size: style.size, face: style.face), TextMetrics.height(size: style.size))
    return LabelPlacer.Slot(p, style.anchor).box(size)
  }

  /// The views' own texts in a view layer, each cut to the clips around it (those cut away entirely left
  /// out).
  static func viewTexts(_ commands: [DrawCommand]) -> [Drawn] {
    var clips: [Rect] = []
    var out: [Drawn] = []
    for c in commands {
      switch c {
      case .clip(let r): clips.append(clips.last.map { CanvasGeometry.intersect($0, r) } ?? r)
      case .unclip: clips.removeLast()
      case .text(let s, let at, let style):
        var b = box(s, at: at, style)
        if let clip = clips.last { b = CanvasGeometry.intersect(b, clip) }
        if b.width > 0.01 && b.height > 0.01 { out.append(Drawn(text: s, box: b)) }
      default: break
      }
    }
    return out
  }

  /// The labels among `commands` (the canvas panel's, after its view layer): every text on the device
  /// that is not a finger's, as the box of the pill it is centred on, or its own box.
  static func labels(_ commands: ArraySlice<DrawCommand>, device: Rect, fingers: [DrawCommand]) -> [Drawn] {
    var out: [Drawn] = []
    var previous: DrawCommand?
    for c in commands {
      defer { previous = c }
      guard case .text(let s, let at, let style) = c, !fingers.contains(c) else { continue }
      var b = box(s, at: at, style)
      guard CanvasGeometry.overlap(b, device) else { continue }  // the walk's list beside the device
      switch previous {
      case .rect(let r, _?, _), .roundedRect(let r, _, _?, _):
        if r.mid.distance(to: at) < 0.01 { b = r }
      default: break
      }
      out.append(Drawn(text: s, box: b))
    }
    return out
  }

  /// Overlap beyond rounding.
  static func overlap(_ a: Rect, _ b: Rect) -> Bool {
    let e = 0.01
    return a.minX < b.maxX - e && b.minX < a.maxX - e && a.minY < b.maxY - e && b.minY < a.maxY - e
  }

  /// Checks the canvas of `name` at `at` ms; returns what went wrong (empty when nothing did).
  static func problems(_ name: String, at: Double, size: Size, presenter: Bool = false, pixelScale: Double = 1) throws
    -> [String]
  {
    let scene = try SceneLoader.load(path: root.appendingPathComponent("Scenes/\(name).yaml").path)
    let model = StudioModel(scene: scene, path: nil)
    if presenter { model.perform(.togglePresenter) }
    model.show(script: scene.script, at: at)
    _ = model.frame(size: size, pixelScale: pixelScale)
    let layout = StudioLayout(size: size, theme: model.theme)
    let ctx = PanelContext(model: model, layout: layout)
    let commands = CanvasPanel.draw(in: layout.canvas, ctx).commands
    let viewport = ctx.viewport
    var canvas = SceneCanvas(
      viewport: viewport, pixelScale: CanvasPanel.deviceUnit(viewport: viewport, theme: ctx.theme))
    canvas.controls = ctx.snapshot.controls
    canvas.textFloor = CanvasPanel.presenterTextSize(ctx.theme)
    let views = canvas.viewCommands(for: ctx.snapshot.scene)
    let device = CanvasGeometry.intersect(
      viewport.toPixels(Rect(origin: .zero, size: ctx.snapshot.scene.window)), layout.canvas)
    let context =
      "\(name) at \(at) ms, \(Int(size.width))×\(Int(size.height))\(presenter ? " presenter" : "") ×\(pixelScale)"
    // The views' shapes first; their text comes after the fingers (over the rings), not among the labels.
    let layers = ViewLayers(views)
    let shapes = layers.shapes
    guard commands.count > shapes.count, Array(commands[1...shapes.count]) == shapes else {
      return ["\(context): the canvas does not start with its view layer"]
    }
    var rest = Array(commands[(shapes.count + 1)...])
    if !layers.text.isEmpty,
      let start = (0...max(rest.count - layers.text.count, 0)).first(where: {
        rest.count >= layers.text.count && Array(rest[$0..<($0 + layers.text.count)]) == layers.text
      })
    {
      rest.removeSubrange(start..<(start + layers.text.count))
    } else if !layers.text.isEmpty {
      return ["\(context): the views' text is not drawn over the fingers"]
    }
    let fingers = CanvasTouches.commands(ctx, viewport: viewport, unit: ctx.theme.unit)
    let labels = Self.labels(rest[...], device: device, fingers: fingers)
    let texts = viewTexts(views)
    var out: [String] = []
    // Every scene names at least its root view.
    if labels.isEmpty { out.append("\(context): no labels at all") }
    for (i, a) in labels.enumerated() {
      if !CanvasGeometry.contains(device, a.box) { out.append("\(context): \"\(a.text)\" \(a.box) leaves the device") }
      for b in labels[(i + 1)...] where overlap(a.box, b.box) {
        out.append("\(context): \"\(a.text)\" \(a.box) covers \"\(b.text)\" \(b.box)")
      }
      for t in texts where overlap(a.box, t.box) {
        out.append("\(context): \"\(a.text)\" \(a.box) covers the view text \"\(t.text)\" \(t.box)")
      }
    }
    return out
  }

  @Test(arguments: sceneNames)
  func labelsCoverNeitherEachOtherNorViewText(_ name: String) throws {
    let scene = try SceneLoader.load(path: Self.root.appendingPathComponent("Scenes/\(name).yaml").path)
    let end = scene.script.last?.t ?? 0
    var problems: [String] = []
    for at in [end] + (Self.moments[name] ?? []) {
      for size in [Size(1280, 800), Size(1024, 768)] {
        problems += try Self.problems(name, at: at, size: size)
      }
      problems += try Self.problems(name, at: at, size: Size(1280, 800), presenter: true)
    }
    // HiDPI: twice the pixels, labels twice the size.
    problems += try Self.problems(name, at: end, size: Size(2560, 1600), pixelScale: 2)
    #expect(problems.isEmpty, "\(problems.prefix(12).joined(separator: "\n"))")
  }

  @Test func theSameInputGivesTheSameLabels() throws {
    let scene = try SceneLoader.load(path: Self.root.appendingPathComponent("Scenes/tour.yaml").path)
    func draw() -> DrawList {
      let model = StudioModel(scene: scene, path: nil)
      model.show(script: scene.script, at: 700)
      let size = Size(1280, 800)
      _ = model.frame(size: size, pixelScale: 1)
      let layout = StudioLayout(size: size, theme: model.theme)
      return CanvasPanel.draw(in: layout.canvas, PanelContext(model: model, layout: layout))
    }
    let (a, b) = (draw(), draw())
    #expect(a.commands == b.commands)
    #expect(a.regions == b.regions)
  }
}
