import Geometry
import SceneFile
import TouchSim

/// The exported view controller: each view built and configured as the scene has it, and the overrides
/// (hitTest, point(inside:), touchesShouldBegin/Cancel) the scene gives its views.
extension SwiftExporter {
  mutating func writeController() {
    let root = scene.root
    let rootController = root.controller
    line("/// \(rootController.map { "`\($0)`, the" } ?? "The") view controller whose view is `\(root.id)`.")
    block("final class ViewController: UIViewController") { e in
      for v in e.allViews {
        e.line("let \(e.names[v.id]) = \(Self.loggedClass(v.kind))(id: \(Self.literal(v.id)))")
      }
      for v in e.allViews.dropFirst() {
        guard let c = v.controller else { continue }
        let stops = v.controllerTouchForwarding.stopped.map { ".\($0.rawValue)" }.joined(separator: ", ")
        e.line("let \(e.names[c]) = ChildViewController(id: \(Self.literal(c)), touchesWithoutSuper: [\(stops)])")
      }
      for v in e.allViews {
        for r in v.recognizers {
          e.line("let \(e.names[r.id]) = \(r.kind.uikitClass)()")
        }
      }
      if !e.delegated.isEmpty {
        e.line("/// touch.view of a delegated recognizer's first touch, for its shouldBegin answer.")
        e.line("private var firstTouchView: [ObjectIdentifier: UIView] = [:]")
      }
      if e.allRecognizers.contains(where: { $0.effect != nil }) {
        e.line("/// A view's transform when an effect's gesture began.")
        e.line("private var effectStart: [ObjectIdentifier: CGAffineTransform] = [:]")
      }
      e.line()
      e.block("override func loadView()") { e in
        e.line("view = \(e.names[root.id])")
        e.configure(root, parent: nil)
        for v in e.allViews.dropFirst() { e.configure(v, parent: e.parentID(of: v.id)) }
        e.configureOverrides()
      }
      let hasRecognizers = !e.allRecognizers.isEmpty || e.allViews.contains { $0.kind == .scroll }
      if hasRecognizers {
        e.line()
        e.block("override func viewDidLoad()") { e in
          e.line("super.viewDidLoad()")
          e.writeRecognizers()
        }
      }
      e.writeRootControllerTouches()
      e.writeControllerActions()
      if hasRecognizers {
        e.line()
        e.writeAction()
      }
    }
  }

  func parentID(of id: String) -> String? { parentIds[id] }

