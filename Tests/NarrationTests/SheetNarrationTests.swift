import Localization
import Narration
import TestSupport
import Testing
import TouchSim

/// Rules told: a tap outside a sheet, each outcome, and the transition view leaving.
@Suite struct SheetNarrationTests {
  static func narrated(_ configure: (inout SheetSpec) -> Void) -> Narrated {
    let s = scene([v("buy", [40, 120, 310, 60], kind: .button), sheetView(configure)]) { $0.root.controller = "RootVC" }
    return Narrated(s, [down(1, 195, 150, t: 0), up(1, t: 60)])
  }

  @Test func aDismissalIsToldThenTheTransitionViewLeaving() throws {
    let n = Self.narrated { _ in }
    let dismissed = try #require(n.steps.first { $0.contains("is dismissed") }, "\(n)")
    #expect(dismissed.hasPrefix("The tap landed outside `detail`, on its dimming view, whose own tap recognized it"))
    #expect(dismissed.hasSuffix("(rules A-14, A-15)."))
    let gone = try #require(n.steps.first { $0.contains("dismissal's animation") }, "\(n)")
    #expect(gone.contains("takes `detail.transitionView` out of the window") && gone.hasSuffix("(rules A-15, C-15)."))
    #expect(!n.steps.contains { $0.contains("The script removes") })
  }

  @Test func eachOutcomeHasItsSentence() {
    let cases: [((inout SheetSpec) -> Void, String)] = [
      ({ $0.detent = .large }, "an iPhone sheet at full height swallows it"),
      ({ $0.isModalInPresentation = true }, "but isModalInPresentation is on"),
      ({ $0.shouldDismiss = false }, "presentationControllerShouldDismiss answers NO"),
    ]
    for (configure, words) in cases {
      let n = Self.narrated(configure)
      #expect(n.steps.contains { $0.contains(words) }, "\(words): \(n)")
      #expect(!n.steps.contains { $0.contains("dismissal's animation") })
    }
  }
}
