import TouchSim
import TraceKit

/// Where a delivery went after touch.view: up the responder chain to whoever handled it (rule B).
struct ResponderChain: Equatable {
  enum End: Equatable {
    /// An enabled control took it (B-6).
    case control(String)
    /// A view that overrides touches* without calling super kept it (B-4).
    case handled(String)
    /// It fell off the end of the chain (B-5).
    case nobody
  }
  var hops: [String]
  var end: End
}

/// Deliveries to touch.view, the responder chain, held-back and dropped deliveries, control events.
extension NarrationBuilder {
  func deliverySentences(_ members: [Int]) -> [Piece] {
    guard let i = members.first, case .deliver(let view, let method, let touches, _) = entry(i) else { return [] }
    var hops: [(index: Int, to: String)] = []
    var events: [(TraceEvent.ControlEvent, Double?)] = []
    var controlIndex: Int?
    for j in members.dropFirst() {
      switch entry(j) {
      case .forward(_, let to, _): hops.append((j, to.description))
      case .control(_, let e, _, let value):
        events.append((e, value))
        if controlIndex == nil { controlIndex = j }
      default: break
      }
    }
    let chain = responderChain(from: view, hops: hops.map(\.to))
    let delivery = tracker.deliveries[i]
    let shownView = Phrase.code(view)

    if method == .touchesMoved {
      let crossing = events.contains { $0.0 == .touchDragExit || $0.0 == .touchDragEnter }
      if !crossing {
        return [
          .burst(
            .delivered(view: view, method: method),
            BurstItem(index: i, value: .delivered(chain: hops.isEmpty ? nil : chain, events: events)))
        ]
      }
    }

    var rules: [String] = []
    var text = "\(shownView) received \(method.rawValue)"
    let late = (delivery?.late ?? 0) > 0
    if !late && method == .touchesBegan && touches.contains(where: hadRecognizers) {
      text += " after the recognizers got the touch"
      rules.append("F-1")
    }
    let swallowed = hops.isEmpty && !events.isEmpty
    if swallowed {
      text += (rules.isEmpty ? "" : ",") + " and sent \(eventList(events))"
      rules.append("8.1")
    }
    if late, let d = delivery {
      let (clause, r) = lateClause(view: view, method: method, delivery: d)
      text += ", \(Phrase.ms(d.late ?? 0)) late, \(clause)"
      rules += r
    }
    if method == .touchesCancelled, let cause = delivery?.cause {
      let (clause, r) = causeClause(cause, touches: touches, view: view)
      if !clause.isEmpty { text += " because \(clause)" }
      rules += r
    }
    if swallowed && events.contains(where: { $0.0 == .touchUpOutside }) {
      text += "; the finger lifted outside its bounds plus the tracking margin"
      rules.append("L7")
    }
    if hops.isEmpty, case .handled(let h) = chain.end, h == view, method == .touchesBegan {
      text += "; it handles it itself (it overrides touches* without calling super)"
      rules.append("B-4")
    }
    var pieces: [Piece] = []
    if let first = hops.first {
      let key = "\(view):" + chain.hops.joined(separator: ">")
      if describedChains.contains(key) {
        text += ", and it went up the same responder chain" + chainEndNote(chain)
        rules.append("B-4")
        pieces.append(.line(index: i, text: Phrase.sentence(text, rules)))
      } else {
        describedChains.insert(key)
        pieces.append(.line(index: i, text: Phrase.sentence(text, rules)))
        pieces.append(.line(index: first.index, text: chainSentence(view, method, chain, events: events)))
      }
    } else {
      pieces.append(.line(index: i, text: Phrase.sentence(text, rules)))
    }
    return pieces
  }

  /// ", where nobody handled it" / " to `buy`, which handles it".
  private func chainEndNote(_ chain: ResponderChain) -> String {
    switch chain.end {
    case .control(let c): return " to \(Phrase.code(c)), which handles it"
    case .handled(let h): return " to \(Phrase.code(h)), which keeps it"
    case .nobody: return ", where nobody handled it"
    }
  }

  /// Whether any recognizer received this touch (so it came to the view after them, F-1).
  private func hadRecognizers(_ n: Int) -> Bool {
    tracker.fed.values.contains { $0.contains(n) }
  }

  func responderChain(from view: String, hops: [String]) -> ResponderChain {
    let last = hops.last ?? view
    if let spec = scene.views[last] {
      if spec.kind.isControl && spec.enabled { return ResponderChain(hops: hops, end: .control(last)) }
      if !spec.forwardsTouches { return ResponderChain(hops: hops, end: .handled(last)) }
    }
    return ResponderChain(hops: hops, end: .nobody)
  }

