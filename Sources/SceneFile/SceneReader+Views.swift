import Geometry
import TouchSim

extension SceneReader {
  /// Every key a view may have, in the format's order (docs/SCENE-FORMAT.md) (`value`, `hitTestOverrides` and
  /// `pointInside` are this project's extensions).
  static let viewKeys = SceneSchema.view.keys
  static let scrollOnlyKeys = KeySet(SceneSchema.scrollOnly)
  static let transformKeys = SceneSchema.transform.keys
  static let touchesShouldBeginKeys = SceneSchema.touchesShouldBegin.keys
  static let touchesShouldCancelKeys = SceneSchema.touchesShouldCancel.keys
  static let forwardingKeys = SceneSchema.forwardingPlace.keys

  /// Reads one view and, depth first, its subviews. `window` is given for the root only: a root without
  /// geometry fills the window.
  func readView(_ node: Node, depth: Int, window: Size?) -> ViewSpec? {
    viewCount += 1
    if viewCount > SceneReader.maxViews {
      if !tooManyViewsReported {
        tooManyViewsReported = true
        error(node, "too many views: a scene may have at most \(SceneReader.maxViews)")
      }
      return nil
    }
    guard let f = fields(node, "a view", allowed: SceneReader.viewKeys) else { return nil }

    let (id, kind, kindKnown) = readIdentity(node, f)
    func name() -> String { id.isEmpty ? "this view" : "'\(id)'" }
    if !id.isEmpty, let n = f[.id] {
      define(id, .view(kind), at: n)
      if kind == .scroll { define(ScrollSpec.panID(of: id), .scrollPan, at: n) }
    }

    var v = readGeometry(f, id: id, kind: kind, window: window)

    if let n = f[.transform], let t = readTransform(n) { v.transform = t }
    if let n = f[.color], let s = string(n, "color") {
      if SceneReader.isHexColor(s) {
        v.color = s
      } else {
        error(
          n, "'color' must be a hex colour such as \"#4C8BF5\" (#RGB, #RRGGBB or #RRGGBBAA), not '\(Excerpt.short(s))'")
      }
    }
    if let n = f[.text], let s = string(n, "text") { v.text = s }
    if let n = f[.alpha], let a = number(n, "alpha", range: SceneSchema.view.numberRange(.alpha)) { v.alpha = a }
    if let n = f[.hidden], let b = bool(n, "hidden") { v.hidden = b }
    if let n = f[.userInteractionEnabled], let b = bool(n, "userInteractionEnabled") {
      v.userInteractionEnabled = b
    }
    if let n = f[.multipleTouchEnabled], let b = bool(n, "multipleTouchEnabled") { v.multipleTouchEnabled = b }
    if let n = f[.exclusiveTouch], let b = bool(n, "exclusiveTouch") { v.exclusiveTouch = b }
    if let n = f[.clipsToBounds], let b = bool(n, "clipsToBounds") { v.clipsToBounds = b }
    let rangeKeys = Self.rangeKeys(of: kind)
    if kindKnown { reportKeysOfOtherKinds(f, kind: kind, name: name()) }
    if kind.isControl {
      if let n = f[.enabled], let b = bool(n, "enabled") { v.enabled = b }
      if let n = f[.value], let x = readControlValue(n, kind: kind) { v.value = x }
      if !rangeKeys.isEmpty { readControlRange(f, into: &v) }
      if kind == .segmentedControl { readSegmentSettings(f, into: &v) }
      if kind == .pageControl { readPages(f, into: &v) }
      if let n = f[.tracking], let t = readTracking(n) { v.trackingOverrides = t }
      if let n = f[.actions], let list = readActions(n) { v.actions = list }
    }
    if let n = f[.implements], let list = readSelectors(n, "implements") { v.implements = list }
    readController(f, into: &v, id: id, isRoot: depth == 0 || window != nil, name: name())
    if let n = f[.hitOutset], let x = number(n, "hitOutset") { v.hitOutset = x }
    if let n = f[.passThrough], let b = bool(n, "passThrough") { v.passThrough = b }
    if let n = f[.gestureRecognizerShouldBegin], let b = bool(n, "gestureRecognizerShouldBegin") {
      v.gestureRecognizerShouldBegin = b
    }

    if let n = f[.flags], let flags = readFlags(n) { v.flags = flags }
    if let n = f[.hitTestOverrides], let list = readHitTestOverrides(n, viewId: id, flags: v.flags) {
      v.hitTestOverrides = list
    }
    if let n = f[.pointInside], let shape = readPointInside(n) { v.pointInside = shape }

    readScrollKeys(f, kind: kindKnown ? kind : nil, name: name(), into: &v)

    if let n = f[.recognizers] { readRecognizerList(n, viewId: id, into: &v) }
    if let n = f[.subviews] { readSubviews(n, of: f, depth: depth, into: &v) }
    // viewForZooming(in:) returns one of the scroll view's subviews (H-18).
    if let name = v.scroll?.zoomView, let n = f[.zoomView], !v.subviews.contains(where: { $0.id == name }) {
      error(n, "'zoomView' must name one of this scroll view's subviews, and '\(name)' is not one")
      v.scroll?.zoomView = nil
    }
    return v
  }

