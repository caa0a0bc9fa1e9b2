import Foundation
import TestSupport
import Testing
import TouchSim

@testable import SceneFile

/// Lossless saving: toggles written into hand-formatted files, value by value, everything else kept.
@Suite struct SceneEditorTests {
  // MARK: Fixtures

  /// Block style with comments everywhere, blank lines, explicit defaults, quoting and folded text.
  static let commented = """
    # A lesson written by hand.
    format: touchscope/1   # the format line
    title: 'Comments: everywhere'
    about: >-
      Folded text that a rewrite would turn into a literal block,
      over two lines.

    window: [390, 844]   # explicit default
    root:
      # the root fills the window
      id: root
      frame: [0, 0, 390, 844]
      color: "#F2F2F7"

      recognizers:
        # a recognizer in block style
        - id: rootTap   # trailing comment
          kind: tap
          isEnabled: true          # explicit default
          cancelsTouchesInView: true
          # between keys
          delaysTouchesEnded: true
          delegate:
            # the delegate's own comment
            shouldReceive:
              unlessTouchIn: [buy]   # keep the tap away from the button
        - id: press
          kind: longPress
          minimumPressDuration: 0.8
      subviews:
        - id: card
          frame: [10, 100, 370, 400]
          text: |
            Two lines
            of literal text
          recognizers:
            - {id: cardTap, kind: tap}   # compact flow
            - { id: cardPan, kind: pan, maximumNumberOfTouches: 2, effect: translate }
          subviews:
            - id: buy   # a button
              kind: button
              frame: [20, 20, 100, 44]
              text: "Buy"
    script:
      # one tap
      - { t: 0, touch: 1, down: [50, 150] }

      - { t: 80, touch: 1, up: true }
    # the end
    """

  /// Everything in flow style, over several lines.
  static let flow = """
    format: touchscope/1
    root: { id: root, frame: [0, 0, 390, 844],
      recognizers: [ { id: a, kind: tap, delaysTouchesBegan: false },
                     { id: b, kind: swipe, direction: [left, right], delegate: { shouldBegin: true } } ],
      subviews: [
        { id: s, kind: switch, frame: [10, 10, 51, 31], value: true },
        { id: box, frame: [10, 60, 100, 100],
          recognizers: [ { id: c, kind: pinch } ] }
      ] }
    """

  /// Tabs inside comments and after values.
  static let tabs = """
    format: touchscope/1\t# tab before a comment
    root:
      id: root\t\t# two tabs
      recognizers:
        - id: t\t# tab
          kind: tap\t#\ttabs\tinside
          isEnabled: true\t# tab after the value
    """

  /// Anchors and aliases: a frame, an answer and a delegate shared between recognizers.
  static let anchors = """
    format: touchscope/1
    root:
      id: root
      frame: &screen [0, 0, 390, 844]
      recognizers:
        - { id: one, kind: tap, cancelsTouchesInView: &no false, delegate: &quiet { shouldBegin: false } }
        - { id: two, kind: tap, cancelsTouchesInView: *no, delegate: *quiet }
        - id: three
          kind: tap
          cancelsTouchesInView: *no
          delegate: *quiet
      subviews:
        - { id: full, frame: *screen, hidden: &hide false }
        - { id: other, frame: *screen, hidden: *hide }
    """

  /// Pretty-printed JSON.
  static let json = """
    {
      "format": "touchscope/1",
      "title": "A JSON scene",
      "root": {
        "id": "root",
        "frame": [0, 0, 390, 844],
        "recognizers": [
          { "id": "tap", "kind": "tap" },
          {
            "id": "pan",
            "kind": "pan",
            "delegate": { "shouldRequireFailureOf": ["tap"] }
          }
        ],
        "subviews": [
          { "id": "b", "kind": "button", "frame": [10, 10, 100, 44], "text": "Go" }
        ]
      },
      "script": [{ "t": 0, "touch": 1, "down": [20, 20] }, { "t": 80, "touch": 1, "up": true }]
    }
    """

  /// Compact JSON on one line.
  static let compactJSON = """
    {"format":"touchscope/1","root":{"id":"root","frame":[0,0,390,844],"recognizers":[{"id":"t","kind":"tap"},\
    {"id":"l","kind":"longPress","delegate":{}}]}}
    """

