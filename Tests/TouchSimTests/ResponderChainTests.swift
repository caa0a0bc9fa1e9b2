import TestSupport
import Testing
import TouchSim

/// Rule group B: the responder chain.
@Suite struct ResponderChainTests {
  /// B-1 to B-4, L17: a view forwards to its view controller, the controller to the window, then the
  /// application (no window scene between them) and the app delegate.
  @Test func touchesTravelUpToTheAppDelegate() {
    let s = scene([v("card", [0, 100, 390, 300])]) { $0.root.controller = "RootVC" }
    let run = Run(s, tap(100, 200))
    #expect(run.forwards(.touchesBegan) == ["root", "RootVC", "window", "application", "appDelegate"])
    #expect(run.forwards(.touchesEnded) == ["root", "RootVC", "window", "application", "appDelegate"])
  }

  /// B-2: a child view controller's next responder is the superview of its view.
  @Test func childViewControllerForwardsToItsViewsSuperview() {
    let s = scene([
      v("container", [0, 0, 390, 844], subviews: [v("childView", [0, 100, 390, 300]) { $0.controller = "ChildVC" }])
    ]) {
      $0.root.controller = "RootVC"
    }
    let run = Run(s, tap(100, 200))
    #expect(
      run.forwards(.touchesBegan) == ["ChildVC", "container", "root", "RootVC", "window", "application", "appDelegate"])
  }

  /// B-3: UIApplication.next is the app delegate only when it is a responder.
  @Test func appDelegateOnlyWhenItIsAResponder() {
    let s = scene([]) { $0.appDelegateIsResponder = false }
    #expect(Run(s, tap(100, 200)).forwards(.touchesBegan) == ["window", "application"])
  }

  /// B-4: a view that overrides touches* without calling super stops the chain.
  @Test func viewThatDoesNotCallSuperStopsPropagation() {
    let s = scene([
      v("outer", [0, 0, 390, 844], subviews: [v("inner", [0, 100, 390, 300])]) { $0.forwardsTouches = false }
    ])
    let run = Run(s, tap(100, 200))
    #expect(run.forwards(.touchesBegan) == ["outer"])
  }

  /// B-6: an enabled control handles touches and does not pass them up.
  @Test func controlSwallowsTouches() {
    let s = scene([v("buy", [100, 100, 100, 50], kind: .button)])
    let run = Run(s, [down(1, 150, 120, t: 0), move(1, 160, 120, t: 20), up(1, t: 40)])
    #expect(run.events("forward").isEmpty)
    #expect(run.controlEvents("buy") == ["touchDown", "touchDragInside", "touchUpInside", "primaryActionTriggered"])
  }

  /// B-4: the method forwarded is the one delivered, cancelled included.
  @Test func touchesCancelledIsForwardedToo() {
    let s = scene([v("card", [0, 100, 390, 300])])
    let run = Run(s, [down(1, 100, 200, t: 0), cancel(1, t: 50)])
    #expect(run.methods("card") == ["touchesBegan", "touchesCancelled"])
    #expect(run.forwards(.touchesCancelled) == ["root", "window", "application", "appDelegate"])
  }
}
