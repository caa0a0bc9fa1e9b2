import Geometry
import TestSupport
import Testing
import TouchSim

/// Rules H-12 to H-16: UIScrollView's bounces, alwaysBounce…, isPagingEnabled, contentInset and
/// isDirectionalLockEnabled.
@Suite struct ScrollPropertyTests {
  /// A vertical list 390 x 600 at y 100 with 2000 pt of content.
  func list(_ configure: (inout ScrollSpec) -> Void = { _ in }) -> Scene {
    scene([
      v("list", [0, 100, 390, 600], kind: .scroll) {
        $0.scroll = ScrollSpec(contentSize: Size(390, 2000))
        configure(&$0.scroll!)
      }
    ])
  }

  /// A horizontal pager of three 390 pt pages, 300 pt tall, at y 100.
  func pager(_ configure: (inout ScrollSpec) -> Void = { _ in }) -> Scene {
    scene([
      v("pager", [0, 100, 390, 300], kind: .scroll) {
        $0.scroll = ScrollSpec(contentSize: Size(1170, 300))
        $0.scroll!.isPagingEnabled = true
        configure(&$0.scroll!)
      }
    ])
  }

  func scrollLines(_ run: Run) -> [String] { run.events("scroll").map(\.json) }

  /// H-12 / L23: pulled 200 pt down from the top, the list shows 190 pt of travel through the rubber band
  /// (89 pt on a 600 pt list), then springs back to 0 at the lift, in a line marked `settle: bounce`.
  @Test func h12ADragPastTheTopRubberBandsAndSpringsBack() {
    let run = Run(list(), drag(from: (100, 200), to: (100, 400), steps: 10))
    #expect(run.fired("list.pan"))
    let lowest = run.scrollOffsets.map(\.y).min()!
    // (1 − 1 / (190 · 0.55 / 600 + 1)) · 600 = 88.999…
    #expect(abs(lowest + 88.999) < 0.001, "\(run.scrollOffsets)")
    #expect(run.scrollOffsets.dropLast().allSatisfy { $0.y < 0 })
    #expect(
      scrollLines(run).last == #"{"t":176,"ev":"scroll","view":"list","contentOffset":[0,0],"settle":"bounce"}"#)
    // Inside the range a drag ends where the finger left it: no settle line.
    let inside = Run(list(), drag(from: (100, 600), to: (100, 400), steps: 10))
    #expect(inside.scrollOffsets.last == Point(0, 190))
    #expect(!inside.json.contains("settle"))
  }

  /// H-12: with bounces off the offset stops at the edge: a drag down from the top moves nothing.
  @Test func h12WithoutBouncesTheOffsetStopsAtTheEdge() {
    let run = Run(list { $0.bounces = false }, drag(from: (100, 200), to: (100, 400), steps: 10))
    #expect(run.fired("list.pan"))
    #expect(run.scrollOffsets.isEmpty)
    // At the bottom (1400) it stops too.
    var s = list { $0.bounces = false }
    s.root.subviews[0].bounds.origin = Point(0, 1350)
    let end = Run(s, drag(from: (100, 600), to: (100, 300), steps: 10))
    #expect(end.scrollOffsets.last == Point(0, 1400))
    #expect(!end.json.contains("settle"))
  }

  /// H-13: content that fits does not scroll; alwaysBounceVertical makes it drag and spring back, but only
  /// while bounces is on.
  @Test func h13ContentThatFitsScrollsOnlyWhenItAlwaysBounces() {
    func fitting(_ configure: (inout ScrollSpec) -> Void) -> Scene {
      scene([
        v("short", [0, 100, 390, 600], kind: .scroll) {
          $0.scroll = ScrollSpec(contentSize: Size(390, 400))
          configure(&$0.scroll!)
        }
      ])
    }
    let pull = drag(from: (100, 300), to: (100, 200), steps: 10)
    let plain = Run(fitting { _ in }, pull)
    #expect(!plain.fired("short.pan"))
    #expect(plain.reason("short.pan", to: .failed) == "lifted after moving 100 pt, none of it along a scrollable axis")
    #expect(plain.scrollOffsets.isEmpty)
    let bouncing = Run(fitting { $0.alwaysBounceVertical = true }, pull)
    #expect(bouncing.fired("short.pan"))
    // The whole range is 0…0: the 90 pt of travel are all rubber band, and it springs back.
    #expect(bouncing.scrollOffsets.dropLast().allSatisfy { $0.y > 0 && $0.y < 90 })
    #expect(bouncing.scrollOffsets.last == Point(0, 0))
    #expect(bouncing.events("scroll").last?.json.hasSuffix(#""settle":"bounce"}"#) == true)
    // Horizontal bouncing does not make a vertical drag scroll.
    #expect(!Run(fitting { $0.alwaysBounceHorizontal = true }, pull).fired("short.pan"))
    // Without bounces alwaysBounceVertical does nothing.
    let off = Run(
      fitting {
        $0.alwaysBounceVertical = true
        $0.bounces = false
      }, pull)
    #expect(!off.fired("short.pan"))
  }