  private func chainSentence(
    _ view: String, _ method: TouchMethod, _ chain: ResponderChain, events: [(TraceEvent.ControlEvent, Double?)]
  ) -> String {
    let path = chain.hops.joined(separator: " → ")
    var rules = ["B-1"]
    if chain.hops.contains(where: { scene.isController($0) }) { rules.append("B-2") }
    rules.append("B-4")
    var text = "\(Phrase.code(view)) did not handle \(method.rawValue), so it travelled up the responder chain: \(path)"
    switch chain.end {
    case .control(let c):
      text += "; \(Phrase.code(c)), \(Phrase.article(scene.className(c))), handles it"
      if !events.isEmpty { text += " and sent \(eventList(events))" }
      rules += ["B-6", "8.1"]
    case .handled(let h):
      text += "; \(Phrase.code(h)) handles it without calling super, so it stops there"
    case .nobody:
      if chain.hops.last == "application" && !scene.appDelegateIsResponder {
        text += ", where nobody handled it (the app delegate is not a responder)"
        rules += ["B-3", "B-5"]
      } else {
        text += ", where nobody handled it"
        rules.append("B-5")
      }
    }
    return Phrase.sentence(text, rules)
  }

  /// "touchDown", "touchDragExit, then touchUpOutside", "touchUpInside and valueChanged (value 1)".
  func eventList(_ events: [(TraceEvent.ControlEvent, Double?)]) -> String {
    let names = events.map { e, value in
      e == .valueChanged ? "valueChanged (value \(Phrase.num(value ?? 0)))" : e.rawValue
    }
    return names.joined(separator: ", then ")
  }

  /// Why a delivery came late, and what let it go (F-5, F-6, F-7, H-2, H-3).
  private func lateClause(view: String, method: TouchMethod, delivery d: GestureRecord.Delivery) -> (String, [String]) {
    let scrolls = d.heldBy.filter { scene.views[$0] != nil }
    let recognizers = d.heldBy.filter { scene.views[$0] == nil }
    if let s = scrolls.first {
      if d.releasedBy.contains(s) {
        return ("after \(Phrase.code(s))'s content-touch delay (delaysContentTouches)", ["H-1", "H-2"])
      }
      if tracker.lifted(at: d.t) {
        return ("at the lift: \(Phrase.code(s)) held the touch back until then (delaysContentTouches)", ["H-1", "H-3"])
      }
      return ("held back by \(Phrase.code(s)) (delaysContentTouches)", ["H-1"])
    }
    let released = d.releasedBy.filter { recognizers.contains($0) }
    let property = method == .touchesBegan ? "delaysTouchesBegan" : "delaysTouchesEnded"
    let rule = method == .touchesBegan ? "F-5" : "F-6"
    if !released.isEmpty {
      return ("now that \(Phrase.codes(released)) failed (\(property))", [rule])
    }
    if recognizers.isEmpty {
      return ("queued behind an earlier phase that was held back", ["F-7"])
    }
    return ("held back by \(Phrase.codes(recognizers))", [rule, "F-7"])
  }

  /// Why a view's touch was cancelled.
  func causeClause(_ cause: GestureRecord.Cause, touches: [Int], view: String? = nil) -> (String, [String]) {
    switch cause {
    case .recognizer(let r, let began):
      return ("\(Phrase.code(r)) \(began ? "began" : "recognized") and cancelsTouchesInView is on", ["F-2"])
    case .scrolling(let s, let pan):
      if let v = view, v == s {
        return ("\(Phrase.code(s)) began scrolling (\(Phrase.code(pan)) cancels touches in its own view)", ["F-2"])
      }
      return ("\(Phrase.code(s)) began scrolling", ["H-6"])
    case .system:
      let which = touches.count == 1 ? "finger \(touches[0])" : "the touch"
      return ("the system cancelled \(which)", ["C-1"])
    case .unknown:
      return ("", [])
    }
  }

  // MARK: Held back and dropped

