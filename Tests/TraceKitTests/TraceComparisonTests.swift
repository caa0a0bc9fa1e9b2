import TestSupport
import Testing
import TouchSim

@testable import TraceKit

/// The comparison behind `touchscope compare` .
@Suite struct TraceComparisonTests {
  static let card = scene([v("card", [0, 100, 390, 300], recognizers: [g("cardTap", .tap)])])

  /// The runs part when the earlier of the two lines there happens: a long press made shorter begins at
  /// 50 ms in the changed run, while the written run's next line is at the lift.
  @Test func theRunsPartAtTheEarlierLine() {
    let s = scene([v("note", [0, 100, 390, 300], recognizers: [g("press", .longPress)])])
    var changed = s
    #expect(changed.apply(PropertyChange(target: "press", key: "minimumPressDuration", value: .number(0.05))) == nil)
    let script = tap(100, 200, hold: 80)
    let c = TraceComparison(written: Engine.replay(s, script: script), changed: Engine.replay(changed, script: script))
    let first = try? #require(c.first)
    #expect(first?.changed?.t == 50 && first?.written?.t == 80)
    #expect(first?.t == 50)
  }

  @Test func identicalRunsAgree() {
    let t = Engine.replay(Self.card, script: tap(100, 200))
    let c = TraceComparison(written: t, changed: t)
    #expect(c.same)
    #expect(c.gestures.isEmpty)
  }

  /// F-2: with cancelsTouchesInView off the card's touchesCancelled becomes touchesEnded, in gesture 0 only.
  @Test func differencesAreGroupedByGesture() {
    var changed = Self.card
    #expect(changed.apply(PropertyChange(target: "cardTap", key: "cancelsTouchesInView", value: .bool(false))) == nil)
    let script = tap(100, 200) + tap(100, 200, t: 1000)
    let c = TraceComparison(
      written: Engine.replay(Self.card, script: script), changed: Engine.replay(changed, script: script))
    #expect(!c.same)
    #expect(c.gestures.map(\.gesture) == [0, 1])
    let methods = c.gestures[0].onlyChanged.compactMap { e -> String? in
      if case .deliver("card", let m, _, _) = e.event { return m.rawValue }
      return nil
    }
    #expect(methods == ["touchesEnded"])
    #expect(
      c.gestures[0].onlyWritten.contains {
        if case .deliver("card", .touchesCancelled, _, _) = $0.event { true } else { false }
      })
    #expect(c.first?.gesture == 0)
    #expect(c.first?.t == 80)
  }
}
