import Foundation
import Testing

/// Through the real program: `touchscope import storyboard`.
@Suite(.timeLimit(.minutes(5)))
struct StoryboardImportCommandTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static func fixture(_ name: String) -> String {
    root.appendingPathComponent("Tests/Fixtures/Storyboard/\(name)").path
  }

  static func folder() throws -> URL {
    let url = root.appendingPathComponent(".build/storyboard-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// `--out`: one file per view controller, each passing `touchscope check`, with warnings positioned in the
  /// storyboard.
  @Test func writesEverySceneAndEachChecks() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("tables").path
    let r = try CommandLineRobustnessTests.run([
      "import", "storyboard", Self.fixture("tables.storyboard"), "--out", out,
    ])
    #expect(r.status == 0, "\(r.stderr)")
    let names = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
    #expect(names == ["InboxTableViewController.yaml", "Settings.yaml", "navigationController-Nc1-dd-001.yaml"])
    #expect(r.stdout.contains("Settings.yaml: 11 views, 0 recognizers"))
    #expect(!r.stderr.contains("slider"), "\(r.stderr)")
    let text = try String(contentsOfFile: out + "/Settings.yaml", encoding: .utf8)
    // The slider keeps its own range (rule 8.5), written as the scene's keys.
    #expect(text.contains("maximumValue: 10"), "\(text)")
    #expect(text.hasPrefix("# yaml-language-server: $schema=../../../docs/scene.schema.json\nformat: touchscope/1\n"))
    let check = try CommandLineRobustnessTests.run(["check"] + names.map { out + "/" + $0 })
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.stdout.split(separator: "\n").count == 3)
  }

  /// `--list` writes nothing; `--scene` writes only the one named, by object id or by name; an unknown one
  /// is an error naming the nearest.
  @Test func listAndOneScene() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let list = try CommandLineRobustnessTests.run([
      "import", "storyboard", Self.fixture("custom-classes.xib"), "--list",
    ])
    #expect(list.status == 0, "\(list.stderr)")
    #expect(
      list.stdout == "Mp1-hh-001\tStoreMapCard\t6 views\t1 recognizer\nSc1-hh-001\tStoreCell\t4 views\t0 recognizers\n")
    let out = dir.appendingPathComponent("one").path
    for id in ["Sc1-hh-001", "StoreCell"] {
      let r = try CommandLineRobustnessTests.run([
        "import", "storyboard", Self.fixture("custom-classes.xib"), "--out", out, "--scene", id,
      ])
      #expect(r.status == 0, "\(r.stderr)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["StoreCell.yaml"])
      // The warning about the other scene's unknown element is not this scene's.
      #expect(!r.stderr.contains("sparkleBadgeView"))
    }
    let bad = try CommandLineRobustnessTests.run([
      "import", "storyboard", Self.fixture("custom-classes.xib"), "--out", out, "--scene", "StoreCel",
    ])
    #expect(bad.status == 1 && bad.stderr.contains("no scene 'StoreCel' in this file (did you mean 'StoreCell'?)"))
  }

  /// Broken XML: a positioned error, exit 1, nothing written.
  @Test func brokenFileIsAPositionedError() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let bad = dir.appendingPathComponent("bad.storyboard")
    try Data(
      "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\">\n<scenes>\n<scene></scenes>".utf8
    ).write(to: bad)
    let out = dir.appendingPathComponent("out").path
    let r = try CommandLineRobustnessTests.run(["import", "storyboard", bad.path, "--out", out])
    #expect(r.status == 1 && r.reason == .exit)
    #expect(r.stderr.contains("\(bad.path):3:17: error: malformed XML"), "\(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out))
    let missing = try CommandLineRobustnessTests.run(["import", "storyboard", "/nonexistent/x.xib", "--list"])
    #expect(missing.status == 1 && missing.stderr.contains("x.xib"))
    let noOut = try CommandLineRobustnessTests.run(["import", "storyboard", bad.path])
    #expect(noOut.status != 0 && noOut.stderr.contains("--out"))
  }
}
