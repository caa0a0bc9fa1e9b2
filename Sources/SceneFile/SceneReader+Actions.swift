import TouchSim

/// Target-action and the event's way in (rules B-7, B-7a, C-11): a control's `actions`, the action methods a
/// view, its controller, the window, the application and the app delegate implement, the first responder,
/// and the `sendEvent` overrides of the application and the window.
extension SceneReader {
  static let controlActionKeys = SceneSchema.controlAction.keys
  static let respondersKeys = SceneSchema.responders.keys
  static let eventResponderKeys = SceneSchema.eventResponder.keys
  static let appDelegateResponderKeys = SceneSchema.appDelegateResponder.keys

  /// A selector as Objective-C writes it: letters, digits and underscores, each part ending in a colon
  /// ("save:", "refresh", "move:by:").
  static func isSelector(_ s: String) -> Bool {
    guard s.utf8.count <= 200, let first = s.utf8.first, first != UInt8(ascii: ":"), !(0x30...0x39).contains(first)
    else { return false }
    return s.utf8.allSatisfy { c in
      (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) || (0x30...0x39).contains(c) || c == UInt8(ascii: "_")
        || c == UInt8(ascii: ":")
    } && !s.contains("::")
  }

  func selector(_ node: Node, _ key: String) -> String? {
    guard let s = string(node, key) else { return nil }
    guard Self.isSelector(s) else {
      error(
        node,
        "'\(key)' takes an action selector as Objective-C writes it (\"save:\", \"refresh\"), not '\(Excerpt.short(s))'"
      )
      return nil
    }
    return s
  }

  /// `implements:` and the like: a list of selectors, each once.
  func readSelectors(_ node: Node, _ key: String) -> [String]? {
    guard let seq = items(node) else {
      error(node, "'\(key)' takes a list of action selectors ([\"save:\"]), not \(described(node))")
      return nil
    }
    var out: [String] = []
    for item in seq {
      guard let s = selector(item, key) else { continue }
      if out.contains(s) {
        error(item, "'\(key)' names '\(Excerpt.short(s))' twice")
        continue
      }
      out.append(s)
    }
    return out
  }

  /// `actions:` of a control: `{ event, action, target }` entries, the target left out for a nil target.
  func readActions(_ node: Node) -> [ControlAction]? {
    guard let seq = items(node) else {
      error(node, "'actions' takes a list of { event, action, target } entries, not \(described(node))")
      return nil
    }
    var out: [ControlAction] = []
    for item in seq {
      guard let f = fields(item, "an action", allowed: SceneReader.controlActionKeys) else { continue }
      var event: TraceEvent.ControlEvent?
      if let n = f[.event], let s = string(n, "event") {
        event = TraceEvent.ControlEvent(rawValue: s)
        if event == nil {
          error(
            n, "unknown control event '\(Excerpt.short(s))'" + hint(s, TraceEvent.ControlEvent.allCases.map(\.rawValue))
          )
        }
      } else if !f.has(.event) {
        error(item, "an action needs an 'event' (touchUpInside, valueChanged …)")
      }
      var action: String?
      if let n = f[.action] {
        action = selector(n, "action")
      } else {
        error(item, "an action needs an 'action', its selector (\"save:\")")
      }
      var target: String?
      if let n = f[.target], value(n) != .null, let s = string(n, "target") {
        target = s
        actionTargets.append((name: s, action: action ?? "", node: n))
      }
      if let event, let action { out.append(ControlAction(event: event, action: action, target: target)) }
    }
    return out
  }

  /// `responders:` of a scene.
  func readResponders(_ node: Node) -> SceneResponders? {
    guard let f = fields(node, "'responders'", allowed: SceneReader.respondersKeys) else { return nil }
    var r = SceneResponders()
    if let n = f[.window], let w = readFixedResponder(n, "window", keys: SceneReader.eventResponderKeys) {
      r.window = w
    }
    if let n = f[.application], let a = readFixedResponder(n, "application", keys: SceneReader.eventResponderKeys) {
      r.application = a
    }
    if let n = f[.appDelegate], let d = readFixedResponder(n, "appDelegate", keys: SceneReader.appDelegateResponderKeys)
    {
      r.appDelegate = d
    }
    return r
  }

  private func readFixedResponder(_ node: Node, _ name: String, keys: KeySet) -> FixedResponderSpec? {
    guard let f = fields(node, "'responders.\(name)'", allowed: keys) else { return nil }
    var spec = FixedResponderSpec()
    if let n = f[.implements], let list = readSelectors(n, "implements") { spec.implements = list }
    if let n = f[.sendEvent] {
      if case .bool(let b)? = value(n) {
        spec.sendEvent = .always(b)
      } else if doc.kind(n) == .mapping {
        spec.sendEvent = readPointInside(n).map { .within($0) }
      } else {
        error(
          n,
          "'sendEvent' takes true (the override calls super), false (it swallows every event) or a shape where it calls super ({ circle: [x, y, r] } or { rects: [...] }), not \(described(n))"
        )
      }
    }
    return spec
  }

  /// Once every id is known: each action's target names a responder that implements the action (UIKit sends
  /// a targeted action without asking; a target without the method raises "unrecognized selector"), and
  /// the first responder is a view.
  func checkActions(_ scene: Scene, firstResponderNode: Node?) {
    if let n = firstResponderNode, let id = scene.firstResponder, ids[id]?.role.isView != true {
      error(
        n,
        "'firstResponder' names '\(Excerpt.short(id))', but no view has that id"
          + hint(id, ids.ids(where: { $0.isView })))
    }
    guard !actionTargets.isEmpty else { return }
    var implementers: [String: [String]] = [
      "window": scene.responders.window.implements, "application": scene.responders.application.implements,
      "appDelegate": scene.responders.appDelegate.implements,
    ]
    var stack = [scene.root]
    while let v = stack.popLast() {
      implementers[v.id] = v.implements
      if let c = v.controller { implementers[c] = v.controllerImplements }
      stack.append(contentsOf: v.subviews)
    }
    for (name, action, node) in actionTargets {
      guard let methods = implementers[name] else {
        error(
          node,
          "'target' names '\(Excerpt.short(name))', but no view, view controller, window, application or appDelegate has that name (leave 'target' out for a nil target)"
            + hint(name, Array(implementers.keys).sorted()))
        continue
      }
      if !action.isEmpty && !methods.contains(action) {
        error(
          node,
          "the target '\(Excerpt.short(name))' does not implement '\(action)' (add it to its 'implements'): UIKit would raise \"unrecognized selector sent to instance\""
        )
      }
    }
  }
}
