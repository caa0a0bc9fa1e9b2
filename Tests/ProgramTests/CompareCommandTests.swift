import Foundation
import StudioCore
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

  /// Ten thousand `--set` flags reach the argument parser as one gathered argument (the parser copies a
  /// repeated option's list at every occurrence: quadratic), and come back as the changes in their order.
  @Test func manyChangesAreGatheredIntoOneArgument() {
    let changes = (0..<10_000).map { "tapCancels.cancelsTouchesInView=\($0 % 2 == 0)" }
    var args = ["compare", "s.yaml", "--json"]
    for (i, c) in changes.enumerated() { args += i % 3 == 0 ? ["--set=" + c] : ["--set", c] }
    let gathered = CompareArguments.gathered(args)
    #expect(gathered.count == 4)
    #expect(Array(gathered.prefix(3)) == ["compare", "s.yaml", "--json"])
    let list = gathered.last ?? ""
    #expect(list.hasPrefix("--set-list="))
    #expect(CompareArguments.sets(fromList: String(list.dropFirst("--set-list=".count))) == changes)
    // Left to the parser as written: another subcommand, one change, a value that looks like an option,
    // a missing value, anything after "--".
    for unchanged in [
      ["replay", "s.yaml", "--set", "a.b=1", "--set", "a.c=2"],
      ["compare", "s.yaml", "--set", "a.b=1"],
      ["compare", "s.yaml", "--set", "a.b=1", "--set", "-x"],
      ["compare", "s.yaml", "--set", "a.b=1", "--set"],
      ["compare", "s.yaml", "--set-list=a.b=1"],
    ] {
      #expect(CompareArguments.gathered(unchanged) == unchanged)
    }
    #expect(
      CompareArguments.gathered(["compare", "--set", "a.b=1", "--set=", "--", "--set", "x"])
        == ["compare", "--", "--set", "x", "--set-list=a.b=1\u{0}"])
  }

  /// Through the program: two thousand changes, the last of each key winning, in the order given.
  @Test func manyChangesThroughTheProgram() throws {
    var args = ["compare", Self.scene("08-cancels-touches-in-view")]
    for i in 0..<2_000 { args += ["--set", "tapCancels.cancelsTouchesInView=\(i % 2 == 1)"] }
    let r = try CommandLineRobustnessTests.run(args)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.hasPrefix("The runs agree: with tapCancels.cancelsTouchesInView = false, "))
    #expect(r.stdout.hasSuffix("tapCancels.cancelsTouchesInView = true the trace is the same, line for line.\n"))
    let flipped = try CommandLineRobustnessTests.run(args + ["--set=tapCancels.cancelsTouchesInView=false"])
    #expect(flipped.status == 3, "\(flipped.stderr)")
  }
}
