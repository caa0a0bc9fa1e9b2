import Geometry
import TouchSim

/// Builders and trace queries shared by the test targets: scenes read as arrange / act / assert.

/// A view with a frame `[x, y, w, h]` in its superview's coordinates.
public func v(
  _ id: String, _ frame: [Double], kind: ViewKind = .view,
  recognizers: [RecognizerSpec] = [], subviews: [ViewSpec] = [],
  _ configure: (inout ViewSpec) -> Void = { _ in }
) -> ViewSpec {
  var s = ViewSpec(id: id, kind: kind, frame: Rect(frame[0], frame[1], frame[2], frame[3]))
  s.recognizers = recognizers
  s.subviews = subviews
  configure(&s)
  return s
}

/// A recognizer.
public func g(_ id: String, _ kind: RecognizerKind, _ configure: (inout RecognizerSpec) -> Void = { _ in })
  -> RecognizerSpec
{
  var r = RecognizerSpec(id: id, kind: kind)
  configure(&r)
  return r
}

/// A scene whose root view covers a 390 x 844 window.
public func scene(
  _ subviews: [ViewSpec], rootRecognizers: [RecognizerSpec] = [], _ configure: (inout Scene) -> Void = { _ in }
) -> Scene {
  var s = Scene(root: v("root", [0, 0, 390, 844], recognizers: rootRecognizers, subviews: subviews))
  configure(&s)
  return s
}

// MARK: Scripts

public func down(_ touch: Int, _ x: Double, _ y: Double, t: Double) -> ScriptStep {
  ScriptStep(t: t, .down(touch: touch, at: Point(x, y)))
}
public func move(_ touch: Int, _ x: Double, _ y: Double, t: Double) -> ScriptStep {
  ScriptStep(t: t, .move(touch: touch, to: Point(x, y)))
}
public func up(_ touch: Int, t: Double, _ x: Double? = nil, _ y: Double? = nil) -> ScriptStep {
  ScriptStep(t: t, .up(touch: touch, at: x.map { Point($0, y!) }))
}
public func cancel(_ touch: Int, t: Double) -> ScriptStep { ScriptStep(t: t, .cancel(touch: touch)) }
public func set(_ target: String, _ key: String, _ value: PropertyValue, t: Double) -> ScriptStep {
  ScriptStep(t: t, .set([PropertyChange(target: target, key: key, value: value)]))
}

/// A tap: down at `t`, up `hold` ms later at the same point.
public func tap(_ x: Double, _ y: Double, t: Double = 0, hold: Double = 80, touch: Int = 1) -> [ScriptStep] {
  [down(touch, x, y, t: t), up(touch, t: t + hold)]
}

/// A straight drag in `steps` moves of `every` ms, then a lift.
public func drag(
  from a: (Double, Double), to b: (Double, Double), t: Double = 0, steps: Int = 10, every: Double = 16, touch: Int = 1,
  lift: Bool = true
) -> [ScriptStep] {
  var out = [down(touch, a.0, a.1, t: t)]
  for i in 1...steps {
    let f = Double(i) / Double(steps)
    out.append(move(touch, a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f, t: t + Double(i) * every))
  }
  if lift { out.append(up(touch, t: t + Double(steps) * every + every)) }
  return out
}

// MARK: Running and reading traces

public struct Run: CustomStringConvertible {
  /// Short, so a failed expectation stays readable: the trace as JSON Lines.
  public var description: String { "\n" + json }
  public let trace: [TraceEntry]
  public let engine: Engine

  public init(_ scene: Scene, _ script: [ScriptStep], constants: ModelConstants = .uikit, until: Double? = nil) {
    engine = Engine(scene: scene, constants: constants)
    var s = script
    if let until { s.append(ScriptStep(t: until, .end)) }
    engine.run(script: s.sorted { $0.t < $1.t })
    trace = engine.trace
  }

  public var json: String { traceJSONLines(trace) }
  public var lines: [String] { trace.map(\.json) }

  /// touch.view of touch `n` (its first `hit` line); `.some(nil)` when nothing was hit.
  public func hit(_ n: Int = 1) -> String?? {
    for e in trace { if case .hit(let t, let v) = e.event, t == n { return .some(v) } }
    return nil
  }

