import Geometry
import TestSupport
import Testing
import TouchSim

/// Rule group E: conflicts between recognizers (section 6) and the controls' veto (8.3).
@Suite struct ArbitrationTests {
  let singleTap = g("single", .tap)
  let doubleTap = g("double", .tap) { $0.numberOfTapsRequired = 2 }

  /// E-6.4: shouldReceive NO keeps the recognizer from ever seeing the touch; it stays possible.
  @Test func shouldReceiveNoHidesTheTouch() {
    let s = scene([
      v(
        "card", [0, 0, 390, 844],
        recognizers: [
          g("tap", .tap) {
            $0.delegate = DelegateSpec()
            $0.delegate!.shouldReceive = .always(false)
          }
        ])
    ])
    let run = Run(s, tap(100, 100))
    #expect(run.events("feed").isEmpty)
    #expect(run.states("tap").isEmpty)
    #expect(run.methods("card") == ["touchesBegan", "touchesEnded"])
  }

  /// E-6.4 (predicate form): "if touch.view is a UIControl, return NO".
  @Test func shouldReceiveUnlessTouchInControls() {
    let filtered = g("tap", .tap) {
      $0.delegate = DelegateSpec()
      $0.delegate!.shouldReceive = .unlessTouchIn(["buy"])
    }
    let s = scene([
      v("card", [0, 0, 390, 844], recognizers: [filtered], subviews: [v("buy", [100, 100, 100, 50], kind: .control)])
    ])
    let onButton = Run(s, tap(150, 120))
    #expect(!onButton.fired("tap"))
    #expect(onButton.controlEvents("buy") == ["touchDown", "touchUpInside"])
    #expect(Run(s, tap(50, 500)).fired("tap"))
  }

  /// 8.3: a UIButton vetoes a superview's single tap; the button fires.
  @Test func buttonBeatsParentSingleTap() {
    let s = scene([
      v(
        "card", [0, 0, 390, 844], recognizers: [g("parentTap", .tap)],
        subviews: [v("buy", [100, 100, 100, 50], kind: .button)])
    ])
    let run = Run(s, tap(150, 120))
    #expect(!run.fired("parentTap"))
    #expect(run.controlEvents("buy") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
  }

  /// 8.3: the UIKit controls Apple lists veto it (a slider does not: ControlForwardingTests); a plain
  /// UIControl subclass does not.
  @Test func uikitControlsVetoButCustomControlDoesNot() {
    for kind in [ViewKind.switch, .stepper, .segmentedControl, .pageControl] {
      let s = scene([
        v(
          "card", [0, 0, 390, 844], recognizers: [g("parentTap", .tap)],
          subviews: [v("c", [100, 100, 100, 50], kind: kind)])
      ])
      #expect(!Run(s, tap(150, 120)).fired("parentTap"), "\(kind)")
    }
    let s = scene([
      v(
        "card", [0, 0, 390, 844], recognizers: [g("parentTap", .tap)],
        subviews: [v("custom", [100, 100, 100, 50], kind: .control)])
    ])
    let run = Run(s, tap(150, 120))
    #expect(run.fired("parentTap"))
    #expect(run.controlEvents("custom") == ["touchDown", "touchCancel"])
  }

  /// 8.3: a tap recognizer on the button itself wins; the button is cancelled.
  @Test func tapOnTheButtonItselfWins() {
    let s = scene([v("buy", [100, 100, 100, 50], kind: .button, recognizers: [g("ownTap", .tap)])])
    let run = Run(s, tap(150, 120))
    #expect(run.fired("ownTap"))
    #expect(run.controlEvents("buy") == ["touchDown", "touchCancel"])
  }

  /// 8.3: the veto is only for single-finger single taps: a parent double tap is not vetoed.
  @Test func buttonDoesNotVetoParentDoubleTapOrPan() {
    let s = scene([
      v("card", [0, 0, 390, 844], recognizers: [doubleTap], subviews: [v("buy", [100, 100, 100, 50], kind: .button)])
    ])
    #expect(Run(s, tap(150, 120, t: 0) + tap(150, 120, t: 200)).fired("double"))
    let p = scene([
      v(
        "card", [0, 0, 390, 844], recognizers: [g("pan", .pan)],
        subviews: [v("buy", [100, 100, 100, 50], kind: .button)])
    ])
    let run = Run(p, drag(from: (150, 120), to: (300, 120)))
    #expect(run.fired("pan"))
    #expect(run.controlEvents("buy").last == "touchCancel")
  }

