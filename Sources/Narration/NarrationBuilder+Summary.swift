import Localization
import TouchSim
import TraceKit

/// The "Why?" summary after each gesture: for each recognizer involved, whether it fired and why;
/// for each control that was touched, whether touchUpInside fired and why not; views whose touches
/// were cancelled or never delivered.
extension NarrationBuilder {
  func summarize(_ g: GestureRecord, endingAt end: Int) -> [String] {
    var out: [String] = []
    var told: Set<String> = []
    for r in g.recognizerOrder {
      let attempts = (g.attempts[r] ?? []).filter { !$0.touches.isEmpty || !$0.transitions.isEmpty }
      if attempts.isEmpty {
        if let refusal = g.refused.first(where: { $0.recognizer == r }) {
          out.append(
            sentence(
              language(
                "\(Phrase.code(r)) did not fire: it never saw finger \(refusal.touch), because its delegate answered NO to shouldReceive",
                "\(Phrase.code(r)) 没有触发：它从未看到手指 \(refusal.touch)，因为它的代理对 shouldReceive 回答了 NO"),
              ["E-6.4"]))
          told.insert(r)
        }
        continue
      }
      out += mergedVerdicts(r, attempts, g)
      told.insert(r)
    }
    for u in g.unattached where !told.contains(u.recognizer) {
      told.insert(u.recognizer)
      let why = unattachedText(u.why)
      out.append(
        sentence(
          language(
            "\(Phrase.code(u.recognizer)) did not fire: it never got finger \(u.touch), because \(why)",
            "\(Phrase.code(u.recognizer)) 没有触发：它从未得到手指 \(u.touch)，因为\(why)"),
          unattachedRules(u.why)))
    }
    for s in g.skipped {
      for r in recognizersInSubtree(of: s.view) where !told.contains(r) {
        told.insert(r)
        let on = Phrase.code(scene.recognizerView[r] ?? s.view)
        out.append(
          sentence(
            language(
              "\(Phrase.code(r)) did not fire: it is on \(on), and the hit test skipped \(Phrase.code(s.view)) because it \(skipReason(s.result, s.view)), so finger \(s.touch) never reached it",
              "\(Phrase.code(r)) 没有触发：它在 \(on) 上，而命中测试跳过了 \(Phrase.code(s.view))，因为它\(skipReason(s.result, s.view))，所以手指 \(s.touch) 从未到达它"
            ),
            ["A-1", "C-7"]))
      }
    }
    for v in g.viewOrder where scene.isControl(v) {
      if let line = controlVerdict(v, g.views[v] ?? GestureRecord.ViewLog(), g) { out.append(line) }
    }
    for s in g.skipped where scene.isControl(s.view) && g.views[s.view] == nil {
      out.append(
        sentence(
          language(
            "\(Phrase.code(s.view)) got no events: it \(skipReason(s.result, s.view)), so the hit test skipped it although finger \(s.touch) was on it",
            "\(Phrase.code(s.view)) 没有收到任何事件：它\(skipReason(s.result, s.view))，所以尽管手指 \(s.touch) 按在它上面，命中测试还是跳过了它"
          ),
          s.result == .disabled ? ["A-8"] : ["A-1"]))
    }
    for v in g.viewOrder where !scene.isControl(v) {
      out += viewVerdicts(v, g.views[v] ?? GestureRecord.ViewLog(), g)
    }
    if out.isEmpty {
      out.append(quietGesture(g))
    }
    // Reused touch numbers can make two lines read the same: tell each once.
    var seen: Set<String> = []
    return out.filter { seen.insert($0).inserted }
  }

  // MARK: Recognizers

