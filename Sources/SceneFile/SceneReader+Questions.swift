import Geometry
import TouchSim

extension SceneReader {
  static let questionKeys = SceneSchema.question.keys
  /// A question's kinds: exactly one per question.
  static let questionKindKeys = KeySet(SceneSchema.question.exactlyOne)

  /// Reads `questions:`: each a time, a question, exactly one kind and its choices, in time order. The
  /// choices are checked for what they may say (view ids, state names…); whether they include what the
  /// engine does is `touchscope check`'s question (it runs the script).
  func readQuestions(_ node: Node, index: SceneIndex) -> [SceneQuestion] {
    guard let seq = items(node) else {
      error(node, "'questions' takes a list of questions, not \(described(node))")
      return []
    }
    if seq.count > SceneReader.maxQuestions {
      error(node, "too many questions: at most \(SceneReader.maxQuestions)")
      return []
    }
    var out: [SceneQuestion] = []
    var last: (t: Double, line: Int)?
    for item in seq {
      if problems.isFull { break }
      guard let q = readQuestion(item, index: index) else { continue }
      if let last, q.t <= last.t {
        error(
          item,
          "questions must be in time order, one at a time: t \(NumberText.format(q.t)) does not come after t \(NumberText.format(last.t)) (line \(last.line))"
        )
        continue
      }
      last = (q.t, q.line)
      out.append(q)
    }
    return out
  }

  private func readQuestion(_ item: Node, index: SceneIndex) -> SceneQuestion? {
    guard let f = fields(item, "a question", allowed: SceneReader.questionKeys) else { return nil }
    let place = SceneSchema.question
    var t: Double?
    if let n = f[.t] {
      t = number(n, "t", range: place.numberRange(.t))
    } else {
      error(item, "a question needs a time 't' (milliseconds from the start: when playback stops to ask it)")
    }
    var until: Double?
    if let n = f[.until] {
      until = number(n, "until", range: place.numberRange(.until))
      if let u = until, let t, u <= t {
        error(n, "'until' must come after the question's t (\(NumberText.format(t)))")
        until = nil
      }
    }
    var ask: String?
    if let n = f[.ask] {
      ask = string(n, "ask")
      if let a = ask, a.allSatisfy(\.isWhitespace) {
        error(n, "'ask' needs the question's text")
        ask = nil
      }
    } else {
      error(item, "a question needs its text, 'ask'")
    }
    let translations = f[.translations].map(readQuestionTranslations) ?? [:]
    let kinds = f.order(among: SceneReader.questionKindKeys)
    guard let kindKey = kinds.first else {
      error(
        item,
        "a question needs what it asks, one of: " + SceneReader.questionKindKeys.names.joined(separator: ", "))
      return nil
    }
    if kinds.count > 1 {
      error(
        f.keyNode(kinds[1]) ?? item,
        "a question asks one thing, this one asks \(kinds.map(\.name).joined(separator: " and ")): write one question each"
      )
      return nil
    }
    guard let kindNode = f[kindKey], let asks = readAsks(kindKey, kindNode, index: index) else { return nil }
    var choices: [String] = []
    var choicesPosition = position(item)
    if let n = f[.choices] {
      choicesPosition = position(n)
      guard let list = readChoices(n, for: asks, index: index) else { return nil }
      choices = list
    } else if case .hitView = asks {
      error(item, "a hitView question needs 'choices': view ids (or none)")
      return nil
    } else if case .finalState = asks {
      error(item, "a finalState question needs 'choices': states (possible, began, changed, ended, cancelled, failed)")
      return nil
    } else if case .performs = asks {
      error(
        item,
        "a performs question needs 'choices': responders (view or controller ids, window, application, appDelegate) or none"
      )
      return nil
    } else if case .restsAt = asks {
      error(item, "a restsAt question needs 'choices': content offsets written '(x, y)', such as '(0, 0)'")
      return nil
    } else if case .zoomsTo = asks {
      error(item, "a zoomsTo question needs 'choices': zoom scales written as numbers, such as '1' or '2.5'")
      return nil
    } else if case .gets = asks {
      error(item, "a gets question needs 'choices': touches methods (touchesBegan … touchesCancelled) or nothing")
      return nil
    }
    guard let t, let ask else { return nil }
    var q = SceneQuestion(t: t, ask: ask, asks: asks, choices: choices, until: until)
    q.translations = translations
    (q.line, q.column) = position(item)
    (q.choicesLine, q.choicesColumn) = choicesPosition
    return q
  }