  func withholdSentence(_ i: Int) -> [Piece] {
    guard case .withhold(let view, let method, let touches, let by) = entry(i), !by.isEmpty else { return [] }
    if method == .touchesMoved {
      return [.burst(.held(view: view, method: method), BurstItem(index: i, value: .held(by: by)))]
    }
    let shownView = Phrase.code(view)
    let fingers = touches.count == 1 ? "finger \(touches[0])" : "fingers \(Phrase.list(touches.map(String.init)))"
    let scrolls = by.filter { scene.views[$0] != nil }
    let recognizers = by.filter { scene.views[$0] == nil }
    if let s = scrolls.first {
      let text =
        "\(Phrase.code(s)) holds back \(shownView)'s \(method.rawValue) for \(fingers) to see whether the finger scrolls (delaysContentTouches)"
      return [.line(index: i, text: Phrase.sentence(text, ["H-1"]))]
    }
    let delaysEnded = recognizers.filter { scene.recognizers[$0]?.delaysTouchesEnded == true }
    let delaysBegan = recognizers.filter { scene.recognizers[$0]?.delaysTouchesBegan == true }
    let verb = recognizers.count == 1 ? "is" : "are"
    if method == .touchesEnded && !delaysEnded.isEmpty && delaysBegan.isEmpty {
      let text =
        "\(shownView)'s touchesEnded is held back while \(Phrase.codes(recognizers)) \(verb) undecided (delaysTouchesEnded)"
      return [.line(index: i, text: Phrase.sentence(text, ["F-6"]))]
    }
    if method == .touchesBegan && !delaysBegan.isEmpty {
      let text =
        "\(shownView)'s touchesBegan is held back while \(Phrase.codes(recognizers)) \(verb) undecided (delaysTouchesBegan)"
      return [.line(index: i, text: Phrase.sentence(text, ["F-5"]))]
    }
    let text =
      "\(shownView)'s \(method.rawValue) is held back behind its earlier held phase, while \(Phrase.codes(recognizers)) \(verb) undecided"
    return [.line(index: i, text: Phrase.sentence(text, ["F-7"]))]
  }

  func dropSentence(_ i: Int, asked: Bool?) -> [Piece] {
    guard case .drop(let view, _, let touches, let reason) = entry(i), let view else { return [] }
    let fingers = touches.count == 1 ? "finger \(touches[0])" : "fingers \(Phrase.list(touches.map(String.init)))"
    let (clause, rules) = dropClause(view: view, reason: reason, heldBy: tracker.dropHeldBy[i] ?? [])
    return [.line(index: i, text: Phrase.sentence("\(Phrase.code(view)) never gets \(fingers): \(clause)", rules))]
  }

  /// Why the window never delivers a touch to a view (drop reasons, TRACE-EXTENSIONS).
  func dropClause(view: String, reason: DropReason, heldBy: [String] = []) -> (String, [String]) {
    switch reason {
    case .multipleTouchEnabled:
      return ("it already tracks another touch and multipleTouchEnabled is off", ["C-4"])
    case .exclusiveTouch:
      if scene.views[view]?.exclusiveTouch == true {
        return ("it is exclusiveTouch and another view is already tracking a touch", ["C-5"])
      }
      return ("an exclusiveTouch view is already tracking a touch", ["C-5"])
    case .touchesShouldBegin:
      let s = scene.ancestry(view).dropFirst().first { scene.views[$0]?.kind == .scroll }
      return ("\(s.map(Phrase.code) ?? "the scroll view") answered NO to touchesShouldBegin", ["H-2"])
    case .scrolling:
      let s = scene.ancestry(view).dropFirst().first { scene.views[$0]?.kind == .scroll }
      return ("\(s.map(Phrase.code) ?? "its scroll view") began scrolling before delivering it", ["H-4"])
    case .cancelledBeforeDelivery:
      return ("the system cancelled it while it was still held back", ["F-5"])
    case .cancelledBy(let r):
      let verb = scene.recognizerKind(r)?.isDiscrete == false ? "began" : "recognized"
      if let s = heldBy.first(where: { scene.views[$0] != nil }) {
        return (
          "\(Phrase.code(r)) \(verb) while \(Phrase.code(s)) was still holding back its touchesBegan (delaysContentTouches)",
          ["F-2", "H-1"]
        )
      }
      let holders = heldBy.filter { $0 != r && scene.views[$0] == nil }
      if holders.isEmpty {
        return (
          "\(Phrase.code(r)) \(verb) while its touchesBegan was still held back (delaysTouchesBegan)", ["F-2", "F-5"]
        )
      }
      let verbHold = holders.count == 1 ? "was" : "were"
      return (
        "\(Phrase.code(r)) \(verb) while \(Phrase.codes(holders)) \(verbHold) still holding back its touchesBegan (delaysTouchesBegan)",
        ["F-2", "F-5"]
      )
    }
  }

  // MARK: Controls and scripted changes

  /// Control events that do not follow a delivery (not written by the engine today).
  func controlSentence(_ members: [Int]) -> [Piece] {
    guard let i = members.first, case .control(let c, _, _, _) = entry(i) else { return [] }
    let events = members.compactMap { j -> (TraceEvent.ControlEvent, Double?)? in
      if case .control(_, let e, _, let v) = entry(j) { return (e, v) }
      return nil
    }
    return [.line(index: i, text: Phrase.sentence("\(Phrase.code(c)) sent \(eventList(events))", ["8.1"]))]
  }

