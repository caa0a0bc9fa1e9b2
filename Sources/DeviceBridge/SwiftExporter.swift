import Geometry
import SceneFile
import TouchSim

/// `touchscope export swift SCENE`: a UIKit view controller (Swift source) that builds the scene's
/// hierarchy, recognizers and delegates, overrides what the scene overrides, and logs every callback a real
/// app can observe in the trace's own words (docs/TRACE-FORMAT.md, "The device log"), so that the log of a
/// device can be compared with `touchscope replay` by `touchscope diff-log`.
public struct SwiftExporter {
  public let scene: Scene
  let names: SwiftNames
  private var out: [String] = []
  private var indent = 0
  /// The scene's views and recognizers, in the order the generated code declares them, and what the
  /// writer looks up by id: each looked up once, so that the file is written in time linear in the scene.
  private let allViews: [ViewSpec]
  private let allRecognizers: [RecognizerSpec]
  private let viewIds: Set<String>
  private let recognizerIds: Set<String>
  /// Each view's superview, by id.
  private let parentIds: [String: String]
  /// The scroll views, by the id of their built-in pan (`ID.pan`).
  private let scrollViewByPan: [String: String]
  /// `ID.pinch` of a scroll view that zooms (rule H-18): its built-in pinch recognizer.
  private let scrollViewByPinch: [String: String]

  public init(scene: Scene) {
    self.scene = scene
    let views = scene.allViews
    allViews = views
    allRecognizers = views.flatMap(\.recognizers)
    viewIds = Set(views.map(\.id))
    recognizerIds = Set(allRecognizers.map(\.id))
    var parents: [String: String] = [:]
    var pans: [String: String] = [:]
    var pinches: [String: String] = [:]
    for v in views {
      for s in v.subviews where parents[s.id] == nil { parents[s.id] = v.id }
      for r in v.builtInRecognizers {
        if r.kind == .pan, pans[r.id] == nil { pans[r.id] = v.id }
        if r.kind == .pinch, pinches[r.id] == nil { pinches[r.id] = v.id }
      }
    }
    parentIds = parents
    scrollViewByPan = pans
    scrollViewByPinch = pinches
    names = SwiftNames(views: views, rootID: scene.root.id, recognizers: allRecognizers)
  }

  /// The whole Swift file.
  public static func export(_ scene: Scene) -> String {
    var e = SwiftExporter(scene: scene)
    e.write()
    return e.out.joined(separator: "\n") + "\n"
  }

  // MARK: Output helpers

  private mutating func line(_ s: String = "") {
    out.append(s.isEmpty ? "" : String(repeating: "  ", count: indent) + s)
  }
  private mutating func block(_ opening: String, _ body: (inout SwiftExporter) -> Void) {
    line(opening + " {")
    indent += 1
    body(&self)
    indent -= 1
    line("}")
  }

  /// A `switch`: its cases at the indentation of the `switch`, as Swift code is usually written.
  private mutating func switchBlock(_ opening: String, _ body: (inout SwiftExporter) -> Void) {
    line(opening + " {")
    body(&self)
    line("}")
  }

  /// A Swift string literal.
  static func literal(_ s: String) -> String { QuotedString.quote(s, as: .swift) }
  static func num(_ v: Double) -> String { JSONNumber.format(v) }
  static func rect(_ r: Rect) -> String {
    "CGRect(x: \(num(r.minX)), y: \(num(r.minY)), width: \(num(r.width)), height: \(num(r.height)))"
  }
  static func point(_ p: Point) -> String { "CGPoint(x: \(num(p.x)), y: \(num(p.y)))" }
  /// A comment's text on one line (no line breaks that would end it).
  static func commentText(_ s: String) -> String {
    s.split(whereSeparator: \.isNewline).joined(separator: " ")
  }