  /// H-14 / L24: a slow drag (100 pt/s) settles on the nearest page: 140 pt back to 0, 240 pt on to 390.
  @Test func h14ASlowDragSettlesOnTheNearestPage() {
    let back = Run(pager(), drag(from: (300, 250), to: (150, 250), steps: 30, every: 50))
    #expect(back.scrollOffsets.dropLast().last == Point(140, 0))
    #expect(
      scrollLines(back).last == #"{"t":1550,"ev":"scroll","view":"pager","contentOffset":[0,0],"settle":"page"}"#)
    let on = Run(pager(), drag(from: (350, 250), to: (100, 250), steps: 50, every: 50))
    #expect(on.scrollOffsets.dropLast().last == Point(240, 0))
    #expect(on.scrollOffsets.last == Point(390, 0))
    // No paging: the offset stays where the finger left it.
    let free = Run(pager { $0.isPagingEnabled = false }, drag(from: (300, 250), to: (150, 250), steps: 30, every: 50))
    #expect(free.scrollOffsets.last == Point(140, 0))
  }

  /// H-14 / L24: a flick (1250 pt/s) of 100 pt goes on to the next page, not back to the nearest; a flick
  /// the other way from page 2 goes back to page 1; the last page is as far as it goes.
  @Test func h14AFlickGoesOnToTheNextPage() {
    let flick = Run(pager(), drag(from: (300, 250), to: (200, 250), steps: 5))
    #expect(flick.scrollOffsets.dropLast().last == Point(90, 0))
    #expect(flick.scrollOffsets.last == Point(390, 0))
    // The same fast move, then the finger rests 300 ms before it lifts: no flick, the nearest page.
    let rested = Run(pager(), drag(from: (300, 250), to: (200, 250), steps: 5, lift: false) + [up(1, t: 380)])
    #expect(rested.scrollOffsets.last == Point(0, 0))
    var second = pager()
    second.root.subviews[0].bounds.origin = Point(390, 0)
    let backFlick = Run(second, drag(from: (100, 250), to: (200, 250), steps: 5))
    #expect(backFlick.scrollOffsets.last == Point(0, 0))
    var last = pager()
    last.root.subviews[0].bounds.origin = Point(780, 0)
    let past = Run(last, drag(from: (300, 250), to: (200, 250), steps: 5))
    // Pulled past the last page with the rubber band, it comes back to that page.
    #expect(past.scrollOffsets.dropLast().last!.x > 780)
    #expect(past.scrollOffsets.last == Point(780, 0))
    #expect(past.events("scroll").last?.json.hasSuffix(#""settle":"page"}"#) == true)
  }

  /// H-15: insets widen the range: with bounces off the offset stops at −top and at
  /// contentSize − bounds + bottom; content plus insets larger than the bounds scrolls.
  @Test func h15InsetsWidenTheRange() {
    let inset = EdgeInsets(top: 50, left: 0, bottom: 30, right: 0)
    let top = Run(
      list {
        $0.bounces = false
        $0.contentInset = inset
      }, drag(from: (100, 200), to: (100, 400), steps: 10))
    #expect(top.scrollOffsets.last == Point(0, -50))
    var s = list {
      $0.bounces = false
      $0.contentInset = inset
    }
    s.root.subviews[0].bounds.origin = Point(0, 1400)
    let bottom = Run(s, drag(from: (100, 600), to: (100, 300), steps: 10))
    #expect(bottom.scrollOffsets.last == Point(0, 1430))
    // 580 pt of content in 600 pt fits, but not with a 40 pt bottom inset: it scrolls 20 pt.
    let tight = scene([
      v("tight", [0, 100, 390, 600], kind: .scroll) {
        $0.scroll = ScrollSpec(contentSize: Size(390, 580))
        $0.scroll!.contentInset = EdgeInsets(top: 0, left: 0, bottom: 40, right: 0)
        $0.scroll!.bounces = false
      }
    ])
    let run = Run(tight, drag(from: (100, 600), to: (100, 400), steps: 10))
    #expect(run.fired("tight.pan"))
    #expect(run.scrollOffsets.last == Point(0, 20))
  }

  /// A canvas that scrolls both ways: 390 x 600 over 2000 x 2000.
  func canvas(lock: Bool) -> Scene {
    scene([
      v("canvas", [0, 100, 390, 600], kind: .scroll) {
        $0.scroll = ScrollSpec(contentSize: Size(2000, 2000))
        $0.scroll!.isDirectionalLockEnabled = lock
        $0.scroll!.bounces = false
      }
    ])
  }

  /// H-16 / L25: a drag mostly up (200 pt up, 30 pt right) scrolls only up with the lock; without it, the
  /// content follows sideways too: by the sideways travel after the pan began (H-11: what each axis had
  /// gone as it began, at most the threshold, is taken off once; here 3 of the 30 pt).
  @Test func h16ADragMostlyDownScrollsOnlyDown() {
    let script = drag(from: (100, 600), to: (70, 400), steps: 10)
    let locked = Run(canvas(lock: true), script)
    #expect(locked.scrollOffsets.allSatisfy { $0.x == 0 })
    #expect(locked.scrollOffsets.last == Point(0, 190))
    let free = Run(canvas(lock: false), drag(from: (300, 600), to: (270, 400), steps: 10))
    #expect(free.scrollOffsets.last == Point(27, 190))
  }

  /// H-16 / L25: a diagonal start (as far right as up) locks nothing: both offsets move.
  @Test func h16ADiagonalDragLocksNothing() {
    let run = Run(canvas(lock: true), drag(from: (300, 600), to: (200, 500), steps: 10))
    #expect(run.scrollOffsets.last == Point(90, 90))
  }
}