  /// 8.3 / S16: the veto is asked only when cancelsTouchesInView is on; off, both fire.
  @Test func vetoNotAskedWhenCancelsTouchesInViewIsOff() {
    let s = scene([
      v(
        "card", [0, 0, 390, 844], recognizers: [g("parentTap", .tap) { $0.cancelsTouchesInView = false }],
        subviews: [v("buy", [100, 100, 100, 50], kind: .button)])
    ])
    let run = Run(s, tap(150, 120))
    #expect(run.fired("parentTap"))
    #expect(run.controlEvents("buy") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
  }

  /// 5.3: a view's gestureRecognizerShouldBegin override (the collection-view fix) and the delegate's.
  @Test func gestureRecognizerShouldBeginLetsCellSelectionThrough() {
    let parentTap = g("dismissKeyboard", .tap) {
      $0.delegate = DelegateSpec()
      $0.delegate!.shouldBegin = .unlessTouchIn(["list"])
    }
    let s = scene([
      v(
        "screen", [0, 0, 390, 844], recognizers: [parentTap],
        subviews: [
          v("list", [0, 100, 390, 600], recognizers: [g("select", .tap)])
        ])
    ])
    let run = Run(s, tap(100, 300))
    #expect(run.fired("select"))
    #expect(!run.fired("dismissKeyboard"))
    #expect(Run(s, tap(100, 750)).fired("dismissKeyboard"))
    // Without the fix the child's tap still wins by processing order (E-6.6) ...
    let plain = scene([
      v(
        "screen", [0, 0, 390, 844], recognizers: [g("dismissKeyboard", .tap)],
        subviews: [v("cell", [0, 100, 390, 600])])
    ])
    // ... but a cell that relies on touchesEnded is cancelled by the parent's tap: didSelect never fires.
    let bug = Run(plain, tap(100, 300))
    #expect(bug.fired("dismissKeyboard"))
    #expect(bug.methods("cell") == ["touchesBegan", "touchesCancelled"])
    // The view override form vetoes it too.
    let viewFix = scene([
      v(
        "screen", [0, 0, 390, 844], recognizers: [g("dismissKeyboard", .tap)],
        subviews: [v("cell", [0, 100, 390, 600]) { $0.gestureRecognizerShouldBegin = false }])
    ])
    let fixed = Run(viewFix, tap(100, 300))
    #expect(!fixed.fired("dismissKeyboard"))
    #expect(fixed.methods("cell") == ["touchesBegan", "touchesEnded"])
  }

  /// E-6.6: taps on a child and its parent: only the child's fires.
  @Test func childTapBeatsParentTap() {
    let s = scene([
      v(
        "parent", [0, 0, 390, 844], recognizers: [g("parentTap", .tap)],
        subviews: [v("child", [100, 100, 100, 100], recognizers: [g("childTap", .tap)])])
    ])
    let run = Run(s, tap(150, 150))
    #expect(run.fired("childTap"))
    #expect(run.reason("parentTap", to: .failed) == "excluded by childTap")
  }

  /// E-6.6: two identical taps on one view: the later-added fires; tap2.require(toFail: tap1) reverses it.
  @Test func laterAddedIdenticalTapWinsUnlessItRequiresTheFirstToFail() {
    let s = scene([v("card", [0, 0, 390, 844], recognizers: [g("tap1", .tap), g("tap2", .tap)])])
    let run = Run(s, tap(100, 100))
    #expect(run.fired("tap2"))
    #expect(!run.fired("tap1"))
    let fixed = scene([
      v("card", [0, 0, 390, 844], recognizers: [g("tap1", .tap), g("tap2", .tap) { $0.requireToFail = ["tap1"] }])
    ])
    let run2 = Run(fixed, tap(100, 100))
    #expect(run2.fired("tap1"))
    #expect(!run2.fired("tap2"))
    #expect(run2.reason("tap2", to: .failed) == "required gesture tap1 recognized")
  }

  /// E-6.7, L5: single and double tap, no relationship: single fires on each tap, double also on the
  /// second, whichever was added first.
  @Test func singleAndDoubleTapWithoutRelationship() {
    for order in [[singleTap, doubleTap], [doubleTap, singleTap]] {
      let s = scene([v("card", [0, 0, 390, 844], recognizers: order)])
      let run = Run(s, tap(100, 100, t: 0) + tap(100, 100, t: 200))
      #expect(run.actionTimes("single") == ["ended@80", "ended@280"])
      #expect(run.actionTimes("double") == ["ended@280"])
    }
  }

