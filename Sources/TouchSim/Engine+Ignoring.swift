/// `UIApplication.beginIgnoringInteractionEvents()` / `endIgnoringInteractionEvents()` (rule C-10): while
/// the app ignores interaction events, a touch that goes down is hit-tested, then dropped for its whole
/// life. Touches already down when ignoring begins go on as usual (docs/MODEL.md, confidence L).
extension Engine {
  /// The app ignores interaction events now (UIKit's `isIgnoringInteractionEvents`).
  public var isIgnoringInteractionEvents: Bool { sim.ignoringCount > 0 }
}

extension Simulation {
  /// C-10: the counter goes up; the first begin starts ignoring.
  mutating func beginIgnoringInteractionEvents() {
    ignoringCount += 1
    emit(.ignoring(on: true, count: ignoringCount))
  }

  /// C-10: the counter goes down; ignoring stops at 0. An end with no begin to match changes nothing and
  /// writes nothing, as UIKit only logs it (a scene file may not say it: the reader reports it).
  mutating func endIgnoringInteractionEvents() {
    guard ignoringCount > 0 else { return }
    ignoringCount -= 1
    emit(.ignoring(on: ignoringCount > 0, count: ignoringCount))
  }

  /// C-10: a touch just registered (hit-tested, `hit` written) while the app ignores interaction events is
  /// never dispatched: no recognizer attached, no view delivered to, for its whole life. One `drop` line
  /// for its touchesBegan says so; its later phases write their `input` lines only. True when dropped.
  mutating func dropIfIgnoringInteractionEvents(_ uid: Int) -> Bool {
    guard ignoringCount > 0 else { return false }
    touches[uid].ignored = true
    touches[uid].viewDone = true
    let view = touches[uid].view.map { views[$0].id }
    emit(.drop(view: view, method: .touchesBegan, touches: [touches[uid].id], reason: .ignoringInteractionEvents))
    return true
  }
}
