import TestSupport
import Testing
import TouchSim

@testable import TraceKit

/// Rules C-12 to C-15 as the window sees them: the snapshot and the live scene follow recognizers and views
/// added and removed by the script.
@Suite struct WorldSnapshotTests {
  static let scene = TestSupport.scene([
    v("photo", [0, 100, 390, 200], recognizers: [g("drag", .pan)]),
    v("toast", [0, 500, 390, 100], subviews: [v("undo", [200, 20, 100, 60], kind: .button)]),
  ])

  /// C-12: removed mid-pan, the recognizer is possible, on no view, and the photo lists it no more; C-13:
  /// added back, it is on the photo again; the questions' finalState says possible.
  @Test func recognizersFollowTheScript() {
    let script =
      drag(from: (50, 200), to: (110, 200), steps: 4, lift: false)
      + [ScriptStep(t: 70, .removeGestureRecognizer("drag")), up(1, t: 90)]
      + [ScriptStep(t: 200, .addGestureRecognizer("drag", to: "photo"))]
    let trace = Engine.replay(Self.scene, script: script)
    let removed = trace.firstIndex { $0.event.kind == "removeGestureRecognizer" }!
    let after = Snapshot.at(removed + 1, of: trace, scene: Self.scene)
    #expect(after.recognizers["drag"]?.state == .possible)
    #expect(after.live.recognizerView["drag"] == nil)
    #expect(after.live.recognizersOn["photo"] == [])
    #expect(after.live.scene.root.subviews[0].recognizers.isEmpty)
    let end = Snapshot.at(trace.count, of: trace, scene: Self.scene)
    #expect(end.live.recognizerView["drag"] == "photo")
    #expect(end.live.scene.root.subviews[0].recognizers.map(\.id) == ["drag"])
    let answer = QuestionAnswer.answer(.finalState(recognizer: "drag"), from: 0, to: 150, in: trace)
    #expect(answer.value == "possible")
  }

  /// C-15: a removed view leaves the drawn tree (kept aside), and addSubview puts it back in front.
  @Test func viewsFollowTheScript() {
    let script = [
      ScriptStep(t: 0, .removeFromSuperview("toast")), ScriptStep(t: 10, .addSubview("toast", to: "photo")),
    ]
    let trace = Engine.replay(Self.scene, script: script)
    let out = Snapshot.at(1, of: trace, scene: Self.scene)
    #expect(out.live.scene.root.subviews.map(\.id) == ["photo"])
    #expect(out.live.removed["toast"] != nil)
    #expect(out.live.parent["toast"] == nil)
    let back = Snapshot.at(2, of: trace, scene: Self.scene)
    #expect(back.live.scene.root.subviews[0].subviews.map(\.id) == ["toast"])
    #expect(back.live.parent["toast"] == "photo")
    #expect(back.live.ancestry("undo") == ["undo", "toast", "photo", "root"])
  }
}
