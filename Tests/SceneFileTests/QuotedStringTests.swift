import Geometry
import Testing

@testable import DeviceBridge
@testable import SceneFile

/// One escaping loop for every quoted string Touchscope writes: the same hostile text through each syntax.
@Suite struct QuotedStringTests {
  static let hostile = "a\"b\\c\nd\te\rf\u{0}g\u{7F}h\u{85}i\u{2028}j\u{FEFF}k😀"

  @Test func eachSyntaxEscapesWhatItMust() {
    #expect(
      QuotedString.quote(Self.hostile, as: .swift)
        == "\"a\\\"b\\\\c\\nd\\te\\rf\\u{0}g\\u{7f}h\u{85}i\u{2028}j\u{FEFF}k😀\"")
    #expect(
      QuotedString.quote(Self.hostile, as: .yaml)
        == "\"a\\\"b\\\\c\\nd\\te\\rf\\x00g\\x7Fh\\x85i\\u2028j\\uFEFFk😀\"")
    #expect(
      QuotedString.quote(Self.hostile, as: .yamlInJSON)
        == "\"a\\\"b\\\\c\\nd\\te\\rf\\u0000g\\u007Fh\\u0085i\\u2028j\\uFEFFk😀\"")
  }

  @Test func jsonEscapesOnlyControlCharacters() {
    #expect(QuotedString.quote("a\u{1F}b\u{85}c\u{2028}\"", as: .json) == "\"a\\u001fb\u{85}c\u{2028}\\\"\"")
  }

  /// The writers that quote go through it, and what they write reads back.
  @Test func theWritersUseIt() throws {
    #expect(SwiftExporter.literal(Self.hostile) == QuotedString.quote(Self.hostile, as: .swift))
    #expect(YAMLEmitter.quoted(Self.hostile) == QuotedString.quote(Self.hostile, as: .yaml))
    #expect(YAMLEmitter.quoted(Self.hostile, json: true) == QuotedString.quote(Self.hostile, as: .yamlInJSON))
    let scene = try load(
      sceneText("root: { id: root, frame: [0, 0, 10, 10], text: \(YAMLEmitter.quoted(Self.hostile)) }"))
    #expect(scene.root.text == Self.hostile)
  }
}
