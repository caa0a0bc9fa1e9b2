import Geometry
import TestSupport
import Testing

@testable import TouchSim

/// Rules: a page sheet sits in the views UIKit builds for it, and a tap outside its card lands
/// on the dimming view, whose own tap dismisses the sheet, or not.
@Suite struct SheetTests {
  /// A Buy button near the top of the screen, and a sheet over the bottom half holding a Like button.
  static func sheetScene(_ configure: (inout SheetSpec) -> Void = { _ in }) -> Scene {
    let detail = sheetView(subviews: [v("likeButton", [40, 100, 310, 60], kind: .button)], configure)
    return scene([v("buyButton", [40, 120, 310, 60], kind: .button), detail]) { s in
      s.root.controller = "RootVC"
    }
  }

  static func tap(_ x: Double, _ y: Double, t: Double) -> [ScriptStep] { [down(1, x, y, t: t), up(1, t: t + 60)] }

  static func hits(_ trace: [TraceEntry]) -> [String?] {
    trace.compactMap { if case .hit(_, let view) = $0.event { view } else { nil } }
  }

  static func outcomes(_ trace: [TraceEntry]) -> [TraceEvent.SheetOutcome] {
    trace.compactMap { if case .sheet(_, let o) = $0.event { o } else { nil } }
  }

  /// the transition view (letting touches through), the dimming view, then the card holding the sheet.
  @Test func theSheetSitsInTheViewsUIKitBuilds() throws {
    let built = Self.sheetScene().presentingSheets()
    let transition = try #require(built.root.subviews.last)
    #expect(transition.id == "detail.transitionView" && transition.passThrough)
    #expect(transition.frame == Rect(0, 0, 390, 844))
    #expect(transition.subviews.map(\.id) == ["detail.dimmingView", "detail.dropShadowView"])
    let dimming = transition.subviews[0]
    #expect(dimming.userInteractionEnabled && dimming.recognizers.map(\.id) == ["detail.dimmingTap"])
    let card = transition.subviews[1]
    #expect(card.frame == Rect(0, 420, 390, 424))
    #expect(card.subviews.map(\.id) == ["detail"] && card.subviews[0].frame == Rect(0, 0, 390, 424))
    // Built again, unchanged.
    #expect(built.presentingSheets() == built)
  }

  @Test func aTapInsideTheCardReachesTheSheetsContent() {
    var s = Self.sheetScene()
    s.script = Self.tap(195, 550, t: 0)
    #expect(Self.hits(Engine.replay(s)) == ["likeButton"])
  }

  /// dimmed, the dimming view takes a tap outside; at the medium detent it dismisses the sheet,
  /// whose transition view leaves the window as the animation ends: the Buy button is reachable again.
  @Test func aTapOutsideADimmedMediumSheetDismissesIt() throws {
    var s = Self.sheetScene()
    s.script = Self.tap(195, 150, t: 0) + Self.tap(195, 150, t: 1000)
    let trace = Engine.replay(s)
    #expect(Self.hits(trace) == ["detail.dimmingView", "buyButton"])
    #expect(Self.outcomes(trace) == [.dismissed])
    let removed = try #require(
      trace.first { if case .removeFromSuperview("detail.transitionView", _, _) = $0.event { true } else { false } })
    #expect(removed.t == 60 + ModelConstants.uikit.sheetDismissDuration)
  }

  @Test func atFullHeightTheTapIsSwallowed() {
    var s = Self.sheetScene { $0.detent = .large }
    s.script = Self.tap(195, 150, t: 0) + Self.tap(195, 150, t: 1000)
    let trace = Engine.replay(s)
    #expect(Self.hits(trace) == ["detail.dimmingView", "detail.dimmingView"])
    #expect(Self.outcomes(trace) == [.fullHeight, .fullHeight])
  }

  @Test func modalInPresentationOrADelegateSayingNoKeepsIt() {
    for (configure, outcome) in [
      ({ (s: inout SheetSpec) in s.isModalInPresentation = true }, TraceEvent.SheetOutcome.modalInPresentation),
      ({ (s: inout SheetSpec) in s.shouldDismiss = false }, .delegateRefused),
    ] {
      var s = Self.sheetScene(configure)
      s.script = Self.tap(195, 150, t: 0) + Self.tap(195, 150, t: 1000)
      let trace = Engine.replay(s)
      #expect(Self.outcomes(trace) == [outcome, outcome])
      #expect(Self.hits(trace) == ["detail.dimmingView", "detail.dimmingView"])
    }
  }

  /// at a detent up to `largestUndimmedDetent` nothing dims, and a tap outside reaches the screen behind.
  @Test func anUndimmedSheetLetsTouchesThroughToTheScreenBehind() {
    var s = Self.sheetScene { $0.largestUndimmedDetent = .medium }
    s.script = Self.tap(195, 150, t: 0)
    let trace = Engine.replay(s)
    #expect(Self.hits(trace) == ["buyButton"])
    #expect(Self.outcomes(trace).isEmpty)
  }
}
