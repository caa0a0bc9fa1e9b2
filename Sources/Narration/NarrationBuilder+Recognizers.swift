import Localization
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
    let why = because(rest, recognizer: kind)
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
      let verb = to == .ended ? language("recognized", "识别") : language("began", "开始")
      if !waited.isEmpty {
        text = language(
          "\(codes(waited)) failed, so \(shownRec) \(verb) at last and sent its action",
          "\(codes(waited)) 失败了，所以 \(shownRec) 终于\(verb)并发送了它的动作")
        if to == .ended, let lift = tracker.gesture?.lastLift(before: trace[s].t), trace[s].t > lift {
          let after = Phrase.ms(trace[s].t - lift)
          text += language(", \(after) after the lift", "，此时距抬起已过 \(after)")
        }
        rules = ["E-6.3"]
      } else if rest == .tapped {
        text = language(
          "\(shownRec) recognized the tap and sent its action", "\(shownRec) 识别了这次点击并发送了它的动作")
      } else if case .tapsComplete(let tap, let required) = rest {
        text = language(
          "\(shownRec) recognized \(why.text.replacingFirst(" is complete", with: "")) and sent its action",
          "\(shownRec) 识别了第 \(tap) 次点击（共需 \(required) 次）并发送了它的动作")
      } else {
        text = language(
          "\(shownRec) \(verb) because \(why.text), and sent its action",
          "\(shownRec) \(verb)了，因为\(why.text)，并发送了它的动作")
        rules += ["5.1"]
      }
      if let sv = scene.scrollView(ofPan: r), to == .began {
        text = language("\(Phrase.code(sv)) starts scrolling: ", "\(Phrase.code(sv)) 开始滚动：") + text
        if let v = askedView(members, .touchesShouldCancel, answer: true) {
          text += language(
            "; touchesShouldCancel(in: \(Phrase.code(v))) said YES, so \(Phrase.code(v)) may lose the touch",
            "；touchesShouldCancel(in: \(Phrase.code(v))) 回答 YES，所以 \(Phrase.code(v)) 可能失去这个触摸")
          rules.append("H-6")
        }
      }
      if scene.recognizers[r]?.cancelsTouchesInView == false {
        text += language(
          "; its cancelsTouchesInView is off, so views keep their touches",
          "；它的 cancelsTouchesInView 已关闭，所以视图保留各自的触摸")
        rules.append("F-4")
      }
      return [.line(index: index, text: sentence(text, rules))]
    case (_, .ended):
      let text = language(
        "\(shownRec) ended because \(why.text), and sent its last action",
        "\(shownRec) 结束了，因为\(why.text)，并发送了最后一次动作")
      return [.line(index: index, text: sentence(text, why.rules))]
    case (_, .cancelled):
      let text = language(
        "\(shownRec) was cancelled because \(why.text), and sent its action with state cancelled",
        "\(shownRec) 被取消了，因为\(why.text)，并以 cancelled 状态发送了它的动作")
      return [.line(index: index, text: sentence(text, why.rules + ["5.1"]))]
    default:
      let text = language(
        "\(shownRec) went from \(from.rawValue) to \(to.rawValue) (\(reason.text))",
        "\(shownRec) 从 \(from.rawValue) 变为 \(to.rawValue)（\(words(reason, recognizer: kind))）")
      return [.line(index: index, text: sentence(text, ["5.1"]))]
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
          return sentence(
            language(
              "\(shownRec) asked \(Phrase.code(of)) whether it may begin; \(article(cls)) says no to \(gesture.text), so \(shownRec) failed",
              "\(shownRec) 询问 \(Phrase.code(of)) 它是否可以开始；\(cls) 不允许\(ReasonText.vetoed(gesture, language))，所以 \(shownRec) 失败了"
            ),
            why.rules)
        }
        return sentence(
          language(
            "\(shownRec) asked \(Phrase.code(of)) whether it may begin; \(Phrase.code(of)) answers NO (its gestureRecognizerShouldBegin override), so \(shownRec) failed",
            "\(shownRec) 询问 \(Phrase.code(of)) 它是否可以开始；\(Phrase.code(of)) 回答 NO（它重写了 gestureRecognizerShouldBegin），所以 \(shownRec) 失败了"
          ),
          ["5.3"])
      case .shouldBegin:
        return sentence(
          language(
            "\(shownRec) asked its delegate whether it may begin (gestureRecognizerShouldBegin); the answer is NO, so \(shownRec) failed",
            "\(shownRec) 询问它的代理是否可以开始（gestureRecognizerShouldBegin）；回答是 NO，所以 \(shownRec) 失败了"),
          ["5.3"])
      case .touchesShouldCancel:
        if let sv = scene.scrollView(ofPan: r), let v = askedView(members, .touchesShouldCancel, answer: false) {
          let control =
            scene.isControl(v) ? language(" (\(Phrase.code(v)) is a control)", "（\(Phrase.code(v)) 是控件）") : ""
          return sentence(
            language(
              "\(shownRec) would begin, but \(Phrase.code(sv)) asks touchesShouldCancel(in: \(Phrase.code(v))) and gets NO\(control), so \(shownRec) failed and \(Phrase.code(sv)) does not scroll",
              "\(shownRec) 本来要开始，但 \(Phrase.code(sv)) 询问 touchesShouldCancel(in: \(Phrase.code(v))) 得到 NO\(control)，所以 \(shownRec) 失败了，\(Phrase.code(sv)) 也不滚动"
            ),
            ["H-6", "H-7"])
        }
      default: continue
      }
    }
    switch reason {
    case .contentTracksTouch:
      return sentence(
        language(
          "\(shownRec) would begin, but \(why.text), so \(shownRec) failed",
          "\(shownRec) 本来要开始，但\(why.text)，所以 \(shownRec) 失败了"),
        why.rules)
    case .noNextTap, .heldTooLongForTap:
      return sentence(
        language(
          "\(Phrase.capitalized(why.text)), so \(shownRec) failed", "\(why.text)，所以 \(shownRec) 失败了"),
        why.rules)
    default: break
    }
    if let timer, !why.rules.isEmpty {
      return sentence(
        language(
          "\(shownRec)'s \(timer) timer fired, but \(shownRec) failed because \(why.text)",
          "\(shownRec) 的 \(timer) 计时器触发了，但 \(shownRec) 失败了，因为\(why.text)"),
        why.rules)
    }
    if why.rules.isEmpty {
      return sentence(
        language(
          "\(shownRec) failed (\(reason.text))",
          "\(shownRec) 失败了（\(words(reason, recognizer: scene.recognizerKind(r)))）"),
        ["5.1"])
    }
    return sentence(
      language("\(shownRec) failed because \(why.text)", "\(shownRec) 失败了，因为\(why.text)"), why.rules)
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
    let text = language(
      "\(Phrase.code(r)) sent its action with state \(state.rawValue)",
      "\(Phrase.code(r)) 以 \(state.rawValue) 状态发送了它的动作")
    return [.line(index: i, text: sentence(text, ["5.1"]))]
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
        sources.append(language("its delegate's shouldRequireFailureOf", "它的代理的 shouldRequireFailureOf"))
      } else if scene.recognizers[o]?.delegate?.shouldBeRequiredToFailBy.contains(r) == true {
        sources.append(
          language(
            "\(Phrase.code(o))'s delegate's shouldBeRequiredToFailBy",
            "\(Phrase.code(o)) 的代理的 shouldBeRequiredToFailBy"))
      }
    }
    var unique: [String] = []
    for s in sources where !unique.contains(s) { unique.append(s) }
    let because = unique.isEmpty ? "" : language(", as \(list(unique)) asks", "，这是 \(list(unique)) 的要求")
    let text =
      (lead ?? "")
      + language(
        "\(shownRec) is waiting for \(codes(others)) to fail\(because); it stays possible meanwhile",
        "\(shownRec) 正在等待 \(codes(others)) 失败\(because)；在此期间它保持 possible")
    return sentence(text, ["E-6.3", "L12"])
  }

  // MARK: Timers

  func timerSentence(_ members: [Int]) -> [Piece] {
    guard let i = members.first, case .timer(let what, let owner) = entry(i) else { return [] }
    if what == "contentTouchDelay" {
      for j in members {
        guard case .ask(_, .touchesShouldBegin, _, let view?, let yes) = entry(j) else { continue }
        let delay = heldSince(view).map { " \(Phrase.ms(trace[i].t - $0))" } ?? ""
        let v = Phrase.code(view)
        let text = language(
          "\(Phrase.code(owner))'s\(delay) content-touch delay ran out with the finger still down, so it asks touchesShouldBegin(in: \(v)): "
            + (yes ? "YES, so it no longer holds the touch back from \(v)" : "NO, so \(v) never gets the touch"),
          "\(Phrase.code(owner)) 的\(delay)内容触摸延迟已到，手指仍按着，所以它询问 touchesShouldBegin(in: \(v))："
            + (yes ? "YES，所以它不再为 \(v) 延迟这个触摸" : "NO，所以 \(v) 永远收不到这个触摸"))
        return [.line(index: i, text: sentence(text, ["H-2"]))]
      }
    }
    if what == "autorepeat" {
      // Whether it stepped: a valueChanged of the stepper at this time (none at a limit without wraps, 8.4).
      var stepped = false
      var j = i + 1
      while j < trace.count, j <= i + 64, trace[j].t == trace[i].t {
        if case .control(owner, .valueChanged, _, _) = entry(j) { stepped = true }
        j += 1
      }
      let text =
        stepped
        ? language(
          "\(Phrase.code(owner)) is still held, so its autorepeat fires: a UIStepper steps again while a button stays down",
          "\(Phrase.code(owner)) 仍被按住，所以它的自动重复触发：按钮一直按着时，UIStepper 会再次步进")
        : language(
          "\(Phrase.code(owner)) is still held and its autorepeat fires, but it does not step: its value is at the limit (wraps is off), or the finger is outside it",
          "\(Phrase.code(owner)) 仍被按住，它的自动重复触发了，但没有步进：它的值已到极限（且不循环），或手指在它之外")
      return [.line(index: i, text: sentence(text, ["8.4"]))]
    }
    for j in members {
      if case .wait(let r, let others) = entry(j) {
        let lead =
          what == "minimumPressDuration"
          ? language(
            "The finger stayed down long enough for \(Phrase.code(r)) to begin, but ",
            "手指按住的时间已足够让 \(Phrase.code(r)) 开始，但") : nil
        return [.line(index: i, text: waitText(r, others, after: lead))]
      }
    }
    let text = language(
      "\(Phrase.code(owner))'s \(what) timer fires; nothing changes",
      "\(Phrase.code(owner)) 的 \(what) 计时器触发了；什么也没有改变")
    return [.line(index: i, text: sentence(text, []))]
  }

  /// When the oldest delivery still held for `view` was withheld.
  private func heldSince(_ view: String) -> Double? {
    tracker.held[view]?.map(\.time).min()
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
      let v = view.map(Phrase.code) ?? language("its content", "它的内容")
      let outcome =
        yes
        ? language("YES, so it no longer holds the touch back from \(v)", "YES，所以它不再为 \(v) 延迟这个触摸")
        : language("NO, so \(v) never gets the touch", "NO，所以 \(v) 永远收不到这个触摸")
      if tracker.lifted(at: trace[i].t) {
        text = language(
          "The finger lifted before \(shownAsked)'s content-touch delay ran out, so \(shownAsked) asks touchesShouldBegin(in: \(v)) at the lift: \(outcome)",
          "手指在 \(shownAsked) 的内容触摸延迟结束之前就抬起了，所以 \(shownAsked) 在抬起时询问 touchesShouldBegin(in: \(v))：\(outcome)"
        )
        rules = ["H-3"]
      } else {
        text = language(
          "\(shownAsked) does not delay content touches, so it asks touchesShouldBegin(in: \(v)) at once: \(outcome)",
          "\(shownAsked) 不延迟内容触摸，所以它立即询问 touchesShouldBegin(in: \(v))：\(outcome)")
        rules = ["H-5"]
      }
    case .touchesShouldCancel:
      let v = view.map(Phrase.code) ?? language("its content", "它的内容")
      text = language(
        "\(shownAsked) asks touchesShouldCancel(in: \(v)): \(yes ? "YES" : "NO")",
        "\(shownAsked) 询问 touchesShouldCancel(in: \(v))：\(yes ? "YES" : "NO")")
      rules = ["H-6"]
    case .canPrevent where !yes:
      text = language(
        "\(shownAsked) cannot prevent \(shownOther)\(canPreventNote(of, other)), so \(shownOther) stays in play",
        "\(shownAsked) 不能阻止 \(shownOther)\(canPreventNote(of, other))，所以 \(shownOther) 仍在参与")
      rules = ["E-6.2"]
    case .canBePrevented where !yes:
      text = language(
        "\(shownAsked) cannot be prevented by \(shownOther) (canBePrevented NO), so it stays in play",
        "\(shownAsked) 不能被 \(shownOther) 阻止（canBePrevented NO），所以它仍在参与")
      rules = ["E-6.2"]
    case .beginTracking:
      text =
        yes
        ? language(
          "\(shownAsked)'s beginTracking override answers YES, so the control tracks this touch",
          "\(shownAsked) 重写的 beginTracking 回答 YES，所以这个控件跟踪这个触摸")
        : language(
          "\(shownAsked)'s beginTracking override answers NO, so the control does not track this touch: no touchDown, no drag or touch-up events, no endTracking",
          "\(shownAsked) 重写的 beginTracking 回答 NO，所以这个控件不跟踪这个触摸：没有 touchDown，没有拖动或抬起事件，也不调用 endTracking"
        )
      rules = ["8.8"]
    case .continueTracking where !yes:
      text = language(
        "\(shownAsked)'s continueTracking override answers NO, so tracking ends here: no more drag events, no endTracking and no touch-up for this touch",
        "\(shownAsked) 重写的 continueTracking 回答 NO，所以跟踪到此结束：这个触摸不再有拖动事件，不调用 endTracking，也没有抬起事件"
      )
      rules = ["8.8"]
    case .shouldRecognizeSimultaneouslyWith where yes:
      text = language(
        "\(shownAsked)'s delegate lets it recognize together with \(shownOther) (shouldRecognizeSimultaneouslyWith YES), so neither stops the other",
        "\(shownAsked) 的代理允许它与 \(shownOther) 同时识别（shouldRecognizeSimultaneouslyWith YES），所以两者互不阻止"
      )
      rules = ["E-6.1"]
    case .shouldRequireFailureOf where yes:
      text = language(
        "\(shownAsked)'s delegate makes it wait for \(shownOther) to fail (shouldRequireFailureOf YES)",
        "\(shownAsked) 的代理让它等待 \(shownOther) 失败（shouldRequireFailureOf YES）")
      rules = ["E-6.3"]
    case .shouldBeRequiredToFailBy where yes:
      text = language(
        "\(shownAsked)'s delegate makes \(shownOther) wait for \(shownAsked) to fail (shouldBeRequiredToFailBy YES)",
        "\(shownAsked) 的代理让 \(shownOther) 等待 \(shownAsked) 失败（shouldBeRequiredToFailBy YES）")
      rules = ["E-6.3"]
    case .gestureRecognizerShouldBegin where !yes:
      text = language(
        "\(shownAsked) answers NO when \(shownOther) asks whether it may begin",
        "\(shownOther) 询问它是否可以开始时，\(shownAsked) 回答 NO")
      rules = ["5.3"]
    case .shouldBegin where !yes:
      text = language(
        "\(shownAsked)'s delegate answers NO to gestureRecognizerShouldBegin",
        "\(shownAsked) 的代理对 gestureRecognizerShouldBegin 回答 NO")
      rules = ["5.3"]
    case .shouldReceive where !yes:
      text = language(
        "\(shownAsked)'s delegate answers NO to shouldReceive, so \(shownAsked) never sees this touch",
        "\(shownAsked) 的代理对 shouldReceive 回答 NO，所以 \(shownAsked) 永远看不到这个触摸")
      rules = ["E-6.4"]
    default:
      text = nil
    }
    var pieces: [Piece] = []
    if let text, !askedEarlierInThisEvent(i) { pieces.append(.line(index: i, text: sentence(text, rules))) }
    return pieces
  }

  /// Whether the same question got the same answer earlier at this time (UIKit may ask again as each
  /// recognizer decides: when one recognizes and when the other tries to): told once. Looks back at most
  /// 256 entries.
  private func askedEarlierInThisEvent(_ i: Int) -> Bool {
    let t = trace[i].t
    var j = i - 1
    while j >= max(0, i - 256), trace[j].t == t {
      if trace[j].event == trace[i].event { return true }
      j -= 1
    }
    return false
  }

  /// Why UIKit's canPrevent says NO (E-6.2).
  private func canPreventNote(_ x: String, _ y: String?) -> String {
    let plain = language(" (canPrevent NO)", "（canPrevent NO）")
    guard let y, let a = scene.recognizers[x], let b = scene.recognizers[y] else { return plain }
    if a.kind == .tap && b.kind == .tap && b.numberOfTapsRequired > a.numberOfTapsRequired {
      return language(": a tap never prevents a tap that needs more taps", "：点击永远不会阻止需要更多次点击的点击")
    }
    if a.kind == .tap && b.kind == .longPress {
      return language(
        ": a tap prevents a long press only when the long press needs fewer taps than the tap",
        "：只有当长按需要的点击次数比点击少时，点击才会阻止长按")
    }
    return plain
  }
}
