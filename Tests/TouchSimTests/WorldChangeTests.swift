import TestSupport
import Testing
import TouchSim

/// Rules C-12 to C-15: recognizers and views added or removed while a finger is down.
@Suite struct WorldChangeTests {
  static let scene = TestSupport.scene([
    v("photo", [0, 100, 390, 200], recognizers: [g("drag", .pan)]),
    v("pad", [0, 350, 390, 100], recognizers: [g("slowTap", .tap) { $0.delaysTouchesBegan = true }]),
    v("toast", [0, 500, 390, 100], subviews: [v("undo", [200, 20, 100, 60], kind: .button)]),
    v("buy", [0, 650, 390, 100], kind: .button),
  ])
  static func remove(_ r: String, t: Double) -> ScriptStep { ScriptStep(t: t, .removeGestureRecognizer(r)) }
  static func add(_ r: String, to v: String, t: Double) -> ScriptStep {
    ScriptStep(t: t, .addGestureRecognizer(r, to: v))
  }

  /// C-12 / L26: a pan removed while changed is reset at once without an action; the rest of the drag reaches
  /// nobody, and the trace says which state it had.
  @Test func c11RemovingAnActiveRecognizerResetsItWithoutAnAction() {
    let script =
      drag(from: (50, 200), to: (110, 200), steps: 4, lift: false) + [Self.remove("drag", t: 70)]
      + [move(1, 200, 200, t: 90), up(1, t: 110)]
    let run = Run(Self.scene, script)
    #expect(run.actions("drag") == ["began", "changed", "changed", "changed"])
    #expect(!run.actions("drag").contains("cancelled"))
    #expect(
      run.events("removeGestureRecognizer").map(\.json) == [
        #"{"t":70,"ev":"removeGestureRecognizer","recognizer":"drag","view":"photo","state":"changed"}"#
      ])
    // Nothing after the removal: no feed, no state line, no delivery to the photo (its touch was cancelled
    // there when the pan began).
    let after = run.trace.filter { $0.t > 70 }
    #expect(!after.contains { if case .feed = $0.event { true } else { false } })
    #expect(!after.contains { if case .state = $0.event { true } else { false } })
    #expect(run.methods("photo") == ["touchesBegan", "touchesCancelled"])
    // The next drag on the photo has no recognizer at all.
    let next = Run(Self.scene, script + drag(from: (50, 200), to: (200, 200), t: 500))
    #expect(next.actions("drag").count == 4)
    #expect(next.methods("photo").suffix(3) == ["touchesMoved", "touchesMoved", "touchesEnded"])
  }

  /// C-12: a recognizer holding touchesBegan back (delaysTouchesBegan) lets it go the moment it is removed.
  @Test func c11RemovingAHoldingRecognizerReleasesTheView() {
    let run = Run(Self.scene, [down(1, 100, 400, t: 0), Self.remove("slowTap", t: 100), up(1, t: 200)])
    #expect(run.withheld("pad") == ["touchesBegan"])
    #expect(run.delivered("pad") == ["touchesBegan@100", "touchesEnded@200"])
    #expect(!run.fired("slowTap"))
    // Left alone, the tap recognizes and the pad never gets the touch.
    let kept = Run(Self.scene, [down(1, 100, 400, t: 0), up(1, t: 200)])
    #expect(kept.fired("slowTap"))
    #expect(kept.methods("pad").isEmpty)
  }

  /// C-13: a recognizer added while a finger is down is not given that touch, only the next one; added from
  /// another view, it leaves that one (C-9).
  @Test func c12AnAddedRecognizerDoesNotGetATouchAlreadyDown() {
    let script =
      [down(1, 100, 400, t: 0), Self.add("drag", to: "pad", t: 10)]
      + (1...5).map { move(1, 100 + Double($0) * 20, 400, t: 10 + Double($0) * 16) } + [up(1, t: 120)]
    let run = Run(Self.scene, script)
    #expect(run.actions("drag").isEmpty)
    #expect(
      run.events("addGestureRecognizer").map(\.json) == [
        #"{"t":10,"ev":"addGestureRecognizer","recognizer":"drag","view":"pad"}"#
      ])
    // It left the photo (no touch had it: the line still says so, with state possible).
    #expect(run.events("removeGestureRecognizer").count == 1)
    let next = Run(Self.scene, script + drag(from: (50, 400), to: (200, 400), t: 500))
    #expect(next.actions("drag").first == "began")
    let photo = Run(Self.scene, script + drag(from: (50, 200), to: (200, 200), t: 500))
    #expect(photo.actions("drag").isEmpty)
  }

  /// C-14: a button hidden while a finger is down on it keeps the touch and still sends touchUpInside; a new
  /// touch then misses it.
  @Test func c13AButtonHiddenMidTouchStillSendsTouchUpInside() {
    let run = Run(
      Self.scene,
      [down(1, 100, 700, t: 0), set("buy", "hidden", .bool(true), t: 40), up(1, t: 80)] + tap(100, 700, t: 300))
    #expect(run.controlEvents("buy") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    #expect(run.hit(1) == .some("buy"))
    #expect(
      run.trace.last { if case .hit = $0.event { true } else { false } }?.json.contains(#""view":"root""#) == true)
  }

  /// C-14: a button disabled while it tracks a finger keeps tracking it (UIControl's touches methods look
  /// at whether it tracks, not at isEnabled): the drag out and the lift send their events, nothing goes up
  /// the responder chain; a new touch passes through the disabled button (A-8).
  @Test func c14AButtonDisabledMidTouchKeepsTrackingIt() {
    let run = Run(
      Self.scene,
      [
        down(1, 100, 700, t: 0), set("buy", "enabled", .bool(false), t: 30), move(1, 100, 400, t: 40), up(1, t: 60),
      ] + tap(100, 700, t: 300))
    #expect(run.controlEvents("buy") == ["touchDown", "touchDragExit", "touchDragOutside", "touchUpOutside"])
    #expect(run.events("forward").filter { $0.json.contains(#""from":"buy""#) }.isEmpty)
    #expect(run.hit(1) == .some("buy"))
    #expect(
      run.trace.last { if case .hit = $0.event { true } else { false } }?.json.contains(#""view":"root""#) == true)
    // Lifted inside, it sends touchUpInside (its actions are sent whatever isEnabled says).
    let inside = Run(Self.scene, [down(1, 100, 700, t: 0), set("buy", "enabled", .bool(false), t: 30), up(1, t: 60)])
    #expect(inside.controlEvents("buy") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
  }

  /// C-15 / L27: removing a view cancels the touches down on it or inside it (a control sends touchCancel), and
  /// the view leaves the window: later moves and the lift reach nobody, a new touch misses it.
  @Test func c14RemovingAViewCancelsItsTouches() {
    let run = Run(
      Self.scene,
      [
        down(1, 250, 550, t: 0), ScriptStep(t: 50, .removeFromSuperview("toast")), move(1, 260, 550, t: 70),
        up(1, t: 90),
      ]
        + tap(250, 550, t: 300))
    #expect(
      run.events("removeFromSuperview").map(\.json) == [
        #"{"t":50,"ev":"removeFromSuperview","view":"toast","superview":"root","cancels":[1]}"#
      ])
    #expect(run.delivered("undo") == ["touchesBegan@0", "touchesCancelled@50"])
    #expect(run.controlEvents("undo") == ["touchDown", "touchCancel"])
    #expect(run.events("input").filter { $0.t == 50 }.map(\.json).first?.contains(#""phase":"cancelled""#) == true)
    #expect(run.events("input").filter { $0.t > 50 && $0.t < 300 }.isEmpty)
    // The tap afterwards hits the root view: the toast is out of the window (its two visits are the first
    // touch's).
    #expect(run.visits.filter { $0.hasPrefix("toast") || $0.hasPrefix("undo") }.count == 2)
    #expect(run.hit(1) == .some("undo"))
  }

  /// C-15: addSubview puts a removed view back, in front of its new siblings; a view moved within the window
  /// keeps its touch.
  @Test func c14AddSubviewPutsTheViewBack() {
    let back = Run(
      Self.scene,
      [ScriptStep(t: 0, .removeFromSuperview("toast")), ScriptStep(t: 10, .addSubview("toast", to: "root"))]
        + tap(250, 550, t: 100))
    #expect(back.controlEvents("undo") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    #expect(back.events("addSubview").map(\.json) == [#"{"t":10,"ev":"addSubview","view":"toast","superview":"root"}"#])
    // Moved into the photo while the finger is down on Undo: no cancellation, the tap completes.
    let moved = Run(
      Self.scene,
      [down(1, 250, 550, t: 0), ScriptStep(t: 40, .addSubview("toast", to: "photo")), up(1, t: 80)])
    #expect(moved.controlEvents("undo").first == "touchDown")
    #expect(!moved.controlEvents("undo").contains("touchCancel"))
    #expect(moved.events("removeFromSuperview").isEmpty)
    // The root view, and a view added into itself, are left alone.
    let refused = Run(
      Self.scene, [ScriptStep(t: 0, .removeFromSuperview("root")), ScriptStep(t: 1, .addSubview("toast", to: "undo"))])
    #expect(refused.trace.isEmpty)
  }
}