  /// A view's `id` (a positioned error without one) and `kind` (`view` when it is missing or unknown;
  /// `kindKnown` false when unknown, so no key is reported as belonging to another kind).
  private func readIdentity(_ node: Node, _ f: Fields) -> (id: String, kind: ViewKind, kindKnown: Bool) {
    var id = ""
    if let n = f[.id] {
      id = identifier(n, "id") ?? ""
    } else {
      error(node, "a view needs an 'id'")
    }
    var kind = ViewKind.view
    var kindKnown = true
    if let n = f[.kind], let s = string(n, "kind") {
      if let k = ViewKind(rawValue: s) {
        kind = k
      } else {
        kindKnown = false
        error(n, "unknown view kind '\(Excerpt.short(s))'" + hint(s, ViewKind.allCases.map(\.rawValue)))
      }
    }
    return (id, kind, kindKnown)
  }

  /// A scroll view's keys (and its pinch's id, H-18); on a view of another known `kind`, a positioned error
  /// for each (`kind` nil: unknown, nothing reported).
  private func readScrollKeys(_ f: Fields, kind: ViewKind?, name: String, into v: inout ViewSpec) {
    let id = v.id
    if kind == .scroll {
      readScroll(f, into: &v)
      if v.scroll?.hasPinch == true, !id.isEmpty, let n = f[.id] {
        define(ScrollSpec.pinchID(of: id), .scrollPinch, at: n)
      }
    } else if let kind {
      for key in f.order(among: SceneReader.scrollOnlyKeys) {
        if let k = f.keyNode(key) {
          error(k, "'\(key.name)' applies to scroll views only (\(name) is a \(kind.rawValue); use kind: scroll)")
        }
      }
    }
  }

  /// The range keys a control of `kind` takes: all of them for a stepper, the bounds and `isContinuous`
  /// for a slider, none for another kind.
  static func rangeKeys(of kind: ViewKind) -> Set<Key> {
    kind == .stepper
      ? Set(SceneSchema.rangeKeys) : kind == .slider ? [.minimumValue, .maximumValue, .isContinuous] : []
  }

  /// A positioned error for each key of `f` that belongs to other kinds of view than `kind` (a control's
  /// keys on a plain view, a stepper's on a slider, ...). `name` names the view in the message.
  private func reportKeysOfOtherKinds(_ f: Fields, kind: ViewKind, name: String) {
    for key in [Key.enabled, .value] where f.has(key) && !kind.isControl {
      if let k = f.keyNode(key) {
        error(k, "'\(key.name)' applies to controls only (\(name) is a \(kind.rawValue))")
      }
    }
    let rangeKeys = Self.rangeKeys(of: kind)
    for key in SceneSchema.rangeKeys where f.has(key) && !rangeKeys.contains(key) {
      if let k = f.keyNode(key) {
        let owners =
          key == .minimumValue || key == .maximumValue || key == .isContinuous ? "steppers and sliders" : "steppers"
        error(k, "'\(key.name)' applies to \(owners) only (\(name) is a \(kind.rawValue))")
      }
    }
    for (key, owner) in SceneReader.oneKindKeys where f.has(key) && kind != owner {
      if let k = f.keyNode(key) {
        error(k, "'\(key.name)' applies to \(owner.rawValue)s only (\(name) is a \(kind.rawValue))")
      }
    }
    if !kind.isControl, let k = f.keyNode(.tracking) {
      error(k, "'tracking' applies to controls only (\(name) is a \(kind.rawValue))")
    }
    if !kind.isControl, let k = f.keyNode(.actions) {
      error(k, "'actions' applies to controls only (\(name) is a \(kind.rawValue))")
    }
  }

