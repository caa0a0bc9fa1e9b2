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
  var out: [String] = []
  var indent = 0
  /// The scene's views and recognizers, in the order the generated code declares them, and what the
  /// writer looks up by id: each looked up once, so that the file is written in time linear in the scene.
  let allViews: [ViewSpec]
  let allRecognizers: [RecognizerSpec]
  let viewIds: Set<String>
  let recognizerIds: Set<String>
  /// Each view's superview, by id.
  let parentIds: [String: String]
  /// The scroll views, by the id of their built-in pan (`ID.pan`).
  let scrollViewByPan: [String: String]
  /// `ID.pinch` of a scroll view that zooms (rule H-18): its built-in pinch recognizer.
  let scrollViewByPinch: [String: String]

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

  mutating func line(_ s: String = "") {
    out.append(s.isEmpty ? "" : String(repeating: "  ", count: indent) + s)
  }
  mutating func block(_ opening: String, _ body: (inout SwiftExporter) -> Void) {
    line(opening + " {")
    indent += 1
    body(&self)
    indent -= 1
    line("}")
  }

  /// A `switch`: its cases at the indentation of the `switch`, as Swift code is usually written.
  mutating func switchBlock(_ opening: String, _ body: (inout SwiftExporter) -> Void) {
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
  func recognizerExpression(_ id: String) -> String? {
    if recognizerIds.contains(id) { return names[id] }
    if let v = scrollViewByPan[id] { return names[v] + ".panGestureRecognizer" }
    // Made when the zoom scales were set, just before (rule H-18).
    if let v = scrollViewByPinch[id] { return names[v] + ".pinchGestureRecognizer!" }
    return nil
  }
  func viewExists(_ id: String) -> Bool { viewIds.contains(id) }

  // MARK: The file

  mutating func write() {
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

  mutating func writeHeader() {
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
  mutating func writeScriptChanges() {
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
