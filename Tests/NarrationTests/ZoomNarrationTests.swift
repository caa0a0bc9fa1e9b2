import Foundation
import Localization
import Narration
import SceneFile
import TestSupport
import Testing
import TouchSim
import TraceKit

/// Rule H-18 told: the scroll view's own pinch zooming its content, and the scale springing back.
@Suite struct ZoomNarrationTests {
  @Test func aPinchTellsTheZoomFromItsStart() throws {
    let n = Narrated(zoomingScene(), pinchScript(to: 190))
    let zoom = try #require(n.steps.first { $0.contains("own pinch zooms `photo`") }, "\(n)")
    // From the scale as the pinch began, whatever line of the pinch the burst starts on.
    #expect(zoom.hasPrefix("`scroller`'s own pinch zooms `photo` (its viewForZooming) from zoomScale 1 to "), "\(zoom)")
    #expect(zoom.contains("contentSize follows") && zoom.contains("(rule H-18)"), "\(zoom)")
    #expect(n.chineseSteps.contains { $0.contains("`scroller` 自带的捏合把 `photo`") }, "\(n.chineseSteps)")
    #expect(!n.steps.contains { $0.contains("springs back") })
  }

  @Test func pastTheLimitTheSpringBackIsTold() throws {
    let n = Narrated(zoomingScene(max: 3), pinchScript(to: 360))
    let back = try #require(n.steps.first { $0.contains("springs back") }, "\(n)")
    #expect(
      back
        == "The pinch of `scroller` ended at zoomScale 4, past its maximumZoomScale (bouncesZoom is on): the scale springs back to 3 (rule H-18).",
      "\(back)")
    #expect(n.steps.contains { $0.contains("past its limits (bouncesZoom is on") }, "\(n)")
  }

  /// The lesson's `zoomsTo` questions are answered by the zoom lines: where the scale comes to rest.
  @Test func zoomsToIsAnsweredByTheLastZoomLine() throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Scenes/39-zooming.yaml").path
    let scene = try SceneLoader.load(path: path)
    let trace = Engine.replay(scene)
    let answers = scene.questions.indices.map { QuestionAnswer.answer($0, of: scene.questions, in: trace).value }
    #expect(answers == ["stickerPinch", "1.667", "pin", "3"])
    // A scroll view that never zoomed is at 1.
    var still = scene
    still.questions = [
      SceneQuestion(t: 0, ask: "?", asks: .zoomsTo(view: "scroller"), choices: ["1", "2"], until: 900)
    ]
    #expect(QuestionAnswer.answer(0, of: still.questions, in: trace).value == "1")
  }
}
