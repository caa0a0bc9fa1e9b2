import Raster
import TouchSim

/// Trace events in words: a short line for the log and a full sentence for the narration strip.
///
/// Ids are written between backticks (`buy`), so a panel can set them apart; `plain` drops the marks.
/// Nothing here decides anything: every word comes from the event itself.
enum TraceDescriber {
  /// How a log line is coloured.
  enum Tone: Equatable, Sendable {
    /// A finger's own colour.
    case touch(Int)
    case state(GestureState)
    case good, bad, waiting, accent, normal, quiet
  }

  /// The log line for an event (without its time), ids between backticks.
  static func line(_ e: TraceEvent) -> String {
    switch e {
    case .input(let n, let phase, let at, let tapCount):
      let taps = tapCount > 1 ? "  (tap \(tapCount))" : ""
      switch phase {
      case .began: return "touch \(n) down at \(point(at))\(taps)"
      case .moved: return "touch \(n) moves to \(point(at))"
      case .stationary: return "touch \(n) stays still"
      case .ended: return "touch \(n) up at \(point(at))\(taps)"
      case .cancelled: return "touch \(n) cancelled"
      }
    case .hitTest(let view, _, let result):
      return "hit-test visits `\(view)`: \(hitResult(result))"
    case .hit(let n, let view):
      return view.map { "touch \(n) hit-tests to `\($0)`" } ?? "touch \(n) hits no view"
    case .attach(let n, let ids):
      return ids.isEmpty ? "touch \(n): no recognizers on its way" : "touch \(n) → recognizers \(list(ids))"
    case .ask(let of, let question, let other, let view, let answer):
      return "ask \(askText(of: of, question, about: other ?? view)) → \(answer ? "YES" : "NO")"
    case .feed(let r, let method, let touches):
      return "`\(r)` ← \(method.rawValue) \(touchList(touches))"
    case .state(let r, let from, let to, let reason):
      return "`\(r)`  \(from.rawValue) → \(to.rawValue)  (\(reason.text))"
    case .action(let r, let state, let values):
      return "`\(r)` action (\(state.rawValue))\(actionValues(values))"
    case .withhold(let view, let method, let touches, let by):
      return "withheld \(method.rawValue) \(touchList(touches)) from `\(view)` (held by \(list(by)))"
    case .deliver(let view, let method, let touches, _):
      return "`\(view)` ← \(method.rawValue) \(touchList(touches))"
    case .forward(let from, let to, let method):
      return "`\(from)` passes \(method.rawValue) to `\(to)`"
    case .control(let c, let event, let highlighted, let value):
      let v = value.map { " = \(JSONNumber.format($0))" } ?? ""
      return "`\(c)` \(event.rawValue)\(v)\(highlighted ? "  (highlighted)" : "")"
    case .scroll(let view, let offset):
      return "`\(view)` scrolls to \(point(offset))"
    case .timer(let what, let owner):
      return "timer \(what) of `\(owner)` fires"
    case .set(let target, let key, let value, let origin):
      if case .effect(let r) = origin { return "`\(r)`'s handler sets `\(target)`.\(key) = \(value)" }
      if origin == .user { return "you set `\(target)`.\(key) = \(value)" }
      return "set `\(target)`.\(key) = \(value)"
    case .wait(let r, let others):
      return others.isEmpty ? "`\(r)` stops waiting" : "`\(r)` waits for \(list(others)) to fail"
    case .drop(let view, let method, let touches, let reason):
      let to = view.map { " to `\($0)`" } ?? ""
      return "dropped \(method.rawValue) \(touchList(touches))\(to)  (\(dropReason(reason)))"
    case .reorder(let view, let to):
      return to == "front" ? "`\(view)` brought to front" : "`\(view)` sent to back"
    }
  }

