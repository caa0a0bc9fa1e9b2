import Geometry
import Localization
import Narration
import TestSupport
import Testing
import TouchSim

/// Scenes built in code that reach the narration's sentence kinds one by one (long press, swipe, pinch,
/// rotation, screen-edge pan, scroll views, delegates, controls, exclusive and multiple touch, disabled
/// recognizers, scripted changes, system cancels). `Narrated` tells each in Chinese too and records any
/// English word left, or any line that differs from English.
@Suite struct ChineseCoverageTests {
  /// Narrates in both languages (the Chinese checks run in `Narrated.init`) and returns the Chinese.
  @discardableResult
  func told(_ s: Scene, _ script: [ScriptStep], sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
    let n = Narrated(s, script, sourceLocation: sourceLocation)
    #expect(!n.chinese.isEmpty, sourceLocation: sourceLocation)
    return n.chinese.map(\.text)
  }

  @Test func longPress() {
    let s = scene([v("cell", [0, 100, 390, 80], recognizers: [g("press", .longPress)])])
    told(s, [down(1, 100, 140, t: 0), up(1, t: 700)])  // began, ended
    told(s, [down(1, 100, 140, t: 0), up(1, t: 200)])  // lifted before the press
    told(s, [down(1, 100, 140, t: 0), move(1, 130, 140, t: 100), up(1, t: 200)])  // moved before
    let tapped = scene([
      v("cell", [0, 100, 390, 80], recognizers: [g("press", .longPress), g("tap", .tap)])
    ])
    told(tapped, tap(100, 140))
    // A long press waiting for a pan to fail, past its minimumPressDuration.
    let waiting = scene([
      v(
        "cell", [0, 100, 390, 80], recognizers: [g("press", .longPress) { $0.requireToFail = ["pan"] }, g("pan", .pan)])
    ])
    told(waiting, [down(1, 100, 140, t: 0), up(1, t: 900)])
    // A tap-and-hold long press whose second press is too far from its first tap.
    let tapHold = scene([
      v("cell", [0, 100, 390, 400], recognizers: [g("press", .longPress) { $0.numberOfTapsRequired = 1 }])
    ])
    told(tapHold, tap(100, 140) + [down(2, 300, 400, t: 150), up(2, t: 900)])
  }

  /// every answer of an overridden hitTest, and a point(inside:) shape that refuses the point.
  @Test func a12HitTestOverrides() {
    let s = scene([
      v("under", [0, 0, 390, 844]),
      v(
        "card", [0, 400, 390, 200],
        subviews: [
          v("share", [300, 10, 40, 40], kind: .button),
          v("dot", [10, 10, 60, 60], kind: .control) { $0.pointInside = .circle(center: Point(30, 30), radius: 30) },
        ]
      ) {
        $0.hitTestOverrides = [
          HitTestOverride(rect: Rect(250, 0, 140, 100), returns: .view("share")),
          HitTestOverride(rect: Rect(0, 150, 100, 50), returns: .none),
          HitTestOverride(rect: Rect(100, 150, 100, 50), returns: .this),
          HitTestOverride(rect: Rect(200, 150, 100, 50), returns: .view("under")),
        ]
      },
    ])
    for (x, y) in [(270.0, 450.0), (50, 570), (150, 570), (250, 570), (12, 412), (40, 440)] {
      told(s, tap(x, y))
    }
  }

  @Test func swipe() {
    let s = scene([v("card", [0, 100, 390, 400], recognizers: [g("swipe", .swipe)])])
    told(s, drag(from: (50, 300), to: (250, 300), steps: 6, every: 16))  // swiped right
    told(s, drag(from: (200, 150), to: (200, 450), steps: 6, every: 16))  // wrong direction
    told(s, drag(from: (50, 300), to: (250, 300), steps: 10, every: 100))  // too slow
    told(s, tap(100, 300))  // lifted before moving
    told(s, [down(1, 100, 300, t: 0), down(2, 150, 300, t: 10), up(1, t: 50), up(2, t: 60)])  // too many touches
  }

