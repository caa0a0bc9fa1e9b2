import TestSupport
import Testing
import TouchSim

@testable import TraceKit

/// The comparison behind `touchscope compare` (issue 17 item 1).
@Suite struct TraceComparisonTests {
  static let card = scene([v("card", [0, 100, 390, 300], recognizers: [g("cardTap", .tap)])])

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