  /// A plain sentence explaining an event, ids between backticks (the narration strip's fallback).
  static func sentence(_ e: TraceEvent) -> String {
    switch e {
    case .input(let n, let phase, let at, let tapCount):
      switch phase {
      case .began:
        let taps = tapCount > 1 ? " (tap number \(tapCount) in a row)" : ""
        return "Finger \(n) touches down at \(point(at))\(taps)."
      case .moved: return "Finger \(n) moves to \(point(at))."
      case .stationary: return "Finger \(n) stays where it is while another finger changes."
      case .ended: return "Finger \(n) lifts at \(point(at))."
      case .cancelled: return "Touch \(n) is cancelled: nobody gets its end."
      }
    case .hitTest(let view, _, let result):
      switch result {
      case .inside: return "Hit-testing visits `\(view)`: the point is inside, so its subviews are tried next."
      case .outside:
        return "Hit-testing visits `\(view)`: the point is outside, so it and its subviews are passed over."
      case .hidden: return "Hit-testing skips `\(view)` and its subviews: it is hidden."
      case .alpha: return "Hit-testing skips `\(view)` and its subviews: its alpha is below 0.01."
      case .noInteraction:
        return "Hit-testing skips `\(view)` and its subviews: userInteractionEnabled is NO."
      case .disabled: return "Hit-testing skips `\(view)`: the control is disabled."
      case .passThrough: return "`\(view)` lets the touch pass through: none of its subviews took the point."
      }
    case .hit(let n, let view):
      guard let view else { return "Touch \(n) hits no view, so no view will get it." }
      return "Touch \(n) belongs to `\(view)`, the front-most deepest view that contains the point."
    case .attach(let n, let ids):
      if ids.isEmpty { return "No gesture recognizer sits on touch \(n)'s view or its superviews." }
      return "Touch \(n) is offered to \(list(ids)): the recognizers of its view and of every superview."
    case .ask(let of, let question, let other, let view, let answer):
      return "UIKit asks \(askText(of: of, question, about: other ?? view)): the answer is \(answer ? "YES" : "NO")."
    case .feed(let r, let method, let touches):
      return "`\(r)` receives \(method.rawValue) for \(touchWords(touches))."
    case .state(let r, let from, let to, let reason):
      if to == .possible && reason == .reset { return "`\(r)` is reset to possible, ready for the next touch." }
      return "`\(r)` goes from \(from.rawValue) to \(to.rawValue): \(reason.text)."
    case .action(let r, let state, let values):
      return "`\(r)` sends its action message (state \(state.rawValue))\(actionValues(values))."
    case .withhold(let view, let method, let touches, let by):
      return
        "The window holds back \(method.rawValue) for \(touchWords(touches)) from `\(view)`: \(list(by)) "
        + "might still recognize."
    case .deliver(let view, let method, let touches, _):
      return "The window delivers \(method.rawValue) for \(touchWords(touches)) to `\(view)`."
    case .forward(let from, let to, let method):
      return "`\(from)` passes \(method.rawValue) up the responder chain to `\(to)`."
    case .control(let c, let event, let highlighted, let value):
      let v = value.map { ", value \(JSONNumber.format($0))" } ?? ""
      return "`\(c)` sends \(event.rawValue)\(v)\(highlighted ? "; it is highlighted" : "")."
    case .scroll(let view, let offset):
      return "`\(view)` scrolls: its content offset is now \(point(offset))."
    case .timer(let what, let owner):
      return "The \(what) timer of `\(owner)` fires."
    case .set(let target, let key, let value, let origin):
      if case .effect(let r) = origin { return "`\(r)`'s action handler sets `\(target)`.\(key) to \(value)." }
      if origin == .user { return "You set `\(target)`.\(key) to \(value) in the window." }
      return "The script sets `\(target)`.\(key) to \(value)."
    case .wait(let r, let others):
      if others.isEmpty { return "`\(r)` no longer waits for another recognizer." }
      return "`\(r)` would leave possible, but it must wait for \(list(others)) to fail first."
    case .drop(let view, let method, let touches, let reason):
      let to = view.map { " to `\($0)`" } ?? ""
      return "\(method.rawValue) for \(touchWords(touches)) is never delivered\(to): \(dropReason(reason))."
    case .reorder(let view, let to):
      return to == "front" ? "`\(view)` is brought to the front." : "`\(view)` is sent to the back."
    }
  }

  /// The text with its backtick marks removed.
  static func plain(_ marked: String) -> String { marked.filter { $0 != "`" } }

  /// A trace time for the log: whole milliseconds as "80 ms", fractions to 0.1 ms.
  static func time(_ t: Double) -> String {
    let tenths = (t * 10).rounded() / 10
    return tenths == tenths.rounded() ? "\(Int(tenths)) ms" : "\(JSONNumber.format(tenths)) ms"
  }

  /// A one-character icon for the kind of event.
  static func icon(_ e: TraceEvent) -> String {
    switch e {
    case .input(_, let phase, _, _):
      switch phase {
      case .began: return "●"
      case .moved, .stationary: return "•"
      case .ended: return "○"
      case .cancelled: return "✗"
      }
    case .hitTest(_, _, let result): return result == .inside ? "✓" : result == .outside ? "✗" : "⊘"
    case .hit: return "◎"
    case .attach: return "⊕"
    case .ask: return "?"
    case .feed: return "→"
    case .state(_, _, let to, _):
      switch to {
      case .possible: return "↺"
      case .ended: return "✓"
      case .failed, .cancelled: return "✗"
      case .began, .changed: return "▶"
      }
    case .action: return "⚡"
    case .withhold: return "‖"
    case .deliver: return "→"
    case .forward: return "↑"
    case .control: return "◉"
    case .scroll: return "↕"
    case .timer: return "◷"
    case .set: return "✎"
    case .wait: return "‖"
    case .drop: return "✗"
    case .reorder: return "⇅"
    }
  }