  /// The view-controller keys: `controller`, what it forwards and implements, a presented `sheet` and the
  /// controller presenting it.
  private func readController(_ f: Fields, into v: inout ViewSpec, id: String, isRoot: Bool, name: String) {
    if let n = f[.controller], let c = identifier(n, "controller") {
      v.controller = c
      define(c, .controller, at: n)
    }
    if let n = f[.forwardsTouches], let t = readForwarding(n, "forwardsTouches") { v.touchForwarding = t }
    if let n = f[.controllerForwardsTouches], let t = readForwarding(n, "controllerForwardsTouches") {
      if v.controller == nil, !f.has(.controller), let k = f.keyNode(.controllerForwardsTouches) {
        error(k, "'controllerForwardsTouches' needs a 'controller' on the same view (\(name) has none)")
      }
      v.controllerTouchForwarding = t
    }
    if let n = f[.controllerImplements], let list = readSelectors(n, "controllerImplements") {
      if v.controller == nil, !f.has(.controller), let k = f.keyNode(.controllerImplements) {
        error(k, "'controllerImplements' needs a 'controller' on the same view (\(name) has none)")
      }
      v.controllerImplements = list
    }
    if let n = f[.sheet], let s = readSheet(n) {
      if isRoot {
        error(f.keyNode(.sheet) ?? n, "the root view cannot be a sheet: a sheet is presented over the root's screen")
      } else if !f.has(.presentingViewController) || !f.has(.controller) {
        error(
          f.keyNode(.sheet) ?? n,
          "'sheet' shows a presented view controller: it needs 'controller' and 'presentingViewController' on the same view"
        )
      } else {
        v.sheet = s
        // The views and the tap UIKit builds around it (A-14) are ids too: a question may name them.
        if !id.isEmpty, let idNode = f[.id] {
          for built in [
            SheetSpec.transitionView(of: id), SheetSpec.dimmingView(of: id), SheetSpec.dropShadowView(of: id),
          ] {
            define(built, .view(.view), at: idNode)
          }
          define(SheetSpec.dimmingTap(of: id), .recognizer(.tap), at: idNode)
        }
      }
    }
    if let n = f[.presentingViewController], let p = identifier(n, "presentingViewController") {
      if v.controller == nil, !f.has(.controller), let k = f.keyNode(.presentingViewController) {
        error(k, "'presentingViewController' needs a 'controller' on the same view (\(name) has none)")
      } else {
        v.presentingViewController = p
        presentations.append(Presentation(viewId: id, presenting: p, node: n))
      }
    }
  }

  /// A view's `recognizers`: each defined here, or `{ id: X }` alone, one defined elsewhere added to this
  /// view too (rule C-9).
  private func readRecognizerList(_ n: Node, viewId id: String, into v: inout ViewSpec) {
    if let seq = items(n) {
      for item in seq {
        if problems.isFull { break }
        if let reference = recognizerReference(item) {
          // `{ id: X }` alone: the recognizer defined elsewhere, added to this view too (rule C-9).
          if let listedId = reference {
            noteListing(listedId, viewId: id, node: item, index: v.recognizers.count, spec: nil)
            v.recognizers.append(RecognizerSpec(id: listedId, kind: .tap))
          }
        } else if let r = readRecognizer(item, viewId: id) {
          if !r.id.isEmpty {
            noteListing(r.id, viewId: id, node: item, index: v.recognizers.count, spec: r)
          }
          v.recognizers.append(r)
        }
      }
    } else {
      error(n, "'recognizers' takes a list of recognizers, not \(described(n))")
    }
  }

