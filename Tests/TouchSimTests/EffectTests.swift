import Geometry
import TestSupport
import Testing
import TouchSim

/// Recognizer effects (`effect: translate | scale | rotate`): the app's action handler, not a UIKit rule
/// (docs/MODEL.md, "Recognizer effects"). The view's transform follows the gesture from where it was when
/// the gesture began, each change is a `set` right after the action, and hit-testing sees the moved view.
@Suite struct EffectTests {
  /// A 100 x 60 chip at (20, 100) with a pan that drags it.
  static func chipScene(_ configure: (inout ViewSpec) -> Void = { _ in }) -> Scene {
    scene([v("chip", [20, 100, 100, 60], recognizers: [g("drag", .pan) { $0.effect = .translate }], configure)])
  }

  /// Two fingers going down at `a` and `b`, moving in `steps` equal steps of 16 ms to `a2` and `b2`, then
  /// lifting (unless `lift` is false).
  static func twoFingers(
    _ a: Point, _ b: Point, to a2: Point, _ b2: Point, steps: Int = 4, lift: Bool = true
  ) -> [ScriptStep] {
    var out = [down(1, a.x, a.y, t: 0), down(2, b.x, b.y, t: 0)]
    for i in 1...steps {
      let f = Double(i) / Double(steps)
      let t = Double(i) * 16
      out.append(move(1, a.x + (a2.x - a.x) * f, a.y + (a2.y - a.y) * f, t: t))
      out.append(move(2, b.x + (b2.x - b.x) * f, b.y + (b2.y - b.y) * f, t: t))
    }
    if lift {
      let t = Double(steps + 1) * 16
      out += [up(1, t: t), up(2, t: t)]
    }
    return out
  }

  func transform(_ run: Run, _ view: String) -> TransformSpec? {
    run.engine.scene.allViews.first { $0.id == view }?.transform
  }

  /// The `set` lines an effect wrote, with the index of each.
  func effectSets(_ run: Run) -> [(index: Int, key: String, value: PropertyValue, recognizer: String)] {
    run.trace.indices.compactMap { i in
      if case .set(_, let key, let value, .effect(let r)) = run.trace[i].event { return (i, key, value, r) }
      return nil
    }
  }

  // MARK: translate

