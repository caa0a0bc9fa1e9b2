import Geometry
import TestSupport
import Testing
import TouchSim

/// Rule C-11: UIApplication.sendEvent, then UIWindow.sendEvent, then the recognizers and the views; an
/// override that does not call super stops the event.
@Suite struct SendEventTests {
  /// A button and a tappable photo.
  static func app(_ configure: (inout Scene) -> Void = { _ in }) -> Scene {
    scene([
      v("buy", [100, 300, 100, 50], kind: .button),
      v("photo", [0, 500, 390, 300], recognizers: [g("tap", .tap)]),
    ]) { configure(&$0) }
  }

  static func sendEvents(_ run: Run) -> [String] {
    run.trace.compactMap {
      if case .sendEvent(let by, let touches, let callsSuper) = $0.event {
        return "\(by) \(touches) \(callsSuper ? "super" : "swallowed")@\(Int($0.t))"
      }
      return nil
    }
  }

  /// No override: no sendEvent lines at all (the traces of other scenes are unchanged).
  @Test func noOverrideWritesNoSendEventLines() {
    #expect(Self.sendEvents(Run(Self.app(), tap(150, 320))).isEmpty)
  }

  /// Overrides that call super: each event names both steps, and nothing else changes.
  @Test func overridesThatCallSuperOnlyAddTheirSteps() {
    let plain = Run(Self.app(), tap(150, 320))
    let logged = Run(Self.app { $0.responders.application.sendEvent = .always(true) }, tap(150, 320))
    #expect(
      Self.sendEvents(logged) == [
        "application [1] super@0", "window [1] super@0", "application [1] super@80", "window [1] super@80",
      ])
    #expect(logged.lines.filter { !$0.contains("\"sendEvent\"") } == plain.lines)
    #expect(logged.controlEvents("buy") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    // The steps come after the touch's hit and recognizers and before anything hears of it.
    let kinds = logged.trace.filter { $0.t == 0 }.map(\.event.kind)
    #expect(kinds.firstIndex(of: "sendEvent")! > kinds.firstIndex(of: "attach")!)
    #expect(kinds.lastIndex(of: "sendEvent")! < kinds.firstIndex(of: "deliver")!)
  }

  /// An application that never calls super: the touch is hit-tested, then nobody gets anything.
  @Test func anApplicationThatDoesNotCallSuperSwallowsTheTouch() {
    let run = Run(
      Self.app { $0.responders.application.sendEvent = .always(false) }, tap(150, 320) + tap(200, 600, t: 300))
    #expect(run.hit(1) == .some("buy"))
    #expect(run.controlEvents("buy").isEmpty)
    #expect(run.methods("buy").isEmpty)
    #expect(run.actions("tap").isEmpty)
    #expect(!run.trace.contains { $0.event.kind == "feed" || $0.event.kind == "attach" })
    // The window's step never comes: the application stopped the event.
    #expect(
      Self.sendEvents(run) == [
        "application [1] swallowed@0", "application [1] swallowed@80", "application [1] swallowed@300",
        "application [1] swallowed@380",
      ])
    let drops = run.trace.compactMap { e -> String? in
      if case .drop(let view, .touchesBegan, _, let reason) = e.event { return "\(view ?? "nil"): \(reason.text)" }
      return nil
    }
    #expect(drops == ["buy: sendEvent of application without super", "photo: sendEvent of application without super"])
  }

  /// A window that calls super only for touches that begin in its shape (the top half): a tap there works,
  /// a tap below is swallowed at the window, after the application passed it on.
  @Test func aWindowSwallowsOnlyOutsideItsShape() {
    let s = Self.app { $0.responders.window.sendEvent = .within(.rects([Rect(0, 0, 390, 422)])) }
    let run = Run(s, tap(150, 320) + tap(200, 600, t: 300))
    #expect(run.controlEvents("buy") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    #expect(run.actions("tap").isEmpty)
    #expect(
      Self.sendEvents(run) == [
        "application [1] super@0", "window [1] super@0", "application [1] super@80", "window [1] super@80",
        "application [1] super@300", "window [1] swallowed@300", "application [1] super@380",
        "window [1] swallowed@380",
      ])
  }

  /// Two fingers in one event, one swallowed by the window's shape: each step lists the touches it passes
  /// or swallows, and the passed finger is delivered as usual.
  @Test func aMixedEventListsEachFingerOnce() {
    let s = Self.app { $0.responders.window.sendEvent = .within(.rects([Rect(0, 0, 390, 422)])) }
    let run = Run(s, [down(1, 150, 320, t: 0), down(2, 200, 600, t: 0), up(1, t: 80), up(2, t: 80)])
    #expect(
      Array(Self.sendEvents(run).prefix(3)) == [
        "application [1, 2] super@0", "window [1] super@0", "window [2] swallowed@0",
      ])
    #expect(run.controlEvents("buy").first == "touchDown")
    #expect(run.actions("tap").isEmpty)
  }

  @Test func traceLine() {
    let run = Run(Self.app { $0.responders.application.sendEvent = .always(false) }, tap(150, 320))
    #expect(run.lines.contains(#"{"t":0,"ev":"sendEvent","by":"application","touches":[1],"callsSuper":false}"#))
    #expect(
      run.lines.contains(
        #"{"t":0,"ev":"drop","view":"buy","method":"touchesBegan","touches":[1],"reason":"sendEvent of application without super"}"#
      ))
  }
}
