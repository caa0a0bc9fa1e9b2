import DeviceBridge
import Geometry
import SceneFile
import TestSupport
import Testing
import TouchSim

/// Export to a device: `touchscope export swift` writes what the scene says, in Swift an iOS developer reads.
struct SwiftExporterTests {
  /// A double tap the single tap waits for (E-6.3), and a delegate on the card's tap: require(toFail:) and
  /// every delegate method with the scene's answers.
  static let tapsScene = scene(
    [
      v(
        "card", [20, 100, 350, 300],
        recognizers: [
          g("single", .tap) { $0.requireToFail = ["double"] },
          g("double", .tap) { $0.numberOfTapsRequired = 2 },
          g("cardPan", .pan) {
            var d = DelegateSpec()
            d.shouldReceive = .unlessTouchIn(["buy"])
            d.shouldBegin = .onlyTouchIn(["card"])
            d.shouldRecognizeSimultaneouslyWith = .ids(["single"])
            d.shouldRequireFailureOf = ["double"]
            d.shouldBeRequiredToFailBy = ["single", "double"]
            $0.delegate = d
            $0.cancelsTouchesInView = false
            $0.delaysTouchesBegan = true
          },
        ],
        subviews: [v("buy", [10, 10, 80, 40], kind: .button) { $0.text = "Buy" }]
      ) { $0.forwardsTouches = false }
    ]
  ) { $0.root.controller = "RootVC" }