  @Test func pinchAndRotation() {
    let s = scene([
      v(
        "photo", [0, 100, 390, 500],
        recognizers: [
          g("pinch", .pinch) { $0.effect = .scale },
          g("rotate", .rotation) {
            $0.effect = .rotate
            $0.delegate = DelegateSpec()
            $0.delegate?.shouldRecognizeSimultaneouslyWith = .all
          },
        ])
    ])
    var spread = [down(1, 150, 300, t: 0), down(2, 250, 300, t: 0)]
    for k in 1...6 {
      spread.append(move(1, 150 - Double(k) * 10, 300 - Double(k) * 8, t: Double(k) * 16))
      spread.append(move(2, 250 + Double(k) * 10, 300 + Double(k) * 8, t: Double(k) * 16))
    }
    spread += [up(1, t: 120), up(2, t: 130)]
    told(s, spread)
    told(s, [down(1, 150, 300, t: 0), down(2, 250, 300, t: 0), up(1, t: 80), up(2, t: 90)])  // never moved
    // Cancelled by the system while pinching: the effect puts the view back.
    told(s, Array(spread.prefix(8)) + [cancel(1, t: 200), cancel(2, t: 200)])
  }

  @Test func panAndScreenEdgePan() {
    let s = scene([
      v("chip", [100, 300, 100, 100], recognizers: [g("drag", .pan) { $0.effect = .translate }]),
      v("edge", [0, 500, 390, 300], recognizers: [g("edgePan", .screenEdgePan)]),
    ])
    told(s, drag(from: (150, 350), to: (300, 350)))
    told(s, drag(from: (150, 350), to: (300, 350)) + drag(from: (300, 350), to: (200, 350), t: 400))
    told(s, drag(from: (2, 600), to: (150, 600)))  // in from the edge
    told(s, drag(from: (60, 600), to: (200, 600)))  // outside the edge band
    told(
      s,
      [down(1, 150, 350, t: 0), down(2, 160, 360, t: 10), move(1, 200, 350, t: 30), move(1, 250, 350, t: 50)]
        + [up(2, t: 70), move(1, 280, 350, t: 90), up(1, t: 100)])  // a finger lifts mid-pan
  }

  @Test func delegates() {
    var refuse = g("tap", .tap)
    refuse.delegate = DelegateSpec()
    refuse.delegate?.shouldReceive = .always(false)
    told(scene([v("a", [0, 100, 390, 200], recognizers: [refuse])]), tap(100, 150))
    var noBegin = g("tap", .tap)
    noBegin.delegate = DelegateSpec()
    noBegin.delegate?.shouldBegin = .always(false)
    told(scene([v("a", [0, 100, 390, 200], recognizers: [noBegin])]), tap(100, 150))
    var requires = g("single", .tap)
    requires.delegate = DelegateSpec()
    requires.delegate?.shouldRequireFailureOf = ["double"]
    var required = g("other", .tap)
    required.delegate = DelegateSpec()
    required.delegate?.shouldBeRequiredToFailBy = ["single"]
    let double = g("double", .tap) { $0.numberOfTapsRequired = 2 }
    told(scene([v("a", [0, 100, 390, 200], recognizers: [requires, double, required])]), tap(100, 150))
    told(
      scene([v("a", [0, 100, 390, 200], recognizers: [requires, double, required])]),
      tap(100, 150) + tap(100, 150, t: 150, touch: 2))
    // A view whose gestureRecognizerShouldBegin says NO.
    let card = v("card", [0, 100, 390, 400], recognizers: [g("pan", .pan)]) { $0.gestureRecognizerShouldBegin = false }
    told(scene([card]), drag(from: (100, 300), to: (300, 300)))
    // A tap and a long press, and two taps: canPrevent.
    told(
      scene([v("a", [0, 100, 390, 200], recognizers: [g("tap", .tap), g("press", .longPress)])]),
      tap(100, 150, hold: 700))
    told(
      scene([
        v("a", [0, 100, 390, 200], recognizers: [g("one", .tap), g("two", .tap) { $0.numberOfTapsRequired = 2 }])
      ]),
      tap(100, 150) + tap(100, 150, t: 150, touch: 2))
    // Two-finger tap with one finger, and a tap after a far second tap.
    told(
      scene([v("a", [0, 100, 390, 600], recognizers: [g("two", .tap) { $0.numberOfTouchesRequired = 2 }])]),
      [down(1, 100, 150, t: 0), up(1, t: 80), down(2, 200, 150, t: 90), up(2, t: 170)])
    told(
      scene([v("a", [0, 100, 390, 600], recognizers: [g("double", .tap) { $0.numberOfTapsRequired = 2 }])]),
      tap(100, 150) + tap(300, 500, t: 150, touch: 2))
    // A tap held too long, and a tap that moved too far.
    let single = scene([v("a", [0, 100, 390, 600], recognizers: [g("tap", .tap)])])
    told(single, tap(100, 150, hold: 1500))
    told(single, drag(from: (100, 150), to: (200, 150)))
  }

