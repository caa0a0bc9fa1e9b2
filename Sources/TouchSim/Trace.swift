import Geometry

/// The trace, format `touchscope-trace/1` (its events and keys are the types below; additions are listed in docs/TRACE-EXTENSIONS.md): everything the engine
/// decided, in order. Keys are written in the order docs/TRACE-FORMAT.md gives; extensions (marked) add event
/// kinds and trailing keys only.
public enum GestureState: String, CaseIterable, Sendable {
  case possible, began, changed, ended, cancelled, failed
  public var isTerminal: Bool { self == .ended || self == .cancelled || self == .failed }
  /// began / changed: a continuous gesture in progress.
  public var isActive: Bool { self == .began || self == .changed }
}

public enum TouchPhase: String, Sendable {
  case began, moved, stationary, ended, cancelled
}

public enum TouchMethod: String, Sendable, CaseIterable {
  case touchesBegan, touchesMoved, touchesEnded, touchesCancelled
}

/// A fixed or scene responder in the responder chain (rules B-1 to B-3).
public enum ResponderID: Hashable, Sendable, CustomStringConvertible {
  case view(String)
  case controller(String)
  case window, application, appDelegate
  public var description: String {
    switch self {
    case .view(let id), .controller(let id): return id
    case .window: return "window"
    case .application: return "application"
    case .appDelegate: return "appDelegate"
    }
  }
}

/// Values a recognizer's action handler would read (docs/TRACE-FORMAT.md, `action.values`).
public struct ActionValues: Equatable, Sendable {
  public var location: Point
  public var translation: Point?
  public var velocity: Point?
  public var scale: Double?
  public var scalarVelocity: Double?
  public var rotation: Double?
  public var direction: Direction?
  public init(location: Point) { self.location = location }
}

