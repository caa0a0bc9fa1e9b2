import Geometry
import TouchSim

/// Builds the YAML of a scene: keys in the format's order, defaults left out, views in `frame` form
/// whenever that reads back to the same centre and bounds, script steps one per line in flow style.
public enum SceneYAMLWriter {
  /// `printedFrames`: for the views it names (by id), the frame's four numbers as text, written as they are
  /// instead of as computed (an importer keeps `124.667` as printed).
  public static func document(_ scene: Scene, printedFrames: [String: [String]] = [:]) -> String {
    typealias E = YAMLEmitter
    var top: [(String, YAMLItem)] = [("format", .inline(E.string(scene.format)))]
    if let t = scene.title { top.append(("title", .inline(E.string(t)))) }
    if let a = scene.about { top.append(("about", E.literal(a) ?? .inline(E.string(a)))) }
    if !scene.translations.isEmpty {
      let languages = scene.translations.keys.sorted().map { tag -> (String, YAMLItem) in
        let t = scene.translations[tag]!
        var entry: [(String, YAMLItem)] = []
        if let title = t.title { entry.append(("title", .inline(E.string(title)))) }
        if let about = t.about { entry.append(("about", E.literal(about) ?? .inline(E.string(about)))) }
        if !t.texts.isEmpty { entry.append(("texts", .map(deviceTexts(t.texts, order: scene)))) }
        return (E.string(tag), .map(entry))
      }
      top.append(("translations", .map(languages)))
    }
    if scene.window != Size(390, 844) {
      top.append(("window", .inline(E.flowList([E.number(scene.window.width), E.number(scene.window.height)]))))
    }
    if !scene.appDelegateIsResponder { top.append(("appDelegateIsResponder", .inline("false"))) }
    if let f = scene.firstResponder { top.append(("firstResponder", .inline(E.string(f)))) }
    if !scene.responders.isDefault { top.append(("responders", responders(scene.responders))) }
    top.append(("root", view(scene.root, printedFrames)))
    if !scene.script.isEmpty { top.append(("script", .list(scene.script.map { .inline(step($0)) }))) }
    if !scene.questions.isEmpty { top.append(("questions", .list(scene.questions.map(question)))) }
    var emitter = YAMLEmitter()
    emitter.emitDocument(top)
    return emitter.text
  }

  /// A translation's `texts`: one line a view, in the order of the view tree; a view with one text as a
  /// string, one whose script sets others as a flow list.
  static func deviceTexts(_ texts: [String: [String]], order scene: Scene) -> [(String, YAMLItem)] {
    typealias E = YAMLEmitter
    let inTree = scene.allViews.map(\.id).filter { texts[$0] != nil }
    let others = Set(texts.keys).subtracting(inTree).sorted()
    return (inTree + others).map { id in
      let list = texts[id]!
      return (E.string(id), .inline(list.count == 1 ? E.string(list[0]) : E.flowList(list.map(E.string))))
    }
  }

  // MARK: Questions

  static func question(_ q: SceneQuestion) -> YAMLItem {
    typealias E = YAMLEmitter
    var p: [(String, YAMLItem)] = [("t", .inline(E.number(q.t)))]
    if let u = q.until { p.append(("until", .inline(E.number(u)))) }
    p.append(("ask", .inline(E.string(q.ask))))
    if !q.translations.isEmpty {
      p.append(
        (
          "translations",
          .map(q.translations.keys.sorted().map { (E.string($0), .inline(E.string(q.translations[$0]!))) })
        ))
    }
    switch q.asks {
    case .hitView(let touch): p.append(("hitView", .inline(String(touch))))
    case .fires(let r): p.append(("fires", .inline(E.string(r))))
    case .finalState(let r): p.append(("finalState", .inline(E.string(r))))
    case .gets(let view, let touch):
      p.append(("gets", .inline(E.flowMap([("view", E.string(view)), ("touch", String(touch))]))))
    case .sends(let control, let event):
      p.append(("sends", .inline(E.flowMap([("control", E.string(control)), ("event", event.rawValue)]))))
    case .recognizesFirst(let ids): p.append(("recognizesFirst", .inline(E.ids(ids))))
    case .performs(let action): p.append(("performs", .inline(E.string(action))))
    case .restsAt(let view): p.append(("restsAt", .inline(E.string(view))))
    case .zoomsTo(let view): p.append(("zoomsTo", .inline(E.string(view))))
    }
    if !q.choices.isEmpty { p.append(("choices", .inline(E.flowList(q.choices.map(E.string))))) }
    return .map(p)
  }