  /// One view: geometry, looks, flags, control values, scroll view settings, then `addSubview`.
  mutating func configure(_ v: ViewSpec, parent: String?) {
    let n = names[v.id]
    line()
    line("// \(Self.commentText(v.id)): \(v.kind.uikitClass)")
    if v.transform.isIdentity && v.bounds.origin == .zero {
      line("\(n).frame = \(Self.rect(v.frame))")
    } else {
      line("\(n).bounds = \(Self.rect(v.bounds))")
      line("\(n).center = \(Self.point(v.center))")
    }
    if !v.transform.isIdentity {
      let t = v.transform
      var expr = "CGAffineTransform(translationX: \(Self.num(t.translation.x)), y: \(Self.num(t.translation.y)))"
      if t.rotation != 0 { expr += ".rotated(by: \(Self.num(t.rotation)) * .pi / 180)" }
      if t.scale != Point(1, 1) { expr += ".scaledBy(x: \(Self.num(t.scale.x)), y: \(Self.num(t.scale.y)))" }
      line("\(n).transform = \(expr)")
    }
    if let c = v.color {
      if let ui = Self.color(c) {
        line("\(n).backgroundColor = \(ui)")
      } else {
        line("// color \(Self.commentText(c)): not a hex colour")
      }
    }
    if v.alpha != 1 { line("\(n).alpha = \(Self.num(v.alpha))") }
    if v.hidden { line("\(n).isHidden = true") }
    if v.userInteractionEnabled != v.kind.defaultUserInteractionEnabled {
      line("\(n).isUserInteractionEnabled = \(v.userInteractionEnabled)")
    }
    if v.multipleTouchEnabled { line("\(n).isMultipleTouchEnabled = true") }
    if v.exclusiveTouch { line("\(n).isExclusiveTouch = true") }
    if v.clipsToBounds { line("\(n).clipsToBounds = true") }
    if v.kind.isControl && !v.enabled { line("\(n).isEnabled = false") }
    writeContent(v)
    if v.kind == .scroll, let s = v.scroll {
      line(
        "\(n).contentSize = CGSize(width: \(Self.num(s.contentSize.width)), height: \(Self.num(s.contentSize.height)))")
      if v.bounds.origin != .zero { line("\(n).contentOffset = \(Self.point(v.bounds.origin))") }
      if !s.delaysContentTouches { line("\(n).delaysContentTouches = false") }
      if !s.canCancelContentTouches { line("\(n).canCancelContentTouches = false") }
      if s.contentInset != .zero {
        let i = s.contentInset
        line(
          "\(n).contentInset = UIEdgeInsets(top: \(Self.num(i.top)), left: \(Self.num(i.left)), bottom: \(Self.num(i.bottom)), right: \(Self.num(i.right)))"
        )
      }
      if !s.bounces { line("\(n).bounces = false") }
      if s.alwaysBounceVertical { line("\(n).alwaysBounceVertical = true") }
      if s.alwaysBounceHorizontal { line("\(n).alwaysBounceHorizontal = true") }
      if s.isPagingEnabled { line("\(n).isPagingEnabled = true") }
      if s.isDirectionalLockEnabled { line("\(n).isDirectionalLockEnabled = true") }
      // Public since iOS 17.4 (rule H-17); earlier systems hand the drag on by default, with no switch.
      if !s.transfersVerticalScrollingToParent {
        line("if #available(iOS 17.4, *) { \(n).transfersVerticalScrollingToParent = false }")
      }
      if !s.transfersHorizontalScrollingToParent {
        line("if #available(iOS 17.4, *) { \(n).transfersHorizontalScrollingToParent = false }")
      }
      // Rule H-18: the zoom scales make its pinchGestureRecognizer; the delegate names the view to scale.
      if s.hasPinch {
        line("\(n).minimumZoomScale = \(Self.num(s.minimumZoomScale))")
        line("\(n).maximumZoomScale = \(Self.num(s.maximumZoomScale))")
      }
      if !s.bouncesZoom { line("\(n).bouncesZoom = false") }
      if let z = s.zoomView, viewExists(z) {
        line("\(n).zooming.view = \(names[z])")
        line("\(n).delegate = \(n).zooming")
      }
    }
    if v.kind.isControl { line("TouchLog.observeEvents(of: \(n))") }
    if !v.implements.isEmpty {
      line("// implements: the action methods this view answers canPerformAction YES for (rule B-7a).")
      line("\(n).overrides.actionsImplemented = \(Self.selectorSet(v.implements))")
    }
    if v.id == scene.firstResponder {
      line("// firstResponder: it becomes first responder once on screen (viewDidAppear).")
      line("\(n).overrides.canBecomeFirstResponder = true")
    }
    if let c = v.controller, !v.controllerImplements.isEmpty {
      let target = c == scene.root.controller && parent == nil ? "self" : names[c]
      line("// controllerImplements: the action methods of \(Self.commentText(c)) (rule B-7a).")
      line("\(target).actionsImplemented = \(Self.selectorSet(v.controllerImplements))")
    }
    for a in v.actions where v.kind.isControl {
      let event = "." + a.event.rawValue
      let selector = "NSSelectorFromString(\(Self.literal(a.action)))"
      guard let t = a.target else {
        line("// A nil target: UIKit sends \(a.action) to the first responder that can perform it (rule B-7a).")
        line("\(n).addTarget(nil, action: \(selector), for: \(event))")
        continue
      }
      if t == "window" {
        line("// The window is the target of \(a.action): added in viewDidAppear(_:), once the view has a window.")
        continue
      }
      line("\(n).addTarget(\(targetExpression(t)), action: \(selector), for: \(event))")
    }
    if let parent {
      if let c = v.controller {
        let cn = names[c]
        line("// \(Self.commentText(c)): a child view controller whose view is \(Self.commentText(v.id)).")
        if let p = v.presentingViewController {
          line(
            "// The scene says \(Self.commentText(c)) was presented \(v.sheet == nil ? "full screen" : "as a sheet") by "
              + "\(Self.commentText(p)) (presentingViewController, rule B-2a):")
          if let sheet = v.sheet {
            // Rules A-14, A-15: UIKit then builds the transition view, the dimming view and the card itself.
            line("// to reproduce it, present it as a page sheet instead of adding it as a child here:")
            line("//   \(cn).modalPresentationStyle = .pageSheet")
            line("//   \(cn).sheetPresentationController?.detents = [.\(sheet.detent.rawValue)()]")
            if let u = sheet.largestUndimmedDetent {
              line("//   \(cn).sheetPresentationController?.largestUndimmedDetentIdentifier = .\(u.rawValue)")
            }
            if sheet.isModalInPresentation { line("//   \(cn).isModalInPresentation = true") }
            if !sheet.shouldDismiss {
              line("//   with a presentation delegate whose presentationControllerShouldDismiss(_:) returns false")
            }
            line("//   \(names[p]).present(\(cn), animated: false)")
          } else {
            line("// to reproduce its responder chain, present it with modalPresentationStyle = .fullScreen instead of")
            line("// adding it as a child here.")
          }
        }
        line("addChild(\(cn))")
        line("\(cn).view = \(n)")
        line("\(names[parent]).addSubview(\(n))")
        line("\(cn).didMove(toParent: self)")
      } else {
        line("\(names[parent]).addSubview(\(n))")
      }
    }
  }

