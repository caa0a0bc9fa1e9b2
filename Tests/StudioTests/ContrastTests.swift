import Foundation
import Geometry
import SceneFile
import StudioUI
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore
@testable import StudioSDL

/// Every text the window draws is legible: at least 4.5:1 contrast (WCAG AA) against what it is
/// drawn on, in normal and presenter mode. Found from the frames themselves: for each text command, the
/// surface under the middle of its box is the last filled shape drawn before it that contains that point
/// (translucent fills blended over what is under them, down to the window's background).
@Suite struct ContrastTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  struct Finding: CustomStringConvertible {
    var text: String
    var color: RGBA
    var background: RGBA
    var ratio: Double
    var description: String {
      "\"\(text.prefix(30))\" \(color) on \(background): \(String(format: "%.2f", ratio)):1"
    }
  }

  /// Texts of `commands` under 4.5:1 against what they are drawn on.
  static func lowContrast(_ commands: [DrawCommand], background: RGBA) -> [Finding] {
    var surfaces: [(contains: (Point) -> Bool, fill: RGBA)] = []
    var clips: [Rect] = []
    var out: [Finding] = []
    for command in commands {
      // A fill shows only inside every clip it was drawn in.
      let shownClips = clips
      func visible(_ p: Point) -> Bool { shownClips.allSatisfy { $0.contains(p) } }
      switch command {
      case .rect(let r, let fill?, _), .roundedRect(let r, _, let fill?, _):
        surfaces.append(({ p in r.contains(p) && visible(p) }, fill))
      case .circle(let c, let radius, let fill?, _):
        surfaces.append(
          ({ p in (p.x - c.x) * (p.x - c.x) + (p.y - c.y) * (p.y - c.y) <= radius * radius && visible(p) }, fill))
      case .polygon(let corners, let fill?, _) where corners.count >= 3:
        surfaces.append(({ p in Legibility.convex(corners, contains: p) && visible(p) }, fill))
      case .clip(let r): clips.append(r)
      case .unclip: _ = clips.popLast()
      case .text(let s, let at, let style):
        guard !s.trimmingCharacters(in: .whitespaces).isEmpty, style.color.a > 0 else { continue }
        let p = Legibility.samplePoint(of: s, at: at, style: style)
        if clips.contains(where: { !$0.contains(p) }) { continue }  // clipped away: not shown
        // The fills under p, topmost first, blended from the bottom up.
        var under = surfaces.reversed().filter { $0.contains(p) }.map(\.fill)
        var bg = background
        while let fill = under.popLast() { bg = Legibility.blend(fill, over: bg) }
        let fg = Legibility.blend(style.color, over: bg)
        let r = Legibility.contrast(fg, bg)
        if r < 4.5 { out.append(Finding(text: s, color: style.color, background: bg, ratio: r)) }
      default: break
      }
    }
    return out
  }

  /// Every library scene.
  static let scenes = try! FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Scenes").path)
    .filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()

  @Test(arguments: [false, true])
  func everyTextHasContrastOfAtLeast4Point5(presenter: Bool) throws {
    var findings: [String: Finding] = [:]
    for name in Self.scenes {
      let scene = try SceneLoader.load(path: Self.root.appendingPathComponent("Scenes/\(name).yaml").path)
      let model = StudioModel(scene: scene, path: nil)
      model.narrator = StudioNarration.narrate
      if presenter { model.handle(.key(.function(5), .none), wall: 0) }
      let end = (scene.script.map(\.t).max() ?? 0)
      for at in [0, end / 2, end + 400] {
        model.show(script: scene.script, at: at)
        for tab in InspectorTab.allCases {
          model.view.inspectorTab = tab
          let size = presenter ? Size(1024, 768) : Size(1280, 800)
          let list = model.frame(size: size, pixelScale: 1)
          for f in Self.lowContrast(list.commands, background: model.theme.background) {
            findings["\(f.color)/\(f.background)"] = f
          }
        }
      }
    }
    let sorted = findings.values.sorted { $0.ratio < $1.ratio }
    #expect(
      sorted.isEmpty, "\(sorted.count) colour pairs under 4.5:1:\n\(sorted.map(\.description).joined(separator: "\n"))")
  }
}

/// The adjustment itself: as little as needed, hue kept, both directions.
@Suite struct LegibilityTests {
  @Test func aColourUnderTheMinimumIsLightenedOnDarkAndDarkenedOnLight() {
    let dark = RGBA(0x35, 0x37, 0x3C)
    let blue = RGBA(0x3D, 0x8B, 0xF0)
    let onDark = Legibility.readable(blue, on: dark)
    #expect(Legibility.contrast(onDark, dark) >= 4.5)
    #expect(Legibility.contrast(onDark, dark) < 4.8)  // no more than needed
    #expect(onDark.b > onDark.r)  // still blue
    let light = RGBA(0xF2, 0xF2, 0xF7)
    let onLight = Legibility.readable(.white, on: light)
    #expect(Legibility.contrast(onLight, light) >= 4.5)
    // Already legible: unchanged.
    #expect(Legibility.readable(.white, on: .black) == .white)
  }

