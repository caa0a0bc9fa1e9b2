import Testing
import TouchSim

@testable import DeviceBridge
@testable import SceneFile

/// Rules A-14 and A-15 in scene files: `sheet`, its checks, the ids UIKit's views take, the writer and
/// `export swift`.
@Suite struct SheetFileTests {
  static func yaml(_ sheet: String, controller: Bool = true) -> String {
    sceneText(
      """
      root:
        id: root
        frame: [0, 0, 390, 844]
        controller: RootVC
        subviews:
          - { id: buy, kind: button, frame: [40, 120, 310, 60] }
          - id: detail
            frame: [0, 420, 390, 424]
      \(controller ? "      controller: DetailVC\n      presentingViewController: RootVC\n" : "")      sheet: \(sheet)
      """)
  }

  @Test func theKeysAreRead() throws {
    let s = try #require(
      try load(
        Self.yaml(
          "{ detent: medium, largestUndimmedDetent: medium, isModalInPresentation: true, shouldDismiss: false }")
      ).root.subviews[1].sheet)
    #expect(s.detent == .medium && s.largestUndimmedDetent == .medium && s.isModalInPresentation && !s.shouldDismiss)
    #expect(!s.dims)
    // `true`: UIKit's defaults (full height, dimmed, dismissable).
    let plain = try #require(try load(Self.yaml("true")).root.subviews[1].sheet)
    #expect(plain == SheetSpec() && plain.detent == .large && plain.dims)
    #expect(try load(Self.yaml("false")).root.subviews[1].sheet == nil)
  }

  @Test func badValuesArePositioned() {
    expectProblem(Self.yaml("{ detent: small }"), at: 12, 24, "'detent' takes medium or large, not 'small'")
    expectProblem(Self.yaml("{ detents: medium }"), at: 12, 16, "unknown key 'detents'")
    expectProblem(
      Self.yaml("true", controller: false), at: 10, 7,
      "'sheet' shows a presented view controller: it needs 'controller' and 'presentingViewController'")
  }

  /// The views UIKit builds are ids: a question or a script may name them.
  @Test func theBuiltViewsAreIds() throws {
    let text =
      Self.yaml("{ detent: medium }") + """

        questions:
          - { t: 0, ask: Which?, hitView: 1, choices: [detail.dimmingView, detail.transitionView, buy] }
        script:
          - { t: 0, set: { detail.dimmingTap.isEnabled: false } }
        """
    let scene = try load(text)
    #expect(scene.questions[0].choices.first == "detail.dimmingView")
  }

  @Test func theWriterKeepsIt() throws {
    for sheet in ["true", "{ detent: medium, largestUndimmedDetent: medium }", "{ isModalInPresentation: true }"] {
      let scene = try load(Self.yaml(sheet))
      let text = SceneWriter.yaml(scene)
      #expect(text.contains("sheet: "), "\(text)")
      #expect(try load(text).root.subviews[1].sheet == scene.root.subviews[1].sheet)
      #expect(!text.contains("dimmingView"), "the built views are not written")
    }
  }

  @Test func exportSwiftSaysHowToPresentIt() throws {
    let swift = SwiftExporter.export(try load(Self.yaml("{ detent: medium, isModalInPresentation: true }")))
    for line in [
      "detailVC.modalPresentationStyle = .pageSheet", "detailVC.sheetPresentationController?.detents = [.medium()]",
      "detailVC.isModalInPresentation = true", "rootVC.present(detailVC, animated: false)",
    ] {
      #expect(swift.contains(line), "no '\(line)'")
    }
  }
}
