import Foundation
import Testing

/// Through the real program: `touchscope compare` on known pairs of library scenes.
@Suite(.timeLimit(.minutes(5)))
struct CompareCommandTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static func scene(_ name: String) -> String { root.appendingPathComponent("Scenes/\(name).yaml").path }

  /// cancelsTouchesInView off on the left card: its view gets touchesEnded instead of touchesCancelled
  /// (F-2), and the button's veto is no longer asked (8.3); exit 3.
  @Test func cancelsTouchesInViewOffDiffers() throws {
    let r = try CommandLineRobustnessTests.run([
      "compare", Self.scene("08-cancels-touches-in-view"), "--set", "tapCancels.cancelsTouchesInView=false",
    ])
    #expect(r.reason == .exit && r.status == 3, "\(r.stderr)")
    let first = r.stdout.split(separator: "\n").first.map(String.init) ?? ""
    #expect(
      first.hasPrefix(
        "First difference (gesture 1): With tapCancels.cancelsTouchesInView = false, `cancelCard` gets touchesEnded at 80 ms instead of touchesCancelled."
      ), "\(first)")
    #expect(r.stdout.contains("Gesture 3 (1600–1680 ms):"))
    #expect(r.stdout.contains("only with the changes:\n        80 ms  The window delivers touchesEnded"))
  }

  /// Without its failure requirement the single tap fires at the second lift instead of after the double
  /// tap's wait (E-6.3), and the JSON says so.
  @Test func requireToFailRemovedDiffersInJSON() throws {
    let r = try CommandLineRobustnessTests.run([
      "compare", "--json", Self.scene("11-single-vs-double-tap"), "--set", "singleB.requireToFail=[]",
    ])
    #expect(r.status == 3, "\(r.stderr)")
    let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
    #expect(object?["same"] as? Bool == false)
    let first = object?["first"] as? [String: Any]
    #expect(first?["t"] as? Double == 2280)
    #expect(
      (first?["text"] as? String)?.contains("`singleB` goes from possible to ended at 2280 ms instead of 2630 ms")
        == true)
    let gestures = (object?["gestures"] as? [[String: Any]]) ?? []
    #expect(!gestures.isEmpty)
    #expect(gestures.allSatisfy { ($0["onlyWritten"] as? [Any]) != nil && ($0["onlyChanged"] as? [Any]) != nil })
  }

  /// A change to what the scene already says: the runs agree, exit 0. A key that does not exist: exit 1.
  @Test func agreementAndBadInput() throws {
    let same = try CommandLineRobustnessTests.run([
      "compare", Self.scene("08-cancels-touches-in-view"), "--set", "tapCancels.cancelsTouchesInView=true",
    ])
    #expect(same.status == 0, "\(same.stderr)")
    #expect(same.stdout.hasPrefix("The runs agree"))
    let bad = try CommandLineRobustnessTests.run([
      "compare", Self.scene("08-cancels-touches-in-view"), "--set", "tapCancels.cancelsTouchesInVew=true",
    ])
    #expect(bad.status == 1)
    #expect(bad.stderr.contains("did you mean 'cancelsTouchesInView'?"))
  }

  /// `--set 'heading.color=#FFF'`: the '#' begins a YAML comment and the value is empty; the message says
  /// so and how to quote it, and the quoted form works.
  @Test func anUnquotedColourSaysWhyItIsEmpty() throws {
    let path = Self.scene("08-cancels-touches-in-view")
    let r = try CommandLineRobustnessTests.run(["compare", path, "--set", "heading.color=#FFF"])
    #expect(r.status == 1)
    #expect(
      r.stderr.contains(
        "--set 'heading.color=#FFF': the value is empty, because a '#' at the start of a value begins a YAML "
          + "comment; quote it inside the argument: --set 'heading.color=\"#FFF\"'"), "\(r.stderr)")
    let quoted = try CommandLineRobustnessTests.run(["compare", path, "--set", "heading.color=\"#FFF\""])
    #expect(quoted.status == 0 || quoted.status == 3, "\(quoted.stderr)")
    #expect(quoted.stderr.isEmpty, "\(quoted.stderr)")
  }
}
