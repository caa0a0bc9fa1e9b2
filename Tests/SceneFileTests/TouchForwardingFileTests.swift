import Testing
import TouchSim

@testable import SceneFile

/// `forwardsTouches` and `controllerForwardsTouches` in scene files (rules B-4, B-4a).
@Suite struct TouchForwardingFileTests {
  static let text = """
    format: touchscope/1
    root:
      id: root
      frame: [0, 0, 390, 844]
      subviews:
        - { id: a, frame: [0, 0, 10, 10], forwardsTouches: { except: [touchesBegan] } }
        - { id: b, frame: [0, 0, 10, 10], forwardsTouches: { default: false, except: [touchesEnded, touchesMoved] } }
        - { id: c, frame: [0, 0, 10, 10], forwardsTouches: false }
        - { id: d, frame: [0, 0, 10, 10], forwardsTouches: { default: false } }
        - { id: e, frame: [0, 0, 10, 10], controller: EVC, controllerForwardsTouches: false }
        - { id: f, frame: [0, 0, 10, 10], controller: FVC, controllerForwardsTouches: { except: [touchesCancelled] } }
    """

  /// B-4a: the per-method form reads as the methods that stop; the bool form stays as it was.
  @Test func b4aThePerMethodFormIsRead() throws {
    let s = try load(Self.text)
    let v = Dictionary(uniqueKeysWithValues: s.root.subviews.map { ($0.id, $0) })
    #expect(v["a"]!.touchForwarding.stopped == [.touchesBegan])
    #expect(v["a"]!.forwardsTouches)
    #expect(v["b"]!.touchForwarding.stopped == [.touchesBegan, .touchesCancelled])
    #expect(v["b"]!.touchForwarding.except == [.touchesMoved, .touchesEnded])
    #expect(!v["c"]!.forwardsTouches && v["c"]!.touchForwarding.isUniform)
    #expect(v["d"]!.touchForwarding == v["c"]!.touchForwarding)
    #expect(v["e"]!.controllerTouchForwarding == TouchForwarding(forwards: false))
    #expect(v["e"]!.touchForwarding.isDefault)
    #expect(v["f"]!.controllerTouchForwarding.stopped == [.touchesCancelled])
  }

  /// B-4a: written back in the same forms, and read back to the same scene.
  @Test func b4aThePerMethodFormIsWrittenBack() throws {
    let s = try load(Self.text)
    let text = SceneWriter.yaml(s)
    #expect(text.contains("forwardsTouches: { except: [touchesBegan] }"))
    #expect(text.contains("forwardsTouches: { default: false, except: [touchesMoved, touchesEnded] }"))
    #expect(text.contains("forwardsTouches: false"))
    #expect(text.contains("controllerForwardsTouches: false"))
    #expect(text.contains("controllerForwardsTouches: { except: [touchesCancelled] }"))
    #expect(try load(text).withoutSourceLines == s.withoutSourceLines)
  }

  /// B-4a: mistakes are reported where they are.
  @Test func b4aMistakesArePositioned() {
    func view(_ extra: String) -> String {
      sceneText("root:\n  id: root\n  frame: [0, 0, 390, 844]\n  \(extra)\n")
    }
    expectProblem(view("forwardsTouches: { except: [touchesBegun] }"), at: 5, 31, "is not one (did you mean")
    expectProblem(view("forwardsTouches: { except: [touchesBegan, touchesBegan] }"), at: 5, 45, "twice")
    expectProblem(view("forwardsTouches: { defaults: false }"), at: 5, 22, "unknown key 'defaults'")
    expectProblem(
      view("forwardsTouches: { default: maybe }"), at: 5, 31, "'forwardsTouches.default' takes true or false")
    expectProblem(view("forwardsTouches: 3"), at: 5, 20, "'forwardsTouches' takes true, false or")
    expectProblem(view("forwardsTouches: { except: { a: 1 } }"), at: 5, 30, "takes a list of touches methods")
    expectProblem(view("controllerForwardsTouches: false"), at: 5, 3, "needs a 'controller'")
  }

  /// `set forwardsTouches` with a bool keeps working, on either form; the per-method form is not a value
  /// a `set` can write, so a save leaves it as it is.
  @Test func b4aSetWithABoolReplacesEitherForm() throws {
    var s = try load(Self.text)
    #expect(s.apply(PropertyChange(target: "a", key: "forwardsTouches", value: .bool(false))) == nil)
    #expect(s.root.subviews[0].touchForwarding == TouchForwarding(forwards: false))
    #expect(SceneEditor.value(of: "forwardsTouches", target: "b", in: s) == nil)
    #expect(SceneEditor.value(of: "forwardsTouches", target: "c", in: s) == .bool(false))
    let saved = try SceneEditor.apply(
      [PropertyChange(target: "a", key: "forwardsTouches", value: .bool(false))], to: Self.text, file: "t.yaml")
    #expect(saved.contains("{ id: a, frame: [0, 0, 10, 10], forwardsTouches: false }"))
    #expect(try load(saved).root.subviews[0].touchForwarding == TouchForwarding(forwards: false))
    // Unchanged per-method forms are no change.
    #expect(try SceneEditor.changes(from: load(Self.text), to: load(Self.text)).isEmpty)
  }
}
