import Geometry
import Testing
import TouchSim

@testable import SceneFile

@Suite("Composing YAML: anchors, aliases, keys")
struct CompositionTests {
  @Test func aliasesReuseTheAnchoredNode() throws {
    let s = try load(
      sceneText(
        """
        root:
          id: root
          frame: &full [0, 0, 390, 844]
          color: &blue "#4C8BF5"
          text: &c first
          recognizers:
            - { id: tap, kind: tap, requireToFail: &fails [pan] }
            - { id: pan, kind: pan }
          subviews:
            - { id: a, frame: *full, color: *blue, transform: &t { rotation: 30, scale: 2 } }
            - { id: b, frame: [0, 0, 1, 1], transform: *t, text: &c second }
            - id: c
              frame: *full
              text: *c
              recognizers: [{ id: t2, kind: tap, requireToFail: *fails }]
        """))
    let (a, b, c) = (s.root.subviews[0], s.root.subviews[1], s.root.subviews[2])
    #expect(a.bounds.size == Size(390, 844) && c.bounds.size == Size(390, 844))
    #expect(a.color == "#4C8BF5" && s.root.color == "#4C8BF5")
    #expect(a.transform == b.transform && a.transform.rotation == 30 && a.transform.scale == Point(2, 2))
    // A later anchor of the same name shadows the earlier one.
    #expect(s.root.text == "first" && c.text == "second")
    #expect(c.recognizers[0].requireToFail == ["pan"])
  }

  @Test func problemsInsideAnAliasPointAtTheAnchoredNode() {
    let text = sceneText(
      """
      root:
        id: root
        frame: [0, 0, 10, 10]
        subviews:
          - { id: a, frame: &bad [0, 0, -1, 1] }
          - { id: b, frame: *bad }
      """)
    #expect(problems(text) == Array(repeating: "6:35: 'frame' has a negative size -1", count: 2))
  }

