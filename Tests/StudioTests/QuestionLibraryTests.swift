import Foundation
import Geometry
import SceneFile
import StudioTestSupport
import Testing
import TouchSim
import TraceKit

@testable import StudioCore

/// The library asks its classes questions (ask the class): at least ten scenes do, every question in English and
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
        "\(asking.count) of them ask the class 2 to 6 questions each as their script plays (\(count) in all"))
    #expect(asking.allSatisfy { (2...6).contains($0.scene.questions.count) })
  }

  /// Every library question is shown whole on a projector (1024 × 768, presenter mode), its answer and
  /// why too: no line of the card ends in "…".
  @Test func everyQuestionIsShownWholeInPresenterMode() throws {
    let size = Size(1024, 768)
    for (name, scene) in try Self.scenes() where !scene.questions.isEmpty {
      let m = StudioModel.drawn(scene, size: size, narrated: true)
      m.perform(.togglePresenter)
      m.perform(.playScript)
      var wall = 0.0
      var asked = 0
      for _ in 0..<20_000 where asked < scene.questions.count {
        wall += 50
        m.tick(wall: wall)
        guard m.question != nil else { continue }
        m.handle(.key(.enter, .none), wall: wall)
        let texts = m.frame(size: size, pixelScale: 1).commands.compactMap { c -> String? in
          if case .text(let s, _, _) = c { return s } else { return nil }
        }
        // Lines joined without their breaks (a long name may be broken over two lines).
        let joined = texts.joined().filter { !$0.isWhitespace }
        let q = try #require(m.question)
        #expect(joined.contains(q.question.ask.filter { !$0.isWhitespace }), "\(name) question \(q.index + 1) is cut")
        for why in q.why {
          #expect(joined.contains(why.filter { !$0.isWhitespace }), "\(name) question \(q.index + 1): why cut")
        }
        asked += 1
        m.handle(.key(.space, .none), wall: wall)
      }
      #expect(asked == scene.questions.count, "\(name)")
    }
  }
}
