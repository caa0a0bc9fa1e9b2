import Foundation
import Testing
import TouchSim

@testable import SceneFile

/// `translations`: a scene's title and about in other languages, beside the English ones.
@Suite struct TranslationTests {
  static let text = """
    format: touchscope/1
    title: Single tap versus double tap
    about: Every tile has two recognizers.
    translations:
      zh-Hans:
        title: 单击与双击
        about: >-
          每个方块都有两个手势识别器（规则 E-6.7）。
      ja:
        title: シングルタップとダブルタップ
    root: { id: root }
    """

  @Test func eachLanguageHasItsTitleAndAboutAndFallsBackToTheScenesOwn() throws {
    let s = try load(Self.text)
    #expect(s.translations["zh-Hans"] == SceneTranslation(title: "单击与双击", about: "每个方块都有两个手势识别器（规则 E-6.7）。"))
    #expect(s.title(in: "zh-Hans") == "单击与双击")
    #expect(s.about(in: "ja") == "Every tile has two recognizers.")
    #expect(s.title(in: "fr") == "Single tap versus double tap")
    // Written back and read again: the same scene.
    #expect(try load(SceneWriter.yaml(s)) == s)
  }

  @Test func aBadTagAnUnknownKeyAndATwiceTranslatedLanguageAreErrorsWhereTheyAre() {
    expectProblem(
      sceneText("translations: { zh Hans: { title: x } }\nroot: { id: root }"), at: 2, 17, "is not a language tag")
    expectProblem(
      sceneText("translations: { ja: { titel: x } }\nroot: { id: root }"), at: 2, 23, "did you mean 'title'")
    expectProblem(sceneText("translations: [zh-Hans]\nroot: { id: root }"), at: 2, 15, "must be a mapping")
    expectProblem(
      sceneText("translations: { ja: { title: x }, ja: { title: y } }\nroot: { id: root }"), at: 2, 17,
      "duplicate key 'ja'")
  }

  @Test func everyLibrarySceneHasAChineseTitleAndAbout() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Scenes")
    let names = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".yaml") }
    #expect(names.count >= 27)
    for name in names {
      let scene = try SceneLoader.load(path: root.appendingPathComponent(name).path)
      let zh = scene.translations["zh-Hans"]
      #expect(zh?.title?.isEmpty == false && zh?.about?.isEmpty == false, "\(name)")
      // Each rule the English about cites, the Chinese cites too.
      let rules = { (s: String) in
        Set(s.matches(of: /[A-I]-\d+(\.\d+)?[a-z]?|\b\d+\.\d+\b/).map { String($0.output.0) })
      }
      #expect(rules(scene.about ?? "").isSubset(of: rules(zh?.about ?? "")), "\(name)")
    }
  }
}
