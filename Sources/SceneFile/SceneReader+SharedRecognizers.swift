import TouchSim

/// One place a recognizer id is listed in a view's `recognizers`.
struct RecognizerListing {
  var id: String
  var viewId: String
  var node: Node
  /// Its index in that view's `recognizers` as read.
  var index: Int
  /// The recognizer read there: nil for `{ id: X }` alone.
  var spec: RecognizerSpec?
  var defined: Bool { spec != nil }
}

/// Rule C-9, a recognizer belongs to one view: `addGestureRecognizer` with a recognizer that another view
/// has moves it, so when a scene lists one recognizer id on several views (each a full, identical
/// definition, or `{ id: X }` alone after one definition), the view listed last keeps it and the others
/// lose it. The loader warns at each earlier listing, with the position of the one that keeps it.
extension SceneReader {
  /// `{ id: X }` with no other key: a reference to a recognizer defined elsewhere; nil for anything else.
  /// `.some(nil)` when it is such a mapping but its id is not one (reported).
  func recognizerReference(_ node: Node) -> String?? {
    guard doc.isMapping(node), doc.count(node) == 1 else { return nil }
    let pair = doc.pair(node, 0)
    guard doc.key(pair.key) == .id else { return nil }
    return .some(identifier(pair.value, "id"))
  }

  func noteListing(_ id: String, viewId: String, node: Node, index: Int, spec: RecognizerSpec?) {
    if spec != nil { listedRecognizers.insert(id) }
    recognizerListings.append(RecognizerListing(id: id, viewId: viewId, node: node, index: index, spec: spec))
  }

  /// Gives each recognizer listed on several views to the last of them, and records on the others that it
  /// was taken away; reports differing definitions, a recognizer listed twice on one view, and references
  /// to nothing.
  func resolveSharedRecognizers(_ root: inout ViewSpec) {
    var byId: [String: [Int]] = [:]
    var order: [String] = []
    for (i, l) in recognizerListings.enumerated() {
      if byId[l.id] == nil { order.append(l.id) }
      byId[l.id, default: []].append(i)
    }
    // Per view: recognizer slots to fill with a definition, slots to remove, and what was taken away.
    var fill: [String: [(index: Int, spec: RecognizerSpec)]] = [:]
    var remove: [String: [Int]] = [:]
    var taken: [String: [TakenRecognizer]] = [:]
    for id in order {
      let listings = byId[id]!.map { recognizerListings[$0] }
      let definitions = listings.filter(\.defined)
      guard let definitionListing = definitions.first else {
        for l in listings {
          if let entry = ids[id] {
            error(
              l.node,
              "'recognizers' lists '\(id)', which is \(entry.role.described), not a recognizer defined in a 'recognizers' list"
            )
          } else {
            let kinds = RecognizerKind.allCases.map(\.rawValue).joined(separator: ", ")
            error(
              l.node,
              "a recognizer needs a 'kind' (\(kinds)); '{ id: \(id) }' alone adds a recognizer defined on another view, and no recognizer is called '\(id)'"
                + hint(id, self.ids.ids(where: \.isRecognizer)))
          }
        }
        continue
      }
      guard listings.count > 1 else { continue }
      let spec = definitionListing.spec
      for d in definitions.dropFirst() where d.spec != spec {
        let p = position(definitionListing.node)
        error(
          d.node,
          "'\(id)' is listed again with other settings than at line \(p.line):\(p.column): a recognizer added to several views is one recognizer (rule C-9); define it once and write '{ id: \(id) }' on the other views"
        )
      }
      var seen: [String: RecognizerListing] = [:]
      for l in listings {
        if let first = seen[l.viewId] {
          let p = position(first.node)
          error(l.node, "'\(id)' is listed on '\(l.viewId)' twice (first at line \(p.line):\(p.column))")
        }
        seen[l.viewId] = l
      }
      guard let spec, let last = listings.last else { continue }
      let kept = position(last.node)
      if !last.defined { fill[last.viewId, default: []].append((last.index, spec)) }
      for l in listings.dropLast() where l.viewId != last.viewId {
        remove[l.viewId, default: []].append(l.index)
        taken[l.viewId, default: []].append(TakenRecognizer(recognizer: id, keptBy: last.viewId))
        warning(
          l.node,
          "'\(id)' is added to '\(l.viewId)' here and later to '\(last.viewId)' (line \(kept.line):\(kept.column)): a recognizer belongs to one view, so '\(l.viewId)' loses it and only '\(last.viewId)', added last, keeps it (rule C-9)"
        )
      }
    }
    guard !fill.isEmpty || !remove.isEmpty else { return }
    apply(&root, fill: fill, remove: remove, taken: taken)
  }

  private func apply(
    _ v: inout ViewSpec, fill: [String: [(index: Int, spec: RecognizerSpec)]], remove: [String: [Int]],
    taken: [String: [TakenRecognizer]]
  ) {
    for (i, spec) in fill[v.id] ?? [] where i < v.recognizers.count { v.recognizers[i] = spec }
    if let gone = remove[v.id] {
      for i in Set(gone).sorted(by: >) where i < v.recognizers.count { v.recognizers.remove(at: i) }
      v.recognizersTakenAway += taken[v.id] ?? []
    }
    for i in v.subviews.indices { apply(&v.subviews[i], fill: fill, remove: remove, taken: taken) }
  }
}
