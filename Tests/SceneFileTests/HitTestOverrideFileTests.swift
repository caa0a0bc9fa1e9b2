import Geometry
import Testing
import TouchSim

@testable import SceneFile

/// Rule A-12 in the scene file: `hitTestOverrides` and `pointInside` (extensions).
@Suite struct HitTestOverrideFileTests {
  static let text = """
    format: touchscope/1
    root:
      id: root
      subviews:
        - id: bar
          frame: [0, 700, 390, 100]
          hitTestOverrides:
            - { rect: [150, -30, 90, 30], returns: plus }
            - { rect: [0, 0, 40, 100], returns: root }
            - { rect: [40, 0, 40, 100], returns: self }
            - { rect: [80, 0, 40, 100], returns: nil }
          subviews:
            - { id: plus, kind: button, frame: [150, -30, 90, 60], pointInside: { circle: [45, 30, 30] } }
            - { id: ell, frame: [300, 0, 90, 100], pointInside: { rects: [[0, 0, 90, 20], [0, 0, 20, 100]] } }

    """

  @Test func a12KeysAreRead() throws {
    let scene = try load(Self.text)
    let bar = scene.root.subviews[0]
    #expect(
      bar.hitTestOverrides == [
        HitTestOverride(rect: Rect(150, -30, 90, 30), returns: .view("plus")),
        HitTestOverride(rect: Rect(0, 0, 40, 100), returns: .view("root")),
        HitTestOverride(rect: Rect(40, 0, 40, 100), returns: .this),
        HitTestOverride(rect: Rect(80, 0, 40, 100), returns: .none),
      ])
    #expect(bar.subviews[0].pointInside == .circle(center: Point(45, 30), radius: 30))
    #expect(bar.subviews[1].pointInside == .rects([Rect(0, 0, 90, 20), Rect(0, 0, 20, 100)]))
  }

  @Test func a12KeysRoundTrip() throws {
    let scene = try load(Self.text)
    let written = SceneWriter.yaml(scene)
    #expect(written.contains("- { rect: [150, -30, 90, 30], returns: plus }"), "\(written)")
    #expect(written.contains("returns: self }") && written.contains("returns: nil }"), "\(written)")
    #expect(written.contains("pointInside: { circle: [45, 30, 30] }"), "\(written)")
    #expect(written.contains("pointInside: { rects: [[0, 0, 90, 20], [0, 0, 20, 100]] }"), "\(written)")
    #expect(try load(written) == scene)
  }

  @Test func a12UnknownIdsAndWrongShapesArePositionedErrors() {
    let misspelt = Self.text.replacingOccurrences(of: "returns: plus", with: "returns: pluss")
    expectProblem(
      misspelt, at: 8, 48, "'hitTestOverrides.returns' names 'pluss', but no view has that id (did you mean 'plus'?)")
    let noRect = Self.text.replacingOccurrences(
      of: "{ rect: [0, 0, 40, 100], returns: root }", with: "{ returns: root }")
    expectProblem(noRect, at: 9, 11, "needs a 'rect'")
    let badRect = Self.text.replacingOccurrences(of: "[0, 0, 40, 100]", with: "[0, 0, 40]")
    expectProblem(badRect, at: 9, 19, "'rect' takes [x, y, width, height]")
    let badAnswer = Self.text.replacingOccurrences(of: "returns: self", with: "returns: [a]")
    expectProblem(badAnswer, at: 10, 46, "'returns' takes a view id, self or nil")
    let badKey = Self.text.replacingOccurrences(of: "returns: nil", with: "answer: nil")
    expectProblem(badKey, at: 11, 37, "unknown key 'answer'")
    let notAList = "format: touchscope/1\nroot: { id: root, hitTestOverrides: root }\n"
    expectProblem(notAList, at: 2, 37, "'hitTestOverrides' takes a list")
    let radius = Self.text.replacingOccurrences(of: "circle: [45, 30, 30]", with: "circle: [45, 30]")
    expectProblem(radius, at: 13, 87, "'circle' takes [centreX, centreY, radius]")
    let both = Self.text.replacingOccurrences(
      of: "{ circle: [45, 30, 30] }", with: "{ circle: [45, 30, 30], rects: [] }")
    expectProblem(both, at: 13, 101, "either 'circle' or 'rects', not both")
    let empty = Self.text.replacingOccurrences(of: "{ circle: [45, 30, 30] }", with: "{}")
    expectProblem(empty, at: 13, 77, "'pointInside' needs a shape")
  }

  @Test func a12OverridesAreNotSettable() {
    let script = Self.text + "script:\n  - { t: 0, set: { bar.hitTestOverrides: [] } }\n"
    expectProblem(script, at: 16, 20, "'set' cannot change 'hitTestOverrides' on view 'bar'")
    let shape = Self.text + "script:\n  - { t: 0, set: { plus.pointInside: 1 } }\n"
    expectProblem(shape, at: 16, 20, "'set' cannot change 'pointInside' on view 'plus'")
  }

  @Test func a12TheEditorKeepsTheOverridesWhileChangingASettableKey() throws {
    let out = try SceneEditor.apply(
      [PropertyChange(target: "bar", key: "hidden", value: .bool(true))], to: Self.text, file: "t.yaml")
    let before = try load(Self.text)
    let after = try load(out)
    #expect(after.root.subviews[0].hidden)
    #expect(after.root.subviews[0].hitTestOverrides == before.root.subviews[0].hitTestOverrides)
    #expect(after.root.subviews[0].subviews.map(\.pointInside) == before.root.subviews[0].subviews.map(\.pointInside))
  }
}