  /// `UIColor(red:green:blue:alpha:)` for `#RRGGBB` / `#RRGGBBAA` (also `#RGB`, `#RGBA`); nil otherwise.
  static func color(_ hex: String) -> String? {
    var digits = Substring(hex)
    if digits.hasPrefix("#") { digits = digits.dropFirst() }
    if digits.count == 3 || digits.count == 4 { digits = Substring(digits.map { "\($0)\($0)" }.joined()) }
    guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit) else { return nil }
    var channels: [Double] = []
    var rest = digits
    while !rest.isEmpty {
      channels.append(Double(Int(rest.prefix(2), radix: 16)!) / 255)
      rest = rest.dropFirst(2)
    }
    if channels.count == 3 { channels.append(1) }
    let c = channels.map { JSONNumber.format($0) }
    return "UIColor(red: \(c[0]), green: \(c[1]), blue: \(c[2]), alpha: \(c[3]))"
  }

  /// The class of the generated file that logs a view of `kind`.
  static func loggedClass(_ kind: ViewKind) -> String {
    let base = kind.uikitClass.dropFirst(2)
    return "Logged" + base
  }

  /// `ID.pan` of a scroll view: its built-in pan recognizer.
  private func recognizerExpression(_ id: String) -> String? {
    if recognizerIds.contains(id) { return names[id] }
    if let v = scrollViewByPan[id] { return names[v] + ".panGestureRecognizer" }
    // Made when the zoom scales were set, just before (rule H-18).
    if let v = scrollViewByPinch[id] { return names[v] + ".pinchGestureRecognizer!" }
    return nil
  }
  private func viewExists(_ id: String) -> Bool { viewIds.contains(id) }

  // MARK: The file

  private mutating func write() {
    writeHeader()
    line("import UIKit")
    line()
    writeController()
    line()
    writeDelegate()
    writeChildController()
    writeLog()
    line()
    writeOverrides()
    for kind in ViewKind.allCases where allViews.contains(where: { $0.kind == kind }) {
      line()
      writeLoggedClass(kind)
    }
    writeActionMethods()
    writeEventResponders()
  }

  private mutating func writeHeader() {
    line("// ViewController.swift, written by `touchscope export swift` from the scene")
    line("// \(Self.commentText(scene.title ?? "(untitled)")).")
    line("//")
    line("// It builds the scene in UIKit (views, recognizers, delegates and the overrides the scene describes) and")
    line("// logs every callback a real app can observe, one JSON object per line, in the words of a Touchscope")
    line("// trace (docs/TRACE-FORMAT.md):")
    line("//   deliver  view, method, touches, at: touchesBegan/Moved/Ended/Cancelled called on touch.view")
    line("//            (`at`: the first touch in the view's coordinates)")
    line("//   action   recognizer, state, values.location: a recognizer's action (began, changed, ended,")
    line("//            cancelled: the state changes that send an action; location in window coordinates)")
    line("//   control  control, event: a UIControl event")
    line("//   ask      of, question, other or view, answer: a delegate's shouldReceive, shouldBegin,")
    line("//            shouldRecognizeSimultaneouslyWith, shouldRequireFailureOf, shouldBeRequiredToFailBy; a")
    line("//            view's gestureRecognizerShouldBegin; a scroll view's touchesShouldBegin / touchesShouldCancel")
    line("// Touches are numbered 1, 2, ... in order of first sight (the smallest number no touch still down has);")
    line("// t is in milliseconds since the first touch began.")
    line("//")
    line("// Only the simulator records: input, hitTest, hit, attach, feed, state (other than through actions),")
    line("// wait, withhold, drop, forward (a call passed on along the responder chain), scroll, timer, set,")
    line("// reorder, ignoring, and the canPrevent / canBePrevented questions.")
    line("//")
    line(
      "// Run it full screen in a \(Self.num(scene.window.width)) x \(Self.num(scene.window.height)) pt window (the "
        + "scene's), copy the lines")
    line("// from the console into device.log, then compare:")
    line("//   touchscope diff-log SCENE device.log")
    writeScriptChanges()
    line()
  }

  /// The script's steps a device does not play by itself: changes, reorders, ignoring, recognizers and views
  /// added or removed (as the UIKit calls that make them), with their times.
  private mutating func writeScriptChanges() {
    var notes: [String] = []
    for step in scene.script {
      let what: String
      switch step.action {
      case .set(let changes):
        what =
          "set "
          + changes.map { c in
            // A-13: a flag is the view's `overrides.flags` entry, which its hitTest reads.
            guard c.key.hasPrefix(SettableKeys.flagPrefix), viewExists(c.target) else {
              return "\(c.target).\(c.key) = \(c.value)"
            }
            let name = String(c.key.dropFirst(SettableKeys.flagPrefix.count))
            return "\(names[c.target]).overrides.flags[\(Self.literal(name))] = \(c.value)"
          }.joined(separator: ", ")
      case .bringToFront(let id): what = "bringToFront \(id)"
      case .sendToBack(let id): what = "sendToBack \(id)"
      case .beginIgnoringInteractionEvents: what = "beginIgnoringInteractionEvents"
      case .endIgnoringInteractionEvents: what = "endIgnoringInteractionEvents"
      // Rules C-12 to C-15, as the UIKit calls that make them.
      case .removeGestureRecognizer(let id):
        what = "\(names[id]).view?.removeGestureRecognizer(\(names[id]))"
      case .addGestureRecognizer(let id, let to): what = "\(names[to]).addGestureRecognizer(\(names[id]))"
      case .removeFromSuperview(let id): what = "\(names[id]).removeFromSuperview()"
      case .addSubview(let id, let to): what = "\(names[to]).addSubview(\(names[id]))"
      case .down, .move, .up, .cancel, .end: continue
      }
      notes.append("//   at \(Self.num(step.t)) ms: \(Self.commentText(what))")
    }
    guard !notes.isEmpty else { return }
    line("//")
    line("// The script also changes the scene; this file does not make these changes by itself (make them at")
    line("// these times, counted from the script's start, to compare with the replay):")
    for n in notes { line(n) }
  }

  // MARK: The view controller

  private mutating func writeController() {
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

  private func parentID(of id: String) -> String? { parentIds[id] }

  /// One view: geometry, looks, flags, control values, scroll view settings, then `addSubview`.
  private mutating func configure(_ v: ViewSpec, parent: String?) {
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
  private mutating func writeContent(_ v: ViewSpec) {
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
  private mutating func configureOverrides() {
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
  private static func shapeTest(_ shape: PointInsideShape) -> String {
    switch shape {
    case .circle(let c, let r):
      return "hypot(p.x - \(num(c.x)), p.y - \(num(c.y))) <= \(num(r))"
    case .rects(let rects):
      return "[\(rects.map(rect).joined(separator: ", "))].contains { $0.contains(p) }"
    }
  }

  /// Whether a control of the scene overrides a tracking method (rule 8.8).
  private var hasTracking: Bool { allViews.contains { $0.kind.isControl && !$0.trackingOverrides.isDefault } }
  /// A view whose hitTest reads flags or calls super (rule A-13).
  static func isStateful(_ v: ViewSpec) -> Bool {
    !v.flags.isEmpty || v.hitTestOverrides.contains { $0.when != nil || $0.mapsSuper }
  }
  private var hasStatefulHitTest: Bool { allViews.contains(where: Self.isStateful) }

  private func viewList(_ ids: [String]) -> String {
    "[" + ids.filter(viewExists).map { "self.\(names[$0])" }.joined(separator: ", ") + "]"
  }

  private func scrollOverrides(_ n: String, _ s: ScrollSpec) -> [String] {
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

  // MARK: Recognizers

  private mutating func writeRecognizers() {
    for v in allViews {
      if v.kind == .scroll {
        let pan = names[v.id] + ".panGestureRecognizer"
        line()
        line("// \(Self.commentText(v.id)).pan: the scroll view's own pan recognizer.")
        line("\(pan).name = \(Self.literal(ScrollSpec.panID(of: v.id)))")
        line("\(pan).addTarget(self, action: #selector(recognizerAction(_:)))")
        for id in v.scroll?.panRequireToFail ?? [] {
          if let other = recognizerExpression(id) { line("\(pan).require(toFail: \(other))") }
        }
      }
      for r in v.recognizers { writeRecognizer(r, on: v) }
    }
    for v in allViews {
      for taken in v.recognizersTakenAway {
        line()
        line(
          "// \(Self.commentText(taken.recognizer)) was added to \(Self.commentText(v.id)) too, then to "
            + "\(Self.commentText(taken.keptBy)), which keeps it (rule C-9).")
      }
    }
    let requirements = allRecognizers.flatMap { r in r.requireToFail.map { (r.id, $0) } }
    if !requirements.isEmpty {
      line()
      line("// require(toFail:) (rule E-6.3).")
      for (r, other) in requirements {
        if let o = recognizerExpression(other) { line("\(names[r]).require(toFail: \(o))") }
      }
    }
  }

  private mutating func writeRecognizer(_ r: RecognizerSpec, on v: ViewSpec) {
    let n = names[r.id]
    let d = RecognizerSpec(id: r.id, kind: r.kind)
    line()
    line("// \(Self.commentText(r.id)): \(r.kind.uikitClass) on \(Self.commentText(v.id)).")
    line("\(n).name = \(Self.literal(r.id))")
    line("\(n).addTarget(self, action: #selector(recognizerAction(_:)))")
    switch r.kind {
    case .tap, .longPress:
      if r.numberOfTapsRequired != d.numberOfTapsRequired {
        line("\(n).numberOfTapsRequired = \(r.numberOfTapsRequired)")
      }
      if r.numberOfTouchesRequired != 1 { line("\(n).numberOfTouchesRequired = \(r.numberOfTouchesRequired)") }
      if r.kind == .longPress {
        if r.minimumPressDuration != d.minimumPressDuration {
          line("\(n).minimumPressDuration = \(Self.num(r.minimumPressDuration))")
        }
        if r.allowableMovement != d.allowableMovement {
          line("\(n).allowableMovement = \(Self.num(r.allowableMovement))")
        }
      }
    case .pan, .screenEdgePan:
      if r.minimumNumberOfTouches != 1 { line("\(n).minimumNumberOfTouches = \(r.minimumNumberOfTouches)") }
      if r.maximumNumberOfTouches != 0 { line("\(n).maximumNumberOfTouches = \(r.maximumNumberOfTouches)") }
      if r.kind == .screenEdgePan {
        line("\(n).edges = [\(r.edges.map { ".\($0.rawValue)" }.joined(separator: ", "))]")
      }
    case .swipe:
      if r.direction != d.direction {
        line("\(n).direction = [\(r.direction.map { ".\($0.rawValue)" }.joined(separator: ", "))]")
      }
      if r.numberOfTouchesRequired != 1 { line("\(n).numberOfTouchesRequired = \(r.numberOfTouchesRequired)") }
    case .pinch, .rotation: break
    }
    if !r.isEnabled { line("\(n).isEnabled = false") }
    if !r.cancelsTouchesInView { line("\(n).cancelsTouchesInView = false") }
    if r.delaysTouchesBegan { line("\(n).delaysTouchesBegan = true") }
    if !r.delaysTouchesEnded { line("\(n).delaysTouchesEnded = false") }
    if r.delegate != nil { line("\(n).delegate = self") }
    if let effect = r.effect {
      line("// effect: \(effect.rawValue): the action handler changes the view's \(effect.key) (Touchscope's handler).")
    }
    line("\(names[v.id]).addGestureRecognizer(\(n))")
  }

  /// The action handler: logs the action; the scene's effects move the view.
  private mutating func writeAction() {
    line("/// Every recognizer's action: logged as `action` with its state and location(in: nil).")
    block("@objc func recognizerAction(_ g: UIGestureRecognizer)") { e in
      e.line("TouchLog.action(g)")
      let effects = e.allRecognizers.filter { $0.effect != nil }
      guard !effects.isEmpty else { return }
      e.line("guard let view = g.view else { return }")
      e.line("let key = ObjectIdentifier(g)")
      e.line("if g.state == .began { effectStart[key] = view.transform }")
      e.line("guard let start = effectStart[key] else { return }")
      e.switchBlock("switch g") { e in
        for r in effects {
          let n = e.names[r.id]
          switch r.effect! {
          case .translate:
            e.line("case self.\(n):")
            e.line("  guard let pan = g as? UIPanGestureRecognizer else { return }")
            e.line("  let t = pan.translation(in: view.superview)")
            e.line("  view.transform.tx = start.tx + t.x")
            e.line("  view.transform.ty = start.ty + t.y")
          case .scale:
            e.line("case self.\(n):")
            e.line("  guard let pinch = g as? UIPinchGestureRecognizer else { return }")
            e.line("  view.transform = start.scaledBy(x: pinch.scale, y: pinch.scale)")
          case .rotate:
            e.line("case self.\(n):")
            e.line("  guard let rotation = g as? UIRotationGestureRecognizer else { return }")
            e.line("  view.transform = start.rotated(by: rotation.rotation)")
          }
        }
        e.line("default: break")
      }
    }
  }

  /// The root view controller's own touches* overrides (controllerForwardsTouches on the root view).
  private mutating func writeRootControllerTouches() {
    guard scene.root.controller != nil else { return }
    let stopped = scene.root.controllerTouchForwarding.stopped
    guard !stopped.isEmpty else { return }
    line()
    line("// controllerForwardsTouches: these touches* are overridden without calling super (rule B-4a).")
    for m in stopped {
      line("override func \(m.rawValue)(_ touches: Set<UITouch>, with event: UIEvent?) {}")
    }
  }

  // MARK: Delegates

  private var delegated: [RecognizerSpec] { allRecognizers.filter { $0.delegate != nil } }

  private func predicateExpression(_ p: TouchPredicate, view: String) -> String {
    switch p {
    case .always(let b): return "\(b)"
    case .unlessTouchIn(let ids): return "!isTouch(\(view), in: \(viewList(ids)))"
    case .onlyTouchIn(let ids): return "isTouch(\(view), in: \(viewList(ids)))"
    }
  }
  private func predicateComment(_ p: TouchPredicate) -> String {
    switch p {
    case .always(let b): return b ? "YES" : "NO"
    case .unlessTouchIn(let ids): return "YES unless touch.view is in " + ids.joined(separator: ", ")
    case .onlyTouchIn(let ids): return "YES only when touch.view is in " + ids.joined(separator: ", ")
    }
  }

  private mutating func writeDelegate() {
    let delegated = self.delegated
    guard !delegated.isEmpty else { return }
    line("/// The delegates of the scene's recognizers: each answer is logged as an `ask` line.")
    block("extension ViewController: UIGestureRecognizerDelegate") { e in
      e.block("func gestureRecognizer(_ g: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool") { e in
        e.line("if g.numberOfTouches == 0, let view = touch.view { firstTouchView[ObjectIdentifier(g)] = view }")
        e.line("let answer: Bool")
        e.switchBlock("switch g") { e in
          for r in delegated {
            let p = r.delegate!.shouldReceive
            e.line(
              "case self.\(e.names[r.id]): answer = \(e.predicateExpression(p, view: "touch.view"))  // \(Self.commentText(e.predicateComment(p)))"
            )
          }
          e.line("default: answer = true")
        }
        e.line("TouchLog.ask(of: g, \"shouldReceive\", answer: answer)")
        e.line("return answer")
      }
      e.line()
      e.block("func gestureRecognizerShouldBegin(_ g: UIGestureRecognizer) -> Bool") { e in
        let usesView = delegated.contains { if case .always = $0.delegate!.shouldBegin { false } else { true } }
        if usesView {
          e.line("let touchView = firstTouchView.removeValue(forKey: ObjectIdentifier(g))")
        } else {
          e.line("firstTouchView[ObjectIdentifier(g)] = nil")
        }
        e.line("let answer: Bool")
        e.switchBlock("switch g") { e in
          for r in delegated {
            let p = r.delegate!.shouldBegin
            e.line(
              "case self.\(e.names[r.id]): answer = \(e.predicateExpression(p, view: "touchView"))  // \(Self.commentText(e.predicateComment(p)))"
            )
          }
          e.line("default: answer = true")
        }
        e.line("TouchLog.ask(of: g, \"shouldBegin\", answer: answer)")
        e.line("return answer")
      }
      e.writeOtherQuestion(
        "shouldRecognizeSimultaneouslyWith", signature: "shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer",
        delegated.map { r in
          switch r.delegate!.shouldRecognizeSimultaneouslyWith {
          case .all: return (r.id, nil)
          case .ids(let ids): return (r.id, ids)
          }
        })
      e.writeOtherQuestion(
        "shouldRequireFailureOf", signature: "shouldRequireFailureOf other: UIGestureRecognizer",
        delegated.map { ($0.id, $0.delegate!.shouldRequireFailureOf) })
      e.writeOtherQuestion(
        "shouldBeRequiredToFailBy", signature: "shouldBeRequiredToFailBy other: UIGestureRecognizer",
        delegated.map { ($0.id, $0.delegate!.shouldBeRequiredToFailBy) })
      e.line()
      e.line("/// touch.view is one of `views` or inside one of them.")
      e.block("private func isTouch(_ view: UIView?, in views: [UIView]) -> Bool") { e in
        e.line("guard let view else { return false }")
        e.line("return views.contains { view.isDescendant(of: $0) }")
      }
    }
    line()
  }

  /// A question about another recognizer: YES for the listed ids (nil: for every recognizer).
  private mutating func writeOtherQuestion(_ question: String, signature: String, _ answers: [(String, [String]?)]) {
    line()
    block("func gestureRecognizer(_ g: UIGestureRecognizer, \(signature)) -> Bool") { e in
      e.line("let answer: Bool")
      e.switchBlock("switch g") { e in
        for (id, ids) in answers {
          let n = e.names[id]
          if let ids {
            let list = "[" + ids.map(Self.literal).joined(separator: ", ") + "]"
            e.line("case self.\(n): answer = \(ids.isEmpty ? "false" : "\(list).contains(other.name ?? \"\")")")
          } else {
            e.line("case self.\(n): answer = true")
          }
        }
        e.line("default: answer = false")
      }
      e.line("TouchLog.ask(of: g, \(Self.literal(question)), other: other, answer: answer)")
      e.line("return answer")
    }
  }

  // MARK: Support code

  private mutating func writeChildController() {
    guard allViews.dropFirst().contains(where: { $0.controller != nil }) else { return }
    line("/// A child view controller of the scene; the touches* it overrides stop there (controllerForwardsTouches).")
    block("final class ChildViewController: UIViewController") { e in
      e.line("let id: String")
      e.line("let touchesWithoutSuper: Set<TouchMethod>")
      e.line()
      e.block("init(id: String, touchesWithoutSuper: Set<TouchMethod>)") { e in
        e.line("self.id = id")
        e.line("self.touchesWithoutSuper = touchesWithoutSuper")
        e.line("super.init(nibName: nil, bundle: nil)")
      }
      e.line("required init?(coder: NSCoder) { fatalError(\"built in code\") }")
      for m in TouchMethod.allCases {
        e.line()
        e.block("override func \(m.rawValue)(_ touches: Set<UITouch>, with event: UIEvent?)") { e in
          e.line("if !touchesWithoutSuper.contains(.\(m.rawValue)) { super.\(m.rawValue)(touches, with: event) }")
        }
      }
      if e.hasActions {
        e.line()
        e.line("/// The action methods this controller answers canPerformAction YES for (controllerImplements).")
        e.line("var actionsImplemented: Set<String> = []")
        e.line()
        e.block("override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool") { e in
          e.line(
            "SceneActions.canPerform(action, actionsImplemented) ?? super.canPerformAction(action, withSender: sender)")
        }
        e.writeActionMethodBodies(id: "id")
      }
    }
    line()
  }

  private mutating func writeLog() {
    let text = """
      enum TouchMethod: String {
        case touchesBegan, touchesMoved, touchesEnded, touchesCancelled
      }

      /// The log: one JSON object per line on standard output, in the words of a Touchscope trace.
      @MainActor
      enum TouchLog {
        /// When the first touch began (the clock of UITouch.timestamp); t counts from it.
        private static var start: TimeInterval?
        /// The touches seen so far, with their numbers.
        private static var numbered: [(touch: UITouch, number: Int)] = []

        /// The number of `touch`; a new touch gets the smallest number no touch still down has.
        static func number(_ touch: UITouch) -> Int {
          if let known = numbered.first(where: { $0.touch === touch }) { return known.number }
          if start == nil { start = touch.timestamp }
          numbered.removeAll { $0.touch.phase == .ended || $0.touch.phase == .cancelled }
          var n = 1
          while numbered.contains(where: { $0.number == n }) { n += 1 }
          numbered.append((touch, n))
          return n
        }

        /// `touchesBegan` and friends called by the window on touch.view.
        static func deliver(_ method: TouchMethod, _ touches: Set<UITouch>, event: UIEvent?, to view: UIView, id: String) {
          // New touches of the event are numbered first, oldest first, so that the numbers follow the order they began.
          for touch in (event?.allTouches ?? []).sorted(by: { $0.timestamp < $1.timestamp }) { _ = number(touch) }
          let sorted = touches.map { (number($0), $0) }.sorted { $0.0 < $1.0 }
          let at = sorted[0].1.location(in: view)
          let list = sorted.map { String($0.0) }.joined(separator: ",")
          write("deliver", [("view", quoted(id)), ("method", quoted(method.rawValue)), ("touches", "[\\(list)]"), ("at", point(at))])
        }

        static func action(_ g: UIGestureRecognizer) {
          let states: [UIGestureRecognizer.State: String] = [
            .possible: "possible", .began: "began", .changed: "changed", .ended: "ended", .cancelled: "cancelled",
            .failed: "failed",
          ]
          let values = "{\\"location\\":\\(point(g.location(in: nil)))}"
          write("action", [("recognizer", quoted(g.name ?? "")), ("state", quoted(states[g.state] ?? "possible")), ("values", values)])
        }

        static func ask(of g: UIGestureRecognizer, _ question: String, other: UIGestureRecognizer? = nil, answer: Bool) {
          ask(of: g.name ?? "", question, other: other.map { $0.name ?? "" }, answer: answer)
        }

        static func ask(of id: String, _ question: String, other: String? = nil, view: String? = nil, answer: Bool) {
          var pairs = [("of", quoted(id)), ("question", quoted(question))]
          if let other { pairs.append(("other", quoted(other))) }
          if let view { pairs.append(("view", quoted(view))) }
          pairs.append(("answer", answer ? "true" : "false"))
          write("ask", pairs)
        }

        static let controlEvents: [(UIControl.Event, String)] = [
          (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"), (.touchDragInside, "touchDragInside"),
          (.touchDragOutside, "touchDragOutside"), (.touchDragEnter, "touchDragEnter"), (.touchDragExit, "touchDragExit"),
          (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"), (.touchCancel, "touchCancel"),
          (.valueChanged, "valueChanged"), (.primaryActionTriggered, "primaryActionTriggered"),
        ]

        /// Logs every event of `control` as a `control` line.
        static func observeEvents(of control: UIControl & SceneView) {
          let id = control.overrides.id
          for (event, name) in controlEvents {
            control.addAction(UIAction { _ in write("control", [("control", quoted(id)), ("event", quoted(name))]) }, for: event)
          }
        }

        private static func write(_ ev: String, _ pairs: [(String, String)]) {
          let now = ProcessInfo.processInfo.systemUptime
          let t = start.map { number((now - $0) * 1000) } ?? "0"
          let rest = pairs.map { "\\(quoted($0.0)):\\($0.1)" }.joined(separator: ",")
          print("{\\"t\\":\\(t),\\"ev\\":\\(quoted(ev)),\\(rest)}")
        }

        private static func quoted(_ s: String) -> String {
          var r = "\\""
          for ch in s.unicodeScalars {
            switch ch {
            case "\\"": r += "\\\\\\""
            case "\\\\": r += "\\\\\\\\"
            case "\\n": r += "\\\\n"
            default:
              if ch.value < 0x20 { r += String(format: "\\\\u%04x", ch.value) } else { r.unicodeScalars.append(ch) }
            }
          }
          return r + "\\""
        }

        private static func number(_ v: Double) -> String {
          let rounded = (v * 1000).rounded() / 1000
          return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
        }

        private static func number(_ v: CGFloat) -> String { number(Double(v)) }

        private static func point(_ p: CGPoint) -> String { "[\\(number(p.x)),\\(number(p.y))]" }
      }
      """
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if hasActions, let at = lines.firstIndex(where: { $0.contains("private static func write(") }) {
      let extra = """
          /// An action method performed by the responder `id` (rules B-7, B-7a).
          static func perform(_ id: String, _ action: String, sender: Any?) {
            let from = (sender as? SceneView).map { quoted($0.overrides.id) } ?? "null"
            write("perform", [("responder", quoted(id)), ("action", quoted(action)), ("sender", from)])
          }

          /// An overridden sendEvent(_:) of the application or the window, and whether it calls super (rule C-11).
          static func sendEvent(by owner: String, _ event: UIEvent, callsSuper: Bool) {
            let list = (event.allTouches ?? []).map { String(number($0)) }.sorted().joined(separator: ",")
            write("sendEvent", [("by", quoted(owner)), ("touches", "[\\(list)]"), ("callsSuper", callsSuper ? "true" : "false")])
          }

        """
      lines.insert(contentsOf: extra.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), at: at)
    }
    for l in lines { line(l) }
  }

  static let plainHitTest = """
      func hitTest(_ point: CGPoint, in view: UIView, default answer: () -> UIView?) -> UIView? {
        guard !hitTestRegions.isEmpty || passThrough else { return answer() }
        // UIKit's own checks come first (rule A-1): hidden, transparent, no interaction, a disabled control.
        guard !view.isHidden, view.alpha >= 0.01, view.isUserInteractionEnabled else { return nil }
        if let control = view as? UIControl, !control.isEnabled { return nil }
        if let region = hitTestRegions.first(where: { $0.0.contains(point) }) { return region.1() }
        let hit = answer()
        return passThrough && hit === view ? nil : hit
      }
    """

  static let statefulHitTest = """
      func hitTest(_ point: CGPoint, in view: UIView, default answer: () -> UIView?) -> UIView? {
        guard !hitTestRegions.isEmpty || !hitTestRules.isEmpty || passThrough else { return answer() }
        // UIKit's own checks come first (rule A-1): hidden, transparent, no interaction, a disabled control.
        guard !view.isHidden, view.alpha >= 0.01, view.isUserInteractionEnabled else { return nil }
        if let control = view as? UIControl, !control.isEnabled { return nil }
        if let region = hitTestRegions.first(where: { $0.0.contains(point) }) { return region.1() }
        // A-13: the first rule whose region holds the point and whose flag is set decides; one that calls
        // super replaces only its answer self.
        let active = hitTestRules.first { $0.0.contains(point) && ($0.1.map { flags[$0] == true } ?? true) }
        if let rule = active {
          guard rule.2 else { return rule.3() }
          let hit = answer()
          return hit === view ? rule.3() : hit
        }
        let hit = answer()
        return passThrough && hit === view ? nil : hit
      }
    """

  private mutating func writeOverrides() {
    let hasScroll = allViews.contains { $0.kind == .scroll }
    var text = """
      /// A view of the scene: the id it logs under and what the scene says it overrides.
      @MainActor
      protocol SceneView: UIView {
        var overrides: ViewOverrides { get }
      }

      /// What a view overrides: nil or empty means UIKit's own implementation.
      @MainActor
      final class ViewOverrides {
        let id: String
        /// touches* methods overridden without calling super (forwardsTouches).
        var touchesWithoutSuper: Set<TouchMethod> = []
        /// point(inside:with:) (hitOutset, pointInside).
        var pointInside: ((CGPoint) -> Bool)?
        /// hitTest(_:with:) answers for these regions first (hitTestOverrides).
        var hitTestRegions: [(CGRect, () -> UIView?)] = []
        /// hitTest(_:with:) returns nil where it would return the view itself.
        var passThrough = false
        /// gestureRecognizerShouldBegin(_:) (false vetoes).
        var gestureRecognizerShouldBegin = true

      """
    if hasStatefulHitTest {
      text += """
          /// Bool properties of the view's subclass that its hitTest reads (flags); the app sets them.
          var flags: [String: Bool] = [:]
          /// hitTest(_:with:) rules in order: region, the flag that must be true (nil: always), whether the rule
          /// calls super and replaces only its answer self, and the answer.
          var hitTestRules: [(CGRect, String?, Bool, () -> UIView?)] = []

        """
    }
    if hasTracking {
      text += """
          /// UIControl.beginTracking(_:with:) and continueTracking(_:with:): NO where these answer false
          /// (tracking); endTracking(_:with:) and cancelTracking(with:) without super when false.
          var beginTracking: ((CGPoint) -> Bool)?
          var continueTracking: ((CGPoint) -> Bool)?
          var endTrackingCallsSuper = true
          var cancelTrackingCallsSuper = true

        """
    }
    if hasActions {
      text += """
          /// The action methods this view answers canPerformAction YES for (implements), and whether it may
          /// become first responder (firstResponder).
          var actionsImplemented: Set<String> = []
          var canBecomeFirstResponder = false

        """
    }
    if hasScroll {
      text += """
          /// UIScrollView.touchesShouldBegin(_:with:in:) and touchesShouldCancel(in:).
          var touchesShouldBegin: ((UIView) -> Bool)?
          var touchesShouldCancel: ((UIView) -> Bool)?

        """
    }
    text += """

        init(id: String) { self.id = id }

        /// A touches* call: logged when the window makes it (touch.view is this view), not when a subview passes it on.
        func touches(_ method: TouchMethod, _ touches: Set<UITouch>, _ event: UIEvent?, in view: UIView) -> Bool {
          if touches.contains(where: { $0.view === view }) {
            TouchLog.deliver(method, touches, event: event, to: view, id: id)
          }
          return !touchesWithoutSuper.contains(method)
        }

      """
    // Rule A-13: the hitTest that reads flags and calls super, only where a scene needs it.
    text += "\n" + (hasStatefulHitTest ? Self.statefulHitTest : Self.plainHitTest) + "\n"
    text += """

        /// gestureRecognizerShouldBegin(_:), logged as an `ask` line.
        func shouldBegin(_ g: UIGestureRecognizer, default answer: Bool) -> Bool {
          let result = gestureRecognizerShouldBegin && answer
          TouchLog.ask(of: id, "gestureRecognizerShouldBegin", other: g.name ?? "", answer: result)
          return result
        }
      }

      extension UIView {
        /// The scene's text on a view that has no text of its own; it takes no touches.
        func addCaption(_ text: String) {
          let caption = UILabel(frame: bounds)
          caption.text = text
          caption.textAlignment = .center
          caption.autoresizingMask = [.flexibleWidth, .flexibleHeight]
          addSubview(caption)
        }
      }
      """
    for l in text.split(separator: "\n", omittingEmptySubsequences: false) { line(String(l)) }
  }

  private mutating func writeLoggedClass(_ kind: ViewKind) {
    let cls = Self.loggedClass(kind)
    let tracks = kind.isControl && hasTracking
    line("/// A \(kind.uikitClass) of the scene that logs its touches* calls and does what its overrides say.")
    block("final class \(cls): \(kind.uikitClass), SceneView") { e in
      e.line("let overrides: ViewOverrides")
      e.line()
      e.block("init(id: String)") { e in
        e.line("overrides = ViewOverrides(id: id)")
        e.line("super.init(frame: .zero)")
      }
      e.line("required init?(coder: NSCoder) { fatalError(\"built in code\") }")
      for m in TouchMethod.allCases {
        e.line()
        e.block("override func \(m.rawValue)(_ touches: Set<UITouch>, with event: UIEvent?)") { e in
          e.line(
            "if overrides.touches(.\(m.rawValue), touches, event, in: self) { super.\(m.rawValue)(touches, with: event) }"
          )
        }
      }
      e.line()
      e.block("override func point(inside point: CGPoint, with event: UIEvent?) -> Bool") { e in
        e.line("overrides.pointInside?(point) ?? super.point(inside: point, with: event)")
      }
      e.line()
      e.block("override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView?") { e in
        e.line("overrides.hitTest(point, in: self) { super.hitTest(point, with: event) }")
      }
      e.line()
      e.block("override func gestureRecognizerShouldBegin(_ g: UIGestureRecognizer) -> Bool") { e in
        e.line("overrides.shouldBegin(g, default: super.gestureRecognizerShouldBegin(g))")
      }
      if e.hasActions {
        e.line()
        e.line("override var canBecomeFirstResponder: Bool { overrides.canBecomeFirstResponder }")
        e.line()
        e.block("override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool") { e in
          e.line(
            "SceneActions.canPerform(action, overrides.actionsImplemented) ?? super.canPerformAction(action, withSender: sender)"
          )
        }
        e.writeActionMethodBodies(id: "overrides.id")
      }
      if tracks {
        for name in ["beginTracking", "continueTracking"] {
          e.line()
          e.block("override func \(name)(_ touch: UITouch, with event: UIEvent?) -> Bool") { e in
            e.line("guard let answer = overrides.\(name)?(touch.location(in: self)) else {")
            e.line("  return super.\(name)(touch, with: event)")
            e.line("}")
            e.line("TouchLog.ask(of: overrides.id, \"\(name)\", answer: answer)")
            e.line("return answer && super.\(name)(touch, with: event)")
          }
        }
        e.line()
        e.block("override func endTracking(_ touch: UITouch?, with event: UIEvent?)") { e in
          e.line("if overrides.endTrackingCallsSuper { super.endTracking(touch, with: event) }")
        }
        e.line()
        e.block("override func cancelTracking(with event: UIEvent?)") { e in
          e.line("if overrides.cancelTrackingCallsSuper { super.cancelTracking(with: event) }")
        }
      }
      if kind == .scroll {
        e.line()
        e.line("/// The delegate's viewForZooming(in:) (rule H-18): the view its pinch scales.")
        e.line("let zooming = Zooming()")
        e.block("final class Zooming: NSObject, UIScrollViewDelegate") { e in
          e.line("weak var view: UIView?")
          e.line("func viewForZooming(in scrollView: UIScrollView) -> UIView? { view }")
        }
        e.line()
        e.block(
          "override func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool"
        ) { e in
          e.line(
            "let answer = overrides.touchesShouldBegin?(view) ?? super.touchesShouldBegin(touches, with: event, in: view)"
          )
          e.line("let content = (view as? SceneView)?.overrides.id ?? \"\"")
          e.line("TouchLog.ask(of: overrides.id, \"touchesShouldBegin\", view: content, answer: answer)")
          e.line("return answer")
        }
        e.line()
        e.block("override func touchesShouldCancel(in view: UIView) -> Bool") { e in
          e.line("let answer = overrides.touchesShouldCancel?(view) ?? super.touchesShouldCancel(in: view)")
          e.line("let content = (view as? SceneView)?.overrides.id ?? \"\"")
          e.line("TouchLog.ask(of: overrides.id, \"touchesShouldCancel\", view: content, answer: answer)")
          e.line("return answer")
        }
      }
    }
  }
}

// MARK: Target-action and the event's way in (rules B-7, B-7a, C-11)

extension SwiftExporter {
  /// Whether the scene uses actions, implemented action methods, a first responder or sendEvent overrides.
  var hasActions: Bool {
    scene.firstResponder != nil || !scene.responders.isDefault
      || allViews.contains { !$0.actions.isEmpty || !$0.implements.isEmpty || !$0.controllerImplements.isEmpty }
  }

  /// Every selector the scene names, in order of first appearance.
  var allSelectors: [String] {
    var out: [String] = []
    func add(_ s: [String]) { for x in s where !out.contains(x) { out.append(x) } }
    for v in allViews {
      add(v.actions.map(\.action))
      add(v.implements)
      add(v.controllerImplements)
    }
    add(scene.responders.window.implements)
    add(scene.responders.application.implements)
    add(scene.responders.appDelegate.implements)
    return out
  }

  static func selectorSet(_ list: [String]) -> String { "[" + list.map(literal).joined(separator: ", ") + "]" }

  /// The Swift expression for an action's target (not the window, which exists only once on screen).
  func targetExpression(_ t: String) -> String {
    switch t {
    case "application": return "UIApplication.shared"
    case "appDelegate": return "UIApplication.shared.delegate"
    default:
      if t == scene.root.controller { return "self" }
      return names[t]
    }
  }

  /// Each scene selector as an `@objc` method that logs a `perform` line (the class answers
  /// canPerformAction YES only for those it implements).
  mutating func writeActionMethodBodies(id: String) {
    for (i, s) in allSelectors.enumerated() {
      let parts = s.filter { $0 == ":" }.count
      let params: String
      let sender: String
      switch parts {
      case 0:
        params = "()"
        sender = "nil"
      case 1:
        params = "(_ sender: Any?)"
        sender = "sender"
      default:
        params = "(_ sender: Any?" + String(repeating: ", _: Any?", count: parts - 1) + ")"
        sender = "sender"
      }
      line()
      line(
        "@objc(\(s)) func sceneAction\(i + 1)\(params) { TouchLog.perform(\(id), \(Self.literal(s)), sender: \(sender)) }"
      )
    }
  }

  /// The root view controller's action methods, its first responder and a window target.
  mutating func writeControllerActions() {
    guard hasActions else { return }
    let rootImplements = scene.root.controllerImplements
    line()
    line("/// The action methods this controller answers canPerformAction YES for (controllerImplements).")
    line("var actionsImplemented: Set<String> = \(rootImplements.isEmpty ? "[]" : Self.selectorSet(rootImplements))")
    line()
    block("override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool") { e in
      e.line(
        "SceneActions.canPerform(action, actionsImplemented) ?? super.canPerformAction(action, withSender: sender)")
    }
    writeActionMethodBodies(id: Self.literal(scene.root.controller ?? "ViewController"))
    var appear: [String] = []
    for v in allViews where v.kind.isControl {
      for a in v.actions where a.target == "window" {
        appear.append(
          "\(names[v.id]).addTarget(view.window, action: NSSelectorFromString(\(Self.literal(a.action))), for: .\(a.event.rawValue))"
        )
      }
    }
    if let f = scene.firstResponder, allViews.contains(where: { $0.id == f }) {
      appear.append("\(names[f]).becomeFirstResponder()")
    }
    guard !appear.isEmpty else { return }
    line()
    block("override func viewDidAppear(_ animated: Bool)") { e in
      e.line("super.viewDidAppear(animated)")
      for l in appear { e.line(l) }
    }
  }

  /// `SceneActions`: which selectors the scene's classes implement and answer for.
  mutating func writeActionMethods() {
    guard hasActions else { return }
    line()
    line("/// The scene's action methods (rules B-7, B-7a). Every class here implements them all, and answers")
    line("/// canPerformAction(_:withSender:) YES only for those the scene says its object implements.")
    block("enum SceneActions") { e in
      e.line("static let all: Set<String> = \(Self.selectorSet(e.allSelectors))")
      e.line()
      e.line("/// The answer for a scene selector; nil for any other (UIKit's own answer).")
      e.block("@MainActor static func canPerform(_ action: Selector, _ implemented: Set<String>) -> Bool?") { e in
        e.line("let name = NSStringFromSelector(action)")
        e.line("return all.contains(name) ? implemented.contains(name) : nil")
      }
    }
  }

  /// The app's UIWindow and UIApplication subclasses and its app delegate's action methods, as the scene
  /// says (`responders`).
  mutating func writeEventResponders() {
    let r = scene.responders
    guard !r.isDefault else { return }
    for (cls, base, spec, name) in [
      ("SceneWindow", "UIWindow", r.window, "window"),
      ("SceneApplication", "UIApplication", r.application, "application"),
    ] where !spec.isDefault {
      line()
      if base == "UIWindow" {
        line("/// The app's window class: make the scene delegate's window a SceneWindow (rules B-7a, C-11).")
      } else {
        line("/// The app's application class: pass it to UIApplicationMain in main.swift,")
        line("///   UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv,")
        line("///     NSStringFromClass(SceneApplication.self), NSStringFromClass(AppDelegate.self))")
        line("/// (rules B-7a, C-11).")
      }
      block("final class \(cls): \(base)") { e in
        if let o = spec.sendEvent {
          e.writeSendEvent(o, owner: name)
        }
        if !spec.implements.isEmpty {
          e.line()
          e.block("override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool") { e in
            e.line(
              "SceneActions.canPerform(action, \(Self.selectorSet(spec.implements))) ?? super.canPerformAction(action, withSender: sender)"
            )
          }
          e.writeActionMethodBodies(id: Self.literal(name))
        }
      }
    }
    if !r.appDelegate.implements.isEmpty {
      line()
      line(
        "// The app delegate implements \(r.appDelegate.implements.joined(separator: ", ")) (rule B-7a): give the app's"
      )
      line(
        "// AppDelegate (a UIResponder) these methods, each calling TouchLog.perform(\"appDelegate\", SELECTOR, sender: sender)."
      )
    }
  }

  /// An overridden sendEvent(_:) that logs the event and calls super as the scene says (rule C-11).
  mutating func writeSendEvent(_ o: SendEventOverride, owner: String) {
    switch o {
    case .always(true):
      line("// sendEvent: true: the override sees every event and calls super.")
      block("override func sendEvent(_ event: UIEvent)") { e in
        e.line("if event.type == .touches { TouchLog.sendEvent(by: \(Self.literal(owner)), event, callsSuper: true) }")
        e.line("super.sendEvent(event)")
      }
    case .always(false):
      line("// sendEvent: false: the override swallows every touch event (it never calls super for one).")
      block("override func sendEvent(_ event: UIEvent)") { e in
        e.line("guard event.type == .touches else { return super.sendEvent(event) }")
        e.line("TouchLog.sendEvent(by: \(Self.literal(owner)), event, callsSuper: false)")
      }
    case .within(let shape):
      line("// sendEvent: a shape: super only for events whose touches went down in it (window coordinates).")
      line("private var swallowed = Set<ObjectIdentifier>()")
      line()
      block("override func sendEvent(_ event: UIEvent)") { e in
        e.line("guard event.type == .touches, let touches = event.allTouches else { return super.sendEvent(event) }")
        e.block("for touch in touches where touch.phase == .began") { e in
          e.line("let p = touch.location(in: nil)")
          e.line("if !(\(Self.shapeTest(shape))) { swallowed.insert(ObjectIdentifier(touch)) }")
        }
        e.line("let callsSuper = !touches.contains { swallowed.contains(ObjectIdentifier($0)) }")
        e.line("for touch in touches where touch.phase == .ended || touch.phase == .cancelled {")
        e.line("  swallowed.remove(ObjectIdentifier(touch))")
        e.line("}")
        e.line("TouchLog.sendEvent(by: \(Self.literal(owner)), event, callsSuper: callsSuper)")
        e.line("if callsSuper { super.sendEvent(event) }")
      }
    }
  }
}
