import Foundation
import Testing
import TouchSim

@testable import SceneFile

/// docs/SCENE-FORMAT.md documents every key the reader knows and every key a `set` step may change.
@Suite struct FormatDocTests {
  /// The text of a file under docs/, found from this file's place in the repository.
  static func doc(_ name: String) throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    return try String(contentsOf: root.appendingPathComponent("docs").appendingPathComponent(name), encoding: .utf8)
  }

  /// The names in `names` that `text` does not mention as code (`name`).
  static func missing(_ names: [String], in text: String) -> [String] {
    names.filter { !text.contains("`\($0)`") }
  }

  @Test func everySceneKeyIsDocumentedAsCode() throws {
    let text = try Self.doc("SCENE-FORMAT.md")
    #expect(Key.allCases.count >= 77)
    let missing = Self.missing(Key.allCases.map(\.name), in: text)
    #expect(missing.isEmpty, "keys missing from docs/SCENE-FORMAT.md: \(missing)")
  }

  @Test func everySettableKeyIsDocumentedAsCode() throws {
    let text = try Self.doc("SCENE-FORMAT.md")
    let keys = (Array(SettableKeys.view.keys) + Array(SettableKeys.recognizer.keys)).sorted()
    #expect(keys.contains("transform.rotation") && keys.contains("delegate.shouldBegin"))
    let missing = Self.missing(keys, in: text)
    #expect(missing.isEmpty, "settable keys missing from docs/SCENE-FORMAT.md: \(missing)")
  }

  /// The check itself: a key that is not written as code is found missing.
  @Test func aKeyNotWrittenAsCodeIsMissing() {
    #expect(Self.missing(["hitOutset", "passThrough"], in: "`passThrough` and hitOutset") == ["hitOutset"])
  }
}

/// Past 128 keys the old two-word mask silently dropped the newest keys ("unknown key 'actions' in a
/// view"): every key is found by its name and kept by a mask, whatever its number.
@Suite struct KeyMaskTests {
  @Test func everyKeyIsFoundAndKeptByAMask() {
    let all = KeyMask(Key.allCases)
    for k in Key.allCases {
      #expect(all.contains(k), "\(k.name)")
      #expect(KeyMask([k]).contains(k) && !KeyMask([k]).isEmpty)
      let found = Array(k.name.utf8).withUnsafeBufferPointer { Key.lookup($0, isASCII: true) }
      #expect(found == k)
    }
    #expect(Key.allCases.count > 128)
    #expect((KeyMask([Key.allCases.last!]) & KeyMask([Key.allCases.first!])).isEmpty)
  }
}
