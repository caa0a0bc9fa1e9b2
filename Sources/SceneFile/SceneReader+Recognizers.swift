import TouchSim

extension SceneReader {
  /// Every key a recognizer may have, in the format's order (docs/SCENE-FORMAT.md) (`effect` is this project's extension).
  static let recognizerKeys = SceneSchema.recognizer.keys
  /// The keys of `recognizerKindKeys`.
  static let kindSpecificKeys = KeySet(SceneSchema.recognizer.entries.filter { $0.kinds != nil }.map(\.key))
  /// Keys that exist on some recognizer classes only (UIScreenEdgePanGestureRecognizer is a pan).
  static let recognizerKindKeys: [String: [RecognizerKind]] = Dictionary(
    uniqueKeysWithValues: SceneSchema.recognizer.entries.compactMap { e in e.kinds.map { (e.key.name, $0) } })
  static let delegateKeys = SceneSchema.delegate.keys
  static let predicateKeys = SceneSchema.predicatePlace.keys

  /// Why `key` does not apply to a `kind` recognizer, or nil when it does.
  static func kindProblem(key: String, kind: RecognizerKind, id: String) -> String? {
    guard let kinds = recognizerKindKeys[key], !kinds.contains(kind) else { return nil }
    let names = kinds.map(\.rawValue).joined(separator: " and ")
    let who = id.isEmpty ? "this recognizer" : "'\(id)'"
    return "'\(key)' applies to \(names) recognizers only (\(who) is a \(kind.rawValue))"
  }

  func readRecognizer(_ node: Node, viewId: String) -> RecognizerSpec? {
    recognizerCount += 1
    if recognizerCount > SceneReader.maxRecognizers {
      if !tooManyRecognizersReported {
        tooManyRecognizersReported = true
        error(node, "too many recognizers: a scene may have at most \(SceneReader.maxRecognizers)")
      }
      return nil
    }
    guard let f = fields(node, "a recognizer", allowed: SceneReader.recognizerKeys) else { return nil }
    var id = ""
    if let n = f[.id] {
      id = identifier(n, "id") ?? ""
    } else {
      error(node, "a recognizer needs an 'id'")
    }
    var kind: RecognizerKind?
    if let n = f[.kind] {
      if let s = string(n, "kind") {
        kind = RecognizerKind(rawValue: s)
        if kind == nil {
          error(n, "unknown recognizer kind '\(Excerpt.short(s))'" + hint(s, RecognizerKind.allCases.map(\.rawValue)))
        }
      }
    } else {
      let kinds = RecognizerKind.allCases.map(\.rawValue).joined(separator: ", ")
      error(node, "a recognizer needs a 'kind' (\(kinds))")
    }
    // The same recognizer listed again on another view is one recognizer (rule C-9): its id is defined once.
    let again = listedRecognizers.contains(id)
    if !id.isEmpty, !again, let n = f[.id] { define(id, kind.map { .recognizer($0) } ?? .recognizer(.tap), at: n) }
    // Without a known kind the kind-specific keys cannot be checked; read the rest for their own errors.
    var r = RecognizerSpec(id: id, kind: kind ?? .tap)
    if let kind {
      for key in f.order(among: SceneReader.kindSpecificKeys) {
        if let problem = SceneReader.kindProblem(key: key.name, kind: kind, id: id), let k = f.keyNode(key) {
          error(k, problem)
        }
      }
    }

    if let n = f[.numberOfTapsRequired],
      let x = integer(n, "numberOfTapsRequired", range: (kind == .longPress ? 0 : 1)...100)
    {
      r.numberOfTapsRequired = x
    }
    if let n = f[.numberOfTouchesRequired],
      let x = integer(
        n, "numberOfTouchesRequired", range: SceneSchema.recognizer.integerRange(.numberOfTouchesRequired))
    {
      r.numberOfTouchesRequired = x
    }
    if let n = f[.minimumPressDuration],
      let x = number(n, "minimumPressDuration", range: SceneSchema.recognizer.numberRange(.minimumPressDuration))
    {
      r.minimumPressDuration = x
    }
    if let n = f[.allowableMovement],
      let x = number(n, "allowableMovement", range: SceneSchema.recognizer.numberRange(.allowableMovement))
    {
      r.allowableMovement = x
    }
    if let n = f[.minimumNumberOfTouches],
      let x = integer(n, "minimumNumberOfTouches", range: SceneSchema.recognizer.integerRange(.minimumNumberOfTouches))
    {
      r.minimumNumberOfTouches = x
    }
    if let n = f[.maximumNumberOfTouches],
      let x = integer(n, "maximumNumberOfTouches", range: SceneSchema.recognizer.integerRange(.maximumNumberOfTouches))
    {
      r.maximumNumberOfTouches = x
      if x != 0 && x < r.minimumNumberOfTouches {
        error(n, "'maximumNumberOfTouches' (\(x)) is less than 'minimumNumberOfTouches' (\(r.minimumNumberOfTouches))")
      }
    }
    if let n = f[.direction], let list = readNames(n, "direction", Direction.self) { r.direction = list }
    if let n = f[.edges], let list = readNames(n, "edges", Edge.self) { r.edges = list }
    if let n = f[.isEnabled], let b = bool(n, "isEnabled") { r.isEnabled = b }
    if let n = f[.cancelsTouchesInView], let b = bool(n, "cancelsTouchesInView") { r.cancelsTouchesInView = b }
    if let n = f[.delaysTouchesBegan], let b = bool(n, "delaysTouchesBegan") { r.delaysTouchesBegan = b }
    if let n = f[.delaysTouchesEnded], let b = bool(n, "delaysTouchesEnded") { r.delaysTouchesEnded = b }
    if let n = f[.requireToFail], let list = idList(n, "requireToFail") {
      r.requireToFail = list.map(\.0)
      for (name, at) in list {
        refer(name, .recognizer, at, "requireToFail")
        if !id.isEmpty { failureEdges.append(FailureEdge(from: id, to: name, node: at)) }
      }
    }
    if let n = f[.delegate] { r.delegate = readDelegate(n) }
    if let n = f[.effect] { r.effect = readEffect(n, key: f.keyNode(.effect) ?? n, kind: kind, id: id) }
    return r
  }

