import Geometry
import TestSupport
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore
@testable import StudioSDL
@testable import TraceKit

/// The inspector: recognizer cards, toggles and their pulses, the pair matrix, the hierarchy tree.
@Suite struct InspectorPanelTests {
  let size = Size(1440, 900)

  /// A card with a tap recognizer and a button inside it; the script taps the button.
  func buttonInTappedCard() -> Scene {
    var s = TestSupport.scene([
      v(
        "card", [0, 100, 390, 500], recognizers: [g("cardTap", .tap)],
        subviews: [v("buy", [100, 100, 190, 60], kind: .button)])
    ])
    s.script = tap(195, 230, t: 0, hold: 80)
    return s
  }

  /// Single and double tap on one tile, the single requiring the double to fail; one tap.
  func singleAndDouble() -> Scene {
    var s = TestSupport.scene([
      v(
        "tile", [0, 100, 390, 500],
        recognizers: [
          g("singleB", .tap) { $0.requireToFail = ["doubleB"] },
          g("doubleB", .tap) { $0.numberOfTapsRequired = 2 },
        ])
    ])
    s.script = tap(100, 300, t: 0, hold: 80)
    return s
  }

  /// A scroll view under a card with a pan and a pinch; the script drags across both.
  func panAndScroll() -> Scene {
    var s = TestSupport.scene([
      v("list", [0, 100, 390, 400], kind: .scroll) { $0.scroll?.contentSize = Size(390, 1200) },
      v(
        "photo", [0, 520, 390, 300],
        recognizers: [
          g("photoPan", .pan) { $0.delegate = DelegateSpec() }, g("photoPinch", .pinch),
          g("photoSwipe", .swipe) { $0.requireToFail = ["photoPan"] },
        ]),
    ])
    s.script = drag(from: (100, 300), to: (100, 150)) + drag(from: (100, 600), to: (300, 620), t: 1000)
    return s
  }

  func played(_ s: Scene, presenter: Bool = false, size: Size? = nil) -> StudioModel {
    let m = StudioModel(scene: s)
    if presenter { m.perform(.togglePresenter) }
    _ = m.frame(size: size ?? self.size, pixelScale: 1)
    m.perform(.playScript)
    return m
  }

  /// Index of the first trace entry matching `p`.
  func index(_ m: StudioModel, _ p: (TraceEvent) -> Bool) -> Int {
    m.engine.trace.firstIndex { p($0.event) } ?? -1
  }

  func inspector(_ m: StudioModel, size: Size? = nil) -> (DrawList, Rect) {
    let layout = StudioLayout(size: size ?? self.size, theme: m.theme)
    let ctx = PanelContext(model: m, layout: layout)
    return (InspectorPanel.draw(in: layout.inspector, ctx), layout.inspector)
  }

  func texts(_ list: DrawList) -> [String] {
    list.commands.compactMap {
      if case .text(let s, _, _) = $0 { return s }
      return nil
    }
  }

  func changes(_ list: DrawList) -> [PropertyChange] {
    list.regions.compactMap {
      if case .change(let c) = $0.action { return c }
      return nil
    }
  }

  // MARK: Cards

  @Test func theParentTapCardShowsFailedWithTheButtonsVeto() {
    let m = played(buttonInTappedCard())
    let failed = index(m) {
      if case .state("cardTap", _, .failed, _) = $0 { return true }
      return false
    }
    #expect(failed >= 0)
    m.perform(.jump(failed))
    let all = texts(inspector(m).0)
    #expect(all.contains("✗ failed"))
    let joined = all.joined(separator: " ")
    #expect(joined.contains("possible → failed: buy (UIButton) vetoes a superview's single tap"))
    #expect(joined.contains("UITapGestureRecognizer on card"))
  }

  @Test func afterTheResetTheOutcomeStaysVisible() {
    let m = played(buttonInTappedCard())
    m.perform(.jump(m.engine.trace.count - 1))
    let all = texts(inspector(m).0)
    #expect(all.contains("possible"))
    #expect(all.contains("↺ reset"))
    #expect(all.joined(separator: " ").contains("vetoes a superview's single tap"))
  }

