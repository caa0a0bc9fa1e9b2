/// What a recognizer's spec says about other recognizers (`requireToFail` and its delegate's id lists),
/// resolved to recognizer indices once, so that the arbiter answers "does a name b?" in O(1) however long
/// the lists are. Ids that name no recognizer are left out, as they never matched one.
struct Relations {
  /// `requireToFail`, in the order written, without repeats or the recognizer itself.
  var requireToFail: [Int] = []
  var requireToFailSet: Set<Int> = []
  var hasDelegate = false
  /// The delegate answers YES to shouldRecognizeSimultaneouslyWith for every recognizer.
  var simultaneousWithAll = false
  var simultaneousWith: Set<Int> = []
  /// The delegate's shouldRequireFailureOf and shouldBeRequiredToFailBy lists.
  var requireFailureOf: Set<Int> = []
  var requiredToFailBy: Set<Int> = []
}

extension Simulation {
  /// Works out every recognizer's relations and who names whom (at start-up).
  mutating func resolveAllRelations() {
    relations = [Relations](repeating: Relations(), count: recs.count)
    namedByRequireToFail = [Set<Int>](repeating: [], count: recs.count)
    namedByRequiredToFailBy = [Set<Int>](repeating: [], count: recs.count)
    for r in recs.indices { resolveRelations(r) }
  }

  /// Works out recognizer `r`'s relations again from its spec (after a `set` changed it), keeping the
  /// reverse indexes in step.
  mutating func resolveRelations(_ r: Int) {
    let old = relations[r]
    for y in old.requireToFailSet { namedByRequireToFail[y].remove(r) }
    for y in old.requiredToFailBy { namedByRequiredToFailBy[y].remove(r) }
    var new = Relations()
    for id in recs[r].spec.requireToFail {
      if let y = recIndex[id], y != r, new.requireToFailSet.insert(y).inserted { new.requireToFail.append(y) }
    }
    if let d = recs[r].spec.delegate {
      new.hasDelegate = true
      switch d.shouldRecognizeSimultaneouslyWith {
      case .all: new.simultaneousWithAll = true
      case .ids(let ids): new.simultaneousWith = indices(ids)
      }
      new.requireFailureOf = indices(d.shouldRequireFailureOf)
      new.requiredToFailBy = indices(d.shouldBeRequiredToFailBy)
    }
    for y in new.requireToFailSet { namedByRequireToFail[y].insert(r) }
    for y in new.requiredToFailBy { namedByRequiredToFailBy[y].insert(r) }
    relations[r] = new
  }

  private func indices(_ ids: [String]) -> Set<Int> {
    var out = Set<Int>(minimumCapacity: ids.count)
    for id in ids {
      if let y = recIndex[id] { out.insert(y) }
    }
    return out
  }
}
