import Testing
import TouchSim

/// What the presented-view-controller scene promises in its `about` text, checked on its trace (B-2a).
@Suite struct PresentedControllerSceneTests {
  /// B-2a: the tap on the message area climbs from ComposeVC to RootVC (skipping root), where touchesBegan
  /// stops (B-4a) and touchesEnded goes on; the Send button keeps its touches (B-6).
  @Test func presentedViewControllerInTheResponderChain() throws {
    let run = try PlayedScene("32-presented-view-controller.yaml")
    let message = run.during(0..<500)
    #expect(message.hits == ["message"])
    #expect(message.forwards(.touchesBegan) == ["composeSheet", "ComposeVC", "RootVC"])
    #expect(
      message.forwards(.touchesEnded) == [
        "composeSheet", "ComposeVC", "RootVC", "window", "application", "appDelegate",
      ])
    let presenting = message.trace.filter {
      if case .forward(_, _, _, true) = $0.event { true } else { false }
    }
    #expect(presenting.count == 2)
    let send = run.from(500)
    #expect(send.controlEvents("sendButton") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    #expect(send.forwards(.touchesBegan).isEmpty)
  }
}