public enum TraceEvent: Equatable, Sendable {
  case input(touch: Int, phase: TouchPhase, at: Point, tapCount: Int)
  case hitTest(view: String, at: Point, result: HitResult)
  case hit(touch: Int, view: String?)
  case attach(touch: Int, recognizers: [String])
  /// `other` for recognizer questions, `view` for scroll-view questions about content. (Boxed, like `set`
  /// and `action`: the largest events are kept out of line so that every entry is 64 bytes, not 72.)
  indirect case ask(of: String, question: Question, other: String?, view: String?, answer: Bool)
  case feed(recognizer: String, method: TouchMethod, touches: [Int])
  /// `reason` is written as its `text`.
  case state(recognizer: String, from: GestureState, to: GestureState, reason: StateReason)
  /// Boxed: its values are several times the size of any other event.
  indirect case action(recognizer: String, state: GestureState, values: ActionValues)
  case withhold(view: String, method: TouchMethod, touches: [Int], by: [String])
  case deliver(view: String, method: TouchMethod, touches: [Int], at: Point)
  /// `presenting` (extension, rule B-2a): the hop from a presented view controller to the one that presented
  /// it, a modelling choice marked uncertain (written only when true).
  case forward(from: ResponderID, to: ResponderID, method: TouchMethod, presenting: Bool = false)
  /// `value` (extension): the control's value after a valueChanged, under the name of the property UIKit's
  /// handler reads (`isOn`, `value`, `selectedSegmentIndex`, `currentPage`).
  case control(control: String, event: ControlEvent, highlighted: Bool, value: ControlValue?)
  /// `settle` (extension, rules H-12, H-14): set on the line where the offset moves by itself as the drag
  /// ends (springing back inside the content, or onto a page); nil while the finger moves it.
  case scroll(view: String, contentOffset: Point, settle: ScrollSettle? = nil)
  /// Extension (rule H-18): the scroll view's pinch zoomed its content: `zoomScale` is the new scale, the
  /// zoom view `zoomView` is scaled by it with its frame at the content's origin, the content size follows
  /// (`contentSize`) and the offset keeps the pinch's centre in place. `settle: bounce` when the scale
  /// springs back to a limit as the pinch ends.
  indirect case zoom(
    view: String, zoomView: String, zoomScale: Double, contentSize: Size, contentOffset: Point,
    settle: ScrollSettle? = nil)
  case timer(what: String, owner: String)
  /// Extension (rules ): the sheet's dimming view's tap recognized a tap outside the sheet `view`,
  /// and what UIKit did with it.
  case sheet(view: String, outcome: SheetOutcome)
  /// `origin` (extension): who made the change; a script's `set` writes no key, as before.
  indirect case set(target: String, key: String, value: PropertyValue, origin: SetOrigin = .script)
  /// Extension: a recognizer that wants to leave `possible` waits for these to fail (rule E-6.3).
  case wait(recognizer: String, for: [String])
  /// Extension: a delivery the window never makes (`reason` is written as its `text`).
  case drop(view: String?, method: TouchMethod, touches: [Int], reason: DropReason)
  /// Extension: `bringToFront` / `sendToBack` took effect.
  case reorder(view: String, to: String)
  /// Extension: a script's beginIgnoringInteractionEvents / endIgnoringInteractionEvents took effect;
  /// `on`: the app ignores interaction events now; `count`: UIKit's nesting counter after the call (C-10).
  case ignoring(on: Bool, count: Int)
  /// Extension (rule A-12): a `hitTest` line whose view's overridden hitTest answered for the point:
  /// written as `"ev":"hitTest"` with `"result":"override"` and the trailing key `returned` (a view id or
  /// null). Boxed: the extra id would make every entry larger.
  indirect case hitTestOverride(view: String, at: Point, returned: String?)
  /// Extension (rule C-11): `sendEvent(_:)` of the application, then of the window, for these touches of
  /// one event; written only when the scene overrides one of them. `callsSuper` false: the override swallowed
  /// the event there, and no recognizer and no view gets it.
  case sendEvent(by: ResponderID, touches: [Int], callsSuper: Bool)
  /// Extension (rule B-7): a control sends an action for a control event (`sendAction(_:to:for:)`);
  /// `target` nil: a nil-targeted action, searched for along the responder chain from `from` (B-7a).
  indirect case sendAction(
    control: String, event: ControlEvent, action: String, target: ResponderID?, from: ResponderID?)
  /// Extension (rule B-7a): a responder of the search asked `canPerformAction(_:withSender:)`.
  indirect case canPerform(responder: ResponderID, action: String, answer: Bool)
  /// Extension (rule B-7): the action is performed by `responder`, or dropped when nothing implements it (nil).
  indirect case perform(responder: ResponderID?, action: String, sender: String)
  /// Extension (rule C-12): `view.removeGestureRecognizer(recognizer)` took effect; `state` is the state the
  /// recognizer had: it is back to possible at once, without an action, and lets go of its touches.
  case removeGestureRecognizer(recognizer: String, view: String, state: GestureState)
  /// Extension (rule C-13): `view.addGestureRecognizer(recognizer)` took effect; touches already down do not
  /// get it.
  case addGestureRecognizer(recognizer: String, view: String)
  /// Extension (rule C-15): `view.removeFromSuperview()` took effect; `cancels` are the touches down on the
  /// view or inside it, cancelled by the system right after this line.
  indirect case removeFromSuperview(view: String, superview: String, cancels: [Int])
  /// Extension (rule C-15): `superview.addSubview(view)` took effect.
  case addSubview(view: String, superview: String)

  /// What a tap outside a sheet did (rule A-15).
  public enum SheetOutcome: String, Sendable {
    /// The presentation is dismissed: the transition view leaves the window as the animation ends.
    case dismissed
    /// At full height an iPhone sheet swallows it: nothing is dismissed, nothing behind gets the touch.
    case fullHeight
    /// `isModalInPresentation`: not dismissed; the delegate's `presentationControllerDidAttemptToDismiss`.
    case modalInPresentation
    /// The delegate's `presentationControllerShouldDismiss` answered NO: not dismissed; its
    /// `presentationControllerDidAttemptToDismiss` is called.
    case delegateRefused
  }

