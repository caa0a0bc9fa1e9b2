import Foundation
import Geometry
import Testing
import TouchSim

@testable import DeviceBridge
@testable import SceneFile

/// Rules C-12 to C-15 in a scene file: the steps that add and remove recognizers and views, read, written back
/// and checked with positioned errors.
@Suite("World-change steps")
struct WorldStepFileTests {
  static let scene = """
    format: touchscope/1
    root:
      id: root
      recognizers:
        - { id: tap, kind: tap }
      subviews:
        - id: card
          frame: [0, 0, 100, 100]
          subviews:
            - { id: badge, frame: [0, 0, 10, 10] }
        - { id: list, kind: scroll, frame: [0, 100, 100, 100] }

    """

  @Test func everyStepWithItsLine() throws {
    let s = try load(
      Self.scene + """
        script:
          - { t: 0, removeGestureRecognizer: tap }
          - { t: 1, addGestureRecognizer: tap, to: card }
          - { t: 2, removeFromSuperview: card }
          - { t: 3, addSubview: card, to: list }
        """)
    #expect(
      s.script == [
        ScriptStep(t: 0, .removeGestureRecognizer("tap"), line: 13),
        ScriptStep(t: 1, .addGestureRecognizer("tap", to: "card"), line: 14),
        ScriptStep(t: 2, .removeFromSuperview("card"), line: 15),
        ScriptStep(t: 3, .addSubview("card", to: "list"), line: 16),
      ])
    // Written back as the same steps.
    #expect(SceneYAMLWriter.step(s.script[1]) == "{ t: 1, addGestureRecognizer: tap, to: card }")
    #expect(SceneYAMLWriter.step(s.script[3]) == "{ t: 3, addSubview: card, to: list }")
    #expect(SceneYAMLWriter.step(s.script[2]) == "{ t: 2, removeFromSuperview: card }")
  }

  @Test func problemsArePositioned() {
    let text =
      Self.scene + """
        script:
          - { t: 0, removeFromSuperview: root }
          - { t: 1, addSubview: card, to: badge }
          - { t: 2, addGestureRecognizer: tap }
          - { t: 3, removeGestureRecognizer: list.pan }
          - { t: 4, removeFromSuperview: card, to: list }
          - { t: 5, addSubview: card, to: crad }
          - { t: 6, removeGestureRecognizer: card }
          - { t: 7, addSubview: root, to: card }
        """
    expectProblem(text, at: 13, 13, "the root view 'root' cannot be removed from the window")
    expectProblem(text, at: 14, 13, "'card' cannot be added to 'badge', a view inside it")
    expectProblem(text, at: 15, 5, "an 'addGestureRecognizer' step needs the view it adds to ('to: card')")
    expectProblem(text, at: 16, 13, "'list.pan' is a scroll view's own pan: it cannot be removed or moved")
    expectProblem(
      text, at: 17, 40, "'to' goes with addGestureRecognizer and addSubview only, not with 'removeFromSuperview'")
    expectProblem(text, at: 18, 35, "'to' names 'crad', but no view has that id (did you mean 'card'?)")
    expectProblem(text, at: 19, 38, "'removeGestureRecognizer' names 'card', which is a view, not a recognizer")
    expectProblem(text, at: 20, 13, "the root view 'root' cannot be added to another view")
  }
}

/// Rule A-13 in a scene file: `flags`, `when` and `mapsSuper`, read, written back and checked.
@Suite("Stateful hitTest overrides in files")
struct StatefulHitTestFileTests {
  static let scene = """
    format: touchscope/1
    root:
      id: root
      subviews:
        - id: bar
          frame: [0, 0, 100, 100]
          flags: { open: false }
          hitTestOverrides:
            - { rect: [0, 0, 10, 10], returns: self, when: open }
            - { rect: [0, 0, 100, 100], returns: knob, mapsSuper: true }
          subviews:
            - { id: knob, frame: [0, 0, 10, 10] }

    """

  @Test func readAndWrittenBack() throws {
    let s = try load(Self.scene + "script:\n  - { t: 0, set: { bar.flag.open: true } }\n")
    let bar = s.root.subviews[0]
    #expect(bar.flags == ["open": false])
    #expect(
      bar.hitTestOverrides == [
        HitTestOverride(rect: Rect(0, 0, 10, 10), returns: .this, when: "open"),
        HitTestOverride(rect: Rect(0, 0, 100, 100), returns: .view("knob"), mapsSuper: true),
      ])
    #expect(s.script.first?.action == .set([PropertyChange(target: "bar", key: "flag.open", value: .bool(true))]))
    #expect(
      SceneYAMLWriter.hitTestOverride(bar.hitTestOverrides[0]) == "{ rect: [0, 0, 10, 10], returns: self, when: open }")
    #expect(
      SceneYAMLWriter.hitTestOverride(bar.hitTestOverrides[1])
        == "{ rect: [0, 0, 100, 100], returns: knob, mapsSuper: true }")
  }

  @Test func problemsArePositioned() {
    let unknownFlag = Self.scene.replacingOccurrences(of: "when: open", with: "when: opne")
    expectProblem(
      unknownFlag, at: 9, 56,
      "'when' names the flag 'opne', but view 'bar' has no such flag in 'flags' (did you mean 'open'?)")
    let badSet = Self.scene + "script:\n  - { t: 0, set: { bar.flag.shut: true } }\n"
    expectProblem(badSet, at: 14, 20, "'set' cannot change the flag 'shut': view 'bar' has no such flag in 'flags'")
    let badValue = Self.scene + "script:\n  - { t: 0, set: { bar.flag.open: 3 } }\n"
    #expect(problems(badValue).contains { $0.contains("'flag.open' takes a bool") })
  }

  /// Export swift writes the flags, the rules in order (flag, whether super is called) and the script's flag
  /// changes as the UIKit code that makes them; a scene without them keeps the plain hitTest.
  @Test func exportedAsUIKitCode() throws {
    let s = try load(Self.scene + "script:\n  - { t: 5, set: { bar.flag.open: true } }\n")
    let swift = SwiftExporter.export(s)
    #expect(swift.contains("bar.overrides.flags = [\"open\": false]"))
    #expect(swift.contains("bar.overrides.hitTestRules = ["))
    #expect(swift.contains("(CGRect(x: 0, y: 0, width: 10, height: 10), \"open\", false, "))
    #expect(swift.contains("(CGRect(x: 0, y: 0, width: 100, height: 100), nil, true, "))
    #expect(swift.contains("return hit === view ? rule.3() : hit"))
    #expect(swift.contains("at 5 ms: set bar.overrides.flags[\"open\"] = true"))
    let plain = SwiftExporter.export(try load("format: touchscope/1\nroot: { id: root }\n"))
    #expect(!plain.contains("hitTestRules"))
  }
}