  func setSentence(_ members: [Int]) -> [Piece] {
    guard let i = members.first, case .set(let target, let key, let value, let origin) = entry(i) else { return [] }
    if case .effect(let r) = origin { return effectSentence(i, recognizer: r, view: target, key: key) }
    let shown: String
    if case .string(let text) = value { shown = "\"\(text)\"" } else { shown = value.description }
    // A toggle flipped by hand is the user's act, not the script's.
    let who = origin == .user ? "You set" : "The script sets"
    var text = "\(who) \(Phrase.code(target)).\(key) to \(shown)"
    var rules: [String] = []
    switch (key, value) {
    case ("hidden", .bool(true)), ("userInteractionEnabled", .bool(false)):
      text += ", so the hit test skips it from now on"
      rules.append("A-1")
    case ("alpha", .number(let a)) where a < 0.01:
      text += ", so the hit test skips it from now on"
      rules.append("A-2")
    case ("enabled", .bool(false)) where scene.isControl(target):
      text += ", so the hit test passes over it from now on"
      rules.append("A-8")
    case ("isEnabled", .bool(false)):
      text += ", so it takes no new touches"
      rules.append("5.1")
    default: break
    }
    for j in members {
      if case .scroll(let v, let offset) = entry(j) {
        text += "; \(Phrase.code(v)) scrolls to \(Phrase.point(offset))"
      }
    }
    if origin == .user { text += " in the window; the next touch runs with it" }
    return [.line(index: i, text: Phrase.sentence(text, rules))]
  }

  // MARK: Bursts

  func renderBurst(_ key: BurstKey, _ items: [BurstItem]) -> String {
    let count = items.count
    switch key {
    case .move(let n):
      guard case .move(let p) = items.last?.value else { return "" }
      return Phrase.sentence("Finger \(n) moves to \(Phrase.point(p))" + (count > 1 ? " in \(count) steps" : ""))
    case .delivered(let view, let method):
      var text = "\(Phrase.code(view)) received \(method.rawValue)" + (count > 1 ? " \(count) times" : "")
      var rules: [String] = []
      var names: [String] = []
      var lastValue: Double?
      var chain: ResponderChain?
      for item in items {
        guard case .delivered(let c, let events) = item.value else { continue }
        if chain == nil { chain = c }
        for (e, v) in events {
          if !names.contains(e.rawValue) { names.append(e.rawValue) }
          if e == .valueChanged { lastValue = v }
        }
      }
      if !names.isEmpty {
        text += " and sent \(Phrase.list(names))"
        if let lastValue { text += " (value now \(Phrase.num(lastValue)))" }
        rules.append("8.1")
      }
      if let chain {
        text +=
          (count > 1 ? "; each went up the responder chain" : "; it went up the responder chain") + chainEndNote(chain)
        rules.append("B-4")
      }
      return Phrase.sentence(text, rules)
    case .held(let view, let method):
      let by: [String] = {
        if case .held(let b) = items.first?.value { return b }
        return []
      }()
      let text =
        "\(Phrase.code(view))'s \(method.rawValue) is held back as well" + (count > 1 ? " (\(count) times)" : "")
        + (by.isEmpty ? "" : ", while \(Phrase.codes(by)) \(by.count == 1 ? "is" : "are") undecided")
      return Phrase.sentence(text, ["F-7"])
    case .changed(let r):
      let fingers = [.pinch, .rotation].contains(scene.recognizerKind(r)) ? "fingers" : "finger"
      var lifts = 0
      for item in items { if case .changed(_, .fingerLifted) = item.value { lifts += 1 } }
      let how =
        lifts == 0
        ? "as the \(fingers) moved"
        : lifts == count
          ? (count == 1 ? "as a finger lifted" : "as fingers lifted")
          : "as the fingers moved and lifted"
      var text = "\(Phrase.code(r)) changed \(Phrase.times(count)) \(how)"
      if case .changed(let values?, _) = items.last?.value, let v = valueNote(values) { text += " (\(v))" }
      return Phrase.sentence(text, ["5.1"])
    case .scroll(let view):
      guard case .scroll(let p) = items.last?.value else { return "" }
      let text =
        "\(Phrase.code(view)) scrolled" + (count > 1 ? " \(Phrase.times(count))" : "")
        + "; contentOffset is now \(Phrase.point(p))"
      return Phrase.sentence(text, ["H-8"])
    case .effect(let r, let view, let key):
      return effectBurst(r, view: view, key: key, items)
    }
  }

  /// What an action handler would read that changes as the finger moves.
  private func valueNote(_ v: ActionValues) -> String? {
    if let t = v.translation { return "translation now \(Phrase.point(t))" }
    if let s = v.scale { return "scale now \(Phrase.num(s))" }
    if let r = v.rotation { return "rotation now \(Phrase.num(r)) rad" }
    return "location now \(Phrase.point(v.location))"
  }
}
