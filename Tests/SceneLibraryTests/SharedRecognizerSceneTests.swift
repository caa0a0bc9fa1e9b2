import SceneFile
import Testing
import TouchSim

/// What the one-recognizer-on-three-views scene promises in its `about` text, checked on its trace (C-9).
@Suite struct SharedRecognizerSceneTests {
  /// C-9: cardTap is listed on three cards; only the blue card, listed last, has it: taps on the red and the
  /// green card attach no recognizer and fire nothing, a tap on the blue card fires cardTap.
  @Test func oneRecognizerOnThreeViews() throws {
    let run = try PlayedScene("31-one-recognizer-three-views.yaml")
    let red = run.during(0..<500)
    #expect(red.hits == ["redCard"])
    #expect(red.attached.joined().isEmpty)
    #expect(red.methods("redCard") == ["touchesBegan", "touchesEnded"])
    let green = run.during(500..<1000)
    #expect(green.hits == ["greenCard"])
    #expect(green.attached.joined().isEmpty)
    let blue = run.from(1000)
    #expect(blue.hits == ["blueCard"])
    #expect(blue.fired("cardTap"))
    #expect(blue.methods("blueCard") == ["touchesBegan", "touchesCancelled"])
  }

  /// C-9: `touchscope check`'s warnings come from the loader, at the two earlier listings.
  @Test func loaderWarnsAtTheEarlierListings() throws {
    let url = SceneLibrary.scenesDirectory.appendingPathComponent("31-one-recognizer-three-views.yaml")
    let loaded = try SceneLoader.loadWithWarnings(path: url.path)
    #expect(loaded.warnings.count == 2)
    #expect(loaded.warnings.allSatisfy { $0.message.contains("'blueCard', added last, keeps it (rule C-9)") })
  }
}
