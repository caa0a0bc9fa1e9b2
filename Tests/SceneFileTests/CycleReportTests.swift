import Testing
import TouchSim

@testable import SceneFile

/// A circle in a scene (presentations, failure requirements) is reported once, in a message of bounded
/// length, however many members it has: a circle of thousands is one short positioned error.
@Suite struct CycleReportTests {
  /// `count` sheets over the root, sheet i's controller presented by sheet i+1's, the last by the first;
  /// plus `tail` more sheets presented by the first, whose chains run into the circle.
  static func presentationCircle(_ count: Int, tail: Int = 0) -> String {
    var lines = ["root:", "  id: root", "  frame: [0, 0, 390, 844]", "  subviews:"]
    for i in 0..<count {
      lines.append(
        "    - { id: s\(i), frame: [0, 0, 10, 10], controller: C\(i), presentingViewController: C\((i + 1) % count) }")
    }
    for i in 0..<tail {
      lines.append("    - { id: t\(i), frame: [0, 0, 10, 10], controller: T\(i), presentingViewController: C0 }")
    }
    return sceneText(lines.joined(separator: "\n") + "\n")
  }

  @Test func aPresentationCircleIsReportedOnceAndShort() {
    for count in [2, 3, 6, 7, 2000] {
      let found = problems(Self.presentationCircle(count, tail: 50))
      let circles = found.filter { $0.contains("goes round in a circle") }
      #expect(found.count == 1, "\(count): \(found.prefix(3))")
      #expect(circles.count == 1, "\(count)")
      // Positioned at the first presentation (sheet 0's, line 6 of the file).
      #expect(circles.first?.hasPrefix("6:") == true, "\(circles)")
      #expect((circles.first?.count ?? .max) < 200, "\(count): \(circles.first?.prefix(300) ?? "")")
    }
    expectProblem(
      Self.presentationCircle(3), at: 6, 82,
      "the responder chain goes round in a circle through presentations: C0 → C1 → C2 → C0")
    expectProblem(
      Self.presentationCircle(2000), at: 6, 82,
      "the responder chain goes round in a circle through presentations: C0 → C1 → C2 → C3 → … → C0 (2000 controllers)")
  }

  @Test func aPresentationCircleBehindAControllerInTheTreeIsFound() {
    // The root's controller presented by the sheet's; the sheet's view inside the root's: the chain from
    // the sheet goes up the tree to RootVC and back through the presentation.
    let text = sceneText(
      """
      root:
        id: root
        frame: [0, 0, 390, 844]
        controller: RootVC
        presentingViewController: SheetVC
        subviews:
          - id: box
            frame: [0, 0, 10, 10]
            subviews:
              - { id: sheet, frame: [0, 0, 10, 10], controller: SheetVC, presentingViewController: RootVC }

      """)
    let found = problems(text)
    #expect(found.count == 1, "\(found)")
    let circle = found.first ?? ""
    #expect(
      circle.contains("RootVC → SheetVC → RootVC") || circle.contains("SheetVC → RootVC → SheetVC"), "\(found)")
  }

  /// Recognizers r0 … r(n-1) on the root, each requiring the next to fail, the last the first.
  static func failureRing(_ count: Int) -> String {
    var lines = ["root:", "  id: root", "  recognizers:"]
    for i in 0..<count {
      lines.append("    - { id: r\(i), kind: tap, requireToFail: [r\((i + 1) % count)] }")
    }
    return sceneText(lines.joined(separator: "\n") + "\n")
  }

  @Test func aFailureRingIsReportedOnceAndShort() {
    let found = problems(Self.failureRing(3000))
    #expect(found.count == 1, "\(found.prefix(3))")
    #expect(
      found.first?.hasSuffix("failure requirements form a cycle: r0 → r1 → r2 → r3 → … → r0 (3000 recognizers)")
        == true, "\(found.first?.prefix(300) ?? "")")
  }

  @Test func manyFailureCyclesEachHaveAShortMessage() {
    // A chain r0 → r1 → … with every recognizer also requiring r0: each of those edges closes its own
    // cycle. The messages stay short and their number is bounded by the problem limit.
    var lines = ["root:", "  id: root", "  recognizers:"]
    let count = 3000
    for i in 0..<count {
      let next = i + 1 < count ? "r\(i + 1), " : ""
      lines.append("    - { id: r\(i), kind: tap, requireToFail: [\(next)r0] }")
    }
    let found = problems(sceneText(lines.joined(separator: "\n") + "\n"))
    #expect(found.count <= Problems.limit + 1)
    #expect(found.count > 10)
    let longest = found.map(\.count).max() ?? 0
    #expect(longest < 200, "\(found.max { $0.count < $1.count }?.prefix(300) ?? "")")
    #expect(found.joined().utf8.count < 100_000)
  }
}