  /// A view's `subviews`, read depth first (no deeper than `SceneReader.maxDepth`).
  private func readSubviews(_ n: Node, of f: Fields, depth: Int, into v: inout ViewSpec) {
    if depth >= SceneReader.maxDepth {
      error(f.keyNode(.subviews) ?? n, "view tree deeper than \(SceneReader.maxDepth) levels")
    } else if let seq = items(n) {
      for item in seq {
        if problems.isFull || viewCount > SceneReader.maxViews { break }
        if let s = readView(item, depth: depth + 1, window: nil) { v.subviews.append(s) }
      }
    } else {
      error(n, "'subviews' takes a list of views, not \(described(n))")
    }
  }

  /// `frame`, or `center` with `bounds`; the root may have neither (it then fills the window).
  private func readGeometry(_ f: Fields, id: String, kind: ViewKind, window: Size?) -> ViewSpec {
    var v = ViewSpec(id: id, kind: kind, frame: Rect(0, 0, 0, 0))
    let frameNode = f[.frame]
    let centerNode = f[.center]
    let boundsNode = f[.bounds]
    if frameNode != nil && (centerNode != nil || boundsNode != nil) {
      let other = centerNode != nil ? Key.center : .bounds
      error(f.keyNode(other) ?? f.node, "give either 'frame' or 'center' and 'bounds', not both")
    }
    if let n = frameNode {
      if let r = rect(n, "frame") { v = ViewSpec(id: id, kind: kind, frame: r) }
    } else if let c = centerNode, let b = boundsNode {
      let center = point(c, "center")
      let bounds = rect(b, "bounds")
      if let center, let bounds {
        v = ViewSpec(id: id, kind: kind, frame: Rect(origin: .zero, size: bounds.size))
        v.center = center
        v.bounds = bounds
      }
    } else if centerNode != nil {
      error(f.keyNode(.center) ?? f.node, "'center' needs 'bounds' too (or give 'frame' instead)")
    } else if boundsNode != nil {
      error(f.keyNode(.bounds) ?? f.node, "'bounds' needs 'center' too (or give 'frame' instead)")
    } else if let w = window {
      v = ViewSpec(id: id, kind: kind, frame: Rect(0, 0, w.width, w.height))
    } else {
      error(f.node, "\(id.isEmpty ? "this view" : "view '\(id)'") needs a 'frame' (or 'center' and 'bounds')")
    }
    return v
  }

  func readTransform(_ node: Node) -> TransformSpec? {
    guard let f = fields(node, "'transform'", allowed: SceneReader.transformKeys) else { return nil }
    var t = TransformSpec()
    if let n = f[.scale] {
      if doc.isSequence(n) {
        if let p = point(n, "scale") { t.scale = p }
      } else if let s = number(n, "scale") {
        t.scale = Point(s, s)
      }
    }
    if let n = f[.rotation], let r = number(n, "rotation") { t.rotation = r }
    if let n = f[.translation], let p = point(n, "translation") { t.translation = p }
    return t
  }

  /// A stepper's or slider's range and settings (rules 8.4, 8.5): the step above 0 and the maximum at
  /// least the minimum (errors); a value outside the range is moved into it, as UIKit's setter does, with a
  /// warning.
  private func readControlRange(_ f: Fields, into v: inout ViewSpec) {
    if let n = f[.minimumValue], let x = number(n, "minimumValue") { v.minimumValue = x }
    if let n = f[.maximumValue], let x = number(n, "maximumValue") { v.maximumValue = x }
    if let n = f[.stepValue], let x = number(n, "stepValue") {
      if x > 0 { v.stepValue = x } else { error(n, "'stepValue' must be above 0 (UIStepper refuses \(described(n)))") }
    }
    if let n = f[.wraps], let b = bool(n, "wraps") { v.wraps = b }
    if let n = f[.autorepeat], let b = bool(n, "autorepeat") { v.autorepeat = b }
    if let n = f[.isContinuous], let b = bool(n, "isContinuous") { v.isContinuous = b }
    let lo = v.rangeMinimum
    let hi = v.rangeMaximum
    if hi < lo {
      error(
        f.keyNode(.maximumValue) ?? f.keyNode(.minimumValue) ?? f.node,
        "'maximumValue' (\(JSONNumber.format(hi))) is below 'minimumValue' (\(JSONNumber.format(lo)))")
    } else if let x = v.value, x < lo || x > hi, let n = f[.value] {
      // UIKit's setter keeps the value within the range: the scene loads with the value UIKit would hold.
      let kept = min(max(x, lo), hi)
      warning(
        n,
        "'value' \(JSONNumber.format(x)) is outside the \(v.kind.rawValue)'s range "
          + "\(JSONNumber.format(lo)) to \(JSONNumber.format(hi)); UIKit keeps it at \(JSONNumber.format(kept))")
      v.value = kept
    }
  }