  private func readAsks(_ key: Key, _ n: Node, index: SceneIndex) -> SceneQuestion.Asks? {
    switch key {
    case .hitView:
      return integer(n, "hitView", range: SceneSchema.question.integerRange(.hitView)).map { .hitView(touch: $0) }
    case .fires, .finalState:
      guard let id = string(n, key.name) else { return nil }
      refer(id, .recognizer, n, key.name)
      return key == .fires ? .fires(recognizer: id) : .finalState(recognizer: id)
    case .restsAt:
      guard let id = string(n, "restsAt") else { return nil }
      refer(id, .view, n, "restsAt")
      if let v = index.views[id], v.kind != .scroll {
        error(
          n,
          "'\(Excerpt.short(id))' is a \(v.kind.rawValue), not a scroll view: only scroll views have a content offset")
        return nil
      }
      return .restsAt(view: id)
    case .zoomsTo:
      guard let id = string(n, "zoomsTo") else { return nil }
      refer(id, .view, n, "zoomsTo")
      if let v = index.views[id], v.kind != .scroll {
        error(n, "'\(Excerpt.short(id))' is a \(v.kind.rawValue), not a scroll view: only scroll views zoom")
        return nil
      }
      return .zoomsTo(view: id)
    case .recognizesFirst:
      guard let seq = items(n) else {
        error(n, "'recognizesFirst' takes a list of recognizer ids, not \(described(n))")
        return nil
      }
      var ids: [String] = []
      for item in seq {
        guard let id = string(item, "recognizesFirst") else { continue }
        if ids.contains(id) {
          error(item, "'\(Excerpt.short(id))' is listed twice")
          continue
        }
        refer(id, .recognizer, item, "recognizesFirst")
        ids.append(id)
      }
      guard (2...SceneReader.maxChoices - 1).contains(ids.count) else {
        error(n, "'recognizesFirst' names 2 to \(SceneReader.maxChoices - 1) recognizers")
        return nil
      }
      return .recognizesFirst(ids)
    case .gets:
      guard let g = fields(n, "'gets'", allowed: SceneSchema.questionGets.keys) else { return nil }
      guard let vn = g[.view], let tn = g[.touch] else {
        error(n, "'gets' needs the view and the finger: { view: ID, touch: 1 }")
        return nil
      }
      guard let view = string(vn, "view"),
        let touch = integer(tn, "touch", range: SceneSchema.questionGets.integerRange(.touch))
      else { return nil }
      refer(view, .view, vn, "gets.view")
      return .gets(view: view, touch: touch)
    case .sends:
      guard let s = fields(n, "'sends'", allowed: SceneSchema.questionSends.keys) else { return nil }
      guard let cn = s[.control], let en = s[.event] else {
        error(n, "'sends' needs the control and the event: { control: ID, event: touchUpInside }")
        return nil
      }
      guard let control = string(cn, "control"), let eventName = string(en, "event") else { return nil }
      guard let event = TraceEvent.ControlEvent(rawValue: eventName) else {
        error(
          en,
          "unknown control event '\(Excerpt.short(eventName))'"
            + hint(eventName, TraceEvent.ControlEvent.allCases.map(\.rawValue)))
        return nil
      }
      refer(control, .view, cn, "sends.control")
      if let v = index.views[control], !v.kind.isControl {
        error(cn, "'\(Excerpt.short(control))' is a \(v.kind.rawValue), not a control: only controls send events")
        return nil
      }
      return .sends(control: control, event: event)
    case .performs:
      return selector(n, "performs").map { .performs(action: $0) }
    default:
      return nil
    }
  }

