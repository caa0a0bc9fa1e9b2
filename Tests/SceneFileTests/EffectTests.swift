import Geometry
import Testing
import TouchSim

@testable import SceneFile

/// `effect:` on recognizers (extension) and the `transform.*` keys a `set` may change.
@Suite("Recognizer effects in scene files")
struct EffectTests {
  /// A scene with one recognizer on `card`, written as the flow mapping `recognizer`.
  static func sceneWith(_ recognizer: String) -> String {
    sceneText(
      """
      root:
        id: root
        subviews:
          - id: card
            frame: [0, 0, 100, 100]
            recognizers:
              - \(recognizer)
      """)
  }

  @Test func eachEffectOnItsKinds() throws {
    let cases: [(String, RecognizerKind, RecognizerEffect)] = [
      ("pan", .pan, .translate), ("screenEdgePan", .screenEdgePan, .translate), ("pinch", .pinch, .scale),
      ("rotation", .rotation, .rotate),
    ]
    for (name, kind, effect) in cases {
      let s = try load(Self.sceneWith("{ id: r, kind: \(name), effect: \(effect.rawValue) }"))
      let r = s.root.subviews[0].recognizers[0]
      #expect(r.kind == kind)
      #expect(r.effect == effect, "\(name)")
    }
    let none = try load(Self.sceneWith("{ id: r, kind: pan }"))
    #expect(none.root.subviews[0].recognizers[0].effect == nil)
  }

  @Test func anEffectThatDoesNotFitTheKindIsAnError() {
    // The value is wrong: the recognizer has an effect, another one.
    expectProblem(
      Self.sceneWith("{ id: drag, kind: pan, effect: scale }"), at: 8, 42,
      "effect 'scale' applies to pinch recognizers only ('drag' is a pan; its effect is translate)")
    expectProblem(
      Self.sceneWith("{ id: zoom, kind: pinch, effect: rotate }"), at: 8, 44,
      "effect 'rotate' applies to rotation recognizers only ('zoom' is a pinch; its effect is scale)")
    expectProblem(
      Self.sceneWith("{ id: spin, kind: rotation, effect: translate }"), at: 8, 47,
      "effect 'translate' applies to pan and screenEdgePan recognizers only ('spin' is a rotation; its effect is rotate)"
    )
    // The key is wrong: a tap, long press or swipe has no effect at all (reported at the key, like other keys
    // that apply to some classes only).
    for kind in ["tap", "longPress", "swipe"] {
      let column = 28 + kind.count
      expectProblem(
        Self.sceneWith("{ id: t, kind: \(kind), effect: translate }"), at: 8, column,
        "'effect' applies to pan, screenEdgePan, pinch and rotation recognizers only ('t' is a \(kind))")
    }
  }

  @Test func unknownEffectsGetAHint() {
    expectProblem(
      Self.sceneWith("{ id: drag, kind: pan, effect: translat }"), at: 8, 42,
      "unknown effect 'translat' (did you mean 'translate'?); use translate, scale, rotate")
    expectProblem(
      Self.sceneWith("{ id: spin, kind: rotation, effect: Rotate }"), at: 8, 47, "(did you mean 'rotate'?)")
    expectProblem(Self.sceneWith("{ id: drag, kind: pan, effect: [translate] }"), at: 8, 42, "'effect' takes a string")
    expectProblem(Self.sceneWith("{ id: drag, kind: pan, effect: }"), at: 8, 42, "'effect' needs a value")
    expectProblem(
      Self.sceneWith("{ id: drag, kind: pan, efect: translate }"), at: 8, 34,
      "unknown key 'efect' in a recognizer (did you mean 'effect'?)")
  }

  @Test func anUnknownKindLeavesTheEffectUnchecked() {
    let found = problems(Self.sceneWith("{ id: r, kind: pann, effect: translate }"))
    #expect(found.count == 1, "\(found)")
    #expect(found.first?.contains("unknown recognizer kind 'pann'") == true)
  }