  /// Keys of one control kind only (rules 8.6, 8.7).
  static let oneKindKeys: [(Key, ViewKind)] = [
    (.isMomentary, .segmentedControl), (.disabledSegments, .segmentedControl), (.numberOfPages, .pageControl),
  ]

  /// A segmented control's `isMomentary` and `disabledSegments` (rule 8.6): each disabled index names one
  /// of its segments, once.
  private func readSegmentSettings(_ f: Fields, into v: inout ViewSpec) {
    if let n = f[.isMomentary], let b = bool(n, "isMomentary") { v.isMomentary = b }
    guard let n = f[.disabledSegments] else { return }
    guard let seq = items(n) else {
      error(n, "'disabledSegments' takes a list of segment indexes ([1, 2]), not \(described(n))")
      return
    }
    let count = ViewSpec.segmentCount(v.text ?? "")
    var seen: Set<Int> = []
    for item in seq {
      guard let i = integer(item, "disabledSegments", range: 0...1000) else { continue }
      if i >= count {
        error(
          item,
          "'disabledSegments' names segment \(i), but the control has \(count) segment\(count == 1 ? "" : "s") (0 to \(count - 1))"
        )
      } else if !seen.insert(i).inserted {
        error(item, "'disabledSegments' names segment \(i) twice")
      }
    }
    v.disabledSegments = seen.sorted()
  }

  /// A page control's `numberOfPages` (rule 8.7, UIKit's default 0): a `value` beyond the last page loads as
  /// UIKit's setter keeps it, with a warning.
  private func readPages(_ f: Fields, into v: inout ViewSpec) {
    if let n = f[.numberOfPages], let x = integer(n, "numberOfPages", range: 0...1000) { v.numberOfPages = x }
    if let x = v.value, let n = f[.value], x > Double(max(v.pageCount - 1, 0)) {
      let kept = Double(max(v.pageCount - 1, 0))
      let pages =
        v.numberOfPages == nil
        ? "no 'numberOfPages' (UIKit's default is 0)" : "\(v.pageCount) page\(v.pageCount == 1 ? "" : "s")"
      warning(
        n,
        "'value' \(JSONNumber.format(x)) is beyond the page control's last page (\(pages)); UIKit keeps it at \(JSONNumber.format(kept))"
      )
      v.value = kept
    }
  }

  /// `sheet:` of a presented view controller's view (rules A-14, A-15): `true` (UIKit's defaults), `false`
  /// (no sheet) or a mapping.
  func readSheet(_ node: Node) -> SheetSpec? {
    if case .bool(let b)? = value(node) { return b ? SheetSpec() : nil }
    guard let f = fields(node, "'sheet'", allowed: SceneReader.sheetKeys) else { return nil }
    var s = SheetSpec()
    func detent(_ key: Key) -> SheetSpec.Detent? {
      guard let n = f[key], let text = string(n, key.name) else { return nil }
      guard let d = SheetSpec.Detent(rawValue: text) else {
        error(n, "'\(key.name)' takes medium or large, not '\(Excerpt.short(text))'")
        return nil
      }
      return d
    }
    if let d = detent(.detent) { s.detent = d }
    if let d = detent(.largestUndimmedDetent) { s.largestUndimmedDetent = d }
    if let n = f[.isModalInPresentation], let b = bool(n, "isModalInPresentation") { s.isModalInPresentation = b }
    if let n = f[.shouldDismiss], let b = bool(n, "shouldDismiss") { s.shouldDismiss = b }
    return s
  }

