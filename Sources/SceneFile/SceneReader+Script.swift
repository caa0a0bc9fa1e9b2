import TouchSim

/// The views and recognizers of a decoded scene by id, for checking a script against it.
struct SceneIndex {
  /// The views by id, found in the tree itself: for each view, where it hangs (its parent's place and its
  /// place among the parent's subviews). No view is copied to build it: a dictionary of whole views
  /// copied every view again each time it grew, about a quarter of loading a 10,000-view scene.
  struct Views {
    fileprivate var root: ViewSpec?
    fileprivate var slot: [String: Int] = [:]
    fileprivate var parent: [Int32] = []
    fileprivate var child: [Int32] = []

    subscript(id: String) -> ViewSpec? {
      guard let root, var at = slot[id] else { return nil }
      var path: [Int] = []
      while at > 0 {
        path.append(Int(child[at]))
        at = Int(parent[at])
      }
      var v = root
      for i in path.reversed() { v = v.subviews[i] }
      return v
    }
  }
  var views = Views()
  /// Recognizers, including each scroll view's built-in pan as `ID.pan`.
  var recognizers: [String: RecognizerSpec] = [:]
  var rootId: String
  /// View and recognizer ids in scene order, for hints.
  var order: [String] = []

  init(root written: ViewSpec) {
    rootId = written.id
    // With the views and the tap UIKit builds around each sheet: a script or a question may name them.
    let root = Scene(root: written).presentingSheets().root
    views.root = root
    var visited = 0
    // Depth first, each view before its subviews (a scene is at most 200 levels deep: a scene limit).
    func visit(_ v: ViewSpec, parent: Int, child: Int) {
      guard visited < 1_000_000 else { return }
      visited += 1
      let here = views.parent.count
      views.parent.append(Int32(parent))
      views.child.append(Int32(child))
      if views.slot[v.id] == nil {
        views.slot[v.id] = here
        order.append(v.id)
      }
      for r in v.builtInRecognizers + v.recognizers where recognizers[r.id] == nil {
        recognizers[r.id] = r
        order.append(r.id)
      }
      for i in v.subviews.indices { visit(v.subviews[i], parent: here, child: i) }
    }
    visit(root, parent: -1, child: 0)
  }

  func knows(_ id: String) -> Bool { views[id] != nil || recognizers[id] != nil }

  /// Splits `target.key`: the longest known id before a dot wins (a scroll view's pan is `list.pan`,
  /// so `list.pan.isEnabled` is the pan's `isEnabled`); otherwise the split that leaves a settable key;
  /// otherwise the first dot.
  func split(_ s: String) -> (target: String, key: String)? {
    let parts = s.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard parts.count >= 2 else { return nil }
    if parts.count <= 16 {
      for n in stride(from: parts.count - 1, through: 1, by: -1) {
        let target = parts[0..<n].joined(separator: ".")
        if knows(target) { return (target, parts[n...].joined(separator: ".")) }
      }
      for n in 1..<parts.count {
        let key = parts[n...].joined(separator: ".")
        if SettableKeys.view[key] != nil || SettableKeys.recognizer[key] != nil {
          return (parts[0..<n].joined(separator: "."), key)
        }
      }
    }
    return (parts[0], parts[1...].joined(separator: "."))
  }
}

extension SceneReader {
  static let stepKeys = SceneSchema.step.keys
  /// A step's actions: exactly one per step.
  static let actionKeys = KeySet(SceneSchema.step.exactlyOne)
  /// The actions that need `touch`.
  static let touchActions = KeySet(SceneSchema.step.needs.filter { $0.1 == [.touch] }.map(\.0))
  /// Latest time a step may have, in milliseconds (about 2.8 hours).
  static let maxTime = 1e7