  /// Text and values: a label's text, a button's title, a control's value; a caption for other views.
  mutating func writeContent(_ v: ViewSpec) {
    let n = names[v.id]
    switch v.kind {
    case .label:
      if let t = v.text { line("\(n).text = \(Self.literal(t))") }
    case .button:
      if let t = v.text {
        line("\(n).setTitle(\(Self.literal(t)), for: .normal)")
        line("\(n).setTitleColor(.label, for: .normal)")
      }
    case .switch:
      if let value = v.value, value != 0 { line("\(n).isOn = true") }
    case .slider:
      line("\(n).maximumValue = \(Self.num(v.rangeMaximum))")
      line("\(n).minimumValue = \(Self.num(v.rangeMinimum))")
      if let c = v.isContinuous { line("\(n).isContinuous = \(c)") }
      if let value = v.value { line("\(n).value = \(Self.num(value))") }
    case .stepper:
      // The maximum first: UIKit keeps minimumValue <= maximumValue by moving the other one.
      if v.maximumValue != nil || v.minimumValue != nil {
        line("\(n).maximumValue = \(Self.num(v.rangeMaximum))")
        line("\(n).minimumValue = \(Self.num(v.rangeMinimum))")
      }
      if let x = v.stepValue { line("\(n).stepValue = \(Self.num(x))") }
      if let b = v.wraps { line("\(n).wraps = \(b)") }
      if let b = v.autorepeat { line("\(n).autorepeat = \(b)") }
      if let b = v.isContinuous { line("\(n).isContinuous = \(b)") }
      if let value = v.value { line("\(n).value = \(Self.num(value))") }
    case .segmentedControl:
      let titles = ViewSpec.segmentTitles(v.text ?? "")
      for (i, t) in (titles.isEmpty ? [""] : titles).enumerated() {
        line("\(n).insertSegment(withTitle: \(Self.literal(t)), at: \(i), animated: false)")
      }
      if v.momentary { line("\(n).isMomentary = true") }
      for i in v.disabledSegments { line("\(n).setEnabled(false, forSegmentAt: \(i))") }
      let selected = Int(v.initialControlValue)
      line("\(n).selectedSegmentIndex = \(selected < 0 ? "UISegmentedControl.noSegment" : String(selected))")
    case .pageControl:
      line("\(n).numberOfPages = \(v.pageCount)")
      line("\(n).currentPage = \(Int(v.initialControlValue))")
    case .view, .control, .imageView, .scroll:
      if let t = v.text {
        line("\(n).addCaption(\(Self.literal(t)))")
      }
    }
  }