  /// `tracking:` of a control (rule 8.8): `beginTracking` and `continueTracking` as a bool or a shape
  /// (YES within it), `endTrackingCallsSuper` and `cancelTrackingCallsSuper` as bools.
  func readTracking(_ node: Node) -> TrackingOverrides? {
    guard let f = fields(node, "'tracking'", allowed: SceneReader.trackingKeys) else { return nil }
    var t = TrackingOverrides()
    func answer(_ key: Key) -> TrackingOverrides.Answer? {
      guard let n = f[key] else { return nil }
      if case .bool(let b)? = value(n) { return .always(b) }
      if doc.kind(n) == .mapping { return readPointInside(n).map { .within($0) } }
      error(
        n,
        "'\(key.name)' takes true, false or a shape ({ circle: [centreX, centreY, radius] } or { rects: [...] }), not \(described(n))"
      )
      return nil
    }
    if let a = answer(.beginTracking) { t.beginTracking = a }
    if let a = answer(.continueTracking) { t.continueTracking = a }
    if let n = f[.endTrackingCallsSuper], let b = bool(n, "endTrackingCallsSuper") { t.endTrackingCallsSuper = b }
    if let n = f[.cancelTrackingCallsSuper], let b = bool(n, "cancelTrackingCallsSuper") {
      t.cancelTrackingCallsSuper = b
    }
    return t
  }

  /// `value:` of a control: a number, or true/false for a switch (1/0).
  private func readControlValue(_ node: Node, kind: ViewKind) -> Double? {
    switch kind {
    case .switch:
      if case .bool(let b)? = value(node) { return b ? 1 : 0 }
      guard case .number(let n)? = value(node), n == 0 || n == 1 else {
        error(node, "a switch's 'value' is true or false, not \(described(node))")
        return nil
      }
      return n
    case .segmentedControl:
      // -1 is UISegmentedControl.noSegment: no segment selected.
      return integer(node, "value", range: -1...1000).map(Double.init)
    case .pageControl:
      return integer(node, "value", range: 0...1000).map(Double.init)
    default:
      return number(node, "value")
    }
  }

  private func readScroll(_ f: Fields, into v: inout ViewSpec) {
    var s = v.scroll ?? ScrollSpec(contentSize: v.bounds.size)
    if let n = f[.contentSize], let size = size(n, "contentSize") { s.contentSize = size }
    if let n = f[.contentOffset], let p = point(n, "contentOffset") {
      if f.has(.bounds) && v.bounds.origin != .zero && v.bounds.origin != p {
        error(f.keyNode(.contentOffset) ?? n, "'contentOffset' and 'bounds' give different origins; give one")
      }
      v.bounds.origin = p
    }
    if let n = f[.delaysContentTouches], let b = bool(n, "delaysContentTouches") { s.delaysContentTouches = b }
    if let n = f[.canCancelContentTouches], let b = bool(n, "canCancelContentTouches") {
      s.canCancelContentTouches = b
    }
    if let n = f[.touchesShouldBegin],
      let g = fields(n, "'touchesShouldBegin'", allowed: SceneReader.touchesShouldBeginKeys)
    {
      if let d = g[.default], let b = bool(d, "default") { s.touchesShouldBeginDefault = b }
      if let e = g[.except], let list = idList(e, "except") {
        s.touchesShouldBeginExcept = list.map(\.0)
        for (name, at) in list { refer(name, .view, at, "touchesShouldBegin.except") }
      }
    }
    if let n = f[.touchesShouldCancel],
      let g = fields(n, "'touchesShouldCancel'", allowed: SceneReader.touchesShouldCancelKeys)
    {
      if let d = g[.controls], let b = bool(d, "controls") { s.touchesShouldCancelControls = b }
      if let d = g[.others], let b = bool(d, "others") { s.touchesShouldCancelOthers = b }
      if let e = g[.except], let list = idList(e, "except") {
        s.touchesShouldCancelExcept = list.map(\.0)
        for (name, at) in list { refer(name, .view, at, "touchesShouldCancel.except") }
      }
    }
    if let n = f[.bounces], let b = bool(n, "bounces") { s.bounces = b }
    if let n = f[.alwaysBounceVertical], let b = bool(n, "alwaysBounceVertical") { s.alwaysBounceVertical = b }
    if let n = f[.alwaysBounceHorizontal], let b = bool(n, "alwaysBounceHorizontal") { s.alwaysBounceHorizontal = b }
    if let n = f[.isPagingEnabled], let b = bool(n, "isPagingEnabled") { s.isPagingEnabled = b }
    if let n = f[.isDirectionalLockEnabled], let b = bool(n, "isDirectionalLockEnabled") {
      s.isDirectionalLockEnabled = b
    }
    if let n = f[.transfersVerticalScrollingToParent], let b = bool(n, "transfersVerticalScrollingToParent") {
      s.transfersVerticalScrollingToParent = b
    }
    if let n = f[.transfersHorizontalScrollingToParent], let b = bool(n, "transfersHorizontalScrollingToParent") {
      s.transfersHorizontalScrollingToParent = b
    }
    if let n = f[.contentInset],
      let v = numbers(n, "contentInset", count: 4, shape: "[top, left, bottom, right]")
    {
      s.contentInset = EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
    }
    // H-18: zooming.
    let zoomRange = 0.001...1000.0
    if let n = f[.minimumZoomScale], let z = number(n, "minimumZoomScale", range: zoomRange) { s.minimumZoomScale = z }
    if let n = f[.maximumZoomScale], let z = number(n, "maximumZoomScale", range: zoomRange) { s.maximumZoomScale = z }
    if s.minimumZoomScale > s.maximumZoomScale, let n = f[.maximumZoomScale] ?? f[.minimumZoomScale] {
      error(
        n,
        "'maximumZoomScale' (\(NumberText.format(s.maximumZoomScale))) is below 'minimumZoomScale' "
          + "(\(NumberText.format(s.minimumZoomScale)))")
    }
    if let n = f[.bouncesZoom], let b = bool(n, "bouncesZoom") { s.bouncesZoom = b }
    // Checked to be one of the subviews once they are read (`readView`).
    if let n = f[.zoomView], let name = string(n, "zoomView") {
      s.zoomView = name
      if s.minimumZoomScale == s.maximumZoomScale {
        warning(
          n,
          "'zoomView' has no effect while 'minimumZoomScale' and 'maximumZoomScale' are equal (both 1 by default): "
            + "the scroll view has no pinch")
      }
    }
    if let n = f[.panRequireToFail], let list = idList(n, "panRequireToFail") {
      s.panRequireToFail = list.map(\.0)
      for (name, at) in list {
        refer(name, .recognizer, at, "panRequireToFail")
        if !v.id.isEmpty { failureEdges.append(FailureEdge(from: ScrollSpec.panID(of: v.id), to: name, node: at)) }
      }
    }
    v.scroll = s
  }

