import Testing
import TouchSim

@testable import SceneFile

/// `presentingViewController` (rule B-2a): read, checked, written back.
@Suite struct PresentationFileTests {
  static func text(_ sheet: String, root: String = "controller: RootVC") -> String {
    sceneText(
      """
      root:
        id: root
        frame: [0, 0, 390, 844]
        \(root)
        subviews:
          - { id: sheet, frame: [0, 0, 390, 844], \(sheet) }

      """)
  }

  @Test func b2aReadAndWrittenBack() throws {
    let s = try SceneLoader.parse(Self.text("controller: SheetVC, presentingViewController: RootVC"), file: "x.yaml")
    let sheet = s.allViews.first { $0.id == "sheet" }!
    #expect(sheet.presentingViewController == "RootVC")
    #expect(try SceneLoader.parse(SceneWriter.yaml(s), file: "y.yaml") == s)
  }

  @Test func b2aProblems() {
    expectProblem(
      Self.text("presentingViewController: RootVC"), at: 7, 45,
      "'presentingViewController' needs a 'controller' on the same view ('sheet' has none)")
    expectProblem(
      Self.text("controller: SheetVC, presentingViewController: RootVCC"), at: 7, 92,
      "'presentingViewController' names 'RootVCC', but no view controller has that id (did you mean 'RootVC'?)")
    expectProblem(
      Self.text("controller: SheetVC, presentingViewController: root"), at: 7, 92,
      "'presentingViewController' names 'root', which is a view, but no view controller has that id")
    expectProblem(
      Self.text("controller: SheetVC, presentingViewController: SheetVC"), at: 7, 92,
      "'SheetVC' cannot present itself")
    // RootVC presented by SheetVC, SheetVC presented by RootVC: the chain would never end. The circle is
    // reported once, at the first of its presentations in the file.
    let circle = Self.text(
      "controller: SheetVC, presentingViewController: RootVC",
      root: "controller: RootVC\n  presentingViewController: SheetVC")
    expectProblem(
      circle, at: 6, 29, "the responder chain goes round in a circle through presentations: RootVC → SheetVC → RootVC")
    #expect(problems(circle).count == 1)
  }
}