  /// Reads `script:` and checks it: one action per step, times in order, every touch going down before
  /// it moves, lifts or is cancelled, `set` keys and values that fit their target.
  func readScript(_ node: Node, index: SceneIndex) -> [ScriptStep] {
    guard let seq = items(node) else {
      error(node, "'script' takes a list of steps, not \(described(node))")
      return []
    }
    if seq.count > SceneReader.maxSteps {
      error(node, "the script is too long: at most \(SceneReader.maxSteps) steps")
      return []
    }
    var tracker = TouchTracker()
    var steps: [ScriptStep] = []
    var lastTime: (t: Double, line: Int)?
    var endLine: Int?
    // C-10: lines of the beginIgnoringInteractionEvents steps not ended yet (UIKit keeps a counter).
    var ignoringSince: [Int] = []
    for item in seq {
      if problems.isFull { break }
      guard let f = fields(item, "a script step", allowed: SceneReader.stepKeys) else { continue }
      let line = position(item).line
      if let e = endLine { error(item, "no step may follow 'end' (line \(e))") }

      var t: Double?
      if let n = f[.t] {
        t = number(n, "t", range: SceneSchema.step.numberRange(.t))
        if let t, let last = lastTime, t < last.t {
          error(
            n,
            "steps must be in time order: t \(NumberText.format(t)) comes after t \(NumberText.format(last.t)) (line \(last.line))"
          )
        }
        if let t { lastTime = (max(t, lastTime?.t ?? t), line) }
      } else {
        error(item, "a step needs a time 't' (milliseconds from the start)")
      }

      let actions = f.order(among: SceneReader.actionKeys)
      guard let actionName = actions.first else {
        error(item, "a step needs one action: " + SceneReader.actionKeys.names.joined(separator: ", "))
        continue
      }
      if actions.count > 1 {
        error(
          f.keyNode(actions[1]) ?? item,
          "a step has one action, this one has \(actions.map(\.name).joined(separator: " and ")): write one step each")
        continue
      }
      let actionKey = actionName.name
      let isTouchAction = SceneReader.touchActions.contains(actionName)
      var touch: Int?
      if let n = f[.touch] {
        if isTouchAction {
          touch = integer(n, "touch", range: SceneSchema.step.integerRange(.touch))
        } else {
          error(f.keyNode(.touch) ?? n, "'touch' goes with down, move, up and cancel only, not with '\(actionKey)'")
        }
      } else if isTouchAction {
        error(item, "a '\(actionKey)' step needs the touch's number ('touch: 1')")
      }
      // C-13, C-15: addGestureRecognizer and addSubview name the view they add to.
      var to: String?
      let needsTo = actionKey == "addGestureRecognizer" || actionKey == "addSubview"
      if let n = f[.to] {
        if needsTo {
          to = string(n, "to")
          if let to { refer(to, .view, n, "to") }
        } else {
          error(f.keyNode(.to) ?? n, "'to' goes with addGestureRecognizer and addSubview only, not with '\(actionKey)'")
        }
      } else if needsTo {
        error(item, "an '\(actionKey)' step needs the view it adds to ('to: card')")
      }
      guard let actionNode = f[actionName],
        let read = readAction(actionKey, actionNode, touch: touch, isTouchAction: isTouchAction, index: index)
      else { continue }
      if needsTo && to == nil { continue }
      if let problem = worldProblem(read, to: to, index: index) {
        error(f.keyNode(actionName) ?? item, problem)
        continue
      }
      let action = worldAction(read, to: to)
      if actionKey == "end" { endLine = line }
      if action == .beginIgnoringInteractionEvents { ignoringSince.append(line) }
      if action == .endIgnoringInteractionEvents {
        guard ignoringSince.popLast() != nil else {
          error(
            f.keyNode(actionName) ?? item,
            "'endIgnoringInteractionEvents' has no 'beginIgnoringInteractionEvents' before it to end")
          continue
        }
      }
      if let touch, let t, let k = f.keyNode(actionName) {
        if let problem = tracker.step(touch: touch, action: actionKey, t: t, line: line) { error(k, problem) }
      }
      guard let t else { continue }
      steps.append(ScriptStep(t: t, action, line: line))
    }
    return steps
  }