  /// E-6.3: single.require(toFail: double): one tap fires single 350 ms after the lift; two fire double only.
  @Test func singleWaitsForDoubleToFail() {
    let single = g("single", .tap) { $0.requireToFail = ["double"] }
    let s = scene([v("card", [0, 0, 390, 844], recognizers: [single, doubleTap])])
    let one = Run(s, tap(100, 100))
    #expect(one.actionTimes("single") == ["ended@430"])
    #expect(one.events("wait").map(\.json) == [#"{"t":80,"ev":"wait","recognizer":"single","for":["double"]}"#])
    #expect(one.states("single").first == "possible>ended")
    let two = Run(s, tap(100, 100, t: 0) + tap(100, 100, t: 200))
    #expect(two.actionTimes("double") == ["ended@280"])
    #expect(!two.fired("single"))
    #expect(two.reason("single", to: .failed) == "required gesture double recognized")
  }

  /// E-6.3: the delegate forms create the same requirement, asked of the delegates.
  @Test func delegateFailureRequirementForms() {
    let a = g("single", .tap) {
      $0.delegate = DelegateSpec()
      $0.delegate!.shouldRequireFailureOf = ["double"]
    }
    let s1 = scene([v("card", [0, 0, 390, 844], recognizers: [a, doubleTap])])
    #expect(Run(s1, tap(100, 100)).actionTimes("single") == ["ended@430"])
    let b = g("double", .tap) {
      $0.numberOfTapsRequired = 2
      $0.delegate = DelegateSpec()
      $0.delegate!.shouldBeRequiredToFailBy = ["single"]
    }
    let s2 = scene([v("card", [0, 0, 390, 844], recognizers: [singleTap, b])])
    let run = Run(s2, tap(100, 100))
    #expect(run.actionTimes("single") == ["ended@430"])
    #expect(run.asks(.shouldBeRequiredToFailBy).contains { $0.of == "double" && $0.other == "single" && $0.answer })
  }

  /// E-6.7 (S9): pan and swipe on one view: the swipe never fires; pan.require(toFail: swipe) fixes it.
  @Test func panBeatsSwipeUnlessItWaits() {
    let s = scene([v("card", [0, 0, 390, 844], recognizers: [g("pan", .pan), g("swipe", .swipe)])])
    let run = Run(s, drag(from: (50, 400), to: (300, 400), steps: 25, every: 4))
    #expect(run.fired("pan"))
    #expect(!run.fired("swipe"))
    let fixed = scene([
      v("card", [0, 0, 390, 844], recognizers: [g("pan", .pan) { $0.requireToFail = ["swipe"] }, g("swipe", .swipe)])
    ])
    let run2 = Run(fixed, drag(from: (50, 400), to: (300, 400), steps: 25, every: 4))
    #expect(run2.fired("swipe"))
    #expect(!run2.fired("pan"))
    // A slow drag: the swipe fails, then the pan begins, translation from where it began (E-6.3).
    let slow = Run(fixed, drag(from: (50, 400), to: (250, 400), steps: 20, every: 150))
    #expect(slow.fired("pan"))
    #expect(slow.actionValues("pan").first?.translation == Point(0, 0))
  }

  /// E-6.1: simultaneous recognition when either delegate says YES.
  @Test func shouldRecognizeSimultaneouslyWithEitherDelegate() {
    let pinch = g("pinch", .pinch) {
      $0.delegate = DelegateSpec()
      $0.delegate!.shouldRecognizeSimultaneouslyWith = .ids(["rotate"])
    }
    let s = scene([v("photo", [0, 0, 390, 844], recognizers: [pinch, g("rotate", .rotation)])])
    let script = [
      down(1, 150, 400, t: 0), down(2, 250, 400, t: 0), move(1, 120, 330, t: 50), move(2, 280, 470, t: 50),
      up(1, t: 100), up(2, t: 100),
    ]
    let run = Run(s, script)
    #expect(run.fired("pinch") && run.fired("rotate"))
    let without = scene([v("photo", [0, 0, 390, 844], recognizers: [g("pinch", .pinch), g("rotate", .rotation)])])
    let alone = Run(without, script)
    #expect(alone.fired("pinch") != alone.fired("rotate"))
  }

