import Foundation
import SceneFile
import TestSupport
import Testing
import TouchSim

/// Every toggle of every library scene, flipped and saved into the scene's own text: only that value's
/// line changes (or one key is added), and the text reads back as the scene with that one change.
@Suite struct LosslessSaveLibraryTests {
  static let files = SceneLibrary.sceneFiles

  @Test(arguments: files) func everyToggleSavesIntoTheFileAlone(_ file: String) throws {
    let path = SceneLibrary.scenesDirectory.appendingPathComponent(file).path
    let text = try SceneLoader.readText(path: path)
    let scene = try SceneLoader.parse(text, file: file)
    let toggles = SaveChecks.toggles(of: scene)
    #expect(toggles.count >= 6)
    for change in toggles {
      let found = SaveChecks.problems(saving: [change], into: text, file: file)
      #expect(found.isEmpty, "\(file): \(found.joined(separator: "\n"))")
    }
  }

  /// Every toggle of a scene flipped at once, saved in one go: the text reads back as that configuration,
  /// with at most a few lines changed for each toggle; the toggles flipped back again leave no change to save.
  @Test(arguments: files) func everyToggleAtOnceAndBackAgain(_ file: String) throws {
    let path = SceneLibrary.scenesDirectory.appendingPathComponent(file).path
    let text = try SceneLoader.readText(path: path)
    let scene = try SceneLoader.parse(text, file: file)
    let toggles = SaveChecks.toggles(of: scene)
    var config = scene
    for c in toggles { _ = config.apply(c) }
    let changes = try SceneEditor.changes(from: scene, to: config)
    #expect(changes.count == toggles.count)
    let saved = try SceneEditor.apply(changes, to: text, file: file)
    #expect(SaveChecks.comparable(try SceneLoader.parse(saved, file: file)) == SaveChecks.comparable(config))
    let (old, new) = SaveChecks.changedLines(text, saved)
    #expect(old.count <= 2 * toggles.count && new.count <= 3 * toggles.count)
    // Flipped twice: the same values as the file's, except a delegate's touch filter and a method-by-method
    // `forwardsTouches` (B-4a), which a toggle replaces by a plain answer, and an alpha between 0 and 1,
    // which the chip sets to 0 or 1.
    for c in SaveChecks.toggles(of: config) { _ = config.apply(c) }
    let again = try SceneEditor.changes(from: scene, to: config)
    let plain = ["delegate.shouldReceive", "delegate.shouldBegin", "alpha", "forwardsTouches"]
    #expect(again.allSatisfy { plain.contains($0.key) })
    if again.isEmpty { #expect(try SceneEditor.apply(again, to: text, file: file) == text) }
  }
}