  /// One verdict per try; tries that failed for the same kind of reason are told once.
  private func mergedVerdicts(_ r: String, _ attempts: [GestureRecord.Attempt], _ g: GestureRecord) -> [String] {
    var out: [String] = []
    var k = 0
    while k < attempts.count {
      var same = [attempts[k]]
      while k + 1 < attempts.count, let a = failureKey(r, attempts[k]), a == failureKey(r, attempts[k + 1]) {
        k += 1
        same.append(attempts[k])
      }
      if same.count > 1, let first = same.first?.decisive {
        let why = because(first.reason, recognizer: scene.recognizerKind(r))
        let when = list(same.compactMap { $0.decisive.map { Phrase.ms($0.t) } })
        out.append(
          sentence(
            language(
              "\(Phrase.code(r)) did not fire: it failed \(times(same.count)) (at \(when)), the first time because \(why.text)",
              "\(Phrase.code(r)) 没有触发：它失败了 \(times(same.count))（在 \(when)），第一次是因为\(why.text)"),
            why.rules.isEmpty ? ["5.1"] : why.rules))
      } else {
        out.append(recognizerVerdict(r, attempts[k], g))
      }
      k += 1
    }
    return out
  }

  /// The reason of a failed try without its numbers: tries with equal keys failed alike.
  private func failureKey(_ r: String, _ a: GestureRecord.Attempt) -> String? {
    guard !a.fired, let d = a.decisive, d.to == .failed else { return nil }
    return String(d.reason.text.filter { !$0.isNumber && $0 != "." })
  }

  private func recognizerVerdict(_ r: String, _ a: GestureRecord.Attempt, _ g: GestureRecord) -> String {
    let shownRec = Phrase.code(r)
    let kind = scene.recognizerKind(r)
    guard let decisive = a.decisive else {
      if let t = a.removedAt {
        // C-12: removed from its view while still possible: it never decided, and sent nothing.
        return sentence(
          language(
            "\(shownRec) was removed from its view at \(Phrase.ms(t)) before it decided, so it sent nothing",
            "\(shownRec) 在 \(Phrase.ms(t)) 还没做出决定就被从它的视图上移除了，所以什么也没有发送"),
          ["C-12"])
      }
      return sentence(
        language(
          "\(shownRec) got the touch but had not decided when the gesture ended",
          "\(shownRec) 收到了触摸，但手势结束时它还没有做出决定"),
        ["5.4"])
    }
    let (waited, rest) = decisive.reason.waited
    let why = because(rest, recognizer: kind)
    var rules: [String] = []
    var text: String
    if a.fired {
      let start = a.transitions.first { $0.from == .possible && ($0.to == .began || $0.to == .ended) }
      let startWaited = start?.reason.waited.ids ?? []
      let startReason = start?.reason.waited.reason
      let startBecause = startReason.map { because($0, recognizer: kind) } ?? Because(text: "", rules: [])
      if kind?.isDiscrete ?? false, let start {
        text = language("\(shownRec) fired at \(Phrase.ms(start.t))", "\(shownRec) 在 \(Phrase.ms(start.t)) 触发")
        if !startWaited.isEmpty {
          if let lift = g.lastLift(before: start.t), start.t > lift {
            let after = Phrase.ms(start.t - lift)
            text += language(", \(after) after the lift,", "（抬起后 \(after)）")
          }
          text += language(
            " because it had to wait for \(codes(startWaited)) to fail", "，因为它必须等待 \(codes(startWaited)) 失败")
          text += waitedOutcome(startWaited, g)
          rules.append("E-6.3")
        } else if startReason == .tapped {
          text += language(", when the tap was complete", "，此时点击已完成")
          rules.append("5.1")
        } else if case .tapsComplete(let tap, let required)? = startReason {
          text += language(
            ", when \(startBecause.text.replacingFirst(" is complete", with: "")) was complete",
            "，此时第 \(tap) 次点击（共需 \(required) 次）已完成")
          rules.append("5.1")
        } else {
          text += language(": \(startBecause.text)", "：\(startBecause.text)")
          rules += startBecause.rules
        }
      } else {
        let began = Phrase.ms(start?.t ?? decisive.t)
        text = language("\(shownRec) fired: it began at \(began)", "\(shownRec) 触发了：它在 \(began) 开始")
        if !startWaited.isEmpty {
          text += language(", once \(codes(startWaited)) failed", "，在 \(codes(startWaited)) 失败之后")
          rules.append("E-6.3")
        } else {
          text += language(" because \(startBecause.text)", "，因为\(startBecause.text)")
          rules += startBecause.rules
        }
        let changes = a.changedCount
        if changes > 0 { text += language(", changed \(times(changes))", "，报告了 \(times(changes)) changed") }
        let at = Phrase.ms(decisive.t)
        switch decisive.to {
        case .ended: text += language(" and ended at \(at)", "，并在 \(at) 结束")
        case .cancelled:
          text += language(" and was cancelled at \(at) because \(why.text)", "，并在 \(at) 被取消，因为\(why.text)")
        default:
          if let removed = a.removedAt {
            text += language(
              ", then was removed from its view at \(Phrase.ms(removed)) and reset without an action",
              "，然后在 \(Phrase.ms(removed)) 被从视图上移除，重置时没有发送动作")
            rules.append("C-12")
          }
        }
        rules.append("5.1")
      }
      if scene.recognizers[r]?.cancelsTouchesInView == false {
        text += language(
          "; its cancelsTouchesInView is off, so views kept their touches",
          "；它的 cancelsTouchesInView 已关闭，所以视图保留了各自的触摸")
        rules.append("F-4")
      }
      return sentence(text, rules)
    }
    if decisive.to == .failed {
      if !waited.isEmpty || a.firstWait != nil, case .requiredGestureRecognized(let other) = rest {
        let discrete = scene.recognizerKind(other)?.isDiscrete == true
        let verb = discrete ? language("recognized", "识别") : language("began", "开始")
        return sentence(
          language(
            "\(shownRec) did not fire: it had to wait for \(Phrase.code(other)) to fail, but \(Phrase.code(other)) \(verb)",
            "\(shownRec) 没有触发：它必须等待 \(Phrase.code(other)) 失败，但 \(Phrase.code(other)) \(verb)了"),
          ["E-6.3"])
      }
      let at = Phrase.ms(decisive.t)
      text = language(
        "\(shownRec) did not fire: it failed at \(at) because \(why.text)",
        "\(shownRec) 没有触发：它在 \(at) 失败，因为\(why.text)")
      if why.rules.isEmpty {
        text = language(
          "\(shownRec) did not fire: it failed at \(at) (\(rest.text))",
          "\(shownRec) 没有触发：它在 \(at) 失败（\(words(rest, recognizer: kind))）")
      }
      return sentence(text, why.rules.isEmpty ? ["5.1"] : why.rules)
    }
    return sentence(
      language(
        "\(shownRec) ended in \(decisive.to.rawValue) at \(Phrase.ms(decisive.t)) (\(decisive.reason.text))",
        "\(shownRec) 在 \(Phrase.ms(decisive.t)) 以 \(decisive.to.rawValue) 状态结束（\(words(decisive.reason, recognizer: kind))）"
      ),
      ["5.1"])
  }

