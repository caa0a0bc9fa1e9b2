import Geometry
import Synchronization

/// The engine: a deterministic simulation of UIKit touch delivery that records every decision as a trace.
///
/// Pure: no clock, no files, no globals. Time moves only through `perform(_:)` and `advance(to:)`;
/// timers fire at exact simulated times. The processing of one UIEvent follows docs/RULES.md
/// section 1: register new touches (hit-test, attach recognizers), feed recognizers first, resolve
/// their states (failure requirements, shouldBegin, exclusion, actions), deliver to touch.view unless
/// withheld or cancelled, flush what is no longer held, and reset recognizers that finished.
///
/// The class is a thin shell around `Simulation`, a value holding all of the state with the rules as its
/// methods: each public call makes one access to it, and the rules then reach the state directly, without
/// the runtime exclusivity check every access to a class's stored property costs.
public final class Engine {
  var sim: Simulation
  /// A number no other engine of this process has (the first is 1): with `discards`, it names the trace
  /// without holding the engine. It has no part in what the engine decides.
  public let serial: Int

  private static let made = Atomic<Int>(0)

  public init(scene: Scene, constants: ModelConstants = .uikit) {
    sim = Simulation(scene: scene, constants: constants)
    serial = Self.made.add(1, ordering: .relaxed).newValue
  }

  // MARK: - Public API

  public var constants: ModelConstants { sim.constants }
  /// Everything decided so far, in order (minus what `discardTrace(upTo:)` removed).
  public var trace: [TraceEntry] { sim.trace }
  /// Simulated time in milliseconds.
  public var now: Double { sim.now }
  /// How many times `discardTrace(upTo:)` removed entries: with the engine itself, it names the trace
  /// (an entry's index means the same entry while neither changes; the trace only grows).
  public private(set) var discards = 0

  /// Removes the first `count` entries of `trace` (all of them when `count` is larger), to bound memory in a
  /// long session. The engine never reads its trace back, so it behaves exactly as before.
  public func discardTrace(upTo count: Int) {
    let n = min(max(count, 0), sim.trace.count)
    if n > 0 { discards += 1 }
    if n == sim.trace.count {
      sim.trace.removeAll(keepingCapacity: true)
    } else if n > 0 {
      sim.trace.removeFirst(n)
    }
  }

  /// The scene as it is now: property changes applied, scroll offsets moved, the script of the original.
  public var scene: Scene { sim.scene }

  /// The state of a recognizer now (nil for an unknown id).
  public func state(of recognizer: String) -> GestureState? {
    sim.recIndex[recognizer].map { sim.recs[$0].machine.state }
  }

  /// `view.convert(p, to: other)` between any two views of the scene as it is now (nil for an unknown id
  /// or a singular transform); `nil` as a view id means the window.
  public func convert(_ p: Point, from a: String?, to b: String?) -> Point? {
    let views = sim.views
    let inWindow: Point
    if let a {
      guard let va = views.index[a] else { return nil }
      inWindow = views.convertToWindow(p, from: va)
    } else {
      inWindow = p
    }
    guard let b else { return inWindow }
    guard let vb = views.index[b] else { return nil }
    return views.convertFromWindow(inWindow, to: vb)
  }

  /// `window.hitTest(p)` on the scene as it is now: the very walk a touch-down makes (rules ).
  /// Each visit is appended to `visits` as the `hitTest` entry a touch-down records in the trace (at the
  /// current time); the engine's own trace and state are not changed. Returns the id of the view hit.
  public func hitTest(at p: Point, visits: inout [TraceEntry]) -> String? {
    sim.views.hitTest(windowPoint: p, time: sim.now, visits: &visits).map { sim.views[$0].id }
  }

  /// The ids of recognizers waiting for others to fail, with the ids they wait for.
  public var waiting: [String: [String]] {
    var out: [String: [String]] = [:]
    for r in sim.recs where r.pending != nil { out[r.id] = r.waitingFor }
    return out
  }

  /// Numbers of the touches that are down now.
  public var liveTouches: [Int] { sim.liveByNumber.keys }

  /// Numbers of every touch the engine still holds: down now, or lifted with a phase still withheld from
  /// its view (F-7). A new touch given one of these numbers would make the trace's deliveries ambiguous,
  /// so the studio numbers new touches around them.
  public var touchesInUse: [Int] { (0..<sim.touches.count).map { sim.touches[at: $0].id } }

