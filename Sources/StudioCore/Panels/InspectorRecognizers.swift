import Localization
import TouchSim
import TraceKit

/// A recognizer as the inspector lists it: one of the scene's, or a scroll view's built-in pan.
struct InspectorRecognizer {
  var spec: RecognizerSpec
  /// The view it is attached to.
  var view: ViewSpec
  /// UIScrollView's `panGestureRecognizer` (id `SCROLL.pan`): not in the scene file, so read-only.
  var isScrollPan: Bool
  /// UIScrollView's `pinchGestureRecognizer` (id `SCROLL.pinch`, rule H-18): read-only too.
  var isScrollPinch = false
  /// The tap of a sheet's dimming view (`SHEET.dimmingTap`, rules A-14, A-15): read-only too.
  var isSheetTap = false
  /// One of the recognizers UIKit makes itself, which the scene file does not list.
  var isBuiltIn: Bool { isScrollPan || isScrollPinch || isSheetTap }

  var id: String { spec.id }
  var kind: RecognizerKind { spec.kind }
  var delegate: DelegateSpec { spec.delegate ?? DelegateSpec() }

  /// Every recognizer in the engine's order: views depth first, a scroll view's pan before its own.
  static func all(in scene: Scene) -> [InspectorRecognizer] { all(inBuilt: scene.presentingSheets()) }

  /// `all(in:)` of a scene whose sheets are already in the views UIKit builds (`Scene.presentingSheets`).
  static func all(inBuilt scene: Scene) -> [InspectorRecognizer] {
    var out: [InspectorRecognizer] = []
    for v in scene.allViews {
      for r in v.builtInRecognizers {
        out.append(InspectorRecognizer(spec: r, view: v, isScrollPan: r.kind == .pan, isScrollPinch: r.kind == .pinch))
      }
      for r in v.recognizers {
        let sheetTap = SheetSpec.sheet(ofDimmingTap: r.id).map { v.id == SheetSpec.dimmingView(of: $0) } ?? false
        out.append(InspectorRecognizer(spec: r, view: v, isScrollPan: false, isSheetTap: sheetTap))
      }
    }
    return out
  }

  /// The properties that decide when it recognizes ("2 taps · 1 touch").
  var keyProperties: String { keyProperties(.english) }

  /// The key properties in `l`.
  func keyProperties(_ l: Language) -> String {
    let s = spec
    func touches(_ n: Int) -> String { l(n == 1 ? "1 touch" : "\(n) touches", "\(n) 指") }
    switch kind {
    case .tap:
      let taps = l(
        s.numberOfTapsRequired == 1 ? "1 tap" : "\(s.numberOfTapsRequired) taps", "\(s.numberOfTapsRequired) 次点击")
      return "\(taps) · \(touches(s.numberOfTouchesRequired))"
    case .longPress:
      let taps =
        s.numberOfTapsRequired == 0
        ? "" : l(" · \(s.numberOfTapsRequired) taps first", " · 先点击 \(s.numberOfTapsRequired) 次")
      let press = InspectorFormat.number(s.minimumPressDuration, decimals: 2)
      let moves = InspectorFormat.number(s.allowableMovement)
      return l("press \(press) s · moves ≤ \(moves) pt · ", "按住 \(press) s · 移动 ≤ \(moves) pt · ")
        + "\(touches(s.numberOfTouchesRequired))\(taps)"
    case .pan, .screenEdgePan:
      let maxT = s.maximumNumberOfTouches == 0 ? "∞" : String(s.maximumNumberOfTouches)
      let range = l("\(s.minimumNumberOfTouches)–\(maxT) touches", "\(s.minimumNumberOfTouches)–\(maxT) 指")
      let edges = s.edges.map(\.rawValue).joined(separator: ", ")
      return kind == .screenEdgePan ? l("edges \(edges) · \(range)", "边缘 \(edges) · \(range)") : range
    case .swipe:
      return "\(s.direction.map(\.rawValue).joined(separator: ", ")) · \(touches(s.numberOfTouchesRequired))"
    case .pinch, .rotation:
      return l("2 touches", "2 指")
    }
  }

  /// The ids it waits for to fail, with how the requirement is made, given every recognizer.
  func requirement(on other: InspectorRecognizer) -> String? {
    var how: [String] = []
    if spec.requireToFail.contains(other.id) {
      how.append(isScrollPan ? "panRequireToFail" : "require(toFail:)")
    }
    if delegate.shouldRequireFailureOf.contains(other.id) { how.append("shouldRequireFailureOf") }
    if other.delegate.shouldBeRequiredToFailBy.contains(id) { how.append("\(other.id).shouldBeRequiredToFailBy") }
    return how.isEmpty ? nil : how.joined(separator: ", ")
  }

  /// Whether the delegates allow both to recognize at once (either one saying YES is enough).
  func simultaneous(with other: InspectorRecognizer) -> Bool {
    delegate.shouldRecognizeSimultaneouslyWith.contains(other.id)
      || other.delegate.shouldRecognizeSimultaneouslyWith.contains(id)
  }
}

