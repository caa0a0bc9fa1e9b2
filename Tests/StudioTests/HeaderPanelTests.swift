import Geometry
import Localization
import TestSupport
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore
@testable import StudioSDL
@testable import TraceKit

/// The header: title, transport buttons and the playhead's status.
@Suite struct HeaderPanelTests {
  func model(_ configure: (inout Scene) -> Void = { _ in }) -> StudioModel {
    var s = TestSupport.scene([
      v(
        "card", [0, 100, 390, 500], recognizers: [g("cardTap", .tap)],
        subviews: [v("buy", [100, 100, 190, 60], kind: .button)])
    ]) {
      $0.title = "A button in a tapped card"
      $0.script = tap(195, 230)
    }
    configure(&s)
    return StudioModel(scene: s)
  }

  func header(_ m: StudioModel, _ size: Size) -> (DrawList, Rect) {
    let list = m.frame(size: size, pixelScale: 1)
    return (list, StudioLayout(size: size, theme: m.theme).header)
  }

  static let actions: [StudioAction] = [
    .stepBack, .togglePause, .step, .setSpeed(1), .setSpeed(0.5), .setSpeed(0.25), .setSpeed(0.1), .replayLast,
    .playScript, .resetTouches, .togglePresenter, .toggleHelp, .openSceneList,
  ]

