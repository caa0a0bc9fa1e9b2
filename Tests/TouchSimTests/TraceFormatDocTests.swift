import Foundation
import Geometry
import Testing
import TouchSim

/// docs/TRACE-FORMAT.md documents every event kind the trace writes, and the names its values take.
@Suite struct TraceFormatDocTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func text(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// Every `ev` name, read from `TraceEvent.kind` in Sources/TouchSim/Trace.swift, so that a kind added
  /// there is checked without changing this test.
  static func eventKinds() throws -> [String] {
    let source = try text("Sources/TouchSim/Trace.swift")
    guard let start = source.range(of: "public var kind: String {") else { return [] }
    let body = source[start.upperBound...].prefix { $0 != "}" }
    return body.matches(of: /case \.(\w+): return "(\w+)"/).map { String($0.output.2) }
  }

  @Test func theKindsAreFoundAndMatchTheEvents() throws {
    let kinds = try Self.eventKinds()
    #expect(kinds.count >= 18, "\(kinds)")
    let samples: [TraceEvent] = [
      .hit(touch: 1, view: nil), .attach(touch: 1, recognizers: []), .timer(what: "tapInterval", owner: "tap"),
      .scroll(view: "list", contentOffset: Point(0, 0)), .wait(recognizer: "a", for: ["b"]),
      .reorder(view: "card", to: "front"),
    ]
    for event in samples { #expect(kinds.contains(event.kind), "\(event.kind)") }
  }

  /// The case names of the string enum `name` declared in `file` (a source file under Sources/TouchSim).
  static func cases(of name: String, in file: String) throws -> [String] {
    let source = try text("Sources/TouchSim/" + file)
    guard let start = source.range(of: "enum \(name): String") else { return [] }
    let body = source[start.upperBound...].drop { $0 != "{" }.dropFirst().prefix { $0 != "}" }
    return body.matches(of: /case ([^\n]+)/).flatMap { match in
      match.output.1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }
  }

  @Test func everyValueNameIsDocumentedAsCode() throws {
    let doc = try Self.text("docs/TRACE-FORMAT.md")
    var names = GestureState.allCases.map(\.rawValue) + TouchMethod.allCases.map(\.rawValue)
    for (name, file) in [
      ("HitResult", "Trace.swift"), ("Question", "Trace.swift"), ("ControlEvent", "Trace.swift"),
      ("TouchPhase", "Trace.swift"), ("TimerKind", "Engine+Timers.swift"),
    ] {
      let found = try Self.cases(of: name, in: file)
      #expect(found.count >= 4, "\(name): \(found)")
      names += found
    }
    #expect(
      names.contains("passThrough") && names.contains("touchesShouldCancel") && names.contains("contentTouchDelay"))
    let missing = names.filter { !doc.contains("`\($0)`") }
    #expect(missing.isEmpty, "values missing from docs/TRACE-FORMAT.md: \(missing)")
  }

  @Test func everyEventKindIsDocumentedAsCode() throws {
    let doc = try Self.text("docs/TRACE-FORMAT.md")
    let missing = try Self.eventKinds().filter { !doc.contains("`\($0)`") }
    #expect(missing.isEmpty, "event kinds missing from docs/TRACE-FORMAT.md: \(missing)")
  }
}
