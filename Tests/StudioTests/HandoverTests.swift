import Dispatch
import Foundation
import Testing

@testable import StudioSDL

/// Work handed from one thread to another (`Later`, `Handover`): the window's loop polls for what a thread
/// reads beside it (the library's titles) without waiting.
@Suite struct HandoverTests {
  @Test func aValueIsNotThereBeforeItIsSetThenThereEachTimeItIsAsked() throws {
    let later = Later<Int>()
    #expect(later.ifSet() == nil)
    #expect(later.ifSet() == nil)
    later.set(.success(7))
    #expect(try later.ifSet()?.get() == 7)
    #expect(try later.ifSet()?.get() == 7)
    // Waiting still returns it after it was polled.
    #expect(try later.wait() == 7)
    #expect(try later.ifSet()?.get() == 7)
  }

  @Test func workOnAThreadIsPolledUntilDoneAndThenTellsItsWaker() throws {
    let go = DispatchSemaphore(value: 0)
    let told = DispatchSemaphore(value: 0)
    let work = Handover(
      { () -> String in
        go.wait()
        return "titles"
      }, then: { told.signal() })
    // Not done while the work waits.
    #expect(work.ifDone() == nil)
    go.signal()
    // The waker is called once the result is there.
    #expect(told.wait(timeout: .now() + 10) == .success)
    #expect(try work.ifDone()?.get() == "titles")
    #expect(try work.wait() == "titles")
  }

  @Test func anErrorIsHandedOverToo() {
    struct Unreadable: Error {}
    let work = Handover({ () throws -> Int in throw Unreadable() })
    #expect(throws: Unreadable.self) { try work.wait() }
    #expect(work.ifDone().map { if case .failure = $0 { true } else { false } } == true)
  }
}
