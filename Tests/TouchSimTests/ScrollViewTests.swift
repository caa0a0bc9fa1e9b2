import Geometry
import TestSupport
import Testing
import TouchSim

/// Rule group H: UIScrollView (section 9).
@Suite struct ScrollViewTests {
  /// A vertical list 390 x 600 with 2000 pt of content and a button in it.
  func list(_ configure: (inout ViewSpec) -> Void = { _ in }) -> Scene {
    scene([
      v("list", [0, 100, 390, 600], kind: .scroll, subviews: [v("buy", [100, 100, 150, 50], kind: .button)]) {
        $0.scroll = ScrollSpec(contentSize: Size(390, 2000))
        configure(&$0)
      }
    ])
  }

  /// H-3: a quick tap: the button gets touchDown and touchUpInside together at touch-up.
  @Test func quickTapOnButtonInScrollView() {
    let run = Run(list(), tap(175, 225, hold: 80))
    #expect(run.controlEventTimes("buy") == ["touchDown@80", "touchUpInside@80", "primaryActionTriggered@80"])
    #expect(run.asks(.touchesShouldBegin).map(\.answer) == [true])
    #expect(run.withheld("buy") == ["touchesBegan"])
  }

  /// H-1 / H-2: press and hold: the delay runs out at 150 ms and the button is highlighted then.
  @Test func pressAndHoldReleasesAfterTheDelay() {
    let run = Run(list(), tap(175, 225, hold: 400))
    #expect(run.controlEventTimes("buy") == ["touchDown@150", "touchUpInside@400", "primaryActionTriggered@400"])
    #expect(run.events("timer").first?.json == #"{"t":150,"ev":"timer","what":"contentTouchDelay","owner":"list"}"#)
  }

  /// H-4: dragging before the delay runs out scrolls; the button never hears of the touch.
  @Test func quickDragScrollsAndTheButtonNeverKnows() {
    let run = Run(list(), drag(from: (175, 225), to: (175, 125), steps: 5, every: 16))
    #expect(run.controlEvents("buy").isEmpty)
    #expect(run.fired("list.pan"))
    // H-11: the whole travel from touch-down (100 pt) less the 10 pt threshold.
    #expect(run.scrollOffsets.last == Point(0, 90))
    #expect(run.drops("buy") == ["scrolling"])
  }

  /// H-6 / H-7: drag after the button has the touch: touchesShouldCancel is NO for a control → no scroll.
  @Test func dragFromATrackingButtonDoesNotScroll() {
    let run = Run(
      list(),
      [down(1, 175, 225, t: 0)] + (1...5).map { move(1, 175, 225 - Double($0) * 20, t: 200 + Double($0) * 16) } + [
        up(1, t: 400)
      ])
    #expect(!run.fired("list.pan"))
    #expect(run.asks(.touchesShouldCancel).map(\.answer) == [false])
    #expect(run.controlEvents("buy").first == "touchDown")
    #expect(run.controlEvents("buy").last == "touchUpOutside")
    #expect(run.scrollOffsets.isEmpty)
  }

  /// H-9: the fix: touchesShouldCancel YES for the button → scroll, button gets touchCancel.
  @Test func touchesShouldCancelFixLetsItScroll() {
    let s = list { $0.scroll!.touchesShouldCancelExcept = ["buy"] }
    let run = Run(
      s,
      [down(1, 175, 225, t: 0)] + (1...5).map { move(1, 175, 225 - Double($0) * 20, t: 200 + Double($0) * 16) } + [
        up(1, t: 400)
      ])
    #expect(run.fired("list.pan"))
    #expect(run.controlEvents("buy") == ["touchDown", "touchCancel"])
  }

  /// H-5: delaysContentTouches off: touchesShouldBegin asked and the button highlights at once.
  @Test func noContentDelay() {
    let run = Run(list { $0.scroll!.delaysContentTouches = false }, tap(175, 225))
    #expect(run.controlEventTimes("buy") == ["touchDown@0", "touchUpInside@80", "primaryActionTriggered@80"])
  }

  /// H-6: canCancelContentTouches off: once content tracks, the scroll view never scrolls.
  @Test func canCancelContentTouchesOff() {
    let s = list {
      $0.scroll!.canCancelContentTouches = false
      $0.scroll!.touchesShouldCancelExcept = ["buy"]
    }
    let run = Run(
      s,
      [down(1, 175, 225, t: 0)] + (1...5).map { move(1, 175, 225 - Double($0) * 20, t: 200 + Double($0) * 16) } + [
        up(1, t: 400)
      ])
    #expect(!run.fired("list.pan"))
    #expect(run.reason("list.pan", to: .failed)?.hasPrefix("canCancelContentTouches is NO") == true)
  }

  /// H-2: touchesShouldBegin NO: the content never gets the touch.
  @Test func touchesShouldBeginNo() {
    let s = list { $0.scroll!.touchesShouldBeginDefault = false }
    let run = Run(s, tap(175, 225, hold: 300))
    #expect(run.controlEvents("buy").isEmpty)
    #expect(run.drops("buy") == ["touchesShouldBegin"])
  }

  /// H-8: the scroll view's pan excludes a content tap when it begins, and can wait for another.
  @Test func scrollPanExcludesContentTapAndCanRequireFailure() {
    let s = scene([
      v(
        "list", [0, 100, 390, 600], kind: .scroll,
        subviews: [v("cell", [0, 0, 390, 100], recognizers: [g("select", .tap)])]
      ) { $0.scroll = ScrollSpec(contentSize: Size(390, 2000)) }
    ])
    let run = Run(s, drag(from: (100, 150), to: (100, 50), steps: 5))
    #expect(run.fired("list.pan"))
    #expect(run.reason("select", to: .failed) == "excluded by list.pan")
  }

  /// H-8: a content that is not larger than the scroll view does not scroll.
  @Test func nothingToScroll() {
    let s = scene([v("list", [0, 100, 390, 600], kind: .scroll)])
    #expect(!Run(s, drag(from: (100, 400), to: (100, 200))).fired("list.pan"))
  }

  /// H-8: contentOffset follows the finger, clamped to the content.
  @Test func contentOffsetIsClamped() {
    let run = Run(
      list(), drag(from: (20, 650), to: (20, 150), steps: 50) + drag(from: (20, 150), to: (20, 750), t: 1000, steps: 10)
    )
    #expect(run.scrollOffsets.max { $0.y < $1.y }!.y == 490)
    #expect(run.scrollOffsets.last == Point(0, 0))
  }
}
