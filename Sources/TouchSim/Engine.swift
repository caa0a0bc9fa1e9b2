/// The engine: a deterministic simulation of UIKit touch delivery that records every decision as a trace.
///
/// Pure: no clock, no files, no globals. Time moves only through `perform(_:)` and `advance(to:)`;
/// timers fire at exact simulated times. The processing of one UIEvent follows UIKIT-BEHAVIOUR.md
/// section 1: register new touches (hit-test, attach recognizers), feed recognizers first, resolve
/// their states (failure requirements, shouldBegin, exclusion, actions), deliver to touch.view unless
/// withheld or cancelled, flush what is no longer held, and reset recognizers that finished.
public final class Engine {
  public let constants: ModelConstants
  public private(set) var trace: [TraceEntry] = []
  /// Simulated time in milliseconds.
  public private(set) var now: Double = 0

  let sceneHeader: Scene
  var views: ViewTree
  var recs: [Recognizer] = []
  var recIndex: [String: Int] = [:]
  /// Live touches and finished touches whose delivery is still held, by internal id.
  var touches: [Int: Touch] = [:]
  /// Script touch number → internal id of the live touch with that number.
  var liveByNumber: [Int: Int] = [:]
  var nextTouchUID = 1
  var lifted: [LiftedTap] = []
  var timers: [PendingTimer] = []
  var nextTimerSeq = 0
  var controlStates: [Int: ControlTracking] = [:]
  /// Recognizer processing order (rule E-6.6), recomputed when the tree changes.
  var processingRank: [Int] = []

  public init(scene: Scene, constants: ModelConstants = .uikit) {
    self.constants = constants
    var header = scene
    header.root = ViewSpec(id: scene.root.id, frame: Rect(0, 0, 0, 0))
    sceneHeader = header
    views = ViewTree(root: scene.root)
    buildRecognizers(scene)
    for v in views.nodes.indices where views[v].isControl {
      controlStates[v] = ControlTracking(value: views[v].spec.value ?? 0)
    }
    rankRecognizers()
  }

  private func buildRecognizers(_ scene: Scene) {
    // Walk the scene in the same pre-order as ViewTree so specs line up with nodes by id.
    var specs: [String: [RecognizerSpec]] = [:]
    var stack = [scene.root]
    while let v = stack.popLast() {
      specs[v.id] = v.recognizers
      stack.append(contentsOf: v.subviews)
    }
    for v in views.nodes.indices {
      var list: [Recognizer] = []
      if views[v].isScroll {
        // UIScrollView adds its panGestureRecognizer in init, before anything the app adds (H-8).
        var pan = RecognizerSpec(id: views[v].id + ".pan", kind: .pan)
        pan.requireToFail = views[v].spec.scroll?.panRequireToFail ?? []
        list.append(Recognizer(spec: pan, view: v, indexOnView: 0, isScrollPan: true))
      }
      for s in specs[views[v].id] ?? [] {
        list.append(Recognizer(spec: s, view: v, indexOnView: list.count))
      }
      for r in list {
        recIndex[r.id] = recs.count
        views[v].recognizers.append(recs.count)
        recs.append(r)
      }
    }
  }

  /// Deeper views first; on one view, the later-added recognizer first (rule E-6.6), except that of two
  /// taps the one needing fewer taps goes first (E-6.7).
  func rankRecognizers() {
    let pre = views.preorder
    let order = recs.indices.sorted { a, b in
      let ra = recs[a]
      let rb = recs[b]
      let da = views[ra.view].depth
      let db = views[rb.view].depth
      if da != db { return da > db }
      if ra.view != rb.view { return pre[ra.view] < pre[rb.view] }
      // Taps finishing in the same event: the one needing fewer taps first, so a single tap still fires
      // on the second tap of a double tap whatever the add order (E-6.7; L5 is the low-confidence
      // alternative). Otherwise the later-added first (E-6.6: two identical taps, the later one wins).
      if ra.kind == .tap && rb.kind == .tap && ra.spec.numberOfTapsRequired != rb.spec.numberOfTapsRequired {
        return ra.spec.numberOfTapsRequired < rb.spec.numberOfTapsRequired
      }
      return ra.indexOnView > rb.indexOnView
    }
    processingRank = [Int](repeating: 0, count: recs.count)
    for (rank, r) in order.enumerated() { processingRank[r] = rank }
  }

  // MARK: - Public API

  /// The scene as it is now: property changes applied, scroll offsets moved, the script of the original.
  public var scene: Scene {
    var s = sceneHeader
    s.root = views.rebuild { v in
      self.views[v].recognizers.filter { !self.recs[$0].isScrollPan }.map { self.recs[$0].spec }
    }
    return s
  }