  /// Why a scroll view's offset moved by itself as its drag ended (extension key `settle`).
  public enum ScrollSettle: String, Sendable {
    /// `bounces` (rule H-12): the offset had been pulled past an edge and springs back to it.
    case bounce
    /// `isPagingEnabled` (rule H-14): the offset comes to rest on a page.
    case page
  }
  public enum HitResult: String, Sendable {
    case inside, outside, hidden, alpha, noInteraction, disabled, passThrough
    /// Extension (rule A-12): the view's hitTest override answered (`hitTestOverride` events).
    case override
  }
  public enum Question: String, Sendable {
    case shouldReceive, shouldBegin, shouldRecognizeSimultaneouslyWith, shouldRequireFailureOf
    case shouldBeRequiredToFailBy, gestureRecognizerShouldBegin, canPrevent, canBePrevented
    case touchesShouldBegin, touchesShouldCancel
    /// A control's overridden `beginTracking(_:with:)` and `continueTracking(_:with:)` (rule 8.8).
    case beginTracking, continueTracking
  }
  /// A control's value after `valueChanged` (rule 8.1), with the property it is read from in UIKit.
  public struct ControlValue: Equatable, Sendable {
    public enum Property: String, Sendable {
      /// UISwitch.isOn (the number is 1 or 0).
      case isOn
      /// UISlider.value (0...1) and UIStepper.value.
      case value
      /// UISegmentedControl.selectedSegmentIndex.
      case selectedSegmentIndex
      /// UIPageControl.currentPage.
      case currentPage
    }
    public var property: Property
    public var number: Double
    public init(_ property: Property, _ number: Double) {
      self.property = property
      self.number = number
    }
    /// The value as Swift writes it: `true`, `0.25`, `2`.
    public var swiftText: String { property == .isOn ? (number != 0 ? "true" : "false") : JSONNumber.format(number) }
  }

  public enum ControlEvent: String, Sendable, CaseIterable {
    case touchDown, touchDownRepeat, touchDragInside, touchDragOutside, touchDragEnter, touchDragExit
    case touchUpInside, touchUpOutside, touchCancel, valueChanged, primaryActionTriggered
  }

  /// The `ev` name.
  public var kind: String {
    switch self {
    case .input: return "input"
    case .hitTest: return "hitTest"
    case .hit: return "hit"
    case .attach: return "attach"
    case .ask: return "ask"
    case .feed: return "feed"
    case .state: return "state"
    case .action: return "action"
    case .withhold: return "withhold"
    case .deliver: return "deliver"
    case .forward: return "forward"
    case .control: return "control"
    case .scroll: return "scroll"
    case .zoom: return "zoom"
    case .sheet: return "sheet"
    case .timer: return "timer"
    case .set: return "set"
    case .wait: return "wait"
    case .drop: return "drop"
    case .reorder: return "reorder"
    case .ignoring: return "ignoring"
    case .hitTestOverride: return "hitTest"
    case .sendEvent: return "sendEvent"
    case .sendAction: return "sendAction"
    case .canPerform: return "canPerform"
    case .perform: return "perform"
    case .removeGestureRecognizer: return "removeGestureRecognizer"
    case .addGestureRecognizer: return "addGestureRecognizer"
    case .removeFromSuperview: return "removeFromSuperview"
    case .addSubview: return "addSubview"
    }
  }
}

extension TraceEvent {
  /// A `hitTest` line: a visit of the walk, overriding (rule A-12) or not.
  public var isHitTestVisit: Bool {
    switch self {
    case .hitTest, .hitTestOverride: return true
    default: return false
    }
  }
}

/// Who made a `set` change (extension: the trailing keys `origin` and `recognizer`).
public enum SetOrigin: Hashable, Sendable {
  /// A script's `set` step (and, today, a toggle flipped in the window): no key, as the format writes it.
  case script
  /// A change made by hand in the window: `"origin": "user"` (reserved; nothing writes it yet).
  case user
  /// A recognizer's `effect`, made as the app's action handler would: `"origin": "effect"`,
  /// `"recognizer": ID`.
  case effect(recognizer: String)
}

/// One trace line: simulated time in milliseconds and the event.
public struct TraceEntry: Equatable, Sendable {
  public var t: Double
  public var event: TraceEvent
  public init(t: Double, event: TraceEvent) {
    self.t = t
    self.event = event
  }

  /// The JSON Lines text of this entry, keys in the order of docs/TRACE-FORMAT.md.
  public var json: String {
    var w = JSONObjectWriter()
    write(into: &w)
    return w.finish()
  }

