import Geometry
import TouchSim

/// `hitTestOverrides:` and `pointInside:` of a view (extension, rule A-12; docs/SCENE-FORMAT.md).
extension SceneReader {
  static let hitTestOverrideKeys = SceneSchema.hitTestOverride.keys
  static let pointInsideKeys = SceneSchema.pointInside.keys
  static let trackingKeys = SceneSchema.tracking.keys
  static let sheetKeys = SceneSchema.sheet.keys

  /// A list of `{ rect: [x, y, w, h], returns: ID | self | nil }`; the ids are checked once the whole
  /// scene is read (`checkReferences`).
  func readHitTestOverrides(_ node: Node, viewId: String, flags: [String: Bool] = [:]) -> [HitTestOverride]? {
    guard let seq = items(node) else {
      error(
        node,
        "'hitTestOverrides' takes a list of { rect: [x, y, width, height], returns: ID | self | nil }, not \(described(node))"
      )
      return nil
    }
    var out: [HitTestOverride] = []
    var ok = true
    for item in seq {
      if problems.isFull { return nil }
      guard let f = fields(item, "a hitTestOverrides entry", allowed: SceneReader.hitTestOverrideKeys) else {
        ok = false
        continue
      }
      var rect: Rect?
      if let n = f[.rect] {
        rect = self.rect(n, "rect")
      } else {
        error(item, "a hitTestOverrides entry needs a 'rect' ([x, y, width, height] in the view's own coordinates)")
      }
      var answer: HitTestOverride.Answer?
      if let n = f[.returns] {
        switch value(n) {
        case .null?, .string("nil")?: answer = HitTestOverride.Answer.none
        case .string("self")?: answer = .this
        case .string(let s)? where !s.isEmpty:
          answer = .view(s)
          refer(s, .view, n, "hitTestOverrides.returns")
        default:
          error(n, "'returns' takes a view id, self or nil, not \(described(n))")
        }
      } else {
        error(item, "a hitTestOverrides entry needs 'returns' (a view id, self or nil)")
      }
      // `when: FLAG` (a flag of this view), `mapsSuper: true`.
      var when: String?
      if let n = f[.when], let name = identifier(n, "when") {
        if flags[name] == nil {
          let known = flags.keys.sorted()
          error(
            n,
            "'when' names the flag '\(Excerpt.short(name))', but view '\(Excerpt.short(viewId))' has no such flag in 'flags'"
              + hint(name, known))
          ok = false
        }
        when = name
      }
      var mapsSuper = false
      if let n = f[.mapsSuper], let b = bool(n, "mapsSuper") { mapsSuper = b }
      if let rect, let answer {
        out.append(HitTestOverride(rect: rect, returns: answer, when: when, mapsSuper: mapsSuper))
      } else {
        ok = false
      }
    }
    return ok ? out : nil
  }

  /// `flags: { NAME: Bool, ... }`: the view subclass's Bool properties its hitTest reads (rule A-13).
  func readFlags(_ node: Node) -> [String: Bool]? {
    guard doc.isMapping(node), visit(doc.count(node)) else {
      error(
        node, "'flags' takes a mapping of names to true or false, such as { expanded: false }, not \(described(node))")
      return nil
    }
    var out: [String: Bool] = [:]
    for i in 0..<doc.count(node) {
      let (k, value) = doc.pair(node, i)
      guard let name = identifier(k, "a flag's name"), let b = bool(value, name) else { return nil }
      if out[name] != nil {
        error(k, "the flag '\(Excerpt.short(name))' is listed twice")
        return nil
      }
      out[name] = b
    }
    return out
  }

  /// `{ circle: [cx, cy, r] }` or `{ rects: [[x, y, w, h], ...] }`, in the view's own coordinates.
  func readPointInside(_ node: Node) -> PointInsideShape? {
    guard let f = fields(node, "'pointInside'", allowed: SceneReader.pointInsideKeys) else { return nil }
    switch (f[.circle], f[.rects]) {
    case (let c?, nil):
      guard let v = numbers(c, "circle", count: 3, shape: "[centreX, centreY, radius]", nonNegativeFrom: 2) else {
        return nil
      }
      return .circle(center: Point(v[0], v[1]), radius: v[2])
    case (nil, let r?):
      guard let seq = items(r) else {
        error(r, "'rects' takes a list of [x, y, width, height], not \(described(r))")
        return nil
      }
      var rects: [Rect] = []
      for item in seq {
        guard let rect = self.rect(item, "rects") else { return nil }
        rects.append(rect)
      }
      return .rects(rects)
    case (.some, .some):
      error(f.keyNode(.rects) ?? node, "'pointInside' takes either 'circle' or 'rects', not both")
      return nil
    case (nil, nil):
      error(
        node,
        "'pointInside' needs a shape: { circle: [centreX, centreY, radius] } or { rects: [[x, y, width, height], ...] }"
      )
      return nil
    }
  }
}