  /// The time of the next pending timer, if any.
  public var nextTimerTime: Double? { sim.nextTimerTime }

  /// Runs the given steps at `steps[0].t`, after firing timers due before it. Consecutive touch steps
  /// form one UIEvent; `set`, `bringToFront` and `sendToBack` take effect in the order written.
  /// Steps that do not make sense now (a move of a touch that is not down ...) are ignored.
  public func perform(_ steps: [ScriptStep]) {
    sim.perform(steps[...])
    sim.pruneTimers()
  }

  /// Applies property changes at time `t` (after firing the timers due before it), as a `set` step
  /// does, recording who made them: `.user` for a toggle flipped by hand in the window.
  public func apply(_ changes: [PropertyChange], at t: Double, origin: SetOrigin) {
    sim.apply(changes, at: t, origin: origin)
    sim.pruneTimers()
  }

  /// Fires every timer due up to and including `t` and moves the clock to `t`.
  public func advance(to t: Double) { sim.advance(to: t, inclusive: true) }

  /// Runs a whole script: steps grouped by time, then the clock runs to the last `end` step, or until
  /// no timer is pending.
  public func run(script: [ScriptStep]) { sim.run(script: script) }

  /// `run(script:)`, stopped once the run has made more than `limit` trace entries: the trace then ends
  /// where it stopped (before the step the error names; no timer fires after it).
  public func run(script: [ScriptStep], limit: Int) throws(ScriptTooLong) {
    if let stop = sim.run(script: script, piece: .max, limit: limit, { _ in }) { throw stop }
  }

  /// Fires timers until none is pending.
  public func runUntilIdle() { sim.runUntilIdle() }

  /// Replays `script` (default: the scene's own) on a fresh engine and returns the trace.
  public static func replay(
    _ scene: Scene, script: [ScriptStep]? = nil, constants: ModelConstants = .uikit
  ) -> [TraceEntry] {
    let e = Engine(scene: scene, constants: constants)
    e.run(script: script ?? scene.script)
    return e.trace
  }

  /// `replay`, handing the trace to `emit` in pieces of about `piece` entries as the script runs, so the
  /// whole trace is never held (the engine never reads its trace back): the pieces, joined, are the
  /// trace `replay` returns.
  public static func replay(
    _ scene: Scene, script: [ScriptStep]? = nil, constants: ModelConstants = .uikit, piece: Int,
    _ emit: ([TraceEntry]) throws -> Void
  ) rethrows {
    let e = Engine(scene: scene, constants: constants)
    try e.sim.run(script: script ?? scene.script, piece: piece, emit)
  }

  /// `replay` under a limit: the trace, or where the script stopped once the run made more than `limit`
  /// entries. Commands and the window replay scripts this way (`scriptTraceLimit`).
  public static func replay(
    _ scene: Scene, script: [ScriptStep]? = nil, constants: ModelConstants = .uikit, limit: Int
  ) throws(ScriptTooLong) -> [TraceEntry] {
    let e = Engine(scene: scene, constants: constants)
    try e.run(script: script ?? scene.script, limit: limit)
    return e.trace
  }

  /// The streaming `replay` under a limit: the pieces made before the script stopped go to `emit`, then
  /// where it stopped is returned (nil: the whole script ran).
  public static func replay(
    _ scene: Scene, script: [ScriptStep]? = nil, constants: ModelConstants = .uikit, piece: Int, limit: Int,
    _ emit: ([TraceEntry]) -> Void
  ) -> ScriptTooLong? {
    let e = Engine(scene: scene, constants: constants)
    return e.sim.run(script: script ?? scene.script, piece: piece, limit: limit, emit)
  }
}

/// The engine's whole state; the rules are its methods (the `Engine+*.swift` extensions).
///
/// What it keeps is bounded by the scene and the fingers down, whatever the length of the input: touches
/// are forgotten once lifted and delivered, the lifted taps remembered for tapCount are capped, timers
/// go when they fire or their owner resets, and recognizers forget their touches when they reset. Only
/// the trace grows (see `Engine.discardTrace(upTo:)`).
struct Simulation: ~Copyable {
  /// What never changes, behind one reference: the rules' helper functions get the simulation passed by
  /// value, so it is kept small.
  final class Setup {
    let constants: ModelConstants
    /// The scene without its views (title, window, responder chain end, script).
    let sceneHeader: Scene
    init(constants: ModelConstants, sceneHeader: Scene) {
      self.constants = constants
      self.sceneHeader = sceneHeader
    }
  }