  @Test func controls() {
    let s = scene(
      [
        v("slider", [20, 100, 350, 40], kind: .slider) { $0.value = 0.5 },
        v("toggle", [20, 200, 60, 40], kind: .switch),
        v("buy", [100, 400, 190, 60], kind: .button),
        v("off", [100, 600, 190, 60], kind: .button) { $0.enabled = false },
      ],
      rootRecognizers: [g("swipe", .swipe), g("pan", .pan), g("tap", .tap)])
    told(s, drag(from: (100, 120), to: (300, 120)))  // slider drag: swipe along its track
    told(s, drag(from: (40, 220), to: (70, 220)))  // switch: pan on its knob
    told(s, drag(from: (150, 430), to: (150, 700), steps: 12))  // drag out: exit, touchUpOutside (pan cancels?)
    told(s, tap(150, 630))  // a disabled button
    let plain = scene([v("buy", [100, 400, 190, 60], kind: .button), v("slider", [20, 100, 350, 40], kind: .slider)])
    told(plain, drag(from: (150, 430), to: (150, 700), steps: 12))
    told(plain, drag(from: (100, 120), to: (300, 120)))
    told(plain, [down(1, 150, 430, t: 0), cancel(1, t: 100)])
    told(plain, [down(1, 150, 430, t: 0)])  // never lifted
  }

  @Test func exclusiveAndMultipleTouch() {
    let s = scene([
      v("left", [0, 100, 195, 400], kind: .button) { $0.exclusiveTouch = true },
      v("right", [195, 100, 195, 400], kind: .button),
      v("pad", [0, 600, 390, 200]),
    ])
    told(s, [down(1, 100, 300, t: 0), down(2, 300, 300, t: 20), up(1, t: 80), up(2, t: 90)])
    told(s, [down(1, 300, 300, t: 0), down(2, 100, 300, t: 20), up(1, t: 80), up(2, t: 90)])
    told(s, [down(1, 100, 700, t: 0), down(2, 300, 700, t: 20), up(1, t: 80), up(2, t: 90)])  // multipleTouch off
  }

  @Test func disabledRecognizersAndScriptedChanges() {
    let s = scene([
      v("card", [0, 100, 390, 400], recognizers: [g("tap", .tap), g("pan", .pan)]),
      v("cover", [0, 600, 390, 200]),
    ])
    told(s, [set("tap", "isEnabled", .bool(false), t: 0)] + tap(100, 200, t: 10))
    told(s, [down(1, 100, 200, t: 0), set("tap", "isEnabled", .bool(false), t: 40), up(1, t: 80)])
    told(s, drag(from: (100, 200), to: (300, 200), lift: false) + [set("pan", "isEnabled", .bool(false), t: 200)])
    told(
      s,
      [
        set("cover", "hidden", .bool(true), t: 0), set("cover", "alpha", .number(0), t: 1),
        set("cover", "userInteractionEnabled", .bool(false), t: 2), set("card", "text", .string("Hello"), t: 3),
        ScriptStep(t: 4, .bringToFront("card")), ScriptStep(t: 5, .sendToBack("card")),
      ] + tap(100, 700, t: 10))
  }