  @Test func recognizerTogglesEmitTheirPropertyChanges() {
    let m = played(buttonInTappedCard())
    let (list, rect) = inspector(m)
    let expected = [
      PropertyChange(target: "cardTap", key: "isEnabled", value: .bool(false)),
      PropertyChange(target: "cardTap", key: "cancelsTouchesInView", value: .bool(false)),
      PropertyChange(target: "cardTap", key: "delaysTouchesBegan", value: .bool(true)),
      PropertyChange(target: "cardTap", key: "delaysTouchesEnded", value: .bool(false)),
      PropertyChange(target: "cardTap", key: "delegate.shouldReceive", value: .bool(false)),
      PropertyChange(target: "cardTap", key: "delegate.shouldBegin", value: .bool(false)),
    ]
    for change in expected {
      let region = list.regions.first { $0.action == .change(change) }
      #expect(region != nil, "no toggle for \(change.key)")
      guard let region else { continue }
      // Clicking the middle of the toggle gives exactly its change (nothing on top of it).
      #expect(list.action(at: region.rect.mid) == .change(change))
      #expect(rect.contains(region.rect.mid))
    }
    let all = texts(list)
    #expect(all.contains("cancelsTouchesInView"))
    #expect(all.contains("ON"))
    #expect(all.contains("default YES"))
    #expect(all.contains("C"))
    // The header selects the recognizer.
    #expect(list.regions.contains { $0.action == .select("cardTap") })
  }

  @Test func delegateAnswersShowTheirFormAndCycle() {
    var s = buttonInTappedCard()
    var d = DelegateSpec()
    d.shouldReceive = .unlessTouchIn(["buy"])
    d.shouldBegin = .always(false)
    s.root.subviews[0].recognizers[0].delegate = d
    let m = StudioModel(scene: s)
    let (list, _) = inspector(m)
    let all = texts(list)
    #expect(all.contains("unless touch in buy"))
    #expect(all.contains("NO"))
    let cs = changes(list)
    #expect(cs.contains(PropertyChange(target: "cardTap", key: "delegate.shouldReceive", value: .bool(false))))
    #expect(cs.contains(PropertyChange(target: "cardTap", key: "delegate.shouldBegin", value: .bool(true))))
  }

  @Test func aToggleChangeShowsTheNewValue() {
    let m = StudioModel(scene: buttonInTappedCard())
    m.perform(.change(PropertyChange(target: "cardTap", key: "cancelsTouchesInView", value: .bool(false))))
    let cs = changes(inspector(m).0)
    #expect(cs.contains(PropertyChange(target: "cardTap", key: "cancelsTouchesInView", value: .bool(true))))
  }

  @Test func aToggleConsultedJustNowPulsesAndNotTwoSecondsLater() {
    var s = buttonInTappedCard()
    // A second tap far away, 2.5 s later, on a view cardTap is not attached to.
    s.root.subviews.append(v("far", [0, 700, 390, 100]))
    s.script += tap(100, 750, t: 2500, hold: 80)
    let m = played(s)
    let asked = index(m) {
      if case .ask("cardTap", .shouldReceive, _, _, _) = $0 { return true }
      return false
    }
    m.perform(.jump(asked))
    #expect(texts(inspector(m).0).contains("asked → YES"))
    let later = index(m) {
      if case .input(_, .began, _, _) = $0 { return true }
      return false
    }
    let second = m.engine.trace.indices.last { i in
      if case .input(_, .began, _, _) = m.engine.trace[i].event { return true }
      return false
    }!
    #expect(second > later)
    m.perform(.jump(second))
    #expect(!texts(inspector(m).0).contains("asked → YES"))
  }

  @Test func cancelsTouchesInViewPulsesWhenTheRecognizerCancelsTouches() {
    var s = TestSupport.scene([v("card", [0, 100, 390, 500], recognizers: [g("cardTap", .tap)])])
    s.script = tap(100, 300, t: 0, hold: 80)
    let m = played(s)
    let cancelled = index(m) {
      if case .deliver("card", .touchesCancelled, _, _) = $0 { return true }
      return false
    }
    #expect(cancelled >= 0)
    m.perform(.jump(cancelled))
    #expect(texts(inspector(m).0).contains("→ cancelled"))
  }

  @Test func theWaitingRowShowsWhileTheSingleTapWaitsForTheDouble() {
    let m = played(singleAndDouble())
    let waits = index(m) {
      if case .wait("singleB", _) = $0 { return true }
      return false
    }
    #expect(waits >= 0)
    m.perform(.jump(waits))
    #expect(texts(inspector(m).0).contains("waiting for doubleB to fail"))
    let recognized = index(m) {
      if case .state("singleB", _, .ended, _) = $0 { return true }
      return false
    }
    #expect(recognized > waits)
    m.perform(.jump(recognized))
    let after = texts(inspector(m).0)
    #expect(!after.contains("waiting for doubleB to fail"))
    #expect(after.contains("✓ ended"))
  }

