import Testing
import TouchSim

@testable import SceneFile

/// C-10: the `beginIgnoringInteractionEvents` / `endIgnoringInteractionEvents` script steps (extension).
@Suite struct IgnoringInteractionScriptTests {
  @Test func stepsAreReadWithTheirLinesAndWrittenBack() throws {
    let s = try load(
      ScriptTests.scene + """
        script:
          - { t: 0, beginIgnoringInteractionEvents: true }
          - { t: 10, beginIgnoringInteractionEvents: true }
          - { t: 20, endIgnoringInteractionEvents: true }
          - { t: 30, endIgnoringInteractionEvents: true }
        """)
    #expect(
      s.script == [
        ScriptStep(t: 0, .beginIgnoringInteractionEvents, line: 12),
        ScriptStep(t: 10, .beginIgnoringInteractionEvents, line: 13),
        ScriptStep(t: 20, .endIgnoringInteractionEvents, line: 14),
        ScriptStep(t: 30, .endIgnoringInteractionEvents, line: 15),
      ])
    #expect(SceneYAMLWriter.step(s.script[0]) == "{ t: 0, beginIgnoringInteractionEvents: true }")
    #expect(SceneYAMLWriter.step(s.script[2]) == "{ t: 20, endIgnoringInteractionEvents: true }")
    let again = try load(SceneYAMLWriter.document(s))
    #expect(again.script.map(\.action) == s.script.map(\.action))
  }

  /// C-10: an end with no begin before it to match is an error at its position (UIKit keeps a counter).
  @Test func unmatchedEndIsAnErrorAtItsPosition() {
    let text =
      ScriptTests.scene + """
        script:
          - { t: 0, beginIgnoringInteractionEvents: true }
          - { t: 10, endIgnoringInteractionEvents: true }
          - { t: 20, endIgnoringInteractionEvents: true }
          - { t: 30, beginIgnoringInteractionEvents: false }
        """
    expectProblem(
      text, at: 14, 14, "'endIgnoringInteractionEvents' has no 'beginIgnoringInteractionEvents' before it to end")
    expectProblem(text, at: 15, 46, "'beginIgnoringInteractionEvents' takes true, not false")
    #expect(problems(text).count == 2)
    // A begin left open is allowed: the app keeps ignoring to the end.
    #expect(problems(ScriptTests.scene + "script:\n  - { t: 0, beginIgnoringInteractionEvents: true }\n").isEmpty)
    expectProblem(
      ScriptTests.scene + "script:\n  - { t: 0, touch: 1, endIgnoringInteractionEvents: true }\n", at: 12, 13,
      "'touch' goes with down, move, up and cancel only")
  }
}
