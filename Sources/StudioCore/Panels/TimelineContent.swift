import Localization
import TouchSim
import TraceKit

/// What the timeline shows for a stretch of the trace, before any pixel is placed: one lane per touch, per
/// recognizer and per responder, with marks at trace times, bars for waits and held deliveries, and arrows
/// from a recognizer's decision to the touchesCancelled it caused.
struct TimelineContent: Equatable, Sendable {
  var lanes: [TimelineLane] = []
  var arrows: [TimelineArrow] = []

  /// The lanes of `trace[range]`.
  init(trace: [TraceEntry], range: Range<Int>, language: Language = .english) {
    var growing = Growing(from: range.lowerBound, language: language)
    self = growing.content(trace: trace, upTo: range.upperBound)
  }

  /// The lanes of a stretch of the trace that starts at `from` and grows: entries already added are not
  /// added again (a live gesture's timeline grows by a few entries a frame).
  struct Growing {
    let from: Int
    let language: Language
    /// The entries added so far end before this one.
    private(set) var upTo: Int
    private var builder = Builder()

    init(from: Int, language: Language) {
      self.from = max(from, 0)
      self.language = language
      upTo = self.from
      builder.language = language
    }

    /// The content of `trace[from..<end]`, where `trace` begins with the entries added before.
    mutating func content(trace: [TraceEntry], upTo end: Int) -> TimelineContent {
      let end = min(end, trace.count)
      while upTo < end {
        builder.add(trace[upTo], index: upTo)
        upTo += 1
      }
      var c = TimelineContent()
      c.lanes = builder.orderedLanes()
      c.arrows = builder.arrows(in: c.lanes)
      return c
    }
  }

  private init() {}

  /// The lane with this id, if any.
  func lane(_ kind: TimelineLane.Kind) -> TimelineLane? { lanes.first { $0.kind == kind } }

  // MARK: Building

  private struct Builder {
    /// The language of the marks' labels and the lanes' names.
    var language = Language.english
    var lanes: [TimelineLane.Kind: TimelineLane] = [:]
    var order: [TimelineLane.Kind] = []
    /// Deliveries withheld and not yet made or dropped: the account every reader of the trace keeps.
    var held = HeldDeliveries()
    /// The bar of each `withhold` line still open, by its trace index: it ends when none of what the line
    /// withheld is held any more.
    var openHolds: [Int: (view: String, bar: Int)] = [:]
    /// Open wait bars by recognizer.
    var openWaits: [String: Int] = [:]
    /// Open "life" bars (touch down, recognizer busy, responder tracking) by lane.
    var openLife: [TimelineLane.Kind: Int] = [:]
    /// Causes of cancellation: (t, index, recognizer) of each began / ended decision.
    var decisions: [(t: Double, index: Int, recognizer: String)] = []
    /// Cancellations to explain: (t, index, view, recognizer named by the trace if any).
    var cancellations: [(t: Double, index: Int, view: String, cause: String?)] = []

    /// Makes sure the lane exists (lanes are ordered by first appearance).
    mutating func ensure(_ kind: TimelineLane.Kind) {
      guard lanes[kind] == nil else { return }
      order.append(kind)
      lanes[kind] = TimelineLane(kind: kind, language: language)
    }

    mutating func mark(_ kind: TimelineLane.Kind, _ m: TimelineMark) {
      ensure(kind)
      lanes[kind]!.marks.append(m)
    }

    /// Adds a bar and returns its position in the lane.
    @discardableResult
    mutating func bar(_ kind: TimelineLane.Kind, _ b: TimelineBar) -> Int {
      ensure(kind)
      lanes[kind]!.bars.append(b)
      return lanes[kind]!.bars.count - 1
    }

    mutating func close(_ kind: TimelineLane.Kind, bar i: Int, at index: Int, _ t: Double) {
      lanes[kind]?.bars[i].toIndex = index
      lanes[kind]?.bars[i].toT = t
    }

    mutating func startLife(_ kind: TimelineLane.Kind, _ index: Int, _ t: Double) {
      guard openLife[kind] == nil else { return }
      openLife[kind] = bar(kind, TimelineBar(style: .life, fromIndex: index, fromT: t))
    }

    mutating func endLife(_ kind: TimelineLane.Kind, _ index: Int, _ t: Double) {
      guard let b = openLife.removeValue(forKey: kind) else { return }
      close(kind, bar: b, at: index, t)
    }

    /// Is the last non-tick mark of the lane this letter (so a run of moves or changes shows one letter)?
    func lastLetter(_ kind: TimelineLane.Kind) -> String? {
      for m in (lanes[kind]?.marks ?? []).reversed() {
        switch m.glyph {
        case .letter(let s): return s
        case .tick: continue
        default: return nil
        }
      }
      return nil
    }