  /// This entry's keys and values, written into `w`.
  func write(into w: inout JSONObjectWriter) {
    w.number("t", t)
    w.string("ev", event.kind)
    switch event {
    case .input(let touch, let phase, let at, let tapCount):
      w.int("touch", touch)
      w.string("phase", phase.rawValue)
      w.point("at", at)
      w.int("tapCount", tapCount)
    case .hitTest(let view, let at, let result):
      w.string("view", view)
      w.point("at", at)
      w.string("result", result.rawValue)
    case .hit(let touch, let view):
      w.int("touch", touch)
      w.optionalString("view", view)
    case .attach(let touch, let recognizers):
      w.int("touch", touch)
      w.strings("recognizers", recognizers)
    case .ask(let of, let question, let other, let view, let answer):
      w.string("of", of)
      w.string("question", question.rawValue)
      if let other { w.string("other", other) }
      if let view { w.string("view", view) }
      w.bool("answer", answer)
    case .feed(let recognizer, let method, let touches):
      w.string("recognizer", recognizer)
      w.string("method", method.rawValue)
      w.ints("touches", touches)
    case .state(let recognizer, let from, let to, let reason):
      w.string("recognizer", recognizer)
      w.string("from", from.rawValue)
      w.string("to", to.rawValue)
      w.string("reason", reason.text)
    case .action(let recognizer, let state, let values):
      w.string("recognizer", recognizer)
      w.string("state", state.rawValue)
      w.raw("values", json: values.json)
    case .withhold(let view, let method, let touches, let by):
      w.string("view", view)
      w.string("method", method.rawValue)
      w.ints("touches", touches)
      w.strings("by", by)
    case .deliver(let view, let method, let touches, let at):
      w.string("view", view)
      w.string("method", method.rawValue)
      w.ints("touches", touches)
      w.point("at", at)
    case .forward(let from, let to, let method, let presenting):
      w.string("from", from.description)
      w.string("to", to.description)
      w.string("method", method.rawValue)
      if presenting { w.bool("presenting", true) }
    case .control(let control, let event, let highlighted, let value):
      w.string("control", control)
      w.string("event", event.rawValue)
      w.bool("highlighted", highlighted)
      if let value {
        w.number("value", value.number)
        // The same value again under UIKit's own property name and type, where that is not `value`.
        switch value.property {
        case .value: break
        case .isOn: w.bool("isOn", value.number != 0)
        case .selectedSegmentIndex, .currentPage: w.number(dynamicKey: value.property.rawValue, value.number)
        }
      }
    case .scroll(let view, let contentOffset, let settle):
      w.string("view", view)
      w.point("contentOffset", contentOffset)
      if let settle { w.string("settle", settle.rawValue) }
    case .zoom(let view, let zoomView, let zoomScale, let contentSize, let contentOffset, let settle):
      w.string("view", view)
      w.string("zoomView", zoomView)
      w.number("zoomScale", zoomScale)
      w.point("contentSize", Point(contentSize.width, contentSize.height))
      w.point("contentOffset", contentOffset)
      if let settle { w.string("settle", settle.rawValue) }
    case .timer(let what, let owner):
      w.string("what", what)
      w.string("owner", owner)
    case .sheet(let view, let outcome):
      w.string("view", view)
      w.string("outcome", outcome.rawValue)
    case .set(let target, let key, let value, let origin):
      w.string("target", target)
      w.string("key", key)
      w.raw("value", json: value.json)
      switch origin {
      case .script: break
      case .user: w.string("origin", "user")
      case .effect(let recognizer):
        w.string("origin", "effect")
        w.string("recognizer", recognizer)
      }
    case .wait(let recognizer, let others):
      w.string("recognizer", recognizer)
      w.strings("for", others)
    case .drop(let view, let method, let touches, let reason):
      w.optionalString("view", view)
      w.string("method", method.rawValue)
      w.ints("touches", touches)
      w.string("reason", reason.text)
    case .reorder(let view, let to):
      w.string("view", view)
      w.string("to", to)
    case .ignoring(let on, let count):
      w.bool("on", on)
      w.int("count", count)
    case .hitTestOverride(let view, let at, let returned):
      w.string("view", view)
      w.point("at", at)
      w.string("result", TraceEvent.HitResult.override.rawValue)
      w.optionalString("returned", returned)
    case .sendEvent(let by, let touches, let callsSuper):
      w.string("by", by.description)
      w.ints("touches", touches)
      w.bool("callsSuper", callsSuper)
    case .sendAction(let control, let event, let action, let target, let from):
      w.string("control", control)
      w.string("event", event.rawValue)
      w.string("action", action)
      w.optionalString("target", target?.description)
      if let from { w.string("from", from.description) }
    case .canPerform(let responder, let action, let answer):
      w.string("responder", responder.description)
      w.string("action", action)
      w.bool("answer", answer)
    case .perform(let responder, let action, let sender):
      w.optionalString("responder", responder?.description)
      w.string("action", action)
      w.string("sender", sender)
    case .removeGestureRecognizer(let recognizer, let view, let state):
      w.string("recognizer", recognizer)
      w.string("view", view)
      w.string("state", state.rawValue)
    case .addGestureRecognizer(let recognizer, let view):
      w.string("recognizer", recognizer)
      w.string("view", view)
    case .removeFromSuperview(let view, let superview, let cancels):
      w.string("view", view)
      w.string("superview", superview)
      w.ints("cancels", cancels)
    case .addSubview(let view, let superview):
      w.string("view", view)
      w.string("superview", superview)
    }
  }
}

