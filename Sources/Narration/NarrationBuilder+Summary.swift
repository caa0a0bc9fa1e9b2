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
            Phrase.sentence(
              "\(Phrase.code(r)) did not fire: it never saw finger \(refusal.touch), because its delegate answered NO to shouldReceive",
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
      out.append(
        Phrase.sentence(
          "\(Phrase.code(u.recognizer)) did not fire: it never got finger \(u.touch), because \(u.why)", ["C-7"]))
    }
    for s in g.skipped {
      for r in recognizersInSubtree(of: s.view) where !told.contains(r) {
        told.insert(r)
        out.append(
          Phrase.sentence(
            "\(Phrase.code(r)) did not fire: it is on \(Phrase.code(scene.recognizerView[r] ?? s.view)), and the hit test skipped \(Phrase.code(s.view)) because it \(skipReason(s.result, s.view)), so finger \(s.touch) never reached it",
            ["A-1", "C-7"]))
      }
    }
    for v in g.viewOrder where scene.isControl(v) {
      if let line = controlVerdict(v, g.views[v] ?? GestureRecord.ViewLog(), g) { out.append(line) }
    }
    for s in g.skipped where scene.isControl(s.view) && g.views[s.view] == nil {
      out.append(
        Phrase.sentence(
          "\(Phrase.code(s.view)) got no events: it \(skipReason(s.result, s.view)), so the hit test skipped it although finger \(s.touch) was on it",
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
        let why = ReasonText.because(first.reason, recognizer: scene.recognizerKind(r), scene: scene)
        let times = same.compactMap { $0.decisive.map { Phrase.ms($0.t) } }
        out.append(
          Phrase.sentence(
            "\(Phrase.code(r)) did not fire: it failed \(Phrase.times(same.count)) (at \(Phrase.list(times))), the first time because \(why.text)",
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
      return Phrase.sentence("\(shownRec) got the touch but had not decided when the gesture ended", ["5.4"])
    }
    let (waited, rest) = decisive.reason.waited
    let why = ReasonText.because(rest, recognizer: kind, scene: scene)
    var rules: [String] = []
    var text: String
    if a.fired {
      let start = a.transitions.first { $0.from == .possible && ($0.to == .began || $0.to == .ended) }
      let startWaited = start?.reason.waited.ids ?? []
      let startReason = start?.reason.waited.reason
      let startBecause =
        startReason.map { ReasonText.because($0, recognizer: kind, scene: scene) } ?? Because(text: "", rules: [])
      if kind?.isDiscrete ?? false, let start {
        text = "\(shownRec) fired at \(Phrase.ms(start.t))"
        if !startWaited.isEmpty {
          if let lift = g.lastLift(before: start.t), start.t > lift {
            text += ", \(Phrase.ms(start.t - lift)) after the lift,"
          }
          text += " because it had to wait for \(Phrase.codes(startWaited)) to fail"
          text += waitedOutcome(startWaited, g)
          rules.append("E-6.3")
        } else if startReason == .tapped {
          text += ", when the tap was complete"
          rules.append("5.1")
        } else if case .tapsComplete? = startReason {
          text += ", when \(startBecause.text.replacingFirst(" is complete", with: "")) was complete"
          rules.append("5.1")
        } else {
          text += ": \(startBecause.text)"
          rules += startBecause.rules
        }
      } else {
        text = "\(shownRec) fired: it began at \(Phrase.ms(start?.t ?? decisive.t))"
        if !startWaited.isEmpty {
          text += ", once \(Phrase.codes(startWaited)) failed"
          rules.append("E-6.3")
        } else {
          text += " because \(startBecause.text)"
          rules += startBecause.rules
        }
        let changes = a.changedCount
        if changes > 0 { text += ", changed \(Phrase.times(changes))" }
        switch decisive.to {
        case .ended: text += " and ended at \(Phrase.ms(decisive.t))"
        case .cancelled: text += " and was cancelled at \(Phrase.ms(decisive.t)) because \(why.text)"
        default: break
        }
        rules.append("5.1")
      }
      if scene.recognizers[r]?.cancelsTouchesInView == false {
        text += "; its cancelsTouchesInView is off, so views kept their touches"
        rules.append("F-4")
      }
      return Phrase.sentence(text, rules)
    }
    if decisive.to == .failed {
      if !waited.isEmpty || a.firstWait != nil, case .requiredGestureRecognized(let other) = rest {
        let verb = scene.recognizerKind(other)?.isDiscrete == true ? "recognized" : "began"
        return Phrase.sentence(
          "\(shownRec) did not fire: it had to wait for \(Phrase.code(other)) to fail, but \(Phrase.code(other)) \(verb)",
          ["E-6.3"])
      }
      text = "\(shownRec) did not fire: it failed at \(Phrase.ms(decisive.t)) because \(why.text)"
      if why.rules.isEmpty { text = "\(shownRec) did not fire: it failed at \(Phrase.ms(decisive.t)) (\(rest.text))" }
      return Phrase.sentence(text, why.rules.isEmpty ? ["5.1"] : why.rules)
    }
    return Phrase.sentence(
      "\(shownRec) ended in \(decisive.to.rawValue) at \(Phrase.ms(decisive.t)) (\(decisive.reason.text))", ["5.1"])
  }

  /// ", and `doubleTap` failed because no second tap came within 350 ms".
  private func waitedOutcome(_ waited: [String], _ g: GestureRecord) -> String {
    var parts: [String] = []
    for w in waited {
      guard let t = (g.attempts[w] ?? []).compactMap({ $0.decisive }).last(where: { $0.to == .failed }) else {
        continue
      }
      let why = ReasonText.because(t.reason, recognizer: scene.recognizerKind(w), scene: scene)
      parts.append("\(Phrase.code(w)) failed because \(why.text)")
    }
    return parts.isEmpty ? "" : ", and " + Phrase.list(parts)
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
    case .hidden: return "is hidden"
    case .alpha: return "has alpha below 0.01"
    case .noInteraction: return "has userInteractionEnabled off"
    case .disabled: return "is disabled (isEnabled false)"
    case .passThrough: return "lets touches pass through"
    case .inside, .outside: return "does not contain the point"
    }
  }

  // MARK: Controls

  private func controlVerdict(_ c: String, _ log: GestureRecord.ViewLog, _ g: GestureRecord) -> String? {
    let shownControl = Phrase.code(c)
    let events = log.controlEvents
    let values = events.filter { $0.event == .valueChanged }
    let valueNote = values.last.map { ", and valueChanged (value now \(Phrase.num($0.value ?? 0)))" } ?? ""
    if let up = events.first(where: { $0.event == .touchUpInside }) {
      var text = "\(shownControl) fired touchUpInside at \(Phrase.ms(up.t))\(valueNote)"
      var rules = ["8.1"]
      let began = log.deliveries.first { $0.method == .touchesBegan }
      let ended = log.deliveries.first { $0.method == .touchesEnded }
      if let b = began, let late = b.late, late > 0, let s = b.heldBy.first(where: { scene.views[$0] != nil }),
        g.touches.contains(where: { $0.lift == b.t })
      {
        text +=
          ", together with touchDown, at the lift: \(Phrase.code(s)) held the touch back for \(Phrase.ms(late)) to see whether it would scroll"
        rules = ["H-1", "H-3"]
      } else if let e = ended, let late = e.late, late > 0 {
        let by = e.releasedBy.isEmpty ? e.heldBy : e.releasedBy
        text +=
          ", \(Phrase.ms(late)) after the lift: its touchesEnded was held back until \(Phrase.codes(by)) failed (delaysTouchesEnded)"
        rules = ["F-6"]
      } else if let b = began, let late = b.late, late > 0 {
        let (clause, r) = heldClause(b, g)
        text += "; its touchesBegan came \(Phrase.ms(late)) late, \(clause)"
        rules += r
      }
      let vetoed = vetoedBy(c, g)
      if !vetoed.isEmpty {
        let cls = Phrase.article(scene.className(c))
        text +=
          "; \(Phrase.codes(vetoed.map(\.recognizer), and: "and")) could not take the touch away, because \(cls) says no to \(vetoed.map(\.what).first ?? "it")"
        rules.append("8.3")
      }
      return Phrase.sentence(text, rules)
    }
    if events.contains(where: { $0.event == .touchCancel }) {
      let cancel = log.deliveries.last { $0.method == .touchesCancelled }
      let (clause, rules) = cancel?.cause.map { causeClause($0, touches: cancel?.touches ?? [], view: c) } ?? ("", [])
      let because = clause.isEmpty ? "" : " because \(clause)"
      return Phrase.sentence(
        "\(shownControl) did not fire touchUpInside: it got touchesCancelled at \(Phrase.ms(cancel?.t ?? 0))\(because), so it sent touchCancel\(valueNote)",
        rules + ["8.1"])
    }
    if events.contains(where: { $0.event == .touchUpOutside }) {
      return Phrase.sentence(
        "\(shownControl) did not fire touchUpInside: the finger lifted outside its bounds plus the tracking margin, so it sent touchUpOutside\(valueNote)",
        ["8.1", "L7"])
    }
    if let drop = log.drops.first {
      let (clause, rules) = dropClause(view: c, reason: drop.reason, heldBy: drop.heldBy)
      return Phrase.sentence(
        "\(shownControl) got no events: finger \(drop.touch) never reached it, because \(clause)", rules)
    }
    if !events.isEmpty {
      return Phrase.sentence(
        "\(shownControl) sent \(eventList(events.map { ($0.event, $0.value) })) but no touchUp event", ["8.1"])
    }
    if g.touches.contains(where: { $0.view == c }) {
      if let held = log.deliveries.isEmpty ? tracker.held.first(where: { $0.key.hasPrefix(c + "#") }) : nil {
        return Phrase.sentence(
          "\(shownControl) got no events: its touch is still held back by \(Phrase.codes(held.value.first?.by ?? []))",
          ["F-5"])
      }
      return Phrase.sentence("\(shownControl) got no events", [])
    }
    return nil
  }

  /// Recognizers that failed because this control vetoed them (rule 8.3).
  private func vetoedBy(_ c: String, _ g: GestureRecord) -> [(recognizer: String, what: String)] {
    var out: [(String, String)] = []
    for r in g.recognizerOrder {
      for a in g.attempts[r] ?? [] {
        for t in a.transitions where t.to == .failed {
          if case .controlVeto(let control, _, let gesture) = t.reason, control == c,
            !out.contains(where: { $0.0 == r })
          {
            out.append((r, gesture.text))
          }
        }
      }
    }
    return out
  }

  private func heldClause(_ d: GestureRecord.Delivery, _ g: GestureRecord) -> (String, [String]) {
    if let s = d.heldBy.first(where: { scene.views[$0] != nil }) {
      if !d.releasedBy.contains(s) && g.touches.contains(where: { $0.lift == d.t }) {
        return ("held back by \(Phrase.code(s)) until the finger lifted (delaysContentTouches)", ["H-1", "H-3"])
      }
      return ("held back by \(Phrase.code(s))'s content-touch delay", ["H-1", "H-2"])
    }
    let rule = d.method == .touchesBegan ? "F-5" : "F-6"
    if !d.releasedBy.isEmpty { return ("held back until \(Phrase.codes(d.releasedBy)) failed", [rule]) }
    return ("held back by \(Phrase.codes(d.heldBy))", [rule, "F-7"])
  }

  // MARK: Views

  private func viewVerdicts(_ v: String, _ log: GestureRecord.ViewLog, _ g: GestureRecord) -> [String] {
    var out: [String] = []
    let shownView = Phrase.code(v)
    for d in log.deliveries where d.method == .touchesCancelled {
      let (clause, rules) = d.cause.map { causeClause($0, touches: d.touches, view: v) } ?? ("", [])
      let fingers =
        d.touches.count == 1 ? "finger \(d.touches[0])" : "fingers \(Phrase.list(d.touches.map(String.init)))"
      out.append(
        Phrase.sentence(
          "\(shownView) got touchesCancelled for \(fingers) at \(Phrase.ms(d.t))"
            + (clause.isEmpty ? "" : " because \(clause)"),
          rules))
    }
    for d in log.deliveries where (d.method == .touchesBegan || d.method == .touchesEnded) && (d.late ?? 0) > 0 {
      let cancelledLater = log.deliveries.contains {
        $0.method == .touchesCancelled && $0.t >= d.t && !Set($0.touches).isDisjoint(with: d.touches)
      }
      if cancelledLater && d.method != .touchesBegan { continue }
      let (clause, rules) = heldClause(d, g)
      let fingers =
        d.touches.count == 1 ? "finger \(d.touches[0])" : "fingers \(Phrase.list(d.touches.map(String.init)))"
      out.append(
        Phrase.sentence(
          "\(shownView) got \(d.method.rawValue) for \(fingers) \(Phrase.ms(d.late ?? 0)) late, \(clause)", rules)
      )
    }
    for drop in log.drops {
      let (clause, rules) = dropClause(view: v, reason: drop.reason, heldBy: drop.heldBy)
      out.append(Phrase.sentence("\(shownView) never got finger \(drop.touch): \(clause)", rules))
    }
    return out
  }

  /// A gesture with no recognizer, no control and nothing cancelled.
  private func quietGesture(_ g: GestureRecord) -> String {
    let views = g.touches.compactMap(\.view)
    var unique: [String] = []
    for v in views where !unique.contains(v) { unique.append(v) }
    if unique.isEmpty {
      return Phrase.sentence("No view was hit, so no view and no recognizer got the touches", ["A-1"])
    }
    return Phrase.sentence(
      "No gesture recognizer or control took part: \(Phrase.codes(unique)) got the touches as touch.view, and nothing held them back or cancelled them",
      ["A-1"])
  }
}
