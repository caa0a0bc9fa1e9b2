import TouchSim
import TraceKit

/// State changes and their actions, waiting, timers, and the questions recognizers and scroll views
/// are asked.
extension NarrationBuilder {
  // MARK: State changes

  /// A state change with everything grouped with it: the questions that decided it, the timer that
  /// caused it, its action.
  func stateSentence(_ members: [Int], state s: Int) -> [Piece] {
    guard case .state(let r, let from, let to, let reason) = entry(s), !(to == .possible && reason == .reset) else {
      return []
    }
    let index = members.first ?? s
    let action = members.compactMap { j -> ActionValues? in
      if case .action(let a, _, let values) = entry(j), a == r { return values }
      return nil
    }.first
    if from.isActive && to == .changed {
      return [.burst(.changed(recognizer: r), BurstItem(index: index, value: .changed(action, reason: reason)))]
    }
    let kind = scene.recognizerKind(r)
    let (waited, rest) = reason.waited
    let why = ReasonText.because(rest, recognizer: kind, scene: scene)
    let timer = members.lazy.compactMap { j -> String? in
      if case .timer(let what, _) = self.entry(j) { return what }
      return nil
    }.first
    let shownRec = Phrase.code(r)

    switch (from, to) {
    case (.possible, .failed):
      return [.line(index: index, text: failureSentence(r, members, reason: rest, why: why, timer: timer))]
    case (.possible, .began), (.possible, .ended):
      var rules = why.rules
      var text: String
      let verb = to == .ended ? "recognized" : "began"
      if !waited.isEmpty {
        text = "\(Phrase.codes(waited)) failed, so \(shownRec) \(verb) at last and sent its action"
        if to == .ended, let lift = tracker.gesture?.lastLift(before: trace[s].t), trace[s].t > lift {
          text += ", \(Phrase.ms(trace[s].t - lift)) after the lift"
        }
        rules = ["E-6.3"]
      } else if rest == .tapped {
        text = "\(shownRec) recognized the tap and sent its action"
      } else if case .tapsComplete = rest {
        text = "\(shownRec) recognized \(why.text.replacingFirst(" is complete", with: "")) and sent its action"
      } else {
        text = "\(shownRec) \(verb) because \(why.text), and sent its action"
        rules += ["5.1"]
      }
      if let sv = scene.scrollView(ofPan: r), to == .began {
        text = "\(Phrase.code(sv)) starts scrolling: " + text
        if let v = askedView(members, .touchesShouldCancel, answer: true) {
          text += "; touchesShouldCancel(in: \(Phrase.code(v))) said YES, so \(Phrase.code(v)) may lose the touch"
          rules.append("H-6")
        }
      }
      if scene.recognizers[r]?.cancelsTouchesInView == false {
        text += "; its cancelsTouchesInView is off, so views keep their touches"
        rules.append("F-4")
      }
      return [.line(index: index, text: Phrase.sentence(text, rules))]
    case (_, .ended):
      return [
        .line(
          index: index,
          text: Phrase.sentence("\(shownRec) ended because \(why.text), and sent its last action", why.rules))
      ]
    case (_, .cancelled):
      return [
        .line(
          index: index,
          text: Phrase.sentence(
            "\(shownRec) was cancelled because \(why.text), and sent its action with state cancelled",
            why.rules + ["5.1"]))
      ]
    default:
      return [
        .line(
          index: index,
          text: Phrase.sentence("\(shownRec) went from \(from.rawValue) to \(to.rawValue) (\(reason.text))", ["5.1"]))
      ]
    }
  }

