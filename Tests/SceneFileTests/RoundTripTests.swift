import Geometry
import Testing
import TouchSim

@testable import SceneFile

@Suite("Saving and loading back")
struct RoundTripTests {
  /// parse(yaml(scene)) equals scene (up to the script's source lines), and writing again gives the same text.
  func expectRoundTrip(_ scene: Scene, sourceLocation: SourceLocation = #_sourceLocation) {
    let text = SceneWriter.yaml(scene)
    do {
      let back = try SceneLoader.parse(text, file: "saved.yaml")
      #expect(back.withoutSourceLines == scene.withoutSourceLines, "\(text)", sourceLocation: sourceLocation)
      #expect(SceneWriter.yaml(back) == text, sourceLocation: sourceLocation)
    } catch {
      Issue.record("saved scene does not load: \(error)\n\(text)", sourceLocation: sourceLocation)
    }
  }

  @Test func minimalScene() {
    expectRoundTrip(Scene(root: ViewSpec(id: "root", frame: Rect(0, 0, 390, 844))))
  }

  @Test func everyKeyAwayFromItsDefault() {
    var root = ViewSpec(id: "root", frame: Rect(0, 0, 320, 480))
    root.controller = "RootVC"
    root.controllerTouchForwarding = TouchForwarding(except: [.touchesMoved])
    root.color = "#102030"
    var card = ViewSpec(id: "card", frame: Rect(10.5, 20.25, 300, 200))
    card.center = Point(160.1, 120.3)
    card.bounds = Rect(4, -2, 300.5, 199.75)
    card.transform = TransformSpec(scale: Point(1.5, 0.75), rotation: 12.5, translation: Point(-3, 4))
    card.text = "Card: \"special\" #1\nsecond line"
    card.alpha = 0.3
    card.hidden = true
    card.userInteractionEnabled = false
    card.multipleTouchEnabled = true
    card.exclusiveTouch = true
    card.clipsToBounds = true
    card.forwardsTouches = false
    card.hitOutset = -4
    card.passThrough = true
    card.gestureRecognizerShouldBegin = false
    var tap = RecognizerSpec(id: "tap", kind: .tap)
    tap.numberOfTapsRequired = 2
    tap.numberOfTouchesRequired = 2
    tap.isEnabled = false
    tap.cancelsTouchesInView = false
    tap.delaysTouchesBegan = true
    tap.delaysTouchesEnded = false
    tap.requireToFail = ["press", "list.pan"]
    var d = DelegateSpec()
    d.shouldReceive = .unlessTouchIn(["buy", "sw"])
    d.shouldBegin = .onlyTouchIn(["card"])
    d.shouldRecognizeSimultaneouslyWith = .ids(["press"])
    d.shouldRequireFailureOf = ["press"]
    d.shouldBeRequiredToFailBy = ["edge"]
    tap.delegate = d
    var press = RecognizerSpec(id: "press", kind: .longPress)
    press.numberOfTapsRequired = 1
    press.minimumPressDuration = 0.25
    press.allowableMovement = 15
    var anyDelegate = DelegateSpec()
    anyDelegate.shouldRecognizeSimultaneouslyWith = .all
    anyDelegate.shouldReceive = .always(false)
    press.delegate = anyDelegate
    var pan = RecognizerSpec(id: "pan", kind: .pan)
    pan.minimumNumberOfTouches = 2
    pan.maximumNumberOfTouches = 4
    pan.delegate = DelegateSpec()
    var swipe = RecognizerSpec(id: "swipe", kind: .swipe)
    swipe.direction = [.up, .left]
    swipe.numberOfTouchesRequired = 3
    var edge = RecognizerSpec(id: "edge", kind: .screenEdgePan)
    edge.edges = [.right]
    card.recognizers = [tap, press, pan, swipe, edge]
    var buy = ViewSpec(id: "buy", kind: .button, frame: Rect(1, 2, 3, 4))
    buy.enabled = false
    buy.touchForwarding = TouchForwarding(forwards: false, except: [.touchesEnded])
    buy.text = "true"
    var sw = ViewSpec(id: "sw", kind: .switch, frame: Rect(1, 2, 3, 4))
    sw.value = 1
    var slider = ViewSpec(id: "slider", kind: .slider, frame: Rect(1, 2, 3, 4))
    slider.value = 0.1
    var label = ViewSpec(id: "label", kind: .label, frame: Rect(0, 0, 1, 1))
    label.userInteractionEnabled = true
    label.text = "123"
    var list = ViewSpec(id: "list", kind: .scroll, frame: Rect(0, 100, 320, 300))
    list.bounds.origin = Point(0, 75)
    list.scroll?.contentSize = Size(320, 1200)
    list.scroll?.delaysContentTouches = false
    list.scroll?.canCancelContentTouches = false
    list.scroll?.touchesShouldBeginDefault = false
    list.scroll?.touchesShouldBeginExcept = ["row"]
    list.scroll?.touchesShouldCancelControls = true
    list.scroll?.touchesShouldCancelOthers = false
    list.scroll?.touchesShouldCancelExcept = ["row"]
    list.scroll?.panRequireToFail = ["swipe"]
    list.subviews = [ViewSpec(id: "row", frame: Rect(0, 0, 320, 44))]
    var rotatedList = ViewSpec(id: "rotatedList", kind: .scroll, frame: Rect(0, 0, 50, 50))
    rotatedList.transform.rotation = 90
    rotatedList.bounds.origin = Point(3, 3)
    card.subviews = [buy, sw, slider, label, list, rotatedList]
    root.subviews = [card]
    var scene = Scene(root: root)
    scene.title = "Everything: at once"
    scene.about = "Line one.\n\nLine three, after a blank line.\n"
    scene.window = Size(320, 480)
    scene.appDelegateIsResponder = false
    scene.script = [
      ScriptStep(t: 0, .down(touch: 1, at: Point(195.5, 330))),
      ScriptStep(t: 0, .down(touch: 2, at: Point(10, 10))),
      ScriptStep(t: 16.6, .move(touch: 1, to: Point(200, 331.25))),
      ScriptStep(t: 40, .up(touch: 1, at: nil)),
      ScriptStep(t: 40, .up(touch: 2, at: Point(11, 12))),
      ScriptStep(t: 50, .down(touch: 3, at: Point(1, 1))),
      ScriptStep(t: 60, .cancel(touch: 3)),
      ScriptStep(
        t: 70,
        .set([
          PropertyChange(target: "tap", key: "isEnabled", value: .bool(true)),
          PropertyChange(target: "list.pan", key: "isEnabled", value: .bool(false)),
          PropertyChange(target: "card", key: "text", value: .string("a: b, [c]")),
          PropertyChange(target: "card", key: "alpha", value: .number(0.75)),
          PropertyChange(target: "press", key: "requireToFail", value: .list([.string("tap"), .string("pan")])),
          PropertyChange(target: "tap", key: "delegate.shouldRecognizeSimultaneouslyWith", value: .string("all")),
          PropertyChange(target: "list", key: "contentOffset", value: .list([.number(0), .number(10.5)])),
        ])),
      ScriptStep(t: 75, .bringToFront("buy")),
      ScriptStep(t: 76, .sendToBack("row")),
      ScriptStep(t: 2000, .end),
    ]
    expectRoundTrip(scene)
  }

