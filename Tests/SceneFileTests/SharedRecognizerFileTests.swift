import Foundation
import TestSupport
import Testing
import TouchSim

@testable import SceneFile

/// Rule C-9: one recognizer listed on several views belongs to the view listed last.
@Suite("A recognizer listed on several views (C-9)")
struct SharedRecognizerFileTests {
  /// Three cards; `second` and `third` are how the later cards list the recognizer.
  static func threeCards(first: String, second: String, third: String) -> String {
    sceneText(
      """
      root:
        id: root
        frame: [0, 0, 390, 844]
        subviews:
          - id: cardA
            frame: [20, 100, 350, 120]
            recognizers: [\(first)]
          - id: cardB
            frame: [20, 300, 350, 120]
            recognizers: [\(second)]
          - id: cardC
            frame: [20, 500, 350, 120]
            recognizers: [\(third)]

      """)
  }

  static func recognizers(_ s: Scene, _ view: String) -> [String] {
    s.allViews.first { $0.id == view }!.recognizers.map(\.id)
  }
  static func taken(_ s: Scene, _ view: String) -> [TakenRecognizer] {
    s.allViews.first { $0.id == view }!.recognizersTakenAway
  }

  @Test("C-9: a definition, then { id } on two more views: the last view keeps it, the others warn")
  func referencesGiveItToTheLastView() throws {
    let text = Self.threeCards(
      first: "{ id: sharedTap, kind: tap, cancelsTouchesInView: false }", second: "{ id: sharedTap }",
      third: "{ id: sharedTap }")
    let loaded = try SceneLoader.read(text, file: "cards.yaml")
    let s = loaded.scene
    #expect(Self.recognizers(s, "cardA").isEmpty)
    #expect(Self.recognizers(s, "cardB").isEmpty)
    #expect(Self.recognizers(s, "cardC") == ["sharedTap"])
    // The definition's settings travel with it.
    #expect(s.allViews.first { $0.id == "cardC" }!.recognizers.first?.cancelsTouchesInView == false)
    #expect(Self.taken(s, "cardA") == [TakenRecognizer(recognizer: "sharedTap", keptBy: "cardC")])
    #expect(Self.taken(s, "cardB") == [TakenRecognizer(recognizer: "sharedTap", keptBy: "cardC")])
    #expect(Self.taken(s, "cardC").isEmpty)
    // One warning at each earlier listing, naming where the one that keeps it is.
    #expect(loaded.warnings.map { "\($0.line):\($0.column)" } == ["8:21", "11:21"])
    #expect(loaded.warnings.allSatisfy { $0.severity == .warning && $0.message.contains("(line 14:21)") })
    #expect(
      loaded.warnings.first?.description.hasPrefix("cards.yaml:8:21: warning: 'sharedTap' is added to 'cardA'") == true)
    #expect(loaded.warnings.first?.message.contains("rule C-9") == true)
  }

  @Test("C-9: the same definition written out three times is one recognizer too")
  func identicalDefinitions() throws {
    let d = "{ id: sharedTap, kind: tap, numberOfTapsRequired: 2 }"
    let loaded = try SceneLoader.read(Self.threeCards(first: d, second: d, third: d), file: "x.yaml")
    #expect(Self.recognizers(loaded.scene, "cardC") == ["sharedTap"])
    #expect(loaded.scene.allViews.flatMap(\.recognizers).count == 1)
    #expect(loaded.warnings.count == 2)
  }

  @Test("C-9: a YAML anchor and aliases say the same")
  func anchorAndAliases() throws {
    let text = Self.threeCards(first: "&tap { id: sharedTap, kind: tap }", second: "*tap", third: "*tap")
    let loaded = try SceneLoader.read(text, file: "x.yaml")
    #expect(Self.recognizers(loaded.scene, "cardC") == ["sharedTap"])
    #expect(Self.taken(loaded.scene, "cardA").map(\.keptBy) == ["cardC"])
  }

  @Test("C-9: the definition may come last; the one listed last keeps it wherever the definition is")
  func definitionLast() throws {
    let text = Self.threeCards(
      first: "{ id: sharedTap }", second: "{ id: sharedTap }", third: "{ id: sharedTap, kind: longPress }")
    let s = try SceneLoader.parse(text, file: "x.yaml")
    #expect(s.allViews.first { $0.id == "cardC" }!.recognizers.map(\.kind) == [.longPress])
    #expect(Self.taken(s, "cardA").count == 1)
  }

  @Test("C-9: an engine run: only the last view's recognizer fires")
  func onlyTheLastResponds() throws {
    let text = Self.threeCards(
      first: "{ id: sharedTap, kind: tap }", second: "{ id: sharedTap }", third: "{ id: sharedTap }")
    let s = try SceneLoader.parse(text, file: "x.yaml")
    for (y, fires) in [(160.0, false), (360.0, false), (560.0, true)] {
      #expect(Run(s, tap(100, y)).fired("sharedTap") == fires, "tap at y \(y)")
    }
  }

  @Test("C-9: problems: other settings, twice on one view, a reference to nothing, to a view")
  func problems() {
    expectProblem(
      Self.threeCards(
        first: "{ id: sharedTap, kind: tap }", second: "{ id: sharedTap, kind: tap, isEnabled: false }",
        third: "{ id: sharedTap }"), at: 11, 21, "'sharedTap' is listed again with other settings than at line 8:21")
    expectProblem(
      Self.threeCards(first: "{ id: t, kind: tap }, { id: t }", second: "", third: ""), at: 8, 43,
      "'t' is listed on 'cardA' twice (first at line 8:21)")
    expectProblem(
      Self.threeCards(first: "{ id: sharedTap, kind: tap }", second: "{ id: sharedTapp }", third: ""), at: 11, 21,
      "'{ id: sharedTapp }' alone adds a recognizer defined on another view, and no recognizer is called 'sharedTapp' (did you mean 'sharedTap'?)"
    )
    expectProblem(
      Self.threeCards(first: "{ id: cardB }", second: "", third: ""), at: 8, 21,
      "'recognizers' lists 'cardB', which is a view")
  }

  @Test("C-9: the scene written back reads the same (the others list it as { id })")
  func writesBack() throws {
    let text = Self.threeCards(
      first: "{ id: sharedTap, kind: tap }", second: "{ id: sharedTap }", third: "{ id: sharedTap }")
    let s = try SceneLoader.parse(text, file: "x.yaml")
    let again = try SceneLoader.parse(SceneWriter.yaml(s), file: "y.yaml")
    #expect(again == s)
  }

  @Test("C-9: the in-place saver changes the recognizer where its settings are written, every copy alike")
  func saverEditsEveryDefinition() throws {
    let change = PropertyChange(target: "sharedTap", key: "cancelsTouchesInView", value: .bool(false))
    // Written out three times: all three change, so the file still loads.
    let d = "{ id: sharedTap, kind: tap }"
    let three = Self.threeCards(first: d, second: d, third: d)
    let edited = try SceneEditor.apply([change], to: three, file: "x.yaml")
    #expect(edited.components(separatedBy: "cancelsTouchesInView: false").count == 4, "\(edited)")
    #expect(
      try SceneLoader.parse(edited, file: "x.yaml").allViews.flatMap(\.recognizers).first?.cancelsTouchesInView == false
    )
    // Defined once, listed as `{ id }` elsewhere: the definition changes, the references stay.
    let refs = Self.threeCards(first: d, second: "{ id: sharedTap }", third: "{ id: sharedTap }")
    let editedRefs = try SceneEditor.apply([change], to: refs, file: "x.yaml")
    #expect(
      editedRefs == refs.replacingOccurrences(of: d, with: "{ id: sharedTap, kind: tap, cancelsTouchesInView: false }"))
    // An anchor and aliases: the anchored definition changes, the aliases follow it.
    let anchored = Self.threeCards(first: "&t \(d)", second: "*t", third: "*t")
    let editedAnchor = try SceneEditor.apply([change], to: anchored, file: "x.yaml")
    #expect(
      editedAnchor
        == anchored.replacingOccurrences(of: d, with: "{ id: sharedTap, kind: tap, cancelsTouchesInView: false }"))
  }
}