  /// The overrides of every view, after all views exist (hitTest answers name other views).
  mutating func configureOverrides() {
    var first = true
    for v in allViews {
      let n = names[v.id]
      var lines: [String] = []
      let stopped = v.touchForwarding.stopped
      if !stopped.isEmpty {
        lines.append("// forwardsTouches: these touches* are overridden without calling super (rule B-4).")
        lines.append(
          "\(n).overrides.touchesWithoutSuper = [\(stopped.map { ".\($0.rawValue)" }.joined(separator: ", "))]")
      }
      if let shape = v.pointInside {
        lines.append("// pointInside: point(inside:with:) accepts this shape instead of the bounds (rule A-12).")
        switch shape {
        case .circle(let c, let r):
          lines.append(
            "\(n).overrides.pointInside = { p in hypot(p.x - \(Self.num(c.x)), p.y - \(Self.num(c.y))) <= \(Self.num(r)) }"
          )
        case .rects(let rects):
          let list = rects.map(Self.rect).joined(separator: ", ")
          lines.append("\(n).overrides.pointInside = { p in [\(list)].contains { $0.contains(p) } }")
        }
      } else if v.hitOutset != 0 {
        let o = Self.num(v.hitOutset)
        lines.append("// hitOutset: point(inside:with:) accepts \(o) pt around the bounds (rule A-6).")
        lines.append(
          "\(n).overrides.pointInside = { [unowned self] p in self.\(n).bounds.insetBy(dx: -\(o), dy: -\(o)).contains(p) }"
        )
      }
      if !v.flags.isEmpty {
        lines.append("// flags: Bool properties of the view's subclass that its hitTest reads (rule A-13).")
        let list = v.flags.keys.sorted().map { "\(Self.literal($0)): \(v.flags[$0]! ? "true" : "false")" }
        lines.append("\(n).overrides.flags = [\(list.joined(separator: ", "))]")
      }
      // An override's answer as the closure the generated view calls (A-12).
      func answer(_ returns: HitTestOverride.Answer) -> String {
        switch returns {
        case .none: return "{ nil }"
        case .this: return "{ [unowned self] in self.\(n) }"
        case .view(let id): return viewExists(id) ? "{ [unowned self] in self.\(names[id]) }" : "{ nil }"
        }
      }
      if Self.isStateful(v) {
        // A-13: in order, each rule's region, the flag it needs (nil: always), whether it only replaces
        // super's answer self, and its answer.
        lines.append(
          "// hitTestOverrides: hitTest(_:with:) rules, some reading flags or calling super (rules A-12, A-13).")
        lines.append("\(n).overrides.hitTestRules = [")
        for o in v.hitTestOverrides {
          let flag = o.when.map(Self.literal) ?? "nil"
          lines.append("  (\(Self.rect(o.rect)), \(flag), \(o.mapsSuper), \(answer(o.returns))),")
        }
        lines.append("]")
      } else if !v.hitTestOverrides.isEmpty {
        lines.append("// hitTestOverrides: hitTest(_:with:) answers for these regions first (rule A-12).")
        lines.append("\(n).overrides.hitTestRegions = [")
        for o in v.hitTestOverrides {
          lines.append("  (\(Self.rect(o.rect)), \(answer(o.returns))),")
        }
        lines.append("]")
      }
      if v.passThrough {
        lines.append("// passThrough: hitTest(_:with:) returns nil where it would return the view itself (rule A-7).")
        lines.append("\(n).overrides.passThrough = true")
      }
      let tracking = v.trackingOverrides
      if v.kind.isControl && !tracking.isDefault {
        lines.append("// tracking: the control's tracking overrides (rule 8.8).")
        for (name, answer) in [
          ("beginTracking", tracking.beginTracking), ("continueTracking", tracking.continueTracking),
        ]
        where !answer.isDefault {
          switch answer {
          case .always(let b): lines.append("\(n).overrides.\(name) = { _ in \(b) }")
          case .within(let shape): lines.append("\(n).overrides.\(name) = { p in \(Self.shapeTest(shape)) }")
          }
        }
        if !tracking.endTrackingCallsSuper { lines.append("\(n).overrides.endTrackingCallsSuper = false") }
        if !tracking.cancelTrackingCallsSuper { lines.append("\(n).overrides.cancelTrackingCallsSuper = false") }
      }
      if !v.gestureRecognizerShouldBegin {
        lines.append("// gestureRecognizerShouldBegin(_:) answers NO (rule 5.3).")
        lines.append("\(n).overrides.gestureRecognizerShouldBegin = false")
      }
      if v.kind == .scroll, let s = v.scroll { lines += scrollOverrides(n, s) }
      guard !lines.isEmpty else { continue }
      if first {
        line()
        line("// The overrides the scene describes.")
        first = false
      }
      for l in lines { line(l) }
    }
  }

