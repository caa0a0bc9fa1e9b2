import Testing
import TouchSim

/// What the per-method forwarding scene promises in its `about` text (rules B-4a, G-8.1a), checked on its
/// trace. Times are those of the scene's script: `during(a..<b)` is one gesture.
@Suite struct ForwardingSceneTests {
  @Test func controlWithoutSuper() throws {
    let run = try PlayedScene("30-control-without-super.yaml")
    #expect(run.hits == ["beganButton", "endedButton", "doodle", "note"])
    // G-8.1a: no super in touchesBegan: the later phases reach UIControl and send nothing; UIControl,
    // not tracking, passes them up the chain (B-7b), while the overridden touchesBegan stops at the button.
    let began = run.during(0..<800)
    #expect(began.methods("beganButton") == ["touchesBegan", "touchesMoved", "touchesEnded"])
    #expect(began.controlEvents("beganButton").isEmpty)
    #expect(began.forwards(.touchesBegan).isEmpty)
    #expect(!began.forwards(.touchesMoved).isEmpty)
    #expect(began.forwards(.touchesEnded) == ["root", "RootVC", "window", "application", "appDelegate"])
    // G-8.1a: no super in touchesEnded: touchDown, and no touchUpInside.
    let ended = run.during(800..<1600)
    #expect(ended.controlEvents("endedButton") == ["touchDown"])
    #expect(ended.events("forward").isEmpty)
    // B-4a: the doodle keeps touchesBegan; touchesEnded climbs the whole chain.
    let doodle = run.during(1600..<2400)
    #expect(doodle.forwards(.touchesBegan).isEmpty)
    #expect(doodle.forwards(.touchesEnded) == ["root", "RootVC", "window", "application", "appDelegate"])
    // B-4a: CardVC overrides touches* without super: the chain stops at the controller.
    let note = run.during(2400..<3200)
    #expect(note.forwards(.touchesBegan) == ["cardRoot", "CardVC"])
    #expect(note.forwards(.touchesEnded) == ["cardRoot", "CardVC"])
  }
}