  /// C-10: ignoring interaction events begins, nests, ends; a touch that began meanwhile is dropped, one that
  /// began before is delivered, one that hit nothing is dropped too.
  @Test func ignoringInteractionEvents() {
    let s = scene([
      v("card", [0, 100, 390, 400], recognizers: [g("tap", .tap)]),
      v("buy", [0, 600, 390, 100], kind: .button),
    ])
    let begin = { (t: Double) in ScriptStep(t: t, .beginIgnoringInteractionEvents) }
    let end = { (t: Double) in ScriptStep(t: t, .endIgnoringInteractionEvents) }
    told(s, [begin(0)] + tap(100, 200, t: 10) + [begin(100), end(200)] + tap(100, 650, t: 300) + [end(400)])
    told(s, [down(1, 100, 650, t: 0), begin(20), down(2, 100, 200, t: 40), end(60), up(1, t: 80), up(2, t: 90)])
    var nothing = s
    nothing.root.userInteractionEnabled = false
    told(nothing, [begin(0)] + tap(100, 200, t: 10))
  }

  @Test func hitTestKinds() {
    let s = scene([
      v("label", [0, 100, 390, 100], kind: .label),
      v("faded", [0, 100, 390, 100]) { $0.alpha = 0 },
      v("glass", [0, 300, 390, 200], subviews: [v("knob", [10, 10, 50, 50])]) { $0.passThrough = true },
      v("small", [150, 600, 20, 20], kind: .button) { $0.hitOutset = 20 },
      v("box", [0, 700, 100, 50], subviews: [v("spill", [0, 60, 100, 50], kind: .button)]),
      v("off", [200, 700, 100, 100]) { $0.userInteractionEnabled = false },
    ])
    told(s, tap(100, 150))
    told(s, tap(200, 400))
    told(s, tap(160, 590))
    told(s, tap(50, 780))
    told(s, tap(250, 750))
    told(s, tap(380, 830))
  }

  @Test func responderChain() {
    let s = scene(
      [
        v("card", [0, 100, 390, 400], subviews: [v("inner", [10, 10, 200, 200])]) { $0.controller = "CardController" },
        v("keeper", [0, 600, 390, 100]) { $0.forwardsTouches = false },
        v("wrap", [0, 720, 390, 100], kind: .button, subviews: [v("icon", [0, 0, 50, 50])]),
      ],
      { $0.appDelegateIsResponder = false })
    told(s, tap(100, 200) + tap(100, 200, t: 300, touch: 2))
    told(s, tap(100, 650))
    told(s, tap(20, 740))
  }

  /// B-4a and G-8.1a phase by phase: touches methods that stop one by one, and a controller that keeps them.
  @Test func perMethodForwarding() {
    let s = scene([
      v("card", [0, 100, 390, 200], subviews: [v("note", [10, 10, 200, 100])]) {
        $0.controller = "CardVC"
        $0.controllerTouchForwarding = TouchForwarding(forwards: false)
      },
      v("doodle", [0, 320, 390, 100]) { $0.touchForwarding = TouchForwarding(except: [.touchesBegan]) },
      v("late", [0, 440, 390, 100]) {
        $0.touchForwarding = TouchForwarding(forwards: false, except: [.touchesMoved])
      },
      v("began", [0, 560, 190, 60], kind: .button) { $0.touchForwarding = TouchForwarding(except: [.touchesBegan]) },
      v("ended", [200, 560, 190, 60], kind: .button) { $0.touchForwarding = TouchForwarding(except: [.touchesEnded]) },
      v("moved", [0, 700, 190, 60], kind: .slider) {
        $0.touchForwarding = TouchForwarding(except: [.touchesMoved, .touchesCancelled])
      },
    ])
    told(s, tap(100, 150) + tap(100, 150, t: 300, touch: 2))
    told(s, tap(100, 350))
    told(s, drag(from: (100, 480), to: (200, 480), every: 30))
    told(s, drag(from: (50, 590), to: (60, 590), every: 30))
    told(s, tap(300, 590))
    told(s, drag(from: (50, 730), to: (150, 730), every: 30))
  }

