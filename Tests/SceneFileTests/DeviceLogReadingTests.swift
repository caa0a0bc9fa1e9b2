import Foundation
import Geometry
import Testing
import TouchSim

@testable import DeviceBridge
@testable import SceneFile

/// The device log as people paste it (docs/TRACE-FORMAT.md "The device log"): the exported view controller
/// prints one JSON object a line, and the console it is copied from puts its own columns around them.
/// Every shape below was written here after the shapes those consoles print (Xcode's console, NSLog,
/// `log stream` in its two styles, Console.app's columns, a device syslog relay, an `os_log` category).
@Suite struct DeviceLogReadingTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func expected() throws -> [DeviceEvent] {
    let scene = try SceneLoader.load(path: root.appendingPathComponent("Scenes/16-should-receive-filter.yaml").path)
    return DeviceLog.expected(Engine.replay(scene), scene: scene)
  }

  /// What each console puts before a log line (and, for the last two, after it).
  static let shapes: [(before: String, after: String)] = [
    ("", ""),
    ("2026-11-28 10:15:02.481223+0800 TouchDemo[2210:118734] ", ""),
    ("2026-11-28 10:15:02.481 Df TouchDemo[2210:118734] ", ""),
    ("2026-11-28 10:15:02.481223+0800 0x1cf3e    Default     0x0                  2210   0    TouchDemo: ", ""),
    ("default\t10:15:02.481223+0800\tTouchDemo\t", ""),
    ("Nov 28 10:15:02 iPhone TouchDemo(Foundation)[2210] <Notice>: ", ""),
    ("[TouchDemo] {public} ", ""),
    ("", " (null)"),
    ("\t", "\t}"),
  ]

  /// Each event read back whatever surrounds its line, whatever ends the lines, with its line number.
  @Test(arguments: ["\n", "\r\n", "\r", "\u{2028}"])
  func everyConsoleShapeAndLineEnd(_ end: String) throws {
    let expected = try Self.expected()
    let lines = DeviceLog.text(expected).split(separator: "\n").enumerated().map { i, line in
      let shape = Self.shapes[i % Self.shapes.count]
      return shape.before + line + shape.after
    }
    let text = "\u{FEFF}App launched" + end + lines.joined(separator: end) + end
    let reading = DeviceLog.read(text)
    #expect(reading.events.map(\.kind) == expected.map(\.kind))
    #expect(reading.events.map(\.t) == expected.map(\.t))
    #expect(reading.events.map(\.point) == expected.map(\.point))
    #expect(reading.events.map(\.line) == Array(2...(expected.count + 1)))
    #expect(reading.unreadable.isEmpty)
    #expect(DeviceLogComparison(replay: expected, device: reading.events).same)
  }

  /// A brace or a quote inside a name does not end the object early.
  @Test func bracesAndQuotesInsideStrings() {
    let line =
      #"12:00 App {"t":3,"ev":"deliver","view":"a}b{\"c","method":"touchesBegan","touches":[1],"at":[1,2]} tail }"#
    let events = DeviceLog.parse(line)
    #expect(events.map(\.kind) == [.deliver(view: #"a}b{"c"#, method: "touchesBegan", touches: [1])])
    #expect(events.first?.point == Point(1, 2))
  }

  /// A line cut short by the console (os_log stops at 1,024 bytes) is not read, and is named; a line with a
  /// JSON object that is not a log line (no `ev`) is other output.
  @Test func cutLinesAreNamed() {
    let text = """
      {"t":0,"ev":"control","control":"b","event":"touchDown"}
      {"t":5,"ev":"deliver","view":"b","method":"touchesEnd
      {"status":"ok"}

      {"t":9,"ev":"control","control":"b","event":"touchUpInside"}
      """
    let reading = DeviceLog.read(text)
    #expect(reading.events.map(\.line) == [1, 5])
    #expect(reading.unreadable == [2])
    #expect(reading.nonBlankLines == 4)
  }
}