/// For each recognizer, the others it may recognize together with (either delegate saying YES) and the
/// others it waits for to fail (require(toFail:), its delegate's shouldRequireFailureOf, the other's
/// shouldBeRequiredToFailBy), in the recognizers' order: the same answers as `simultaneous(with:)` and
/// `requirement(on:)`, for all pairs in time linear in the answers written.
struct PairRelations {
  private var together: [String: Set<String>] = [:]
  private var waits: [String: Set<String>] = [:]
  /// Recognizers whose delegate answers YES to every other (`shouldRecognizeSimultaneouslyWith: all`).
  private var togetherWithAll: Set<String> = []
  private var order: [String: Int] = [:]

  init(_ recs: [InspectorRecognizer]) {
    for (i, r) in recs.enumerated() { order[r.id] = i }
    for r in recs {
      switch r.delegate.shouldRecognizeSimultaneouslyWith {
      case .all: togetherWithAll.insert(r.id)
      case .ids(let list):
        for other in list where other != r.id && order[other] != nil {
          together[r.id, default: []].insert(other)
          together[other, default: []].insert(r.id)
        }
      }
      for other in r.spec.requireToFail + r.delegate.shouldRequireFailureOf where other != r.id && order[other] != nil {
        waits[r.id, default: []].insert(other)
      }
      for waiter in r.delegate.shouldBeRequiredToFailBy where waiter != r.id && order[waiter] != nil {
        waits[waiter, default: []].insert(r.id)
      }
    }
  }

  /// Whom `id` may recognize together with, in order (nil: every other one, a delegate said `all`).
  func together(with id: String) -> [String]? {
    if togetherWithAll.contains(id) { return nil }
    let set = (together[id] ?? []).union(togetherWithAll.subtracting([id]))
    return sorted(set)
  }

  /// Whom `id` waits for to fail, in order.
  func waits(for id: String) -> [String] { sorted(waits[id] ?? []) }

  private func sorted(_ set: Set<String>) -> [String] { set.sorted { order[$0, default: 0] < order[$1, default: 0] } }
}

/// What the engine did lately (within the pulse window before the playhead): the trace between
/// `playheadTime - window` and the playhead, folded for the toggles' pulses.
struct InspectorRecents {
  /// How long a toggle pulses after the engine consulted it (playhead milliseconds).
  static let pulseWindow = 600.0
  /// How long a card flashes after its action fired.
  static let flashWindow = 400.0

  let now: Double
  /// Recognizer id → time it cancelled touches in its view (touchesCancelled right after its action).
  private(set) var cancelled: [String: Double] = [:]
  /// Recognizer id → time a delivery was withheld for it (delaysTouchesBegan: began / moved).
  private(set) var heldBegan: [String: Double] = [:]
  /// Recognizer id → time a touchesEnded was withheld for it (delaysTouchesEnded).
  private(set) var heldEnded: [String: Double] = [:]
  /// Recognizer id → time of its latest `wait` line.
  private(set) var waited: [String: Double] = [:]

  init(trace: [TraceEntry], upTo end: Int, now: Double) {
    self.now = now
    let end = min(max(end, 0), trace.count)
    var start = end
    while start > 0 && trace[start - 1].t >= now - Self.pulseWindow { start -= 1 }
    var lastAction: (id: String, t: Double)?
    // By index, each event read in place (a copy of every entry made this a tenth of the inspector).
    for i in start..<end {
      let t = trace[i].t
      if let a = lastAction, a.t != t { lastAction = nil }
      switch trace[i].event {
      case .action(let r, _, _):
        lastAction = (r, t)
      case .deliver(_, .touchesCancelled, _, _):
        if let a = lastAction { cancelled[a.id] = t }
      case .drop(_, _, _, .cancelledBy(let r)):
        cancelled[r] = t
      case .withhold(_, let method, _, let by):
        for r in by {
          if method == .touchesEnded { heldEnded[r] = t } else if method != .touchesCancelled { heldBegan[r] = t }
        }
      case .wait(let r, _):
        waited[r] = t
      default:
        break
      }
    }
  }

  /// 1 at `time`, fading to 0 at the end of `window`; nil outside it.
  func strength(since time: Double?, window: Double = pulseWindow) -> Double? {
    guard let time else { return nil }
    let age = now - time
    guard age >= 0, age < window else { return nil }
    return 1 - age / window
  }

  /// The pulse of a question the engine asked lately, with its answer.
  func ask(_ fold: Snapshot, of: String, _ q: TraceEvent.Question, about: String?, _ t: Theme) -> InspectorPulse? {
    guard let a = fold.asks[AskKey(of: of, question: q, about: about)], let s = strength(since: a.time) else {
      return nil
    }
    return InspectorPulse(
      strength: s, text: t.lang("asked", "已询问") + " → \(a.answer ? "YES" : "NO")", color: a.answer ? t.good : t.bad)
  }

  /// The latest of several pulses (the strongest is the most recent).
  static func latest(_ pulses: [InspectorPulse?]) -> InspectorPulse? {
    pulses.compactMap { $0 }.max { $0.strength < $1.strength }
  }
}