  @Test func theActionFlashesForAMomentWithItsValues() {
    var s = TestSupport.scene([v("card", [0, 100, 390, 500], recognizers: [g("cardTap", .tap)])])
    s.script = tap(100, 300, t: 0, hold: 80)
    let m = played(s)
    let action = index(m) {
      if case .action("cardTap", _, _) = $0 { return true }
      return false
    }
    m.perform(.jump(action))
    let (list, _) = inspector(m)
    #expect(texts(list).contains("⚡ action (ended)"))
    #expect(texts(list).contains { $0.contains("at 100, 300") })
  }

  @Test func cardsTheLastTouchMissedFoldWhenTheyDoNotAllFit() {
    // Four tiles with two taps each; the script taps the last tile twice.
    var tiles: [ViewSpec] = []
    for i in 0..<4 {
      tiles.append(
        v(
          "tile\(i)", [0, 100 + Double(i) * 150, 390, 140],
          recognizers: [g("single\(i)", .tap), g("double\(i)", .tap) { $0.numberOfTapsRequired = 2 }]))
    }
    var s = TestSupport.scene(tiles)
    s.script = tap(100, 600, t: 0, hold: 80) + tap(100, 600, t: 1000, hold: 80)
    let m = played(s, size: Size(1280, 800))
    // A folded recognizer is a chip that selects it; an open one is a card with its toggles.
    func openCards() -> Set<String> {
      let (list, _) = inspector(m, size: Size(1280, 800))
      let chips = Set(
        list.regions.compactMap { r -> String? in
          guard case .select(let id) = r.action, r.tip?.hasPrefix("\(id): ") ?? false else { return nil }
          return id
        })
      return Set((0..<4).flatMap { ["single\($0)", "double\($0)"] }).subtracting(chips)
    }
    // Before any touch: nothing to focus on, every card open.
    #expect(openCards().count == 8)
    let attach = index(m) {
      if case .attach = $0 { return true }
      return false
    }
    m.perform(.jump(attach))
    #expect(openCards() == ["single3", "double3"])
    // The second touch goes down: until it is attached, the cards stay as they were (no flicker).
    let secondDown = m.engine.trace.indices.last { i in
      if case .input(_, .began, _, _) = m.engine.trace[i].event { return true }
      return false
    }!
    m.perform(.jump(secondDown))
    #expect(openCards() == ["single3", "double3"])
    // Selecting a folded card opens it.
    m.perform(.select("single0"))
    #expect(openCards().contains("single0"))
  }

  // MARK: Scroll views' pans

  @Test func aScrollViewsPanHasAReadOnlyCard() {
    let s = TestSupport.scene([v("list", [0, 100, 390, 500], kind: .scroll)])
    let m = StudioModel(scene: s)
    let (list, _) = inspector(m)
    #expect(texts(list).contains("list.pan"))
    #expect(!changes(list).contains { $0.target == "list.pan" })
    #expect(list.regions.contains { $0.action == .select("list.pan") })
  }

  // MARK: Pairs

