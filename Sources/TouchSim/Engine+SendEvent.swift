/// The event's way in (rule C-11): the touches are hit-tested, then `UIApplication.sendEvent(_:)` passes the
/// event to `UIWindow.sendEvent(_:)`, which hands it to the recognizers and the views. An app's subclass may
/// override either; an override that does not call super stops the event there.
///
/// The model decides an override's answer once per touch, by where it went down (`SendEventOverride`), so
/// a touch it swallows is swallowed in every event of its life (docs/MODEL.md).
extension Simulation {
  /// C-11: a touch just registered (hit-tested, `hit` written) whose events an override swallows is never
  /// dispatched: no recognizer attached, no view delivered to. True when swallowed (the `drop` line is
  /// written after the event's `sendEvent` lines).
  mutating func swallowIfSendEventDoesNotCallSuper(_ uid: Int) -> Bool {
    let responders = setup.sceneHeader.responders
    guard responders.overridesSendEvent else { return false }
    let p = touches[uid].downLocation
    var by: ResponderID?
    if let o = responders.application.sendEvent, !o.callsSuper(forTouchDownAt: p) {
      by = .application
    } else if let o = responders.window.sendEvent, !o.callsSuper(forTouchDownAt: p) {
      by = .window
    }
    guard let by else { return false }
    touches[uid].swallowedBy = by
    touches[uid].ignored = true
    touches[uid].viewDone = true
    return true
  }

  /// C-11: the application's `sendEvent`, then the window's, for the event's changed touches (those the app
  /// ignores under C-10 are in no event); then a `drop` for each touch that began and was swallowed.
  mutating func sendEventSteps(_ changed: [Int]) {
    let inEvent = changed.filter { !touches[$0].ignored || touches[$0].swallowedBy != nil }
    guard !inEvent.isEmpty else { return }
    let atApp = inEvent.filter { touches[$0].swallowedBy == .application }
    let pastApp = inEvent.filter { touches[$0].swallowedBy != .application }
    if !pastApp.isEmpty { emit(.sendEvent(by: .application, touches: touchNumbers(pastApp), callsSuper: true)) }
    if !atApp.isEmpty { emit(.sendEvent(by: .application, touches: touchNumbers(atApp), callsSuper: false)) }
    let atWindow = pastApp.filter { touches[$0].swallowedBy == .window }
    let pastWindow = pastApp.filter { touches[$0].swallowedBy == nil }
    if !pastWindow.isEmpty { emit(.sendEvent(by: .window, touches: touchNumbers(pastWindow), callsSuper: true)) }
    if !atWindow.isEmpty { emit(.sendEvent(by: .window, touches: touchNumbers(atWindow), callsSuper: false)) }
    for uid in inEvent where touches[uid].phase == .began {
      guard let by = touches[uid].swallowedBy else { continue }
      let view = touches[uid].view.map { views[$0].id }
      emit(.drop(view: view, method: .touchesBegan, touches: [touches[uid].id], reason: .sendEventWithoutSuper(by)))
    }
  }

  private func touchNumbers(_ uids: [Int]) -> [Int] { uids.map { touches[$0].id } }
}
