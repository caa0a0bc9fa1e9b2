import TouchSim
import TraceKit

/// Touches going down, moving and lifting; the hit-test walk; the recognizers a touch is attached to.
extension NarrationBuilder {
  func inputSentence(_ i: Int) -> [Piece] {
    guard case .input(let n, let phase, let at, let tapCount) = entry(i) else { return [] }
    switch phase {
    case .began:
      var text = "Finger \(n) touches down at \(Phrase.point(at))"
      var rules: [String] = []
      if tapCount > 1 {
        text += "; its tapCount is \(tapCount) because it comes soon after, and close to, the last lift"
        rules.append("C-6")
      }
      return [.line(index: i, text: Phrase.sentence(text, rules))]
    case .moved:
      return [.burst(.move(touch: n), BurstItem(index: i, value: .move(at)))]
    case .stationary:
      return []
    case .ended:
      return [.line(index: i, text: Phrase.sentence("Finger \(n) lifts at \(Phrase.point(at))"))]
    case .cancelled:
      return [.line(index: i, text: Phrase.sentence("The system cancels finger \(n)", ["C-1"]))]
    }
  }

  // MARK: Hit test

  private struct Visit {
    var index: Int
    var view: String
    var at: Point
    var result: TraceEvent.HitResult
    var passedThrough = false
    var children: [Int] = []
  }

  /// One or two sentences for a hit-test walk: how it went, then which view became touch.view.
  func hitTestSentences(_ members: [Int]) -> [Piece] {
    var visits: [Visit] = []
    var hit: (index: Int, touch: Int, view: String?)?
    for i in members {
      switch entry(i) {
      case .hitTest(let view, let at, let result):
        if result == .passThrough, let k = visits.lastIndex(where: { $0.view == view && $0.result == .inside }) {
          visits[k].passedThrough = true
          continue
        }
        visits.append(Visit(index: i, view: view, at: at, result: result))
        let me = visits.count - 1
        if let p = scene.parent[view], let k = visits.lastIndex(where: { $0.view == p }) {
          visits[k].children.append(me)
        }
      case .hit(let n, let view):
        hit = (i, n, view)
      default: break
      }
    }
    guard let hit else { return partialWalkSentence(visits) }
    let n = hit.touch
    guard let root = visits.first else {
      return [.line(index: hit.index, text: resultSentence(n, hit.view))]
    }
    if root.result != .inside || root.passedThrough && root.children.isEmpty {
      let (verdict, rules) = predicate(root)
      let text = "The hit test for finger \(n) starts at \(Phrase.code(root.view)), which \(verdict)"
      return [
        .line(index: root.index, text: Phrase.sentence(text, rules + ["A-1"])),
        .line(index: hit.index, text: resultSentence(n, hit.view)),
      ]
    }
    // The path to touch.view reads as arrows; only the views it passed over are described.
    let path: [String] = hit.view.map { Array(scene.ancestry($0).reversed()) } ?? [root.view]
    var rules = ["A-1"]
    var clauses: [String] = []
    for (depth, p) in path.enumerated() {
      guard let k = visits.lastIndex(where: { $0.view == p }) else { continue }
      let next = depth + 1 < path.count ? path[depth + 1] : nil
      let misses = visits[k].children.prefix { visits[$0].view != next }
      if !misses.isEmpty {
        clauses.append(describeMisses(visits, parent: p, misses: Array(misses), rules: &rules))
      }
      if visits[k].passedThrough {
        clauses.append("\(Phrase.code(p)) lets touches pass through (its hitTest returns nil for itself)")
        rules.append("A-7")
      }
    }
    let steps = path.map(Phrase.code).joined(separator: " → ")
    let outset = hit.view.flatMap { v in visits.last { $0.view == v } }.map(outsetNote) ?? (text: "", rules: [])
    rules += outset.rules
    if clauses.isEmpty, let view = hit.view {
      let text =
        path.count == 1
        ? "The hit test for finger \(n) finds only \(Phrase.code(view)) there, so it becomes touch.view"
        : "The hit test for finger \(n) goes \(steps): \(Phrase.code(view)) is the deepest view containing the point\(outset.text), so it becomes touch.view"
      return [.line(index: root.index, text: Phrase.sentence(text, rules))]
    }
    let lead =
      path.count == 1
      ? "The hit test for finger \(n) starts at \(Phrase.code(root.view))"
      : "The hit test for finger \(n) goes \(steps)"
    let text = lead + "; " + clauses.joined(separator: "; ")
    return [
      .line(index: root.index, text: Phrase.sentence(text, rules)),
      .line(index: hit.index, text: resultSentence(n, hit.view, outset: outset.text)),
    ]
  }

