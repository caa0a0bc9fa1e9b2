import TouchSim

/// What the trace says at a playhead: the first `count` entries folded into the state every panel,
/// the narration and the timeline read.
///
/// Nothing here decides anything about touch delivery; it only reads the engine's trace. It holds the
/// scene as the trace changed it, every recognizer's state and last transition *in the current
/// gesture* (what it did in the gesture before is kept apart, as `previous`), the touches with their
/// views, locations and local points, the hit-test walk so far, control states, the deliveries and the
/// answers of the current gesture, and what is withheld from which view and for whom. Gestures are cut
/// by `GestureScanner`, the one definition of where a gesture starts.
public struct Snapshot: Sendable {
  /// The scene with the trace's changes so far.
  public private(set) var live: LiveScene
  public var scene: Scene { live.scene }
  /// Entries folded so far (the playhead's index).
  public private(set) var count = 0
  /// Time of the last folded entry.
  public private(set) var time: Double = 0
  /// Where the gesture the last folded entry belongs to started (nil before the first touch-down).
  public private(set) var gestureStart: Int?
  /// How many gestures have started.
  public private(set) var gestureCount = 0
  public private(set) var gestures = GestureScanner()
  public var recognizers: [String: RecognizerStatus] = [:]
  /// Touches by number: down ones, and lifted ones (for the linger after lift).
  public var touches: [Int: TouchStatus] = [:]
  /// The hit-test walk of the latest touch-down, as far as it has gone.
  public var walk: HitTestWalk?
  public var controls: [String: ControlStatus] = [:]
  /// The last delivery (or withhold / drop) to each view in the current gesture.
  public var deliveries: [String: DeliveryStatus] = [:]
  /// Deliveries withheld from each view and not yet made or dropped (the scanner's account).
  public var held: HeldDeliveries { gestures.held }
  /// The last answer to each question in the current gesture, keyed by `AskKey`.
  public var asks: [AskKey: AskStatus] = [:]
  /// The recognizers of the latest touch that reached any (its `attach` line): which cards the inspector
  /// keeps open, until the next touch is attached.
  public var latestAttached: [String]?
  /// The app ignores interaction events (the last `ignoring` line said so, rule C-10).
  public var ignoringInteractionEvents = false

  public init(scene: Scene) { live = LiveScene(scene) }

  /// The state before any entry, from a scene already indexed.
  public init(live: LiveScene) { self.live = live }

  /// Nothing going on: every touch up, no recognizer engaged, nothing withheld.
  public var isSettled: Bool { gestures.isSettled }

  /// Folds `trace[count..<upTo]` into the state.
  public mutating func advance(_ trace: [TraceEntry], upTo end: Int) {
    let end = min(end, trace.count)
    while count < end { take(trace[count]) }
  }

  /// Folds one more entry, the one at index `count` of the trace.
  public mutating func take(_ entry: TraceEntry) {
    apply(entry, index: count)
    count += 1
  }

  /// The touches down now, and their views (touch.view; nil: nothing was hit; `.none`: not yet known).
  public var touchesDown: [Int: String??] {
    touches.filter { $0.value.phase != .ended && $0.value.phase != .cancelled }.mapValues(\.view)
  }

  /// The state after the first `n` entries of `trace`, starting from `scene`.
  public static func at(_ n: Int, of trace: [TraceEntry], scene: Scene) -> Snapshot {
    var s = Snapshot(scene: scene)
    s.advance(trace, upTo: n)
    return s
  }