  @Test(arguments: [
    (Size(1280, 800), false), (Size(1280, 800), true), (Size(1920, 1080), false), (Size(1920, 1080), true),
  ])
  func everyButtonIsThereInsideTheHeaderWithoutOverlap(size: Size, presenter: Bool) {
    let m = model()
    if presenter { m.perform(.togglePresenter) }
    let (list, rect) = header(m, size)
    let buttons = list.regions.filter { rect.contains($0.rect.mid) }
    #expect(buttons.map(\.action) == Self.actions)
    for (a, b) in zip(buttons, buttons.dropFirst()) { #expect(a.rect.maxX <= b.rect.minX) }
    for b in buttons {
      #expect(b.rect.minY >= rect.minY && b.rect.maxY <= rect.maxY && b.rect.maxX <= size.width)
    }
    // The title is not pushed off: it starts at the left and keeps some room.
    #expect(list.drawnStrings.contains { $0.hasPrefix("A button") })
  }

  @Test func clickingAButtonPerformsItsAction() {
    let m = model()
    let (list, rect) = header(m, Size(1280, 800))
    let help = list.regions.first { $0.action == .toggleHelp && rect.contains($0.rect.mid) }!
    m.handle(.pointerDown(.mouse, at: help.rect.mid), wall: 0)
    #expect(m.showHelp)
    m.perform(.toggleHelp)
    let (list2, _) = header(m, Size(1280, 800))
    let speed = list2.regions.first { $0.action == .setSpeed(0.25) }!
    m.handle(.pointerDown(.mouse, at: speed.rect.mid), wall: 0)
    #expect(m.speed == 0.25)
  }

  @Test func labelsGiveWayToIconsWhenNarrow() {
    let m = model()
    let wide = HeaderBar.placement(
      in: Rect(0, 0, 1920, 46), PanelContext(model: m, layout: StudioLayout(size: Size(1920, 1080), theme: m.theme)))
    #expect(wide.density == .full)
    m.perform(.togglePresenter)
    let narrow = HeaderBar.placement(
      in: Rect(0, 0, 1280, 69), PanelContext(model: m, layout: StudioLayout(size: Size(1280, 800), theme: m.theme)))
    #expect(narrow.density == .icons)
    #expect(narrow.info.width > 150)
  }

  /// Presenter mode at 800 × 600 (and the small windows the program picks for itself): icons alone
  /// left the title no room, so the four speed buttons become one that shows the speed and goes on to
  /// the next; every other button stays, and the title keeps room for its words.
  @Test(arguments: [Size(800, 600), Size(972, 729)])
  func aNarrowPresenterHeaderKeepsTheTitleWithOneSpeedButton(size: Size) {
    for lang in [Language.english, .simplifiedChinese] {
      let m = model { $0.translations["zh-Hans"] = .init(title: "被点击卡片里的按钮") }
      m.language = lang
      m.perform(.togglePresenter)
      let ctx = PanelContext(model: m, layout: StudioLayout(size: size, theme: m.theme))
      let p = HeaderBar.placement(in: ctx.layout.header, ctx)
      #expect(p.info.width >= 120, "\(size) \(lang): the title has \(p.info.width) px")
      let (list, rect) = header(m, size)
      let title = lang == .english ? "A button" : "被点击"
      #expect(list.drawnStrings.contains { $0.hasPrefix(title) }, "\(size) \(lang): \(list.drawnStrings)")
      let regions = list.regions.filter { rect.contains($0.rect.mid) }
      let actions = regions.map(\.action)
      for a in Self.actions where !(a.isSpeed) { #expect(actions.contains(a), "\(size) \(lang): \(a)") }
      for (a, b) in zip(regions, regions.dropFirst()) { #expect(a.rect.maxX <= b.rect.minX) }
    }
  }

  @Test func theOneSpeedButtonShowsTheSpeedAndGoesToTheNext() {
    let m = model()
    m.perform(.togglePresenter)
    var seen: [Double] = []
    for _ in 0..<5 {
      seen.append(m.speed)
      let (list, rect) = header(m, Size(800, 600))
      let speed = list.regions.filter { rect.contains($0.rect.mid) && $0.action.isSpeed }
      #expect(speed.count == 1)
      #expect(list.drawnStrings.contains(HeaderButton.speedLabel(m.speed)))
      m.handle(.pointerDown(.mouse, at: speed[0].rect.mid), wall: 0)
      m.handle(.pointerUp(.mouse, at: speed[0].rect.mid), wall: 0)
    }
    #expect(seen == [1, 0.5, 0.25, 0.1, 1])
  }

  @Test func statusSaysLiveScriptReplayStepOrPaused() {
    let m = model()
    m.tick(wall: 0)
    func says(_ prefix: String) -> Bool { header(m, Size(1280, 800)).0.drawnStrings.contains { $0.hasPrefix(prefix) } }
    #expect(says("● live"))
    m.perform(.setSpeed(0.25))
    #expect(says("● slow motion ¼"))
    m.perform(.setSpeed(1))
    m.perform(.playScript)
    m.tick(wall: 16)
    #expect(says("▶ script"))
    m.perform(.jump(3))
    let t = m.engine.trace[3].t
    #expect(header(m, Size(1280, 800)).0.drawnStrings.contains("❚❚ step at \(HeaderBar.seconds(t))"))
    // Resumed, the script plays on from there.
    m.perform(.togglePause)
    #expect(says("▶ script"))
    m.perform(.togglePause)
    #expect(says("❚❚ paused at"))
    #expect(HeaderBar.seconds(1234.4) == "1.234 s")
    #expect(HeaderBar.seconds(80) == "0.080 s")
    #expect(HeaderBar.seconds(1999.8) == "2.000 s")
  }

  @Test func pendingChangesAndToastsAreShown() {
    let m = model()
    _ = m.frame(size: Size(1280, 800), pixelScale: 1)
    let p = m.viewport(for: StudioLayout(size: Size(1280, 800), theme: m.theme)).toPixels(Point(50, 300))
    m.handle(.pointerDown(.mouse, at: p), wall: 0)
    m.perform(.change(PropertyChange(target: "cardTap", key: "isEnabled", value: .bool(false))))
    #expect(header(m, Size(1280, 800)).0.drawnStrings.contains("1 change applies to the next touch"))
    m.notify("Saved Scenes/x.yaml", wall: 0)
    // A message goes to the toast, drawn last, never into the header.
    let strings = header(m, Size(1280, 800)).0.drawnStrings
    #expect(strings.suffix(2) == ["✓", "Saved Scenes/x.yaml"])
    #expect(!strings.contains("✓ Saved Scenes/x.yaml"))
  }
}

extension StudioAction {
  fileprivate var isSpeed: Bool { if case .setSpeed = self { true } else { false } }
}