  private func readAction(_ key: String, _ n: Node, touch: Int?, isTouchAction: Bool, index: SceneIndex)
    -> ScriptStep.Action?
  {
    if isTouchAction && touch == nil {
      // Still check the action's own value.
      switch key {
      case "down", "move": _ = point(n, key)
      case "up": if doc.isSequence(n) { _ = point(n, key) }
      default: break
      }
      return nil
    }
    let number = touch ?? 0
    switch key {
    case "down":
      return point(n, "down").map { .down(touch: number, at: $0) }
    case "move":
      return point(n, "move").map { .move(touch: number, to: $0) }
    case "up":
      if doc.isSequence(n) { return point(n, "up").map { .up(touch: number, at: $0) } }
      if case .bool(true)? = value(n) { return .up(touch: number, at: nil) }
      error(n, "'up' takes true or [x, y], not \(described(n))")
      return nil
    case "cancel":
      if case .bool(true)? = value(n) { return .cancel(touch: number) }
      error(n, "'cancel' takes true, not \(described(n))")
      return nil
    case "end":
      if case .bool(true)? = value(n) { return .end }
      error(n, "'end' takes true, not \(described(n))")
      return nil
    case "beginIgnoringInteractionEvents", "endIgnoringInteractionEvents":
      if case .bool(true)? = value(n) {
        return key == "beginIgnoringInteractionEvents" ? .beginIgnoringInteractionEvents : .endIgnoringInteractionEvents
      }
      error(n, "'\(key)' takes true, not \(described(n))")
      return nil
    case "bringToFront", "sendToBack":
      guard let id = string(n, key) else { return nil }
      // The root view's superview is the window, its only subview: moving it changes nothing, as
      // window.bringSubviewToFront(root) changes nothing in UIKit.
      refer(id, .view, n, key)
      return key == "bringToFront" ? .bringToFront(id) : .sendToBack(id)
    case "set":
      return readSet(n, index: index).map { .set($0) }
    case "removeGestureRecognizer", "addGestureRecognizer":
      guard let id = string(n, key) else { return nil }
      refer(id, .recognizer, n, key)
      return key == "removeGestureRecognizer" ? .removeGestureRecognizer(id) : .addGestureRecognizer(id, to: "")
    case "removeFromSuperview", "addSubview":
      guard let id = string(n, key) else { return nil }
      refer(id, .view, n, key)
      return key == "removeFromSuperview" ? .removeFromSuperview(id) : .addSubview(id, to: "")
    default:
      return nil
    }
  }

  /// The action with the view it adds to (read beside it, as `to`).
  private func worldAction(_ action: ScriptStep.Action, to: String?) -> ScriptStep.Action {
    switch action {
    case .addGestureRecognizer(let id, _): return .addGestureRecognizer(id, to: to ?? "")
    case .addSubview(let id, _): return .addSubview(id, to: to ?? "")
    default: return action
    }
  }

  /// What is wrong with a change of the tree whatever the time (rules C-12 to C-15): the root view stays in the
  /// window, a view cannot go inside itself, a scroll view keeps its own pan.
  private func worldProblem(_ action: ScriptStep.Action, to: String?, index: SceneIndex) -> String? {
    switch action {
    case .removeGestureRecognizer(let id), .addGestureRecognizer(let id, _):
      if let v = ScrollSpec.view(ofPanID: id), index.views[v]?.kind == .scroll {
        return "'\(Excerpt.short(id))' is a scroll view's own pan: it cannot be removed or moved"
      }
      if let v = ScrollSpec.view(ofPinchID: id), index.views[v]?.scroll?.hasPinch == true {
        return "'\(Excerpt.short(id))' is a scroll view's own pinch: it cannot be removed or moved"
      }
      return nil
    case .removeFromSuperview(let id):
      return id == index.rootId ? "the root view '\(Excerpt.short(id))' cannot be removed from the window" : nil
    case .addSubview(let id, _):
      if id == index.rootId { return "the root view '\(Excerpt.short(id))' cannot be added to another view" }
      guard let to, let view = index.views[id] else { return nil }
      if to == id { return "'\(Excerpt.short(id))' cannot be added to itself" }
      var stack = view.subviews
      var visited = 0
      while let v = stack.popLast(), visited < 1_000_000 {
        visited += 1
        if v.id == to { return "'\(Excerpt.short(id))' cannot be added to '\(Excerpt.short(to))', a view inside it" }
        stack.append(contentsOf: v.subviews)
      }
      return nil
    default:
      return nil
    }
  }

  /// `set: { id.key: value, ... }`, each change tried on a scratch copy of its target.
  private func readSet(_ node: Node, index: SceneIndex) -> [PropertyChange]? {
    guard doc.isMapping(node), doc.count(node) > 0, visit(doc.count(node)) else {
      error(node, "'set' takes a mapping of changes such as { tap.isEnabled: false }, not \(described(node))")
      return nil
    }
    var changes: [PropertyChange] = []
    var ok = true
    for i in 0..<doc.count(node) {
      let (keyNode, valueNode) = doc.pair(node, i)
      guard doc.isScalar(keyNode), let (target, key) = index.split(doc.string(keyNode)) else {
        error(keyNode, "a 'set' key is 'id.key' (such as tap.isEnabled), not \(described(keyNode))")
        ok = false
        continue
      }
      guard let change = readChange(target: target, key: key, keyNode: keyNode, valueNode: valueNode, index: index)
      else {
        ok = false
        continue
      }
      changes.append(change)
    }
    return ok ? changes : nil
  }

