import Geometry
import Testing
import TouchSim

@testable import SceneFile

@Suite("Writing scene files")
struct WriterTests {
  @Test func readableLayout() {
    var root = ViewSpec(id: "root", frame: Rect(0, 0, 390, 844))
    var card = ViewSpec(id: "card", frame: Rect(20, 100, 350, 200.5))
    card.transform = TransformSpec(scale: Point(2, 2), rotation: 30)
    var list = ViewSpec(id: "list", kind: .scroll, frame: Rect(0, 300, 390, 400))
    list.bounds.origin = Point(0, 120)
    var tap = RecognizerSpec(id: "tap", kind: .tap)
    tap.requireToFail = ["list.pan"]
    root.recognizers = [tap]
    root.subviews = [card, list]
    var scene = Scene(root: root)
    scene.window = Size(375, 667)
    scene.script = [
      ScriptStep(t: 0, .down(touch: 1, at: Point(195, 330))),
      ScriptStep(t: 40.5, .up(touch: 1, at: Point(200, 331))),
      ScriptStep(t: 50, .set([PropertyChange(target: "tap", key: "isEnabled", value: .bool(false))])),
    ]
    #expect(
      SceneWriter.yaml(scene) == """
        format: touchscope/1
        window: [375, 667]
        root:
          id: root
          frame: [0, 0, 390, 844]
          recognizers:
            - id: tap
              kind: tap
              requireToFail: [list.pan]
          subviews:
            - id: card
              center: [195, 200.25]
              bounds: [0, 0, 350, 200.5]
              transform: { scale: 2, rotation: 30 }
            - id: list
              kind: scroll
              frame: [0, 300, 390, 400]
              contentOffset: [0, 120]
        script:
          - { t: 0, touch: 1, down: [195, 330] }
          - { t: 40.5, touch: 1, up: [200, 331] }
          - { t: 50, set: { tap.isEnabled: false } }

        """)
  }

  @Test func stringsAreQuotedOnlyWhenNeeded() {
    #expect(YAMLEmitter.string("Buy now") == "Buy now")
    #expect(YAMLEmitter.string("parentTap") == "parentTap")
    #expect(YAMLEmitter.string("true") == "\"true\"")
    #expect(YAMLEmitter.string("yes") == "\"yes\"")
    #expect(YAMLEmitter.string("12") == "\"12\"")
    #expect(YAMLEmitter.string("a: b") == "\"a: b\"")
    #expect(YAMLEmitter.string("x, y") == "\"x, y\"")
    #expect(YAMLEmitter.string("say \"hi\"\n") == "\"say \\\"hi\\\"\\n\"")
    #expect(YAMLEmitter.string("\u{1}") == "\"\\x01\"")
  }

  @Test func numbersAreShortAndExact() {
    #expect(NumberText.format(195) == "195")
    #expect(NumberText.format(-3) == "-3")
    #expect(NumberText.format(0.5) == "0.5")
    #expect(NumberText.format(-0.0) == "0")
    #expect(NumberText.format(1.0 / 3) == "0.3333333333333333")
    #expect(ScalarValue.parseNumber(NumberText.format(1e-7)) == 1e-7)
    #expect(ScalarValue.parseNumber(NumberText.format(1e20)) == 1e20)
  }
}
