import Foundation
import Geometry
import Testing
import TouchSim

@testable import SceneFile

@Suite("Script steps")
struct ScriptTests {
  static let scene = """
    format: touchscope/1
    root:
      id: root
      recognizers:
        - { id: tap, kind: tap }
        - { id: press, kind: longPress }
      subviews:
        - { id: card, frame: [0, 0, 100, 100] }
        - { id: list, kind: scroll, frame: [0, 100, 100, 100] }
        - { id: sw, kind: switch, frame: [0, 200, 50, 30] }

    """

  @Test func everyActionWithItsLine() throws {
    let s = try load(
      ScriptTests.scene + """
        script:
          - { t: 0,   touch: 1, down: [195, 330] }
          - { t: 0,   touch: 2, down: [10, 20] }
          - { t: 40,  touch: 1, move: [205, 331.5] }
          - { t: 80,  touch: 1, up: true }
          - { t: 80,  touch: 2, up: [12, 22] }
          - { t: 85,  touch: 3, down: [1, 1] }
          - { t: 90,  touch: 3, cancel: true }
          - { t: 95,  set: { tap.isEnabled: false, card.hidden: true } }
          - { t: 96,  bringToFront: card }
          - { t: 97,  sendToBack: list }
          - { t: 1000, end: true }
        """)
    #expect(
      s.script == [
        ScriptStep(t: 0, .down(touch: 1, at: Point(195, 330)), line: 12),
        ScriptStep(t: 0, .down(touch: 2, at: Point(10, 20)), line: 13),
        ScriptStep(t: 40, .move(touch: 1, to: Point(205, 331.5)), line: 14),
        ScriptStep(t: 80, .up(touch: 1, at: nil), line: 15),
        ScriptStep(t: 80, .up(touch: 2, at: Point(12, 22)), line: 16),
        ScriptStep(t: 85, .down(touch: 3, at: Point(1, 1)), line: 17),
        ScriptStep(t: 90, .cancel(touch: 3), line: 18),
        ScriptStep(
          t: 95,
          .set([
            PropertyChange(target: "tap", key: "isEnabled", value: .bool(false)),
            PropertyChange(target: "card", key: "hidden", value: .bool(true)),
          ]), line: 19),
        ScriptStep(t: 96, .bringToFront("card"), line: 20),
        ScriptStep(t: 97, .sendToBack("list"), line: 21),
        ScriptStep(t: 1000, .end, line: 22),
      ])
  }

  @Test func blockStyleStepsRecordTheirFirstLine() throws {
    let s = try load(
      ScriptTests.scene + """
        script:
          - t: 0
            touch: 1
            down: [1, 2]
          -
            t: 10
            touch: 1
            up: true
        """)
    // A step records the line of its mapping: for `-` alone on a line, the line of its first key.
    #expect(s.script.map(\.line) == [12, 16])
  }

  @Test func setKeysSplitAtTheLongestKnownId() throws {
    let s = try load(
      ScriptTests.scene + """
        script:
          - t: 10
            set:
              tap.delegate.shouldBegin: false
              list.pan.isEnabled: false
              list.contentOffset: [0, 40]
              press.requireToFail: [tap]
              tap.delegate.shouldRecognizeSimultaneouslyWith: all
              sw.value: true
              card.text: 42
              card.alpha: 0.5
        """)
    guard case .set(let changes) = s.script[0].action else {
      Issue.record("not a set step")
      return
    }
    #expect(
      changes == [
        PropertyChange(target: "tap", key: "delegate.shouldBegin", value: .bool(false)),
        PropertyChange(target: "list.pan", key: "isEnabled", value: .bool(false)),
        PropertyChange(target: "list", key: "contentOffset", value: .list([.number(0), .number(40)])),
        PropertyChange(target: "press", key: "requireToFail", value: .list([.string("tap")])),
        PropertyChange(target: "tap", key: "delegate.shouldRecognizeSimultaneouslyWith", value: .string("all")),
        PropertyChange(target: "sw", key: "value", value: .number(1)),
        PropertyChange(target: "card", key: "text", value: .string("42")),
        PropertyChange(target: "card", key: "alpha", value: .number(0.5)),
      ])
  }

  @Test func aTouchNumberMayBeUsedAgainAfterItEnds() throws {
    let s = try load(
      ScriptTests.scene + """
        script:
          - { t: 0, touch: 1, down: [1, 1] }
          - { t: 50, touch: 1, up: true }
          - { t: 120, touch: 1, down: [1, 1] }
          - { t: 170, touch: 1, up: true }
        """)
    #expect(s.script.count == 4)
  }

  @Test func touchProblems() {
    let text =
      ScriptTests.scene + """
        script:
          - { t: 0, touch: 1, move: [1, 1] }
          - { t: 5, touch: 2, down: [1, 1] }
          - { t: 6, touch: 2, down: [1, 1] }
          - { t: 7, touch: 2, up: true }
          - { t: 8, touch: 2, cancel: true }
          - { t: 9, touch: 1.5, down: [1, 1] }
          - { t: 10, touch: 4, down: [1, 1] }
          - { t: 10, touch: 4, move: [2, 2] }
        """
    expectProblem(text, at: 12, 23, "touch 1 moves before it is down")
    expectProblem(text, at: 14, 23, "touch 2 goes down twice: it is already down since line 13")
    expectProblem(text, at: 16, 23, "touch 2 is cancelled after it ended (line 15)")
    expectProblem(text, at: 17, 20, "'touch' must be a whole number, not 1.5")
    expectProblem(text, at: 19, 24, "touch 4 already changes in this event")
  }

  @Test func timeProblems() {
    let text =
      ScriptTests.scene + """
        script:
          - { t: 50, touch: 1, down: [1, 1] }
          - { t: 40, touch: 1, up: true }
          - { t: -1, end: true }
          - { touch: 2, down: [1, 1] }
          - { t: .inf, end: true }
        """
    expectProblem(text, at: 13, 10, "steps must be in time order: t 40 comes after t 50 (line 12)")
    expectProblem(text, at: 14, 10, "'t' must be within 0...10000000, not -1")
    expectProblem(text, at: 15, 5, "a step needs a time 't'")
    expectProblem(text, at: 16, 10, "'t' must be a finite number")
  }

  @Test func actionProblems() {
    let text =
      ScriptTests.scene + """
        script:
          - { t: 0 }
          - { t: 1, touch: 1, down: [1, 1], up: true }
          - { t: 2, down: [1, 1] }
          - { t: 3, touch: 1, set: { card.hidden: true } }
          - { t: 4, touch: 9, up: false }
          - { t: 5, cancle: true }
          - { t: 6, end: true }
          - { t: 7, bringToFront: crad }
        """
    expectProblem(text, at: 12, 5, "a step needs one action")
    expectProblem(text, at: 13, 37, "a step has one action, this one has down and up")
    expectProblem(text, at: 14, 5, "a 'down' step needs the touch's number")
    expectProblem(text, at: 15, 13, "'touch' goes with down, move, up and cancel only")
    expectProblem(text, at: 16, 27, "'up' takes true or [x, y], not false")
    expectProblem(text, at: 17, 13, "unknown key 'cancle' in a script step (did you mean 'cancel'?)")
    expectProblem(text, at: 19, 5, "no step may follow 'end' (line 18)")
    expectProblem(text, at: 19, 27, "'bringToFront' names 'crad', but no view has that id (did you mean 'card'?)")
  }

  /// An unquoted colour in a `set` reads as an empty value (the '#' begins a comment): the message says so.
  @Test func anUnquotedColourInASetSaysToQuoteIt() {
    let text = ScriptTests.scene + "script:\n  - t: 0\n    set:\n      card.color: #FFF\n"
    let found = problems(text)
    #expect(
      found.contains {
        $0.hasSuffix("'color' needs a value (a '#' starts a comment in YAML: quote the colour, \"#4C8BF5\")")
      },
      "\(found)")
  }

  @Test func setProblems() {
    let text =
      ScriptTests.scene + """
        script:
          - t: 0
            set:
              tap.isEnabld: false
              card.alpha: yes
              crad.hidden: true
              sw.alpha: 2
              card.contentOffset: [1, 2]
              press.requireToFail: [nothing]
              tap.minimumPressDuration: 1
              card: true
        """
    expectProblem(text, at: 14, 7, "'set' cannot change 'isEnabld' on recognizer 'tap' (did you mean 'isEnabled'?)")
    expectProblem(text, at: 15, 19, "'alpha' takes a number")
    expectProblem(text, at: 16, 7, "'set' names 'crad', but no view or recognizer has that id (did you mean 'card'?)")
    expectProblem(text, at: 17, 17, "'alpha' must be within 0...1, not 2")
    expectProblem(text, at: 18, 27, "'contentOffset' applies to scroll views only ('card' is a view)")
    expectProblem(text, at: 19, 29, "'press.requireToFail' names 'nothing', but no recognizer has that id")
    expectProblem(text, at: 20, 7, "'minimumPressDuration' applies to longPress recognizers only ('tap' is a tap)")
    expectProblem(text, at: 21, 7, "a 'set' key is 'id.key'")
    #expect(problems(text).count == 8)
  }

  @Test func scriptFileOnItsOwn() throws {
    let scene = try load(ScriptTests.scene)
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "scenefile-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let good = dir.appendingPathComponent("good.yaml").path
    try "script:\n  - { t: 0, touch: 1, down: [5, 5] }\n  - { t: 9, set: { tap.isEnabled: false } }\n"
      .write(toFile: good, atomically: true, encoding: .utf8)
    let steps = try SceneLoader.loadScript(path: good, for: scene)
    #expect(steps.map(\.line) == [2, 3])
    #expect(steps[0].action == .down(touch: 1, at: Point(5, 5)))

    let bad = dir.appendingPathComponent("bad.yaml").path
    try "script:\n  - { t: 0, set: { nobody.hidden: true } }\n".write(toFile: bad, atomically: true, encoding: .utf8)
    #expect(throws: SceneFileError.self) { try SceneLoader.loadScript(path: bad, for: scene) }
    do {
      _ = try SceneLoader.loadScript(path: bad, for: scene)
    } catch {
      #expect(
        error.diagnostics.map(\.description) == [
          "\(bad):2:20: error: 'set' names 'nobody', but no view or recognizer has that id"
        ])
    }
    // A bare list of steps is a script too.
    let list = try SceneLoader.parseScript("- { t: 0, touch: 1, down: [1, 2] }", file: "s.yaml", for: scene)
    #expect(list.count == 1)
  }
}