  let setup: Setup
  var constants: ModelConstants { setup.constants }
  var trace: [TraceEntry] = []
  var now: Double = 0
  /// While a script runs under a limit (`run(script:piece:limit:_:)`): the length of `trace` past which it
  /// stops, and the index of the first step it did not run (set when it stops inside a time step).
  var traceStop = Int.max
  var stoppedAt: Int?

  var views: ViewTree
  var recs: [Recognizer] = []
  var recIndex: [String: Int] = [:]
  /// Recognizers in the current touch sequences (involved, or with a request), in no particular order:
  /// the only ones the arbiter has to look at. Every recognizer that is involved or has a request is in
  /// it, and in `engagedRanks` by its place in the processing order.
  var engaged: [Int] = []
  var isEngaged: [Bool] = []
  /// Engaged recognizers by their place in the processing order (`processingRank`); `openRanks`: those of
  /// them still `possible`.
  var engagedRanks = IndexBits(capacity: 0)
  var openRanks = IndexBits(capacity: 0)
  /// Recognizers (by index) that began or recognized and were not reset yet.
  var recognizedNow = IndexBits(capacity: 0)
  /// Each recognizer's `requireToFail` and delegate lists, resolved (`Relations`), and who names whom.
  var relations: [Relations] = []
  /// namedByRequireToFail[r]: the recognizers whose `requireToFail` names r.
  var namedByRequireToFail: [Set<Int>] = []
  /// namedByRequiredToFailBy[r]: the recognizers whose delegate's shouldBeRequiredToFailBy names r.
  var namedByRequiredToFailBy: [Set<Int>] = []
  /// waiters[y]: the recognizers whose worked-out requirements include y (with the generation they were
  /// worked out in), woken when y changes.
  var waiters: [[Waiter]] = []
  /// The arbiter's work: recognizers for its next pass (`queued` marks them), the pass under way (by
  /// processing position; `inPass` marks them) and the position of the one taking its turn.
  var toResolve: [Int] = []
  /// F-3a: while a touch event (or a timer) is being resolved, the recognizers that recognized and cancel
  /// touches in views, in order; their views get one touchesCancelled after every action (nil: not
  /// resolving).
  var cancelBatch: [Int]?
  var queued: [Bool] = []
  var passOrder = IntMinHeap()
  var inPass: [Bool] = []
  var passRank: Int?
  /// How many recognizers joined the pass under way (see `wake`).
  var wakesThisPass = 0
  /// Scratch for resetting recognizers: the touches they had, and a mark per recognizer.
  var resetTouches: [Int] = []
  var marked: [Bool] = []
  /// Live touches and finished touches whose delivery is still held, by internal id.
  var touches = TouchTable()
  /// Script touch number → internal id of the live touch with that number.
  var liveByNumber = SmallIntMap<Int>()
  var nextTouchUID = 1
  var lifted: [LiftedTap] = []
  var timers = TimerQueue()
  var nextTimerSeq = 0
  /// UIControl tracking, by view (nil for views that are not controls).
  var controlStates: [ControlTracking?]
  /// Recognizer processing order (rule E-6.6), recomputed when the tree changes: each recognizer's place,
  /// and the recognizer at each place.
  var processingRank: [Int] = []
  var byRank: [Int] = []
  /// Each view's place in a depth-first walk of the tree as it is now (the order E-6.6 compares).
  var preorder: [Int] = []
  /// The recognizers on each view and the views inside it (its scroll pan included), worked out again when
  /// the tree or a view's recognizers change (rules C-12 to C-15).
  var recognizersInSubtree: [Int] = []
  /// Storage for `dispatch`'s list of changed touches.
  var changedStorage: [Int] = []
  /// UIKit's counter of beginIgnoringInteractionEvents calls not yet ended: ignoring while above 0 (C-10).
  var ignoringCount = 0