  private mutating func apply(_ e: TraceEntry, index: Int) {
    time = e.t
    if gestures.take(e, index: index) { startGesture(at: index) }
    live.apply(e.event)
    switch e.event {
    case .input(let n, let phase, let at, let tapCount):
      var t = touches[n] ?? TouchStatus(number: n, location: at, downIndex: index, downTime: e.t)
      if phase == .began {
        t = TouchStatus(number: n, location: at, downIndex: index, downTime: e.t)
      }
      t.phase = phase
      t.tapCount = tapCount
      if phase != .stationary {
        t.location = at
        t.trail.append(at)
        if t.trail.count > TouchStatus.trailLength { t.trail.removeFirst(t.trail.count - TouchStatus.trailLength) }
        if phase != .began, case .some(.some(let view)) = t.view { t.local = live.fromWindow(at, into: view) }
      }
      if phase == .ended || phase == .cancelled { t.liftTime = e.t }
      touches[n] = t
    case .hitTest(let view, let at, let result):
      if walk == nil || walk!.isComplete { walk = HitTestWalk(startIndex: index, time: e.t) }
      walk!.visits.append(HitTestVisit(view: view, at: at, result: result, index: index))
    case .hitTestOverride(let view, let at, let returned):
      if walk == nil || walk!.isComplete { walk = HitTestWalk(startIndex: index, time: e.t) }
      walk!.visits.append(HitTestVisit(view: view, at: at, result: .override, index: index, returned: returned))
    case .hit(let n, let view):
      if walk == nil || walk!.isComplete { walk = HitTestWalk(startIndex: index, time: e.t) }
      walk!.touch = n
      walk!.hitView = .some(view)
      walk!.hitIndex = index
      touches[n]?.view = view
      // The point that decided, in the hit view's own coordinates, as the walk computed it.
      touches[n]?.local = view.flatMap { v in walk!.visits.last { $0.view == v && $0.result == .inside }?.at }
      // A view an override returned without visiting it: the touch's location converted.
      if let v = view, touches[n]?.local == nil, let at = touches[n]?.location {
        touches[n]?.local = live.fromWindow(at, into: v)
      }
    case .attach(let n, let ids):
      touches[n]?.recognizers = ids
      if !ids.isEmpty { latestAttached = ids }
    case .ask(let of, let q, let other, let view, let answer):
      asks[AskKey(of: of, question: q, about: other ?? view)] = AskStatus(answer: answer, index: index, time: e.t)
      // Rule 8.8: a control whose tracking override answers NO stops tracking: drawn unhighlighted.
      if !answer && (q == .beginTracking || q == .continueTracking), var s = controls[of] {
        s.highlighted = false
        controls[of] = s
      }
    case .feed(let r, let method, let ts):
      var s = recognizers[r] ?? RecognizerStatus()
      switch method {
      case .touchesBegan: s.touches.formUnion(ts)
      case .touchesEnded, .touchesCancelled: s.touches.subtract(ts)
      case .touchesMoved: break
      }
      recognizers[r] = s
    case .state(let r, let from, let to, let reason):
      var s = recognizers[r] ?? RecognizerStatus()
      s.state = to
      s.last = Transition(from: from, to: to, reason: reason, index: index, time: e.t)
      if to != .possible { s.lastNonReset = s.last }
      // A wait ends with any transition, a reset too.
      s.waitingFor = []
      if to == .possible { s.touches = [] }
      recognizers[r] = s
    case .action(let r, let state, let values):
      var s = recognizers[r] ?? RecognizerStatus()
      s.lastAction = ActionStatus(state: state, values: values, index: index, time: e.t)
      s.actionCount += 1
      recognizers[r] = s
    case .wait(let r, let others):
      var s = recognizers[r] ?? RecognizerStatus()
      s.waitingFor = others
      recognizers[r] = s
    case .withhold(let view, let method, let ts, let by):
      deliveries[view] = DeliveryStatus(method: method, touches: ts, kind: .withheld(by: by), index: index, time: e.t)
    case .deliver(let view, let method, let ts, _):
      deliveries[view] = DeliveryStatus(method: method, touches: ts, kind: .delivered, index: index, time: e.t)
    case .drop(let view, let method, let ts, let reason):
      if let view {
        deliveries[view] = DeliveryStatus(method: method, touches: ts, kind: .dropped(reason), index: index, time: e.t)
      }
    case .control(let c, let event, let highlighted, let value):
      var s = controls[c] ?? ControlStatus()
      s.highlighted = highlighted
      s.lastEvent = event
      s.lastIndex = index
      s.lastTime = e.t
      if let value { s.value = value.number }
      controls[c] = s
    case .ignoring(let on, _):
      ignoringInteractionEvents = on
    case .removeGestureRecognizer(let r, _, _):
      // C-12: back to possible at once, without an action, its touches let go.
      var s = recognizers[r] ?? RecognizerStatus()
      s.state = .possible
      s.touches = []
      s.waitingFor = []
      recognizers[r] = s
    case .scroll, .zoom, .sheet, .set, .reorder, .forward, .timer, .sendEvent, .sendAction, .canPerform, .perform,
      .addGestureRecognizer,
      .removeFromSuperview, .addSubview:
      break
    }
  }

  /// A new gesture begins at entry `index`: what each recognizer did in the one before becomes its
  /// `previous`, and the current gesture's transitions, actions, deliveries and answers start empty.
  private mutating func startGesture(at index: Int) {
    gestureStart = index
    gestureCount += 1
    for (id, var s) in recognizers {
      if s.lastNonReset != nil || s.actionCount > 0 {
        s.previous = PreviousGesture(transition: s.lastNonReset, lastAction: s.lastAction, actionCount: s.actionCount)
      }
      s.last = nil
      s.lastNonReset = nil
      s.lastAction = nil
      s.actionCount = 0
      s.waitingFor = []
      recognizers[id] = s
    }
    for (id, var c) in controls {
      c.lastEvent = nil
      c.lastIndex = nil
      c.lastTime = nil
      controls[id] = c
    }
    deliveries = [:]
    asks = [:]
    walk = nil
  }

  /// The same state after the first `k` entries of the trace were discarded: every index it holds moves
  /// down by `k` (an index of an entry that is gone becomes negative; panels look such entries up only
  /// when the index is in range).
  public mutating func rebase(droppingFirst k: Int) {
    guard k > 0 else { return }
    count = max(count - k, 0)
    // A gesture longer than the trace the window keeps (one click on 20,000 recognizers) loses its
    // beginning: it starts at the first entry kept.
    gestureStart = gestureStart.map { max($0 - k, 0) }
    for (id, var s) in recognizers {
      s.last?.index -= k
      s.lastNonReset?.index -= k
      s.lastAction?.index -= k
      s.previous?.transition?.index -= k
      s.previous?.lastAction?.index -= k
      recognizers[id] = s
    }
    for (n, var t) in touches {
      t.downIndex -= k
      touches[n] = t
    }
    if var w = walk {
      w.startIndex -= k
      for i in w.visits.indices { w.visits[i].index -= k }
      w.hitIndex = w.hitIndex.map { $0 - k }
      walk = w
    }
    for (id, var c) in controls {
      c.lastIndex = c.lastIndex.map { $0 - k }
      controls[id] = c
    }
    for (id, var d) in deliveries {
      d.index -= k
      deliveries[id] = d
    }
    gestures.rebase(droppingFirst: k)
    for (key, var a) in asks {
      a.index -= k
      asks[key] = a
    }
  }
}
