import Geometry
import TouchSim
import TraceKit

/// Follows the trace entry by entry on top of TraceKit's `Snapshot`, the one fold of the trace every
/// panel reads (live touches and their views, recognizer states and waits, held deliveries, the scene as
/// the trace changed it, where gestures start). What it adds is only what the narration needs: it
/// annotates entries (why a touch was cancelled, how late a delivery was, the value a change replaced)
/// and keeps the record of the current gesture.
struct TraceTracker {
  /// The trace folded so far.
  private(set) var snapshot: Snapshot
  /// Touches each recognizer received since its last reset (the snapshot keeps only those still down).
  private(set) var fed: [String: [Int]] = [:]
  private(set) var gesture: GestureRecord?

  /// Annotations for the narration, by entry index.
  private(set) var deliveries: [Int: GestureRecord.Delivery] = [:]
  private(set) var unattachedAt: [Int: [(recognizer: String, why: Unattached)]] = [:]
  /// Who was holding back a delivery the window then dropped.
  private(set) var dropHeldBy: [Int: [String]] = [:]
  /// The view's transform before each change a recognizer's effect made (`set` with `origin: effect`).
  private(set) var transformBefore: [Int: TransformSpec] = [:]
  /// A scroll view's offset where the drag left it, before each `scroll` line that settles it (rules H-12,
  /// H-14).
  private(set) var offsetBeforeSettle: [Int: Point] = [:]
  /// The zoom scale before each `zoom` line (rule H-18), and the one as the scroll view's pinch began, by
  /// trace index.
  private(set) var zoomBefore: [Int: Double] = [:]
  private(set) var zoomAtPinchStart: [Int: Double] = [:]
  /// Each zooming scroll view's scale as its pinch last began.
  private var pinchStartScale: [String: Double] = [:]

  init(scene: LiveScene) { snapshot = Snapshot(live: scene) }

  /// The scene with the trace's changes so far.
  var scene: LiveScene { snapshot.live }

  /// Touches down now: number → touch.view.
  var live: [Int: String??] { snapshot.touchesDown }

  /// The hit view of touch `n` (its latest touch-down; `.none` before its hit test decided).
  func touchView(_ n: Int) -> String?? { snapshot.touches[n]?.view ?? .none }

  /// Deliveries withheld and not yet delivered or dropped.
  var held: HeldDeliveries { snapshot.held }

  /// Recognizers that began or recognized, with the time (for cancellation causes).
  private var recognitions: [(t: Double, recognizer: String, began: Bool)] = []
  /// The touches each recognizer had when it last ended or was cancelled: while one of them is down, the
  /// engine gives it no new touch (rule 5.1, the touch sequence it recognized in goes on).
  private var finishedWith: [String: [Int]] = [:]
  /// For a `drop` because of scrolling, by trace index: the scroll view that was scrolling (H-4).
  private(set) var dropScroller: [Int: String] = [:]
  private var cancelledInputs: [(t: Double, touch: Int)] = []
  private var failures: [(t: Double, recognizer: String)] = []
  private var timers: [(t: Double, what: String, owner: String)] = []
  private var lifts: [(t: Double, touch: Int)] = []

  func state(_ r: String) -> GestureState { snapshot.recognizers[r]?.state ?? .possible }

  /// What recognizer `r` waits for to fail (empty: nothing).
  func waiting(_ r: String) -> [String] { snapshot.recognizers[r]?.waitingFor ?? [] }

  /// No touch down, no recognizer undecided, nothing held: a gesture may end here.
  var isSettled: Bool { snapshot.isSettled }

  /// Hands the finished gesture over and starts afresh.
  mutating func takeGesture() -> GestureRecord? {
    defer { gesture = nil }
    return gesture
  }