  @Test func textOnATranslucentFillIsJudgedOnWhatShowsThrough() {
    var commands: [DrawCommand] = [
      .rect(Rect(0, 0, 100, 40), fill: RGBA(0xFF, 0xFF, 0xFF), stroke: nil),
      .rect(Rect(0, 0, 100, 40), fill: RGBA(0, 0, 0, 0x20), stroke: nil),
      .text("Buy", at: Point(10, 10), style: TextStyle(size: 13, color: RGBA(0xE0, 0xE0, 0xE0))),
      .text("Far", at: Point(300, 10), style: TextStyle(size: 13, color: RGBA(0x30, 0x30, 0x30))),
    ]
    Legibility.enforce(&commands, background: RGBA(0x2B, 0x2D, 0x31))
    guard case .text(_, _, let onWhite) = commands[2], case .text(_, _, let onBackground) = commands[3] else {
      Issue.record("texts moved")
      return
    }
    let shown = Legibility.blend(RGBA(0, 0, 0, 0x20), over: .white)
    #expect(Legibility.contrast(onWhite.color, shown) >= 4.5)
    #expect(Legibility.contrast(onBackground.color, RGBA(0x2B, 0x2D, 0x31)) >= 4.5)
  }

  /// Past the last few fills, fills are found through a grid; a text far outside the window (a zoomed
  /// canvas, a huge view) or left of it is still judged on the fill under it, not on the background.
  @Test func textFarOffTheGridIsJudgedOnTheFillUnderIt() {
    let dark = RGBA(0x30, 0x30, 0x30)
    var commands: [DrawCommand] = [
      .rect(Rect(0, 0, 1280, 800), fill: RGBA(0x2B, 0x2D, 0x31), stroke: nil),
      .rect(Rect(-500, -500, 40_000, 40_000), fill: .white, stroke: nil),
    ]
    // More fills than are looked at first, away from the texts.
    for k in 0..<12 {
      commands.append(.rect(Rect(Double(k) * 20, 600, 10, 10), fill: RGBA(0x80, 0x80, 0x80), stroke: nil))
    }
    commands.append(.text("Far", at: Point(30_000, 30_000), style: TextStyle(size: 13, color: dark)))
    commands.append(.text("Left", at: Point(-300, -300), style: TextStyle(size: 13, color: dark)))
    commands.append(.text("Past", at: Point(3_000, 100), style: TextStyle(size: 13, color: dark)))
    let before = commands
    Legibility.enforce(&commands, background: RGBA(0x2B, 0x2D, 0x31))
    // Dark text on white is legible: left as it was.
    #expect(commands.suffix(3) == before.suffix(3))
  }

  /// Many fills, translucent ones stacked deeper than the few kept without allocating, most of them older
  /// than the last few looked at first: every text is judged on exactly what a walk over all the fills
  /// drawn before it finds.
  @Test func theFillsFoundThroughTheGridAreTheFillsUnderTheText() {
    var rng = SplitMix(seed: 29)
    var commands: [DrawCommand] = []
    var fills: [(Rect, RGBA)] = []
    var expected: [Int: RGBA] = [:]
    let background = RGBA(0x2B, 0x2D, 0x31)
    for k in 0..<600 {
      if k % 6 == 5 {
        let p = Point(rng.double(0, 1200), rng.double(0, 800))
        let color = RGBA(UInt8(rng.double(0, 255)), UInt8(rng.double(0, 255)), UInt8(rng.double(0, 255)))
        let style = TextStyle(size: 13, color: color)
        commands.append(.text("t", at: p, style: style))
        let sample = Legibility.samplePoint(of: "t", at: p, style: style)
        var under = background
        var above: [RGBA] = []
        for (r, f) in fills.reversed() where r.contains(sample) {
          if f.a == 255 {
            under = f
            break
          }
          above.append(f)
        }
        for f in above.reversed() { under = Legibility.blend(f, over: under) }
        expected[commands.count - 1] = Legibility.readable(color, on: under)
      } else {
        let r = Rect(rng.double(-100, 1200), rng.double(-100, 800), rng.double(20, 600), rng.double(20, 500))
        let alpha: UInt8 = k % 3 == 0 ? 255 : UInt8(rng.double(20, 200))
        let f = RGBA(UInt8(rng.double(0, 255)), UInt8(rng.double(0, 255)), UInt8(rng.double(0, 255)), alpha)
        commands.append(.rect(r, fill: f, stroke: nil))
        fills.append((r, f))
      }
    }
    Legibility.enforce(&commands, background: background)
    var checked = 0
    for (i, want) in expected {
      guard case .text(_, _, let style) = commands[i] else { continue }
      #expect(style.color == want, "text \(i)")
      checked += 1
    }
    #expect(checked == 100)
  }

  /// A point on a polygon's edge is inside it, as `convex` says, also where that edge is the right or the
  /// bottom side of the polygon's box.
  @Test func aTextOnAPolygonsRightEdgeIsJudgedOnThePolygon() {
    let style = TextStyle(size: 13, color: RGBA(0x30, 0x30, 0x30))
    let at = Point(100, 100)
    let p = Legibility.samplePoint(of: "x", at: at, style: style)
    let triangle = [Point(p.x - 20, p.y - 20), Point(p.x, p.y - 20), Point(p.x, p.y + 20)]
    #expect(Legibility.convex(triangle, contains: p))
    var commands: [DrawCommand] = [
      .polygon(triangle, fill: .white, stroke: nil), .text("x", at: at, style: style),
    ]
    let before = commands
    Legibility.enforce(&commands, background: RGBA(0x2B, 0x2D, 0x31))
    // Dark text on the white triangle is legible: left as it was (on the dark background it would not be).
    #expect(commands == before)
  }
}