  /// ", and `doubleTap` failed because no second tap came within 350 ms".
  private func waitedOutcome(_ waited: [String], _ g: GestureRecord) -> String {
    var parts: [String] = []
    for w in waited {
      guard let t = (g.attempts[w] ?? []).compactMap({ $0.decisive }).last(where: { $0.to == .failed }) else {
        continue
      }
      let why = because(t.reason, recognizer: scene.recognizerKind(w))
      parts.append(
        language("\(Phrase.code(w)) failed because \(why.text)", "\(Phrase.code(w)) 失败了，因为\(why.text)"))
    }
    return parts.isEmpty ? "" : language(", and ", "，而 ") + list(parts)
  }

  private func recognizersInSubtree(of view: String) -> [String] {
    var out: [String] = []
    var stack = [view]
    while let v = stack.popLast() {
      out += scene.recognizersOn[v] ?? []
      stack += (scene.children[v] ?? []).reversed()
    }
    return out
  }

  private func skipReason(_ result: TraceEvent.HitResult, _ view: String) -> String {
    switch result {
    case .hidden: return language("is hidden", "已隐藏")
    case .alpha: return language("has alpha below 0.01", "的 alpha 低于 0.01")
    case .noInteraction: return language("has userInteractionEnabled off", "的 userInteractionEnabled 已关闭")
    case .disabled: return language("is disabled (isEnabled false)", "已禁用（isEnabled 为 false）")
    case .passThrough: return language("lets touches pass through", "让触摸穿透")
    case .override: return language("has its hitTest overridden", "的 hitTest 被重写")
    case .inside, .outside: return language("does not contain the point", "不包含该点")
    }
  }

