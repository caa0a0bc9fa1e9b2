import DeviceBridge
import Foundation
import SceneFile
import Testing
import TouchSim

/// Through the real program: `touchscope export swift` and `touchscope diff-log`.
@Suite(.timeLimit(.minutes(5)))
struct ExportCommandTests {
  static func scene(_ name: String) -> String { CompareCommandTests.scene(name) }

  static func write(_ text: String) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("device-\(UUID().uuidString).log")
    try Data(text.utf8).write(to: url)
    return url.path
  }

  @Test func exportSwiftPrintsTheViewController() throws {
    let r = try CommandLineRobustnessTests.run(["export", "swift", Self.scene("11-single-vs-double-tap")])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains("final class ViewController: UIViewController {"))
    #expect(r.stdout.contains(".require(toFail: "))
    #expect(r.stdout.contains("import UIKit"))
  }

  /// The log a device would print (the replay kept to what it observes, with console noise around it)
  /// matches: exit 0. Without one line and with another answer it differs: exit 3, in words.
  @Test func diffLogMatchesAndDiffers() throws {
    let path = Self.scene("16-should-receive-filter")
    let scene = try SceneLoader.load(path: path)
    let expected = DeviceLog.expected(Engine.replay(scene), scene: scene)
    let lines = DeviceLog.text(expected).split(separator: "\n").map(String.init)
    let good = try Self.write("App launched\n" + lines.map { "2026-11-26 Demo[42] " + $0 }.joined(separator: "\n"))
    defer { try? FileManager.default.removeItem(atPath: good) }
    let same = try CommandLineRobustnessTests.run(["diff-log", path, good])
    #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
    #expect(same.stdout.hasPrefix("The device log matches the replay: \(expected.count) events agree."))
    // docs/DEVICE-AND-IMPORT.md shows this run: 17 events.
    #expect(expected.count == 17)

    var changed = lines
    changed.remove(at: 0)
    let askLine = try #require(changed.firstIndex { $0.contains(#""question":"shouldReceive","answer":true"#) })
    changed[askLine] = changed[askLine].replacingOccurrences(of: #""answer":true"#, with: #""answer":false"#)
    let bad = try Self.write(changed.joined(separator: "\n"))
    defer { try? FileManager.default.removeItem(atPath: bad) }
    let differs = try CommandLineRobustnessTests.run(["diff-log", path, bad])
    #expect(differs.status == 3, "\(differs.stdout)\(differs.stderr)")
    #expect(differs.stdout.contains("The device log differs from the replay (3 differences"), "\(differs.stdout)")
    #expect(differs.stdout.contains("- only in the replay, at 0 ms: `ratingA` gets touchesBegan for touch 1 at"))
    #expect(differs.stdout.contains("shouldReceive and answers NO"))
    let tight = try CommandLineRobustnessTests.run(["diff-log", "--tolerance", "-1", path, good])
    #expect(tight.status == 1)
  }

  /// A device log with times and points beyond any integer (`"t":1e19`) is compared in words, not a crash.
  @Test func diffLogWithHugeNumbersAnswersInWords() throws {
    let path = Self.scene("16-should-receive-filter")
    let log = try Self.write(
      """
      {"t":1e19,"ev":"control","control":"nowhere","event":"touchUpInside"}
      {"t":-1e300,"ev":"deliver","view":"nowhere","method":"touchesBegan","touches":[1e19],"at":[1e19,-1e308]}
      {"t":1.7976931348623157e308,"ev":"action","recognizer":"nowhere","state":"ended","values":{"location":[1e30,0]}}
      """)
    defer { try? FileManager.default.removeItem(atPath: log) }
    let r = try CommandLineRobustnessTests.run(["diff-log", path, log])
    #expect(r.status == 3, "\(r.stdout)\(r.stderr)")
    #expect(r.stdout.contains("only on the device, line 1 at 1e+19 ms: `nowhere` sends touchUpInside"), "\(r.stdout)")
    #expect(r.stdout.contains("line 2 at -1e+300 ms"), "\(r.stdout)")
    #expect(r.stdout.contains("touchesBegan for touch -9223372036854775808 at [1e+19, -1e+308]"), "\(r.stdout)")
    #expect(r.stdout.contains("line 3 at 1.7976931348623157e+308 ms"), "\(r.stdout)")
  }

  /// A log saved with Windows line ends is read line by line; a file with no log line in it (the wrong file)
  /// is refused with its reason (exit 1), not compared as an empty log; a line cut short is named.
  @Test func diffLogReadsWhatConsolesWrite() throws {
    let path = Self.scene("16-should-receive-filter")
    let scene = try SceneLoader.load(path: path)
    let expected = DeviceLog.expected(Engine.replay(scene), scene: scene)
    let lines = DeviceLog.text(expected).split(separator: "\n").map(String.init)
    let windows = try Self.write(lines.joined(separator: "\r\n") + "\r\n")
    defer { try? FileManager.default.removeItem(atPath: windows) }
    let read = try CommandLineRobustnessTests.run(["diff-log", path, windows])
    #expect(read.status == 0, "\(read.stdout)\(read.stderr)")
    #expect(read.stdout.hasPrefix("The device log matches the replay: \(expected.count) events agree."))

    let noise = try Self.write("App launched\nsomething else\n{\"t\":0,\"ev\":\"deliv\n")
    defer { try? FileManager.default.removeItem(atPath: noise) }
    let refused = try CommandLineRobustnessTests.run(["diff-log", path, noise])
    #expect(refused.status == 1, "\(refused.stdout)\(refused.stderr)")
    #expect(refused.stderr.contains("no line is a device log line"), "\(refused.stderr)")
    #expect(refused.stderr.contains("line 3 names \"ev\" but holds no whole JSON object"), "\(refused.stderr)")

    var cut = lines
    cut[2] = String(cut[2].prefix(20))
    let partly = try Self.write(cut.joined(separator: "\n"))
    defer { try? FileManager.default.removeItem(atPath: partly) }
    let differs = try CommandLineRobustnessTests.run(["diff-log", path, partly])
    #expect(differs.status == 3, "\(differs.stdout)\(differs.stderr)")
    #expect(
      differs.stderr.contains("note: \(partly): line 3 names \"ev\" but holds no whole JSON object"),
      "\(differs.stderr)")
    #expect(differs.stdout.contains("(1 difference;"), "\(differs.stdout)")
  }
}