  // MARK: Views

  static func view(_ v: ViewSpec, _ printedFrames: [String: [String]] = [:]) -> YAMLItem {
    typealias E = YAMLEmitter
    var p: [(String, YAMLItem)] = [("id", .inline(E.string(v.id)))]
    func add(_ key: String, _ s: String) { p.append((key, .inline(s))) }
    if v.kind != .view { add("kind", v.kind.rawValue) }

    let w = v.bounds.width
    let h = v.bounds.height
    // The fewest decimals that read back to the same centre: a frame read as x = 67.333333333333329 is kept
    // as a centre, and x − w / 2 would be written back as 67.33333333333331.
    let x = Self.fewestDecimals(v.center.x - w / 2) { $0 + w / 2 == v.center.x }
    let y = Self.fewestDecimals(v.center.y - h / 2) { $0 + h / 2 == v.center.y }
    let frameExact = x + w / 2 == v.center.x && y + h / 2 == v.center.y
    let isScroll = v.kind == .scroll && v.scroll != nil
    let frameForm = v.transform.isIdentity && frameExact && (v.bounds.origin == .zero || isScroll)
    let printed = printedFrames[v.id].flatMap { texts in
      texts.count == 4 && v.transform.isIdentity && (v.bounds.origin == .zero || isScroll) ? texts : nil
    }
    if let printed {
      add("frame", E.flowList(printed.map(Self.printedNumber)))
    } else if frameForm {
      add("frame", E.flowList([x, y, w, h].map(E.number)))
    } else {
      add("center", E.flowList([v.center.x, v.center.y].map(E.number)))
      add("bounds", E.flowList([v.bounds.minX, v.bounds.minY, w, h].map(E.number)))
    }
    if !v.transform.isIdentity { add("transform", transform(v.transform)) }
    if let c = v.color { add("color", E.quoted(c)) }
    if let t = v.text { add("text", E.string(t)) }
    if v.alpha != 1 { add("alpha", E.number(v.alpha)) }
    if v.hidden { add("hidden", "true") }
    if v.userInteractionEnabled != v.kind.defaultUserInteractionEnabled {
      add("userInteractionEnabled", E.bool(v.userInteractionEnabled))
    }
    if v.multipleTouchEnabled { add("multipleTouchEnabled", "true") }
    if v.exclusiveTouch { add("exclusiveTouch", "true") }
    if v.clipsToBounds { add("clipsToBounds", "true") }
    if v.kind.isControl {
      if !v.enabled { add("enabled", "false") }
      if let value = v.value {
        if v.kind == .switch && (value == 0 || value == 1) {
          add("value", E.bool(value == 1))
        } else {
          add("value", E.number(value))
        }
      }
      if let x = v.minimumValue { add("minimumValue", E.number(x)) }
      if let x = v.maximumValue { add("maximumValue", E.number(x)) }
      if let x = v.stepValue { add("stepValue", E.number(x)) }
      if let b = v.wraps { add("wraps", E.bool(b)) }
      if let b = v.autorepeat { add("autorepeat", E.bool(b)) }
      if let b = v.isContinuous { add("isContinuous", E.bool(b)) }
      if let b = v.isMomentary { add("isMomentary", E.bool(b)) }
      if !v.disabledSegments.isEmpty {
        add("disabledSegments", E.flowList(v.disabledSegments.map { E.number(Double($0)) }))
      }
      if let n = v.numberOfPages { add("numberOfPages", E.number(Double(n))) }
    }
    // Extension (rule B-7).
    if v.kind.isControl && !v.actions.isEmpty { p.append(("actions", .list(v.actions.map { .inline(action($0)) }))) }
    if !v.implements.isEmpty { add("implements", E.flowList(v.implements.map(E.string))) }
    if let c = v.controller { add("controller", E.string(c)) }
    if !v.controllerImplements.isEmpty { add("controllerImplements", E.flowList(v.controllerImplements.map(E.string))) }
    if !v.touchForwarding.isDefault { add("forwardsTouches", forwarding(v.touchForwarding)) }
    if !v.controllerTouchForwarding.isDefault {
      add("controllerForwardsTouches", forwarding(v.controllerTouchForwarding))
    }
    if let p = v.presentingViewController { add("presentingViewController", E.string(p)) }
    if v.hitOutset != 0 { add("hitOutset", E.number(v.hitOutset)) }
    if v.passThrough { add("passThrough", "true") }
    if !v.gestureRecognizerShouldBegin { add("gestureRecognizerShouldBegin", "false") }
    if isScroll, let s = v.scroll {
      if s.contentSize != v.bounds.size {
        add("contentSize", E.flowList([s.contentSize.width, s.contentSize.height].map(E.number)))
      }
      if frameForm && v.bounds.origin != .zero {
        add("contentOffset", E.flowList([v.bounds.minX, v.bounds.minY].map(E.number)))
      }
      if !s.delaysContentTouches { add("delaysContentTouches", "false") }
      if !s.canCancelContentTouches { add("canCancelContentTouches", "false") }
      if s.contentInset != .zero {
        let i = s.contentInset
        add("contentInset", E.flowList([i.top, i.left, i.bottom, i.right].map(E.number)))
      }
      if !s.bounces { add("bounces", "false") }
      if s.alwaysBounceVertical { add("alwaysBounceVertical", "true") }
      if s.alwaysBounceHorizontal { add("alwaysBounceHorizontal", "true") }
      if s.isPagingEnabled { add("isPagingEnabled", "true") }
      if s.isDirectionalLockEnabled { add("isDirectionalLockEnabled", "true") }
      if !s.transfersVerticalScrollingToParent { add("transfersVerticalScrollingToParent", "false") }
      if !s.transfersHorizontalScrollingToParent { add("transfersHorizontalScrollingToParent", "false") }
      if s.minimumZoomScale != 1 { add("minimumZoomScale", E.number(s.minimumZoomScale)) }
      if s.maximumZoomScale != 1 { add("maximumZoomScale", E.number(s.maximumZoomScale)) }
      if let z = s.zoomView { add("zoomView", E.string(z)) }
      if !s.bouncesZoom { add("bouncesZoom", "false") }
      var begin: [(String, String)] = []
      if !s.touchesShouldBeginDefault { begin.append(("default", "false")) }
      if !s.touchesShouldBeginExcept.isEmpty { begin.append(("except", E.ids(s.touchesShouldBeginExcept))) }
      if !begin.isEmpty { add("touchesShouldBegin", E.flowMap(begin)) }
      var cancel: [(String, String)] = []
      if s.touchesShouldCancelControls { cancel.append(("controls", "true")) }
      if !s.touchesShouldCancelOthers { cancel.append(("others", "false")) }
      if !s.touchesShouldCancelExcept.isEmpty { cancel.append(("except", E.ids(s.touchesShouldCancelExcept))) }
      if !cancel.isEmpty { add("touchesShouldCancel", E.flowMap(cancel)) }
      if !s.panRequireToFail.isEmpty { add("panRequireToFail", E.ids(s.panRequireToFail)) }
    }
    // Extensions (rules ).
    if !v.flags.isEmpty {
      add("flags", E.flowMap(v.flags.keys.sorted().map { ($0, E.bool(v.flags[$0]!)) }))
    }
    if !v.hitTestOverrides.isEmpty {
      p.append(("hitTestOverrides", .list(v.hitTestOverrides.map { .inline(hitTestOverride($0)) })))
    }
    if let shape = v.pointInside { add("pointInside", pointInside(shape)) }
    if v.kind.isControl && !v.trackingOverrides.isDefault { add("tracking", tracking(v.trackingOverrides)) }
    if let s = v.sheet {
      var pairs: [(String, String)] = []
      if s.detent != .large { pairs.append(("detent", s.detent.rawValue)) }
      if let u = s.largestUndimmedDetent { pairs.append(("largestUndimmedDetent", u.rawValue)) }
      if s.isModalInPresentation { pairs.append(("isModalInPresentation", "true")) }
      if !s.shouldDismiss { pairs.append(("shouldDismiss", "false")) }
      add("sheet", pairs.isEmpty ? "true" : E.flowMap(pairs))
    }
    // Recognizers taken away by a later view (rule C-9) are listed as `{ id: X }`: the view that keeps one has
    // its definition, and comes later in the file.
    let taken = v.recognizersTakenAway.map { YAMLItem.map([("id", .inline(YAMLEmitter.string($0.recognizer)))]) }
    if !v.recognizers.isEmpty || !taken.isEmpty {
      p.append(("recognizers", .list(v.recognizers.map(recognizer) + taken)))
    }
    if !v.subviews.isEmpty { p.append(("subviews", .list(v.subviews.map { view($0, printedFrames) }))) }
    return .map(p)
  }

