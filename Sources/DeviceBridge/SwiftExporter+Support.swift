import Geometry
import SceneFile
import TouchSim

/// The support code the exported file carries: child controllers, the touch log in the trace's own words,
/// and the logged subclasses that report what a real app can observe.
extension SwiftExporter {
  mutating func writeChildController() {
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

  mutating func writeLog() {
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

  mutating func writeOverrides() {
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

  mutating func writeLoggedClass(_ kind: ViewKind) {
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