  /// Text before the edits that is not ASCII (offsets are counted in bytes, libyaml counts characters).
  static let unicode = """
    format: touchscope/1
    title: Ünïcödé — ✓ 🎉
    root:
      id: root
      text: "🎉🎉🎉 — naïve"
      recognizers:
        - { id: tàp, kind: tap }   # é
        - id: zoom
          kind: pinch
    """

  /// Each fixture ends with a line break, but one.
  static let fixtures: [(String, String)] = [
    ("commented", commented + "\n"),
    ("commented-crlf", (commented + "\n").replacingOccurrences(of: "\n", with: "\r\n")),
    ("flow", flow + "\n"), ("flow-crlf", (flow + "\n").replacingOccurrences(of: "\n", with: "\r\n")),
    ("tabs", tabs + "\n"), ("anchors", anchors + "\n"), ("json", json + "\n"), ("compact-json", compactJSON),
    ("unicode", unicode + "\n"), ("no-final-line-break", commented),
  ]

  static var fixtureNames: [String] { fixtures.map(\.0) }
  static func fixture(_ name: String) -> String { fixtures.first { $0.0 == name }!.1 }

  // MARK: Every toggle of every fixture

  @Test(arguments: fixtureNames) func everyToggleChangesOnlyItsValue(_ name: String) throws {
    let text = Self.fixture(name)
    let file = name.hasSuffix("json") ? "\(name).json" : "\(name).yaml"
    let scene = try SceneLoader.parse(text, file: file)
    let toggles = SaveChecks.toggles(of: scene)
    #expect(toggles.count >= 11)
    for change in toggles {
      // A value that aliases stand for changes at its first alias too (the anchor moves there): two lines.
      let found = SaveChecks.problems(saving: [change], into: text, file: file, maxBytes: name == "anchors" ? 200 : 120)
      #expect(found.isEmpty, "\(name): \(found.joined(separator: "\n"))")
    }
  }

  @Test(arguments: fixtureNames) func everyToggleAtOnce(_ name: String) throws {
    let text = Self.fixture(name)
    let scene = try SceneLoader.parse(text, file: name)
    let toggles = SaveChecks.toggles(of: scene)
    let found = SaveChecks.problems(
      saving: toggles, into: text, file: name, maxLines: 3 * toggles.count, maxBytes: .max)
    #expect(found.isEmpty, "\(name): \(found.joined(separator: "\n"))")
  }

  // MARK: Exactly what is written

  func saved(_ text: String, _ changes: [PropertyChange]) throws -> String {
    try SceneEditor.apply(changes, to: text, file: "t.yaml")
  }

  func change(_ target: String, _ key: String, _ value: PropertyValue) -> PropertyChange {
    PropertyChange(target: target, key: key, value: value)
  }

