import Foundation
import Testing

/// Through the real program: `touchscope import recursive-description`.
@Suite(.timeLimit(.minutes(5)))
struct ImportCommandTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static func fixture(_ name: String) -> String {
    root.appendingPathComponent("Tests/Fixtures/RecursiveDescription/\(name)").path
  }

  static func temporary(_ name: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)-\(name)")
  }

  /// `--out` inside the repository: the scene names the schema relative to its folder, and `touchscope
  /// check` loads it; the warnings are positioned in the input.
  @Test func writesASceneThatChecks() throws {
    let folder = Self.root.appendingPathComponent(".build/import-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("table.yaml").path
    let r = try CommandLineRobustnessTests.run([
      "import", "recursive-description", Self.fixture("table.txt"), "--out", out,
    ])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.isEmpty)
    #expect(r.stderr.contains("table.txt:6:11: warning: left out 4 views that are private UIKit helpers"))
    let text = try String(contentsOfFile: out, encoding: .utf8)
    #expect(text.hasPrefix("# yaml-language-server: $schema=../../docs/scene.schema.json\nformat: touchscope/1\n"))
    #expect(text.contains("id: tableView1  # UITableView 0x7f9e3a00c600"))
    let check = try CommandLineRobustnessTests.run(["check", out])
    #expect(check.status == 0, "\(check.stderr)")
  }

  /// Standard output without the schema line; a malformed line is a positioned error and exit 1; a missing
  /// file is exit 1 too.
  @Test func standardOutputAndErrors() throws {
    let r = try CommandLineRobustnessTests.run(["import", "recursive-description", Self.fixture("gestures.txt")])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.hasPrefix("format: touchscope/1\n"))
    #expect(r.stdout.contains("kind: screenEdgePan"))
    // A cut last line is a warning; a file with no readable view is an error.
    let cut = Self.temporary("cut.txt")
    try Data("<UIView: 0x1; frame = (0 0; 390 844)>\n   | <UIView: 0x2; frame = (0 0; 3".utf8).write(to: cut)
    defer { try? FileManager.default.removeItem(at: cut) }
    let w = try CommandLineRobustnessTests.run(["import", "recursive-description", cut.path])
    #expect(w.status == 0 && w.stdout.contains("id: view1"))
    #expect(w.stderr.contains("\(cut.path):2:35: warning: a view line cut short"), "\(w.stderr)")
    let bad = Self.temporary("bad.txt")
    try Data("<UIView: 0x1; frame = (0 0; 3".utf8).write(to: bad)
    defer { try? FileManager.default.removeItem(at: bad) }
    let e = try CommandLineRobustnessTests.run(["import", "recursive-description", bad.path])
    #expect(e.status == 1 && e.reason == .exit)
    #expect(e.stderr.contains("\(bad.path):1:30: error: no readable view: the line ends"), "\(e.stderr)")
    #expect(e.stdout.isEmpty)
    let missing = try CommandLineRobustnessTests.run(["import", "recursive-description", "/nonexistent/x.txt"])
    #expect(missing.status == 1 && missing.stderr.contains("x.txt"))
  }

  /// `--dump N` imports another hierarchy of the file; `--verbose` lists each warning instead of one line per
  /// kind.
  @Test func dumpAndVerbose() throws {
    let two = Self.fixture("real-shapes/ios17-two-dumps.txt")
    let second = try CommandLineRobustnessTests.run(["import", "recursive-description", two, "--dump", "2"])
    #expect(second.status == 0 && second.stdout.contains("id: activityIndicatorView1"), "\(second.stderr)")
    #expect(second.stderr.contains("ios17-two-dumps.txt:2:1: warning: the file holds 2 view hierarchies; dump 2"))
    let none = try CommandLineRobustnessTests.run(["import", "recursive-description", two, "--dump", "3"])
    #expect(none.status == 1 && none.stderr.contains("--dump 3: the file holds 2 view hierarchies (at lines 2, 9)"))
    let layers = Self.fixture("real-shapes/ios26-layer-lines.txt")
    let grouped = try CommandLineRobustnessTests.run(["import", "recursive-description", layers])
    #expect(grouped.stderr.components(separatedBy: "a layer line").count == 2)
    #expect(grouped.stderr.contains("[5 layer lines in all: --verbose lists each]"))
    let verbose = try CommandLineRobustnessTests.run(["import", "recursive-description", layers, "--verbose"])
    #expect(verbose.stderr.components(separatedBy: "a layer line").count == 6)
  }
}