  @Test func writerWritesTheEffectLastAndReadsItBack() throws {
    var root = ViewSpec(id: "root", frame: Rect(0, 0, 390, 844))
    var chip = ViewSpec(id: "chip", frame: Rect(16, 744, 150, 64))
    var pan = RecognizerSpec(id: "drag", kind: .pan)
    pan.effect = .translate
    var pinch = RecognizerSpec(id: "zoom", kind: .pinch)
    pinch.effect = .scale
    pinch.delegate = DelegateSpec()
    pinch.delegate?.shouldRecognizeSimultaneouslyWith = .ids(["spin"])
    var spin = RecognizerSpec(id: "spin", kind: .rotation)
    spin.effect = .rotate
    chip.recognizers = [pan, pinch, spin, RecognizerSpec(id: "plain", kind: .pan)]
    root.subviews = [chip]
    var scene = Scene(root: root)
    scene.script = [
      ScriptStep(
        t: 0,
        .set([
          PropertyChange(target: "chip", key: "transform.translation", value: .list([.number(120), .number(-4.5)])),
          PropertyChange(target: "chip", key: "transform.scale", value: .list([.number(2), .number(2)])),
          PropertyChange(target: "chip", key: "transform.rotation", value: .number(30)),
        ]))
    ]
    let text = SceneWriter.yaml(scene)
    #expect(
      text.contains(
        """
                - id: drag
                  kind: pan
                  effect: translate
                - id: zoom
                  kind: pinch
                  delegate:
                    shouldRecognizeSimultaneouslyWith: [spin]
                  effect: scale
                - id: spin
                  kind: rotation
                  effect: rotate
                - id: plain
                  kind: pan

        """), "\(text)")
    #expect(
      text.contains(
        "set: { chip.transform.translation: [120, -4.5], chip.transform.scale: [2, 2], chip.transform.rotation: 30 }"),
      "\(text)")
    let back = try SceneLoader.parse(text, file: "saved.yaml")
    #expect(back.withoutSourceLines == scene.withoutSourceLines)
    #expect(SceneWriter.yaml(back) == text)
  }

  @Test func scriptsMaySetTheTransformKeys() throws {
    let s = try load(
      Self.sceneWith("{ id: drag, kind: pan }") + """

        script:
          - { t: 0, set: { card.transform.translation: [120, 0], card.transform.scale: [1.5, 2], card.transform.rotation: -45 } }
        """)
    guard case .set(let changes) = s.script[0].action else {
      Issue.record("not a set step")
      return
    }
    #expect(
      changes == [
        PropertyChange(target: "card", key: "transform.translation", value: .list([.number(120), .number(0)])),
        PropertyChange(target: "card", key: "transform.scale", value: .list([.number(1.5), .number(2)])),
        PropertyChange(target: "card", key: "transform.rotation", value: .number(-45)),
      ])
    var scene = s
    for c in changes { #expect(scene.apply(c) == nil) }
    #expect(
      scene.root.subviews[0].transform
        == TransformSpec(scale: Point(1.5, 2), rotation: -45, translation: Point(120, 0)))
  }

  @Test func transformKeysInASetAreCheckedLikeOthers() {
    let text =
      Self.sceneWith("{ id: drag, kind: pan }") + """

        script:
          - { t: 0, set: { card.transform.translation: 120 } }
          - { t: 1, set: { card.transform.scale: [1, 2, 3] } }
          - { t: 2, set: { card.transform.rotation: [45] } }
          - { t: 3, set: { card.transform.rotation: 1e9 } }
          - { t: 4, set: { card.transform.rotate: 1 } }
          - { t: 5, set: { drag.transform.scale: [1, 1] } }
        """
    expectProblem(text, at: 10, 48, "'transform.translation' takes a point, not 120")
    expectProblem(text, at: 11, 42, "'transform.scale' takes a point, not [1, 2, 3]")
    expectProblem(text, at: 12, 45, "'transform.rotation' takes a number, not [45]")
    expectProblem(text, at: 13, 45, "'transform.rotation' must be a finite number within ±1000000")
    expectProblem(
      text, at: 14, 20, "'set' cannot change 'transform.rotate' on view 'card' (did you mean 'transform.rotation'?)")
    expectProblem(text, at: 15, 20, "'set' cannot change 'transform.scale' on recognizer 'drag'")
  }
}