  @Test func aValueIsReplacedWhereItIsWritten() throws {
    let out = try saved(Self.commented, [change("rootTap", "isEnabled", .bool(false))])
    #expect(
      out
        == Self.commented.replacingOccurrences(
          of: "isEnabled: true          # explicit default", with: "isEnabled: false          # explicit default"))
  }

  @Test func aKeyIsAddedToAFlowMappingInItsStyle() throws {
    let out = try saved(Self.commented, [change("cardTap", "cancelsTouchesInView", .bool(false))])
    #expect(out.contains("- {id: cardTap, kind: tap, cancelsTouchesInView: false}   # compact flow\n"))
    let pan = try saved(Self.commented, [change("cardPan", "isEnabled", .bool(false))])
    // In the format's order: before `effect`, which comes last.
    #expect(pan.contains("{ id: cardPan, kind: pan, maximumNumberOfTouches: 2, isEnabled: false, effect: translate }"))
  }

  @Test func aKeyIsAddedToABlockMappingOnItsOwnLineInTheFormatsOrder() throws {
    let out = try saved(Self.commented, [change("press", "delaysTouchesBegan", .bool(true))])
    #expect(out.contains("      minimumPressDuration: 0.8\n      delaysTouchesBegan: true\n  subviews:"))
    let buy = try saved(Self.commented, [change("buy", "enabled", .bool(false))])
    #expect(buy.contains("          text: \"Buy\"\n          enabled: false\nscript:"))
    // After the block text, not inside it.
    let card = try saved(Self.commented, [change("card", "hidden", .bool(true))])
    #expect(card.contains("        of literal text\n      hidden: true\n      recognizers:"))
  }

  @Test func aMissingDelegateIsCreatedInTheMappingsStyle() throws {
    let block = try saved(Self.commented, [change("press", "delegate.shouldBegin", .bool(false))])
    #expect(block.contains("      minimumPressDuration: 0.8\n      delegate:\n        shouldBegin: false\n"))
    let flow = try saved(Self.commented, [change("cardTap", "delegate.shouldReceive", .bool(false))])
    #expect(flow.contains("{id: cardTap, kind: tap, delegate: {shouldReceive: false}}"))
    let json = try saved(Self.json, [change("tap", "delegate.shouldBegin", .bool(false))])
    #expect(json.contains("{ \"id\": \"tap\", \"kind\": \"tap\", \"delegate\": { \"shouldBegin\": false } }"))
  }

  @Test func aDelegatesTouchFilterBecomesAnAnswerOnTheKeysLine() throws {
    let out = try saved(Self.commented, [change("rootTap", "delegate.shouldReceive", .bool(false))])
    #expect(
      out.contains(
        "      delegate:\n        # the delegate's own comment\n        shouldReceive: false   # keep the tap away from the button\n"
      ))
  }

  @Test func jsonGetsJSON() throws {
    let out = try saved(Self.json, [change("pan", "isEnabled", .bool(false))])
    #expect(out.contains("        \"kind\": \"pan\",\n        \"isEnabled\": false,\n        \"delegate\""))
    #expect(SaveChecks.isJSON(out))
    let compact = try saved(Self.compactJSON, [change("l", "delegate.shouldReceive", .bool(false))])
    #expect(compact.contains("\"delegate\":{\"shouldReceive\": false}"))
    let pretty = Self.json.replacingOccurrences(
      of: "\"kind\": \"pan\",\n        \"delegate\": { \"shouldRequireFailureOf\": [\"tap\"] }",
      with: "\"kind\": \"pan\"")
    let created = try saved(pretty, [change("pan", "delegate.shouldBegin", .bool(false))])
    #expect(
      created.contains(
        "        \"kind\": \"pan\",\n        \"delegate\": {\n          \"shouldBegin\": false\n        }\n      }"))
    #expect(SaveChecks.isJSON(created))
    let list = try saved(Self.json, [change("pan", "requireToFail", .list([.string("tap")]))])
    #expect(list.contains("\"requireToFail\": [\"tap\"]"))
    #expect(SaveChecks.isJSON(list))
  }

  /// A text with characters YAML or JSON cannot hold raw (control characters, NEL, the line and
  /// paragraph separators, a byte order mark) is escaped for the file's syntax: `\uXXXX` in JSON (which
  /// has no `\x85` nor `\L`), YAML's own escapes in YAML; both read back as the same text.
  @Test func stringsAreEscapedForTheFilesSyntax() throws {
    let hostile = "a\u{1}b\u{7F}c\u{85}d\u{2028}e\u{2029}f\u{FEFF}g\"h\\i\tj\nk 购 🎉"
    let json = try saved(Self.json, [change("b", "text", .string(hostile))])
    #expect(SaveChecks.isJSON(json))
    #expect(json.contains(#""text": "a\u0001b\u007Fc\u0085d\u2028e\u2029f\uFEFFg\"h\\i\tj\nk 购 🎉""#))
    let text = sceneText(
      """
      root:
        id: root
        subviews:
          - { id: b, frame: [0, 0, 10, 10], text: "x" }
      """)
    let yaml = try saved(text, [change("b", "text", .string(hostile))])
    #expect(yaml.contains(#"text: "a\x01b\x7Fc\x85d\u2028e\u2029f\uFEFFg\"h\\i\tj\nk 购 🎉" }"#))
    for out in [json, yaml] {
      let scene = try SceneLoader.parse(out, file: "t")
      #expect(scene.root.subviews.first { $0.id == "b" }?.text == hostile)
    }
  }

  @Test func crlfStaysCRLF() throws {
    let text = Self.fixture("commented-crlf")
    let out = try saved(text, [change("press", "delegate.shouldBegin", .bool(false))])
    #expect(out.contains("      minimumPressDuration: 0.8\r\n      delegate:\r\n        shouldBegin: false\r\n"))
    #expect(SaveChecks.lineFeedsWithoutReturn(out) == 0)
  }

  @Test func tabsStayTabs() throws {
    let out = try saved(Self.tabs, [change("t", "isEnabled", .bool(false))])
    #expect(out == Self.tabs.replacingOccurrences(of: "isEnabled: true\t#", with: "isEnabled: false\t#"))
    let added = try saved(Self.tabs, [change("t", "cancelsTouchesInView", .bool(false))])
    #expect(
      added.contains(
        "      kind: tap\t#\ttabs\tinside\n      isEnabled: true\t# tab after the value\n      cancelsTouchesInView: false"
      ))
  }

  @Test func aliasesKeepStandingForWhatTheyStoodFor() throws {
    // A value written through an alias: that alias only.
    let two = try saved(Self.anchors, [change("two", "cancelsTouchesInView", .bool(true))])
    #expect(two.contains("{ id: two, kind: tap, cancelsTouchesInView: true, delegate: *quiet }"))
    #expect(two.contains("cancelsTouchesInView: &no false"))
    // The anchored value itself: the anchor moves to the first alias, with the old value.
    let one = try saved(Self.anchors, [change("one", "cancelsTouchesInView", .bool(true))])
    #expect(
      one.contains("{ id: one, kind: tap, cancelsTouchesInView: &no true, delegate: &quiet { shouldBegin: false } }"))
    #expect(one.contains("{ id: two, kind: tap, cancelsTouchesInView: &no false, delegate: *quiet }"))
    #expect(one.contains("      cancelsTouchesInView: *no\n"))
    // A key of a shared delegate, through the alias: that use gets its own copy.
    let three = try saved(Self.anchors, [change("three", "delegate.shouldReceive", .bool(false))])
    #expect(three.contains("      delegate: { shouldReceive: false, shouldBegin: false }\n"))
    // The frame anchor is untouched by a view's own change.
    let full = try saved(Self.anchors, [change("other", "hidden", .bool(true))])
    #expect(full.contains("{ id: other, frame: *screen, hidden: true }"))
    #expect(full.contains("hidden: &hide false"))
  }

  @Test func listsKeepTheirStyle() throws {
    let text = sceneText(
      """
      root:
        id: root
        recognizers:
          - { id: a, kind: tap, requireToFail: [ b ] }
          - id: b
            kind: tap
            requireToFail:
              - c
          - { id: c, kind: tap }
          - { id: d, kind: tap }
      """)
    let flow = try saved(text, [change("a", "requireToFail", .list([.string("b"), .string("c")]))])
    #expect(flow.contains("requireToFail: [ b, c ]"))
    let block = try saved(text, [change("b", "requireToFail", .list([.string("c"), .string("d")]))])
    #expect(block.contains("      requireToFail:\n        - c\n        - d\n    - { id: c"))
    let empty = try saved(text, [change("b", "requireToFail", .list([]))])
    #expect(empty.contains("      requireToFail: []\n    - { id: c"))
  }

  @Test func stringsKeepTheirQuotes() throws {
    let text = sceneText(
      """
      root:
        id: root
        subviews:
          - { id: a, frame: [0, 0, 10, 10], text: 'single', color: "#112233" }
          - { id: b, frame: [0, 0, 10, 10], text: plain }
      """)
    let out = try saved(
      text,
      [
        change("a", "text", .string("it's")), change("a", "color", .string("#445566")),
        change("b", "text", .string("two: words")),
      ])
    #expect(out.contains("text: 'it''s', color: \"#445566\" }"))
    #expect(out.contains("text: \"two: words\" }"))
  }

  @Test func severalKeysAddedToOneMappingInOneSave() throws {
    let changes = [
      change("cardTap", "isEnabled", .bool(false)), change("cardTap", "delaysTouchesBegan", .bool(true)),
      change("cardTap", "delegate.shouldReceive", .bool(false)),
      change("cardTap", "delegate.shouldBegin", .bool(false)),
    ]
    let out = try saved(Self.commented, changes)
    #expect(
      out.contains(
        "- {id: cardTap, kind: tap, isEnabled: false, delaysTouchesBegan: true, delegate: {shouldReceive: false, shouldBegin: false}}   # compact flow"
      ))
  }

  @Test func nothingChangedLeavesTheTextAsItIs() throws {
    #expect(try saved(Self.commented, []) == Self.commented)
    // Values equal to the file's (an explicit default set again) are no change.
    #expect(try saved(Self.commented, [change("rootTap", "isEnabled", .bool(true))]) == Self.commented)
    #expect(try saved(Self.commented, [change("cardTap", "delaysTouchesBegan", .bool(false))]) == Self.commented)
  }

  @Test func whatCannotBeWrittenIsRefused() {
    #expect(throws: SceneEditError.self) { try saved(Self.commented, [change("nobody", "hidden", .bool(true))]) }
    #expect(throws: SceneEditError.self) { try saved("format: [", [change("root", "hidden", .bool(true))]) }
  }

  // MARK: Changes from a configuration

  @Test func theChangesOfAConfigurationAreItsSettableDifferences() throws {
    let scene = try load(Self.commented)
    var config = scene
    _ = config.apply(change("press", "isEnabled", .bool(false)))
    _ = config.apply(change("buy", "hidden", .bool(true)))
    _ = config.apply(change("rootTap", "delegate.shouldReceive", .bool(true)))
    let changes = try SceneEditor.changes(from: scene, to: config)
    #expect(
      changes == [
        change("rootTap", "delegate.shouldReceive", .bool(true)), change("press", "isEnabled", .bool(false)),
        change("buy", "hidden", .bool(true)),
      ])
    #expect(try SceneEditor.changes(from: scene, to: scene).isEmpty)
    // A delegate created with defaults only is no change.
    var same = scene
    _ = same.apply(change("press", "delegate.shouldBegin", .bool(true)))
    #expect(try SceneEditor.changes(from: scene, to: same).isEmpty)
  }

  @Test func valuesAsASetWritesThem() throws {
    let scene = try load(Self.commented)
    #expect(SceneEditor.value(of: "isEnabled", target: "press", in: scene) == .bool(true))
    #expect(SceneEditor.value(of: "delegate.shouldReceive", target: "rootTap", in: scene) == nil)
    #expect(SceneEditor.value(of: "delegate.shouldReceive", target: "press", in: scene) == .bool(true))
    #expect(SceneEditor.value(of: "hidden", target: "buy", in: scene) == .bool(false))
    #expect(SceneEditor.value(of: "alpha", target: "nobody", in: scene) == nil)
  }

  // MARK: Positions

  /// Every node's span starts at its line and column and covers its text.
  @Test func spansCoverTheirNodes() throws {
    let text = "a: &x [1, 2]\nb: *x\nc:\n  - 'q'\n  - {k: v}\nd: |\n  lit\n"
    let doc = try #require(try YAMLComposer.compose(text, positions: true))
    let u = Array(text.unicodeScalars)
    func source(_ n: Node) -> String {
      let s = doc.spans[Int(n.index)]
      return String(String.UnicodeScalarView(u[Int(s.start)..<Int(s.end)]))
    }
    let root = doc.root
    #expect(source(doc.pair(root, 0).value) == "&x [1, 2]")
    #expect(source(doc.pair(root, 2).value) == "- 'q'\n  - {k: v}")
    #expect(source(doc.pair(root, 3).value) == "|\n  lit\n")
    #expect(doc.aliasUses.count == 1)
    #expect(doc.aliasUses[0].slot == 3)
    #expect(String(String.UnicodeScalarView(u[Int(doc.aliasUses[0].start)..<Int(doc.aliasUses[0].end)])) == "*x")
    #expect(doc.anchorNames[doc.pair(root, 0).value.index] == "x")
  }
}
