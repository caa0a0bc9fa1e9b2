import Geometry
import SceneFile
import TouchSim

/// The exported recognizers, their actions and their delegates' answers.
extension SwiftExporter {
  mutating func writeRecognizers() {
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

  mutating func writeRecognizer(_ r: RecognizerSpec, on v: ViewSpec) {
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
  mutating func writeAction() {
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
  mutating func writeRootControllerTouches() {
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

  var delegated: [RecognizerSpec] { allRecognizers.filter { $0.delegate != nil } }

  func predicateExpression(_ p: TouchPredicate, view: String) -> String {
    switch p {
    case .always(let b): return "\(b)"
    case .unlessTouchIn(let ids): return "!isTouch(\(view), in: \(viewList(ids)))"
    case .onlyTouchIn(let ids): return "isTouch(\(view), in: \(viewList(ids)))"
    }
  }
  func predicateComment(_ p: TouchPredicate) -> String {
    switch p {
    case .always(let b): return b ? "YES" : "NO"
    case .unlessTouchIn(let ids): return "YES unless touch.view is in " + ids.joined(separator: ", ")
    case .onlyTouchIn(let ids): return "YES only when touch.view is in " + ids.joined(separator: ", ")
    }
  }

  mutating func writeDelegate() {
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
  mutating func writeOtherQuestion(_ question: String, signature: String, _ answers: [(String, [String]?)]) {
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
}
