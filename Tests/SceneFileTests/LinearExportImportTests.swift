import Foundation
import Geometry
import TestSupport
import Testing
import TouchSim

@testable import DeviceBridge
@testable import SceneFile

/// `touchscope export swift` and `touchscope import recursive-description` do work linear in the scene:
/// every view and recognizer is looked up by id in a table, never by a walk of the tree or a scan of a list.
/// The tests count that work (`WorkMeter`: views and recognizers visited by tree walks, names tried), not
/// time, on inputs large enough that a walk per view would count hundreds of times more.
@Suite struct LinearExportTests {
  static let n = 2000

  /// N views side by side, each with a hitTest override answering another view (looked up by id).
  static func overridingViews(_ n: Int) -> Scene {
    let views = (0..<n).map { i in
      v("v\(i)", [Double(i % 380), Double(i / 380 * 12), 10, 10]) {
        $0.hitTestOverrides = [HitTestOverride(rect: Rect(0, 0, 5, 5), returns: .view("v\((i + 1) % n)"))]
      }
    }
    return scene(views)
  }

  /// N taps on the root view, each requiring the one before it to fail.
  static func requireToFailChain(_ n: Int) -> Scene {
    scene([], rootRecognizers: (0..<n).map { i in g("r\(i)", .tap) { if i > 0 { $0.requireToFail = ["r\(i - 1)"] } } })
  }

  @Test func viewsLookedUpByIdInLinearWork() {
    let (swift, work) = WorkMeter.measure { SwiftExporter.export(Self.overridingViews(Self.n)) }
    // A walk of the tree per view would count N² = 4,000,000.
    #expect(work <= 20 * Self.n, "\(work) views and recognizers visited for \(Self.n) views")
    #expect(swift.contains("v7.overrides.hitTestRegions = ["))
    #expect(swift.contains("(CGRect(x: 0, y: 0, width: 5, height: 5), { [unowned self] in self.v8 }),"))
    #expect(swift.contains("root.addSubview(v1999)"))
  }

  @Test func requireToFailChainInLinearWork() {
    let (swift, work) = WorkMeter.measure { SwiftExporter.export(Self.requireToFailChain(Self.n)) }
    // A scan of every recognizer per requirement would count N² = 4,000,000.
    #expect(work <= 20 * Self.n, "\(work) views and recognizers visited for a chain of \(Self.n)")
    #expect(swift.contains("r1999.require(toFail: r1998)"))
    #expect(swift.components(separatedBy: ".require(toFail: ").count == Self.n)
  }

  /// Many ids with one Swift name (`x!`, `x!!`, … are all `x`): each is numbered at the first free number,
  /// trying each number once in all, not again from 2 for every id.
  @Test func clashingNamesNumberedInLinearWork() {
    let ids = (1...Self.n).map { "x" + String(repeating: "!", count: $0) } + ["x3!"]
    let (names, work) = WorkMeter.measure { SwiftNames(ids: ids) }
    #expect(work <= 2 * ids.count, "\(work) names tried for \(ids.count) ids")
    #expect(names["x!"] == "x")
    #expect(names["x!!"] == "x2")
    #expect(names["x" + String(repeating: "!", count: Self.n)] == "x\(Self.n)")
    // `x3!` is `x3`, which `x!!!` took; `x32` … `x399` are taken too (`x` with 32 to 399 marks).
    #expect(names["x3!"] == "x3100")
    #expect(Set(ids.map { names[$0] }).count == ids.count)
  }
}

@Suite struct ImportLimitsTests {
  static func importText(_ text: String) throws(SceneFileError) -> ImportedScene {
    try RecursiveDescriptionImporter.importDescription(Array(text.utf8), file: "in.txt")
  }

  /// The first diagnostic of a failed import, as `LINE:COLUMN: MESSAGE`.
  static func failure(_ text: String) -> String? {
    do {
      _ = try importText(text)
      return nil
    } catch {
      return error.diagnostics.first.map { "\($0.line):\($0.column): \($0.message)" }
    }
  }

  /// A window with one view, and `n` tap recognizers on that view.
  static func taps(_ n: Int) -> String {
    var lines = [
      "<UIWindow: 0x100; frame = (0 0; 390 844); layer = <UIWindowLayer: 0x1>>",
      "   | <UIView: 0x200; frame = (0 0; 390 844); layer = <CALayer: 0x2>>",
    ]
    for i in 0..<n {
      lines.append(
        "<UITapGestureRecognizer: 0x\(String(0x10000 + i, radix: 16)); state = Possible; view = <UIView 0x200>>")
    }
    return lines.joined(separator: "\n")
  }

  @Test func asManyRecognizersAsASceneTakes() throws {
    let result = try Self.importText(Self.taps(SceneReader.maxRecognizers))
    #expect(result.scene.allRecognizers.count == SceneReader.maxRecognizers)
    #expect(result.scene.root.subviews.first?.recognizers.last?.id == "tap\(SceneReader.maxRecognizers)")
  }

  /// One recognizer more than a scene takes: an error at the line of the one too many, never an internal error.
  @Test func oneRecognizerTooMany() {
    let message = Self.failure(Self.taps(SceneReader.maxRecognizers + 1))
    #expect(
      message == "\(SceneReader.maxRecognizers + 3):1: too many gesture recognizers: a scene may have at most 20000")
  }

  /// A translation that takes the view's centre beyond what a scene takes: a warning at the number, and the
  /// frame used as printed without the transform.
  @Test func translationBeyondTheSceneLimits() throws {
    let text = [
      "<UIWindow: 0x100; frame = (0 0; 390 844)>",
      "   | <UIView: 0x200; frame = (900000 0; 100 100); transform = [1, 0, 0, 1, -999999, 0]>",
    ].joined(separator: "\n")
    let result = try Self.importText(text)
    let warning = try #require(result.warnings.first { $0.message.hasPrefix("this translation") })
    #expect(warning.line == 2 && warning.column == 76)
    #expect(warning.message.hasPrefix("this translation puts the view's centre at (1900049, 50)"))
    let view = try #require(result.scene.root.subviews.first)
    #expect(view.transform.isIdentity && view.frame == Rect(900000, 0, 100, 100))
  }

  /// A size before a transform too large to write: a warning at the transform, which is left out.
  @Test func sizeBeforeTheTransformBeyondTheSceneLimits() throws {
    let text = [
      "<UIWindow: 0x100; frame = (0 0; 390 844)>",
      "   | <UIView: 0x200; frame = (0 0; 900000 100); transform = [0.5, 0, 0, 0.5, 0, 0]>",
    ].joined(separator: "\n")
    let result = try Self.importText(text)
    let warning = try #require(result.warnings.first { $0.message.hasPrefix("the size before this transform") })
    #expect(warning.line == 2 && warning.column == 61)
    #expect(warning.message.hasPrefix("the size before this transform would be 1800000 × 200"))
    #expect(result.scene.root.subviews.first?.transform.isIdentity == true)
  }
}