extension ActionValues {
  var json: String {
    var w = JSONObjectWriter()
    w.point("location", location)
    if let translation { w.point("translation", translation) }
    if let scale { w.number("scale", scale) }
    if let rotation { w.number("rotation", rotation) }
    if let velocity { w.point("velocity", velocity) }
    if let scalarVelocity { w.number("velocity", scalarVelocity) }
    if let direction { w.string("direction", direction.rawValue) }
    return w.finish()
  }
}

extension PropertyValue {
  /// The value as JSON (a `set` line's `value`).
  public var json: String {
    switch self {
    case .bool(let b): return b ? "true" : "false"
    case .number(let n): return JSONNumber.format(n)
    case .string(let s): return JSONString.quote(s)
    case .list(let l): return "[" + l.map(\.json).joined(separator: ",") + "]"
    }
  }
}

/// The whole trace as JSON Lines (one line per entry, each ending in a newline).
public func traceJSONLines(_ entries: [TraceEntry]) -> String {
  var out: [UInt8] = []
  writeTraceJSONLines(entries, chunk: .max) { out += $0 }
  return String(decoding: out, as: UTF8.self)
}

/// The trace as JSON Lines handed to `write` in pieces of about `chunk` bytes, each ending with a whole
/// line: a trace of millions of lines is written without holding its whole text.
public func writeTraceJSONLines<S: Sequence<TraceEntry>>(
  _ entries: S, chunk: Int = 1 << 22, _ write: ([UInt8]) throws -> Void
) rethrows {
  var lines = TraceLinesWriter(chunk: chunk)
  try lines.add(entries, write)
  try lines.finish(write)
}

/// JSON Lines of a trace that arrives in parts (`Engine.replay(_:script:constants:piece:_:)`), handed to
/// `write` in pieces of about `chunk` bytes, each ending with a whole line, through one buffer.
public struct TraceLinesWriter {
  private var w: JSONObjectWriter
  private let chunk: Int

  public init(chunk: Int = 1 << 22) {
    self.chunk = chunk
    w = JSONObjectWriter(capacity: min(chunk, 1 << 22) + 4096)
  }

  /// Writes `entries`' lines, handing each full piece to `write`.
  public mutating func add<S: Sequence<TraceEntry>>(_ entries: S, _ write: ([UInt8]) throws -> Void) rethrows {
    for e in entries { try add(e, write) }
  }

  /// Writes `entries`' lines, handing each full piece to `write` (read in place, not copied one by one).
  public mutating func add(_ entries: [TraceEntry], _ write: ([UInt8]) throws -> Void) rethrows {
    try entries.withUnsafeBufferPointer { buffer in
      for i in buffer.indices { try add(buffer[i], write) }
    }
  }

  /// Each line is written straight into the piece (no copy per line).
  private mutating func add(_ e: borrowing TraceEntry, _ write: ([UInt8]) throws -> Void) rethrows {
    w.begin()
    e.write(into: &w)
    w.end()
    w.append(UInt8(ascii: "\n"))
    if w.count >= chunk {
      try write(w.take())
    }
  }

  /// Hands what is left to `write`.
  public mutating func finish(_ write: ([UInt8]) throws -> Void) rethrows {
    if w.count > 0 { try write(w.take()) }
  }
}
