import Foundation
import Testing
import TouchSim

/// Every scene in `Scenes/` replays to exactly the trace stored in `Golden/<scene>.jsonl`, byte for byte.
///
/// The golden files are the traces `touchscope replay Scenes/<scene>.yaml` prints. After a deliberate change
/// to a scene or to the engine, re-record them with
/// `TOUCHSCOPE_RECORD=1 swift test --filter SceneLibraryTests`, then read the diff before committing it.
@Suite struct GoldenTraceTests {
  static let recordHint = "TOUCHSCOPE_RECORD=1 swift test --filter SceneLibraryTests"

  @Test(arguments: SceneLibrary.sceneFiles)
  func replayMatchesGoldenTrace(_ file: String) throws {
    let scene = try SceneLibrary.load(file)
    let actual = traceJSONLines(Engine.replay(scene))
    let url = SceneLibrary.goldenURL(for: file)

    if SceneLibrary.isRecording {
      try FileManager.default.createDirectory(at: SceneLibrary.goldenDirectory, withIntermediateDirectories: true)
      try Data(actual.utf8).write(to: url)
      Issue.record(
        "recorded \(url.lastPathComponent) (\(actual.utf8.count) bytes); run again without TOUCHSCOPE_RECORD")
      return
    }
    guard let expected = FileManager.default.contents(atPath: url.path) else {
      Issue.record("no golden trace \(url.path) for Scenes/\(file); record it with \(Self.recordHint)")
      return
    }
    if expected == Data(actual.utf8) { return }
    Issue.record(
      Comment(
        rawValue: Self.firstDifference(expected: String(decoding: expected, as: UTF8.self), actual: actual, file: file))
    )
  }

  /// Golden files without a scene are left-overs of a renamed or deleted scene.
  @Test func everyGoldenFileHasAScene() throws {
    let golden = (try? FileManager.default.contentsOfDirectory(atPath: SceneLibrary.goldenDirectory.path)) ?? []
    let scenes = Set(SceneLibrary.sceneFiles.map { SceneLibrary.goldenURL(for: $0).lastPathComponent })
    let orphans = golden.filter { $0.hasSuffix(".jsonl") && !scenes.contains($0) }.sorted()
    #expect(orphans.isEmpty, "golden traces without a scene in Scenes/: \(orphans)")
  }

  /// The first line where the two traces differ, both versions, and how to re-record.
  static func firstDifference(expected: String, actual: String, file: String) -> String {
    let e = expected.split(separator: "\n")
    let a = actual.split(separator: "\n")
    let n = (0..<min(e.count, a.count)).first { e[$0] != a[$0] } ?? min(e.count, a.count)
    let line = { (lines: [Substring]) in n < lines.count ? String(lines[n]) : "(end of trace)" }
    return """
      Scenes/\(file) no longer replays to its golden trace (\(e.count) lines expected, \(a.count) now).
      First difference at line \(n + 1):
        golden: \(line(e))
        now:    \(line(a))
      If the change is intended, re-record with \(recordHint) and review the diff.
      """
  }
}