  @Test func awkwardStringsAndNumbers() {
    let texts = [
      "", " leading", "trailing ", "true", "False", "yes", "no", "null", "~", "123", "-1.5e3", "0x1F", "#hash",
      "a # b", "key: value", "[list]", "{map}", "- dash", "* star", "& amp", "! bang", "%pct", "@at", "`tick",
      "quote \" and \\ backslash", "tab\there", "line\nbreak", "end\n", "\n\nstart", "é accents ü", "emoji 🎉",
      "\u{7}bell", "a\u{FEFF}b", "\u{2028}sep", "it's", "'single'", "a  b", ".5", "1.", "+1", ".inf", "Ünïcödé",
    ]
    for (i, text) in texts.enumerated() {
      var root = ViewSpec(id: "root", frame: Rect(0, 0, 390, 844))
      var label = ViewSpec(id: "l\(i)", kind: .label, frame: Rect(0, 0, 1, 1))
      label.text = text
      root.subviews = [label]
      var scene = Scene(root: root)
      scene.title = text
      scene.about = text
      expectRoundTrip(scene)
    }
    let numbers: [Double] = [
      0.1, 1.0 / 3, 2.0 / 3 * 100, 1e-7, 123456.789, 99_999.999_999, -0.0, Double.leastNonzeroMagnitude,
      0.30000000000000004,
    ]
    for n in numbers {
      var root = ViewSpec(id: "root", frame: Rect(0, 0, 390, 844))
      root.subviews = [ViewSpec(id: "v", frame: Rect(n, -n, abs(n), abs(n) * 3))]
      root.hitOutset = n
      expectRoundTrip(Scene(root: root))
    }
  }