  /// Every hitTest visit as "view:result" (an override: "view:override>returned"), in order.
  public var visits: [String] {
    trace.compactMap {
      if case .hitTest(let v, _, let r) = $0.event { return "\(v):\(r.rawValue)" }
      // A-12: an overriding hitTest, as "view:override>returned" ("nil" for nil).
      if case .hitTestOverride(let v, _, let r) = $0.event { return "\(v):override>\(r ?? "nil")" }
      return nil
    }
  }

  /// Methods delivered to a view by the window, as "touchesBegan@t".
  public func delivered(_ view: String) -> [String] {
    trace.compactMap {
      if case .deliver(let v, let m, _, _) = $0.event, v == view { return "\(m.rawValue)@\(JSONNumber.format($0.t))" }
      return nil
    }
  }
  /// Methods delivered to a view, without times.
  public func methods(_ view: String) -> [String] {
    trace.compactMap {
      if case .deliver(let v, let m, _, _) = $0.event, v == view { return m.rawValue }
      return nil
    }
  }
  public func withheld(_ view: String) -> [String] {
    trace.compactMap {
      if case .withhold(let v, let m, _, _) = $0.event, v == view { return m.rawValue }
      return nil
    }
  }
  /// Control events of a control, as names.
  public func controlEvents(_ c: String) -> [String] {
    trace.compactMap {
      if case .control(let v, let e, _, _) = $0.event, v == c { return e.rawValue }
      return nil
    }
  }
  public func controlEventTimes(_ c: String) -> [String] {
    trace.compactMap {
      if case .control(let v, let e, _, _) = $0.event, v == c { return "\(e.rawValue)@\(JSONNumber.format($0.t))" }
      return nil
    }
  }
  /// Action states of a recognizer, as names.
  public func actions(_ r: String) -> [String] {
    trace.compactMap {
      if case .action(let v, let s, _) = $0.event, v == r { return s.rawValue }
      return nil
    }
  }
  public func actionTimes(_ r: String) -> [String] {
    trace.compactMap {
      if case .action(let v, let s, _) = $0.event, v == r { return "\(s.rawValue)@\(JSONNumber.format($0.t))" }
      return nil
    }
  }
  public func actionValues(_ r: String) -> [ActionValues] {
    trace.compactMap {
      if case .action(let v, _, let vals) = $0.event, v == r { return vals }
      return nil
    }
  }
  /// State transitions of a recognizer, as "from>to" (resets included).
  public func states(_ r: String) -> [String] {
    trace.compactMap {
      if case .state(let v, let f, let t, _) = $0.event, v == r { return "\(f.rawValue)>\(t.rawValue)" }
      return nil
    }
  }
  /// The reason of the first transition of `r` to `state`.
  public func reason(_ r: String, to state: GestureState) -> String? {
    for e in trace { if case .state(let v, _, let t, let why) = e.event, v == r, t == state { return why.text } }
    return nil
  }
  /// Whether the recognizer fired (an action with ended or began).
  public func fired(_ r: String) -> Bool { actions(r).contains { $0 == "ended" || $0 == "began" } }
  /// The chain of forwards for a method, as responder names after the view.
  public func forwards(_ method: TouchMethod) -> [String] {
    trace.compactMap {
      if case .forward(_, let to, let m, _) = $0.event, m == method { return to.description }
      return nil
    }
  }
  public func asks(_ q: TraceEvent.Question) -> [(of: String, other: String?, view: String?, answer: Bool)] {
    trace.compactMap {
      if case .ask(let of, let qq, let o, let v, let a) = $0.event, qq == q { return (of, o, v, a) }
      return nil
    }
  }
  public func events(_ kind: String) -> [TraceEntry] { trace.filter { $0.event.kind == kind } }
  public func drops(_ view: String) -> [String] {
    trace.compactMap {
      if case .drop(let v, _, _, let r) = $0.event, v == view { return r.text }
      return nil
    }
  }
  public var scrollOffsets: [Point] {
    trace.compactMap {
      if case .scroll(_, let o, _) = $0.event { return o }
      return nil
    }
  }
}