  /// How the log colours an event.
  static func tone(_ e: TraceEvent) -> Tone {
    switch e {
    case .input(let n, _, _, _): return .touch(n)
    case .hitTest(_, _, let result): return result == .inside ? .normal : .quiet
    case .hit: return .accent
    case .attach, .feed, .forward, .scroll: return .quiet
    case .ask(_, _, _, _, let answer): return answer ? .good : .bad
    case .state(_, _, let to, let reason): return to == .possible && reason == .reset ? .quiet : .state(to)
    case .action: return .good
    case .withhold, .wait, .timer: return .waiting
    case .deliver(_, let method, _, _): return method == .touchesCancelled ? .bad : .normal
    case .control(_, let event, _, _): return event == .touchUpInside || event == .valueChanged ? .good : .normal
    case .drop: return .bad
    case .set, .reorder: return .accent
    }
  }

  static func color(_ tone: Tone, _ theme: Theme) -> RGBA {
    switch tone {
    case .touch(let n): return Palette.touch(n)
    case .state(let s): return theme.color(of: s)
    case .good: return theme.good
    case .bad: return theme.bad
    case .waiting: return theme.waiting
    case .accent: return theme.accent
    case .normal: return theme.text
    case .quiet: return theme.secondaryText
    }
  }

  // MARK: Pieces

  static func point(_ p: Point) -> String { "(\(JSONNumber.format(p.x)), \(JSONNumber.format(p.y)))" }

  static func touchList(_ touches: [Int]) -> String { "[" + touches.map(String.init).joined(separator: ", ") + "]" }

  private static func touchWords(_ touches: [Int]) -> String {
    touches.count == 1 ? "touch \(touches[0])" : "touches " + touches.map(String.init).joined(separator: ", ")
  }

  /// "`a`", "`a` and `b`", "`a`, `b` and `c`".
  static func list(_ ids: [String]) -> String {
    let marked = ids.map { "`\($0)`" }
    guard marked.count > 1 else { return marked.first ?? "nobody" }
    return marked.dropLast().joined(separator: ", ") + " and " + marked.last!
  }

  private static func hitResult(_ r: TraceEvent.HitResult) -> String {
    switch r {
    case .inside: return "inside"
    case .outside: return "outside"
    case .hidden: return "skipped (hidden)"
    case .alpha: return "skipped (alpha < 0.01)"
    case .noInteraction: return "skipped (userInteractionEnabled = NO)"
    case .disabled: return "skipped (disabled)"
    case .passThrough: return "passes through"
    }
  }

  private static func askText(of: String, _ q: TraceEvent.Question, about: String?) -> String {
    let arg = about.map { "`\($0)`" } ?? ""
    switch q {
    case .shouldReceive: return "`\(of)` delegate shouldReceive(touch)"
    case .shouldBegin: return "`\(of)` delegate shouldBegin"
    case .shouldRecognizeSimultaneouslyWith, .shouldRequireFailureOf, .shouldBeRequiredToFailBy:
      return "`\(of)` delegate \(q.rawValue)(\(arg))"
    case .gestureRecognizerShouldBegin, .touchesShouldBegin, .touchesShouldCancel, .canPrevent, .canBePrevented:
      return "`\(of)`.\(q.rawValue)(\(arg))"
    }
  }

  private static func actionValues(_ v: ActionValues) -> String {
    var parts: [String] = []
    if let t = v.translation { parts.append("translation \(point(t))") }
    if let s = v.scale { parts.append("scale \(JSONNumber.format(s))") }
    if let r = v.rotation { parts.append("rotation \(JSONNumber.format(r)) rad") }
    if let d = v.direction { parts.append("direction \(d.rawValue)") }
    return parts.isEmpty ? "" : ", " + parts.joined(separator: ", ")
  }

  private static func dropReason(_ reason: DropReason) -> String {
    switch reason {
    case .multipleTouchEnabled: return "multipleTouchEnabled is NO: the view takes one touch at a time"
    case .exclusiveTouch: return "exclusiveTouch: another view's touch excludes it"
    case .touchesShouldBegin: return "the scroll view's touchesShouldBegin said NO"
    case .scrolling: return "the scroll view began scrolling before the content got the touch"
    case .cancelledBeforeDelivery: return "the touch was cancelled while it was still withheld"
    case .cancelledBy(let id): return "`\(id)` recognized while it was still withheld"
    }
  }
}
