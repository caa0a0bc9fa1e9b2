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
    // Controllers whose chain is known to end at the window: a later walk that reaches one stops there.
    var reachesWindow: Set<String> = []
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
      // The controllers on this controller's responder chain, as the engine walks it: a repeat is a loop.
      func nextController(after c: String) -> String? {
        if let by = presentingOf[c] { return by }
        var view = viewOf[c].flatMap { parent[$0] }
        while let v = view {
          if let found = controllerOf[v] { return found }
          view = parent[v]
        }
        return nil  // the window
      }
      var path = [own]
      var seen: Set<String> = [own]
      var loops = false
      while let next = nextController(after: path.last!), !reachesWindow.contains(next) {
        if !seen.insert(next).inserted {
          let cycle = (path.drop { $0 != next } + [next]).joined(separator: " → ")
          error(p.node, "the responder chain goes round in a circle through presentations: \(cycle)")
          loops = true
          break
        }
        path.append(next)
      }
      if !loops { reachesWindow.formUnion(path) }
    }
  }
}