  init(scene written: Scene, constants: ModelConstants) {
    // Sheets sit in the views UIKit builds for them.
    let scene = written.presentingSheets()
    var header = scene
    header.root = ViewSpec(id: scene.root.id, frame: Rect(0, 0, 0, 0))
    setup = Setup(constants: constants, sceneHeader: header)
    views = ViewTree(root: scene.root)
    controlStates = [ControlTracking?](repeating: nil, count: views.nodes.count)
    buildRecognizers(scene)
    for v in views.nodes.indices where views[v].isControl {
      controlStates[v] = ControlTracking(value: views[v].spec.initialControlValue)
    }
    isEngaged = [Bool](repeating: false, count: recs.count)
    queued = isEngaged
    inPass = isEngaged
    marked = isEngaged
    waiters = [[Waiter]](repeating: [], count: recs.count)
    recognizedNow = IndexBits(capacity: recs.count)
    resolveAllRelations()
    rankRecognizers()
    // Children come after their parent in the nodes (pre-order), so a reverse walk adds each before it.
    recognizersInSubtree = views.nodes.map(\.recognizers.count)
    for v in views.nodes.indices.reversed() {
      if let p = views[v].parent { recognizersInSubtree[p] += recognizersInSubtree[v] }
    }
  }

  private mutating func buildRecognizers(_ scene: Scene) {
    // Walk the scene in the same pre-order as ViewTree so specs line up with nodes by id.
    var specs: [String: [RecognizerSpec]] = [:]
    var stack = [scene.root]
    while let v = stack.popLast() {
      specs[v.id] = v.recognizers
      stack.append(contentsOf: v.subviews)
    }
    for v in views.nodes.indices {
      var list: [Recognizer] = []
      // UIScrollView adds its panGestureRecognizer in init, before anything the app adds (H-8); its
      // pinchGestureRecognizer exists while the zoom scales differ (H-18), set up before the app's own.
      for s in views[v].spec.builtInRecognizers {
        list.append(
          Recognizer(
            spec: s, view: v, indexOnView: list.count, isScrollPan: s.kind == .pan, isScrollPinch: s.kind == .pinch))
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
  mutating func rankRecognizers() {
    preorder = views.preorder
    let order = recs.indices.sorted { a, b in comesFirst(a, b) }
    WorkMeter.add(recs.count)
    processingRank = [Int](repeating: 0, count: recs.count)
    for (rank, r) in order.enumerated() { processingRank[r] = rank }
    byRank = order
    engagedRanks = IndexBits(capacity: recs.count)
    openRanks = IndexBits(capacity: recs.count)
    for r in engaged {
      engagedRanks.insert(processingRank[r])
      if recs[r].machine.state == .possible { openRanks.insert(processingRank[r]) }
    }
  }

  /// Whether recognizer `a` is processed before `b` (rule E-6.6), by the views' places in `preorder`.
  func comesFirst(_ a: Int, _ b: Int) -> Bool {
    let ra = recs[a]
    let rb = recs[b]
    let da = views[ra.view].depth
    let db = views[rb.view].depth
    if da != db { return da > db }
    if ra.view != rb.view { return preorder[ra.view] < preorder[rb.view] }
    // Taps finishing in the same event: the one needing fewer taps first, so a single tap still fires
    // on the second tap of a double tap whatever the add order (E-6.7; L5 is the low-confidence
    // alternative). Otherwise the later-added first (E-6.6: two identical taps, the later one wins).
    if ra.kind == .tap && rb.kind == .tap && ra.spec.numberOfTapsRequired != rb.spec.numberOfTapsRequired {
      return ra.spec.numberOfTapsRequired < rb.spec.numberOfTapsRequired
    }
    return ra.indexOnView > rb.indexOnView
  }

  /// The processing order after a subview of `parent` moved to the front or the back, worked out inside
  /// `parent` only. The views inside `parent` keep the block of places in the depth-first walk they had
  /// (numbered again from `parent`'s own), so a recognizer outside keeps its place relative to every
  /// recognizer inside; those inside (not `parent`'s own, which keep their places too) are sorted again
  /// among the places they held. The work is the size of `parent`'s subtree, not of the whole tree.
  mutating func rerankInside(_ parent: Int) {
    var next = preorder[parent]
    var moved: [Int] = []
    var stack = [parent]
    var visited = 0
    while let v = stack.popLast() {
      visited += 1
      preorder[v] = next
      next += 1
      if v != parent { moved.append(contentsOf: views[v].recognizers) }
      var c = views[v].lastChild
      while let k = c {
        stack.append(k)
        c = views[k].previousSibling
      }
    }
    WorkMeter.add(visited + moved.count)
    let places = moved.map { processingRank[$0] }.sorted()
    moved.sort { a, b in comesFirst(a, b) }
    for place in places {
      engagedRanks.remove(place)
      openRanks.remove(place)
    }
    for (place, r) in zip(places, moved) {
      processingRank[r] = place
      byRank[place] = r
      if isEngaged[r] {
        engagedRanks.insert(place)
        if recs[r].machine.state == .possible { openRanks.insert(place) }
      }
    }
  }

  /// Keeps `openRanks` and `recognizedNow` in step with recognizer `r`'s state.
  @inline(__always) mutating func refreshIndexes(_ r: Int) {
    let s = recs[r].machine.state
    openRanks.set(processingRank[r], isEngaged[r] && s == .possible)
    recognizedNow.set(r, s == .began || s == .changed || s == .ended)
  }

  /// The scene as it is now: property changes applied, scroll offsets moved, the script of the original.
  var scene: Scene {
    var s = setup.sceneHeader
    s.root = views.rebuild { v in
      self.views[v].recognizers.filter { !self.recs[$0].isBuiltIn }.map { self.recs[$0].spec }
    }
    return s
  }

  /// Runs the steps at `steps.first.t` (see `Engine.perform`).
  mutating func apply(_ changes: [PropertyChange], at t: Double, origin: SetOrigin) {
    guard t.isFinite else { return }
    advance(to: t, inclusive: false)
    now = max(now, t)
    for change in changes { applyChange(change, origin: origin) }
  }

  mutating func perform(_ steps: ArraySlice<ScriptStep>) {
    guard let t = steps.first?.t, t.isFinite else { return }
    advance(to: t, inclusive: false)
    now = max(now, t)
    // Consecutive touch steps form one UIEvent; any other step ends it and takes effect in its turn. A
    // touch changes once per event: a second step of the same touch (down then up at one time, which a
    // scene file may not say but a live session can) starts the next event, at the same time.
    var eventStart = steps.startIndex
    // The touch numbers of the event so far, once it has more than a few (a scan of them stays linear).
    var numbers: Set<Int>?
    for i in steps.indices {
      if trace.count > traceStop {
        stoppedAt = stoppedAt ?? eventStart
        return
      }
      switch steps[i].action {
      case .down(let n, _), .move(let n, _), .up(let n, _), .cancel(let n):
        let repeated: Bool
        if i - eventStart <= 16 {
          repeated = steps[eventStart..<i].contains(where: { $0.touch == n })
        } else {
          if numbers == nil { numbers = Set(steps[eventStart..<i].compactMap(\.touch)) }
          repeated = numbers?.contains(n) ?? false
        }
        if repeated {
          dispatch(steps[eventStart..<i])
          eventStart = i
          numbers = nil
        }
        numbers?.insert(n)
        continue
      default: break
      }
      if eventStart < i { dispatch(steps[eventStart..<i]) }
      eventStart = i + 1
      numbers = nil
      switch steps[i].action {
      case .set(let changes): for change in changes { applyChange(change) }
      case .bringToFront(let id): reorder(id, toFront: true)
      case .sendToBack(let id): reorder(id, toFront: false)
      case .beginIgnoringInteractionEvents: beginIgnoringInteractionEvents()
      case .endIgnoringInteractionEvents: endIgnoringInteractionEvents()
      case .removeGestureRecognizer(let id): removeRecognizer(id)
      case .addGestureRecognizer(let id, let to): addRecognizer(id, to: to)
      case .removeFromSuperview(let id): removeFromSuperview(id)
      case .addSubview(let id, let to): addSubview(id, to: to)
      default: break
      }
    }
    if eventStart < steps.endIndex { dispatch(steps[eventStart..<steps.endIndex]) }
  }

  /// Runs a whole script: steps grouped by time, then the clock runs to the last `end` step, or until
  /// no timer is pending.
  mutating func run(script: [ScriptStep]) {
    run(script: script, piece: .max) { _ in }
  }

  /// Runs a whole script (see `run(script:)`); once the trace holds `piece` entries or more after a time
  /// step, they go to `emit` and the trace starts again empty; what is left goes at the end (a `piece`
  /// of `.max` keeps the whole trace).
  ///
  /// When the run has made more than `limit` entries, it stops before the next step (inside a time step,
  /// before the next touch) and returns where: what it made goes to `emit` as usual, no timer fires after.
  @discardableResult
  mutating func run(
    script: [ScriptStep], piece: Int, limit: Int = .max, _ emit: ([TraceEntry]) throws -> Void
  ) rethrows -> ScriptTooLong? {
    traceStop = limit == .max ? .max : trace.count + limit
    stoppedAt = nil
    defer { traceStop = .max }
    func stop(before step: Int) throws -> ScriptTooLong {
      if piece != .max {
        try emit(trace)
        trace.removeAll(keepingCapacity: true)
      }
      let line = script.isEmpty ? 0 : script[min(step, script.count - 1)].line
      return ScriptTooLong(step: step, line: line, limit: limit)
    }
    // A script records about ten entries a step (hit-test visits, feeds, the responder chain ...): room for
    // them up front spares the trace most of its reallocations and copies (never less than doubling).
    let expected = min(trace.count + script.count * 10, piece == .max ? .max : piece * 2)
    if expected > trace.capacity { trace.reserveCapacity(max(expected, trace.capacity * 2)) }
    var i = 0
    var endTime: Double?
    while i < script.count {
      let t = script[i].t
      var j = i
      var hasEnd = false
      while j < script.count && script[j].t == t {
        if script[j].action == .end { hasEnd = true }
        j += 1
      }
      if hasEnd { endTime = max(endTime ?? 0, t) }
      perform(script[i..<j])
      if trace.count > traceStop { return try stop(before: stoppedAt ?? j) }
      i = j
      if trace.count >= piece {
        try emit(trace)
        if traceStop != .max { traceStop -= trace.count }
        trace.removeAll(keepingCapacity: true)
      }
    }
    if let endTime {
      advance(to: endTime, inclusive: true)
    } else {
      runUntilIdle()
    }
    if trace.count > traceStop { return try stop(before: script.count) }
    if piece != .max {
      try emit(trace)
      trace.removeAll(keepingCapacity: true)
    }
    return nil
  }

  /// Fires timers until none is pending.
  mutating func runUntilIdle() {
    var guardCount = 0
    pruneTimers()
    // A stepper's autorepeat repeats for as long as a finger is held: it keeps nothing waiting, so it alone
    // does not keep the clock running (the repeats due before the last other timer still fire).
    while guardCount < 100_000, let top = timers.top {
      var due = top.due
      if top.control != nil {
        var other: Double?
        for t in timers.items where t.control == nil && isLive(t) && other.map({ t.due < $0 }) ?? true {
          other = t.due
        }
        guard let other else { break }
        due = other
      }
      advance(to: due, inclusive: true)
      guardCount += 1
    }
  }

  // MARK: - Internals shared by the extensions

  mutating func emit(_ e: TraceEvent) { trace.append(TraceEntry(t: now, event: e)) }

  mutating func advance(to t: Double, inclusive: Bool) {
    while true {
      pruneTimers()
      guard let next = timers.top, inclusive ? next.due <= t : next.due < t else { break }
      let timer = timers.popTop()
      now = max(now, timer.due)
      fire(timer)
    }
    pruneTimers()
    if t.isFinite { now = max(now, t) }
  }

  /// After anything that can change recognizer states: resolve, deliver what is no longer held, reset.
  mutating func settle() {
    resolve()
    flushHeldDeliveries()
    resetFinishedRecognizers()
    forgetFinishedTouches()
  }

  /// A lifted touch is forgotten once nothing is left to deliver for it.
  mutating func forgetFinishedTouches() {
    var i = 0
    while i < touches.count {
      let phase = touches[at: i].phase
      if (phase == .ended || phase == .cancelled) && touches[at: i].queue.isEmpty && touches[at: i].scrollHolds.isEmpty
      {
        touches.remove(at: i)
      } else {
        i += 1
      }
    }
  }

  /// Recognizer `r` is in a touch sequence now (see `engaged`).
  mutating func engage(_ r: Int) {
    guard !isEngaged[r] else { return }
    isEngaged[r] = true
    engaged.append(r)
    engagedRanks.insert(processingRank[r])
    refreshIndexes(r)
  }

  @inline(__always) func view(_ id: String) -> Int? { views.index[id] }
}