  /// The choices, each something the question's answer can be.
  private func readChoices(_ n: Node, for asks: SceneQuestion.Asks, index: SceneIndex) -> [String]? {
    guard let seq = items(n) else {
      error(n, "'choices' takes a list, not \(described(n))")
      return nil
    }
    guard (2...SceneReader.maxChoices).contains(seq.count) else {
      error(n, "'choices' offers 2 to \(SceneReader.maxChoices) choices, not \(seq.count)")
      return nil
    }
    var out: [String] = []
    var ok = true
    for item in seq {
      guard let c = string(item, "choices") else {
        ok = false
        continue
      }
      if out.contains(c) {
        error(item, "the choice '\(Excerpt.short(c))' is offered twice")
        ok = false
        continue
      }
      if let problem = choiceProblem(c, asks, index) {
        error(item, problem)
        ok = false
        continue
      }
      out.append(c)
    }
    return ok ? out : nil
  }

  /// Why `c` can never be the answer to `asks` (nil: it can).
  func choiceProblem(_ c: String, _ asks: SceneQuestion.Asks, _ index: SceneIndex) -> String? {
    let allowed: [String]
    let what: String
    switch asks {
    case .hitView:
      if c == SceneQuestion.none || index.views[c] != nil { return nil }
      allowed = index.order.filter { index.views[$0] != nil } + [SceneQuestion.none]
      what = "a view id or none"
    case .fires, .sends:
      allowed = [SceneQuestion.yes, SceneQuestion.no]
      what = "yes or no"
    case .finalState:
      allowed = SceneQuestion.stateNames
      what = "a state: " + allowed.joined(separator: ", ")
    case .gets:
      allowed = SceneQuestion.methodNames
      what = "a touches method or nothing: " + allowed.joined(separator: ", ")
    case .recognizesFirst(let ids):
      allowed = ids + [SceneQuestion.none]
      what = "one of the ids it lists, or none"
    case .performs:
      let fixed = ["window", "application", "appDelegate", SceneQuestion.none]
      if fixed.contains(c) || ids[c]?.role.isView == true || ids[c]?.role == .controller { return nil }
      allowed = ids.ids(where: { $0.isView || $0 == .controller }) + fixed
      what = "a responder: a view or view controller id, window, application, appDelegate, or none"
    case .restsAt:
      // Two numbers, written as the answer writes them.
      let inner = c.hasPrefix("(") && c.hasSuffix(")") && c.count > 1 ? c.dropFirst().dropLast() : ""
      let parts = inner.split(separator: ",", omittingEmptySubsequences: false).map { part -> Double? in
        var t = part
        while t.first == " " { t = t.dropFirst() }
        while t.last == " " { t = t.dropLast() }
        return Double(t)
      }
      if parts.count == 2, let x = parts[0], let y = parts[1], x.isFinite, y.isFinite {
        let canonical = SceneQuestion.offsetText(Point(x, y))
        return canonical == c ? nil : "write the offset '\(Excerpt.short(c))' as '\(canonical)'"
      }
      return "'\(Excerpt.short(c))' cannot be the answer: a choice here is a content offset '(x, y)', such as '(0, 0)'"
    case .zoomsTo:
      if let z = Double(c), z.isFinite {
        let canonical = SceneQuestion.scaleText(z)
        return canonical == c ? nil : "write the scale '\(Excerpt.short(c))' as '\(canonical)'"
      }
      return "'\(Excerpt.short(c))' cannot be the answer: a choice here is a zoom scale, a number such as '1' or '2.5'"
    }
    if allowed.contains(c) { return nil }
    return "'\(Excerpt.short(c))' cannot be the answer: a choice here is \(what)" + hint(c, allowed)
  }

  /// A question's `translations`: a language tag to the question in that language.
  private func readQuestionTranslations(_ node: Node) -> [String: String] {
    languageEntries(node, of: "the question").compactMapValues { tag, value in string(value, "translations.\(tag)") }
  }
}
