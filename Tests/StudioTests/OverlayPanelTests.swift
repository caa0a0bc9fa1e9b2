import Geometry
import StudioTestSupport
import StudioUI
import TestSupport
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore
@testable import StudioSDL
@testable import TraceKit

/// Help, scene list and the reload error banner.
@Suite struct OverlayPanelTests {
  func model() -> StudioModel {
    StudioModel(scene: TestSupport.scene([v("card", [0, 100, 390, 500], recognizers: [g("cardTap", .tap)])]))
  }

  @Test(arguments: [(Size(1280, 800), false), (Size(1280, 800), true), (Size(1920, 1080), true)])
  func helpListsEveryKeyAndMouseAction(size: Size, presenter: Bool) {
    let m = model()
    if presenter { m.perform(.togglePresenter) }
    m.perform(.toggleHelp)
    let list = m.frame(size: size, pixelScale: 1)
    let texts = list.drawnStrings
    #expect(texts.contains("Keys and mouse"))
    #expect(texts.contains { $0.hasPrefix("Esc closes") })
    // Each row: its keys, and its description (wrapped over several lines, never cut).
    let setting = OverlayHelp.setting(width: 1000, height: 10_000, m.theme)
    #expect(setting.columns.flatMap { $0 }.count == KeyTable.help.count)
    let shown = OverlayHelp.layout(in: Rect(0, 0, size.width, size.height), m.theme).setting
    for column in shown.columns {
      for (row, keys, lines) in column {
        // Keys keep their double spaces on one line; wrapped, the words are the same.
        let words = { (s: String) in s.split(separator: " ") }
        #expect(words(keys.joined(separator: " ")) == words(KeyTable.help[row].keys))
        #expect(lines.joined(separator: " ") == KeyTable.help[row].what)
        for line in keys + lines { #expect(texts.contains(line)) }
      }
    }
  }

  /// Nothing of the help is cut, in presenter mode on a projector too: every row's text lies inside the card.
  @Test(arguments: [
    (Size(1024, 768), true), (Size(1280, 800), true), (Size(1024, 768), false), (Size(1280, 800), false),
  ])
  func helpShowsEveryRowWholeInsideItsCard(size: Size, presenter: Bool) {
    let m = model()
    if presenter { m.perform(.togglePresenter) }
    m.perform(.toggleHelp)
    let list = m.frame(size: size, pixelScale: 1)
    let (card, setting) = OverlayHelp.layout(in: Rect(0, 0, size.width, size.height), m.theme)
    #expect(setting.columns.flatMap { $0 }.count == KeyTable.help.count)
    // The card's own texts: those drawn after it.
    let start =
      list.commands.firstIndex {
        if case .roundedRect(let r, _, _, _) = $0 { return r == card }
        return false
      } ?? 0
    for case .text(let text, let at, let style) in list.commands[start...] where card.contains(at) {
      // Every line as wide as the card at most; rows scroll under the footer, which stays inside.
      #expect(at.x + TextMetrics.width(text, size: style.size, face: style.face) <= card.maxX + 1, "\(text)")
      if text.hasPrefix("Esc closes") { #expect(at.y + style.size * 0.7 <= card.maxY, "\(text)") }
    }
    // Still readable: at least 11 px text.
    #expect(setting.size >= 11, "\(setting.size) in \(setting.columns.count) columns")
    // What does not fit scrolls: scrolled to the end, the last row is drawn inside the card.
    let most = OverlayHelp.maxScroll(in: Rect(0, 0, size.width, size.height), m.theme)
    var seen = Set(list.commands.compactMap { if case .text(let s, _, _) = $0 { return s } else { return nil } })
    if most > 0 {
      #expect(list.drawnStrings.contains { $0.contains("▾ more") })
      m.perform(.scroll(.help, by: most + 500))
      #expect(m.scrollOffsets[.help] == most)
      let end = m.frame(size: size, pixelScale: 1)
      seen.formUnion(end.commands.compactMap { if case .text(let s, _, _) = $0 { return s } else { return nil } })
      #expect(!end.drawnStrings.contains { $0.contains("▾ more") })
    }
    for row in KeyTable.help {
      #expect(seen.contains { row.what.hasPrefix($0) || $0.hasPrefix(String(row.what.prefix(10))) }, "\(row.what)")
    }
  }

  @Test func helpClosesOnAClickOutsideAndItsRegionsCoverTheWindow() {
    let m = model()
    m.perform(.toggleHelp)
    let list = m.frame(size: Size(1280, 800), pixelScale: 1)
    // The header's buttons are covered: a click on one closes the help instead.
    let header = StudioLayout(size: Size(1280, 800), theme: m.theme).header
    #expect(list.action(at: Point(header.maxX - 20, header.mid.y)) == .closeOverlay)
  }

  /// The library's titles are read on a thread of their own after the first frame: the open list is the
  /// library as it is, so a list opened before they came shows them once they do.
  @Test func aSceneListOpenedBeforeTheLibraryWasReadShowsItWhenItComes() {
    let m = model()
    m.perform(.openSceneList)
    #expect(m.sceneList == [])
    let items = (1...3).map { SceneListItem(path: "/lib/Scenes/\($0)-scene.yaml", title: "Scene number \($0)") }
    m.library = items
    #expect(m.sceneList == items)
    #expect(m.frame(size: Size(1280, 800), pixelScale: 1).drawnStrings.contains("Scene number 2"))
    // Closed, it stays closed when the library changes; opened again, it lists the library.
    m.perform(.openSceneList)
    #expect(m.sceneList == nil)
    m.library = Array(items.prefix(1))
    #expect(m.sceneList == nil)
    m.perform(.openSceneList)
    #expect(m.sceneList == Array(items.prefix(1)))
  }

  @Test func sceneListRowsOpenTheirScene() {
    let m = model()
    m.library = (1...30).map { SceneListItem(path: "/lib/Scenes/\($0)-scene.yaml", title: "Scene number \($0)") }
    m.perform(.openSceneList)
    let size = Size(1280, 800)
    var list = m.frame(size: size, pixelScale: 1)
    #expect(list.drawnStrings.contains("Open a scene"))
    #expect(list.drawnStrings.contains("Scene number 1"))
    #expect(list.drawnStrings.contains("1-scene.yaml"))
    let open = list.regions.compactMap { r -> String? in
      if case .openScene(let p) = r.action { return p }
      return nil
    }
    #expect(open.first == "/lib/Scenes/1-scene.yaml")
    #expect(open.count < 30)
    #expect(list.regions.contains { $0.action == .closeOverlay && $0.rect.width < 100 })
    // Clicking a row opens it.
    let row = list.regions.first { $0.action == .openScene(path: "/lib/Scenes/2-scene.yaml") }!
    // The wheel scrolls the list.
    m.perform(.scroll(.sceneList, by: 10 * OverlaySceneList.rowHeight(m.theme)))
    list = m.frame(size: size, pixelScale: 1)
    #expect(!list.drawnStrings.contains("Scene number 1"))
    #expect(list.drawnStrings.contains("Scene number 12"))
    m.handle(.pointerDown(.mouse, at: row.rect.mid), wall: 0)
    #expect(m.sceneList == nil)
    #expect(m.drainEffects().contains { if case .openScene = $0 { return true } else { return false } })
  }

  @Test func theErrorBannerShowsThePositionedDiagnostics() {
    let m = model()
    m.loadFailed([
      "/work/Scenes/a.yaml:3:5: error: unknown key 'colr' (did you mean 'color'?)",
      "/work/Scenes/a.yaml:9:1: error: duplicate id 'card'",
    ])
    let size = Size(1280, 800)
    let list = m.frame(size: size, pixelScale: 1)
    let texts = list.drawnStrings
    #expect(texts.contains("⚠ Scene file has errors — showing the last good version"))
    #expect(texts.contains { $0.hasSuffix("a.yaml:3:5: error: unknown key 'colr' (did you mean 'color'?)") })
    #expect(texts.contains { $0.hasSuffix("a.yaml:9:1: error: duplicate id 'card'") })
  }

  @Test func theBannerShowsSixLinesAtMost() {
    let errors = (1...9).map { "a.yaml:\($0):1: error: problem \($0)" }
    let lines = OverlayErrorBanner.lines(errors)
    #expect(lines.count == 6)
    #expect(lines.last == "+4 more")
    // Too long for the banner: every line loses its folders, the same way.
    let long = ["/a/very/long/path/b.yaml:1:2: error: x", "/a/b.yaml:3:4: error: y"]
    #expect(OverlayErrorBanner.fitted(long, width: 200, size: 11) == ["b.yaml:1:2: error: x", "b.yaml:3:4: error: y"])
    #expect(OverlayErrorBanner.fitted(long, width: 2000, size: 11) == long)
  }

  /// A message too long for one row goes on over the next, indented: its hint, at its end, is shown
  /// whole (it was cut with "…" at the banner's edge); rows past the most allowed end in "…".
  @Test func aLongMessageWrapsInsteadOfBeingCut() {
    let message =
      "live.yaml:4:1: error: YAML syntax error: could not find expected ':' (while scanning a simple key at line 3:1); "
      + "line 3, column 6 has '：', the full-width ':', which YAML reads as text: type ':'"
    let rows = OverlayErrorBanner.fitted([message], width: 400, size: 11)
    #expect(rows.count > 2, "\(rows)")
    #expect(rows.allSatisfy { TextMetrics.width($0, size: 11, face: .mono) <= 400 }, "\(rows)")
    #expect(rows.dropFirst().allSatisfy { $0.hasPrefix("  ") })
    #expect(rows.last?.hasSuffix("type ':'") == true, "\(rows)")
    #expect(!rows.contains { $0.contains("…") })
    let many = OverlayErrorBanner.fitted(Array(repeating: message, count: 6), width: 400, size: 11)
    #expect(many.count == OverlayErrorBanner.maxRows && many.last == "…")
  }
}

/// Tooltips: the whole text of a region (a header button, a shortened label) once the mouse has rested
/// on it for a moment, never while a finger is down.
@Suite struct TooltipTests {
  let size = Size(1280, 800)

  @Test func aRegionsTipShowsAfterTheMouseRestsOnIt() throws {
    let scene = TestSupport.scene([v("card", [0, 100, 390, 500], recognizers: [g("cardTap", .tap)])])
    let m = StudioModel.drawn(scene, size: size)
    let list = m.frame(size: size, pixelScale: 1)
    let region = try #require(list.regions.last { $0.tip != nil && $0.action == .togglePresenter })
    let p = region.rect.mid
    m.handle(.hover(p), wall: 1000)
    m.tick(wall: 1100)
    #expect(m.tooltip == nil)
    m.tick(wall: 1000 + ViewState.tooltipDelay + 10)
    #expect(m.tooltip?.text == region.tip)
    let drawn = m.frame(size: size, pixelScale: 1).commands.contains {
      if case .text(let s, _, _) = $0 { return region.tip?.hasPrefix(s) == true && !s.isEmpty }
      return false
    }
    #expect(drawn)
    // Moving on hides it until the mouse rests again.
    m.handle(.hover(Point(p.x + 1, p.y)), wall: 1500)
    #expect(m.tooltip == nil)
  }
}