  @Test func scrollViews() {
    func list(_ configure: (inout ScrollSpec) -> Void) -> Scene {
      scene([
        v(
          "list", [0, 100, 390, 600], kind: .scroll,
          subviews: [v("row", [0, 0, 390, 100]), v("b1", [20, 200, 100, 50], kind: .button)]
        ) {
          var spec = ScrollSpec(contentSize: Size(390, 1800))
          configure(&spec)
          $0.scroll = spec
        }
      ])
    }
    let normal = list { _ in }
    told(normal, tap(50, 150))
    told(normal, [down(1, 50, 150, t: 0), up(1, t: 400)])
    told(normal, drag(from: (50, 150), to: (50, 500), every: 30))
    told(normal, drag(from: (50, 325), to: (50, 600), every: 30))  // a control: touchesShouldCancel NO
    told(normal, drag(from: (50, 325), to: (50, 600), every: 5))  // before the delay runs out
    told(list { $0.delaysContentTouches = false }, drag(from: (50, 150), to: (50, 500), every: 30))
    told(list { $0.delaysContentTouches = false }, drag(from: (50, 325), to: (50, 600), every: 30))
    told(list { $0.canCancelContentTouches = false }, drag(from: (50, 150), to: (50, 500), every: 30))
    told(list { $0.touchesShouldBeginDefault = false }, [down(1, 50, 150, t: 0), up(1, t: 400)])
    told(list { $0.touchesShouldBeginDefault = false }, tap(50, 150))
    told(list { $0.touchesShouldCancelControls = true }, drag(from: (50, 325), to: (50, 600), every: 30))
    told(list { $0.touchesShouldCancelOthers = false }, drag(from: (50, 150), to: (50, 600), every: 30))
    let waits = scene([
      v(
        "list", [0, 100, 390, 600], kind: .scroll,
        recognizers: [g("swipe", .swipe) { $0.direction = [.up] }],
        subviews: [v("row", [0, 0, 390, 100])]
      ) {
        var spec = ScrollSpec(contentSize: Size(390, 1800))
        spec.panRequireToFail = ["swipe"]
        $0.scroll = spec
      }
    ])
    told(waits, drag(from: (50, 500), to: (50, 150), every: 30))
    told(waits, drag(from: (50, 150), to: (50, 500), every: 30))
  }

  @Test func delayedTouches() {
    let s = scene([
      v(
        "card", [0, 100, 390, 400],
        recognizers: [
          g("pan", .pan) { $0.delaysTouchesBegan = true }, g("double", .tap) { $0.numberOfTapsRequired = 2 },
        ])
    ])
    told(s, tap(100, 200))
    told(s, drag(from: (100, 200), to: (300, 200)))
    told(s, [down(1, 100, 200, t: 0), move(1, 102, 200, t: 20), move(1, 103, 200, t: 40), up(1, t: 60)])
    let keep = scene([
      v("card", [0, 100, 390, 400], recognizers: [g("pan", .pan) { $0.cancelsTouchesInView = false }])
    ])
    told(keep, drag(from: (100, 200), to: (300, 200)))
  }

  /// Deliveries held back by recognizers that delay touchesBegan: queued phases, drops and cancels.
  @Test func heldBackDeliveries() {
    let both = scene([
      v(
        "card", [0, 100, 390, 400],
        recognizers: [
          g("single", .tap) { $0.delaysTouchesBegan = true },
          g("double", .tap) {
            $0.numberOfTapsRequired = 2
            $0.delaysTouchesBegan = true
          },
        ])
    ])
    told(both, tap(100, 200))  // single recognizes while double still holds the touch
    let double = scene([
      v(
        "card", [0, 100, 390, 400],
        recognizers: [
          g("double", .tap) {
            $0.numberOfTapsRequired = 2
            $0.delaysTouchesBegan = true
          }
        ])
    ])
    told(double, tap(100, 200))  // touchesEnded queued behind the held touchesBegan
    told(double, [down(1, 100, 200, t: 0), cancel(1, t: 50)])  // cancelled while held back
    told(double, [down(1, 100, 200, t: 0), move(1, 101, 200, t: 20), move(1, 102, 200, t: 40), up(1, t: 60)])
  }