  // MARK: Controls

  private func controlVerdict(_ c: String, _ log: GestureRecord.ViewLog, _ g: GestureRecord) -> String? {
    let shownControl = Phrase.code(c)
    let events = log.controlEvents
    let values = events.filter { $0.event == .valueChanged }
    let valueNote =
      values.last.map {
        language(
          ", and valueChanged (\(controlValueText($0.value, now: true)))",
          "，并发送了 valueChanged（\(controlValueText($0.value, now: true))）")
      } ?? ""
    if let up = events.first(where: { $0.event == .touchUpInside }) {
      var text = language(
        "\(shownControl) fired touchUpInside at \(Phrase.ms(up.t))\(valueNote)",
        "\(shownControl) 在 \(Phrase.ms(up.t)) 触发了 touchUpInside\(valueNote)")
      var rules = ["8.1"]
      let began = log.deliveries.first { $0.method == .touchesBegan }
      let ended = log.deliveries.first { $0.method == .touchesEnded }
      if let b = began, let late = b.late, late > 0, let s = b.heldBy.first(where: { scene.views[$0] != nil }),
        g.touches.contains(where: { $0.lift == b.t })
      {
        text += language(
          ", together with touchDown, at the lift: \(Phrase.code(s)) held the touch back for \(Phrase.ms(late)) to see whether it would scroll",
          "，与 touchDown 一起在抬起时发出：\(Phrase.code(s)) 把这个触摸延迟了 \(Phrase.ms(late))，以观察它是否会滚动")
        rules = ["H-1", "H-3"]
      } else if let e = ended, let late = e.late, late > 0 {
        let by = codes(e.releasedBy.isEmpty ? e.heldBy : e.releasedBy)
        text += language(
          ", \(Phrase.ms(late)) after the lift: its touchesEnded was held back until \(by) failed (delaysTouchesEnded)",
          "，比抬起晚了 \(Phrase.ms(late))：它的 touchesEnded 一直被延迟到 \(by) 失败（delaysTouchesEnded）")
        rules = ["F-6"]
      } else if let b = began, let late = b.late, late > 0 {
        let (clause, r) = heldClause(b, g)
        text += language(
          "; its touchesBegan came \(Phrase.ms(late)) late, \(clause)",
          "；它的 touchesBegan 晚到了 \(Phrase.ms(late))，\(clause)")
        rules += r
      }
      let vetoed = vetoedBy(c, g)
      if !vetoed.isEmpty {
        let cls = article(scene.className(c))
        let who = codes(vetoed.map(\.recognizer))
        let what = vetoed.first.map { ReasonText.vetoed($0.gesture, language) } ?? language("it", "它")
        text += language(
          "; \(who) could not take the touch away, because \(cls) says no to \(what)",
          "；\(who) 无法夺走这个触摸，因为 \(cls) 不允许\(what)")
        rules.append("8.3")
      }
      return sentence(text, rules)
    }
    if events.contains(where: { $0.event == .touchCancel }) {
      let cancel = log.deliveries.last { $0.method == .touchesCancelled }
      let (clause, rules) = cancel?.cause.map { causeClause($0, touches: cancel?.touches ?? [], view: c) } ?? ("", [])
      let because = clause.isEmpty ? "" : language(" because \(clause)", "，因为\(clause)")
      let at = Phrase.ms(cancel?.t ?? 0)
      return sentence(
        language(
          "\(shownControl) did not fire touchUpInside: it got touchesCancelled at \(at)\(because), so it sent touchCancel\(valueNote)",
          "\(shownControl) 没有触发 touchUpInside：它在 \(at) 收到了 touchesCancelled\(because)，所以发送了 touchCancel\(valueNote)"
        ),
        rules + ["8.1"])
    }
    if events.contains(where: { $0.event == .touchUpOutside }) {
      return sentence(
        language(
          "\(shownControl) did not fire touchUpInside: the finger lifted outside its bounds plus the tracking margin, so it sent touchUpOutside\(valueNote)",
          "\(shownControl) 没有触发 touchUpInside：手指在它的边界加上跟踪余量的范围之外抬起，所以它发送了 touchUpOutside\(valueNote)"
        ),
        ["8.1", "L7"])
    }
    if let drop = log.drops.first {
      let (clause, rules) = dropClause(view: c, reason: drop.reason, heldBy: drop.heldBy, scroller: drop.scroller)
      return sentence(
        language(
          "\(shownControl) got no events: finger \(drop.touch) never reached it, because \(clause)",
          "\(shownControl) 没有收到任何事件：手指 \(drop.touch) 从未到达它，因为\(clause)"),
        rules)
    }
    if let (q, t) = trackingRefusal(c, g) {
      let sent = events.isEmpty ? nil : eventList(events.map { ($0.event, $0.value) })
      let text =
        q == .beginTracking
        ? language(
          "\(shownControl) sent no control events: its beginTracking override answered NO at \(Phrase.ms(t)), so it never tracked the touch",
          "\(shownControl) 没有发送任何控件事件：它重写的 beginTracking 在 \(Phrase.ms(t)) 回答了 NO，所以它从未跟踪这个触摸")
        : language(
          "\(shownControl) sent \(sent ?? "nothing") but no touchUp event: its continueTracking override answered NO at \(Phrase.ms(t)), which ended tracking",
          "\(shownControl) 发送了 \(sent ?? "空")，但没有发送 touchUp 事件：它重写的 continueTracking 在 \(Phrase.ms(t)) 回答了 NO，跟踪就此结束"
        )
      return sentence(text, ["8.8"])
    }
    if !events.isEmpty {
      let sent = eventList(events.map { ($0.event, $0.value) })
      return sentence(
        language(
          "\(shownControl) sent \(sent) but no touchUp event", "\(shownControl) 发送了 \(sent)，但没有发送 touchUp 事件"),
        ["8.1"])
    }
    if g.touches.contains(where: { $0.view == c }) {
      if let held = log.deliveries.isEmpty ? tracker.held[c] : nil {
        let by = codes(held.first?.by ?? [])
        return sentence(
          language(
            "\(shownControl) got no events: its touch is still held back by \(by)",
            "\(shownControl) 没有收到任何事件：它的触摸仍被 \(by) 延迟"),
          ["F-5"])
      }
      if !log.deliveries.isEmpty {
        // Its touches reached it, yet it sent nothing (a touches method overridden without super, G-8.1a).
        return sentence(
          language(
            "\(shownControl) sent no control events, although its touches reached it",
            "\(shownControl) 没有发送任何控件事件，尽管它的触摸到达了它"), [])
      }
      return sentence(language("\(shownControl) got no events", "\(shownControl) 没有收到任何事件"), [])
    }
    return nil
  }