  @Test func requireToFailAndDelegateAnswers() throws {
    let swift = SwiftExporter.export(Self.tapsScene)
    #expect(swift.contains("let single = UITapGestureRecognizer()"))
    #expect(swift.contains("double.numberOfTapsRequired = 2"))
    #expect(swift.contains("single.require(toFail: double)"))
    #expect(swift.contains("cardPan.delegate = self"))
    #expect(!swift.contains("single.delegate = self"))
    #expect(swift.contains("cardPan.cancelsTouchesInView = false"))
    #expect(swift.contains("cardPan.delaysTouchesBegan = true"))
    #expect(swift.contains("extension ViewController: UIGestureRecognizerDelegate {"))
    #expect(swift.contains("case self.cardPan: answer = !isTouch(touch.view, in: [self.buy])"))
    #expect(swift.contains("case self.cardPan: answer = isTouch(touchView, in: [self.card])"))
    #expect(swift.contains(#"case self.cardPan: answer = ["single"].contains(other.name ?? "")"#))
    #expect(swift.contains(#"case self.cardPan: answer = ["double"].contains(other.name ?? "")"#))
    #expect(swift.contains(#"case self.cardPan: answer = ["single", "double"].contains(other.name ?? "")"#))
    for question in [
      "shouldReceive", "shouldBegin", "shouldRecognizeSimultaneouslyWith", "shouldRequireFailureOf",
      "shouldBeRequiredToFailBy",
    ] {
      #expect(swift.contains("\"\(question)\""), "\(question)")
    }
    // forwardsTouches: false → all four touches* overridden without super (B-4).
    #expect(
      swift.contains(
        "card.overrides.touchesWithoutSuper = [.touchesBegan, .touchesMoved, .touchesEnded, .touchesCancelled]"))
    #expect(swift.contains(#"buy.setTitle("Buy", for: .normal)"#))
    #expect(swift.contains("TouchLog.observeEvents(of: buy)"))
    #expect(swift.contains("/// `RootVC`, the view controller whose view is `root`."))
    try expectParses(swift)
  }

  /// Ids that are Swift keywords or hold characters identifiers cannot: backticks or camel case, the same
  /// name everywhere, a number for a clash; the logs keep the scene's own ids.
  /// Rules 8.4, 8.5: a stepper's and a slider's settings become the UIKit code that sets them, the maximum
  /// before the minimum and both before the value (UIKit keeps the value within the range as each is set).
  @Test func stepperAndSliderSettings() throws {
    let s = scene([
      v("count", [0, 0, 94, 29], kind: .stepper) {
        $0.minimumValue = -5
        $0.maximumValue = 5
        $0.stepValue = 0.5
        $0.wraps = true
        $0.autorepeat = false
        $0.isContinuous = false
        $0.value = 2
      },
      v("volume", [0, 40, 200, 30], kind: .slider) {
        $0.maximumValue = 11
        $0.value = 7
      },
    ])
    let swift = SwiftExporter.export(s)
    for line in [
      "count.maximumValue = 5", "count.minimumValue = -5", "count.stepValue = 0.5", "count.wraps = true",
      "count.autorepeat = false", "count.isContinuous = false", "count.value = 2", "volume.maximumValue = 11",
      "volume.minimumValue = 0", "volume.value = 7",
    ] {
      #expect(swift.contains(line), "no '\(line)'")
    }
    let order = ["count.maximumValue", "count.minimumValue", "count.value"].map { swift.range(of: $0)!.lowerBound }
    #expect(order == order.sorted())
  }

  /// Rules 8.6, 8.7, 8.8: the segmented control's and page control's settings, and a control's tracking
  /// overrides as Swift overrides that log their answer.
  @Test func segmentPageAndTrackingSettings() throws {
    let s = scene([
      v("choice", [0, 0, 300, 32], kind: .segmentedControl) {
        $0.text = "A|B|C"
        $0.isMomentary = true
        $0.disabledSegments = [1]
      },
      v("pages", [0, 40, 200, 30], kind: .pageControl) {
        $0.numberOfPages = 4
        $0.value = 2
      },
      v("knob", [0, 80, 100, 100], kind: .control) {
        $0.trackingOverrides.beginTracking = .within(.circle(center: Point(50, 50), radius: 20))
        $0.trackingOverrides.continueTracking = .always(false)
        $0.trackingOverrides.endTrackingCallsSuper = false
      },
    ])
    let swift = SwiftExporter.export(s)
    for line in [
      "choice.isMomentary = true", "choice.setEnabled(false, forSegmentAt: 1)",
      "choice.selectedSegmentIndex = UISegmentedControl.noSegment", "pages.numberOfPages = 4", "pages.currentPage = 2",
      "knob.overrides.beginTracking = { p in hypot(p.x - 50, p.y - 50) <= 20 }",
      "knob.overrides.continueTracking = { _ in false }", "knob.overrides.endTrackingCallsSuper = false",
      "override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool",
      "TouchLog.ask(of: overrides.id, \"continueTracking\", answer: answer)",
      "if overrides.endTrackingCallsSuper { super.endTracking(touch, with: event) }",
    ] {
      #expect(swift.contains(line), "no '\(line)'")
    }
    // The log a device prints has the override's answer, as the exported override logs it.
    var tapped = s
    tapped.script = tap(5, 85)
    let log = DeviceLog.expected(Engine.replay(tapped), scene: tapped)
    #expect(
      log.contains {
        if case .ask("knob", "beginTracking", nil, nil, false) = $0.kind { true } else { false }
      })
    // A scene without tracking overrides writes none.
    #expect(!SwiftExporter.export(scene([v("b", [0, 0, 9, 9], kind: .button)])).contains("beginTracking"))
  }

  @Test func idsThatAreNotSwiftIdentifiers() throws {
    let s = scene(
      [
        v("default", [0, 0, 100, 100], recognizers: [g("class", .tap) { $0.requireToFail = ["list-row.tap"] }]),
        v("list-row", [0, 100, 100, 100], recognizers: [g("list-row.tap", .tap)]),
        v("listRow", [0, 200, 100, 100]),
        v("view", [0, 300, 100, 100]),
        v("2up", [0, 400, 100, 100]) {
          $0.hitTestOverrides = [HitTestOverride(rect: Rect(0, 0, 10, 10), returns: .view("default"))]
        },
      ])
    let swift = SwiftExporter.export(s)
    #expect(swift.contains(#"let `default` = LoggedView(id: "default")"#))
    #expect(swift.contains("root.addSubview(`default`)"))
    #expect(swift.contains(#"let `class` = UITapGestureRecognizer()"#))
    #expect(swift.contains(#"`class`.name = "class""#))
    #expect(swift.contains("`default`.addGestureRecognizer(`class`)"))
    #expect(swift.contains(#"let listRow = LoggedView(id: "list-row")"#))
    #expect(swift.contains(#"let listRow2 = LoggedView(id: "listRow")"#))
    #expect(swift.contains(#"let listRowTap = UITapGestureRecognizer()"#))
    #expect(swift.contains(#"listRowTap.name = "list-row.tap""#))
    #expect(swift.contains("`class`.require(toFail: listRowTap)"))
    #expect(swift.contains(#"let view_ = LoggedView(id: "view")"#))
    #expect(swift.contains(#"let _2up = LoggedView(id: "2up")"#))
    #expect(swift.contains("{ [unowned self] in self.`default` }"))
    let names = SwiftNames(scene: s)
    #expect(names["default"] == "`default`")
    #expect(names["list-row"] == "listRow")
    #expect(SwiftNames.identifier(for: "self") == "self_")
    try expectParses(swift)
  }

  /// A scroll view, controls with values, a child view controller and the hit-test overrides.
  @Test func scrollViewsControlsAndOverrides() throws {
    let s = scene([
      v("list", [0, 0, 390, 400], kind: .scroll) {
        $0.scroll?.contentSize = Size(390, 1200)
        $0.scroll?.delaysContentTouches = false
        $0.scroll?.touchesShouldCancelExcept = ["toggle"]
        $0.bounds.origin = Point(0, 100)
        $0.subviews = [
          v("toggle", [10, 10, 51, 31], kind: .switch) { $0.value = 1 },
          v("level", [10, 60, 200, 30], kind: .slider) {
            $0.value = 0.25
            $0.enabled = false
          },
          v("mode", [10, 100, 200, 30], kind: .segmentedControl) { $0.text = "A|B" },
        ]
      },
      v("panel", [0, 400, 390, 400]) {
        $0.controller = "PanelVC"
        $0.controllerTouchForwarding = TouchForwarding(forwards: true, except: [.touchesEnded])
        $0.hitOutset = 12
        $0.passThrough = true
        $0.gestureRecognizerShouldBegin = false
        $0.pointInside = nil
        $0.transform = TransformSpec(scale: Point(2, 2), rotation: 90, translation: Point(5, 0))
      },
    ])
    let swift = SwiftExporter.export(s)
    #expect(swift.contains("list.contentSize = CGSize(width: 390, height: 1200)"))
    #expect(swift.contains("list.contentOffset = CGPoint(x: 0, y: 100)"))
    #expect(swift.contains("list.delaysContentTouches = false"))
    #expect(swift.contains("return [self.toggle].contains(view) ? !answer : answer"))
    #expect(swift.contains("toggle.isOn = true"))
    #expect(swift.contains("level.value = 0.25"))
    #expect(swift.contains("level.isEnabled = false"))
    #expect(swift.contains(#"mode.insertSegment(withTitle: "B", at: 1, animated: false)"#))
    #expect(swift.contains(#"let panelVC = ChildViewController(id: "PanelVC", touchesWithoutSuper: [.touchesEnded])"#))
    #expect(swift.contains("addChild(panelVC)"))
    #expect(swift.contains("panel.bounds.insetBy(dx: -12, dy: -12)"))
    #expect(swift.contains("panel.overrides.passThrough = true"))
    #expect(swift.contains("panel.overrides.gestureRecognizerShouldBegin = false"))
    #expect(
      swift.contains(
        "panel.transform = CGAffineTransform(translationX: 5, y: 0).rotated(by: 90 * .pi / 180).scaledBy(x: 2, y: 2)"))
    #expect(swift.contains(#"list.panGestureRecognizer.name = "list.pan""#))
    #expect(swift.contains("final class LoggedScrollView: UIScrollView, SceneView"))
    #expect(swift.contains("override func touchesShouldCancel(in view: UIView) -> Bool"))
    try expectParses(swift)
  }

  /// A pan that drags its view (effect translate) and a recognizer whose id is a local name of the
  /// generated methods: the effect in the action handler, the recognizer named through `self`.
  @Test func effectsAndRecognizerIdsThatAreLocalNames() throws {
    let s = scene([
      v(
        "sheet", [0, 400, 390, 400],
        recognizers: [
          g("drag", .pan) { $0.effect = .translate },
          g("answer", .tap) { $0.delegate = DelegateSpec() },
        ])
    ])
    let swift = SwiftExporter.export(s)
    #expect(swift.contains("case self.drag:"))
    #expect(swift.contains("let t = pan.translation(in: view.superview)"))
    #expect(swift.contains("view.transform.tx = start.tx + t.x"))
    #expect(swift.contains("case self.answer: answer = true"))
    try expectParses(swift)
  }

  private func expectParses(_ swift: String) throws {
    guard let result = try SwiftCompiler.parse([("ViewController.swift", swift)]) else {
      Issue.record(Comment(rawValue: SwiftCompiler.missing))
      return
    }
    #expect(result.status == 0, "\(result.output)\n\(swift)")
  }

  /// Views named after the functions the generated code calls (`hypot` with a circular pointInside, whose
  /// closure calls `hypot`) get names that do not shadow them: no declared name is called as a function.
  @Test func namesNeverShadowTheFunctionsTheCodeCalls() throws {
    let ids = ["hypot", "print", "fatalError", "abs", "min", "max"]
    let s = scene(
      ids.enumerated().map { i, id in
        v(id, [0, Double(i) * 50, 40, 40]) { $0.pointInside = .circle(center: Point(20, 20), radius: 20) }
      })
    let swift = SwiftExporter.export(s)
    #expect(swift.contains("let hypot_ = LoggedView(id: \"hypot\")"), "\(swift)")
    #expect(swift.contains("hypot_.overrides.pointInside = { p in hypot(p.x - 20, p.y - 20) <= 20 }"))
    func names(_ pattern: String) throws -> Set<String> {
      let regex = try Regex(pattern, as: (Substring, Substring).self)
      return Set(swift.matches(of: regex).map { String($0.1) })
    }
    let declared = try names(#"\blet ([A-Za-z_][A-Za-z0-9_]*) = "#)
    let called = try names(#"(?:^|[^.\w])([a-z][A-Za-z0-9_]*)\("#)
    #expect(called.contains("hypot") && called.contains("print"))
    #expect(declared.isDisjoint(with: called), "\(declared.intersection(called))")
  }
}