    mutating func add(_ e: TraceEntry, index i: Int) {
      let t = e.t
      held.take(e, index: i)
      switch e.event {
      case .input(let n, let phase, _, let tapCount): addInput(n, phase, tapCount: tapCount, i, t)
      case .feed(let r, let method, _):
        let k = TimelineLane.Kind.recognizer(r)
        ensure(k)
        if method == .touchesBegan { startLife(k, i, t) }
      case .ask(let of, .shouldReceive, _, _, false):
        mark(.recognizer(of), TimelineMark(glyph: .label("shouldReceive NO"), tone: .bad, index: i, t: t))
      case .state(let r, _, let to, let reason): addState(r, to: to, reason: reason, i, t)
      case .action(let r, let state, _):
        if state != .changed { mark(.recognizer(r), TimelineMark(glyph: .action, tone: .good, index: i, t: t)) }
      case .wait(let r, let others):
        let k = TimelineLane.Kind.recognizer(r)
        if let w = openWaits.removeValue(forKey: r) { close(k, bar: w, at: i, t) }
        if !others.isEmpty {
          openWaits[r] = bar(k, TimelineBar(style: .wait(others), fromIndex: i, fromT: t))
        }
      case .withhold(let view, let method, _, let by):
        let k = TimelineLane.Kind.responder(view)
        mark(k, TimelineMark(glyph: .letter(TimelineLane.letter(method)), tone: .waiting, index: i, t: t, faint: true))
        openHolds[i] = (view, bar(k, TimelineBar(style: .held(by), fromIndex: i, fromT: t)))
        if method == .touchesBegan { startLife(k, i, t) }
      case .deliver(let view, let method, _, _): addDelivery(view, method, i, t)
      case .drop(let view, let method, let touches, let reason): addDrop(view, method, touches, reason, i, t)
      case .control(let c, let event, _, let value): addControlEvent(c, event, value, i, t)
      case .forward(let from, _, let method, _):
        guard case .view(let v) = from, method != .touchesMoved, lanes[.responder(v)] != nil else { break }
        let k = TimelineLane.Kind.responder(v)
        if lanes[k]?.marks.last.map({ $0.glyph == .forward && $0.t == t }) != true {
          mark(k, TimelineMark(glyph: .forward, tone: .quiet, index: i, t: t))
        }
      case .perform(let r, let action, let sender):
        // B-7, B-7a: who performed the control's action, beside the control event that sent it.
        let k = TimelineLane.Kind.responder(sender)
        let text =
          r.map { "\(action) → \($0)" } ?? language("\(action) → nobody, dropped", "\(action) → 无人实现，被丢弃")
        if let last = lanes[k]?.marks.last, last.t == t, case .label(let before) = last.glyph {
          lanes[k]!.marks[lanes[k]!.marks.count - 1].glyph = .label(before + " · " + text)
          break
        }
        mark(k, TimelineMark(glyph: .label(text), tone: r == nil ? .bad : .good, index: i, t: t))
      case .removeGestureRecognizer(let r, _, _):
        // C-12: taken off its view, back to possible without an action.
        let k = TimelineLane.Kind.recognizer(r)
        if let w = openWaits.removeValue(forKey: r) { close(k, bar: w, at: i, t) }
        if lanes[k] != nil {
          mark(k, TimelineMark(glyph: .label(language("removed", "已移除")), tone: .bad, index: i, t: t))
          endLife(k, i, t)
        }
      case .hitTest, .hitTestOverride, .hit, .attach, .ask, .scroll, .zoom, .sheet, .timer, .set, .reorder, .ignoring,
        .sendEvent,
        .sendAction, .canPerform, .addGestureRecognizer, .removeFromSuperview, .addSubview:
        break
      }
    }

    /// A finger's lane: down (with its tap count), moves, up or cancelled, and its life between.
    mutating func addInput(_ n: Int, _ phase: TouchPhase, tapCount: Int, _ i: Int, _ t: Double) {
      let k = TimelineLane.Kind.touch(n)
      switch phase {
      case .began:
        mark(k, TimelineMark(glyph: .down, tone: .touch(n), index: i, t: t))
        if tapCount > 1 {
          mark(
            k,
            TimelineMark(
              glyph: .label(language("tap \(tapCount)", "点击 \(tapCount)")), tone: .touch(n), index: i, t: t))
        }
        startLife(k, i, t)
      case .moved: mark(k, TimelineMark(glyph: .tick, tone: .touch(n), index: i, t: t))
      case .stationary: break
      case .ended:
        mark(k, TimelineMark(glyph: .up, tone: .touch(n), index: i, t: t))
        endLife(k, i, t)
      case .cancelled:
        mark(k, TimelineMark(glyph: .cross, tone: .bad, index: i, t: t))
        endLife(k, i, t)
      }
    }