  private func failureSentence(
    _ r: String, _ members: [Int], reason: StateReason, why: Because, timer: String?
  ) -> String {
    let shownRec = Phrase.code(r)
    for j in members {
      guard case .ask(let of, let question, _, _, false) = entry(j) else { continue }
      switch question {
      case .gestureRecognizerShouldBegin:
        if case .controlVeto(_, let cls, let gesture) = reason {
          return Phrase.sentence(
            "\(shownRec) asked \(Phrase.code(of)) whether it may begin; \(Phrase.article(cls)) says no to \(gesture.text), so \(shownRec) failed",
            why.rules)
        }
        return Phrase.sentence(
          "\(shownRec) asked \(Phrase.code(of)) whether it may begin; \(Phrase.code(of)) answers NO (its gestureRecognizerShouldBegin override), so \(shownRec) failed",
          ["5.3"])
      case .shouldBegin:
        return Phrase.sentence(
          "\(shownRec) asked its delegate whether it may begin (gestureRecognizerShouldBegin); the answer is NO, so \(shownRec) failed",
          ["5.3"])
      case .touchesShouldCancel:
        if let sv = scene.scrollView(ofPan: r), let v = askedView(members, .touchesShouldCancel, answer: false) {
          let control = scene.isControl(v) ? " (\(Phrase.code(v)) is a control)" : ""
          return Phrase.sentence(
            "\(shownRec) would begin, but \(Phrase.code(sv)) asks touchesShouldCancel(in: \(Phrase.code(v))) and gets NO\(control), so \(shownRec) failed and \(Phrase.code(sv)) does not scroll",
            ["H-6", "H-7"])
        }
      default: continue
      }
    }
    switch reason {
    case .contentTracksTouch:
      return Phrase.sentence("\(shownRec) would begin, but \(why.text), so \(shownRec) failed", why.rules)
    case .noNextTap, .heldTooLongForTap:
      return Phrase.sentence("\(Phrase.capitalized(why.text)), so \(shownRec) failed", why.rules)
    default: break
    }
    if let timer, !why.rules.isEmpty {
      return Phrase.sentence(
        "\(shownRec)'s \(timer) timer fired, but \(shownRec) failed because \(why.text)", why.rules)
    }
    if why.rules.isEmpty {
      return Phrase.sentence("\(shownRec) failed (\(reason.text))", ["5.1"])
    }
    return Phrase.sentence("\(shownRec) failed because \(why.text)", why.rules)
  }

  /// The content view named by a scroll view's question in the group, if it got that answer.
  private func askedView(_ members: [Int], _ q: TraceEvent.Question, answer: Bool) -> String? {
    for j in members {
      if case .ask(_, let question, _, let view, let a) = entry(j), question == q, a == answer { return view }
    }
    return nil
  }

  /// An action without a state change in its group (not written by the engine today).
  func actionSentence(_ i: Int) -> [Piece] {
    guard case .action(let r, let state, _) = entry(i) else { return [] }
    return [
      .line(index: i, text: Phrase.sentence("\(Phrase.code(r)) sent its action with state \(state.rawValue)", ["5.1"]))
    ]
  }

  // MARK: Waiting

  func waitSentence(_ i: Int) -> [Piece] {
    guard case .wait(let r, let others) = entry(i) else { return [] }
    return [.line(index: i, text: waitText(r, others, after: nil))]
  }

  private func waitText(_ r: String, _ others: [String], after lead: String?) -> String {
    let shownRec = Phrase.code(r)
    var sources: [String] = []
    let spec = scene.recognizers[r]
    for o in others {
      if spec?.requireToFail.contains(o) == true {
        sources.append(scene.scrollView(ofPan: r) != nil ? "panRequireToFail" : "require(toFail:)")
      } else if spec?.delegate?.shouldRequireFailureOf.contains(o) == true {
        sources.append("its delegate's shouldRequireFailureOf")
      } else if scene.recognizers[o]?.delegate?.shouldBeRequiredToFailBy.contains(r) == true {
        sources.append("\(Phrase.code(o))'s delegate's shouldBeRequiredToFailBy")
      }
    }
    var unique: [String] = []
    for s in sources where !unique.contains(s) { unique.append(s) }
    let because = unique.isEmpty ? "" : ", as \(Phrase.list(unique)) asks"
    let text =
      (lead ?? "")
      + "\(shownRec) is waiting for \(Phrase.codes(others, and: "and")) to fail\(because); it stays possible meanwhile"
    return Phrase.sentence(text, ["E-6.3", "L12"])
  }

  // MARK: Timers

  func timerSentence(_ members: [Int]) -> [Piece] {
    guard let i = members.first, case .timer(let what, let owner) = entry(i) else { return [] }
    if what == "contentTouchDelay" {
      for j in members {
        guard case .ask(_, .touchesShouldBegin, _, let view?, let yes) = entry(j) else { continue }
        let delay = heldSince(view).map { " \(Phrase.ms(trace[i].t - $0))" } ?? ""
        let text =
          "\(Phrase.code(owner))'s\(delay) content-touch delay ran out with the finger still down, so it asks touchesShouldBegin(in: \(Phrase.code(view))): "
          + (yes
            ? "YES, so \(Phrase.code(view)) gets the touch now" : "NO, so \(Phrase.code(view)) never gets the touch")
        return [.line(index: i, text: Phrase.sentence(text, ["H-2"]))]
      }
    }
    for j in members {
      if case .wait(let r, let others) = entry(j) {
        let lead =
          what == "minimumPressDuration"
          ? "The finger stayed down long enough for \(Phrase.code(r)) to begin, but " : nil
        return [.line(index: i, text: waitText(r, others, after: lead))]
      }
    }
    return [
      .line(
        index: i,
        text: Phrase.sentence("\(Phrase.code(owner))'s \(what) timer fires; nothing changes", []))
    ]
  }

