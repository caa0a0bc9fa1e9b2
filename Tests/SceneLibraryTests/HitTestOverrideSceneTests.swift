import Testing
import TouchSim

/// What the hitTest-override scenes promise in their `about` text (rule A-12), checked on their traces.
@Suite struct HitTestOverrideSceneTests {
  /// sibling, cousin, nil and self answers of an overridden hitTest; a circular point(inside:).
  @Test func hitTestOverride() throws {
    let run = try PlayedScene("27-hittest-override.yaml")
    #expect(run.hits == ["shareButton", "likeButton", "feed", "photo", "badge", "photo"])
    let share = run.during(0..<800)
    #expect(share.visits.last == "photo:override>shareButton")
    // The returned view is not hit-tested again.
    #expect(!share.visits.contains { $0.hasPrefix("shareButton:") })
    #expect(share.controlEvents("shareButton") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    let like = run.during(800..<1600)
    #expect(like.visits.last == "photo:override>likeButton")
    #expect(like.controlEvents("likeButton") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    let through = run.during(1600..<2400)
    #expect(through.visits.contains("photo:override>nil"))
    #expect(through.actionTimes("feedTap") == ["ended@1680"])
    let swallowed = run.during(2400..<3200)
    #expect(swallowed.visits.last == "photo:override>photo")
    #expect(!swallowed.visits.contains { $0.hasPrefix("moreButton:") })
    #expect(swallowed.controlEvents("moreButton").isEmpty)
    #expect(run.during(3200..<4000).visits.contains("badge:inside"))
    let corner = run.during(4000..<4800)
    #expect(corner.visits.contains("badge:outside"))
    #expect(corner.visits.contains("photo:inside"))
  }

  /// A-12 with A-5: the bar's override returns the button where it sticks out above the bar.
  @Test func tabBarBulge() throws {
    let run = try PlayedScene("28-tab-bar-bulge.yaml")
    #expect(run.hits == ["composeButton", "composeButton", "list"])
    let bulge = run.during(0..<800)
    #expect(bulge.visits == ["root:inside", "tabBar:override>composeButton"])
    #expect(bulge.controlEvents("composeButton") == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    #expect(run.during(800..<1600).visits.contains("composeButton:inside"))
    let beside = run.during(1600..<2400)
    #expect(beside.visits.contains("tabBar:outside"))
    #expect(!beside.visits.contains { $0.hasPrefix("composeButton:") })
  }
}
