import Foundation
import Geometry
import SceneFile
import Testing
import TouchSim

/// The scene library as a whole: every file loads and is fit to show to a class.
@Suite struct LibraryShapeTests {
  @Test func libraryHasTheTourAndAtLeastTwentyScenes() {
    let files = SceneLibrary.sceneFiles
    #expect(files.contains("tour.yaml"), "Scenes/tour.yaml is the scene `touchscope` opens with no argument")
    #expect(files.count >= 20, "only \(files.count) scenes in Scenes/")
  }

  @Test(arguments: SceneLibrary.sceneFiles)
  func sceneHasTitleAboutAndScript(_ file: String) throws {
    let scene = try SceneLibrary.load(file)
    #expect(scene.format == "touchscope/1")
    #expect(!(scene.title ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(file): no title")
    #expect(!(scene.about ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(file): no about")
    #expect(!scene.script.isEmpty, "\(file): no script")
  }

  /// The layout conventions of the library: an iPhone-sized window, a root view owned by a view controller,
  /// and a script that touches the screen.
  @Test(arguments: SceneLibrary.sceneFiles)
  func sceneFollowsTheLibraryConventions(_ file: String) throws {
    let scene = try SceneLibrary.load(file)
    #expect(scene.window == Size(390, 844), "\(file)")
    #expect(scene.root.controller == "RootVC", "\(file)")
    #expect(scene.script.contains { if case .down = $0.action { return true } else { return false } }, "\(file)")
    let about = scene.about ?? ""
    let sentences = about.split(separator: ". ").count
    #expect((3...8).contains(sentences), "\(file): about has \(sentences) sentences")
  }

  /// Kebab-case names with a two-digit lesson number, except the tour.
  @Test func fileNamesAreNumberedKebabCase() {
    for file in SceneLibrary.sceneFiles where file != "tour.yaml" {
      let name = (file as NSString).deletingPathExtension
      let parts = name.split(separator: "-", omittingEmptySubsequences: false)
      let number = parts.first.map(String.init) ?? ""
      #expect(number.count == 2 && number.allSatisfy(\.isNumber), "\(file): no two-digit lesson number")
      #expect(parts.count >= 2 && parts.allSatisfy { !$0.isEmpty }, "\(file): not kebab-case")
      #expect(name == name.lowercased() && !name.contains(" ") && !name.contains("_"), "\(file): not kebab-case")
      #expect(file.hasSuffix(".yaml"), "\(file): scenes are .yaml files")
    }
  }
}