  /// The first NO of the control's beginTracking or continueTracking override in this gesture (rule 8.8),
  /// with its time: the trace lines from the gesture's start up to its last lift.
  private func trackingRefusal(_ c: String, _ g: GestureRecord) -> (TraceEvent.Question, Double)? {
    let end = g.touches.compactMap(\.lift).max() ?? .infinity
    var i = g.start
    while i < trace.count && trace[i].t <= end {
      if case .ask(c, let q, _, _, false) = trace[i].event, q == .beginTracking || q == .continueTracking {
        return (q, trace[i].t)
      }
      i += 1
    }
    return nil
  }

  /// Recognizers that failed because this control vetoed them (rule 8.3).
  private func vetoedBy(_ c: String, _ g: GestureRecord) -> [(
    recognizer: String, gesture: StateReason.VetoedGesture
  )] {
    var out: [(String, StateReason.VetoedGesture)] = []
    for r in g.recognizerOrder {
      for a in g.attempts[r] ?? [] {
        for t in a.transitions where t.to == .failed {
          if case .controlVeto(let control, _, let gesture) = t.reason, control == c,
            !out.contains(where: { $0.0 == r })
          {
            out.append((r, gesture))
          }
        }
      }
    }
    return out
  }

  private func heldClause(_ d: GestureRecord.Delivery, _ g: GestureRecord) -> (String, [String]) {
    if let s = d.heldBy.first(where: { scene.views[$0] != nil }) {
      if !d.releasedBy.contains(s) && g.touches.contains(where: { $0.lift == d.t }) {
        return (
          language(
            "held back by \(Phrase.code(s)) until the finger lifted (delaysContentTouches)",
            "被 \(Phrase.code(s)) 延迟到手指抬起（delaysContentTouches）"),
          ["H-1", "H-3"]
        )
      }
      return (
        language(
          "held back by \(Phrase.code(s))'s content-touch delay", "因 \(Phrase.code(s)) 的内容触摸延迟而推迟"),
        ["H-1", "H-2"]
      )
    }
    let rule = d.method == .touchesBegan ? "F-5" : "F-6"
    if !d.releasedBy.isEmpty {
      return (
        language("held back until \(codes(d.releasedBy)) failed", "一直被延迟到 \(codes(d.releasedBy)) 失败"), [rule]
      )
    }
    return (language("held back by \(codes(d.heldBy))", "被 \(codes(d.heldBy)) 延迟"), [rule, "F-7"])
  }

