import Geometry
import StudioUI
import TestSupport
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore
@testable import StudioSDL
@testable import TraceKit

/// The timeline: lanes per touch, recognizer and responder on one time axis, built from a scripted run.
@Suite struct TimelinePanelTests {
  let size = Size(1280, 800)

  /// A post with a double-tap recognizer and a button: the button's touchesEnded is withheld until the
  /// double tap fails (delaysTouchesEnded).
  func doubleTapOverButton() -> Scene {
    TestSupport.scene([
      v(
        "post", [0, 100, 390, 400], recognizers: [g("double", .tap) { $0.numberOfTapsRequired = 2 }],
        subviews: [v("buy", [100, 100, 190, 60], kind: .button)])
    ]) { $0.script = tap(195, 230) }
  }

  /// A card with a pan recognizer: dragging on it cancels the card's touches once the pan begins.
  func panOverCard() -> Scene {
    TestSupport.scene([v("card", [0, 100, 390, 500], recognizers: [g("pan", .pan)])]) {
      $0.script = drag(from: (100, 300), to: (100, 400), steps: 20)
    }
  }

  func played(_ s: Scene, tab: BottomTab = .timeline) -> StudioModel {
    let m = StudioModel(scene: s)
    _ = m.frame(size: size, pixelScale: 1)
    m.perform(.playScript)
    m.perform(.bottomTab(tab))
    m.perform(.jump(m.engine.trace.count - 1))
    return m
  }

  func index(_ m: StudioModel, _ match: (TraceEvent) -> Bool) -> Int {
    m.engine.trace.firstIndex { match($0.event) }!
  }

  @Test func lanesForTheTouchTheRecognizerAndTheViewWithLettersInOrder() {
    let m = played(doubleTapOverButton())
    let content = TimelineContent(trace: m.engine.trace, range: 0..<m.engine.trace.count)
    #expect(content.lanes.map(\.kind) == [.touch(1), .recognizer("double"), .responder("buy")])
    #expect(content.lane(.recognizer("double"))?.letters == ["F", "P"])
    // The withheld touchesEnded (faint) and the delivered one.
    #expect(content.lane(.responder("buy"))?.letters == ["B", "E", "E"])
    let touch = content.lane(.touch(1))!.marks.map(\.glyph)
    #expect(touch == [.down, .up])
  }