  private func readChange(target: String, key: String, keyNode: Node, valueNode: Node, index: SceneIndex)
    -> PropertyChange?
  {
    if var view = index.views[target] {
      if key == "hitTestOverrides" || key == "pointInside" {
        // Rule A-12: an overridden method is part of the view's class, fixed for the scene.
        error(
          keyNode,
          "'set' cannot change '\(key)' on view '\(target)': a hitTest or point(inside:) override is fixed for the scene"
        )
        return nil
      }
      // `flag.NAME`, one of the view's `flags`.
      if key.hasPrefix(SettableKeys.flagPrefix) {
        let name = String(key.dropFirst(SettableKeys.flagPrefix.count))
        guard view.flags[name] != nil else {
          error(
            keyNode,
            "'set' cannot change the flag '\(Excerpt.short(name))': view '\(target)' has no such flag in 'flags'"
              + hint(name, view.flags.keys.sorted()))
          return nil
        }
        guard let value = propertyValue(valueNode, key: key, type: .bool) else { return nil }
        if let problem = view.set(key, value) {
          error(valueNode, problem)
          return nil
        }
        return PropertyChange(target: target, key: key, value: value)
      }
      guard let type = SettableKeys.view[key] else {
        error(
          keyNode,
          "'set' cannot change '\(Excerpt.short(key))' on view '\(target)'" + hint(key, SettableKeys.view.keys.sorted())
        )
        return nil
      }
      if (key == "enabled" || key == "value") && !view.kind.isControl {
        error(keyNode, "'\(key)' applies to controls only ('\(target)' is a \(view.kind.rawValue))")
        return nil
      }
      if SettableKeys.stepperAndSlider.contains(key) {
        let fits = view.kind == .stepper || (view.kind == .slider && !SettableKeys.stepperOnly.contains(key))
        if !fits {
          let owners = SettableKeys.stepperOnly.contains(key) ? "steppers" : "steppers and sliders"
          error(keyNode, "'\(key)' applies to \(owners) only ('\(target)' is a \(view.kind.rawValue))")
          return nil
        }
      }
      for (keys, owner) in [
        (SettableKeys.segmentedOnly, ViewKind.segmentedControl), (SettableKeys.pageControlOnly, .pageControl),
      ] where keys.contains(key) && view.kind != owner {
        error(keyNode, "'\(key)' applies to \(owner.rawValue)s only ('\(target)' is a \(view.kind.rawValue))")
        return nil
      }
      guard var value = propertyValue(valueNode, key: key, type: type) else { return nil }
      if key == "disabledSegments", let list = value.indexes {
        let count = ViewSpec.segmentCount(view.text ?? "")
        if let i = list.first(where: { $0 >= count }) {
          error(
            valueNode,
            "'disabledSegments' names segment \(i), but '\(target)' has \(count) segments (0 to \(count - 1))")
          return nil
        }
      }
      if key == "value", view.kind == .switch, case .bool(let b) = value { value = .number(b ? 1 : 0) }
      if let problem = view.set(key, value) {
        error(valueNode, problem)
        return nil
      }
      if key == "stepValue", let step = view.stepValue, !(step > 0) {
        error(valueNode, "'stepValue' must be above 0, not \(NumberText.format(step))")
        return nil
      }
      if key == "minimumValue" || key == "maximumValue", view.rangeMaximum < view.rangeMinimum {
        error(
          valueNode,
          "'maximumValue' (\(NumberText.format(view.rangeMaximum))) would be below 'minimumValue' "
            + "(\(NumberText.format(view.rangeMinimum)))")
        return nil
      }
      if key == "alpha", !(0...1).contains(view.alpha) {
        error(valueNode, "'alpha' must be within 0...1, not \(NumberText.format(view.alpha))")
        return nil
      }
      if key == "color", let c = view.color, !SceneReader.isHexColor(c) {
        error(valueNode, "'color' must be a hex colour such as \"#4C8BF5\", not '\(Excerpt.short(c))'")
        return nil
      }
      return PropertyChange(target: target, key: key, value: value)
    }
    if var recognizer = index.recognizers[target] {
      guard let type = SettableKeys.recognizer[key] else {
        error(
          keyNode,
          "'set' cannot change '\(Excerpt.short(key))' on recognizer '\(target)'"
            + hint(key, SettableKeys.recognizer.keys.sorted()))
        return nil
      }
      if let problem = SceneReader.kindProblem(key: key, kind: recognizer.kind, id: target) {
        error(keyNode, problem)
        return nil
      }
      guard let value = propertyValue(valueNode, key: key, type: type) else { return nil }
      if let problem = recognizer.set(key, value) {
        error(valueNode, problem)
        return nil
      }
      if type == .idList || type == .idListOrAll, case .list(let items) = value {
        let itemNodes = doc.items(valueNode).map(Array.init) ?? [valueNode]
        for (item, at) in zip(items, itemNodes) {
          if case .string(let s) = item { refer(s, .recognizer, at, "\(target).\(key)") }
        }
      }
      return PropertyChange(target: target, key: key, value: value)
    }
    error(
      keyNode,
      "'set' names '\(Excerpt.short(target))', but no view or recognizer has that id" + hint(target, index.order))
    return nil
  }

