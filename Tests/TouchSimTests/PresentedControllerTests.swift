import TestSupport
import Testing
import TouchSim

/// B-2a (uncertain): a presented view controller's next responder is the view controller that presented it.
@Suite struct PresentedControllerTests {
  static func modal(presented: Bool) -> Scene {
    scene([
      v("list", [0, 0, 390, 844]),
      v("sheet", [0, 0, 390, 844], subviews: [v("field", [20, 100, 350, 60])]) {
        $0.controller = "SheetVC"
        if presented { $0.presentingViewController = "RootVC" }
      },
    ]) { $0.root.controller = "RootVC" }
  }

  /// B-2a, L13: from the presented controller the chain goes to the presenting controller, skipping the
  /// presenting controller's view (the presented view is not inside it in UIKit); then on as usual.
  @Test func b2aPresentedControllerForwardsToThePresentingController() {
    let run = Run(Self.modal(presented: true), tap(100, 130))
    #expect(run.hit() == "field")
    #expect(
      run.forwards(.touchesBegan) == ["sheet", "SheetVC", "RootVC", "window", "application", "appDelegate"])
    #expect(run.forwards(.touchesEnded).contains("RootVC"))
    #expect(!run.forwards(.touchesEnded).contains("root"))
  }

  /// B-2: without a presentation the controller's next responder is its view's superview.
  @Test func b2WithoutPresentationTheSuperviewComesNext() {
    let run = Run(Self.modal(presented: false), tap(100, 130))
    #expect(
      run.forwards(.touchesBegan) == ["sheet", "SheetVC", "root", "RootVC", "window", "application", "appDelegate"])
  }

  /// B-2a with B-4a: a presenting controller that overrides touches* without super stops the chain there.
  @Test func b2aThePresentingControllerCanStopTheChain() {
    var s = Self.modal(presented: true)
    s.root.controllerTouchForwarding = TouchForwarding(forwards: false)
    let run = Run(s, tap(100, 130))
    #expect(run.forwards(.touchesBegan) == ["sheet", "SheetVC", "RootVC"])
  }
}