  /// E-6.1: child and parent pans: the child's wins alone, both with a simultaneous delegate.
  @Test func childAndParentPans() {
    let s = scene([
      v(
        "parent", [0, 0, 390, 844], recognizers: [g("outer", .pan)],
        subviews: [v("child", [50, 50, 300, 300], recognizers: [g("inner", .pan)])])
    ])
    let run = Run(s, drag(from: (100, 100), to: (200, 100)))
    #expect(run.fired("inner") && !run.fired("outer"))
    let both = scene([
      v(
        "parent", [0, 0, 390, 844],
        recognizers: [
          g("outer", .pan) {
            $0.delegate = DelegateSpec()
            $0.delegate!.shouldRecognizeSimultaneouslyWith = .all
          }
        ], subviews: [v("child", [50, 50, 300, 300], recognizers: [g("inner", .pan)])])
    ])
    let run2 = Run(both, drag(from: (100, 100), to: (200, 100)))
    #expect(run2.fired("inner") && run2.fired("outer"))
  }

  /// E-6.1 (1): recognizers on sibling views touched by different fingers do not exclude each other.
  @Test func siblingRecognizersDoNotExcludeEachOther() {
    let s = scene([
      v("a", [0, 0, 195, 844], recognizers: [g("tapA", .tap)]),
      v("b", [195, 0, 195, 844], recognizers: [g("tapB", .tap)]),
    ])
    let run = Run(s, [down(1, 50, 50, t: 0), down(2, 300, 50, t: 0), up(1, t: 60), up(2, t: 60)])
    #expect(run.fired("tapA") && run.fired("tapB"))
  }

  /// E-6.2: a tap prevents a long press (long press taps 0 < 1): a quick tap fails the press.
  @Test func tapVersusLongPress() {
    let s = scene([v("card", [0, 0, 390, 844], recognizers: [g("tap", .tap), g("press", .longPress)])])
    let quick = Run(s, tap(100, 100))
    #expect(quick.fired("tap") && !quick.fired("press"))
    let hold = Run(s, tap(100, 100, hold: 700))
    #expect(hold.fired("press") && !hold.fired("tap"))
  }

  /// 5.3: a delegate's shouldBegin NO fails the recognizer; the view gets its normal touchesEnded (E-6.5).
  @Test func delegateShouldBeginNo() {
    let s = scene([
      v(
        "card", [0, 0, 390, 844],
        recognizers: [
          g("tap", .tap) {
            $0.delegate = DelegateSpec()
            $0.delegate!.shouldBegin = .always(false)
          }
        ])
    ])
    let run = Run(s, tap(100, 100))
    #expect(run.reason("tap", to: .failed) == "delegate's gestureRecognizerShouldBegin returned NO")
    #expect(run.methods("card") == ["touchesBegan", "touchesEnded"])
  }

  /// E-6.3: a required recognizer that is not in this touch sequence does not block.
  @Test func uninvolvedRequirementDoesNotBlock() {
    let s = scene([
      v("a", [0, 0, 390, 400], recognizers: [g("tapA", .tap) { $0.requireToFail = ["tapB"] }]),
      v("b", [0, 400, 390, 444], recognizers: [g("tapB", .tap)]),
    ])
    #expect(Run(s, tap(100, 100)).actionTimes("tapA") == ["ended@80"])
  }

  /// E-6.3: a requirement holds between recognizers on sibling views too. Two fingers, one on each view:
  /// tapB recognizes first, so tapA, which must wait for tapB to fail, fails then, before its own finger
  /// lifts (sibling views only spare each other default exclusion, E-6.1 (1)). Without the requirement both
  /// fire (siblingRecognizersDoNotExcludeEachOther).
  @Test func requirementOnASiblingsRecognizerFailsTheWaiterWhenItRecognizes() {
    let s = scene([
      v("a", [0, 100, 190, 300], recognizers: [g("tapA", .tap) { $0.requireToFail = ["tapB"] }]),
      v("b", [200, 100, 190, 300], recognizers: [g("tapB", .tap)]),
    ])
    let run = Run(s, [down(1, 300, 225, t: 0), down(2, 100, 225, t: 0), up(1, t: 80), up(2, t: 100)])
    #expect(run.actionTimes("tapB") == ["ended@80"])
    #expect(!run.fired("tapA"))
    #expect(run.reason("tapA", to: .failed) == "required gesture tapB recognized")
    // The waiter's own finger lifting first: it waits, and fails when tapB recognizes.
    let waiting = Run(s, [down(1, 300, 225, t: 0), down(2, 100, 225, t: 0), up(2, t: 60), up(1, t: 80)])
    #expect(!waiting.fired("tapA"))
    #expect(waiting.reason("tapA", to: .failed) == "required gesture tapB recognized")
  }