  /// `effect: translate | scale | rotate`, the one that fits the recognizer's class (extension).
  private func readEffect(_ node: Node, key: Node, kind: RecognizerKind?, id: String) -> RecognizerEffect? {
    let all = RecognizerEffect.allCases.map(\.rawValue)
    guard let s = string(node, "effect") else { return nil }
    guard let effect = RecognizerEffect(rawValue: s) else {
      error(node, "unknown effect '\(Excerpt.short(s))'" + hint(s, all) + "; use \(all.joined(separator: ", "))")
      return nil
    }
    // Without a known kind the fit cannot be checked (the kind has its own error).
    guard let kind, !effect.kinds.contains(kind) else { return effect }
    let who = id.isEmpty ? "this recognizer" : "'\(id)'"
    guard let fitting = RecognizerEffect.fitting(kind) else {
      // A tap, long press or swipe: the key itself does not apply, as with other kind-specific keys.
      let kinds = RecognizerEffect.allCases.flatMap(\.kinds).map(\.rawValue)
      let names = kinds.dropLast().joined(separator: ", ") + " and " + kinds.last!
      error(key, "'effect' applies to \(names) recognizers only (\(who) is a \(kind.rawValue))")
      return nil
    }
    let names = effect.kinds.map(\.rawValue).joined(separator: " and ")
    error(
      node,
      "effect '\(s)' applies to \(names) recognizers only (\(who) is a \(kind.rawValue); its effect is \(fitting.rawValue))"
    )
    return nil
  }

