import Geometry
import Localization
import TouchSim
import TraceKit

/// Touches going down, moving and lifting; the hit-test walk; the recognizers a touch is attached to.
extension NarrationBuilder {
  func inputSentence(_ i: Int) -> [Piece] {
    guard case .input(let n, let phase, let at, let tapCount) = entry(i) else { return [] }
    switch phase {
    case .began:
      var text = language("Finger \(n) touches down at \(Phrase.point(at))", "手指 \(n) 在 \(Phrase.point(at)) 按下")
      var rules: [String] = []
      if tapCount > 1 {
        text += language(
          "; its tapCount is \(tapCount) because it comes soon after, and close to, the last lift",
          "；它的 tapCount 为 \(tapCount)，因为它紧接在上一次抬起之后，而且位置很近")
        rules.append("C-6")
      }
      return [.line(index: i, text: sentence(text, rules))]
    case .moved:
      return [.burst(.move(touch: n), BurstItem(index: i, value: .move(at)))]
    case .stationary:
      return []
    case .ended:
      let text = language("Finger \(n) lifts at \(Phrase.point(at))", "手指 \(n) 在 \(Phrase.point(at)) 抬起")
      return [.line(index: i, text: sentence(text))]
    case .cancelled:
      return [.line(index: i, text: sentence(language("The system cancels finger \(n)", "系统取消了手指 \(n)"), ["C-1"]))]
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
    /// What an overriding hitTest returned (result `override`, rule A-12).
    var returned: String?
  }

  /// One or two sentences for a hit-test walk: how it went, then which view became touch.view.
  func hitTestSentences(_ members: [Int]) -> [Piece] {
    var visits: [Visit] = []
    // Each view's latest visit, and its latest visit that found the point inside (a walk visits every
    // view of a large tree: looking them up by scanning would make it quadratic).
    var latest: [String: Int] = [:]
    var latestInside: [String: Int] = [:]
    var hit: (index: Int, touch: Int, view: String?)?
    for i in members {
      switch entry(i) {
      case .hitTest(let view, let at, let result):
        if result == .passThrough, let k = latestInside[view] {
          visits[k].passedThrough = true
          continue
        }
        visits.append(Visit(index: i, view: view, at: at, result: result))
        let me = visits.count - 1
        if let p = scene.parent[view], let k = latest[p] {
          visits[k].children.append(me)
        }
        latest[view] = me
        if result == .inside { latestInside[view] = me }
      case .hitTestOverride(let view, let at, let returned):
        visits.append(Visit(index: i, view: view, at: at, result: .override, returned: returned))
        latest[view] = visits.count - 1
      case .hit(let n, let view):
        hit = (i, n, view)
      default: break
      }
    }
    guard let hit else { return partialWalkSentence(visits) }
    let n = hit.touch
    if visits.contains(where: { $0.result == .override }) { return overrideSentences(visits, hit: hit) }
    guard let root = visits.first else {
      return [.line(index: hit.index, text: resultSentence(n, hit.view))]
    }
    if root.result != .inside || root.passedThrough && root.children.isEmpty {
      let (verdict, rules) = predicate(root)
      let text = language(
        "The hit test for finger \(n) starts at \(Phrase.code(root.view)), which \(verdict)",
        "手指 \(n) 的命中测试从 \(Phrase.code(root.view)) 开始，它\(verdict)")
      return [
        .line(index: root.index, text: sentence(text, rules + ["A-1"])),
        .line(index: hit.index, text: resultSentence(n, hit.view)),
      ]
    }
    // The path to touch.view reads as arrows; only the views it passed over are described.
    let path: [String] = hit.view.map { Array(scene.ancestry($0).reversed()) } ?? [root.view]
    var rules = ["A-1"]
    var clauses: [String] = []
    for (depth, p) in path.enumerated() {
      guard let k = latest[p] else { continue }
      let next = depth + 1 < path.count ? path[depth + 1] : nil
      let misses = visits[k].children.prefix { visits[$0].view != next }
      if !misses.isEmpty {
        clauses.append(describeMisses(visits, parent: p, misses: Array(misses), rules: &rules))
      }
      if visits[k].passedThrough {
        clauses.append(
          language(
            "\(Phrase.code(p)) lets touches pass through (its hitTest returns nil for itself)",
            "\(Phrase.code(p)) 让触摸穿透（它的 hitTest 对自身返回 `nil`）"))
        rules.append("A-7")
      }
    }
    let steps = path.map(Phrase.code).joined(separator: " → ")
    let outset = hit.view.flatMap { latest[$0] }.map { outsetNote(visits[$0]) } ?? (text: "", rules: [])
    rules += outset.rules
    if clauses.isEmpty, let view = hit.view {
      let text =
        path.count == 1
        ? language(
          "The hit test for finger \(n) finds only \(Phrase.code(view)) there, so it becomes touch.view",
          "手指 \(n) 的命中测试在那里只找到 \(Phrase.code(view))，所以它成为 touch.view")
        : language(
          "The hit test for finger \(n) goes \(steps): \(Phrase.code(view)) is the deepest view containing the point\(outset.text), so it becomes touch.view",
          "手指 \(n) 的命中测试经过 \(steps)：\(Phrase.code(view)) 是包含该点的最深层视图\(outset.text)，所以它成为 touch.view")
      return [.line(index: root.index, text: sentence(text, rules))]
    }
    let lead =
      path.count == 1
      ? language(
        "The hit test for finger \(n) starts at \(Phrase.code(root.view))",
        "手指 \(n) 的命中测试从 \(Phrase.code(root.view)) 开始")
      : language("The hit test for finger \(n) goes \(steps)", "手指 \(n) 的命中测试经过 \(steps)")
    let text = lead + language("; ", "；") + clauses.joined(separator: language("; ", "；"))
    return [
      .line(index: root.index, text: sentence(text, rules)),
      .line(index: hit.index, text: resultSentence(n, hit.view, outset: outset.text)),
    ]
  }

  /// The walk told as far as it has gone (the narration stops at the window's playhead): the view it
  /// is visiting now and what it found there, without giving away where it ends.
  private func partialWalkSentence(_ visits: [Visit]) -> [Piece] {
    guard let last = visits.last else { return [] }
    let finger = tracker.gesture?.touches.last.map { self.finger($0.number) } ?? language("the touch", "该触摸")
    let (verdict, rules) = predicate(last)
    let shown = Phrase.code(last.view)
    var text: String
    if language.isChinese {
      let step = visits.count == 1 ? "从 \(shown) 开始" : "来到 \(shown)"
      text = "\(finger) 的命中测试\(step)，它\(verdict)"
    } else {
      let step = visits.count == 1 ? "starts at" : "visits"
      text = "The hit test for \(finger) \(step) \(shown), which \(verdict)"
    }
    if last.result == .inside, !(scene.children[last.view] ?? []).isEmpty {
      text += language("; it asks its subviews next, the front-most first", "；接下来它询问自己的子视图，最前面的先问")
    }
    return [.line(index: last.index, text: sentence(text, rules + ["A-1"]))]
  }

  /// A walk in which an overridden hitTest answered (rule A-12): the way down to each overriding view,
  /// what it returned, then touch.view.
  private func overrideSentences(_ visits: [Visit], hit: (index: Int, touch: Int, view: String?)) -> [Piece] {
    let n = hit.touch
    var pieces: [Piece] = []
    for v in visits where v.result == .override {
      let path = Array(scene.ancestry(v.view).reversed())
      let steps = path.map(Phrase.code).joined(separator: " → ")
      let lead =
        path.count > 1
        ? language("The hit test for finger \(n) goes \(steps); ", "手指 \(n) 的命中测试经过 \(steps)；")
        : ""
      // an override that called super (its walk is written before its line) and swapped super's answer
      // `self` for another view.
      let mapped = scene.views[v.view]?.hitTestOverrides.contains { $0.mapsSuper && $0.rect.contains(v.at) } == true
      if mapped, let to = v.returned, to != v.view {
        let text = language(
          "hitTest of \(Phrase.code(v.view)) called super, which answered \(Phrase.code(v.view)) itself, and returned \(Phrase.code(to)) instead (an override)",
          "\(Phrase.code(v.view)) 的 hitTest 先调用 super，super 回答了 \(Phrase.code(v.view)) 自己，于是它改为返回 \(Phrase.code(to))（重写）"
        )
        pieces.append(
          .line(index: v.index, text: sentence(lead + text, path.count > 1 ? ["A-1", "A-13"] : ["A-13"])))
        continue
      }
      let answer =
        v.returned.map {
          $0 == v.view
            ? language(
              "hitTest of \(Phrase.code(v.view)) returned itself for this point (an override), so its subviews are not asked",
              "\(Phrase.code(v.view)) 的 hitTest 对这个点返回了它自己（重写），所以不会询问它的子视图")
            : language(
              "hitTest of \(Phrase.code(v.view)) returned \(Phrase.code($0)) for this point (an override)",
              "\(Phrase.code(v.view)) 的 hitTest 对这个点返回了 \(Phrase.code($0))（重写）")
        }
        ?? language(
          "hitTest of \(Phrase.code(v.view)) returned nil for this point (an override), so the walk goes on without it",
          "\(Phrase.code(v.view)) 的 hitTest 对这个点返回了 `nil`（重写），所以遍历跳过它继续")
      pieces.append(.line(index: v.index, text: sentence(lead + answer, path.count > 1 ? ["A-1", "A-12"] : ["A-12"])))
    }
    guard let view = hit.view else { return pieces + [.line(index: hit.index, text: resultSentence(n, nil))] }
    let text: String
    if let o = visits.last(where: { $0.result == .override && $0.returned == view }), o.view == view {
      text = language(
        "\(Phrase.code(view)) keeps the point for itself, so it becomes touch.view of finger \(n)",
        "\(Phrase.code(view)) 把这个点留给自己，所以它成为手指 \(n) 的 touch.view")
    } else if let o = visits.last(where: { $0.result == .override && $0.returned == view }) {
      text = language(
        "\(Phrase.code(o.view)) answered with \(Phrase.code(view)), which is not hit-tested again, so it becomes touch.view of finger \(n)",
        "\(Phrase.code(o.view)) 给出了 \(Phrase.code(view))，它不会再被命中测试，所以它成为手指 \(n) 的 touch.view")
    } else {
      text = language(
        "\(Phrase.code(view)) is the deepest view containing the point, so it becomes touch.view of finger \(n)",
        "\(Phrase.code(view)) 是包含该点的最深层视图，所以它成为手指 \(n) 的 touch.view")
    }
    return pieces + [.line(index: hit.index, text: sentence(text, ["A-12"]))]
  }

  private func resultSentence(_ n: Int, _ view: String?, outset: String = "") -> String {
    guard let view else {
      return sentence(
        language(
          "No view takes the point, so finger \(n) has no touch.view and no view gets its touches",
          "没有视图接收该点，所以手指 \(n) 没有 touch.view，也没有视图收到它的触摸"),
        ["A-1"])
    }
    return sentence(
      language(
        "\(Phrase.code(view)) is the deepest view containing the point\(outset), so it becomes touch.view of finger \(n)",
        "\(Phrase.code(view)) 是包含该点的最深层视图\(outset)，所以它成为手指 \(n) 的 touch.view"),
      ["A-1"])
  }

  /// "in `root` it visits `c` first because it was added last: `c` and `b` do not contain the point;
  /// `a` is hidden, so it is skipped".
  private func describeMisses(_ visits: [Visit], parent p: String, misses: [Int], rules: inout [String]) -> String {
    let siblings = scene.children[p]?.count ?? misses.count
    let firstVisit = Phrase.code(visits[misses[0]].view)
    var intro: String
    if language.isChinese {
      intro =
        siblings > 1
        ? "在 \(Phrase.code(p)) 中，它先访问 \(firstVisit)，因为它是最后添加的" : "在 \(Phrase.code(p)) 中，它访问 \(firstVisit)"
    } else {
      intro = "in \(Phrase.code(p)) it visits \(firstVisit)"
      if siblings > 1 { intro += " first because it was added last" }
    }
    var parts: [String] = []
    var k = 0
    while k < misses.count {
      let v = visits[misses[k]]
      var (verdict, r) = predicate(v)
      if !v.children.isEmpty {
        // A view that took the point but whose subviews and own hitTest gave nothing back.
        verdict = language(
          "contains the point, but none of its subviews takes it and it lets touches pass through",
          "包含该点，但它的子视图都不接收，它自己也让触摸穿透")
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
          ? ids.prefix(3).map(Phrase.code).joined(separator: language(", ", "、"))
            + language(" and \(ids.count - 3) others", " 及另外 \(ids.count - 3) 个视图")
          : codes(ids)
        parts.append(
          language("\(named) do not contain the point", "\(named) 都不包含该点")
            + (allHaveSubviews ? language(", so their subviews are not asked", "，所以不会询问它们的子视图") : ""))
      } else {
        parts.append("\(Phrase.code(v.view)) \(verdict)")
      }
      k += 1
    }
    return intro + language(": ", "：") + parts.joined(separator: language("; ", "；"))
  }

  /// A view that does not contain the point and has nothing drawn there worth naming.
  private func isPlainMiss(_ v: Visit) -> Bool {
    v.result == .outside && v.children.isEmpty && scene.subviewDrawn(under: v.at, in: v.view) == nil
      && scene.views[v.view]?.pointInside == nil
  }

  /// What a visit found, as a predicate of the view: "is hidden, so it is skipped".
  private func predicate(_ v: Visit) -> (String, [String]) {
    let spec = scene.views[v.view]
    let hasSubviews = !(scene.children[v.view] ?? []).isEmpty
    let covers =
      scene.contains(v.view, v.at) ? language(" even though it covers the point", "，尽管它覆盖了该点") : ""
    let subtree = hasSubviews ? language(" with its subviews", "它连同其子视图") : language("", "它")
    let subtreeRule = hasSubviews ? ["A-3"] : []
    switch v.result {
    case .inside:
      let note = outsetNote(v)
      return (language("contains the point", "包含该点") + note.text, note.rules)
    case .outside:
      if let shape = spec?.pointInside {
        // point(inside:) overridden with another shape.
        let described =
          if case .circle = shape { language("a circle", "一个圆") } else { language("a list of rectangles", "几个矩形") }
        return (
          language(
            "does not contain the point: its point(inside:) accepts \(described) only",
            "不包含该点：它的 point(inside:) 只接受\(described)"),
          ["A-12"]
        )
      }
      guard hasSubviews else { return (language("does not contain the point", "不包含该点"), []) }
      if let drawn = scene.subviewDrawn(under: v.at, in: v.view) {
        return (
          language(
            "does not contain the point, so its subviews are not asked, not even \(Phrase.code(drawn)), which is drawn there",
            "不包含该点，所以不会询问它的子视图，连画在那里的 \(Phrase.code(drawn)) 也不会被询问"),
          ["A-5"]
        )
      }
      return (language("does not contain the point, so its subviews are not asked", "不包含该点，所以不会询问它的子视图"), [])
    case .hidden:
      return (
        language("is hidden, so it is skipped\(subtree)\(covers)", "已隐藏，所以\(subtree)被跳过\(covers)"),
        subtreeRule
      )
    case .alpha:
      return (
        language(
          "has alpha below 0.01, so it is skipped\(subtree)\(covers)",
          "的 alpha 低于 0.01，所以\(subtree)被跳过\(covers)"),
        ["A-2"] + subtreeRule
      )
    case .noInteraction:
      if let spec, !spec.kind.defaultUserInteractionEnabled {
        return (
          language(
            "is \(article(spec.kind.uikitClass)), whose userInteractionEnabled is off by default, so it is skipped\(subtree)\(covers)",
            "是 \(spec.kind.uikitClass)，它的 userInteractionEnabled 默认关闭，所以\(subtree)被跳过\(covers)"),
          ["A-9"] + subtreeRule
        )
      }
      return (
        language(
          "has userInteractionEnabled off, so it is skipped\(subtree)\(covers)",
          "的 userInteractionEnabled 已关闭，所以\(subtree)被跳过\(covers)"),
        subtreeRule
      )
    case .disabled:
      let cls = spec?.kind.uikitClass ?? "UIControl"
      return (
        language(
          "is a disabled \(cls) (isEnabled false), so it is skipped\(covers)",
          "是已禁用的 \(cls)（isEnabled 为 false），所以它被跳过\(covers)"),
        ["A-8"]
      )
    case .passThrough:
      return (
        language(
          "lets touches pass through (its hitTest returns nil for itself)", "让触摸穿透（它的 hitTest 对自身返回 `nil`）"),
        ["A-7"]
      )
    case .override:
      let answer = Phrase.code(v.returned ?? "nil")
      return (
        language(
          "has an overridden hitTest, which returned \(answer) for this point",
          "重写了 hitTest，它对这个点返回了 \(answer)"),
        ["A-12"]
      )
    }
  }

  /// " thanks to its enlarged hit area (hitOutset 20)" when only the outset takes the point.
  private func outsetNote(_ v: Visit) -> (text: String, rules: [String]) {
    guard let spec = scene.views[v.view], spec.hitOutset > 0, v.result == .inside,
      !scene.contains(v.view, v.at, withOutset: false)
    else { return ("", []) }
    let outset = Phrase.num(spec.hitOutset)
    return (
      language(
        " thanks to its enlarged hit area (hitOutset \(outset))", "，这得益于它扩大的点击区域（hitOutset \(outset)）"),
      ["A-6"]
    )
  }

  // MARK: Attach

  func attachSentence(_ members: [Int]) -> [Piece] {
    guard let i = members.first, case .attach(let n, let recognizers) = entry(i) else { return [] }
    var answers: [String: Bool] = [:]
    for j in members {
      if case .ask(let of, .shouldReceive, _, _, let yes) = entry(j) { answers[of] = yes }
    }
    let view: String? = tracker.touchView(n) ?? nil
    let place =
      view.map {
        language("the recognizers of \(Phrase.code($0)) and its superviews", "\(Phrase.code($0)) 及其父视图上的手势识别器")
      } ?? language("the recognizers", "手势识别器")
    let unattached = tracker.unattachedAt[i] ?? []
    var rules = ["C-7"]
    var text: String
    if recognizers.isEmpty {
      let shownView = view.map(Phrase.code) ?? language("its view", "它的视图")
      text =
        unattached.isEmpty
        ? language(
          "Finger \(n) has no gesture recognizers: there are none on \(shownView) or its superviews",
          "手指 \(n) 没有手势识别器：\(shownView) 及其父视图上都没有")
        : language("No recognizer takes finger \(n)", "没有手势识别器接收手指 \(n)")
    } else {
      let accepted = recognizers.filter { answers[$0] ?? true }
      let refused = recognizers.filter { !(answers[$0] ?? true) }
      text = language("Finger \(n) goes to \(place): \(codes(recognizers))", "手指 \(n) 交给\(place)：\(codes(recognizers))")
      rules.append("E-6.4")
      if refused.isEmpty {
        text +=
          accepted.count == 1
          ? language(", which accepts it (shouldReceive YES)", "，它接收了这个触摸（shouldReceive YES）")
          : language(", which all accept it (shouldReceive YES)", "，它们都接收了这个触摸（shouldReceive YES）")
      } else {
        for r in refused {
          text += language(
            "; \(Phrase.code(r))'s delegate answers NO to shouldReceive, so \(Phrase.code(r)) never sees this touch",
            "；\(Phrase.code(r)) 的代理对 shouldReceive 回答 NO，所以 \(Phrase.code(r)) 永远看不到这个触摸")
        }
      }
    }
    for u in unattached {
      for rule in unattachedRules(u.why) where !rules.contains(rule) { rules.append(rule) }
      text += language(
        "; \(Phrase.code(u.recognizer)) does not get it: \(unattachedText(u.why))",
        "；\(Phrase.code(u.recognizer)) 没有得到它：\(unattachedText(u.why))")
    }
    return [.line(index: i, text: sentence(text, rules))]
  }
}

extension String {
  /// The string with the first occurrence of `target` replaced (no Foundation needed).
  func replacingFirst(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty, let r = firstRange(of: target) else { return self }
    return String(self[..<r.lowerBound]) + replacement + String(self[r.upperBound...])
  }
}
