import DeviceBridge
import Foundation
import Geometry
import SceneFile
import TestSupport
import Testing
import TouchSim

/// On the whole library: every scene exports to Swift that parses, and the log a device
/// would print (synthesized from the replay) matches the replay, while a changed log does not.
@Suite(.timeLimit(.minutes(5)))
struct SwiftExportLibraryTests {
  /// `swiftc -parse` accepts the view controller of every library scene (no scene skipped; no swiftc fails).
  @Test func everyLibrarySceneExportsToSwiftThatParses() throws {
    let files = SceneLibrary.sceneFiles
    #expect(files.count >= 30)
    var sources: [(name: String, text: String)] = []
    for file in files {
      let scene = try SceneLibrary.load(file)
      let name = (file as NSString).deletingPathExtension.replacingOccurrences(of: "-", with: "_") + ".swift"
      sources.append((name, SwiftExporter.export(scene)))
    }
    guard let result = try SwiftCompiler.parse(sources) else {
      Issue.record(Comment(rawValue: SwiftCompiler.missing))
      return
    }
    #expect(result.status == 0, "\(result.output)")
    #expect(!result.output.contains("error:"), "\(result.output)")
  }

  /// The device log synthesized from each scene's replay matches it, event for event.
  @Test func synthesizedDeviceLogMatchesEveryReplay() throws {
    for file in SceneLibrary.sceneFiles {
      let scene = try SceneLibrary.load(file)
      let expected = DeviceLog.expected(Engine.replay(scene), scene: scene)
      let log = DeviceLog.parse(DeviceLog.text(expected))
      #expect(log.count == expected.count, "\(file)")
      let c = DeviceLogComparison(replay: expected, device: log)
      #expect(c.same, "\(file): \(c.differences.map(\.text))")
      #expect(c.matched == expected.count, "\(file)")
    }
  }

  /// Only what a device observes is expected: no forward, hitTest or feed; shouldReceive only from
  /// delegated recognizers; touch numbers reused as the device reuses them.
  @Test func expectedLogKeepsOnlyWhatADeviceSees() throws {
    let scene = try SceneLibrary.load("16-should-receive-filter.yaml")
    let expected = DeviceLog.expected(Engine.replay(scene), scene: scene)
    let asks = expected.compactMap { e -> String? in
      if case .ask(let of, let q, _, _, _) = e.kind { return "\(of).\(q)" }
      return nil
    }
    #expect(!asks.contains("cardTapA.shouldReceive"))
    #expect(asks.contains("cardTapB.shouldReceive"))
    let text = DeviceLog.text(expected)
    #expect(text.contains(#"{"t":0,"ev":"deliver","view":"ratingA","method":"touchesBegan","touches":[1],"at":["#))
    #expect(text.contains(#""ev":"control","control":"ratingB","event":"touchUpInside"}"#))
    #expect(!text.contains("forward"))
    // Three taps, one after the other: each is touch 1 again.
    for e in expected {
      if case .deliver(_, _, let touches) = e.kind { #expect(touches == [1]) }
    }
  }

  /// A log that lost a line, moved an event by 200 ms and got another answer differs, in words.
  @Test func changedDeviceLogDiffers() throws {
    let scene = try SceneLibrary.load("16-should-receive-filter.yaml")
    let expected = DeviceLog.expected(Engine.replay(scene), scene: scene)
    var changed = expected
    let actionIndex = try #require(changed.firstIndex { if case .action = $0.kind { true } else { false } })
    let removed = changed.remove(at: actionIndex)
    let askIndex = try #require(
      changed.firstIndex { if case .ask(_, "shouldReceive", _, _, true) = $0.kind { true } else { false } })
    if case .ask(let of, let q, let other, let view, _) = changed[askIndex].kind {
      changed[askIndex].kind = .ask(of: of, question: q, other: other, view: view, answer: false)
    }
    changed[changed.count - 1].t += 200
    let c = DeviceLogComparison(replay: expected, device: DeviceLog.parse(DeviceLog.text(changed)))
    #expect(!c.same)
    let texts = c.differences.map(\.text)
    #expect(texts.contains("only in the replay, at \(JSONNumber.format(removed.t)) ms: \(removed.words)"), "\(texts)")
    #expect(texts.contains { $0.hasPrefix("only on the device") && $0.contains("shouldReceive and answers NO") })
    #expect(texts.contains { $0.hasPrefix("only in the replay") && $0.contains("shouldReceive and answers YES") })
    #expect(texts.contains { $0.hasPrefix("at another time:") }, "\(texts)")
    // Within the tolerance, times agree: a 30 ms shift is no difference, with 10 ms it is.
    var shifted = expected
    for i in shifted.indices { shifted[i].t += 30 }
    #expect(DeviceLogComparison(replay: expected, device: shifted).same)
    #expect(!DeviceLogComparison(replay: expected, device: shifted, timeTolerance: 10).same)
  }
}