  @Test func undefinedAliases() {
    #expect(problems(sceneText("root: *nope\n")) == ["2:7: YAML syntax error: found undefined alias"])
    // An anchor is defined once its node is complete: a node cannot contain itself.
    #expect(
      problems(sceneText("root: &a { id: r, subviews: [*a] }\n")) == ["2:30: YAML syntax error: found undefined alias"])
  }

  @Test func aliasBombIsRefusedAtTheAliasThatGoesOver() {
    // Each level holds ten aliases of the one before: *a5 alone stands for 1,111,111 nodes.
    var text = "format: touchscope/1\nx0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
    for i in 1...5 {
      text += "x\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]\n"
    }
    text += "root: { id: r }\n"
    let found = problems(text)
    // Levels 1 to 4 add 123,440 nodes; on line 7 the eighth `*a4` (each 111,111) goes over 1,000,000.
    #expect(found.count == 7, "\(found)")
    #expect(
      found.contains(
        "7:45: aliases expand the document too far: they may stand for at most \(YAMLComposer.maxAliasNodes) nodes "
          + "in all (this one goes over)"))
  }

  @Test func aliasesOfALongStringCountItsBytes() throws {
    // One 1 MiB string aliased as the text of 100 views is 100 MiB of text from a 1 MiB file; the
    // node count (100) was far within its limit (an 8 MB string aliased 5,000 times took more than 23 GB).
    // The bytes limit (16 MiB) is passed at the 17th alias; reading then stops within its budget of bytes.
    func text(aliases: Int) -> String {
      var t = "format: touchscope/1\nroot:\n  id: r\n  frame: [0, 0, 10, 10]\n  subviews:\n"
      t +=
        "    - { id: v0, kind: label, frame: [0, 0, 1, 1], text: &s \"\(String(repeating: "x", count: 1 << 20))\" }\n"
      for i in 1...aliases { t += "    - { id: v\(i), kind: label, frame: [0, 0, 1, 1], text: *s }\n" }
      return t
    }
    let limit =
      "aliases expand the document too far: they may stand for at most 16 MiB of text in all (this one goes over)"
    #expect(problems(text(aliases: 100)) == ["23:58: \(limit)"])
    var list = Problems(file: "t.yaml")
    let doc = try #require(SceneReader.compose(text(aliases: 100), problems: &list))
    #expect(doc.aliasLimitIsBytes)
    let reader = SceneReader(document: doc, problems: list)
    _ = reader.readScene(doc.root)
    #expect(reader.problems.isFull)
    // Within the limit, a long string aliased a few times reads as written.
    #expect(problems(text(aliases: 3)).isEmpty)
  }

  @Test func hugeEqualKeysAreComparedQuickly() {
    // Two distinct anchors that both expand to 2^40 scalars, used as keys of one mapping: equal, so duplicates.
    var text = "format: touchscope/1\nb0: &b0 [x, x]\nc0: &c0 [x, x]\n"
    for i in 1..<40 { text += "b\(i): &b\(i) [*b\(i - 1), *b\(i - 1)]\nc\(i): &c\(i) [*c\(i - 1), *c\(i - 1)]\n" }
    text += "y: { ? *b39 : 1, ? *c39 : 2 }\nroot: { id: r }\n"
    #expect(problems(text) == ["80:6: duplicate key '<uncovertable>' in one mapping (each key may appear once)"])
  }

  @Test func readingStopsWhenAliasesExpandTooFar() throws {
    // 2^30 views with one id: reading is cut short by the visit budget (here a small one), not by time.
    var text = "format: touchscope/1\nx0: &a0 { id: v, frame: [0, 0, 1, 1] }\n"
    for i in 1...30 { text += "x\(i): &a\(i) { id: v, frame: [0, 0, 1, 1], subviews: [*a\(i - 1), *a\(i - 1)] }\n" }
    text += "root: *a30\n"
    var list = Problems(file: "t.yaml")
    let doc = try #require(SceneReader.compose(text, problems: &list))
    #expect(doc.aliasLimitMark != nil && list.list.count == 1)
    let reader = SceneReader(document: doc, problems: list, visitBudget: 100)
    _ = reader.readScene(doc.root)
    #expect(reader.problems.isFull && reader.problems.list.count < 50)
    #expect(reader.problems.list.contains { $0.message.hasPrefix("aliases expand the document too far") })
  }

  @Test func mergeKeysAreRefused() {
    let text = sceneText(
      """
      root:
        id: root
        frame: [0, 0, 1, 1]
        subviews:
          - &base { id: a, frame: [0, 0, 1, 1] }
          - { <<: *base, id: b }
          - { "<<": 1, id: c, frame: [0, 0, 1, 1] }
      """)
    expectProblem(
      text, at: 7, 9, "merge keys ('<<') are not supported: write the keys out (an alias can stand for a whole value)")
    expectProblem(text, at: 7, 7, "view 'b' needs a 'frame'")
    // Quoted, `<<` is an ordinary (unknown) key.
    expectProblem(text, at: 8, 9, "unknown key '<<' in a view")
  }

  @Test func duplicateKeys() throws {
    func duplicate(_ mapping: String) -> [String] { problems(sceneText("root: \(mapping)\n")) }
    let tail = "in one mapping (each key may appear once)"
    // Quoting does not make a key different, nor does the tag every key has anyway.
    #expect(duplicate("{ id: a, \"id\": b }") == ["2:9: duplicate key 'id' \(tail)"])
    #expect(duplicate("{ id: a, !!str id: b }") == ["2:9: duplicate key 'id' \(tail)"])
    // Keys are compared as Swift strings: canonically equivalent spellings are one key.
    #expect(duplicate("{ \u{E9}: 1, \"e\\u0301\": 2 }") == ["2:9: duplicate key '\u{E9}' \(tail)"])
    #expect(duplicate("{ ? [a, b]: 1, ? [a, b]: 2 }") == ["2:11: duplicate key '<uncovertable>' \(tail)"])
    // Several: sorted, at the first appearance of the first.
    #expect(duplicate("{ b: 1, a: 1, b: 2, a: 2 }") == ["2:15: duplicate key 'a', 'b' \(tail)"])
    // Another tag makes another key; reading then takes the last of the two.
    #expect(try load(sceneText("root: { id: a, !!int id: b }\n")).root.id == "b")
  }

  @Test func streamAndReaderErrors() {
    #expect(
      problems("format: touchscope/1\n---\nroot: { id: r }\n") == [
        "2:1: YAML syntax error: but found another document (expected a single document in the stream at line 1:1)"
      ])
    #expect(
      problems("format: touchscope/1\u{1}\nroot: { id: r }\n") == [
        "1:21: cannot read the text: control characters are not allowed"
      ])
  }

  @Test func everyKeyIsFoundByItsBytes() {
    for key in Key.allCases {
      var name = key.name
      #expect(name.withUTF8 { Key.lookup($0, isASCII: true) } == key)
    }
    for word in ["", "idd", "Id", "frames", "defaul", "<<", "shouldRecognizeSimultaneouslyWithout"] {
      var name = word
      #expect(name.withUTF8 { Key.lookup($0, isASCII: true) } == nil)
    }
    // U+212A KELVIN SIGN is canonically equivalent to "K": no key has one.
    var kelvin = "\u{212A}"
    #expect(kelvin.withUTF8 { Key.lookup($0, isASCII: false) } == nil)
  }

  @Test func numbersReadAsSwiftsParserReadsThem() {
    // The reader before the fast path: syntax check, then `Double(String)`.
    func reference(_ s: String) -> Double? {
      let u = Array(s.utf8)
      guard !u.isEmpty, u.count <= 400 else { return nil }
      var i = 0
      func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
      if u[i] == 43 || u[i] == 45 { i += 1 }
      var digits = 0
      while i < u.count, isDigit(u[i]) { (i, digits) = (i + 1, digits + 1) }
      if i < u.count, u[i] == 46 {
        i += 1
        while i < u.count, isDigit(u[i]) { (i, digits) = (i + 1, digits + 1) }
      }
      guard digits > 0 else { return nil }
      if i < u.count, u[i] == 101 || u[i] == 69 {
        i += 1
        if i < u.count, u[i] == 43 || u[i] == 45 { i += 1 }
        var exp = 0
        while i < u.count, isDigit(u[i]) { (i, exp) = (i + 1, exp + 1) }
        guard exp > 0 else { return nil }
      }
      guard i == u.count else { return nil }
      return Double(s.hasPrefix("+") ? String(s.dropFirst()) : s)
    }
    func same(_ a: Double?, _ b: Double?) -> Bool { a?.bitPattern == b?.bitPattern }
    let fixed = [
      "0", "-0", "+0", "-0.0", "1.", ".5", "+.5", "-.5", "0.1", "4.35", "123456789012345", "1234567890123456",
      "999999999999999.9", "0.0000000000000000000001", "0.00000000000000000000001", "1e22", "1e23", "1E-7", "00012",
      "9007199254740993", "1.7976931348623157e308", "1e400", ".", "-", "+", "e5", "1e", "1e+", "1.2.3", "0x10",
    ]
    for s in fixed { #expect(same(ScalarValue.parseNumber(s), reference(s)), "\(s)") }
    var rng = SplitMix(seed: 11)
    let alphabet = Array("0123456789012345678901234567890123456789..eE+-")
    for _ in 0..<20_000 {
      let s = String((0..<Int.random(in: 1...24, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! })
      #expect(same(ScalarValue.parseNumber(s), reference(s)), "\(s)")
    }
  }
}