    /// A recognizer's lane: the state's letter (a run of changes as ticks), its life, a wait it ends.
    mutating func addState(_ r: String, to: GestureState, reason: StateReason, _ i: Int, _ t: Double) {
      let k = TimelineLane.Kind.recognizer(r)
      if let w = openWaits.removeValue(forKey: r) { close(k, bar: w, at: i, t) }
      let isReset = to == .possible && reason == .reset
      if to == .changed && lastLetter(k) == "C" {
        mark(k, TimelineMark(glyph: .tick, tone: .state(.changed), index: i, t: t))
      } else {
        mark(
          k, TimelineMark(glyph: .letter(TimelineLane.letter(to)), tone: .state(to), index: i, t: t, faint: isReset))
      }
      if to == .possible { endLife(k, i, t) } else { startLife(k, i, t) }
      if to == .began || to == .ended { decisions.append((t, i, r)) }
    }

    /// A responder's lane: the method's letter (a run of moves as ticks), the holds it ends, its life.
    mutating func addDelivery(_ view: String, _ method: TouchMethod, _ i: Int, _ t: Double) {
      let k = TimelineLane.Kind.responder(view)
      closeHolds(view, i, t)
      if method == .touchesMoved && lastLetter(k) == "M" {
        mark(k, TimelineMark(glyph: .tick, tone: .normal, index: i, t: t))
      } else {
        let tone: TraceDescriber.Tone = method == .touchesCancelled ? .bad : .normal
        mark(k, TimelineMark(glyph: .letter(TimelineLane.letter(method)), tone: tone, index: i, t: t))
      }
      if method == .touchesBegan { startLife(k, i, t) }
      if method == .touchesEnded || method == .touchesCancelled { endLife(k, i, t) }
      if method == .touchesCancelled { cancellations.append((t, i, view, nil)) }
    }

    /// A delivery dropped: the cross and the reason on the responder's lane (and on the finger's, when the
    /// touch is ignored for its whole life), the holds it ends.
    mutating func addDrop(
      _ view: String?, _ method: TouchMethod, _ touches: [Int], _ reason: DropReason, _ i: Int, _ t: Double
    ) {
      if reason.isWholeLife {
        // C-10, C-11: the finger's own lane says it is ignored, whether or not it hit a view.
        for n in touches {
          mark(.touch(n), TimelineMark(glyph: .label(Self.shortReason(reason, language)), tone: .bad, index: i, t: t))
        }
      }
      guard let view else { return }
      let k = TimelineLane.Kind.responder(view)
      closeHolds(view, i, t)
      mark(k, TimelineMark(glyph: .cross, tone: .bad, index: i, t: t))
      mark(k, TimelineMark(glyph: .label(Self.shortReason(reason, language)), tone: .bad, index: i, t: t))
      if method != .touchesMoved { endLife(k, i, t) }
      if case .cancelledBy(let id) = reason { cancellations.append((t, i, view, id)) }
    }

    /// A control event on the control's lane (drags inside and outside left out); events of one moment
    /// read as one label.
    mutating func addControlEvent(
      _ c: String, _ event: TraceEvent.ControlEvent, _ value: TraceEvent.ControlValue?, _ i: Int, _ t: Double
    ) {
      guard event != .touchDragInside && event != .touchDragOutside else { return }
      var text = event.rawValue
      if let value { text += ": \(value.property.rawValue)=\(value.swiftText)" }
      let good = event == .touchUpInside || event == .valueChanged || event == .primaryActionTriggered
      let k = TimelineLane.Kind.responder(c)
      // Control events of one moment read as one label ("valueChanged = 1 · touchUpInside"): placed
      // one after the other, the second would sit well to the right of its time.
      if let last = lanes[k]?.marks.last, last.t == t, case .label(let before) = last.glyph {
        lanes[k]!.marks[lanes[k]!.marks.count - 1].glyph = .label(before + " · " + text)
        if good { lanes[k]!.marks[lanes[k]!.marks.count - 1].tone = .good }
        return
      }
      mark(k, TimelineMark(glyph: .label(text), tone: good ? .good : .quiet, index: i, t: t))
    }

    /// The withheld delivery this delivery (or drop) releases ends its held bar; a touchesCancelled
    /// releases a withheld delivery of any method (it will never come).
    /// Every hold of `view` this delivery or drop ends: touches held one event at a time (two fingers down
    /// one after the other) end together when one line names them all.
    /// Entry `i` delivered to `view` or dropped from it: the bars of the withhold lines it released end.
    mutating func closeHolds(_ view: String, _ i: Int, _ t: Double) {
      let still = Set((held[view] ?? []).map(\.index))
      for (line, h) in openHolds where h.view == view && !still.contains(line) {
        close(.responder(view), bar: h.bar, at: i, t)
        openHolds[line] = nil
      }
    }

