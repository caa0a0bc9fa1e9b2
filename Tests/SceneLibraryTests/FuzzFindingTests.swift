import Foundation
import SceneFile
import TestSupport
import Testing
import TouchSim

/// Issue 6, item 6: every input the fuzzers found (and the hand-made ones beside them) stays a regression
/// test: `Tests/FuzzFindings/scene` for the scene loader, `Tests/FuzzFindings/engine` for the engine,
/// checked exactly as the fuzz targets check them (`FuzzChecks`). `make fuzz` writes new findings there.
@Suite struct FuzzFindingTests {
  static let root = SceneLibrary.packageRoot.appendingPathComponent("Tests/FuzzFindings")

  static func files(_ folder: String) -> [String] {
    let dir = root.appendingPathComponent(folder)
    return ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { !$0.hasPrefix(".") }
      .sorted().map { dir.appendingPathComponent($0).path }
  }

  @Test func thereAreFindingsOfBothKinds() {
    #expect(!Self.files("scene").isEmpty)
    #expect(!Self.files("engine").isEmpty)
  }

  @Test(arguments: files("scene")) func sceneLoaderFinding(path: String) throws {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(FuzzChecks.sceneLoader(bytes).isEmpty, "\(path): \(FuzzChecks.sceneLoader(bytes))")
  }

  @Test(arguments: files("engine")) func engineFinding(path: String) throws {
    let library = try SceneLibrary.sceneFiles.map { try SceneLibrary.load($0) }
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let problems = FuzzChecks.engine(bytes, scenes: FuzzChecks.engineScenes(library: library))
    #expect(problems.isEmpty, "\(path): \(problems)")
  }
}