  /// The walk told as far as it has gone (the narration stops at the window's playhead): the view it
  /// is visiting now and what it found there, without giving away where it ends.
  private func partialWalkSentence(_ visits: [Visit]) -> [Piece] {
    guard let last = visits.last else { return [] }
    let finger = tracker.gesture?.touches.last.map { "finger \($0.number)" } ?? "the touch"
    let (verdict, rules) = predicate(last)
    let step = visits.count == 1 ? "starts at" : "visits"
    var text = "The hit test for \(finger) \(step) \(Phrase.code(last.view)), which \(verdict)"
    if last.result == .inside, !(scene.children[last.view] ?? []).isEmpty {
      text += "; it asks its subviews next, the front-most first"
    }
    return [.line(index: last.index, text: Phrase.sentence(text, rules + ["A-1"]))]
  }

  private func resultSentence(_ n: Int, _ view: String?, outset: String = "") -> String {
    guard let view else {
      return Phrase.sentence(
        "No view takes the point, so finger \(n) has no touch.view and no view gets its touches", ["A-1"])
    }
    return Phrase.sentence(
      "\(Phrase.code(view)) is the deepest view containing the point\(outset), so it becomes touch.view of finger \(n)",
      ["A-1"])
  }

  /// "in `root` it visits `c` first because it was added last: `c` and `b` do not contain the point;
  /// `a` is hidden, so it is skipped".
  private func describeMisses(_ visits: [Visit], parent p: String, misses: [Int], rules: inout [String]) -> String {
    let siblings = scene.children[p]?.count ?? misses.count
    var intro = "in \(Phrase.code(p)) it visits \(Phrase.code(visits[misses[0]].view))"
    if siblings > 1 { intro += " first because it was added last" }
    var parts: [String] = []
    var k = 0
    while k < misses.count {
      let v = visits[misses[k]]
      var (verdict, r) = predicate(v)
      if !v.children.isEmpty {
        // A view that took the point but whose subviews and own hitTest gave nothing back.
        verdict = "contains the point, but none of its subviews takes it and it lets touches pass through"
        r = ["A-7"]
      }
      // Consecutive views that simply do not contain the point read as one clause.
      var run = [v]
      while isPlainMiss(v), k + 1 < misses.count, isPlainMiss(visits[misses[k + 1]]) {
        k += 1
        run.append(visits[misses[k]])
      }
      rules += r
      if run.count > 1 {
        let allHaveSubviews = run.allSatisfy { !(scene.children[$0.view] ?? []).isEmpty }
        let ids = run.map(\.view)
        let named =
          ids.count > 4
          ? ids.prefix(3).map(Phrase.code).joined(separator: ", ") + " and \(ids.count - 3) others"
          : Phrase.codes(ids)
        parts.append(
          "\(named) do not contain the point" + (allHaveSubviews ? ", so their subviews are not asked" : ""))
      } else {
        parts.append("\(Phrase.code(v.view)) \(verdict)")
      }
      k += 1
    }
    return intro + ": " + parts.joined(separator: "; ")
  }

  /// A view that does not contain the point and has nothing drawn there worth naming.
  private func isPlainMiss(_ v: Visit) -> Bool {
    v.result == .outside && v.children.isEmpty && scene.subviewDrawn(under: v.at, in: v.view) == nil
  }

