import Geometry
import TouchSim

/// Turns a list of integers (what the property-test generator shrinks) into a valid multi-touch
/// script: at most four fingers, moves and lifts only of fingers that are down, every finger lifted
/// or cancelled by the end. Steps may share a time (one UIEvent with several touches).
public func randomScript(_ ops: [Int], window: Size = Size(390, 844)) -> [ScriptStep] {
  var out: [ScriptStep] = []
  var t = 0.0
  var live: [Int: Point] = [:]
  var nextNumber = 1
  for op in ops {
    let a = abs(op)
    let kind = a % 10
    let r1 = (a / 10) % 1000
    let r2 = (a / 10_000) % 1000
    // Time: same event (0), a frame, or a long pause that lets timers fire.
    switch (a / 10_000_000) % 6 {
    case 0: break
    case 1, 2, 3: t += 16
    case 4: t += 120
    default: t += 400
    }
    let used = Set(out.filter { $0.t == t }.compactMap(\.touch))
    switch kind {
    case 0, 1, 2:
      guard live.count < 4 else { continue }
      // Numbers are never reused, so the deliveries of each touch can be told apart in the trace
      // (a lifted touch's touchesEnded may still be held when the next finger goes down).
      let n = nextNumber
      nextNumber += 1
      let p = Point(Double(r1 % Int(window.width)), Double((r2 * 7) % Int(window.height)))
      live[n] = p
      out.append(ScriptStep(t: t, .down(touch: n, at: p)))
    case 3, 4, 5:
      guard let n = live.keys.sorted().first(where: { !used.contains($0) }) else { continue }
      let d = Point(Double(r1 % 61) - 30, Double(r2 % 61) - 30)
      let p = live[n]! + d * Double(kind - 2)
      live[n] = p
      out.append(ScriptStep(t: t, .move(touch: n, to: p)))
    case 6, 7, 8:
      guard let n = live.keys.sorted().last(where: { !used.contains($0) }) else { continue }
      live[n] = nil
      out.append(ScriptStep(t: t, kind == 8 && r1 % 3 == 0 ? .cancel(touch: n) : .up(touch: n, at: nil)))
    default:
      t += Double(r1 % 700)
    }
  }
  t += 16
  for n in live.keys.sorted() { out.append(ScriptStep(t: t, .up(touch: n, at: nil))) }
  return out
}

/// Scenes with many interacting rules, for property tests.
public enum PropertyScenes {
  public static var all: [Scene] { [buttonsAndTaps, scrollList, photoGestures, everything] }

  public static var buttonsAndTaps: Scene {
    scene(
      [
        v(
          "card", [0, 100, 390, 500],
          recognizers: [
            g("single", .tap) { $0.requireToFail = ["double"] }, g("double", .tap) { $0.numberOfTapsRequired = 2 },
            g("press", .longPress) { $0.delaysTouchesBegan = true },
          ],
          subviews: [
            v("buy", [20, 20, 150, 50], kind: .button),
            v("custom", [200, 20, 150, 50], kind: .control),
            v("toggle", [20, 100, 51, 31], kind: .switch),
            v("volume", [100, 100, 250, 30], kind: .slider, recognizers: [g("own", .tap)]),
          ]
        ) { $0.multipleTouchEnabled = true }
      ], rootRecognizers: [g("rootTap", .tap) { $0.cancelsTouchesInView = false }])
  }

  public static var scrollList: Scene {
    scene(
      [
        v(
          "list", [0, 100, 390, 600], kind: .scroll,
          subviews: [
            v(
              "row1", [0, 0, 390, 100], recognizers: [g("select1", .tap)],
              subviews: [v("b1", [250, 25, 100, 50], kind: .button)]),
            v("row2", [0, 100, 390, 100], recognizers: [g("swipeRow", .swipe) { $0.direction = [.left] }]),
            v("row3", [0, 200, 390, 100], subviews: [v("b3", [250, 25, 100, 50], kind: .button)]),
          ]
        ) {
          $0.scroll = ScrollSpec(contentSize: Size(390, 1800))
          $0.scroll!.touchesShouldCancelExcept = ["b3"]
        }
      ], rootRecognizers: [g("edge", .screenEdgePan)])
  }

