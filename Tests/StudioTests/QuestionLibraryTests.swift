import Foundation
import SceneFile
import Testing
import TouchSim
import TraceKit

/// The library asks its classes questions (issue 17): at least ten scenes do, every question in English and
/// Chinese, and every one answered from its run among its choices (what `touchscope check` requires).
@Suite struct QuestionLibraryTests {
  static let library = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Scenes")

  static func scenes() throws -> [(name: String, scene: Scene)] {
    try FileManager.default.contentsOfDirectory(atPath: library.path).filter { $0.hasSuffix(".yaml") }.sorted().map {
      ($0, try SceneLoader.load(path: library.appendingPathComponent($0).path))
    }
  }

  @Test func atLeastTenScenesAskQuestionsInBothLanguages() throws {
    let asking = try Self.scenes().filter { !$0.scene.questions.isEmpty }
    #expect(asking.count >= 10, "\(asking.map(\.name))")
    for (name, scene) in asking {
      for q in scene.questions {
        #expect(q.translations["zh-Hans"]?.isEmpty == false, "\(name) at \(q.t) ms has no Chinese")
      }
    }
  }

  @Test func everyQuestionIsAnsweredAmongItsChoices() throws {
    var letters: Set<Int> = []
    var yesNo: Set<String> = []
    for (name, scene) in try Self.scenes() where !scene.questions.isEmpty {
      let trace = Engine.replay(scene)
      #expect(QuestionAnswer.problems(scene, trace: trace).isEmpty, "\(name)")
      for i in scene.questions.indices {
        let q = scene.questions[i]
        guard let v = QuestionAnswer.answer(i, of: scene.questions, in: trace).value else { continue }
        if let k = q.offered.firstIndex(of: v) { letters.insert(k) }
        if q.offered == [SceneQuestion.yes, SceneQuestion.no] { yesNo.insert(v) }
      }
    }
    // A class that always answers A, or always yes, does not score: the right answers are spread.
    #expect(letters.count >= 3, "\(letters)")
    #expect(yesNo == [SceneQuestion.yes, SceneQuestion.no])
  }

  @Test func theReadmeCountsThemAsTheyAre() throws {
    let asking = try Self.scenes().filter { !$0.scene.questions.isEmpty }
    let count = asking.reduce(0) { $0 + $1.scene.questions.count }
    let readme = try String(
      contentsOf: Self.library.deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
    #expect(
      readme.contains(
        "\(asking.count) of them ask the class 2 to 4 questions each as their script plays (\(count) in all"))
    #expect(asking.allSatisfy { (2...4).contains($0.scene.questions.count) })
  }
}