  /// A number as printed when it is a plain decimal (`124.667`) that is not whole; else in the usual form.
  /// `value`, or the number with the fewest decimals (up to 15) for which `same` holds, when `value` is
  /// not already short (a whole number or a few decimals is kept as it is).
  static func fewestDecimals(_ value: Double, _ same: (Double) -> Bool) -> Double {
    guard value.isFinite, abs(value) < 1e9, (value * 1e6).rounded() != value * 1e6 else { return value }
    var scale = 1.0
    for _ in 0...15 {
      let candidate = (value * scale).rounded() / scale
      if same(candidate) { return candidate }
      scale *= 10
    }
    return value
  }

  static func printedNumber(_ text: String) -> String {
    let value = Double(text) ?? 0
    let u = Array(text.utf8)
    let body = u.first == UInt8(ascii: "-") ? u.dropFirst() : u[...]
    let dots = body.filter { $0 == UInt8(ascii: ".") }.count
    let plain =
      dots == 1 && body.count <= 30 && body.first != UInt8(ascii: ".") && body.last != UInt8(ascii: ".")
      && body.allSatisfy { $0 == UInt8(ascii: ".") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    return plain && value != value.rounded() && value.isFinite ? text : YAMLEmitter.number(value)
  }

  /// `false`, or `{ except: [touchesBegan] }` / `{ default: false, except: [...] }` (rule B-4a).
  static func forwarding(_ t: TouchForwarding) -> String {
    typealias E = YAMLEmitter
    if t.isUniform { return E.bool(t.forwards) }
    var parts: [(String, String)] = []
    if !t.forwards { parts.append(("default", "false")) }
    parts.append(("except", E.ids(t.except.map(\.rawValue))))
    return E.flowMap(parts)
  }

  /// `{ rect: [x, y, w, h], returns: ID | self | nil }` (rule A-12).
  static func hitTestOverride(_ o: HitTestOverride) -> String {
    typealias E = YAMLEmitter
    let returns: String
    switch o.returns {
    case .view(let id): returns = E.string(id)
    case .this: returns = "self"
    case .none: returns = "nil"
    }
    var parts = [("rect", rect(o.rect)), ("returns", returns)]
    if let when = o.when { parts.append(("when", E.string(when))) }
    if o.mapsSuper { parts.append(("mapsSuper", "true")) }
    return E.flowMap(parts)
  }

  /// `{ circle: [cx, cy, r] }` or `{ rects: [[x, y, w, h], ...] }` (rule A-12).
  static func pointInside(_ shape: PointInsideShape) -> String {
    typealias E = YAMLEmitter
    switch shape {
    case .circle(let c, let r): return E.flowMap([("circle", E.flowList([c.x, c.y, r].map(E.number)))])
    case .rects(let rects): return E.flowMap([("rects", "[" + rects.map(rect).joined(separator: ", ") + "]")])
    }
  }

  /// `{ event: touchUpInside, action: "save:", target: ID }`, the target left out when nil (rule B-7).
  static func action(_ a: ControlAction) -> String {
    typealias E = YAMLEmitter
    var parts: [(String, String)] = [("event", a.event.rawValue), ("action", E.string(a.action))]
    if let t = a.target { parts.append(("target", E.string(t))) }
    return E.flowMap(parts)
  }

  /// `responders:` with the window, the application and the app delegate that differ from UIKit's own.
  static func responders(_ r: SceneResponders) -> YAMLItem {
    typealias E = YAMLEmitter
    func one(_ s: FixedResponderSpec) -> YAMLItem {
      var parts: [(String, YAMLItem)] = []
      if !s.implements.isEmpty { parts.append(("implements", .inline(E.flowList(s.implements.map(E.string))))) }
      switch s.sendEvent {
      case .always(let b)?: parts.append(("sendEvent", .inline(E.bool(b))))
      case .within(let shape)?: parts.append(("sendEvent", .inline(pointInside(shape))))
      case nil: break
      }
      return .map(parts)
    }
    var out: [(String, YAMLItem)] = []
    if !r.window.isDefault { out.append(("window", one(r.window))) }
    if !r.application.isDefault { out.append(("application", one(r.application))) }
    if !r.appDelegate.isDefault { out.append(("appDelegate", one(r.appDelegate))) }
    return .map(out)
  }

  /// `{ beginTracking: false | SHAPE, continueTracking: ..., endTrackingCallsSuper: false, ... }` (rule 8.8).
  static func tracking(_ t: TrackingOverrides) -> String {
    typealias E = YAMLEmitter
    func answer(_ a: TrackingOverrides.Answer) -> String {
      switch a {
      case .always(let b): return E.bool(b)
      case .within(let shape): return pointInside(shape)
      }
    }
    var parts: [(String, String)] = []
    if !t.beginTracking.isDefault { parts.append(("beginTracking", answer(t.beginTracking))) }
    if !t.continueTracking.isDefault { parts.append(("continueTracking", answer(t.continueTracking))) }
    if !t.endTrackingCallsSuper { parts.append(("endTrackingCallsSuper", "false")) }
    if !t.cancelTrackingCallsSuper { parts.append(("cancelTrackingCallsSuper", "false")) }
    return E.flowMap(parts)
  }

  private static func rect(_ r: Rect) -> String {
    YAMLEmitter.flowList([r.minX, r.minY, r.width, r.height].map(YAMLEmitter.number))
  }

  static func transform(_ t: TransformSpec) -> String {
    typealias E = YAMLEmitter
    var parts: [(String, String)] = []
    if t.scale != Point(1, 1) {
      parts.append(
        ("scale", t.scale.x == t.scale.y ? E.number(t.scale.x) : E.flowList([t.scale.x, t.scale.y].map(E.number))))
    }
    if t.rotation != 0 { parts.append(("rotation", E.number(t.rotation))) }
    if t.translation != .zero {
      parts.append(("translation", E.flowList([t.translation.x, t.translation.y].map(E.number))))
    }
    return E.flowMap(parts)
  }

  // MARK: Recognizers

  static func recognizer(_ r: RecognizerSpec) -> YAMLItem {
    typealias E = YAMLEmitter
    let d = RecognizerSpec(id: r.id, kind: r.kind)
    var p: [(String, YAMLItem)] = [("id", .inline(E.string(r.id))), ("kind", .inline(r.kind.rawValue))]
    func add(_ key: String, _ s: String) { p.append((key, .inline(s))) }
    if r.numberOfTapsRequired != d.numberOfTapsRequired { add("numberOfTapsRequired", String(r.numberOfTapsRequired)) }
    if r.numberOfTouchesRequired != d.numberOfTouchesRequired {
      add("numberOfTouchesRequired", String(r.numberOfTouchesRequired))
    }
    if r.minimumPressDuration != d.minimumPressDuration {
      add("minimumPressDuration", E.number(r.minimumPressDuration))
    }
    if r.allowableMovement != d.allowableMovement { add("allowableMovement", E.number(r.allowableMovement)) }
    if r.minimumNumberOfTouches != d.minimumNumberOfTouches {
      add("minimumNumberOfTouches", String(r.minimumNumberOfTouches))
    }
    if r.maximumNumberOfTouches != d.maximumNumberOfTouches {
      add("maximumNumberOfTouches", String(r.maximumNumberOfTouches))
    }
    if r.direction != d.direction {
      add("direction", r.direction.count == 1 ? r.direction[0].rawValue : E.flowList(r.direction.map(\.rawValue)))
    }
    if r.edges != d.edges {
      add("edges", r.edges.count == 1 ? r.edges[0].rawValue : E.flowList(r.edges.map(\.rawValue)))
    }
    if !r.isEnabled { add("isEnabled", "false") }
    if !r.cancelsTouchesInView { add("cancelsTouchesInView", "false") }
    if r.delaysTouchesBegan { add("delaysTouchesBegan", "true") }
    if !r.delaysTouchesEnded { add("delaysTouchesEnded", "false") }
    if !r.requireToFail.isEmpty { add("requireToFail", E.ids(r.requireToFail)) }
    if let g = r.delegate { p.append(("delegate", delegate(g))) }
    if let e = r.effect { add("effect", e.rawValue) }
    return .map(p)
  }

  static func delegate(_ d: DelegateSpec) -> YAMLItem {
    typealias E = YAMLEmitter
    var p: [(String, YAMLItem)] = []
    func predicate(_ t: TouchPredicate) -> String {
      switch t {
      case .always(let b): return E.bool(b)
      case .unlessTouchIn(let ids): return E.flowMap([("unlessTouchIn", E.ids(ids))])
      case .onlyTouchIn(let ids): return E.flowMap([("onlyTouchIn", E.ids(ids))])
      }
    }
    if d.shouldReceive != .always(true) { p.append(("shouldReceive", .inline(predicate(d.shouldReceive)))) }
    if d.shouldBegin != .always(true) { p.append(("shouldBegin", .inline(predicate(d.shouldBegin)))) }
    switch d.shouldRecognizeSimultaneouslyWith {
    case .all: p.append(("shouldRecognizeSimultaneouslyWith", .inline("all")))
    case .ids(let ids) where !ids.isEmpty: p.append(("shouldRecognizeSimultaneouslyWith", .inline(E.ids(ids))))
    default: break
    }
    if !d.shouldRequireFailureOf.isEmpty {
      p.append(("shouldRequireFailureOf", .inline(E.ids(d.shouldRequireFailureOf))))
    }
    if !d.shouldBeRequiredToFailBy.isEmpty {
      p.append(("shouldBeRequiredToFailBy", .inline(E.ids(d.shouldBeRequiredToFailBy))))
    }
    return .map(p)
  }

  // MARK: Script

  /// One step as a flow mapping: `{ t: 0, touch: 1, down: [195, 330] }`.
  static func step(_ s: ScriptStep) -> String {
    typealias E = YAMLEmitter
    var p: [(String, String)] = [("t", E.number(s.t))]
    func point(_ q: Point) -> String { E.flowList([E.number(q.x), E.number(q.y)]) }
    switch s.action {
    case .down(let n, let at): p += [("touch", String(n)), ("down", point(at))]
    case .move(let n, let to): p += [("touch", String(n)), ("move", point(to))]
    case .up(let n, let at): p += [("touch", String(n)), ("up", at.map(point) ?? "true")]
    case .cancel(let n): p += [("touch", String(n)), ("cancel", "true")]
    case .set(let changes):
      p.append(("set", E.flowMap(changes.map { ($0.target + "." + $0.key, value($0.value)) })))
    case .bringToFront(let id): p.append(("bringToFront", E.string(id)))
    case .sendToBack(let id): p.append(("sendToBack", E.string(id)))
    case .end: p.append(("end", "true"))
    case .beginIgnoringInteractionEvents: p.append(("beginIgnoringInteractionEvents", "true"))
    case .endIgnoringInteractionEvents: p.append(("endIgnoringInteractionEvents", "true"))
    case .removeGestureRecognizer(let id): p.append(("removeGestureRecognizer", E.string(id)))
    case .addGestureRecognizer(let id, let to): p += [("addGestureRecognizer", E.string(id)), ("to", E.string(to))]
    case .removeFromSuperview(let id): p.append(("removeFromSuperview", E.string(id)))
    case .addSubview(let id, let to): p += [("addSubview", E.string(id)), ("to", E.string(to))]
    }
    return E.flowMap(p)
  }

  static func value(_ v: PropertyValue) -> String {
    switch v {
    case .bool(let b): return YAMLEmitter.bool(b)
    case .number(let n): return YAMLEmitter.number(n)
    case .string(let s): return YAMLEmitter.string(s)
    case .list(let items): return YAMLEmitter.flowList(items.map(value))
    }
  }
}