    static func shortReason(_ reason: DropReason, _ l: Language = .english) -> String {
      if case .cancelledBy(let id) = reason { return l("cancelled by \(id)", "被 \(id) 取消") }
      return reason.text(l)
    }

    /// Touches first, then recognizers, then responders, each in order of first appearance.
    func orderedLanes() -> [TimelineLane] {
      let all = order.compactMap { lanes[$0] }
      func rank(_ l: TimelineLane) -> Int {
        switch l.kind {
        case .touch: return 0
        case .recognizer: return 1
        case .responder: return 2
        }
      }
      return all.enumerated().sorted { (a, b) in
        rank(a.element) != rank(b.element) ? rank(a.element) < rank(b.element) : a.offset < b.offset
      }.map(\.element)
    }

    /// For each touchesCancelled delivery (or a drop "cancelled by X"): an arrow from the recognizer whose
    /// decision at the same time caused it.
    func arrows(in lanes: [TimelineLane]) -> [TimelineArrow] {
      var out: [TimelineArrow] = []
      for c in cancellations {
        let cause =
          c.cause.flatMap { id in decisions.last { $0.recognizer == id && $0.index < c.index } }
          ?? decisions.last { $0.t == c.t && $0.index < c.index }
        guard let cause, cause.t == c.t,
          let from = lanes.firstIndex(where: { $0.kind == .recognizer(cause.recognizer) }),
          let to = lanes.firstIndex(where: { $0.kind == .responder(c.view) })
        else { continue }
        out.append(TimelineArrow(fromLane: from, fromIndex: cause.index, toLane: to, toIndex: c.index, t: c.t))
      }
      return out
    }
  }
}

/// One row of the timeline.
struct TimelineLane: Equatable, Sendable {
  enum Kind: Hashable, Sendable {
    case touch(Int)
    case recognizer(String)
    case responder(String)
  }
  var kind: Kind
  /// The language of its name.
  var language = Language.english
  /// In trace order.
  var marks: [TimelineMark] = []
  var bars: [TimelineBar] = []

  var name: String {
    switch kind {
    case .touch(let n): return language("touch \(n)", "触摸 \(n)")
    case .recognizer(let id), .responder(let id): return id
    }
  }

  /// The letters of the lane, in order (state letters for a recognizer, delivery letters for a view).
  var letters: [String] {
    marks.compactMap {
      if case .letter(let s) = $0.glyph { return s }
      return nil
    }
  }

  /// P B C E X F: possible, began, changed, ended (recognized), cancelled, failed.
  static func letter(_ s: GestureState) -> String {
    switch s {
    case .possible: return "P"
    case .began: return "B"
    case .changed: return "C"
    case .ended: return "E"
    case .cancelled: return "X"
    case .failed: return "F"
    }
  }

  /// B M E C: touchesBegan, touchesMoved, touchesEnded, touchesCancelled.
  static func letter(_ m: TouchMethod) -> String {
    switch m {
    case .touchesBegan: return "B"
    case .touchesMoved: return "M"
    case .touchesEnded: return "E"
    case .touchesCancelled: return "C"
    }
  }
}

/// Something drawn at one trace time in a lane.
struct TimelineMark: Equatable, Sendable {
  enum Glyph: Equatable, Sendable {
    /// Touch down ●, up ○, cancelled or dropped ✗.
    case down, up, cross
    /// A move, a repeated change: a short stroke.
    case tick
    /// A state letter (recognizer) or a delivery letter (responder).
    case letter(String)
    /// A recognizer's action message.
    case action
    /// A responder passed the call up the chain.
    case forward
    /// Small words after the mark before it: control events, drop reasons.
    case label(String)
  }
  var glyph: Glyph
  var tone: TraceDescriber.Tone
  /// The trace entry it shows (clicking it jumps there).
  var index: Int
  var t: Double
  /// Drawn quieter: resets, the letter of a delivery that was withheld.
  var faint = false
}

/// A stretch of time in a lane.
struct TimelineBar: Equatable, Sendable {
  enum Style: Equatable, Sendable {
    /// The recognizer waits for these to fail (trace `wait`).
    case wait([String])
    /// A delivery withheld by these recognizers until it is delivered or dropped.
    case held([String])
    /// A touch is down; a recognizer is busy with touches; a view is tracking.
    case life
  }
  var style: Style
  var fromIndex: Int
  var fromT: Double
  /// nil while the bar is still open at the end of the stretch.
  var toIndex: Int?
  var toT: Double?
}

/// A decision in one lane that caused a mark in another at the same time ("pan began" → touchesCancelled).
struct TimelineArrow: Equatable, Sendable {
  var fromLane: Int
  var fromIndex: Int
  var toLane: Int
  var toIndex: Int
  var t: Double
}
