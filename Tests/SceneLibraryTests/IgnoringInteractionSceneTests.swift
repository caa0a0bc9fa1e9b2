import Testing
import TouchSim

/// What the ignoring-interaction scene promises in its `about` text, checked on its trace (rule C-10).
@Suite struct IgnoringInteractionSceneTests {
  /// C-10: taps while the app ignores events are hit-tested and dropped; after, the button fires; a finger
  /// already down when ignoring begins is delivered.
  @Test func touchesIgnoredDuringAnAnimation() throws {
    let run = try PlayedScene("29-ignoring-interaction.yaml")
    let ignored = run.during(0..<1000)
    #expect(ignored.hits == ["saveButton", "card", "saveButton"])
    #expect(ignored.drops("saveButton") == ["ignoringInteractionEvents", "ignoringInteractionEvents"])
    #expect(ignored.drops("card") == ["ignoringInteractionEvents"])
    #expect(ignored.controlEvents("saveButton").isEmpty)
    #expect(ignored.methods("saveButton").isEmpty)
    #expect(!ignored.fed("cardTap"))
    #expect(ignored.attached.isEmpty)
    let after = run.during(1000..<1500)
    #expect(after.controlEvents("saveButton") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    let before = run.from(1500)
    #expect(before.controlEvents("saveButton") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    #expect(before.drops("saveButton").isEmpty)
    #expect(run.events("ignoring").count == 4)
  }
}
