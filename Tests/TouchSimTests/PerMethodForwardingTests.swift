import TestSupport
import Testing
import TouchSim

/// B-4a: forwarding is decided method by method, for views, controls (G-8.1a phase by phase) and view
/// controllers.
@Suite struct PerMethodForwardingTests {
  /// B-4a: a view overriding only touchesBegan without super stops touchesBegan; touchesEnded goes on.
  @Test func b4aForwardingIsDecidedMethodByMethod() {
    let s = scene([
      v("outer", [0, 0, 390, 844], subviews: [v("inner", [0, 100, 390, 300])]) {
        $0.touchForwarding = TouchForwarding(except: [.touchesBegan])
      }
    ])
    let run = Run(s, tap(100, 200))
    #expect(run.forwards(.touchesBegan) == ["outer"])
    #expect(run.forwards(.touchesEnded) == ["outer", "root", "window", "application", "appDelegate"])
    // The opposite: every method stops except touchesEnded.
    let only = scene([
      v("outer", [0, 0, 390, 844], subviews: [v("inner", [0, 100, 390, 300])]) {
        $0.touchForwarding = TouchForwarding(forwards: false, except: [.touchesEnded])
      }
    ])
    let other = Run(only, [down(1, 100, 200, t: 0), move(1, 120, 200, t: 20), up(1, t: 40)])
    #expect(other.forwards(.touchesBegan) == ["outer"])
    #expect(other.forwards(.touchesMoved) == ["outer"])
    #expect(other.forwards(.touchesEnded) == ["outer", "root", "window", "application", "appDelegate"])
  }

  /// B-4a: touchesCancelled is a method of its own too.
  @Test func b4aTouchesCancelledStopsOnItsOwn() {
    let s = scene([v("card", [0, 100, 390, 300]) { $0.touchForwarding = TouchForwarding(except: [.touchesCancelled]) }])
    let run = Run(s, [down(1, 100, 200, t: 0), cancel(1, t: 50)])
    #expect(run.forwards(.touchesBegan) == ["root", "window", "application", "appDelegate"])
    #expect(run.forwards(.touchesCancelled).isEmpty)
  }

  /// B-4a: a view controller overriding touches* without super stops the chain at itself.
  @Test func b4aAViewControllerWithoutSuperStopsTheChain() {
    let s = scene([
      v("card", [0, 100, 390, 400], subviews: [v("note", [10, 10, 200, 200])]) {
        $0.controller = "CardVC"
        $0.controllerTouchForwarding = TouchForwarding(forwards: false)
      }
    ])
    let run = Run(s, tap(100, 200))
    #expect(run.methods("note") == ["touchesBegan", "touchesEnded"])
    #expect(run.forwards(.touchesBegan) == ["card", "CardVC"])
    #expect(run.forwards(.touchesEnded) == ["card", "CardVC"])
    // Without the override (the default) the controller passes it on.
    let open = scene([
      v("card", [0, 100, 390, 400], subviews: [v("note", [10, 10, 200, 200])]) { $0.controller = "CardVC" }
    ])
    #expect(
      Run(open, tap(100, 200)).forwards(.touchesBegan) == [
        "card", "CardVC", "root", "window", "application", "appDelegate",
      ])
  }

  /// B-4a: a controller's overrides are per method as well; the view's own forwarding is not the controller's.
  @Test func b4aAViewControllerStopsOnlyTheMethodsItOverrides() {
    let s = scene([
      v("card", [0, 100, 390, 400]) {
        $0.controller = "CardVC"
        $0.controllerTouchForwarding = TouchForwarding(except: [.touchesEnded])
      }
    ])
    let run = Run(s, tap(100, 200))
    #expect(run.forwards(.touchesBegan) == ["CardVC", "root", "window", "application", "appDelegate"])
    #expect(run.forwards(.touchesEnded) == ["CardVC"])
  }

  /// G-8.1a per phase: no super in touchesBegan means tracking never starts, so the later phases, which
  /// do reach UIControl, send nothing either; UIControl, not tracking, passes them up the chain (B-7b),
  /// while the overridden touchesBegan stops there.
  @Test func g81aNoSuperInTouchesBeganMeansNoTrackingForTheWholeTouch() {
    let s = scene([
      v("buy", [100, 300, 190, 60], kind: .button) { $0.touchForwarding = TouchForwarding(except: [.touchesBegan]) }
    ])
    let run = Run(s, [down(1, 150, 330, t: 0), move(1, 160, 330, t: 20), up(1, t: 40)])
    #expect(run.methods("buy") == ["touchesBegan", "touchesMoved", "touchesEnded"])
    #expect(run.controlEvents("buy").isEmpty)
    #expect(run.forwards(.touchesBegan).isEmpty)
    #expect(run.forwards(.touchesMoved) == ["root", "window", "application", "appDelegate"])
    #expect(run.forwards(.touchesEnded) == ["root", "window", "application", "appDelegate"])
  }

  /// G-8.1a per phase: no super in touchesEnded: touchDown, but no touchUpInside; the next touch tracks
  /// afresh.
  @Test func g81aNoSuperInTouchesEndedMeansNoTouchUp() {
    let s = scene([
      v("buy", [100, 300, 190, 60], kind: .button) { $0.touchForwarding = TouchForwarding(except: [.touchesEnded]) }
    ])
    let run = Run(s, tap(150, 330) + tap(150, 330, t: 1000, touch: 2))
    #expect(run.controlEvents("buy") == ["touchDown", "touchDown"])
    #expect(run.events("forward").isEmpty)
  }

  /// G-8.1a per phase: no super in touchesMoved: no drag events and no value changes; the lift still
  /// ends tracking.
  @Test func g81aNoSuperInTouchesMovedMeansNoDragEvents() {
    let s = scene([
      v("volume", [40, 300, 300, 40], kind: .slider) { $0.touchForwarding = TouchForwarding(except: [.touchesMoved]) }
    ])
    let run = Run(s, drag(from: (60, 320), to: (300, 320), every: 20))
    #expect(run.controlEvents("volume") == ["touchDown", "touchUpInside"])
    let plain = Run(
      scene([v("volume", [40, 300, 300, 40], kind: .slider)]), drag(from: (60, 320), to: (300, 320), every: 20))
    #expect(plain.controlEvents("volume").contains("valueChanged"))
  }

  /// G-8.1a per phase: no super in touchesCancelled: no touchCancel.
  @Test func g81aNoSuperInTouchesCancelledMeansNoTouchCancel() {
    let s = scene([
      v("buy", [100, 300, 190, 60], kind: .button) { $0.touchForwarding = TouchForwarding(except: [.touchesCancelled]) }
    ])
    #expect(Run(s, [down(1, 150, 330, t: 0), cancel(1, t: 50)]).controlEvents("buy") == ["touchDown"])
    let plain = scene([v("buy", [100, 300, 190, 60], kind: .button)])
    #expect(
      Run(plain, [down(1, 150, 330, t: 0), cancel(1, t: 50)]).controlEvents("buy") == ["touchDown", "touchCancel"])
  }
}
