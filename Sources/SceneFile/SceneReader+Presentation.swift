import TouchSim

/// A view whose view controller was presented by another (`presentingViewController`, rule B-2a).
struct Presentation {
  var viewId: String
  var presenting: String
  var node: Node
}

/// Rule B-2a (uncertain): a presented view controller's next responder is the presenting view controller.
/// The reader checks that each `presentingViewController` names another view controller of the scene, and
/// that no responder chain goes round in a circle through presentations (a controller presented by one it
/// presents, or by one whose view is inside its own).
extension SceneReader {
  func checkPresentations(_ root: ViewSpec) {
    guard !presentations.isEmpty else { return }
    var parent: [String: String] = [:]
    var controllerOf: [String: String] = [:]  // view id → its controller
    var viewOf: [String: String] = [:]  // controller id → its view
    var presentingOf: [String: String] = [:]  // controller id → the controller that presented it
    var stack = [root]
    while let v = stack.popLast() {
      if let c = v.controller {
        controllerOf[v.id] = c
        viewOf[c] = v.id
        if let p = v.presentingViewController { presentingOf[c] = p }
      }
      for s in v.subviews {
        parent[s.id] = v.id
        stack.append(s)
      }
    }
    for p in presentations {
      guard let own = controllerOf[p.viewId] else { continue }
      guard viewOf[p.presenting] != nil else {
        let what = ids[p.presenting].map { ", which is \($0.role.described)" } ?? ""
        let candidates = Array(viewOf.keys).sorted()
        error(
          p.node,
          "'presentingViewController' names '\(p.presenting)'\(what), but no view controller has that id"
            + (what.isEmpty ? hint(p.presenting, candidates) : ""))
        continue
      }
      if p.presenting == own {
        error(p.node, "'\(own)' cannot present itself ('presentingViewController' names its own controller)")
        continue
      }
      // Walk the controller's responder chain as the engine will: a loop is an error.
      var seen: Set<String> = [own]
      var path = [own]
      var controller: String? = own
      var view: String? = nil
      while true {
        if let c = controller {
          if let by = presentingOf[c] {
            controller = by
            view = nil
            if !seen.insert(by).inserted {
              path.append(by)
              let cycle = path.drop { $0 != by }.joined(separator: " → ")
              error(p.node, "the responder chain goes round in a circle through presentations: \(cycle)")
              break
            }
            path.append(by)
            continue
          }
          view = viewOf[c].flatMap { parent[$0] }
          controller = nil
        } else if let v = view {
          if let c = controllerOf[v] {
            controller = c
            if !seen.insert(c).inserted {
              path.append(c)
              let cycle = path.drop { $0 != c }.joined(separator: " → ")
              error(p.node, "the responder chain goes round in a circle through presentations: \(cycle)")
              break
            }
            path.append(c)
            continue
          }
          view = parent[v]
        } else {
          break  // the window
        }
      }
    }
  }
}
