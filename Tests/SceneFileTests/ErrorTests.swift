import Testing
import TouchSim

@testable import SceneFile

@Suite("Errors, each at its line and column")
struct ErrorTests {
  @Test func yamlSyntaxErrorHasYamlsPosition() {
    let text = """
      format: touchscope/1
      root:
        id: root
        subviews: [ { id: a, frame: [0, 0, 1, 1] }
      """
    let found = problems(text)
    #expect(found.count == 1)
    #expect(found.first?.hasPrefix("5:1: YAML syntax error: ") == true, "\(found)")
    expectProblem("format: touchscope/1\nroot:\n\tid: root\n", at: 3, 1, "YAML syntax error")
    expectProblem("format: touchscope/1\nroot: { id: root }\nroot: { id: x }\n", at: 2, 1, "duplicate key 'root'")
  }

  /// Punctuation typed by a Chinese or Japanese input method ('：' for ':', '，' for ',', '－' for '-',
  /// '［' for '[', full-width digits) and tabs or ideographic spaces in an indentation are named with
  /// their line and column; a '：' or '，' in a text is not blamed for an error near it.
  @Test func fullWidthPunctuationAndIndentationAreNamed() {
    func only(_ text: String) -> String { problems(text).first ?? "" }
    let head = "format: touchscope/1\n"
    #expect(only(head + "title： 购物\nroot: { id: root }\n").contains("line 2, column 6 has '：', the full-width ':'"))
    #expect(only(head + "root:\n  id： root\n  frame: [0, 0, 9, 9]\n").contains("line 3, column 5 has '：'"))
    #expect(only(head + "root:\n\tid: root\n").contains("line 3 is indented with a tab"))
    // An ideographic space is no indentation to YAML: the key is '　　id', at the line's start.
    #expect(
      problems(head + "root:\n\u{3000}\u{3000}id: root\n").contains {
        $0.hasPrefix("3:1: unknown key '\u{3000}\u{3000}id' in the scene (it starts with the full-width space")
      })
    #expect(only(head + "root:\n  \u{3000}id: [\n").contains("line 3 is indented with the full-width space"))
    let dash = head + "root:\n  id: root\n  subviews:\n    － id: a\n      frame: [0, 0, 1, 1]\n"
    #expect(only(dash).contains("line 5, column 5 has '－', the full-width '-'"), "\(problems(dash))")
    let flow = head + "root:\n  id: root\n  recognizers: [{id: t，kind: tap}]\n"
    #expect(only(flow).contains("line 4, column 23 has '，', the full-width ','"), "\(problems(flow))")
    // Not syntax errors: the value is read as text, and the note says why it is not a list or a number.
    expectProblem(head + "root:\n  id: root\n  frame: [0，0，390，844]\n", at: 4, 10, "('，' is the full-width ','")
    expectProblem(head + "root:\n  id: root\n  frame: ［0, 0, 390, 844］\n", at: 4, 10, "('［' is the full-width '['")
    expectProblem(head + "root:\n  id: root\n  frame: [0, 0, ３９０, 844]\n", at: 4, 17, "('３' is the full-width '3'")
    // A title's own '：', '，' and '（' are text: an error two lines below does not blame them.
    let prose = head + "root:\n  id: root\n  text: 价格：100，含税（新）\n  frame: [0, 0, 390, 844]\n   bad: x\n"
    #expect(only(prose).hasPrefix("6:4: YAML syntax error: did not find expected key"), "\(problems(prose))")
    #expect(!only(prose).contains("full-width"), "\(problems(prose))")
  }

  /// A scene written as JSON: a `//` comment and a missing comma are named at their line.
  @Test func jsonSlipsAreNamed() {
    let comment = "{\n  // my scene\n  \"format\": \"touchscope/1\",\n  \"root\": {\"id\": \"root\"}\n}\n"
    #expect(
      problems(comment).first?.hasSuffix("line 2 starts with '//': a comment in YAML starts with '#' (JSON has none)")
        == true, "\(problems(comment))")
    let comma = "{\n  \"format\": \"touchscope/1\"\n  \"root\": {\"id\": \"root\"}\n}\n"
    #expect(
      problems(comma).first?.hasSuffix("line 2 ends without ',': is one missing there?") == true, "\(problems(comma))")
    // A trailing comma is fine in YAML's flow collections.
    #expect(problems("{\"format\": \"touchscope/1\", \"root\": {\"id\": \"root\",},}\n").isEmpty)
  }

  @Test func descriptionIsFileLineColumn() {
    do {
      _ = try SceneLoader.parse("format: touchscope/1\nrooot: {}\n", file: "Scenes/x.yaml")
      Issue.record("loaded")
    } catch {
      #expect(
        error.description == """
          Scenes/x.yaml:1:1: error: missing 'root': the window's root view
          Scenes/x.yaml:2:1: error: unknown key 'rooot' in the scene (did you mean 'root'?)
          """)
    }
  }

  @Test func documentShapeProblems() {
    expectProblem("", at: 1, 1, "the file is empty")
    expectProblem("# just a comment\n", at: 1, 1, "the file is empty")
    expectProblem("- a\n- b\n", at: 1, 1, "the scene must be a mapping")
    expectProblem("root: { id: root }\n", at: 1, 1, "missing 'format: touchscope/1'")
    expectProblem("format: touchscope/2\nroot: { id: root }\n", at: 1, 9, "unsupported format 'touchscope/2'")
    expectProblem("format: touchscope/1\n", at: 1, 1, "missing 'root'")
    expectProblem("format: touchscope/1\nwindow: [0, 10]\nroot: { id: r }\n", at: 2, 9, "the window must be between")
    expectProblem("format: touchscope/1\nwindow: 390\nroot: { id: r }\n", at: 2, 9, "'window' takes [width, height]")
  }

  @Test func unknownKeysWithHints() {
    let text = sceneText(
      """
      titel: Hello
      root:
        id: root
        colour: "#FFFFFF"
        userInteractionEnable: false
        recognizers:
          - { id: t, kind: tap, numberOfTapRequired: 2, delegate: { shouldRecieve: false } }
        zzzzqqq: 1
      """)
    expectProblem(text, at: 2, 1, "unknown key 'titel' in the scene (did you mean 'title'?)")
    expectProblem(text, at: 5, 3, "unknown key 'colour' in a view (did you mean 'color'?)")
    expectProblem(text, at: 6, 3, "(did you mean 'userInteractionEnabled'?)")
    expectProblem(text, at: 8, 27, "(did you mean 'numberOfTapsRequired'?)")
    expectProblem(text, at: 8, 63, "unknown key 'shouldRecieve' in 'delegate' (did you mean 'shouldReceive'?)")
    let last = problems(text).first { $0.hasPrefix("9:3:") }
    #expect(last == "9:3: unknown key 'zzzzqqq' in a view")
  }

  @Test func wrongTypes() {
    let text = sceneText(
      """
      appDelegateIsResponder: yes
      root:
        id: root
        hidden: 1
        alpha: half
        frame: [0, 0, 10]
        subviews: { id: x }
        recognizers:
          - { id: t, kind: tap, numberOfTapsRequired: 1.5, requireToFail: { a: b } }
      """)
    expectProblem(text, at: 2, 25, "'appDelegateIsResponder' takes true or false, not the string 'yes'")
    expectProblem(text, at: 5, 11, "'hidden' takes true or false, not the number 1")
    expectProblem(text, at: 6, 10, "'alpha' takes a number, not the string 'half'")
    expectProblem(text, at: 7, 10, "'frame' takes [x, y, width, height], not a list")
    expectProblem(text, at: 8, 13, "'subviews' takes a list of views, not a mapping")
    expectProblem(text, at: 10, 49, "'numberOfTapsRequired' must be a whole number, not 1.5")
    expectProblem(text, at: 10, 69, "'requireToFail' takes a list of ids, not a mapping")
  }

  @Test func missingRequiredKeys() {
    let text = sceneText(
      """
      root:
        id: root
        recognizers:
          - { kind: tap }
          - { id: k }
        subviews:
          - { frame: [0, 0, 1, 1] }
          - id: nogeometry
            color: "#FFF"
          - { id: half, center: [1, 1] }
      """)
    expectProblem(text, at: 5, 7, "a recognizer needs an 'id'")
    expectProblem(
      text, at: 6, 7, "a recognizer needs a 'kind' (tap, longPress, pan, swipe, pinch, rotation, screenEdgePan)")
    expectProblem(text, at: 8, 7, "a view needs an 'id'")
    expectProblem(text, at: 9, 7, "view 'nogeometry' needs a 'frame' (or 'center' and 'bounds')")
    expectProblem(text, at: 11, 19, "'center' needs 'bounds' too")
  }

  @Test func unknownKindsWithHints() {
    let text = sceneText(
      """
      root:
        id: root
        recognizers:
          - { id: t, kind: longpress }
        subviews:
          - { id: a, kind: buton, frame: [0, 0, 1, 1] }
          - { id: b, kind: imageview, frame: [0, 0, 1, 1] }
          - { id: c, kind: spaceship, frame: [0, 0, 1, 1] }
      """)
    expectProblem(text, at: 5, 22, "unknown recognizer kind 'longpress' (did you mean 'longPress'?)")
    expectProblem(text, at: 7, 22, "unknown view kind 'buton' (did you mean 'button'?)")
    expectProblem(text, at: 8, 22, "(did you mean 'imageView'?)")
    #expect(problems(text).contains("9:22: unknown view kind 'spaceship'"))
  }

  @Test func duplicateIds() {
    let text = sceneText(
      """
      root:
        id: root
        controller: Main
        recognizers:
          - { id: card, kind: tap }
        subviews:
          - { id: card, frame: [0, 0, 1, 1] }
          - { id: other, frame: [0, 0, 1, 1], controller: Main }
          - { id: root, frame: [0, 0, 1, 1] }
      """)
    expectProblem(text, at: 8, 13, "duplicate id 'card': already used by a tap recognizer at line 6:13")
    expectProblem(text, at: 9, 53, "duplicate id 'Main': already used by a view controller at line 4:15")
    expectProblem(text, at: 10, 13, "duplicate id 'root': already used by a view at line 3:7")
  }

  @Test func idsMustNotHaveDots() {
    let text = sceneText(
      """
      root:
        id: my.view
        controller: "Main VC"
        subviews:
          - { id: "", frame: [0, 0, 1, 1] }
      """)
    expectProblem(text, at: 3, 7, "id 'my.view' must not contain '.' (a dot separates id and key")
    expectProblem(text, at: 4, 15, "controller 'Main VC' must not contain spaces")
    expectProblem(text, at: 6, 13, "id '' is empty")
  }

  @Test func unknownReferencesWithHints() {
    let text = sceneText(
      """
      root:
        id: root
        recognizers:
          - id: parentTap
            kind: tap
            requireToFail: [parentTapp, card]
            delegate:
              shouldReceive: { unlessTouchIn: [byu] }
              shouldBegin: { onlyTouchIn: [root, nope] }
              shouldRecognizeSimultaneouslyWith: [lst.pan]
              shouldRequireFailureOf: [ghost]
              shouldBeRequiredToFailBy: [parentTab]
        subviews:
          - { id: buy, kind: button, frame: [0, 0, 1, 1] }
          - id: list
            kind: scroll
            frame: [0, 0, 10, 10]
            touchesShouldBegin: { except: [bye] }
            touchesShouldCancel: { except: [lisst] }
            panRequireToFail: [parentTop]
          - { id: card, frame: [0, 0, 1, 1] }
      """)
    expectProblem(
      text, at: 7, 23, "'requireToFail' names 'parentTapp', but no recognizer has that id (did you mean 'parentTap'?)")
    expectProblem(text, at: 7, 35, "'requireToFail' names 'card', which is a view, not a recognizer")
    expectProblem(
      text, at: 9, 42, "'shouldReceive.unlessTouchIn' names 'byu', but no view has that id (did you mean 'buy'?)")
    expectProblem(text, at: 10, 44, "'shouldBegin.onlyTouchIn' names 'nope'")
    expectProblem(text, at: 11, 45, "(did you mean 'list.pan'?)")
    expectProblem(text, at: 12, 34, "'shouldRequireFailureOf' names 'ghost'")
    expectProblem(text, at: 13, 36, "'shouldBeRequiredToFailBy' names 'parentTab'")
    expectProblem(text, at: 19, 38, "'touchesShouldBegin.except' names 'bye'")
    expectProblem(
      text, at: 20, 39, "'touchesShouldCancel.except' names 'lisst', but no view has that id (did you mean 'list'?)")
    expectProblem(
      text, at: 21, 26,
      "'panRequireToFail' names 'parentTop', but no recognizer has that id (did you mean 'parentTap'?)")
  }

  @Test func failureCycles() {
    let text = sceneText(
      """
      root:
        id: root
        recognizers:
          - { id: a, kind: tap, requireToFail: [b] }
          - { id: b, kind: tap, requireToFail: [c] }
          - { id: c, kind: tap, requireToFail: [a] }
          - { id: self, kind: pan, requireToFail: [self] }
          - { id: d, kind: swipe, requireToFail: [list.pan] }
        subviews:
          - { id: list, kind: scroll, frame: [0, 0, 1, 1], panRequireToFail: [d] }
      """)
    expectProblem(text, at: 7, 43, "failure requirements form a cycle: a → b → c → a")
    expectProblem(text, at: 8, 46, "'self' requires itself to fail")
    expectProblem(text, at: 11, 73, "failure requirements form a cycle: d → list.pan → d")
    #expect(problems(text).count == 3)
  }

  @Test func numbersOutOfRange() {
    let text = sceneText(
      """
      root:
        id: root
        subviews:
          - { id: a, frame: [0, 0, -5, 10] }
          - { id: b, frame: [.inf, 0, 5, 10] }
          - { id: c, frame: [2000000, 0, 5, 10] }
          - { id: d, frame: [0, 0, 1, 1], alpha: 1.5 }
          - { id: e, center: [0, 0], bounds: [0, 0, 1, .nan] }
          - { id: f, kind: scroll, frame: [0, 0, 1, 1], contentSize: [-1, 5] }
        recognizers:
          - { id: t, kind: tap, numberOfTapsRequired: 101 }
          - { id: p, kind: longPress, minimumPressDuration: -1 }
          - { id: q, kind: pan, minimumNumberOfTouches: 3, maximumNumberOfTouches: 2 }
      """)
    expectProblem(text, at: 5, 30, "'frame' has a negative size -5")
    expectProblem(text, at: 6, 24, "'frame' must be a finite number, not .inf")
    expectProblem(text, at: 7, 24, "'frame' is out of range: 2000000 (at most ±1000000)")
    expectProblem(text, at: 8, 44, "'alpha' must be within 0...1, not 1.5")
    expectProblem(text, at: 9, 50, "'bounds' must be a finite number, not .nan")
    expectProblem(text, at: 10, 65, "'contentSize' has a negative size -1")
    expectProblem(text, at: 12, 49, "'numberOfTapsRequired' must be within 1...100, not 101")
    expectProblem(text, at: 13, 55, "'minimumPressDuration' must be within 0...3600, not -1")
    expectProblem(text, at: 14, 78, "'maximumNumberOfTouches' (2) is less than 'minimumNumberOfTouches' (3)")
  }

  @Test func keysThatDoNotApplyToTheKind() {
    let text = sceneText(
      """
      root:
        id: root
        enabled: false
        contentSize: [10, 10]
        recognizers:
          - { id: t, kind: tap, direction: left, minimumPressDuration: 1 }
          - { id: s, kind: swipe, direction: [left, sideways, left] }
      """)
    expectProblem(text, at: 4, 3, "'enabled' applies to controls only ('root' is a view)")
    expectProblem(text, at: 5, 3, "'contentSize' applies to scroll views only")
    expectProblem(text, at: 7, 27, "'direction' applies to swipe recognizers only ('t' is a tap)")
    expectProblem(text, at: 7, 44, "'minimumPressDuration' applies to longPress recognizers only")
    expectProblem(text, at: 8, 47, "unknown direction 'sideways'")
    expectProblem(text, at: 8, 57, "'direction' lists 'left' twice")
  }

  @Test func colorPitfalls() {
    let text = sceneText(
      """
      root:
        id: root
        subviews:
          - id: a
            frame: [0, 0, 1, 1]
            color: #4C8BF5
          - { id: b, frame: [0, 0, 1, 1], color: red }
      """)
    expectProblem(text, at: 7, 13, "a '#' starts a comment in YAML")
    expectProblem(text, at: 8, 44, "'color' must be a hex colour")
  }

  @Test func viewTreeDepthIsLimited() {
    // 205 views, each the only subview of the one before (block style, 3 lines a view).
    var text = "format: touchscope/1\nroot:\n"
    for i in 0..<205 {
      let pad = String(repeating: " ", count: 2 + 4 * i)
      text += i == 0 ? pad + "id: v0\n" : String(repeating: " ", count: 4 * i) + "- id: v\(i)\n"
      text += pad + "frame: [0, 0, 1, 1]\n"
      if i < 204 { text += pad + "subviews:\n" }
    }
    // The root is level 1; the `subviews` of v199 (level 200) would hold level 201.
    #expect(problems(text) == ["602:799: view tree deeper than 200 levels"])
  }

  @Test func allProblemsAtOnceSortedByPosition() throws {
    let text = sceneText(
      """
      root:
        id: root
        alpha: 2
        subviews:
          - { id: a, frame: [0, 0, 1, 1], hiden: true }
          - { id: a, frame: [0, 0, -1, 1] }
      script:
        - { t: 0, touch: 1, up: true }
      """)
    let found = problems(text)
    #expect(found.count == 5, "\(found)")
    let positions = found.map { $0.split(separator: ":").prefix(2).compactMap { Int($0) } }
    #expect(positions == positions.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) })
  }
}