  /// Takes entry `i` into account: it is annotated from the state before it, then folded into the
  /// snapshot (whose next entry it is).
  mutating func apply(_ i: Int, _ entry: TraceEntry) {
    let t = entry.t
    switch entry.event {
    case .input(let n, let phase, _, let tapCount):
      if gesture == nil { gesture = GestureRecord(start: i) }
      switch phase {
      case .began:
        gesture?.touches.append(.init(number: n, down: t, view: nil, tapCount: tapCount))
      case .ended, .cancelled:
        lifts.append((t, n))
        if let k = gesture?.touches.lastIndex(where: { $0.number == n && $0.lift == nil }) {
          gesture?.touches[k].lift = t
          gesture?.touches[k].cancelled = phase == .cancelled
        }
        if phase == .cancelled { cancelledInputs.append((t, n)) }
      default: break
      }
    case .hitTest(let view, let at, let result):
      if result != .inside && result != .outside && scene.contains(view, at),
        let n = gesture?.touches.last?.number
      {
        gesture?.skipped.append((view, result, n))
      }
    case .hit(let n, let view):
      if let k = gesture?.touches.lastIndex(where: { $0.number == n }) { gesture?.touches[k].view = view }
      if let view { gesture?.noteView(view) }
    case .attach(let n, let recognizers):
      noteUnattached(i, touch: n, attached: recognizers)
    case .ask(let of, .shouldReceive, _, _, false):
      if let n = gesture?.touches.last?.number {
        gesture?.refused.append((of, n))
        gesture?.noteRecognizer(of)
      }
    case .ask:
      break
    case .feed(let r, let method, let touches):
      if method == .touchesBegan {
        fed[r, default: []].append(contentsOf: touches)
        gesture?.withAttempt(r) { $0.touches.append(contentsOf: touches) }
      }
    case .state(let r, let from, let to, let reason):
      if from == .possible, to == .began, let sv = ScrollSpec.view(ofPinchID: r), let sc = scene.views[sv]?.scroll,
        sc.hasPinch
      {
        pinchStartScale[sv] = sc.zoomScale
      }
      if to == .ended || (to == .cancelled && from.isActive) { finishedWith[r] = fed[r] ?? [] }
      if to == .possible && reason == .reset {
        fed[r] = nil
        gesture?.closeAttempt(r)
      } else {
        if from == .possible && (to == .began || to == .ended) { recognitions.append((t, r, to == .began)) }
        if to == .failed { failures.append((t, r)) }
        gesture?.withAttempt(r) {
          $0.transitions.append(.init(t: t, index: i, from: from, to: to, reason: reason))
        }
      }
    case .action(let r, let state, let values):
      gesture?.withAttempt(r) { $0.actions.append((t, state, values)) }
    case .wait(let r, let others):
      gesture?.withAttempt(r) { a in
        if a.firstWait == nil { a.firstWait = t }
        for o in others where !a.waitedFor.contains(o) { a.waitedFor.append(o) }
      }
    case .withhold(let view, _, _, _):
      gesture?.noteView(view)
    case .deliver(let view, let method, let touches, _):
      noteDelivery(i, t: t, view: view, method: method, touches: touches)
    case .drop(let view, _, let touches, let reason):
      if let view {
        let by = touches.first.flatMap { n in held[view]?.first { $0.touch == n }?.by } ?? []
        dropHeldBy[i] = by
        // H-4: the scroll view scrolling now (touch.view itself, a list inside a page, or one around it),
        // named from the state at the drop: by the gesture's end its pan may be reset.
        var scroller: String?
        if reason == .scrolling {
          let scrolls = scene.ancestry(view).filter { scene.views[$0]?.kind == .scroll }
          scroller = scrolls.first { [.began, .changed].contains(state(ScrollSpec.panID(of: $0))) }
          dropScroller[i] = scroller
        }
        gesture?.withView(view) { log in for n in touches { log.drops.append((t, n, reason, by, scroller)) } }
      }
    case .control(let c, let event, _, let value):
      gesture?.withView(c) { $0.controlEvents.append((t, event, value)) }
    case .timer(let what, let owner):
      timers.append((t, what, owner))
    case .set(let target, _, _, let origin):
      if case .effect = origin, let before = scene.views[target]?.transform { transformBefore[i] = before }
    case .scroll(let view, _, let settle):
      if settle != nil, let before = scene.views[view]?.bounds.origin { offsetBeforeSettle[i] = before }
    case .zoom(let view, _, _, _, _, _):
      if let before = scene.views[view]?.scroll?.zoomScale { zoomBefore[i] = before }
      zoomAtPinchStart[i] = pinchStartScale[view] ?? zoomBefore[i]
    case .removeGestureRecognizer(let r, _, _):
      // C-12: reset without an action; the gesture it was part of closes for it.
      fed[r] = nil
      gesture?.removeAttempt(r, at: t)
    case .sheet, .reorder, .hitTestOverride, .addGestureRecognizer, .removeFromSuperview, .addSubview, .forward,
      .ignoring, .sendEvent, .sendAction, .canPerform, .perform:
      break
    }
    snapshot.take(entry)
    trimHistory(before: t)
  }

  /// Whether touch `n` (its latest touch-down in this gesture) is still down.
  private func isDown(_ n: Int) -> Bool {
    guard let touch = gesture?.touches.last(where: { $0.number == n }) else { return false }
    return touch.lift == nil
  }

