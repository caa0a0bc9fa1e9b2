/// Target-action (rules B-7, B-7a): a control event sends each action added for it. An action with a target
/// goes straight to it; a nil-targeted one goes to the first responder in the chain that can perform it,
/// starting at the first responder (at the sender when there is none), or nowhere.
extension Simulation {
  /// B-7: control `c` sent `event`; its actions for that event are sent in the order they were added.
  mutating func sendActions(_ c: Int, _ event: TraceEvent.ControlEvent) {
    let actions = views[c].spec.actions
    guard !actions.isEmpty else { return }
    let sender = views[c].id
    for a in actions where a.event == event {
      if let name = a.target {
        let target = responder(named: name)
        emit(.sendAction(control: sender, event: event, action: a.action, target: target, from: nil))
        emit(.perform(responder: target, action: a.action, sender: sender))
        continue
      }
      // B-7a: the search starts at the first responder, else at the sender itself.
      var cur = ResponderID.view(sender)
      var curView: Int? = c
      if let first = setup.sceneHeader.firstResponder, let v = views.index[first] {
        cur = .view(first)
        curView = v
      }
      emit(.sendAction(control: sender, event: event, action: a.action, target: nil, from: cur))
      var performer: ResponderID?
      for _ in 0..<(views.nodes.count * 2 + 8) {
        let yes = implements(cur, curView, a.action)
        emit(.canPerform(responder: cur, action: a.action, answer: yes))
        if yes {
          performer = cur
          break
        }
        guard let (next, nextView) = nextResponder(cur, curView) else { break }
        cur = next
        curView = nextView
      }
      // B-7a: nothing in the chain implements it: the action is dropped (sendAction returns NO).
      emit(.perform(responder: performer, action: a.action, sender: sender))
    }
  }

  /// The responder a target names: `window`, `application`, `appDelegate`, a view controller or a view.
  func responder(named name: String) -> ResponderID {
    switch name {
    case "window": return .window
    case "application": return .application
    case "appDelegate": return .appDelegate
    default: return views.controllerView[name] != nil ? .controller(name) : .view(name)
    }
  }

  /// B-7a: `canPerformAction(_:withSender:)` of a responder: YES when its class implements the action.
  func implements(_ r: ResponderID, _ v: Int?, _ action: String) -> Bool {
    let fixed = setup.sceneHeader.responders
    switch r {
    case .view: return v.map { views[$0].spec.implements.contains(action) } ?? false
    case .controller: return v.map { views[$0].spec.controllerImplements.contains(action) } ?? false
    case .window: return fixed.window.implements.contains(action)
    case .application: return fixed.application.implements.contains(action)
    case .appDelegate: return fixed.appDelegate.implements.contains(action)
    }
  }
}