  /// One name or a non-empty list of distinct names of a `CaseIterable` string enum.
  private func readNames<E: RawRepresentable & CaseIterable>(_ node: Node, _ key: String, _: E.Type) -> [E]?
  where E.RawValue == String {
    let all = E.allCases.map(\.rawValue)
    guard let list = listOrOne(node) else {
      error(node, "'\(key)' takes one of \(all.joined(separator: ", ")) or a list of them, not \(described(node))")
      return nil
    }
    guard !list.isEmpty else {
      error(node, "'\(key)' needs at least one of \(all.joined(separator: ", "))")
      return nil
    }
    var out: [E] = []
    var ok = true
    for item in list {
      guard case .string(let s)? = value(item) else {
        error(item, "'\(key)' takes one of \(all.joined(separator: ", ")), not \(described(item))")
        ok = false
        continue
      }
      guard let e = E(rawValue: s) else {
        error(item, "unknown \(key) '\(Excerpt.short(s))'" + hint(s, all) + "; use \(all.joined(separator: ", "))")
        ok = false
        continue
      }
      if out.contains(where: { $0.rawValue == e.rawValue }) {
        error(item, "'\(key)' lists '\(s)' twice")
        ok = false
        continue
      }
      out.append(e)
    }
    return ok ? out : nil
  }

  private func readDelegate(_ node: Node) -> DelegateSpec? {
    guard let f = fields(node, "'delegate'", allowed: SceneReader.delegateKeys) else { return nil }
    var d = DelegateSpec()
    if let n = f[.shouldReceive], let p = readPredicate(n, "shouldReceive") { d.shouldReceive = p }
    if let n = f[.shouldBegin], let p = readPredicate(n, "shouldBegin") { d.shouldBegin = p }
    if let n = f[.shouldRecognizeSimultaneouslyWith] {
      if case .string("all")? = value(n) {
        d.shouldRecognizeSimultaneouslyWith = .all
      } else if let list = idList(n, "shouldRecognizeSimultaneouslyWith") {
        d.shouldRecognizeSimultaneouslyWith = .ids(list.map(\.0))
        for (name, at) in list { refer(name, .recognizer, at, "shouldRecognizeSimultaneouslyWith") }
      }
    }
    for key in [Key.shouldRequireFailureOf, .shouldBeRequiredToFailBy] {
      guard let n = f[key], let list = idList(n, key.name) else { continue }
      for (name, at) in list { refer(name, .recognizer, at, key.name) }
      if key == .shouldRequireFailureOf {
        d.shouldRequireFailureOf = list.map(\.0)
      } else {
        d.shouldBeRequiredToFailBy = list.map(\.0)
      }
    }
    return d
  }

  /// `true`/`false`, `{ unlessTouchIn: [ids] }` or `{ onlyTouchIn: [ids] }`.
  private func readPredicate(_ node: Node, _ key: String) -> TouchPredicate? {
    switch doc.kind(node) {
    case .plain, .quoted:
      if case .bool(let b)? = value(node) { return .always(b) }
    case .mapping:
      let count = doc.count(node)
      guard count == 1, let f = fields(node, "'\(key)'", allowed: SceneReader.predicateKeys) else {
        if count != 1 {
          error(node, "'\(key)' takes one of unlessTouchIn or onlyTouchIn, not \(count) keys")
        }
        return nil
      }
      let which = f.has(.unlessTouchIn) ? Key.unlessTouchIn : .onlyTouchIn
      guard let n = f[which], let list = idList(n, which.name) else { return nil }
      for (name, at) in list { refer(name, .view, at, "\(key).\(which.name)") }
      return which == .unlessTouchIn ? .unlessTouchIn(list.map(\.0)) : .onlyTouchIn(list.map(\.0))
    case .sequence:
      break
    }
    error(
      node, "'\(key)' takes true, false, { unlessTouchIn: [ids] } or { onlyTouchIn: [ids] }, not \(described(node))")
    return nil
  }
}
