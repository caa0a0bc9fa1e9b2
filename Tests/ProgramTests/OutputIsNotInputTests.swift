import Foundation
import Testing

/// No command writes over one of its own inputs: the same file by name, through a symlink or another
/// spelling of its path is refused with exit 1 and the input stays as it was.
@Suite(.timeLimit(.minutes(5)))
struct OutputIsNotInputTests {
  /// A scene and an LLDB text in a fresh folder, with a symlink to each.
  static func files() throws -> (scene: String, text: String, sceneText: String, lldb: String) {
    let scene = HandoutCommandTests.temporary("scene.yaml")
    let folder = (scene as NSString).deletingLastPathComponent
    let sceneText = try String(
      contentsOfFile: HandoutCommandTests.lesson("11-single-vs-double-tap.yaml"), encoding: .utf8)
    try sceneText.write(toFile: scene, atomically: true, encoding: .utf8)
    let lldb = try String(
      contentsOf: RecursiveDescriptionCommandFixtures.folder.appendingPathComponent("plain.txt"), encoding: .utf8)
    let text = folder + "/rd.txt"
    try lldb.write(toFile: text, atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(atPath: folder + "/scene.png", withDestinationPath: scene)
    try FileManager.default.createSymbolicLink(atPath: folder + "/scene.gif", withDestinationPath: scene)
    try FileManager.default.createSymbolicLink(atPath: folder + "/rd.yaml", withDestinationPath: text)
    return (scene, text, sceneText, lldb)
  }

  @Test func renderRecordAndImportRefuseToWriteOverTheirInput() throws {
    let f = try Self.files()
    let folder = (f.scene as NSString).deletingLastPathComponent
    let runs: [(args: [String], message: String)] = [
      (
        ["render", f.scene, "--out", f.scene], "--out \(f.scene) is the scene file \(f.scene): the PNG would replace it"
      ),
      (["render", f.scene, "--out", folder + "/scene.png"], "is the scene file \(f.scene): the PNG would replace it"),
      (["render", f.scene, "--out", folder + "/./scene.yaml"], "is the scene file \(f.scene)"),
      (
        [
          "render", f.scene, "--script", f.scene, "--out",
          folder + "/../" + (folder as NSString).lastPathComponent
            + "/scene.yaml",
        ], "is the scene file \(f.scene)"
      ),
      (["record", f.scene, "--out", folder + "/scene.gif"], "is the scene file \(f.scene): the recording would"),
      (["import", "recursive-description", f.text, "--out", f.text], "is the LLDB text \(f.text): the scene would"),
      (["import", "recursive-description", f.text, "--out", folder + "/rd.yaml"], "is the LLDB text \(f.text)"),
    ]
    for run in runs {
      let r = try CommandLineRobustnessTests.run(run.args)
      #expect(r.status == 1, "\(run.args): \(r.stderr)")
      #expect(r.stderr.contains(run.message), "\(run.args): \(r.stderr)")
      #expect(try String(contentsOfFile: f.scene, encoding: .utf8) == f.sceneText, "\(run.args)")
      #expect(try String(contentsOfFile: f.text, encoding: .utf8) == f.lldb, "\(run.args)")
    }
    // Another file is written as before.
    let png = folder + "/picture.png"
    let ok = try CommandLineRobustnessTests.run(["render", f.scene, "--out", png, "--size", "320x240"])
    #expect(ok.status == 0, "\(ok.stderr)")
    #expect(FileManager.default.fileExists(atPath: png))
  }

  @Test func theWindowRefusesATraceOrFrameLogThatIsTheScene() throws {
    let f = try Self.files()
    for option in ["--trace-out", "--frame-log"] {
      let r = try CommandLineRobustnessTests.run(["open", f.scene, option, f.scene, "--bench-first-frame"])
      #expect(r.status == 1, "\(option): \(r.stderr)")
      #expect(r.stderr.contains("\(option) \(f.scene) is the scene file \(f.scene): the "), "\(r.stderr)")
      #expect(try String(contentsOfFile: f.scene, encoding: .utf8) == f.sceneText, "\(option)")
    }
  }
}

enum RecursiveDescriptionCommandFixtures {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/RecursiveDescription")
}