  /// When the oldest delivery still held for `view` was withheld.
  private func heldSince(_ view: String) -> Double? {
    tracker.held.filter { $0.key.hasPrefix(view + "#") }.flatMap(\.value).map(\.t).min()
  }

  // MARK: Questions

  /// A question that decided nothing else in its group: only the answers worth a sentence.
  func askSentence(_ members: [Int]) -> [Piece] {
    guard let i = members.first, case .ask(let of, let question, let other, let view, let yes) = entry(i) else {
      return []
    }
    let shownAsked = Phrase.code(of)
    let shownOther = other.map(Phrase.code) ?? ""
    var text: String?
    var rules: [String] = []
    switch question {
    case .touchesShouldBegin:
      let v = view.map(Phrase.code) ?? "its content"
      let outcome = yes ? "YES, so \(v) gets the touch now" : "NO, so \(v) never gets the touch"
      if tracker.lifted(at: trace[i].t) {
        text =
          "The finger lifted before \(shownAsked)'s content-touch delay ran out, so \(shownAsked) asks touchesShouldBegin(in: \(v)) at the lift: \(outcome)"
        rules = ["H-3"]
      } else {
        text =
          "\(shownAsked) does not delay content touches, so it asks touchesShouldBegin(in: \(v)) at once: \(outcome)"
        rules = ["H-5"]
      }
    case .touchesShouldCancel:
      text =
        "\(shownAsked) asks touchesShouldCancel(in: \(view.map(Phrase.code) ?? "its content")): \(yes ? "YES" : "NO")"
      rules = ["H-6"]
    case .canPrevent where !yes:
      text = "\(shownAsked) cannot prevent \(shownOther)\(canPreventNote(of, other)), so \(shownOther) stays in play"
      rules = ["E-6.2"]
    case .canBePrevented where !yes:
      text = "\(shownAsked) cannot be prevented by \(shownOther) (canBePrevented NO), so it stays in play"
      rules = ["E-6.2"]
    case .shouldRecognizeSimultaneouslyWith where yes:
      text =
        "\(shownAsked)'s delegate lets it recognize together with \(shownOther) (shouldRecognizeSimultaneouslyWith YES), so neither stops the other"
      rules = ["E-6.1"]
    case .shouldRequireFailureOf where yes:
      text = "\(shownAsked)'s delegate makes it wait for \(shownOther) to fail (shouldRequireFailureOf YES)"
      rules = ["E-6.3"]
    case .shouldBeRequiredToFailBy where yes:
      text =
        "\(shownAsked)'s delegate makes \(shownOther) wait for \(shownAsked) to fail (shouldBeRequiredToFailBy YES)"
      rules = ["E-6.3"]
    case .gestureRecognizerShouldBegin where !yes:
      text = "\(shownAsked) answers NO when \(shownOther) asks whether it may begin"
      rules = ["5.3"]
    case .shouldBegin where !yes:
      text = "\(shownAsked)'s delegate answers NO to gestureRecognizerShouldBegin"
      rules = ["5.3"]
    case .shouldReceive where !yes:
      text = "\(shownAsked)'s delegate answers NO to shouldReceive, so \(shownAsked) never sees this touch"
      rules = ["E-6.4"]
    default:
      text = nil
    }
    var pieces: [Piece] = []
    if let text { pieces.append(.line(index: i, text: Phrase.sentence(text, rules))) }
    return pieces
  }

  /// Why UIKit's canPrevent says NO (E-6.2).
  private func canPreventNote(_ x: String, _ y: String?) -> String {
    guard let y, let a = scene.recognizers[x], let b = scene.recognizers[y] else { return " (canPrevent NO)" }
    if a.kind == .tap && b.kind == .tap && b.numberOfTapsRequired > a.numberOfTapsRequired {
      return ": a tap never prevents a tap that needs more taps"
    }
    if a.kind == .tap && b.kind == .longPress {
      return ": a tap prevents a long press only when the long press needs fewer taps than the tap"
    }
    return " (canPrevent NO)"
  }
}