  /// Recognizers of touch.view and its superviews that the attach list leaves out (rule 1.1, C-7).
  private mutating func noteUnattached(_ i: Int, touch n: Int, attached: [String]) {
    guard case .some(.some(let view)) = touchView(n) else { return }
    var out: [(String, Unattached)] = []
    let attached = Set(attached)
    for v in scene.ancestry(view) {
      // Rule C-9: recognizers this view was given and lost to a view that was given them later.
      for taken in scene.views[v]?.recognizersTakenAway ?? [] {
        out.append((taken.recognizer, .takenAway(view: v, keptBy: taken.keptBy)))
      }
      for r in scene.recognizersOn[v] ?? [] where !attached.contains(r) {
        let s = state(r)
        if scene.recognizers[r]?.isEnabled == false {
          out.append((r, .disabled))
        } else if !waiting(r).isEmpty {
          out.append((r, .waiting(for: waiting(r))))
        } else if s.isTerminal {
          out.append((r, .finished))
        } else if s.isActive {
          out.append((r, .full))
        } else if let had = finishedWith[r]?.filter(isDown), !had.isEmpty {
          out.append((r, .recognizedInThisSequence(stillDown: had)))
        }
      }
    }
    guard !out.isEmpty else { return }
    unattachedAt[i] = out
    for (r, why) in out { gesture?.unattached.append((r, n, why)) }
  }

  private mutating func noteDelivery(_ i: Int, t: Double, view: String, method: TouchMethod, touches: [Int]) {
    var d = GestureRecord.Delivery(t: t, index: i, method: method, touches: touches)
    if method == .touchesCancelled {
      // F-2: whatever was still queued for these touches is discarded with the cancellation.
      if let n = touches.first { d.cause = cancelCause(t: t, touch: n) }
      // F-6: a touch whose touchesEnded was held back gets touchesCancelled instead.
      d.replacesEndedHeldSince =
        touches.lazy.compactMap { [held] in
          held.oldest(view, touch: $0, method: .touchesEnded)?.time
        }.first
    } else if let h = touches.lazy.compactMap({ [held] in held.oldest(view, touch: $0, method: method) }).first {
      // Touch numbers may be reused: only a held phase of this method can be the one delivered.
      d.late = t - h.time
      d.heldBy = h.by
      d.releasedBy = releasers(of: h.by, at: t)
    }
    deliveries[i] = d
    gesture?.withView(view) { $0.deliveries.append(d) }
  }

  /// Why a view gets touchesCancelled now: the system cancelled the touch, or a recognizer that owns
  /// it began or recognized at this time (F-2), or a scroll view began scrolling (H-6).
  func cancelCause(t: Double, touch n: Int) -> GestureRecord.Cause {
    if cancelledInputs.contains(where: { $0.t == t && $0.touch == n }) { return .system }
    for rec in recognitions.reversed() where rec.t == t && (fed[rec.recognizer] ?? []).contains(n) {
      if let s = scene.scrollView(ofPan: rec.recognizer) { return .scrolling(scrollView: s, pan: rec.recognizer) }
      return .recognizer(rec.recognizer, began: rec.began)
    }
    return .unknown
  }

  /// Of the recognizers and scroll views that held a delivery, those that let it go at time `t`.
  private func releasers(of by: [String], at t: Double) -> [String] {
    var out: [String] = []
    for id in by {
      if failures.contains(where: { $0.t == t && $0.recognizer == id }) {
        out.append(id)
      } else if scene.views[id] != nil, timers.contains(where: { $0.t == t && $0.owner == id }) {
        out.append(id)
      }
    }
    return out
  }

  /// Whether a recognizer failed at exactly time `t`.
  func failed(_ r: String, at t: Double) -> Bool { failures.contains { $0.t == t && $0.recognizer == r } }

  /// Whether a touch lifted at exactly time `t`.
  func lifted(at t: Double) -> Bool { lifts.contains { $0.t == t } }

  /// Keeps only what happened at the current time (causes are looked up within one time).
  private mutating func trimHistory(before t: Double) {
    if recognitions.first.map({ $0.t < t }) ?? false { recognitions.removeAll { $0.t < t } }
    if cancelledInputs.first.map({ $0.t < t }) ?? false { cancelledInputs.removeAll { $0.t < t } }
    if failures.first.map({ $0.t < t }) ?? false { failures.removeAll { $0.t < t } }
    if timers.first.map({ $0.t < t }) ?? false { timers.removeAll { $0.t < t } }
    if lifts.first.map({ $0.t < t }) ?? false { lifts.removeAll { $0.t < t } }
  }
}
