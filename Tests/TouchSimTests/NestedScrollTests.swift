import Geometry
import TestSupport
import Testing
import TouchSim

/// Rule H-17 and nesting (E-6.1, H-13): a scroll view inside a scroll view on the same axis.
@Suite struct NestedScrollTests {
  /// A page 390 x 844 with 1600 pt of content, scrolled to `pageOffset`, holding at y 400 (content
  /// coordinates) a list 390 x 300 with 900 pt of content scrolled to `listOffset`.
  func nested(
    pageOffset: Double = 300, listOffset: Double = 0, listContent: Double = 900,
    _ configure: (inout ScrollSpec) -> Void = { _ in }
  ) -> Scene {
    scene([
      v(
        "page", [0, 0, 390, 844], kind: .scroll,
        subviews: [
          v("list", [0, 400, 390, 300], kind: .scroll) {
            $0.scroll = ScrollSpec(contentSize: Size(390, listContent))
            $0.bounds.origin = Point(0, listOffset)
            configure(&$0.scroll!)
          }
        ]
      ) {
        $0.scroll = ScrollSpec(contentSize: Size(390, 1600))
        $0.bounds.origin = Point(0, pageOffset)
      }
    ])
  }

  func offsets(_ run: Run, _ view: String) -> [Point] {
    run.trace.compactMap {
      if case .scroll(let v, let o, _) = $0.event, v == view { return o }
      return nil
    }
  }

  /// E-6.1: the inner list's pan is earlier in the walk, so when both pass their 10 pt on the same move,
  /// the list begins and excludes the page's pan. The list scrolls, the page does not move.
  @Test func theInnerScrollViewScrollsFirst() {
    // The list is at y 100 on screen (400 − 300); a drag up from y 300 to 240, list in the middle.
    let run = Run(nested(listOffset: 100), drag(from: (195, 300), to: (195, 240), steps: 3))
    #expect(run.fired("list.pan"))
    #expect(!run.fired("page.pan"))
    #expect(run.reason("page.pan", to: .failed) != nil)
    #expect(offsets(run, "page").isEmpty)
    #expect(offsets(run, "list").last == Point(0, 150))
  }

  /// H-17: the list rests at its top and the finger pulls down: the list's pan fails with the reason
  /// naming the page, and the page scrolls instead (its offset goes down from 300).
  @Test func h17AtTheTopAPullDownGoesToThePage() {
    let run = Run(nested(), drag(from: (195, 300), to: (195, 360), steps: 3))
    #expect(!run.fired("list.pan"))
    #expect(run.reason("list.pan", to: .failed) == "at its top edge, pulling past it: left to page")
    #expect(run.fired("page.pan"))
    #expect(offsets(run, "list").isEmpty)
    #expect(offsets(run, "page").last == Point(0, 250))
    // The same drag up, away from the top edge, scrolls the list.
    let up = Run(nested(), drag(from: (195, 300), to: (195, 240), steps: 3))
    #expect(up.fired("list.pan"))
    #expect(!up.fired("page.pan"))
  }

  /// H-17 at the bottom edge: a list scrolled to its end (900 − 300 = 600) hands a pull up to the page.
  @Test func h17AtTheBottomAPullUpGoesToThePage() {
    let run = Run(nested(listOffset: 600), drag(from: (195, 300), to: (195, 240), steps: 3))
    #expect(run.reason("list.pan", to: .failed) == "at its bottom edge, pulling past it: left to page")
    #expect(offsets(run, "page").last == Point(0, 350))
    // One point short of the end, it is the list's own drag (no hand-off while it can still move).
    let inside = Run(nested(listOffset: 599), drag(from: (195, 300), to: (195, 240), steps: 3))
    #expect(inside.fired("list.pan"))
    #expect(offsets(inside, "page").isEmpty)
  }

  /// H-17 is decided as the pan begins: a drag that began scrolling the list keeps it past the top edge,
  /// where the list rubber-bands (H-12) and the page never moves.
  @Test func h17NoHandOffInTheMiddleOfADrag() {
    let run = Run(nested(listOffset: 20), drag(from: (195, 300), to: (195, 420), steps: 6))
    #expect(run.fired("list.pan"))
    #expect(!run.fired("page.pan"))
    #expect(offsets(run, "page").isEmpty)
    #expect(offsets(run, "list").contains { $0.y < 0 })
  }

  /// H-17 switched off (`transfersVerticalScrollingToParent: false`): the list keeps the pull and bounces.
  @Test func h17OffTheListBounces() {
    let run = Run(
      nested { $0.transfersVerticalScrollingToParent = false }, drag(from: (195, 300), to: (195, 360), steps: 3))
    #expect(run.fired("list.pan"))
    #expect(!run.fired("page.pan"))
    #expect(offsets(run, "page").isEmpty)
    #expect(offsets(run, "list").first.map { $0.y < 0 } == true)
    // Horizontal hand-off has its own switch: off, it does not change a vertical pull.
    let other = Run(
      nested { $0.transfersHorizontalScrollingToParent = false }, drag(from: (195, 300), to: (195, 360), steps: 3))
    #expect(other.fired("page.pan"))
  }

  /// H-17 needs an outer scroll view that can scroll that way: a page whose content fits (and does not
  /// always bounce) cannot take the pull, so the list keeps it.
  @Test func h17OnlyToAParentThatCanScrollThatWay() {
    var s = nested(pageOffset: 0)
    s.root.subviews[0].scroll!.contentSize = Size(390, 844)
    let run = Run(s, drag(from: (195, 500), to: (195, 560), steps: 3))
    #expect(run.fired("list.pan"))
    #expect(!run.fired("page.pan"))
  }

  /// H-13 with nesting: a list whose content fits never begins, so the page takes any vertical drag.
  @Test func aListThatCannotScrollLeavesEveryDragToThePage() {
    let run = Run(nested(listContent: 300), drag(from: (195, 300), to: (195, 240), steps: 3))
    #expect(!run.fired("list.pan"))
    #expect(run.fired("page.pan"))
    #expect(offsets(run, "page").last == Point(0, 350))
  }

  /// H-17 is per axis: a horizontal carousel at its left edge inside a vertical page has no parent that
  /// scrolls horizontally, so a pull right stays with the carousel (it bounces), and a vertical drag on
  /// the carousel goes to the page because the carousel cannot scroll vertically (H-8).
  @Test func h17CrossAxisNestingGoesByDirection() {
    let s = scene([
      v(
        "page", [0, 0, 390, 844], kind: .scroll,
        subviews: [
          v("carousel", [0, 400, 390, 200], kind: .scroll) { $0.scroll = ScrollSpec(contentSize: Size(1170, 200)) }
        ]
      ) {
        $0.scroll = ScrollSpec(contentSize: Size(390, 1600))
        $0.bounds.origin = Point(0, 300)
      }
    ])
    let right = Run(s, drag(from: (100, 200), to: (160, 200), steps: 3))
    #expect(right.fired("carousel.pan"))
    #expect(!right.fired("page.pan"))
    let down = Run(s, drag(from: (100, 200), to: (100, 260), steps: 3))
    #expect(!down.fired("carousel.pan"))
    #expect(down.fired("page.pan"))
  }
}
