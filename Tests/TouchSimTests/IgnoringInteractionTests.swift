import TestSupport
import Testing
import TouchSim

/// Rule C-10: while the app ignores interaction events, a touch-down is hit-tested but never dispatched.
@Suite struct IgnoringInteractionTests {
  static let scene = TestSupport.scene([
    v("card", [0, 100, 390, 300], recognizers: [g("cardTap", .tap), g("cardPan", .pan)]),
    v("buy", [0, 500, 390, 100], kind: .button),
  ])
  static func begin(_ t: Double) -> ScriptStep { ScriptStep(t: t, .beginIgnoringInteractionEvents) }
  static func end(_ t: Double) -> ScriptStep { ScriptStep(t: t, .endIgnoringInteractionEvents) }

  /// C-10: a touch that begins while ignoring is hit-tested, then dropped: no attach, no feed, no delivery, even
  /// though ignoring ends before it lifts.
  @Test func touchBeganWhileIgnoringIsNeverDeliveredEvenAfterIgnoringEnds() {
    let run = Run(
      Self.scene, [Self.begin(0), down(1, 100, 550, t: 10), Self.end(40), move(1, 110, 550, t: 60), up(1, t: 80)])
    #expect(run.hit() == "buy")
    #expect(!run.visits.isEmpty)
    #expect(run.methods("buy").isEmpty)
    #expect(run.controlEvents("buy").isEmpty)
    #expect(run.events("attach").isEmpty)
    #expect(run.events("feed").isEmpty)
    #expect(run.drops("buy") == ["ignoringInteractionEvents"])
    #expect(run.events("drop").count == 1)
    #expect(run.events("input").count == 3)
    #expect(
      run.events("ignoring").map(\.json) == [
        #"{"t":0,"ev":"ignoring","on":true,"count":1}"#, #"{"t":40,"ev":"ignoring","on":false,"count":0}"#,
      ])
    // The same tap once ignoring has ended is delivered and fires.
    let after = Run(Self.scene, [Self.begin(0), Self.end(40)] + tap(100, 550, t: 100))
    #expect(after.controlEvents("buy") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
  }

  /// C-10: recognizers never get a touch that began while ignoring, whatever it does.
  /// C-10: an ignored touch lifting in the same event as a delivered one: the delivered one still gets its
  /// touchesEnded (the ignored one is forgotten only once the event is done).
  @Test func anIgnoredTouchLiftingWithADeliveredOneLeavesItsEnd() {
    let run = Run(
      Self.scene,
      [down(1, 100, 550, t: 0), Self.begin(10), down(2, 100, 200, t: 20), Self.end(30), up(1, t: 80), up(2, t: 80)])
    #expect(run.methods("buy") == ["touchesBegan", "touchesEnded"])
    #expect(run.controlEvents("buy").contains("touchUpInside"))
    #expect(run.methods("card").isEmpty)
  }

  @Test func recognizersNeverGetAnIgnoredTouch() {
    let run = Run(
      Self.scene,
      [Self.begin(0)] + tap(100, 200, t: 10) + drag(from: (50, 200), to: (300, 200), t: 200)
        + [Self.end(400)])
    #expect(run.events("feed").isEmpty)
    #expect(run.states("cardTap").isEmpty)
    #expect(run.states("cardPan").isEmpty)
    #expect(run.methods("card").isEmpty)
    #expect(run.drops("card") == ["ignoringInteractionEvents", "ignoringInteractionEvents"])
    // Without ignoring, the same input reaches both.
    let plain = Run(Self.scene, tap(100, 200, t: 10) + drag(from: (50, 200), to: (300, 200), t: 200))
    #expect(plain.fired("cardTap"))
    #expect(plain.fired("cardPan"))
  }

  /// C-10 (docs/MODEL.md, L): a touch that began before ignoring goes on as usual, to its recognizers and its
  /// view, while a touch that begins meanwhile is dropped and takes no part in its events.
  @Test func touchBeganBeforeIgnoringIsDelivered() {
    let run = Run(
      Self.scene,
      [down(1, 100, 550, t: 0), Self.begin(20), down(2, 100, 200, t: 30), up(2, t: 50), up(1, t: 60), Self.end(100)])
    #expect(run.controlEvents("buy") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    #expect(run.methods("buy") == ["touchesBegan", "touchesEnded"])
    #expect(run.drops("card") == ["ignoringInteractionEvents"])
    #expect(run.events("feed").isEmpty)
    // Touch 1 stays still in no event of touch 2: touch 2's events are not dispatched at all.
    let stationary = run.trace.filter {
      if case .input(_, .stationary, _, _) = $0.event { return true }
      return false
    }
    #expect(stationary.isEmpty)
    let tapBefore = Run(Self.scene, [down(1, 100, 200, t: 0), Self.begin(20), up(1, t: 60)])
    #expect(tapBefore.fired("cardTap"))
  }

  /// C-10: UIKit counts the calls; ignoring lasts until every begin has its end, and an end with nothing to end
  /// changes nothing (and writes nothing).
  @Test func callsNestAndAnUnmatchedEndIsIgnored() {
    let nested = Run(
      Self.scene, [Self.begin(0), Self.begin(10), Self.end(20)] + tap(100, 550, t: 30) + [Self.end(200)])
    #expect(nested.drops("buy") == ["ignoringInteractionEvents"])
    #expect(
      nested.events("ignoring").map(\.json) == [
        #"{"t":0,"ev":"ignoring","on":true,"count":1}"#, #"{"t":10,"ev":"ignoring","on":true,"count":2}"#,
        #"{"t":20,"ev":"ignoring","on":true,"count":1}"#, #"{"t":200,"ev":"ignoring","on":false,"count":0}"#,
      ])
    let unmatched = Run(Self.scene, [Self.end(0)] + tap(100, 550, t: 30))
    #expect(unmatched.events("ignoring").isEmpty)
    #expect(unmatched.controlEvents("buy").first == "touchDown")
    let engine = Engine(scene: Self.scene)
    engine.perform([Self.begin(0)])
    #expect(engine.isIgnoringInteractionEvents)
    engine.perform([Self.end(10)])
    #expect(!engine.isIgnoringInteractionEvents)
  }

  /// C-10: a touch that hits nothing while ignoring is dropped with no view, and a touch dropped while ignoring
  /// does not count towards the next tap's tapCount (docs/MODEL.md, L).
  @Test func droppedTouchWithNoViewAndTapCount() {
    var s = Self.scene
    s.root.userInteractionEnabled = false
    let nothing = Run(s, [Self.begin(0)] + tap(100, 550, t: 10))
    #expect(
      nothing.events("drop").map(\.json) == [
        #"{"t":10,"ev":"drop","view":null,"method":"touchesBegan","touches":[1],"reason":"ignoringInteractionEvents"}"#
      ])
    let run = Run(Self.scene, [Self.begin(0)] + tap(100, 550, t: 10) + [Self.end(100)] + tap(100, 550, t: 150))
    let counts = run.trace.compactMap { e -> Int? in
      if case .input(_, .began, _, let c) = e.event { return c }
      return nil
    }
    #expect(counts == [1, 1])
  }
}
