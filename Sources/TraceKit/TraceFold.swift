import TouchSim

/// What the window shows at the playhead: the trace folded up to an index.
///
/// The studio never decides anything about touch delivery; it reads the engine's trace. This fold turns
/// the first `count` entries into the state each panel draws: the scene with its `set` / `scroll` /
/// `reorder` changes, every recognizer's state and last transition, the touches and their trails, the
/// last hit-test walk, control highlights, and the last answer to every question the engine asked.
public struct TraceFold: Sendable {
  public var scene: Scene
  /// Entries folded so far (the playhead's index).
  public private(set) var count = 0
  /// Time of the last folded entry.
  public private(set) var time: Double = 0
  public var recognizers: [String: RecognizerStatus] = [:]
  /// Touches by number: down ones, and lifted ones (for the linger after lift).
  public var touches: [Int: TouchStatus] = [:]
  /// The most recent hit-test walk.
  public var walk: HitTestWalk?
  public var controls: [String: ControlStatus] = [:]
  /// The last delivery (or withhold / drop) to each view.
  public var deliveries: [String: DeliveryStatus] = [:]
  /// The last answer to each question, keyed by `AskKey`.
  public var asks: [AskKey: AskStatus] = [:]
  /// The recognizers of the latest touch that reached any (its `attach` line), nil before one did.
  public var latestAttached: [String]?

  public init(scene: Scene) { self.scene = scene }

  /// Folds `trace[count..<upTo]` into the state.
  public mutating func advance(_ trace: [TraceEntry], upTo end: Int) {
    let end = min(end, trace.count)
    while count < end {
      apply(trace[count], index: count)
      count += 1
    }
  }

  /// The state after the first `n` entries of `trace`, starting from `scene`.
  public static func at(_ n: Int, of trace: [TraceEntry], scene: Scene) -> TraceFold {
    var f = TraceFold(scene: scene)
    f.advance(trace, upTo: n)
    return f
  }

  /// The same state after the first `k` entries of the trace were discarded: every index it holds moves
  /// down by `k` (an index of an entry that is gone becomes negative; panels look such entries up only
  /// when the index is in range).
  public mutating func rebase(droppingFirst k: Int) {
    guard k > 0 else { return }
    count = max(count - k, 0)
    for (id, var s) in recognizers {
      s.last?.index -= k
      s.lastNonReset?.index -= k
      s.lastAction?.index -= k
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
    for (key, var a) in asks {
      a.index -= k
      asks[key] = a
    }
  }

  private mutating func apply(_ e: TraceEntry, index: Int) {
    time = e.t
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
      }
      if phase == .ended || phase == .cancelled { t.liftTime = e.t }
      touches[n] = t
    case .hitTest(let view, let at, let result):
      if walk == nil || walk!.isComplete { walk = HitTestWalk(startIndex: index, time: e.t) }
      walk!.visits.append(HitTestVisit(view: view, at: at, result: result, index: index))
    case .hit(let n, let view):
      if walk == nil || walk!.isComplete { walk = HitTestWalk(startIndex: index, time: e.t) }
      walk!.touch = n
      walk!.hitView = .some(view)
      walk!.hitIndex = index
      touches[n]?.view = view
    case .attach(let n, let ids):
      touches[n]?.recognizers = ids
      if !ids.isEmpty { latestAttached = ids }
    case .ask(let of, let q, let other, let view, let answer):
      asks[AskKey(of: of, question: q, about: other ?? view)] = AskStatus(answer: answer, index: index, time: e.t)
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
      if to != .possible { s.waitingFor = [] }
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
      if let value { s.value = value }
      controls[c] = s
    case .scroll(let view, let offset):
      _ = scene.apply(
        PropertyChange(target: view, key: "contentOffset", value: .list([.number(offset.x), .number(offset.y)])))
    case .set(let target, let key, let value, _):
      _ = scene.apply(PropertyChange(target: target, key: key, value: value))
    case .reorder(let view, let to):
      scene.reorder(view, toFront: to == "front")
    case .forward, .timer:
      break
    }
  }
}