  /// E-6.6 with E-6.3: a child's single tap and its parent's both wait for the child's double tap. When
  /// the double tap fails (350 ms after the lift) both are released at once, and they are processed as
  /// any recognizers are, the deeper view's first: the child's fires and excludes the parent's, as
  /// without the requirement (childTapBeatsParentTap). With simultaneous recognition allowed, both fire,
  /// the child's action first (L16).
  @Test func waitersReleasedTogetherGoDeepestFirst() {
    func make(simultaneous: Bool) -> Scene {
      scene([
        v(
          "parent", [0, 0, 390, 844],
          recognizers: [
            g("parentTap", .tap) {
              $0.requireToFail = ["double"]
              if simultaneous {
                $0.delegate = DelegateSpec()
                $0.delegate!.shouldRecognizeSimultaneouslyWith = .all
              }
            }
          ],
          subviews: [
            v(
              "child", [0, 100, 390, 300],
              recognizers: [
                g("childTap", .tap) { $0.requireToFail = ["double"] },
                g("double", .tap) { $0.numberOfTapsRequired = 2 },
              ])
          ])
      ])
    }
    let run = Run(make(simultaneous: false), tap(100, 225))
    #expect(run.actionTimes("childTap") == ["ended@430"])
    #expect(!run.fired("parentTap"))
    #expect(run.reason("parentTap", to: .failed) == "excluded by childTap")
    let both = Run(make(simultaneous: true), tap(100, 225))
    #expect(both.actionTimes("childTap") == ["ended@430"])
    #expect(both.actionTimes("parentTap") == ["ended@430"])
    #expect(both.events("action").map(\.json).map { $0.contains("childTap") } == [true, false])
  }

  /// 5.3 / 8.3 after delivery: a child's single tap waits for its parent's double tap (neither delays
  /// touchesEnded), so the button under the finger gets its whole tap at once and the touch is over when
  /// the double tap fails 350 ms later. The single tap then asks the view its touch was hit-tested to,
  /// as it would have at the lift: the button still vetoes it. A delegate predicate reads that view too.
  @Test func aRecognizerDecidingAfterItsTouchWasDeliveredStillAsksTheTouchsView() {
    func make(delegate: Bool) -> Scene {
      scene([
        v(
          "parent", [0, 0, 390, 844],
          recognizers: [
            g("double", .tap) {
              $0.numberOfTapsRequired = 2
              $0.delaysTouchesEnded = false
            }
          ],
          subviews: [
            v(
              "child", [0, 100, 390, 300],
              recognizers: [
                g("single", .tap) {
                  $0.requireToFail = ["double"]
                  $0.delaysTouchesEnded = false
                  if delegate {
                    $0.delegate = DelegateSpec()
                    $0.delegate!.shouldBegin = .unlessTouchIn(["pad"])
                  }
                }
              ],
              subviews: [v("buy", [20, 20, 100, 60], kind: .button), v("pad", [200, 20, 100, 60])])
          ])
      ])
    }
    let run = Run(make(delegate: false), tap(70, 150))
    #expect(run.controlEvents("buy") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    #expect(!run.fired("single"))
    #expect(run.reason("single", to: .failed) == "buy (UIButton) vetoes a superview's single tap")
    let onPad = Run(make(delegate: true), tap(250, 150))
    #expect(onPad.asks(.shouldBegin).map(\.answer) == [false])
    #expect(!onPad.fired("single"))
    // Beside the pad, the predicate lets it begin: the single tap fires when the double tap fails.
    #expect(Run(make(delegate: true), tap(150, 300)).actionTimes("single") == ["ended@430"])
  }

  /// E-6.2: canPrevent is traced: a single tap cannot prevent a double tap.
  @Test func canPreventIsAskedAndTraced() {
    let s = scene([v("card", [0, 0, 390, 844], recognizers: [doubleTap, singleTap])])
    let run = Run(s, tap(100, 100))
    #expect(run.asks(.canPrevent).contains { $0.of == "single" && $0.other == "double" && !$0.answer })
    #expect(run.fired("single"))
  }
}