  /// The state of a recognizer now (nil for an unknown id).
  public func state(of recognizer: String) -> GestureState? { recIndex[recognizer].map { recs[$0].state } }

  /// `view.convert(p, to: other)` between any two views of the scene as it is now (nil for an unknown id
  /// or a singular transform); `nil` as a view id means the window.
  public func convert(_ p: Point, from a: String?, to b: String?) -> Point? {
    let inWindow: Point
    if let a {
      guard let va = view(a) else { return nil }
      inWindow = views.convertToWindow(p, from: va)
    } else {
      inWindow = p
    }
    guard let b else { return inWindow }
    guard let vb = view(b) else { return nil }
    return views.convertFromWindow(inWindow, to: vb)
  }

  /// The ids of recognizers waiting for others to fail, with the ids they wait for.
  public var waiting: [String: [String]] {
    var out: [String: [String]] = [:]
    for r in recs where r.pending != nil { out[r.id] = r.waitingFor }
    return out
  }

  /// Numbers of the touches that are down now.
  public var liveTouches: [Int] { liveByNumber.keys.sorted() }

  /// The time of the next pending timer, if any.
  public var nextTimerTime: Double? { timers.map(\.due).min() }

  /// Runs the given steps at `steps[0].t`, after firing timers due before it. Consecutive touch steps
  /// form one UIEvent; `set`, `bringToFront` and `sendToBack` take effect in the order written.
  /// Steps that do not make sense now (a move of a touch that is not down ...) are ignored.
  public func perform(_ steps: [ScriptStep]) {
    guard let t = steps.first?.t, t.isFinite else { return }
    advance(to: t, inclusive: false)
    now = max(now, t)
    var touchSteps: [ScriptStep.Action] = []
    func flushTouches() {
      if !touchSteps.isEmpty { dispatch(touchSteps) }
      touchSteps = []
    }
    for step in steps {
      switch step.action {
      case .down, .move, .up, .cancel: touchSteps.append(step.action)
      case .set(let changes):
        flushTouches()
        changes.forEach(applyChange)
      case .bringToFront(let id):
        flushTouches()
        reorder(id, toFront: true)
      case .sendToBack(let id):
        flushTouches()
        reorder(id, toFront: false)
      case .end: flushTouches()
      }
    }
    flushTouches()
  }

  /// Fires every timer due up to and including `t` and moves the clock to `t`.
  public func advance(to t: Double) { advance(to: t, inclusive: true) }

  /// Runs a whole script: steps grouped by time, then the clock runs to the last `end` step, or until
  /// no timer is pending.
  public func run(script: [ScriptStep]) {
    var i = 0
    var endTime: Double?
    while i < script.count {
      var j = i
      while j < script.count && script[j].t == script[i].t { j += 1 }
      let group = Array(script[i..<j])
      if group.contains(where: { $0.action == .end }) { endTime = max(endTime ?? 0, script[i].t) }
      perform(group)
      i = j
    }
    if let endTime {
      advance(to: endTime)
    } else {
      runUntilIdle()
    }
  }

  /// Fires timers until none is pending.
  public func runUntilIdle() {
    var guardCount = 0
    while let due = nextTimerTime, guardCount < 100_000 {
      advance(to: due)
      guardCount += 1
    }
  }

  /// Replays `script` (default: the scene's own) on a fresh engine and returns the trace.
  public static func replay(
    _ scene: Scene, script: [ScriptStep]? = nil, constants: ModelConstants = .uikit
  ) -> [TraceEntry] {
    let e = Engine(scene: scene, constants: constants)
    e.run(script: script ?? scene.script)
    return e.trace
  }

  // MARK: - Internals shared by the extensions

  func emit(_ e: TraceEvent) { trace.append(TraceEntry(t: now, event: e)) }

  func advance(to t: Double, inclusive: Bool) {
    while let next = timers.indices.min(by: { (timers[$0].due, timers[$0].seq) < (timers[$1].due, timers[$1].seq) }),
      inclusive ? timers[next].due <= t : timers[next].due < t
    {
      let timer = timers.remove(at: next)
      now = max(now, timer.due)
      fire(timer)
    }
    if t.isFinite { now = max(now, t) }
  }

  /// After anything that can change recognizer states: resolve, deliver what is no longer held, reset.
  func settle() {
    resolve()
    flushHeldDeliveries()
    resetFinishedRecognizers()
    forgetFinishedTouches()
  }

  /// A lifted touch is forgotten once nothing is left to deliver for it.
  func forgetFinishedTouches() {
    for (uid, t) in touches where !t.isAlive && t.queue.isEmpty && t.scrollHolds.isEmpty { touches[uid] = nil }
  }

  func view(_ id: String) -> Int? { views.index[id] }
}