  /// What a visit found, as a predicate of the view: "is hidden, so it is skipped".
  private func predicate(_ v: Visit) -> (String, [String]) {
    let spec = scene.views[v.view]
    let hasSubviews = !(scene.children[v.view] ?? []).isEmpty
    let covers = scene.contains(v.view, v.at) ? " even though it covers the point" : ""
    let subtree = hasSubviews ? " with its subviews" : ""
    let subtreeRule = hasSubviews ? ["A-3"] : []
    switch v.result {
    case .inside:
      let note = outsetNote(v)
      return ("contains the point" + note.text, note.rules)
    case .outside:
      guard hasSubviews else { return ("does not contain the point", []) }
      if let drawn = scene.subviewDrawn(under: v.at, in: v.view) {
        return (
          "does not contain the point, so its subviews are not asked, not even \(Phrase.code(drawn)), which is drawn there",
          ["A-5"]
        )
      }
      return ("does not contain the point, so its subviews are not asked", [])
    case .hidden:
      return ("is hidden, so it is skipped\(subtree)\(covers)", subtreeRule)
    case .alpha:
      return ("has alpha below 0.01, so it is skipped\(subtree)\(covers)", ["A-2"] + subtreeRule)
    case .noInteraction:
      if let spec, !spec.kind.defaultUserInteractionEnabled {
        return (
          "is \(Phrase.article(spec.kind.uikitClass)), whose userInteractionEnabled is off by default, so it is skipped\(subtree)\(covers)",
          ["A-9"] + subtreeRule
        )
      }
      return ("has userInteractionEnabled off, so it is skipped\(subtree)\(covers)", subtreeRule)
    case .disabled:
      let cls = spec?.kind.uikitClass ?? "UIControl"
      return ("is a disabled \(cls) (isEnabled false), so it is skipped\(covers)", ["A-8"])
    case .passThrough:
      return ("lets touches pass through (its hitTest returns nil for itself)", ["A-7"])
    }
  }

  /// " thanks to its enlarged hit area (hitOutset 20)" when only the outset takes the point.
  private func outsetNote(_ v: Visit) -> (text: String, rules: [String]) {
    guard let spec = scene.views[v.view], spec.hitOutset > 0, v.result == .inside,
      !scene.contains(v.view, v.at, withOutset: false)
    else { return ("", []) }
    return (" thanks to its enlarged hit area (hitOutset \(Phrase.num(spec.hitOutset)))", ["A-6"])
  }

  // MARK: Attach

  func attachSentence(_ members: [Int]) -> [Piece] {
    guard let i = members.first, case .attach(let n, let recognizers) = entry(i) else { return [] }
    var answers: [String: Bool] = [:]
    for j in members {
      if case .ask(let of, .shouldReceive, _, _, let yes) = entry(j) { answers[of] = yes }
    }
    let view: String? = tracker.touchView[n] ?? nil
    let place = view.map { "the recognizers of \(Phrase.code($0)) and its superviews" } ?? "the recognizers"
    let unattached = tracker.unattachedAt[i] ?? []
    var rules = ["C-7"]
    var text: String
    if recognizers.isEmpty {
      text =
        unattached.isEmpty
        ? "Finger \(n) has no gesture recognizers: there are none on \(view.map(Phrase.code) ?? "its view") or its superviews"
        : "No recognizer takes finger \(n)"
    } else {
      let accepted = recognizers.filter { answers[$0] ?? true }
      let refused = recognizers.filter { !(answers[$0] ?? true) }
      text = "Finger \(n) goes to \(place): \(Phrase.codes(recognizers))"
      rules.append("E-6.4")
      if refused.isEmpty {
        text +=
          accepted.count == 1 ? ", which accepts it (shouldReceive YES)" : ", which all accept it (shouldReceive YES)"
      } else {
        for r in refused {
          text +=
            "; \(Phrase.code(r))'s delegate answers NO to shouldReceive, so \(Phrase.code(r)) never sees this touch"
        }
      }
    }
    for u in unattached {
      text += "; \(Phrase.code(u.recognizer)) does not get it: \(u.why)"
    }
    return [.line(index: i, text: Phrase.sentence(text, rules))]
  }
}

extension String {
  /// The string with the first occurrence of `target` replaced (no Foundation needed).
  func replacingFirst(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty, let r = firstRange(of: target) else { return self }
    return String(self[..<r.lowerBound]) + replacement + String(self[r.upperBound...])
  }
}