  @Test func loadedScenesRoundTrip() throws {
    let text = """
      format: touchscope/1
      title: Button inside a tapped view
      about: |
        A UIButton's own tap beats a single-tap recognizer on its superview (iOS 6+).
      root:
        id: root
        frame: [0, 0, 390, 844]
        controller: ContentVC
        recognizers:
          - id: parentTap
            kind: tap
            delegate:
              shouldReceive: { unlessTouchIn: [buy] }
        subviews:
          - id: buy
            kind: button
            frame: [145, 300, 100, 44]
            color: "#4C8BF5"
            text: Buy
      script:
        - { t: 0, touch: 1, down: [195, 322] }
        - { t: 80, touch: 1, up: true }

      """
    let scene = try load(text)
    // This file is already in the writer's form: saving gives it back unchanged, script lines included.
    #expect(SceneWriter.yaml(scene) == text)
    #expect(try load(SceneWriter.yaml(scene)) == scene)
  }

  @Test func generatedScenesRoundTrip() {
    var rng = SplitMix(seed: 42)
    for _ in 0..<150 {
      expectRoundTrip(RandomScene.make(using: &rng))
    }
  }
}

/// Random but valid scenes, for the round trip.
enum RandomScene {
  static func make(using rng: inout SplitMix) -> Scene {
    var counter = 0
    var recognizerIds: [String] = []
    var viewIds: [String] = []
    func number(_ r: ClosedRange<Double>) -> Double {
      switch Int.random(in: 0..<3, using: &rng) {
      case 0: return Double(Int.random(in: Int(r.lowerBound)...Int(r.upperBound), using: &rng))
      case 1: return (Double.random(in: r, using: &rng) * 4).rounded() / 4
      default: return Double.random(in: r, using: &rng)
      }
    }
    func makeView(depth: Int) -> ViewSpec {
      counter += 1
      let kind = ViewKind.allCases.randomElement(using: &rng) ?? .view
      let id = "v\(counter)"
      viewIds.append(id)
      var v = ViewSpec(
        id: id, kind: kind, frame: Rect(number(-50...400), number(-50...800), number(0...400), number(0...400)))
      if Bool.random(using: &rng) { v.bounds.origin = Point(number(-20...20), number(-20...20)) }
      if Int.random(in: 0..<4, using: &rng) == 0 {
        v.transform = TransformSpec(
          scale: Point(number(0.5...2), number(0.5...2)), rotation: number(-180...180),
          translation: Point(number(-9...9), number(-9...9)))
      }
      if Bool.random(using: &rng) { v.alpha = number(0...1) }
      v.hidden = Int.random(in: 0..<5, using: &rng) == 0
      v.userInteractionEnabled = Bool.random(using: &rng)
      v.clipsToBounds = Bool.random(using: &rng)
      // overrides naming this or an earlier view, self or nil; a circle or some rectangles.
      if Int.random(in: 0..<6, using: &rng) == 0 {
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
          let answers: [HitTestOverride.Answer] = [.this, .none, .view(viewIds.randomElement(using: &rng) ?? id)]
          v.hitTestOverrides.append(
            HitTestOverride(
              rect: Rect(number(-50...50), number(-50...50), number(0...200), number(0...200)),
              returns: answers.randomElement(using: &rng) ?? .this))
        }
      }
      switch Int.random(in: 0..<8, using: &rng) {
      case 0: v.pointInside = .circle(center: Point(number(-9...99), number(-9...99)), radius: number(0...80))
      case 1: v.pointInside = .rects([Rect(0, 0, number(0...50), number(0...50)), Rect(number(-9...9), 0, 10, 10)])
      default: break
      }
      if kind.isControl {
        v.enabled = Bool.random(using: &rng)
        if kind == .switch {
          v.value = Bool.random(using: &rng) ? 1 : 0
        } else if kind == .slider {
          v.value = number(0...1)
        }
      }
      if Bool.random(using: &rng) { v.text = "text \(counter): \(Int.random(in: 0...9, using: &rng))" }
      if kind == .scroll {
        v.scroll?.contentSize = Size(number(0...900), number(0...2000))
        v.scroll?.delaysContentTouches = Bool.random(using: &rng)
      }
      for _ in 0..<Int.random(in: 0...2, using: &rng) {
        counter += 1
        let rk = RecognizerKind.allCases.randomElement(using: &rng) ?? .tap
        var r = RecognizerSpec(id: "g\(counter)", kind: rk)
        r.isEnabled = Bool.random(using: &rng)
        if rk == .longPress { r.minimumPressDuration = number(0...3) }
        if rk == .swipe { r.direction = [Direction.allCases.randomElement(using: &rng) ?? .left] }
        if let other = recognizerIds.randomElement(using: &rng), Bool.random(using: &rng) {
          r.requireToFail = [other]  // only earlier recognizers: no cycles
        }
        if Bool.random(using: &rng) {
          var d = DelegateSpec()
          d.shouldBegin = Bool.random(using: &rng) ? .always(false) : .onlyTouchIn([id])
          d.shouldRecognizeSimultaneouslyWith = Bool.random(using: &rng) ? .all : .ids(recognizerIds.suffix(2))
          r.delegate = d
        }
        recognizerIds.append(r.id)
        v.recognizers.append(r)
      }
      if depth < 4 {
        for _ in 0..<Int.random(in: 0...3, using: &rng) { v.subviews.append(makeView(depth: depth + 1)) }
      }
      return v
    }
    var root = makeView(depth: 0)
    root.subviews.append(ViewSpec(id: "spare", frame: Rect(0, 0, 1, 1)))
    var scene = Scene(root: root)
    if Bool.random(using: &rng) { scene.title = "Scene \(Int.random(in: 0...999, using: &rng))" }
    var t = 0.0
    var down = false
    for _ in 0..<Int.random(in: 0...8, using: &rng) {
      t += 1 + number(0...100)
      let at = Point(number(0...390), number(0...844))
      if !down {
        scene.script.append(ScriptStep(t: t, .down(touch: 1, at: at)))
        down = true
      } else if Bool.random(using: &rng) {
        scene.script.append(ScriptStep(t: t, .move(touch: 1, to: at)))
      } else {
        scene.script.append(ScriptStep(t: t, .up(touch: 1, at: Bool.random(using: &rng) ? at : nil)))
        down = false
      }
      if Int.random(in: 0..<4, using: &rng) == 0 {
        t += 1
        scene.script.append(
          ScriptStep(t: t, .set([PropertyChange(target: "spare", key: "hidden", value: .bool(true))])))
      }
    }
    return scene
  }
}