  /// `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA`.
  static func isHexColor(_ s: String) -> Bool {
    let u = s.utf8
    guard u.first == UInt8(ascii: "#"), [4, 5, 7, 9].contains(u.count) else { return false }
    return u.dropFirst().allSatisfy { c in
      (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102)
    }
  }
}

extension SceneReader {
  /// `forwardsTouches` / `controllerForwardsTouches` (rules B-4, B-4a): `true`, `false`, or
  /// `{ default: BOOL, except: [METHODS] }`, where each listed `touches*` method has the opposite answer.
  func readForwarding(_ node: Node, _ key: String) -> TouchForwarding? {
    guard doc.isMapping(node) else {
      guard case .bool(let b)? = value(node) else {
        error(
          node,
          "'\(key)' takes true, false or { default: true, except: [touchesBegan] }, not \(described(node))")
        return nil
      }
      return TouchForwarding(forwards: b)
    }
    guard let g = fields(node, "'\(key)'", allowed: SceneReader.forwardingKeys) else { return nil }
    var t = TouchForwarding()
    if let d = g[.default], let b = bool(d, "\(key).default") { t.forwards = b }
    if let e = g[.except] {
      guard let list = listOrOne(e) else {
        error(e, "'\(key).except' takes a list of touches methods, not \(described(e))")
        return nil
      }
      var methods: [TouchMethod] = []
      for item in list {
        guard case .string(let s)? = value(item), let m = TouchMethod(rawValue: s) else {
          let text = doc.isScalar(item) ? "'\(Excerpt.short(doc.string(item)))'" : described(item)
          let names = TouchMethod.allCases.map(\.rawValue)
          error(
            item,
            "'\(key).except' lists touches methods (\(names.joined(separator: ", "))), and \(text) is not one"
              + (doc.isScalar(item) ? hint(doc.string(item), names) : ""))
          return nil
        }
        if methods.contains(m) {
          error(item, "'\(key).except' lists \(m.rawValue) twice")
          return nil
        }
        methods.append(m)
      }
      t.except = methods
    }
    return t
  }
}