  @Test func aDragMovesTheViewByThePansTranslation() {
    let run = Run(Self.chipScene(), drag(from: (70, 130), to: (170, 130)))
    #expect(transform(run, "chip") == TransformSpec(translation: Point(100, 0)))
    // One `set` right after each action that changed the translation: began (10 pt, the hysteresis) and
    // nine changes; the lift where the finger already was changes nothing, so `ended` has none.
    #expect(run.actions("drag") == ["began"] + Array(repeating: "changed", count: 9) + ["ended"])
    let sets = effectSets(run)
    #expect(sets.count == 10)
    #expect(sets.map(\.value) == (1...10).map { .list([.number(Double($0) * 10), .number(0)]) })
    for s in sets {
      #expect(s.key == "transform.translation" && s.recognizer == "drag")
      guard case .action("drag", _, _) = run.trace[s.index - 1].event else {
        Issue.record("the set at \(s.index) does not follow drag's action")
        continue
      }
    }
    #expect(
      run.events("set").first?.json
        == #"{"t":16,"ev":"set","target":"chip","key":"transform.translation","value":[10,0],"origin":"effect","recognizer":"drag"}"#
    )
    #expect(
      run.events("set").last?.json
        == #"{"t":160,"ev":"set","target":"chip","key":"transform.translation","value":[100,0],"origin":"effect","recognizer":"drag"}"#
    )
  }

  @Test func theMovedViewIsHitWhereItWentAndNotWhereItWas() {
    let script =
      drag(from: (70, 130), to: (170, 130)) + tap(150, 130, t: 500, touch: 2) + tap(40, 130, t: 900, touch: 3)
    let run = Run(Self.chipScene(), script)
    #expect(run.hit(2) == "chip")
    #expect(run.hit(3) == "root")
    // Without the effect the same taps land the other way round.
    var still = Self.chipScene()
    still.root.subviews[0].recognizers[0].effect = nil
    let before = Run(still, script)
    #expect(before.hit(2) == "root")
    #expect(before.hit(3) == "chip")
  }

  @Test func theTranslationAddsToTheOneTheViewHadWhenTheGestureBegan() {
    let s = Self.chipScene { $0.transform = TransformSpec(scale: Point(2, 2), translation: Point(5, -5)) }
    let run = Run(s, drag(from: (70, 125), to: (70, 205)) + drag(from: (70, 205), to: (20, 205), t: 500))
    #expect(transform(run, "chip") == TransformSpec(scale: Point(2, 2), translation: Point(-45, 75)))
  }

  @Test func aCancelledDragPutsTheViewBack() {
    let s = Self.chipScene { $0.transform.translation = Point(5, 5) }
    let run = Run(s, drag(from: (70, 130), to: (170, 130), lift: false) + [cancel(1, t: 200)])
    #expect(run.actions("drag").last == "cancelled")
    #expect(transform(run, "chip") == TransformSpec(translation: Point(5, 5)))
    let last = effectSets(run).last
    #expect(last?.value == .list([.number(5), .number(5)]))
    if let i = last?.index, case .action(let r, let state, _) = run.trace[i - 1].event {
      #expect(r == "drag" && state == .cancelled)
    } else {
      Issue.record("the last set does not follow an action")
    }
    // Disabling the pan mid-gesture cancels it too (rule 5.1): the chip goes back as well.
    let disabled = Run(
      s, drag(from: (70, 130), to: (170, 130), lift: false) + [set("drag", "isEnabled", .bool(false), t: 200)])
    #expect(disabled.actions("drag").last == "cancelled")
    #expect(transform(disabled, "chip") == TransformSpec(translation: Point(5, 5)))
  }

  @Test func aViewUnderAScaledSuperviewGetsTheTranslationInTheSuperviewsSpace() {
    // The card is scaled 2x about its centre: 100 window points are 50 of the card's.
    let s = scene([
      v(
        "card", [45, 200, 300, 300],
        subviews: [v("chip", [100, 100, 60, 40], recognizers: [g("drag", .pan) { $0.effect = .translate }])]
      ) {
        $0.transform = TransformSpec(scale: Point(2, 2))
      }
    ])
    // The chip's centre, (130, 120) in the card, is (155, 290) in the window.
    let grab = Point(155, 290)
    let start = Engine(scene: s).convert(grab, from: nil, to: "chip")
    let run = Run(s, drag(from: (grab.x, grab.y), to: (grab.x + 100, grab.y + 40)))
    #expect(transform(run, "chip") == TransformSpec(translation: Point(50, 20)))
    // The chip followed the finger: the point under it is the point it grabbed.
    #expect(run.engine.convert(Point(grab.x + 100, grab.y + 40), from: nil, to: "chip") == start)
  }

  @Test func aViewUnderARotatedSuperviewGetsTheTranslationInTheSuperviewsSpace() {
    // The card is turned 90° clockwise: a drag to the right is a drag towards the card's -y.
    let s = scene([
      v(
        "card", [45, 200, 300, 300],
        subviews: [v("chip", [120, 130, 60, 40], recognizers: [g("drag", .pan) { $0.effect = .translate }])]
      ) {
        $0.transform = TransformSpec(rotation: 90)
      }
    ])
    let run = Run(s, drag(from: (195, 350), to: (295, 350)))
    #expect(transform(run, "chip") == TransformSpec(translation: Point(0, -100)))
  }

  @Test func aScreenEdgePanTranslatesToo() {
    let s = scene([v("drawer", [0, 0, 390, 844], recognizers: [g("edge", .screenEdgePan) { $0.effect = .translate }])])
    let run = Run(s, drag(from: (5, 400), to: (155, 400)))
    #expect(transform(run, "drawer") == TransformSpec(translation: Point(150, 0)))
  }

  // MARK: scale and rotate

  @Test func aPinchScalesBothAxesFromTheScaleAtTheStart() {
    let s = scene([
      v("photo", [0, 200, 390, 200], recognizers: [g("zoom", .pinch) { $0.effect = .scale }]) {
        $0.transform.scale = Point(2, 1)
      }
    ])
    let run = Run(s, Self.twoFingers(Point(150, 300), Point(250, 300), to: Point(125, 300), Point(275, 300)))
    #expect(run.actionValues("zoom").last?.scale == 1.5)
    #expect(transform(run, "photo") == TransformSpec(scale: Point(3, 1.5)))
    let sets = effectSets(run)
    #expect(sets.allSatisfy { $0.key == "transform.scale" && $0.recognizer == "zoom" })
    #expect(sets.last?.value == .list([.number(3), .number(1.5)]))
    #expect(run.events("set").last?.json.hasSuffix(#""value":[3,1.5],"origin":"effect","recognizer":"zoom"}"#) == true)
  }

  @Test func aRotationTurnsTheViewInDegrees() {
    let s = scene([
      v("photo", [0, 200, 390, 200], recognizers: [g("spin", .rotation) { $0.effect = .rotate }]) {
        $0.transform.rotation = 10
      }
    ])
    // The fingers turn 30° clockwise about (200, 300).
    let c = (3.0).squareRoot() / 2 * 50
    let run = Run(s, Self.twoFingers(Point(150, 300), Point(250, 300), to: Point(200 - c, 275), Point(200 + c, 325)))
    let radians = run.actionValues("spin").last?.rotation ?? 0
    #expect(abs(radians - Double.pi / 6) < 1e-9)
    let t = transform(run, "photo") ?? TransformSpec()
    #expect(abs(t.rotation - 40) < 1e-9)
    #expect(t.scale == Point(1, 1) && t.translation == .zero)
    guard case .number(let degrees)? = effectSets(run).last?.value else {
      Issue.record("no rotation set")
      return
    }
    #expect(abs(degrees - 40) < 1e-9)
    #expect(effectSets(run).allSatisfy { $0.key == "transform.rotation" && $0.recognizer == "spin" })
  }

  @Test func aCancelledPinchOrRotationPutsTheViewBack() {
    let s = scene([
      v(
        "photo", [0, 200, 390, 200],
        recognizers: [g("zoom", .pinch) { $0.effect = .scale }, g("spin", .rotation) { $0.effect = .rotate }]
      ) {
        $0.transform = TransformSpec(scale: Point(1.5, 1.5), rotation: 20)
      }
    ])
    let pinch = Run(
      s,
      Self.twoFingers(Point(150, 300), Point(250, 300), to: Point(125, 300), Point(275, 300), lift: false) + [
        cancel(1, t: 100)
      ])
    #expect(pinch.actions("zoom").last == "cancelled")
    #expect(transform(pinch, "photo") == TransformSpec(scale: Point(1.5, 1.5), rotation: 20))
    let c = (3.0).squareRoot() / 2 * 50
    let turn = Run(
      s,
      Self.twoFingers(Point(150, 300), Point(250, 300), to: Point(200 - c, 275), Point(200 + c, 325), lift: false) + [
        cancel(2, t: 100)
      ])
    #expect(turn.actions("spin").last == "cancelled")
    #expect(transform(turn, "photo") == TransformSpec(scale: Point(1.5, 1.5), rotation: 20))
  }

  // MARK: scripts and the trace

  @Test func scriptedTransformSetsMoveTheViewAndKeepTheirOldShape() {
    let s = scene([v("chip", [20, 100, 100, 60])])
    let run = Run(
      s,
      [
        set("chip", "transform.translation", .list([.number(100), .number(0)]), t: 0),
        set("chip", "transform.scale", .list([.number(0.5), .number(0.5)]), t: 0),
        set("chip", "transform.rotation", .number(90), t: 0),
      ] + tap(160, 130, t: 10))
    #expect(run.hit() == "chip")
    #expect(transform(run, "chip") == TransformSpec(scale: Point(0.5, 0.5), rotation: 90, translation: Point(100, 0)))
    #expect(
      run.events("set").map(\.json) == [
        #"{"t":0,"ev":"set","target":"chip","key":"transform.translation","value":[100,0]}"#,
        #"{"t":0,"ev":"set","target":"chip","key":"transform.scale","value":[0.5,0.5]}"#,
        #"{"t":0,"ev":"set","target":"chip","key":"transform.rotation","value":90}"#,
      ])
  }

  @Test func setOriginsAsJSON() {
    let value = PropertyValue.list([.number(1), .number(2)])
    func line(_ origin: SetOrigin) -> String {
      TraceEntry(t: 5, event: .set(target: "chip", key: "transform.translation", value: value, origin: origin)).json
    }
    #expect(line(.script) == #"{"t":5,"ev":"set","target":"chip","key":"transform.translation","value":[1,2]}"#)
    #expect(
      line(.user) == #"{"t":5,"ev":"set","target":"chip","key":"transform.translation","value":[1,2],"origin":"user"}"#)
    #expect(
      line(.effect(recognizer: "drag"))
        == #"{"t":5,"ev":"set","target":"chip","key":"transform.translation","value":[1,2],"origin":"effect","recognizer":"drag"}"#
    )
  }

  @Test func anEffectOnAKindItDoesNotFitDoesNothing() {
    // The reader refuses such a scene; a scene built in code is run without the effect.
    let s = scene([v("chip", [20, 100, 100, 60], recognizers: [g("drag", .pan) { $0.effect = .scale }])])
    let run = Run(s, drag(from: (70, 130), to: (170, 130)))
    #expect(run.fired("drag"))
    #expect(run.events("set").isEmpty)
  }

  @Test func effectsAreDeterministic() {
    let script = drag(from: (70, 130), to: (170, 130)) + tap(150, 130, t: 500, touch: 2)
    #expect(Run(Self.chipScene(), script).json == Run(Self.chipScene(), script).json)
  }
}