  /// B-7, B-7a: the control's lane says who performed its action, or that nobody did.
  @Test func theControlsLaneSaysWhoPerformedItsAction() {
    let s = TestSupport.scene([
      v("save", [100, 100, 190, 60], kind: .button) {
        $0.actions = [
          ControlAction(event: .touchUpInside, action: "save:"), ControlAction(event: .touchUpInside, action: "undo:"),
        ]
      }
    ]) {
      $0.root.controller = "rootVC"
      $0.root.controllerImplements = ["save:"]
      $0.script = tap(195, 130)
    }
    let trace = Engine.replay(s)
    let labels = TimelineContent(trace: trace, range: 0..<trace.count).lane(.responder("save"))!.marks.compactMap {
      if case .label(let text) = $0.glyph { text } else { nil }
    }
    #expect(
      labels.last == "touchUpInside · save: → rootVC · undo: → nobody, dropped · primaryActionTriggered", "\(labels)")
    let chinese = TimelineContent(trace: trace, range: 0..<trace.count, language: .simplifiedChinese)
    #expect(
      chinese.lane(.responder("save"))!.marks.contains {
        if case .label(let text) = $0.glyph { text.contains("undo: → 无人实现，被丢弃") } else { false }
      })
  }

  /// Two fingers held one event after the other, dropped by one line that names both: both bars end there
  /// (a bar left open ran to the timeline's right edge, its label over the drop's).
  @Test func oneDropEndsTheHoldOfEveryTouchItNames() {
    let trace = [
      TraceEntry(t: 0, event: .withhold(view: "photo", method: .touchesBegan, touches: [1], by: ["scroller"])),
      TraceEntry(t: 8, event: .withhold(view: "photo", method: .touchesBegan, touches: [2], by: ["scroller"])),
      TraceEntry(
        t: 40,
        event: .drop(view: "photo", method: .touchesBegan, touches: [1, 2], reason: .cancelledBy("scroller.pinch"))),
    ]
    let content = TimelineContent(trace: trace, range: 0..<trace.count)
    let held = content.lane(.responder("photo"))!.bars.filter { $0.style == .held(["scroller"]) }
    #expect(held.count == 2)
    #expect(held.allSatisfy { $0.toIndex == 2 && $0.toT == 40 }, "\(held)")
  }

  @Test func aWithheldDeliveryIsAHeldBarFromTheWithholdToTheDelivery() {
    let m = played(doubleTapOverButton())
    let trace = m.engine.trace
    let content = TimelineContent(trace: trace, range: 0..<trace.count)
    let held = content.lane(.responder("buy"))!.bars.filter { $0.style == .held(["double"]) }
    #expect(held.count == 1)
    let withhold = index(m) {
      if case .withhold("buy", .touchesEnded, _, _) = $0 { return true }
      return false
    }
    let deliver = index(m) {
      if case .deliver("buy", .touchesEnded, _, _) = $0 { return true }
      return false
    }
    #expect(held.first?.fromIndex == withhold)
    #expect(held.first?.toIndex == deliver)
    #expect(held.first.map { $0.toT! - $0.fromT } == 350)

    // Drawn: the bar's label, and hatching inside it.
    let list = m.frame(size: size, pixelScale: 1)
    #expect(list.drawnStrings.contains("held by double"))
  }

  @Test func thePanlaneBeginsAndAnArrowPointsToTheCardsTouchesCancelled() {
    let m = played(panOverCard())
    let trace = m.engine.trace
    let content = TimelineContent(trace: trace, range: 0..<trace.count)
    let pan = content.lane(.recognizer("pan"))!
    #expect(pan.letters.prefix(2) == ["B", "C"])
    #expect(pan.letters.suffix(2) == ["E", "P"])
    #expect(content.lane(.responder("card"))?.letters == ["B", "M", "C"])
    let began = index(m) {
      if case .state("pan", .possible, .began, _) = $0 { return true }
      return false
    }
    let cancelled = index(m) {
      if case .deliver("card", .touchesCancelled, _, _) = $0 { return true }
      return false
    }
    let arrow = content.arrows.first
    #expect(arrow?.fromIndex == began)
    #expect(arrow?.toIndex == cancelled)
    #expect(arrow.map { content.lanes[$0.fromLane].kind } == .recognizer("pan"))
    #expect(arrow.map { content.lanes[$0.toLane].kind } == .responder("card"))
  }

  @Test func lanesAreDrawnWithTheirNamesAndLetters() {
    let m = played(doubleTapOverButton())
    let list = BottomPanel.draw(in: layout(m).bottom, context(m))
    for name in ["touch 1", "double", "buy"] { #expect(list.drawnStrings.contains(name)) }
    #expect(list.drawnStrings.contains("F"))
    #expect(list.drawnStrings.contains { $0.hasPrefix("touchUpInside") })
  }

  @Test func clickingATimeJumpsToTheLastEntryAtOrBeforeIt() throws {
    let m = played(doubleTapOverButton())
    let trace = m.engine.trace
    let ctx = context(m)
    let rect = BottomPanel.contentRect(layout(m).bottom, m.theme)
    let view = try #require(TimelinePanel.TimelineView(ctx))
    let geo = TimelinePanel.Geometry(rect: rect, view: view, theme: m.theme)
    let list = TimelinePanel.draw(in: rect, ctx)
    // Halfway between the lift (80 ms) and the tap interval running out (430 ms): the lift's last entry.
    let x = geo.axis.x(200)
    let y = geo.laneRect(0).mid.y
    let lastAt80 = trace.lastIndex { $0.t == 80 }!
    #expect(list.action(at: Point(x, y)) == .jump(lastAt80))
    // Just after 430 ms: the last entry of the gesture.
    #expect(list.action(at: Point(geo.axis.x(430) + 40, geo.laneRect(0).mid.y)) == .jump(trace.count - 1))
  }

  @Test func clickingALetterJumpsToItsEntry() throws {
    let m = played(doubleTapOverButton())
    let ctx = context(m)
    let rect = BottomPanel.contentRect(layout(m).bottom, m.theme)
    let view = try #require(TimelinePanel.TimelineView(ctx))
    let geo = TimelinePanel.Geometry(rect: rect, view: view, theme: m.theme)
    let lane = view.content.lanes.firstIndex { $0.kind == .recognizer("double") }!
    let placed = TimelinePanel.place(view.content.lanes[lane], axis: geo.axis, right: rect.maxX, theme: m.theme)
    let f = placed.first { $0.mark.glyph == .letter("F") }!
    let list = TimelinePanel.draw(in: rect, ctx)
    #expect(list.action(at: Point(f.x, geo.laneRect(geo.row(ofLane: lane)!).mid.y)) == .jump(f.mark.index))
  }

  @Test func entriesAfterThePlayheadAreDimmed() {
    let m = played(doubleTapOverButton())
    let withhold = index(m) {
      if case .withhold = $0 { return true }
      return false
    }
    m.perform(.jump(withhold))
    let list = TimelinePanel.draw(in: BottomPanel.contentRect(layout(m).bottom, m.theme), context(m))
    // The failure letter comes after the playhead: drawn translucent.
    let f = list.commands.compactMap { c -> TextStyle? in
      if case .text("F", _, let style) = c { return style }
      return nil
    }
    #expect(!f.isEmpty)
    #expect(f.allSatisfy { $0.color.a < 255 })
  }

  @Test func gesturesAreCutWhereNothingIsGoingOn() {
    var s = doubleTapOverButton()
    s.script = tap(195, 230) + tap(195, 230, t: 1000) + tap(195, 230, t: 1100)
    let m = played(s)
    var gestures = GestureIndex()
    gestures.update(m.engine.trace)
    // The first tap (then 350 ms of waiting), and a double tap.
    #expect(gestures.starts.count == 2)
    #expect(m.engine.trace[gestures.starts[1]].t == 1000)
    #expect(gestures.gesture(containing: m.engine.trace.count - 1) == 1)
  }

  @Test func theAxisShowsTheGestureAndLongGesturesAroundThePlayhead() {
    let short = TimelineAxis.window(first: 0, last: 80, playhead: 80, ongoing: false)
    #expect(short.start < 0 && short.end >= TimelineAxis.minSpan)
    let long = TimelineAxis.window(first: 0, last: 10000, playhead: 6000, ongoing: false)
    #expect(long.end - long.start <= TimelineAxis.maxSpan * 1.1)
    #expect(long.start < 6000 && long.end > 6000)
  }

  @Test func fitsInPresenterModeAt1280x800() {
    let m = played(panOverCard())
    m.perform(.togglePresenter)
    let list = m.frame(size: size, pixelScale: 1)
    #expect(list.commands.count > 0)
    let bottom = layout(m).bottom
    for r in list.regions where bottom.contains(r.rect.mid) {
      #expect(r.rect.maxX <= size.width + 0.5)
    }
  }

  @Test func tooManyLanesForThePanelKeepTheBusiestAndSaySo() throws {
    // Six nested views, each with a tap recognizer: one touch reaches them all.
    var view = v("v6", [0, 0, 300, 300], recognizers: [g("tap6", .tap)])
    for k in (1...5).reversed() {
      view = v("v\(k)", [10, 10, 350, 700], recognizers: [g("tap\(k)", .tap)], subviews: [view])
    }
    let m = played(TestSupport.scene([view]) { $0.script = tap(100, 100) })
    m.perform(.togglePresenter)
    let ctx = context(m)
    let rect = BottomPanel.contentRect(layout(m).bottom, m.theme)
    let tv = try #require(TimelinePanel.TimelineView(ctx))
    let geo = TimelinePanel.Geometry(rect: rect, view: tv, theme: m.theme)
    #expect(geo.hidden > 0)
    #expect(geo.shown.count + geo.hidden == tv.content.lanes.count)
    #expect(geo.laneRect(geo.shown.count - 1).maxY <= rect.maxY)
    let list = TimelinePanel.draw(in: rect, ctx)
    #expect(list.drawnStrings.contains { $0.hasPrefix("+\(geo.hidden) lane") })
  }

  func layout(_ m: StudioModel) -> StudioLayout { StudioLayout(size: size, theme: m.theme) }
  func context(_ m: StudioModel) -> PanelContext { PanelContext(model: m, layout: layout(m)) }
}

