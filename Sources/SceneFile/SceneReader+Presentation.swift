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
    var controllerOf: [String: String] = [:]  // view id → its controller
    var viewOf: [String: String] = [:]  // controller id → its view
    var presentingOf: [String: String] = [:]  // controller id → the controller that presented it
    var controllerAbove: [String: String] = [:]  // view id → the nearest controller of a view above it
    var stack: [(view: ViewSpec, above: String?)] = [(root, nil)]
    while let (v, above) = stack.popLast() {
      if let above { controllerAbove[v.id] = above }
      if let c = v.controller {
        controllerOf[v.id] = c
        viewOf[c] = v.id
        if let p = v.presentingViewController { presentingOf[c] = p }
      }
      for s in v.subviews { stack.append((s, v.controller ?? above)) }
    }
    // The next controller on a controller's responder chain, as the engine walks it (nil: the window).
    func nextController(after c: String) -> String? {
      presentingOf[c] ?? viewOf[c].flatMap { controllerAbove[$0] }
    }
    // What a walk found about a controller: its chain ends at the window, or it runs into a circle that
    // is already reported. Each controller is walked over once, so the check is linear in the scene, and
    // each circle is reported once.
    enum Ends { case window, circle }
    var known: [String: Ends] = [:]
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
      guard known[own] == nil else { continue }
      var path = [own]
      var place: [String: Int] = [own: 0]  // controller → its place on `path`
      var ends = Ends.window
      while let next = nextController(after: path.last!) {
        if let found = known[next] {
          ends = found
          break
        }
        if let at = place[next] {
          error(
            p.node,
            "the responder chain goes round in a circle through presentations: "
              + Self.circleText(path[at...], what: "controllers"))
          ends = .circle
          break
        }
        place[next] = path.count
        path.append(next)
      }
      for c in path { known[c] = ends }
    }
  }

  /// A circle of ids for a message, back to where it started: "a → b → c → a"; a long one shortened to its
  /// first few members and how many there are ("a → b → c → d → … → a (19999 controllers)").
  static func circleText<C: Collection>(_ members: C, what: String) -> String where C.Element == String {
    guard let first = members.first else { return "" }
    let shown = 4
    let names = members.prefix(shown).map { Excerpt.short($0) }
    if members.count <= shown + 2 {
      return (members.map { Excerpt.short($0) } + [Excerpt.short(first)]).joined(separator: " → ")
    }
    return (names + ["…", Excerpt.short(first)]).joined(separator: " → ") + " (\(members.count) \(what))"
  }
}