public struct Transition: Equatable, Sendable {
  public var from: GestureState
  public var to: GestureState
  public var reason: String
  public var index: Int
  public var time: Double
}

public struct ActionStatus: Equatable, Sendable {
  public var state: GestureState
  public var values: ActionValues
  public var index: Int
  public var time: Double
}

public struct RecognizerStatus: Equatable, Sendable {
  public var state: GestureState = .possible
  /// The last transition, resets included.
  public var last: Transition?
  /// The last transition out of `possible` or between active states (not a reset).
  public var lastNonReset: Transition?
  public var lastAction: ActionStatus?
  public var actionCount = 0
  /// Non-empty while it waits for these to fail (trace `wait`).
  public var waitingFor: [String] = []
  /// Touches it has been fed and not yet seen end.
  public var touches: Set<Int> = []
  public init() {}
}

public struct TouchStatus: Equatable, Sendable {
  public static let trailLength = 40
  public var number: Int
  public var location: Point
  public var phase: TouchPhase = .began
  public var tapCount = 1
  public var trail: [Point] = []
  public var downIndex: Int
  public var downTime: Double
  /// touch.view (nil: nothing was hit; not yet known: `.none`).
  public var view: String??
  public var recognizers: [String] = []
  /// When it lifted or was cancelled.
  public var liftTime: Double?
  public var isDown: Bool { liftTime == nil }

  public init(number: Int, location: Point, downIndex: Int, downTime: Double) {
    self.number = number
    self.location = location
    self.downIndex = downIndex
    self.downTime = downTime
    trail = [location]
  }
}

public struct HitTestVisit: Equatable, Sendable {
  public var view: String
  public var at: Point
  public var result: TraceEvent.HitResult
  public var index: Int
}

public struct HitTestWalk: Equatable, Sendable {
  public var startIndex: Int
  public var time: Double
  public var touch: Int?
  public var visits: [HitTestVisit] = []
  /// Set once the `hit` line is folded: `.some(nil)` when nothing was hit.
  public var hitView: String??
  public var hitIndex: Int?
  public var isComplete: Bool { hitIndex != nil }
}

public struct ControlStatus: Equatable, Sendable {
  public var highlighted = false
  public var value: Double?
  public var lastEvent: TraceEvent.ControlEvent?
  public var lastIndex: Int?
  public var lastTime: Double?
}

public struct DeliveryStatus: Equatable, Sendable {
  public enum Kind: Equatable, Sendable {
    case delivered
    case withheld(by: [String])
    case dropped(String)
  }
  public var method: TouchMethod
  public var touches: [Int]
  public var kind: Kind
  public var index: Int
  public var time: Double
}

/// A question the engine asked: of whom, what, and about which recognizer or view.
public struct AskKey: Hashable, Sendable {
  public var of: String
  public var question: TraceEvent.Question
  public var about: String?
  public init(of: String, question: TraceEvent.Question, about: String?) {
    self.of = of
    self.question = question
    self.about = about
  }
}

public struct AskStatus: Equatable, Sendable {
  public var answer: Bool
  public var index: Int
  public var time: Double
}

extension Scene {
  /// `superview.bringSubviewToFront(id)` / `sendSubviewToBack(id)` on the model.
  public mutating func reorder(_ id: String, toFront: Bool) {
    func walk(_ v: inout ViewSpec) -> Bool {
      if let i = v.subviews.firstIndex(where: { $0.id == id }) {
        let sub = v.subviews.remove(at: i)
        if toFront { v.subviews.append(sub) } else { v.subviews.insert(sub, at: 0) }
        return true
      }
      for i in v.subviews.indices where walk(&v.subviews[i]) { return true }
      return false
    }
    _ = walk(&root)
  }
}
