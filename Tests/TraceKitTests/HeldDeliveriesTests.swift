import Geometry
import Testing
import TouchSim

@testable import TraceKit

/// The one account of withheld deliveries (F-1, F-2, F-7): what a delivery releases, what a cancellation
/// or a drop ends, and a touch number used again while its first touch's touchesEnded is still held.
@Suite struct HeldDeliveriesTests {
  func take(_ account: inout HeldDeliveries, _ events: [TraceEvent]) {
    for (i, e) in events.enumerated() { account.take(TraceEntry(t: Double(i), event: e), index: i) }
  }

  @Test func aDeliveryReleasesTheOldestHeldPhaseOfItsMethodForEachTouch() {
    var held = HeldDeliveries()
    take(
      &held,
      [
        .withhold(view: "card", method: .touchesEnded, touches: [1], by: ["double"]),
        // Touch 1 is used again while its first touchesEnded waits (F-7).
        .withhold(view: "card", method: .touchesBegan, touches: [1], by: ["double"]),
        .withhold(view: "card", method: .touchesEnded, touches: [1], by: ["double"]),
        .deliver(view: "card", method: .touchesEnded, touches: [1], at: Point(0, 0)),
      ])
    // The first touchesEnded went; the second one and the touchesBegan wait on.
    #expect(held["card"]?.map(\.index) == [1, 2])
    #expect(held.oldest("card", touch: 1, method: .touchesEnded)?.index == 2)
  }

  @Test func aCancellationOrADropEndsEverythingHeldForItsTouches() {
    for end in [
      TraceEvent.deliver(view: "card", method: .touchesCancelled, touches: [1], at: Point(0, 0)),
      .drop(view: "card", method: .touchesMoved, touches: [1], reason: .cancelledBy("double")),
    ] {
      var held = HeldDeliveries()
      take(
        &held,
        [
          .withhold(view: "card", method: .touchesBegan, touches: [1, 2], by: ["double"]),
          .withhold(view: "card", method: .touchesMoved, touches: [1], by: ["double"]),
          end,
        ])
      #expect(held["card"]?.map(\.touch) == [2], "\(end)")
      #expect(!held.isEmpty)
    }
  }

  @Test func theAccountIsEmptyOnceEverythingIsDelivered() {
    var held = HeldDeliveries()
    take(
      &held,
      [
        .withhold(view: "card", method: .touchesBegan, touches: [1, 2], by: ["double"]),
        .deliver(view: "card", method: .touchesBegan, touches: [2, 1], at: Point(0, 0)),
      ])
    #expect(held.isEmpty)
    #expect(held["card"] == nil)
  }
}