extension DrawList {
  /// Every text drawn, in order.
  var drawnStrings: [String] {
    commands.compactMap {
      if case .text(let s, _, _) = $0 { return s }
      return nil
    }
  }
}

/// A touch's deliveries held one after another (a scroll view's content-touch delay holds the touch-down
/// and each move) make bars that overlap on the view's lane: their label is drawn once, and never under
/// the letters drawn over the bars.
@Suite struct TimelineHeldLabelTests {
  func heldMoves() -> StudioModel {
    let s = TestSupport.scene([
      v("inbox", [0, 100, 390, 600], kind: .scroll, subviews: [v("message", [0, 0, 390, 100])]) {
        $0.scroll?.contentSize = Size(390, 1800)
      }
    ]) { $0.script = drag(from: (100, 150), to: (100, 190), steps: 40, every: 16) }
    let m = StudioModel(scene: s)
    _ = m.frame(size: Size(1280, 800), pixelScale: 1)
    m.perform(.playScript)
    m.perform(.bottomTab(.timeline))
    m.perform(.jump(m.engine.trace.count - 1))
    return m
  }

  @Test(arguments: [
    Size(1280, 800), Size(1600, 1000), Size(1920, 1080), Size(2560, 1440), Size(3000, 1800), Size(3840, 2160),
  ])
  func heldLabelsAreDrawnOnceAndUncovered(size: Size) {
    let m = heldMoves()
    let content = TimelineContent(trace: m.engine.trace, range: 0..<m.engine.trace.count)
    let held = content.lane(.responder("message"))?.bars.filter {
      if case .held = $0.style { return true }
      return false
    }
    #expect((held?.count ?? 0) >= 3, "the case needs several held deliveries: \(String(describing: held))")
    let list = m.frame(size: size, pixelScale: 1)
    var labels: [(y: Double, from: Double, to: Double)] = []
    var letters: [(y: Double, from: Double, to: Double)] = []
    for c in list.commands {
      guard case .text(let s, let at, let style) = c else { continue }
      let w = TextMetrics.width(s, size: style.size, face: style.face)
      if s.hasPrefix("he") {  // "held by message", cut short or not
        labels.append((at.y, at.x, at.x + w))
        #expect(s.count >= 5 || !s.hasSuffix("…"), "a label cut to a fragment: \(s)")
      } else if s.count == 1, "BMECF".contains(s), style.anchor == .center {
        letters.append((at.y, at.x - w / 2, at.x + w / 2))
      }
    }
    // At the smaller sizes the gaps between the held letters are too short for a label; at 3840 × 2160
    // there is room for one. (At 3000 × 1800 a label cut to "he…" was drawn before.)
    if size.width > 3500 { #expect(!labels.isEmpty, "a held label is drawn") }
    for (i, a) in labels.enumerated() {
      for b in labels[(i + 1)...] where abs(a.y - b.y) < 1 {
        #expect(a.to <= b.from || b.to <= a.from, "two held labels overlap: \(a) \(b)")
      }
      for l in letters where abs(a.y - l.y) < 1 {
        #expect(a.to <= l.from || l.to <= a.from, "a letter covers a held label: \(a) \(l)")
      }
    }
  }
}