  @Test func thePairTabTogglesTheFourRelations() {
    let m = StudioModel(scene: singleAndDouble())
    m.perform(.inspectorTab(.pairs))
    m.perform(.select("singleB"))
    let cs = changes(inspector(m).0)
    #expect(cs.contains(PropertyChange(target: "singleB", key: "requireToFail", value: .list([]))))
    #expect(
      cs.contains(
        PropertyChange(
          target: "singleB", key: "delegate.shouldRecognizeSimultaneouslyWith", value: .list([.string("doubleB")]))))
    #expect(
      cs.contains(
        PropertyChange(target: "singleB", key: "delegate.shouldRequireFailureOf", value: .list([.string("doubleB")]))))
    #expect(
      cs.contains(
        PropertyChange(target: "doubleB", key: "delegate.shouldBeRequiredToFailBy", value: .list([.string("singleB")])))
    )
  }

  @Test func theBlockingEdgeIsLitWhileTheWaitLasts() {
    let m = played(singleAndDouble())
    m.perform(.inspectorTab(.pairs))
    m.perform(.select("singleB"))
    let waits = index(m) {
      if case .wait("singleB", _) = $0 { return true }
      return false
    }
    m.perform(.jump(waits))
    let (list, _) = inspector(m)
    #expect(texts(list).contains("singleB waits for it now"))
    #expect(list.regions.contains { $0.tip?.contains("waiting now") ?? false })
  }

  // MARK: Views

  @Test func theTreeShowsTheWalkAndTheHitView() {
    let m = played(buttonInTappedCard())
    m.perform(.inspectorTab(.views))
    let hit = index(m) {
      if case .hit(1, _) = $0 { return true }
      return false
    }
    m.perform(.jump(hit))
    let (list, _) = inspector(m)
    let all = texts(list)
    #expect(all.contains("✓ hit · touch 1"))
    #expect(all.contains("1"))
    #expect(all.contains("✓ inside"))
    #expect(all.joined(separator: " ").contains("→ buy"))
    // Toggles of the button, including enabled (a control).
    let cs = changes(list)
    #expect(cs.contains(PropertyChange(target: "buy", key: "hidden", value: .bool(true))))
    #expect(cs.contains(PropertyChange(target: "buy", key: "alpha", value: .number(0))))
    #expect(cs.contains(PropertyChange(target: "buy", key: "enabled", value: .bool(false))))
    #expect(cs.contains(PropertyChange(target: "card", key: "userInteractionEnabled", value: .bool(false))))
    #expect(!cs.contains { $0.target == "card" && $0.key == "enabled" })
  }

  @Test func viewsTheWalkNeverReachedAreGreyed() {
    // `front` is front-most and holds the point: the walk never visits `back` or its subview.
    var s = TestSupport.scene([
      v("back", [0, 0, 390, 400], subviews: [v("backChild", [0, 0, 100, 100])]),
      v("front", [0, 400, 390, 400]),
    ])
    s.script = tap(100, 500, t: 0, hold: 80)
    let m = played(s)
    m.perform(.inspectorTab(.views))
    m.perform(.jump(m.engine.trace.count - 1))
    let (list, _) = inspector(m)
    func color(of s: String) -> RGBA? {
      for c in list.commands {
        if case .text(s, _, let style) = c { return style.color }
      }
      return nil
    }
    #expect(color(of: "front") == m.theme.text)
    #expect(color(of: "back") == m.theme.faintText)
    #expect(color(of: "backChild") == m.theme.faintText)
    #expect(texts(list).contains("✓ hit · touch 1"))
  }

  // MARK: Layout

  /// Text stays inside the panel, at every size and in presenter mode, in every tab, and scrolling
  /// far never scrolls the content away.
  @Test(arguments: [Size(1280, 800), Size(1920, 1080)], [false, true])
  func everythingStaysInsideThePanel(size: Size, presenter: Bool) {
    for s in [buttonInTappedCard(), singleAndDouble(), panAndScroll()] {
      let m = played(s, presenter: presenter, size: size)
      for (fraction, tab) in [0.3, 0.6, 1].flatMap({ f in InspectorTab.allCases.map { (f, $0) } }) {
        m.perform(.jump(Int(Double(m.engine.trace.count - 1) * fraction)))
        m.perform(.inspectorTab(tab))
        m.perform(.select(s.allRecognizers[0].id))
        let (list, rect) = inspector(m, size: size)
        for c in list.commands {
          guard case .text(let str, let at, let style) = c else { continue }
          let w = InspectorText.width(str, style)
          let minX: Double
          switch style.anchor.horizontal {
          case .leading: minX = at.x
          case .center: minX = at.x - w / 2
          case .trailing: minX = at.x - w
          }
          #expect(minX >= rect.minX - 0.5, "\(str) starts left of the panel (\(tab), \(size), \(presenter))")
          #expect(minX + w <= rect.maxX + 0.5, "\(str) ends right of the panel (\(tab), \(size), \(presenter))")
        }
        for r in list.regions {
          #expect(rect.contains(r.rect.origin) && r.rect.maxX <= rect.maxX + 0.5 && r.rect.maxY <= rect.maxY + 0.5)
        }
        // No two texts overlap (boxes estimated from the font metrics, a pixel of slack).
        let boxes = textBoxes(list)
        for i in boxes.indices {
          for j in boxes.indices where j > i {
            let a = boxes[i]
            let b = boxes[j]
            let overlap = InspectorGeometry.overlap(
              InspectorGeometry.inset(a.1, dx: 1, dy: 2), InspectorGeometry.inset(b.1, dx: 1, dy: 2))
            #expect(overlap == nil, "'\(a.0)' overlaps '\(b.0)' (\(tab), \(size), presenter \(presenter))")
          }
        }
        // Scrolled far down: something is still visible below the tabs.
        m.perform(.scroll(.inspector, by: 100_000))
        let (far, _) = inspector(m, size: size)
        let top = rect.minY + InspectorPanel.tabBarHeight(m.theme)
        let visible = far.commands.contains {
          if case .text(_, let at, _) = $0 { return at.y > top && at.y < rect.maxY }
          return false
        }
        #expect(visible, "nothing visible in \(tab) after scrolling far")
        let layout = StudioLayout(size: size, theme: m.theme)
        let limit = InspectorPanel.maxScroll(in: layout.inspector, PanelContext(model: m, layout: layout))
        #expect(limit >= 0)
        m.perform(.scroll(.inspector, by: -100_000))
      }
    }
  }

  /// The state diagram fits the narrowest card (presenter mode at 1280 x 800) without leaving its box.
  @Test(arguments: [false, true])
  func theDiagramFitsANarrowCard(presenter: Bool) {
    let t = Theme(pixelScale: 1, presenter: presenter)
    for discrete in [false, true] {
      var status = RecognizerStatus()
      status.state = .changed
      let rect = Rect(100, 50, 290 * t.unit, InspectorStateDiagram.height(t))
      var list = DrawList()
      InspectorStateDiagram.draw(
        InspectorStateDiagram.Input(discrete: discrete, status: status, flash: nil, waiting: false), in: rect, t,
        into: &list)
      for c in list.commands {
        switch c {
        case .roundedRect(let r, _, _, _):
          #expect(r.minX >= rect.minX - 0.5 && r.maxX <= rect.maxX + 0.5, "node \(r) outside \(rect)")
        case .text(let s, let at, let style):
          let w = InspectorText.width(s, style)
          #expect(at.x - w / 2 >= rect.minX - 0.5 && at.x + w / 2 <= rect.maxX + 0.5, "\(s) outside")
        default: break
        }
      }
    }
  }

  // MARK: Helpers

  /// Every text command with the box it covers.
  func textBoxes(_ list: DrawList) -> [(String, Rect)] {
    list.commands.compactMap { c -> (String, Rect)? in
      guard case .text(let s, let at, let style) = c else { return nil }
      let w = InspectorText.width(s, style)
      let h = style.size * 1.15
      let x: Double
      switch style.anchor.horizontal {
      case .leading: x = at.x
      case .center: x = at.x - w / 2
      case .trailing: x = at.x - w
      }
      let y: Double
      switch style.anchor.vertical {
      case .top: y = at.y
      case .middle: y = at.y - h / 2
      case .bottom: y = at.y - h
      }
      return (s, Rect(x, y, w, h))
    }
  }

  @Test func theToggleGridLeavesNoHoles() {
    let t = Theme()
    let laid = InspectorWidgets.grid([50, 300, 50, 50, 50], x: 0, y: 0, width: 205, t)
    let h = InspectorWidgets.toggleHeight(t)
    #expect(laid.rects[0] == Rect(0, 0, 205, h))  // alone before a wide one: the whole row
    #expect(laid.rects[1] == Rect(0, h + 5, 205, h))
    #expect(laid.rects[2] == Rect(0, 2 * (h + 5), 100, h))
    #expect(laid.rects[3] == Rect(105, 2 * (h + 5), 100, h))
    #expect(laid.rects[4] == Rect(0, 3 * (h + 5), 100, h))
    #expect(laid.height == 4 * h + 3 * 5)
  }

  @Test func truncationAddsAnEllipsisAndFits() {
    let long = "failed: buyButton (UIButton) vetoes a superview's single tap"
    let short = InspectorText.truncate(long, 120, size: 11)
    #expect(short.hasSuffix("…"))
    #expect(InspectorText.width(short, size: 11) <= 120)
    #expect(InspectorText.truncate("ok", 120, size: 11) == "ok")
    let lines = InspectorText.wrap(long, 150, TextStyle(size: 11, color: .white), maxLines: 2)
    #expect(lines.count == 2)
    #expect(lines.allSatisfy { InspectorText.width($0, size: 11) <= 150 })
  }
}
