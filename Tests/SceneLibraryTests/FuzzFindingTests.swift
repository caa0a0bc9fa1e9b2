import Foundation
import SceneFile
import TestSupport
import Testing
import TouchSim

/// Every input the fuzzers found (and the hand-made ones beside them) stays a regression
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

/// The fuzzer's first seeds are the library's scenes: each must pass the scene loader's check (a found
/// difference between a scene and its written form names the first field that differs).
@Suite struct LibraryRoundTripTests {
  @Test(arguments: SceneLibrary.sceneFiles) func libraryScenePassesTheLoaderCheck(file: String) throws {
    let url = SceneLibrary.scenesDirectory.appendingPathComponent(file)
    let bytes = [UInt8](try Data(contentsOf: url))
    let problems = FuzzChecks.sceneLoader(bytes)
    if !problems.isEmpty {
      let scene = try SceneLoader.parse(String(decoding: bytes, as: UTF8.self), file: file)
      let again = try SceneLoader.parse(SceneWriter.yaml(scene), file: "written.yaml")
      var a = ""
      var b = ""
      dump(scene, to: &a)
      dump(again, to: &b)
      let first = zip(a.split(separator: "\n"), b.split(separator: "\n")).first { $0 != $1 }
      Issue.record("\(file): \(problems); first difference: \(String(describing: first))")
    }
  }
}