  /// A `set` value as a `PropertyValue`; scalars are taken as strings for string keys and a single id as a
  /// list of one for id-list keys.
  private func propertyValue(_ node: Node, key: String, type: PropertyType) -> PropertyValue? {
    func plain(_ n: Node) -> PropertyValue? {
      switch value(n) {
      case .bool(let b)?: return .bool(b)
      case .string(let s)?: return .string(s)
      case .number(let x)?:
        guard x.isFinite, abs(x) <= SceneReader.maxMagnitude else {
          error(n, "'\(key)' must be a finite number within ±1000000, not \(NumberText.format(x))")
          return nil
        }
        return .number(x)
      case .null?:
        error(
          n,
          "'\(key)' needs a value"
            + (key == "color" ? " (a '#' starts a comment in YAML: quote the colour, \"#4C8BF5\")" : ""))
        return nil
      case nil:
        error(n, "'\(key)' takes a \(type.rawValue), not \(described(n))")
        return nil
      }
    }
    switch doc.kind(node) {
    case .sequence:
      guard let seq = items(node) else { return nil }
      var list: [PropertyValue] = []
      for item in seq {
        guard let v = plain(item) else { return nil }
        list.append(v)
      }
      return .list(list)
    case .plain, .quoted:
      switch value(node) {
      case .bool?, .number?:
        if type == .string { return .string(doc.string(node)) }
      case .string(let text)?:
        if type == .idList { return .list([.string(text)]) }
      default:
        break
      }
      return plain(node)
    case .mapping:
      error(node, "'\(key)' takes a \(type.rawValue), not \(described(node))")
      return nil
    }
  }
}

/// Follows each touch number through a script: down, then moves, then up or cancel.
struct TouchTracker {
  private var down: [Int: Int] = [:]  // touch -> line it went down
  private var ended: [Int: Int] = [:]  // touch -> line it ended
  private var eventTime: Double?
  private var inEvent: [Int: Int] = [:]  // touch -> line, within the current event (same t)

  /// The problem with `action` for `touch` at this point, or nil; updates the touch's state.
  mutating func step(touch: Int, action: String, t: Double, line: Int) -> String? {
    if eventTime != t {
      eventTime = t
      inEvent = [:]
    }
    if let other = inEvent[touch] {
      return
        "touch \(touch) already changes in this event (t \(NumberText.format(t)), line \(other)): one change per touch per event"
    }
    inEvent[touch] = line
    if action == "down" {
      if let at = down[touch] { return "touch \(touch) goes down twice: it is already down since line \(at)" }
      down[touch] = line
      ended[touch] = nil
      return nil
    }
    guard down[touch] != nil else {
      let verb = ["move": "moves", "up": "lifts", "cancel": "is cancelled"][action] ?? action
      if let at = ended[touch] { return "touch \(touch) \(verb) after it ended (line \(at))" }
      return "touch \(touch) \(verb) before it is down"
    }
    if action == "up" || action == "cancel" {
      down[touch] = nil
      ended[touch] = line
    }
    return nil
  }
}