  /// Swift that tests the point `p` against a shape (rules A-12, 8.8).
  static func shapeTest(_ shape: PointInsideShape) -> String {
    switch shape {
    case .circle(let c, let r):
      return "hypot(p.x - \(num(c.x)), p.y - \(num(c.y))) <= \(num(r))"
    case .rects(let rects):
      return "[\(rects.map(rect).joined(separator: ", "))].contains { $0.contains(p) }"
    }
  }

  /// Whether a control of the scene overrides a tracking method (rule 8.8).
  var hasTracking: Bool { allViews.contains { $0.kind.isControl && !$0.trackingOverrides.isDefault } }
  /// A view whose hitTest reads flags or calls super (rule A-13).
  static func isStateful(_ v: ViewSpec) -> Bool {
    !v.flags.isEmpty || v.hitTestOverrides.contains { $0.when != nil || $0.mapsSuper }
  }
  var hasStatefulHitTest: Bool { allViews.contains(where: Self.isStateful) }

  func viewList(_ ids: [String]) -> String {
    "[" + ids.filter(viewExists).map { "self.\(names[$0])" }.joined(separator: ", ") + "]"
  }

  func scrollOverrides(_ n: String, _ s: ScrollSpec) -> [String] {
    var lines: [String] = []
    if !s.touchesShouldBeginDefault || !s.touchesShouldBeginExcept.isEmpty {
      let d = s.touchesShouldBeginDefault
      lines.append(
        "// touchesShouldBegin(_:with:in:) answers \(d ? "YES" : "NO")\(s.touchesShouldBeginExcept.isEmpty ? "" : ", the opposite for these views")."
      )
      if s.touchesShouldBeginExcept.isEmpty {
        lines.append("\(n).overrides.touchesShouldBegin = { _ in \(d) }")
      } else {
        lines.append(
          "\(n).overrides.touchesShouldBegin = { [unowned self] view in \(viewList(s.touchesShouldBeginExcept)).contains(view) != \(d) }"
        )
      }
    }
    let cancelDefault = !s.touchesShouldCancelControls && s.touchesShouldCancelOthers
    if !cancelDefault || !s.touchesShouldCancelExcept.isEmpty {
      lines.append(
        "// touchesShouldCancel(in:) answers \(s.touchesShouldCancelControls ? "YES" : "NO") for controls, "
          + "\(s.touchesShouldCancelOthers ? "YES" : "NO") for other views\(s.touchesShouldCancelExcept.isEmpty ? "" : ", the opposite for these views")."
      )
      let answer = "view is UIControl ? \(s.touchesShouldCancelControls) : \(s.touchesShouldCancelOthers)"
      if s.touchesShouldCancelExcept.isEmpty {
        lines.append("\(n).overrides.touchesShouldCancel = { view in \(answer) }")
      } else {
        lines.append("\(n).overrides.touchesShouldCancel = { [unowned self] view in")
        lines.append("  let answer = \(answer)")
        lines.append("  return \(viewList(s.touchesShouldCancelExcept)).contains(view) ? !answer : answer")
        lines.append("}")
      }
    }
    return lines
  }
}
