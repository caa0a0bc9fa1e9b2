import TouchSim
import TraceKit

/// Which trace entries one sentence explains together, worked out before narrating.
///
/// Each entry belongs to exactly one group; most groups are a single entry. Groups join entries of
/// one decision that the engine writes as several lines at the same time: a hit-test walk and its
/// `hit`; `attach` and its `shouldReceive` answers; a state change and its action; the questions
/// that decided a state change (a view's veto, canPrevent ...); a timer and what it caused; a
/// delivery with its responder-chain forwards and control events.
struct TraceGroups {
  /// Member indices of each group, sorted; groups in the order of their last member.
  private(set) var groups: [[Int]] = []
  /// The group of each entry (index into `groups`).
  private(set) var groupOf: [Int] = []

  /// The groups of `trace[start...]` (`start` beginning a time step: no group spans two times, so those
  /// before it are not needed when narrating on from there).
  init(_ trace: [TraceEntry], from start: Int = 0) {
    let indices = min(max(start, 0), trace.count)..<trace.count
    var parent = Array(trace.indices)
    func find(_ i: Int) -> Int {
      var r = i
      while parent[r] != r { r = parent[r] }
      var c = i
      while parent[c] != r {
        let next = parent[c]
        parent[c] = r
        c = next
      }
      return r
    }
    func join(_ a: Int, _ b: Int?) {
      guard let b else { return }
      let ra = find(a)
      let rb = find(b)
      if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
    }
    let links = Linker(trace: trace)
    for i in indices { join(i, links.partner(of: i)) }
    for i in indices { for j in links.followers(of: i) { join(i, j) } }

    var byRoot: [Int: [Int]] = [:]
    for i in indices { byRoot[find(i), default: []].append(i) }
    groups = byRoot.values.sorted { ($0.last ?? 0) < ($1.last ?? 0) }
    groupOf = [Int](repeating: 0, count: trace.count)
    for (g, members) in groups.enumerated() { for i in members { groupOf[i] = g } }
  }
}

/// The links between entries (all within one time).
private struct Linker {
  let trace: [TraceEntry]

  /// The later entry that entry `i` belongs with, if any.
  func partner(of i: Int) -> Int? {
    switch trace[i].event {
    case .state(let r, _, let to, _) where to != .possible && to != .failed:
      return nextEntry(after: i) { e in
        if case .action(let a, let s, _) = e, a == r, s == to { return .match }
        if case .state(let a, _, _, _) = e, a == r { return .stop }
        return .skip
      }
    case .timer(let what, let owner):
      if what == "contentTouchDelay" {
        return nextEntry(after: i) { e in
          if case .ask(let of, .touchesShouldBegin, _, _, _) = e, of == owner { return .match }
          return e.kind == "timer" || e.kind == "input" ? .stop : .skip
        }
      }
      return nextEntry(after: i) { e in
        if case .state(let r, _, _, _) = e, r == owner { return .match }
        if case .wait(let r, _) = e, r == owner { return .match }
        return e.kind == "timer" || e.kind == "input" ? .stop : .skip
      }
    case .ask(let of, let question, let other, let view, let answer):
      return askPartner(i, of: of, question, other: other, view: view, answer: answer)
    case .set(let target, "contentOffset", _, _):
      return nextEntry(after: i) { e in
        if case .scroll(let v, _, _) = e, v == target { return .match }
        return .stop
      }
    default:
      return nil
    }
  }

  /// Entries right after `i` that complete it: a walk's visits and hit, attach's answers, a
  /// delivery's forwards and control events.
  func followers(of i: Int) -> [Int] {
    var out: [Int] = []
    var j = i + 1
    func sameTime(_ j: Int) -> Bool { j < trace.count && trace[j].t == trace[i].t }
    switch trace[i].event {
    case .hitTest, .hitTestOverride:
      if i > 0, trace[i - 1].event.isHitTestVisit { return [] }
      while sameTime(j) {
        if trace[j].event.isHitTestVisit {
          out.append(j)
        } else if case .hit = trace[j].event {
          out.append(j)
          break
        } else {
          break
        }
        j += 1
      }
    case .attach:
      while sameTime(j), case .ask(_, .shouldReceive, _, _, _) = trace[j].event {
        out.append(j)
        j += 1
      }
    case .sendAction:
      // B-7a: the search's answers and its outcome.
      while sameTime(j) {
        switch trace[j].event {
        case .canPerform: out.append(j)
        case .perform:
          out.append(j)
          return out
        default: return out
        }
        j += 1
      }
    case .sendEvent(.application, _, _):
      // C-11: the window's step of the same event.
      while sameTime(j), case .sendEvent(.window, _, _) = trace[j].event {
        out.append(j)
        j += 1
      }
    case .deliver:
      while sameTime(j) {
        switch trace[j].event {
        case .forward, .control: out.append(j)
        default: return out
        }
        j += 1
      }
    default: break
    }
    return out
  }

  private func askPartner(
    _ i: Int, of: String, _ question: TraceEvent.Question, other: String?, view: String?, answer: Bool
  ) -> Int? {
    switch question {
    case .gestureRecognizerShouldBegin:
      guard let r = other else { return nil }
      return nextState(of: [r], after: i)
    case .shouldBegin:
      return nextState(of: [of], after: i)
    case .canPrevent:
      // `of` (x) would exclude `other` (y).
      guard let y = other else { return nil }
      return nextState(of: [y], after: i, reasonIs: .excludedBy(of))
    case .canBePrevented:
      guard let x = other else { return nil }
      return nextState(of: [of], after: i, reasonIs: .excludedBy(x))
    case .shouldRecognizeSimultaneouslyWith:
      guard let b = other else { return nil }
      return nextEntry(after: i) { e in
        if case .state(let r, .possible, .failed, let why) = e,
          (r == of && why == .excludedBy(b)) || (r == b && why == .excludedBy(of))
        {
          return .match
        }
        return e.kind == "input" || e.kind == "timer" ? .stop : .skip
      }
    case .touchesShouldCancel:
      return nextState(of: [ScrollSpec.panID(of: of)], after: i)
    case .touchesShouldBegin:
      guard !answer, let v = view else { return nil }
      return nextEntry(after: i) { e in
        if case .drop(let d, _, _, .touchesShouldBegin) = e, d == v { return .match }
        return .stop
      }
    default:
      return nil
    }
  }

  /// The next state change of one of `recognizers` leaving `possible`, at the same time.
  private func nextState(of recognizers: [String], after i: Int, reasonIs reason: StateReason? = nil) -> Int? {
    nextEntry(after: i) { e in
      if case .state(let r, .possible, _, let why) = e, recognizers.contains(r) {
        if let reason, why != reason { return .stop }
        return .match
      }
      return e.kind == "input" || e.kind == "timer" ? .stop : .skip
    }
  }

  enum Verdict { case match, skip, stop }

  private func nextEntry(after i: Int, _ test: (TraceEvent) -> Verdict) -> Int? {
    var j = i + 1
    while j < trace.count && trace[j].t == trace[i].t {
      switch test(trace[j].event) {
      case .match: return j
      case .stop: return nil
      case .skip: j += 1
      }
    }
    return nil
  }
}