  /// A long press that needs two fingers, held with one: its timer fires and it fails.
  @Test func timerThatFindsTooFewFingers() {
    let s = scene([
      v("cell", [0, 100, 390, 300], recognizers: [g("press", .longPress) { $0.numberOfTouchesRequired = 2 }])
    ])
    told(s, [down(1, 100, 140, t: 0), up(1, t: 900)])
    told(s, [down(1, 100, 140, t: 0), down(2, 200, 140, t: 0), up(1, t: 900), up(2, t: 900)])
  }

  /// A tap on a scroll view's own background, then a drag there: its pan cancels touches in its own view.
  @Test func scrollViewsOwnTouches() {
    let s = scene([
      v("list", [0, 100, 390, 600], kind: .scroll) { $0.scroll = ScrollSpec(contentSize: Size(390, 1800)) }
    ])
    told(s, drag(from: (50, 300), to: (50, 600), every: 30))
    told(s, [set("list", "contentOffset", .list([.number(0), .number(100)]), t: 0)] + tap(50, 300, t: 10))
    let buttons = scene([v("buy", [100, 300, 190, 60], kind: .button)])
    told(buttons, [set("buy", "enabled", .bool(false), t: 0)] + tap(150, 330, t: 10))
  }

  /// A tap and a tap-and-hold long press: canPrevent says NO for the long press.
  @Test func tapBesideATapAndHold() {
    let s = scene([
      v(
        "cell", [0, 100, 390, 400],
        recognizers: [g("press", .longPress) { $0.numberOfTapsRequired = 1 }, g("tap", .tap)])
    ])
    told(s, tap(100, 140) + [down(2, 100, 140, t: 150), up(2, t: 900)])
  }

  /// Gestures the trace ends in the middle of: a recognizer still undecided, a button whose touch is still
  /// held back, a bare root view.
  @Test func unfinishedGestures() {
    // A pan has no timer: with the finger still down and still, it is undecided when the trace ends.
    told(scene([v("a", [0, 100, 390, 400], recognizers: [g("pan", .pan)])]), [down(1, 50, 150, t: 0)])
    let held = scene(
      [v("buy", [100, 300, 190, 60], kind: .button)],
      rootRecognizers: [g("pan", .pan) { $0.delaysTouchesBegan = true }])
    told(held, [down(1, 150, 330, t: 0)])
    told(scene([]), tap(50, 150))
  }

  @Test func noRecognizersAndNothingHit() {
    told(scene([v("a", [0, 100, 100, 100])]), tap(50, 150))
    told(scene([v("a", [0, 100, 100, 100])]) { $0.root.userInteractionEnabled = false }, tap(50, 150))
    told(scene([v("a", [0, 100, 100, 100])]), tap(50, 150, hold: 80) + tap(52, 152, t: 150, touch: 2))  // tapCount 2
  }

  /// Cut at every entry, as the window narrates up to its playhead, the Chinese stays translated.
  @Test func partialNarrationIsTranslated() {
    let s = scene(
      [
        v("list", [0, 100, 390, 600], kind: .scroll, subviews: [v("b1", [20, 200, 100, 50], kind: .button)]) {
          $0.scroll = ScrollSpec(contentSize: Size(390, 1800))
        }
      ], rootRecognizers: [g("tap", .tap)])
    let run = Run(s, drag(from: (50, 325), to: (50, 600), every: 30))
    for end in 1..<run.trace.count {
      let lines = Narrator.narrate(
        Array(run.trace.prefix(end)), scene: s, complete: false, language: .simplifiedChinese)
      ChineseCheck.expectTranslated(lines, in: "a scroll view cut at entry \(end)")
    }
  }
}
