import Testing

@testable import StudioSDL

/// `open --inject FILE`: the touchscreen events a test pushes into the window, one a line.
@Suite struct InjectedEventTests {
  /// Fields apart by blanks or tabs, lines ending as on any system, comments and blank lines skipped.
  @Test func readsLinesOfAnySystem() throws {
    let text = "# two fingers\r\n100 down 1 0.5 0.5 mouse\r\n120\tmotion\t1\t0.6\t0.5\r\r\n140 up 1 0.6 0.5 # lift\n"
    let events = try InjectedEvent.parse(text)
    #expect(events.map(\.at) == [100, 120, 140])
    #expect(events.map(\.kind) == [.down, .motion, .up])
    #expect(events.map(\.synthesizeMouse) == [true, false, false])
    #expect(events[1].x == 0.6)
  }

  /// A line that is not an event is refused with its number and text.
  @Test func refusesWithTheLine() {
    #expect(throws: InjectError.self) { try InjectedEvent.parse("100 down 1 0.5 0.5\r\n120 sideways 1 0.5 0.5\r\n") }
    do {
      _ = try InjectedEvent.parse("100 down 1 0.5 0.5\r\n120 sideways 1 0.5 0.5\r\n")
    } catch let e as InjectError {
      #expect(e.line == 2)
      #expect(e.text == "120 sideways 1 0.5 0.5")
    } catch {
      Issue.record("unexpected \(error)")
    }
  }
}
