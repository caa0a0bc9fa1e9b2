import Geometry
import TestSupport
import Testing
import TouchSim

@testable import DeviceBridge
@testable import SceneFile

/// Rules B-7, B-7a, C-11 in scene files: `actions`, `implements`, `controllerImplements`, `firstResponder`
/// and `responders` read, checked where written, written back and exported as UIKit code.
@Suite struct ActionSceneFileTests {
  static func text(_ top: String = "", _ subviews: String) -> String {
    "format: touchscope/1\n\(top)root:\n  id: root\n  controller: rootVC\n  subviews:\n" + subviews
  }
  static let button = "    - { id: b, kind: button, frame: [0, 0, 90, 40], actions: [ACTION] }\n"
  static func withAction(_ action: String, top: String = "", more: String = "") -> String {
    text(top, button.replacingOccurrences(of: "ACTION", with: action) + more)
  }

  @Test func theKeysAreRead() throws {
    let yaml = Self.withAction(
      #"{ event: touchUpInside, action: "save:" }, { event: valueChanged, action: "log:", target: card }"#,
      top: """
        firstResponder: card
        responders:
          window: { implements: ["close:"], sendEvent: { rects: [[0, 0, 100, 100]] } }
          application: { sendEvent: false }
          appDelegate: { implements: ["showHelp:"] }

        """,
      more:
        #"    - { id: card, frame: [0, 50, 90, 90], implements: ["log:"], controller: cardVC, controllerImplements: ["save:"] }"#
        + "\n")
    let s = try SceneLoader.parse(yaml, file: "t.yaml")
    let b = s.root.subviews[0]
    #expect(
      b.actions == [
        ControlAction(event: .touchUpInside, action: "save:"),
        ControlAction(event: .valueChanged, action: "log:", target: "card"),
      ])
    #expect(s.root.subviews[1].implements == ["log:"] && s.root.subviews[1].controllerImplements == ["save:"])
    #expect(s.firstResponder == "card")
    #expect(
      s.responders.window
        == FixedResponderSpec(implements: ["close:"], sendEvent: .within(.rects([Rect(0, 0, 100, 100)]))))
    #expect(s.responders.application.sendEvent == .always(false))
    #expect(s.responders.appDelegate.implements == ["showHelp:"])
    // Written back and read again: the same scene.
    let again = try SceneLoader.parse(SceneYAMLWriter.document(s), file: "t.yaml")
    #expect(again == s)
  }

  @Test func mistakesAreReportedWhereWritten() {
    // A target that does not implement the action, at the target.
    let notImplemented = problem(Self.withAction(#"{ event: touchUpInside, action: "save:", target: rootVC }"#))
    #expect(notImplemented?.contains("does not implement 'save:'") == true, "\(notImplemented ?? "")")
    #expect(notImplemented?.contains("unrecognized selector") == true)
    #expect(
      problem(Self.withAction(#"{ event: touchUpInside, action: "save:", target: nowhere }"#))?.contains(
        "no view, view controller, window, application or appDelegate") == true)
    #expect(
      problem(Self.withAction(#"{ event: touchUpInside, action: "save me" }"#))?.contains("action selector") == true)
    #expect(problem(Self.withAction(#"{ event: tapped, action: "save:" }"#))?.contains("unknown control event") == true)
    #expect(problem(Self.withAction(#"{ event: touchUpInside }"#))?.contains("needs an 'action'") == true)
    #expect(
      problem(Self.text("", "    - { id: v, frame: [0, 0, 9, 9], actions: [] }\n"))?.contains("controls only") == true)
    #expect(
      problem(Self.text("", #"    - { id: v, frame: [0, 0, 9, 9], controllerImplements: ["a:"] }"# + "\n"))?.contains(
        "needs a 'controller'") == true)
    #expect(
      problem(Self.text("", #"    - { id: v, frame: [0, 0, 9, 9], implements: ["a:", "a:"] }"# + "\n"))?.contains(
        "twice") == true)
    #expect(
      problem(Self.text("firstResponder: rootVC\n", "    - { id: v, frame: [0, 0, 9, 9] }\n"))?.contains(
        "no view has that id") == true)
    #expect(
      problem(Self.text("responders: { appDelegate: { sendEvent: true } }\n", "    - { id: v, frame: [0, 0, 9, 9] }\n"))
        != nil)
    #expect(
      problem(Self.text("responders: { window: { sendEvent: 3 } }\n", "    - { id: v, frame: [0, 0, 9, 9] }\n"))?
        .contains("'sendEvent' takes true") == true)
    // The position is the target's.
    let positioned = problems(Self.withAction(#"{ event: touchUpInside, action: "save:", target: rootVC }"#))
    #expect(positioned.first?.hasPrefix("6:") == true, "\(positioned)")
  }

  @Test func exportSwiftWritesTheUIKitCode() throws {
    let yaml = Self.withAction(
      #"{ event: touchUpInside, action: "save:" }, { event: touchUpInside, action: "save:", target: rootVC }"#,
      top: """
        firstResponder: card
        responders:
          window: { sendEvent: { rects: [[0, 0, 100, 100]] } }
          application: { sendEvent: true, implements: ["save:"] }

        """,
      more: #"    - { id: card, frame: [0, 50, 90, 90], implements: ["save:"] }"# + "\n"
    ).replacingOccurrences(
      of: "  controller: rootVC\n", with: "  controller: rootVC\n  controllerImplements: [\"save:\"]\n")
    let swift = SwiftExporter.export(try SceneLoader.parse(yaml, file: "t.yaml"))
    for line in [
      #"b.addTarget(nil, action: NSSelectorFromString("save:"), for: .touchUpInside)"#,
      #"b.addTarget(self, action: NSSelectorFromString("save:"), for: .touchUpInside)"#,
      #"card.overrides.actionsImplemented = ["save:"]"#, "card.overrides.canBecomeFirstResponder = true",
      "card.becomeFirstResponder()", #"var actionsImplemented: Set<String> = ["save:"]"#,
      "override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool",
      #"@objc(save:) func sceneAction1(_ sender: Any?) { TouchLog.perform(overrides.id, "save:", sender: sender) }"#,
      "final class SceneWindow: UIWindow", "final class SceneApplication: UIApplication",
      #"TouchLog.sendEvent(by: "application", event, callsSuper: true)"#, "if callsSuper { super.sendEvent(event) }",
      #"static let all: Set<String> = ["save:"]"#,
    ] {
      #expect(swift.contains(line), "no '\(line)'")
    }
    // A scene without any of it writes none of it.
    let plain = SwiftExporter.export(scene([v("b", [0, 0, 9, 9], kind: .button)]))
    #expect(!plain.contains("canPerformAction") && !plain.contains("SceneActions") && !plain.contains("sendEvent"))
  }

  /// A device logs `perform` for what its responders run; a dropped action logs nothing; the log reads back.
  @Test func theDeviceLogHasThePerformedActions() throws {
    let yaml = Self.withAction(
      #"{ event: touchUpInside, action: "save:" }, { event: touchUpInside, action: "undo:" }"#
    ).replacingOccurrences(
      of: "  controller: rootVC\n", with: "  controller: rootVC\n  controllerImplements: [\"save:\"]\n")
    var s = try SceneLoader.parse(yaml, file: "t.yaml")
    s.script = tap(40, 20)
    let expected = DeviceLog.expected(Engine.replay(s), scene: s)
    let performs = expected.filter { if case .perform = $0.kind { true } else { false } }
    #expect(performs.map(\.kind) == [.perform(responder: "rootVC", action: "save:")])
    #expect(performs.first?.json == #"{"t":80,"ev":"perform","responder":"rootVC","action":"save:"}"#)
    let device = DeviceLog.parse(
      DeviceLog.text(expected) + #"{"t":80,"ev":"perform","responder":"b","action":"undo:","sender":"b"}"# + "\n")
    let c = DeviceLogComparison(replay: expected, device: device)
    #expect(c.differences.map(\.text) == ["only on the device, line \(device.count) at 80 ms: `b` performs undo:"])
  }
}