  public static var photoGestures: Scene {
    scene([
      v(
        "photo", [20, 100, 350, 500],
        recognizers: [
          g("pinch", .pinch) {
            $0.delegate = DelegateSpec()
            $0.delegate!.shouldRecognizeSimultaneouslyWith = .all
          },
          g("rotate", .rotation),
          g("pan", .pan) {
            $0.maximumNumberOfTouches = 2
            $0.requireToFail = ["swipe"]
          },
          g("swipe", .swipe) { $0.direction = [.left, .right] },
          g("twoTap", .tap) {
            $0.numberOfTouchesRequired = 2
            $0.delaysTouchesEnded = false
          },
        ]
      ) { $0.transform = TransformSpec(scale: Point(0.9, 1.1), rotation: 10) }
    ])
  }

  public static var everything: Scene {
    scene([
      v(
        "outer", [0, 0, 390, 844],
        recognizers: [
          g("outerPan", .pan) {
            $0.delegate = DelegateSpec()
            $0.delegate!.shouldBeRequiredToFailBy = ["innerTap"]
          }
        ],
        subviews: [
          v(
            "inner", [40, 200, 300, 300],
            recognizers: [
              g("innerTap", .tap) {
                $0.delaysTouchesBegan = true
                $0.delegate = DelegateSpec()
                $0.delegate!.shouldReceive = .unlessTouchIn(["knob"])
              },
              g("innerPress", .longPress) { $0.cancelsTouchesInView = false },
            ], subviews: [v("knob", [100, 100, 60, 60], kind: .control) { $0.hitOutset = 20 }]
          ) { $0.exclusiveTouch = true },
          v("overlay", [0, 600, 390, 244], subviews: [v("pill", [100, 50, 100, 40], kind: .stepper)]) {
            $0.passThrough = true
          },
        ]
      ) { $0.controller = "VC" }
    ])
  }
}

/// A random multi-touch script for `scene` from `seed`: `randomScript`'s fingers (up to four at once, in
/// the scene's window) with, now and then, a property change or a reordering in the middle of a gesture
/// (a recognizer disabled, a view hidden or made non-interactive, a delay switched on ...).
public func randomSceneScript(for scene: Scene, seed: UInt64) -> [ScriptStep] {
  var rng = SplitMix(seed: seed)
  let ops = (0..<Int.random(in: 1...60, using: &rng)).map { _ in Int.random(in: 0...999_999_999, using: &rng) }
  var steps = randomScript(ops, window: scene.window)
  let recognizers = scene.allRecognizers.map(\.id)
  let views = scene.allViews.map(\.id).filter { $0 != scene.root.id }
  guard !steps.isEmpty, Int.random(in: 0..<3, using: &rng) == 0 else { return steps }
  for _ in 0..<Int.random(in: 1...3, using: &rng) {
    let i = Int.random(in: 0..<steps.count, using: &rng)
    let flag = PropertyValue.bool(Bool.random(using: &rng))
    var action: ScriptStep.Action?
    switch Int.random(in: 0..<6, using: &rng) {
    case 0, 1:
      if let r = recognizers.randomElement(using: &rng) {
        let key = ["isEnabled", "cancelsTouchesInView", "delaysTouchesBegan", "delaysTouchesEnded"].randomElement(
          using: &rng)!
        action = .set([PropertyChange(target: r, key: key, value: flag)])
      }
    case 2, 3:
      if let v = views.randomElement(using: &rng) {
        let key = ["hidden", "userInteractionEnabled", "multipleTouchEnabled", "exclusiveTouch"].randomElement(
          using: &rng)!
        action = .set([PropertyChange(target: v, key: key, value: flag)])
      }
    case 4:
      if let v = views.randomElement(using: &rng) {
        action = .set([PropertyChange(target: v, key: "alpha", value: .number(Bool.random(using: &rng) ? 0 : 1))])
      }
    default:
      if let v = views.randomElement(using: &rng) {
        action = Bool.random(using: &rng) ? .bringToFront(v) : .sendToBack(v)
      }
    }
    // Only changes the scene accepts (a key may not apply to this view's kind).
    if let action {
      if case .set(let changes) = action {
        var probe = scene
        guard changes.allSatisfy({ probe.apply($0) == nil }) else { continue }
      }
      steps.insert(ScriptStep(t: steps[i].t, action), at: i)
    }
  }
  return steps
}