  // MARK: Views

  private func viewVerdicts(_ v: String, _ log: GestureRecord.ViewLog, _ g: GestureRecord) -> [String] {
    var out: [String] = []
    let shownView = Phrase.code(v)
    for d in log.deliveries where d.method == .touchesCancelled {
      let (clause, rules) = d.cause.map { causeClause($0, touches: d.touches, view: v) } ?? ("", [])
      let fingers = self.fingers(d.touches)
      let at = Phrase.ms(d.t)
      out.append(
        sentence(
          language(
            "\(shownView) got touchesCancelled for \(fingers) at \(at)" + (clause.isEmpty ? "" : " because \(clause)"),
            "\(shownView) 在 \(at) 收到了\(fingers)的 touchesCancelled" + (clause.isEmpty ? "" : "，因为\(clause)")),
          rules))
    }
    for d in log.deliveries where (d.method == .touchesBegan || d.method == .touchesEnded) && (d.late ?? 0) > 0 {
      let cancelledLater = log.deliveries.contains {
        $0.method == .touchesCancelled && $0.t >= d.t && !Set($0.touches).isDisjoint(with: d.touches)
      }
      if cancelledLater && d.method != .touchesBegan { continue }
      let (clause, rules) = heldClause(d, g)
      let fingers = self.fingers(d.touches)
      let late = Phrase.ms(d.late ?? 0)
      out.append(
        sentence(
          language(
            "\(shownView) got \(d.method.rawValue) for \(fingers) \(late) late, \(clause)",
            "\(shownView) 收到\(fingers)的 \(d.method.rawValue) 晚了 \(late)，\(clause)"),
          rules)
      )
    }
    for drop in log.drops {
      let (clause, rules) = dropClause(view: v, reason: drop.reason, heldBy: drop.heldBy, scroller: drop.scroller)
      out.append(
        sentence(
          language(
            "\(shownView) never got finger \(drop.touch): \(clause)", "\(shownView) 从未收到手指 \(drop.touch)：\(clause)"),
          rules))
    }
    return out
  }

  /// A gesture with no recognizer, no control and nothing cancelled.
  private func quietGesture(_ g: GestureRecord) -> String {
    let views = g.touches.compactMap(\.view)
    var unique: [String] = []
    for v in views where !unique.contains(v) { unique.append(v) }
    if unique.isEmpty {
      return sentence(
        language(
          "No view was hit, so no view and no recognizer got the touches",
          "没有视图被命中，所以没有任何视图或手势识别器收到这些触摸"),
        ["A-1"])
    }
    return sentence(
      language(
        "No gesture recognizer or control took part: \(codes(unique)) got the touches as touch.view, and nothing held them back or cancelled them",
        "没有手势识别器或控件参与：\(codes(unique)) 作为 touch.view 收到了这些触摸，没有任何东西延迟或取消它们"),
      ["A-1"])
  }
}
