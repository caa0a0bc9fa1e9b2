import TestSupport
import Testing
import TouchSim

/// Rules B-7 and B-7a: a control's actions, targeted or searched for along the responder chain.
@Suite struct ActionTests {
  /// A form controller's view holding a card holding a Save button; the card and the controller may
  /// implement `save:`.
  static func form(
    cardImplements: [String] = [], controllerImplements: [String] = [], actions: [ControlAction],
    _ configure: (inout Scene) -> Void = { _ in }
  ) -> Scene {
    let button = v("save", [20, 20, 100, 44], kind: .button) { $0.actions = actions }
    let field = v("field", [20, 100, 200, 44])
    let card = v("card", [0, 0, 300, 300], subviews: [button, field]) { $0.implements = cardImplements }
    let form = v("form", [40, 100, 300, 400], subviews: [card]) {
      $0.controller = "formVC"
      $0.controllerImplements = controllerImplements
    }
    return scene([form], configure)
  }

  /// The `sendAction`, `canPerform` and `perform` lines, in short words.
  static func steps(_ run: Run) -> [String] {
    run.trace.compactMap { e -> String? in
      switch e.event {
      case .sendAction(let c, let event, let action, let target, let from):
        return
          "send \(c) \(event.rawValue) \(action) to \(target?.description ?? "nil") from \(from?.description ?? "-")"
      case .canPerform(let r, _, let answer): return "ask \(r) \(answer)"
      case .perform(let r, let action, _): return "perform \(action) by \(r?.description ?? "nobody")"
      default: return nil
      }
    }
  }

  /// B-7a: with no first responder the search starts at the sender and walks up: the button and the card
  /// answer NO, the controller implements it.
  @Test func aNilTargetedActionWalksFromTheSenderToTheFirstThatImplementsIt() {
    let s = Self.form(controllerImplements: ["save:"], actions: [ControlAction(event: .touchUpInside, action: "save:")])
    let run = Run(s, tap(130, 150))
    #expect(
      Self.steps(run) == [
        "send save touchUpInside save: to nil from save", "ask save false", "ask card false", "ask form false",
        "ask formVC true", "perform save: by formVC",
      ])
    // The lines come right after the control event that sends them.
    let control = run.trace.firstIndex { if case .control(_, .touchUpInside, _, _) = $0.event { true } else { false } }
    let send = run.trace.firstIndex { $0.event.kind == "sendAction" }
    #expect(control.map { $0 + 1 } == send)
  }

  /// B-7a: the nearest responder that implements it wins: the card, before the controller.
  @Test func theNearestImplementerPerformsIt() {
    let s = Self.form(
      cardImplements: ["save:"], controllerImplements: ["save:"],
      actions: [ControlAction(event: .touchUpInside, action: "save:")])
    #expect(Self.steps(Run(s, tap(130, 150))).last == "perform save: by card")
  }

  /// B-7a: a first responder (a text field being edited) is where the search starts, not the sender.
  @Test func theSearchStartsAtTheFirstResponder() {
    let s = Self.form(
      controllerImplements: ["save:"], actions: [ControlAction(event: .touchUpInside, action: "save:")]
    ) { $0.firstResponder = "field" }
    #expect(
      Self.steps(Run(s, tap(130, 150))) == [
        "send save touchUpInside save: to nil from field", "ask field false", "ask card false", "ask form false",
        "ask formVC true", "perform save: by formVC",
      ])
  }

  /// B-7a, B-3: nothing implements it: every responder up to the app delegate is asked, then it is dropped.
  @Test func anActionNobodyImplementsIsDropped() {
    let s = Self.form(actions: [ControlAction(event: .touchUpInside, action: "save:")])
    let steps = Self.steps(Run(s, tap(130, 150)))
    #expect(
      steps.suffix(4) == [
        "ask window false", "ask application false", "ask appDelegate false", "perform save: by nobody",
      ])
    // Without the app delegate in the chain, the application is the last asked.
    var noDelegate = s
    noDelegate.appDelegateIsResponder = false
    #expect(
      Self.steps(Run(noDelegate, tap(130, 150))).suffix(2) == ["ask application false", "perform save: by nobody"])
  }

  /// B-7a: the window, the application and the app delegate implement actions too.
  @Test func theApplicationCanPerformIt() {
    let s = Self.form(actions: [ControlAction(event: .touchUpInside, action: "save:")]) {
      $0.responders.application.implements = ["save:"]
    }
    #expect(Self.steps(Run(s, tap(130, 150))).suffix(2) == ["ask application true", "perform save: by application"])
  }

  /// B-7: a targeted action goes straight to its target: no search, no canPerform.
  @Test func aTargetedActionGoesStraightToItsTarget() {
    let s = Self.form(
      controllerImplements: ["save:"],
      actions: [ControlAction(event: .touchUpInside, action: "save:", target: "formVC")]
    )
    #expect(
      Self.steps(Run(s, tap(130, 150))) == [
        "send save touchUpInside save: to formVC from -", "perform save: by formVC",
      ])
  }

  /// B-7: several actions for one event are sent in the order added; other events send nothing.
  @Test func actionsAreSentInTheOrderAdded() {
    let s = Self.form(
      cardImplements: ["log:"], controllerImplements: ["save:"],
      actions: [
        ControlAction(event: .touchDown, action: "log:"), ControlAction(event: .touchUpInside, action: "save:"),
        ControlAction(event: .touchUpInside, action: "log:"),
      ])
    let performed = Self.steps(Run(s, tap(130, 150))).filter { $0.hasPrefix("perform") }
    #expect(performed == ["perform log: by card", "perform save: by formVC", "perform log: by card"])
    // A drag out and a lift outside: touchUpOutside, so only the touchDown action.
    let outside = Run(s, [down(1, 130, 150, t: 0), up(1, t: 50, 130, 700)])
    #expect(Self.steps(outside).filter { $0.hasPrefix("perform") } == ["perform log: by card"])
  }

  /// The trace lines as TRACE-EXTENSIONS writes them.
  @Test func traceLines() {
    let s = Self.form(controllerImplements: ["save:"], actions: [ControlAction(event: .touchUpInside, action: "save:")])
    let lines = Run(s, tap(130, 150)).lines.filter {
      $0.contains("\"sendAction\"") || $0.contains("\"canPerform\"") || $0.contains("\"perform\"")
    }
    #expect(
      lines.first
        == #"{"t":80,"ev":"sendAction","control":"save","event":"touchUpInside","action":"save:","target":null,"from":"save"}"#
    )
    #expect(
      lines.dropFirst().first == #"{"t":80,"ev":"canPerform","responder":"save","action":"save:","answer":false}"#)
    #expect(lines.last == #"{"t":80,"ev":"perform","responder":"formVC","action":"save:","sender":"save"}"#)
  }
}
