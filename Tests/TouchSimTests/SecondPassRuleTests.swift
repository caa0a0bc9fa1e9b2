import Geometry
import TestSupport
import Testing
import TouchSim

/// The rules of the second pass (docs/RULES.md, section 14) that changed what the engine does, each by id.
@Suite struct SecondPassRuleTests {
  /// The index of the first trace line matching `match`, or nil.
  func index(_ run: Run, _ match: (TraceEvent) -> Bool) -> Int? { run.trace.firstIndex { match($0.event) } }

  /// F-3a: a child's and a parent's tap recognized together (shouldRecognizeSimultaneouslyWith YES): both
  /// actions come first, then the view gets one touchesCancelled.
  @Test func f3aEveryActionOfTheEventBeforeTheOneCancellation() {
    let s = scene(
      [
        v(
          "card", [0, 100, 390, 400],
          recognizers: [
            g("cardTap", .tap) {
              $0.delegate = DelegateSpec()
              $0.delegate!.shouldRecognizeSimultaneouslyWith = .all
            }
          ])
      ], rootRecognizers: [g("rootTap", .tap)])
    let run = Run(s, tap(195, 300))
    #expect(run.fired("cardTap") && run.fired("rootTap"))
    let actions = run.trace.indices.filter { if case .action = run.trace[$0].event { true } else { false } }
    let cancels = run.trace.indices.filter {
      if case .deliver(_, .touchesCancelled, _, _) = run.trace[$0].event { true } else { false }
    }
    #expect(actions.count == 2)
    #expect(cancels.count == 1, "one touchesCancelled for the view:\(run)")
    #expect(cancels.allSatisfy { c in actions.allSatisfy { $0 < c } }, "\(run)")
  }

  /// F-3a: a single and a double tap with no relationship both recognize on the second lift: the
  /// double tap's action too comes before the view's touchesCancelled.
  @Test func f3aSingleAndDoubleTapOnTheSecondLift() {
    let s = scene([
      v(
        "tile", [0, 100, 390, 400], recognizers: [g("single", .tap), g("double", .tap) { $0.numberOfTapsRequired = 2 }])
    ])
    let run = Run(s, tap(195, 300, t: 0) + tap(195, 300, t: 150))
    let double = index(run) { if case .action(let r, _, _) = $0 { r == "double" } else { false } }
    let cancel = run.trace.lastIndex {
      if case .deliver("tile", .touchesCancelled, _, _) = $0.event { true } else { false }
    }
    #expect(double != nil && cancel != nil)
    #expect(double! < cancel!, "\(run)")
  }

  /// G-8.1a: a control subclass overriding touches* without super gets its touches but tracks nothing.
  @Test func g81aAControlWithoutSuperSendsNoControlEvents() {
    let s = scene([v("buy", [100, 300, 190, 60], kind: .button) { $0.forwardsTouches = false }])
    let run = Run(s, tap(195, 330))
    #expect(run.methods("buy") == ["touchesBegan", "touchesEnded"])
    #expect(run.controlEvents("buy").isEmpty)
    #expect(run.forwards(.touchesBegan).isEmpty)
    // With super (the default) it tracks.
    let tracked = Run(scene([v("buy", [100, 300, 190, 60], kind: .button)]), tap(195, 330))
    #expect(tracked.controlEvents("buy").first == "touchDown")
  }

  /// G-8.1b: a UIButton sends primaryActionTriggered right after touchUpInside; a custom control does not,
  /// nor does a lift outside.
  @Test func g81bAButtonSendsPrimaryActionTriggeredAfterTouchUpInside() {
    let button = Run(scene([v("buy", [100, 300, 190, 60], kind: .button)]), tap(195, 330))
    #expect(button.controlEvents("buy") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    #expect(Set(button.controlEventTimes("buy").dropFirst().map { $0.split(separator: "@")[1] }).count == 1)
    let custom = Run(scene([v("rate", [100, 300, 190, 60], kind: .control)]), tap(195, 330))
    #expect(custom.controlEvents("rate") == ["touchDown", "touchUpInside"])
    let outside = Run(
      scene([v("buy", [100, 300, 190, 60], kind: .button)]), [down(1, 195, 330, t: 0), up(1, t: 80, 195, 700)])
    #expect(!outside.controlEvents("buy").contains("primaryActionTriggered"))
  }

  /// I-LP2: a two-finger long press ends when either finger lifts, not at the last lift.
  @Test func ilp2AMultiFingerLongPressEndsAtTheFirstLift() {
    let s = scene([
      v("photo", [0, 100, 390, 600], recognizers: [g("press", .longPress) { $0.numberOfTouchesRequired = 2 }])
    ])
    let run = Run(
      s, [down(1, 100, 300, t: 0), down(2, 200, 300, t: 0), up(1, t: 700), up(2, t: 900)])
    #expect(run.states("press").prefix(2) == ["possible>began", "began>ended"], "\(run.states("press"))")
    #expect(run.actionTimes("press").last == "ended@700")
  }

  /// I-SW2: a swipe's location is where it began (the centroid of the start points), not where the
  /// touches are when it is recognized.
  @Test func isw2ASwipeReportsWhereItBegan() {
    let s = scene([v("pager", [0, 100, 390, 600], recognizers: [g("next", .swipe) { $0.direction = [.left] }])])
    let run = Run(s, drag(from: (300, 420), to: (100, 420), steps: 5, every: 16))
    #expect(run.fired("next"))
    #expect(run.actionValues("next").first?.location == Point(300, 420))
  }

  /// H-11: the scroll offset is the travel from touch-down less the 10 pt threshold: a 109 pt drag
  /// scrolls 99 pt, and each step after the start moves the content as far as the finger.
  @Test func h11TheOffsetIsTheWholeTravelLessTheThreshold() {
    let s = scene([
      v("list", [0, 100, 390, 600], kind: .scroll) { $0.scroll = ScrollSpec(contentSize: Size(390, 2000)) }
    ])
    for travel in [109.0, 60, 250, 31] {
      let run = Run(s, drag(from: (195, 500), to: (195, 500 - travel), steps: 8, every: 16))
      #expect(run.scrollOffsets.last == Point(0, travel - 10), "\(travel): \(run.scrollOffsets)")
      // No jump at the start: the first offset is under one step.
      #expect((run.scrollOffsets.first?.y ?? 99) < travel / 8 + 0.001, "\(run.scrollOffsets)")
    }
  }

  /// H-11: the threshold is taken off once, in the direction the drag began; after that the content
  /// follows every point of the finger's travel, back through where the drag began included (no dead zone
  /// of twice the threshold on the way back). Down 50 from offset 300 (offset 260), then back up 100:
  /// offset 360 (the travel, -50, less the threshold taken going down).
  @Test func h11AReversedDragFollowsTheFingerBackWithoutADeadZone() {
    let s = scene([
      v("list", [0, 100, 390, 600], kind: .scroll) {
        $0.scroll = ScrollSpec(contentSize: Size(390, 2000))
        $0.bounds.origin = Point(0, 300)
      }
    ])
    let run = Run(
      s,
      [
        down(1, 150, 300, t: 0), move(1, 150, 350, t: 50), move(1, 150, 305, t: 100), move(1, 150, 300, t: 150),
        move(1, 150, 295, t: 200), move(1, 150, 250, t: 250), up(1, t: 300),
      ])
    #expect(run.scrollOffsets == [Point(0, 260), Point(0, 305), Point(0, 310), Point(0, 315), Point(0, 360)])
  }
}
