import Geometry
import SceneFile
import TouchSim

/// Builds the scenes of one Interface Builder document (`StoryboardImporter`).
struct StoryboardBuilder {
  let doc: IBDocument
  let file: String
  /// Warnings about the file as a whole (`unit == nil`) or about one scene (its index).
  var warnings: [(unit: Int?, diagnostic: Diagnostic)] = []
  /// IB object id → element.
  var byID: [String: Int] = [:]
  /// Named and system colours of the document's resources, as hex.
  var namedColors: [String: String] = [:]
  /// Every `gestureRecognizers` outlet connection: the view element, the recognizer's IB id, the connection.
  var attachments: [(view: Int, recognizer: String, connection: Int)] = []
  /// Recognizer IB id → the view element attached last (which keeps it).
  var keeper: [String: Int] = [:]
  /// Recognizers that ended up on a view of a written scene.
  var placed: Set<String> = []
  /// Unknown element names already warned about.
  var unknownWarned: Set<String> = []

  // The scene being built.
  var unit: Int? = nil
  var usedIDs: Set<String> = []
  /// The next number to try for each id base (so that many views of one base cost no search).
  var nextNumber: [String: Int] = [:]
  /// View element → its `gestureRecognizers` connections (indices into `attachments`), in order.
  var attachmentsOf: [Int: [Int]] = [:]
  var viewIDs: [Int: String] = [:]
  var recognizerIDs: [String: String] = [:]
  var comments: [String: String] = [:]
  var viewCount = 0
  var recognizerCount = 0
  /// Attachments to an earlier view than the keeper: (view element, keeper element, recognizer IB id, connection).
  var lost: [(view: Int, keeper: Int, recognizer: String, connection: Int)] = []

  init(document: IBDocument, file: String) {
    doc = document
    self.file = file
  }

  func fail(_ e: Int, _ message: String) -> SceneFileError {
    SceneFileError([Diagnostic(file: file, line: doc[e].line, column: doc[e].column, message: message)])
  }

  mutating func warn(_ e: Int, _ message: String) {
    guard warnings.count < Problems.limit else { return }
    warnings.append(
      (unit, Diagnostic(file: file, line: doc[e].line, column: doc[e].column, message: message, severity: .warning)))
  }

  // MARK: The document

  mutating func run(schema: String?) throws(SceneFileError) -> ImportedStoryboard {
    let root = doc[doc.root]
    if root.name == "archive" {
      throw fail(
        doc.root,
        "an Interface Builder 3 archive (the XIB format before Xcode 5): open it in Xcode and save it once to "
          + "write the document format this importer reads")
    }
    guard root.name == "document", let type = root.attributes["type"], type.hasPrefix("com.apple.InterfaceBuilder")
    else {
      throw fail(
        doc.root,
        "not an Interface Builder document: expected <document type=\"com.apple.InterfaceBuilder3.CocoaTouch…\">")
    }
    if !type.contains("CocoaTouch") {
      throw fail(doc.root, "a \(type) document: only iOS (CocoaTouch) storyboards and XIBs hold UIKit views")
    }
    for (i, e) in doc.elements.enumerated() {
      if let id = e.attributes["id"], byID[id] == nil { byID[id] = i }
    }
    readResources()
    for (i, e) in doc.elements.enumerated() where e.name == "connections" {
      for c in e.children
      where doc[c].name == "outletCollection" && doc[c].attributes["property"] == "gestureRecognizers" {
        guard let target = doc[c].attributes["destination"], let owner = parentOf(i) else { continue }
        attachments.append((owner, target, c))
      }
    }
    for (n, a) in attachments.enumerated() {
      keeper[a.recognizer] = a.view
      attachmentsOf[a.view, default: []].append(n)
    }
    if let first = doc.elements.firstIndex(where: { $0.name == "constraint" }) {
      warn(
        first,
        "Auto Layout constraints are not solved: every frame is the one Interface Builder stored in the file")
    }
    // The units: a storyboard's view controllers, a XIB's top-level views (and controllers).
    var units: [Int] = []
    var owner: Int?
    if let scenes = doc.child(doc.root, named: "scenes") {
      for scene in doc.children(scenes, named: "scene") {
        guard let objects = doc.child(scene, named: "objects") else { continue }
        for o in doc[objects].children {
          if isController(o) {
            units.append(o)
          } else if isViewElement(o) {
            let article = "aeiou".contains(doc[o].name.first ?? "x") ? "an" : "a"
            warn(o, "\(article) \(doc[o].name) outside every view controller's view: no scene is made of it")
          }
        }
      }
    } else if let objects = doc.child(doc.root, named: "objects") {
      for o in doc[objects].children {
        if doc[o].name == "placeholder", doc[o].attributes["placeholderIdentifier"] == "IBFilesOwner" { owner = o }
        if isController(o) || isViewElement(o) { units.append(o) }
        // A XIB nests the controllers a navigation or tab bar controller shows (`<viewControllers>`,
        // `rootViewController`) inside it: each is a scene of its own, as in a storyboard.
        if isController(o) { units += nestedControllers(o, depth: 0) }
      }
    } else {
      throw fail(doc.root, "an Interface Builder document without <scenes> or <objects>: nothing to import")
    }
    if units.isEmpty {
      throw fail(doc.root, "no view controller and no top-level view in this document: nothing to import")
    }
    var scenes: [StoryboardScene] = []
    var names: Set<String> = []
    for (n, u) in units.enumerated() {
      unit = n
      let name = uniqueName(sceneName(u, owner: owner), &names)
      scenes.append(try buildScene(u, name: name, owner: owner, schema: schema))
    }
    unit = nil
    for (i, e) in doc.elements.enumerated() {
      guard let kind = StoryboardClasses.recognizers[e.name], let id = e.attributes["id"], !placed.contains(id) else {
        continue
      }
      let attached = attachments.contains { $0.recognizer == id }
      warn(
        i,
        "a \(kind.rawValue) recognizer ('\(id)') "
          + (attached ? "attached only to views outside the scenes written" : "attached to no view")
          + ": left out")
    }
    let sorted = warnings.sorted {
      ($0.diagnostic.line, $0.diagnostic.column) < ($1.diagnostic.line, $1.diagnostic.column)
    }
    return ImportedStoryboard(
      scenes: scenes.enumerated().map { n, s in
        var s = s
        s.warnings = sorted.filter { $0.unit == n }.map(\.diagnostic)
        return s
      }, warnings: sorted.map(\.diagnostic))
  }

  func parentOf(_ i: Int) -> Int? { doc[i].parent }

  /// A view controller element. A search display controller (iOS 7's, still in older storyboards' scenes)
  /// is an object of the scene with no view of its own: not one.
  func isController(_ e: Int) -> Bool {
    let name = doc[e].name
    return name.hasSuffix("Controller") && name != "searchDisplayController"
  }

  /// The controllers inside controller `c` (not inside its views), in document order, nested ones too.
  func nestedControllers(_ c: Int, depth: Int) -> [Int] {
    guard depth < 20 else { return [] }
    var found: [Int] = []
    for k in doc[c].children where !isViewElement(k) {
      if isController(k) { found.append(k) }
      found += nestedControllers(k, depth: depth + 1)
    }
    return found
  }

  /// An element that is a view: a known view element, or any element with a frame.
  func isViewElement(_ e: Int) -> Bool {
    let name = doc[e].name
    if StoryboardClasses.recognizers[name] != nil || StoryboardClasses.notViews.contains(name) { return false }
    if StoryboardClasses.kind(name) != nil { return true }
    return frameElement(e) != nil
  }

  func frameElement(_ e: Int) -> Int? {
    // A size-class variation for an iPhone held upright, the most specific one first, over the default.
    for v in sizeClassVariations(e).reversed() {
      if let r = doc[v].children.first(where: { doc[$0].name == "rect" && doc[$0].attributes["key"] == "frame" }) {
        return r
      }
    }
    return doc[e].children.first { doc[$0].name == "rect" && doc[$0].attributes["key"] == "frame" }
      ?? doc[e].children.first { doc[$0].name == "frame" }
  }

  /// The `<variation key="…">` children of `e` that apply to the scene's window, an iPhone held upright
  /// (compact width, regular height): `default` first, then those naming one size class, then both.
  /// `widthClass=regular` (an iPad) or `heightClass=compact` (landscape) do not apply.
  func sizeClassVariations(_ e: Int) -> [Int] {
    var found: [(rank: Int, element: Int)] = []
    for c in doc[e].children where doc[c].name == "variation" {
      guard let key = doc[c].attributes["key"] else { continue }
      if key == "default" {
        found.append((0, c))
        continue
      }
      let parts = key.split(separator: "-")
      let applies = parts.allSatisfy { $0 == "widthClass=compact" || $0 == "heightClass=regular" }
      if applies && !parts.isEmpty { found.append((parts.count, c)) }
    }
    return found.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }.map(
      \.element.element)
  }

  /// The ids of subviews of `e` that its size-class variations leave out (`<mask key="subviews">` with
  /// `<exclude reference=…>`, undone by a more specific `<include reference=…>`).
  func excludedSubviews(_ e: Int) -> Set<String> {
    var out: Set<String> = []
    for v in sizeClassVariations(e) {
      for m in doc[v].children where doc[m].name == "mask" && doc[m].attributes["key"] == "subviews" {
        for r in doc[m].children {
          guard let id = doc[r].attributes["reference"] else { continue }
          if doc[r].name == "exclude" { out.insert(id) } else if doc[r].name == "include" { out.remove(id) }
        }
      }
    }
    return out
  }

  mutating func readResources() {
    guard let resources = doc.child(doc.root, named: "resources") else { return }
    for r in doc[resources].children {
      guard let name = doc[r].attributes["name"], let c = doc.child(r, named: "color") else { continue }
      if let hex = hexColor(doc[c].attributes) { namedColors[name] = hex }
    }
  }

  // MARK: Names

  /// The scene's name: the controller's storyboard identifier, custom class, label or title; for a XIB view
  /// its custom class, label, or File's Owner's class when the view is its `view` outlet.
  func sceneName(_ u: Int, owner: Int?) -> String {
    let a = doc[u].attributes
    var candidates = [a["storyboardIdentifier"], a["customClass"], a["userLabel"], a["title"]]
    if let item = doc.child(u, key: "navigationItem") { candidates.append(doc[item].attributes["title"]) }
    if let owner, let c = doc.child(owner, named: "connections"),
      doc[c].children.contains(where: {
        doc[$0].name == "outlet" && doc[$0].attributes["property"] == "view"
          && doc[$0].attributes["destination"] == a["id"]
      })
    {
      candidates.append(doc[owner].attributes["customClass"])
    }
    for c in candidates {
      if let c, let name = Self.fileName(c) { return name }
    }
    return Self.fileName(doc[u].name + "-" + (a["id"] ?? "")) ?? "scene"
  }

  /// Letters, digits, `-` and `_` (other runs become one `-`), at most 80 characters; nil when nothing is left.
  static func fileName(_ s: String) -> String? {
    var out = ""
    for u in s.unicodeScalars {
      let ok = u.isASCII && (u.properties.isAlphabetic || ("0"..."9").contains(u) || u == "_" || u == "-")
      if ok {
        out.unicodeScalars.append(u)
      } else if !out.isEmpty && !out.hasSuffix("-") {
        out += "-"
      }
    }
    while out.hasSuffix("-") || out.hasPrefix("-") {
      out = String(out.trimmingPrefix("-"))
      if out.hasSuffix("-") { out.removeLast() }
    }
    if out.count > 80 { out = String(out.prefix(80)) }
    return out.isEmpty ? nil : out
  }

  /// `name`, or `name-2`, `name-3`… unused so far (compared without case, as some file systems do).
  func uniqueName(_ name: String, _ used: inout Set<String>) -> String {
    var candidate = name
    var n = 1
    while used.contains(candidate.lowercased()) {
      n += 1
      candidate = name + "-\(n)"
    }
    used.insert(candidate.lowercased())
    return candidate
  }

  /// A unique scene id from IB text: ASCII letters and digits in lower camel case (`Buy button` → `buyButton`).
  mutating func makeID(_ texts: [String?], fallback: String) -> String {
    var base = ""
    for t in texts {
      if let t, let b = Self.idBase(t) {
        base = b
        break
      }
    }
    if base.isEmpty { base = Self.idBase(fallback) ?? "view" }
    let reserved: Set<String> = ["window", "application", "appDelegate", "self", "nil", "none", "all"]
    var id = base
    var n = nextNumber[base, default: 1]
    if n > 1 { id = base + String(n) }
    while usedIDs.contains(id) || reserved.contains(id) {
      n += 1
      id = base + String(n)
    }
    nextNumber[base] = n + 1
    usedIDs.insert(id)
    return id
  }

  static func idBase(_ s: String) -> String? {
    var words: [String] = []
    var current = ""
    for u in s.unicodeScalars {
      if u.isASCII && (u.properties.isAlphabetic || ("0"..."9").contains(u)) {
        current.unicodeScalars.append(u)
      } else if !current.isEmpty {
        words.append(current)
        current = ""
      }
    }
    if !current.isEmpty { words.append(current) }
    guard let first = words.first else { return nil }
    var out = lowerFirst(first) + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    if out.first!.isNumber { out = "v" + out }
    return String(out.prefix(60))
  }

  /// `URLField` → `urlField`, `Button` → `button`.
  static func lowerFirst(_ s: String) -> String {
    let chars = Array(s)
    var upper = 0
    while upper < chars.count, chars[upper].isUppercase { upper += 1 }
    let n = upper <= 1 ? upper : (upper == chars.count ? upper : upper - 1)
    return String(chars.prefix(n)).lowercased() + String(chars.dropFirst(n))
  }

  // MARK: One scene

  mutating func buildScene(_ u: Int, name: String, owner: Int?, schema: String?) throws(SceneFileError)
    -> StoryboardScene
  {
    usedIDs = []
    nextNumber = [:]
    viewIDs = [:]
    recognizerIDs = [:]
    comments = [:]
    viewCount = 0
    recognizerCount = 0
    lost = []
    let objectID = doc[u].attributes["id"] ?? name
    var controllerID: String?
    var rootElement: Int? = u
    var controllerComment = ""
    if isController(u) {
      let a = doc[u].attributes
      controllerID = makeID([a["customClass"], a["storyboardIdentifier"]], fallback: doc[u].name)
      controllerComment =
        " controller " + YAMLEmitter.quoted(a["customClass"] ?? StoryboardClasses.uikitClass(doc[u].name))
      rootElement = doc[u].children.first { doc[$0].attributes["key"] == "view" && isViewElement($0) }
    }
    var root: ViewSpec
    if let r = rootElement {
      var frame: Rect
      if let f = try rect(r) { frame = f } else { frame = defaultRoot(r) }
      root = try view(r, frame: frame, parentSize: frame.size, depth: 0)
    } else {
      // A navigation, tab bar or split view controller: its view is made at run time; its bars are in the file.
      // Where UIKit lays the bars out in that window (an iPhone with a 47 pt status bar and a 34 pt home
      // indicator), whatever canvas IB stored them on (320 or 600 wide, a toolbar at y 556 ...).
      let places = [
        "navigationBar": Rect(0, 47, 390, 44), "toolbar": Rect(0, 844 - 34 - 49, 390, 49),
        "tabBar": Rect(0, 844 - 83, 390, 83),
      ]
      let bars = doc[u].children.contains { places[doc[$0].attributes["key"] ?? ""] != nil }
      // Only a container shows other controllers; another controller's view is in a nib, or made in code.
      let containers: Set = ["navigationController", "tabBarController", "splitViewController", "pageViewController"]
      var whereFrom = ""
      var shown = ", and the controllers it shows are scenes of their own"
      if !containers.contains(doc[u].name) {
        whereFrom = doc[u].attributes["nibName"].map { " but in the nib '\($0)'" } ?? " (code makes it)"
        shown = ""
      }
      warn(
        u,
        "the \(StoryboardClasses.uikitClass(doc[u].name))'s own view is not in the file\(whereFrom): "
          + (bars ? "its bars are placed where UIKit puts them in a 390 × 844 window" : "it is a 390 × 844 view")
          + shown)
      let frame = Rect(0, 0, 390, 844)
      root = ViewSpec(id: makeID([], fallback: "view"), frame: frame)
      comments[root.id] = "\"UIView\" (made for the controller)"
      viewCount += 1
      for c in doc[u].children {
        guard let key = doc[c].attributes["key"], let place = places[key], isViewElement(c) else { continue }
        var bar = try view(c, frame: place, parentSize: frame.size, depth: 1)
        // A navigation controller's toolbar shows only with toolbarHidden="NO"; its bar hides with
        // navigationBarHidden="YES".
        let a = doc[u].attributes
        if key == "toolbar" && a["toolbarHidden"] != "NO" || key == "navigationBar" && a["navigationBarHidden"] == "YES"
        {
          bar.hidden = true
        }
        root.subviews.append(bar)
      }
    }
    root.controller = controllerID
    if let item = doc.child(u, key: "navigationItem") { warnNavigationItemViews(item) }
    if !controllerComment.isEmpty, let c = comments[root.id] { comments[root.id] = c + controllerComment }
    let definedHere = Set(Scene(root: root).allRecognizers.map(\.id))
    _ = dropLateListings(&root, defined: [], known: definedHere)
    for l in lost {
      let here = viewIDs[l.view] ?? "?"
      let rid = recognizerIDs[l.recognizer] ?? l.recognizer
      let at = doc[attachments.last { $0.recognizer == l.recognizer }!.connection]
      let there = viewIDs[l.keeper].map { "'\($0)'" } ?? "a view of another scene"
      warn(
        l.connection,
        "'\(rid)' is attached to '\(here)' here and later to \(there) (line \(at.line):\(at.column)): a recognizer "
          + "belongs to one view, so only \(there), attached last, keeps it")
    }
    let frame = root.frame
    let window = Size(min(max(frame.maxX, 1), 100_000), min(max(frame.maxY, 1), 100_000))
    var scene = Scene(root: root)
    scene.window = window
    let base = file.split(separator: "/").last.map(String.init) ?? file
    scene.title = name
    scene.about =
      "Imported by `touchscope import storyboard` from \(base) (object \(objectID)): \(viewCount) view"
      + (viewCount == 1 ? "" : "s") + " and \(recognizerCount) gesture recognizer"
      + (recognizerCount == 1 ? "" : "s") + ". Frames are as Interface Builder stored them; Auto Layout is not"
      + " solved. Each view's element, custom class and object id are in a comment on its id line. Delegates,"
      + " actions and overridden methods are code, not in the file: they take UIKit's defaults."
    var lines = SceneWriter.yaml(scene).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for (n, line) in lines.enumerated() {
      let body = line.drop { $0 == " " }
      let item = body.hasPrefix("- ") ? body.dropFirst(2) : body
      if item.hasPrefix("id: "), let comment = comments[String(item.dropFirst(4))] {
        // Every part of the comment is a quoted string, whose escapes leave nothing that could end the line.
        lines[n] = line + "  # " + comment
      }
    }
    var yaml = lines.joined(separator: "\n")
    if let schema { yaml = "# yaml-language-server: $schema=\(YAMLEmitter.commentText(schema))\n" + yaml }
    do {
      scene = try SceneLoader.read(yaml, file: name + ".yaml").scene
    } catch {
      let first = error.diagnostics.first.map { "\($0.line):\($0.column): \($0.message)" } ?? "unknown"
      throw fail(u, "internal error: the scene made from this object does not load (\(first))")
    }
    return StoryboardScene(
      objectID: objectID, name: name, scene: scene, yaml: yaml, viewCount: viewCount,
      recognizerCount: recognizerCount, warnings: [])
  }

  /// A controller's navigation item may hold views (a title view, bar button items' custom views): they are
  /// in the navigation controller's bar, not in the controller's view. One warning says what is left out.
  mutating func warnNavigationItemViews(_ item: Int) {
    var parts: [String] = []
    if let t = doc.child(item, key: "titleView"), isViewElement(t) { parts.append("title view") }
    var custom = 0
    for c in doc[item].children {
      // `leftBarButtonItem`, or the items of `leftBarButtonItems` (and the same on the right).
      let items = doc[c].name == "barButtonItem" ? [c] : doc.children(c, named: "barButtonItem")
      for b in items {
        if let v = doc.child(b, key: "customView"), isViewElement(v) { custom += 1 }
      }
    }
    if custom > 0 { parts.append("\(custom) bar button item custom view\(custom == 1 ? "" : "s")") }
    guard !parts.isEmpty else { return }
    warn(
      item,
      "the navigation item's \(parts.joined(separator: " and ")) "
        + "\(parts.count == 1 && custom < 2 ? "is" : "are") in the navigation bar, which is not in this scene: left out"
    )
  }

  mutating func defaultRoot(_ r: Int) -> Rect {
    warn(r, "the view has no frame: it is taken as 390 × 844")
    return Rect(0, 0, 390, 844)
  }

  /// Keeps a `{ id: X }` listing (a recognizer taken away by a later view) only on views written before the
  /// view that keeps it: the scene file's order is the order of the attachments.
  /// Listings of a recognizer kept by a view of another scene go too.
  func dropLateListings(_ v: inout ViewSpec, defined: Set<String>, known: Set<String>) -> Set<String> {
    var defined = defined
    v.recognizersTakenAway.removeAll { defined.contains($0.recognizer) || !known.contains($0.recognizer) }
    defined.formUnion(v.recognizers.map(\.id))
    for i in v.subviews.indices { defined = dropLateListings(&v.subviews[i], defined: defined, known: known) }
    return defined
  }

  // MARK: Values

  /// `<rect key="frame" x= y= width= height=>`, or nil when the element has none.
  mutating func rect(_ e: Int) throws(SceneFileError) -> Rect? {
    guard let f = frameElement(e) else { return nil }
    let a = doc[f].attributes
    var v: [Double] = []
    for key in ["x", "y", "width", "height"] {
      guard let text = a[key] else {
        v.append(0)
        continue
      }
      guard let n = Double(text), n.isFinite, abs(n) <= 1_000_000 else {
        throw fail(f, "\(key)=\"\(text.prefix(40))\" is not a number within ±1,000,000")
      }
      v.append(n)
    }
    var r = Rect(v[0], v[1], v[2], v[3])
    if r.width < 0 || r.height < 0 {
      warn(f, "a negative size in the frame: taken as the same rectangle with a positive size")
      r = Rect(min(r.minX, r.minX + r.width), min(r.minY, r.minY + r.height), abs(r.width), abs(r.height))
    }
    return r
  }

  /// The insets IB stores under `key`: `<inset key=… minX= minY= maxX= maxY=>` (minX is the left inset, minY
  /// the top, maxX the right, maxY the bottom) or `<edgeInsets key=… top= left= bottom= right=>`; nil when
  /// there is neither. A side missing is 0; one that is not a number is a warning and 0.
  mutating func insets(_ e: Int, key: String) -> EdgeInsets? {
    // Each element's attributes for the top, left, bottom and right insets.
    for (element, sides) in [
      ("inset", ["minY", "minX", "maxY", "maxX"]), ("edgeInsets", ["top", "left", "bottom", "right"]),
    ] {
      guard let i = doc.child(e, key: key, named: element) else { continue }
      let n = sides.map { number(i, $0) ?? 0 }
      return EdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
    }
    return nil
  }

  func flag(_ a: [String: String], _ key: String) -> Bool? {
    a[key].map { $0 == "YES" || $0 == "true" || $0 == "1" }
  }

  /// A number attribute within the range; a value outside it is a warning and nil.
  mutating func number(_ e: Int, _ key: String, in range: ClosedRange<Double> = -1_000_000...1_000_000) -> Double? {
    guard let text = doc[e].attributes[key] else { return nil }
    if let n = Double(text), n.isFinite, range.contains(n) { return n }
    warn(
      e,
      "\(key)=\"\(text.prefix(40))\" is not a number in \(NumberText.format(range.lowerBound))…"
        + "\(NumberText.format(range.upperBound)): left at its default")
    return nil
  }

  mutating func integer(_ e: Int, _ key: String, in range: ClosedRange<Int>) -> Int? {
    guard let text = doc[e].attributes[key] else { return nil }
    if let n = Int(text), range.contains(n) { return n }
    warn(
      e,
      "\(key)=\"\(text.prefix(40))\" is not a whole number in \(range.lowerBound)…\(range.upperBound): left at its default"
    )
    return nil
  }

  func hexColor(_ a: [String: String]) -> String? {
    func unit(_ key: String) -> Double? {
      guard let t = a[key], let v = Double(t), v.isFinite else { return nil }
      return min(max(v, 0), 1)
    }
    var rgba: [Double]
    if let r = unit("red"), let g = unit("green"), let b = unit("blue") {
      rgba = [r, g, b, unit("alpha") ?? 1]
    } else if let w = unit("white") {
      rgba = [w, w, w, unit("alpha") ?? 1]
    } else if let name = a["systemColor"] ?? a["cocoaTouchSystemColor"] ?? a["name"] {
      if let hex = namedColors[name] { return hex }
      let known: [String: String] = [
        "systemBackgroundColor": "#FFFFFF", "secondarySystemBackgroundColor": "#F2F2F7",
        "systemGroupedBackgroundColor": "#F2F2F7", "tertiarySystemBackgroundColor": "#FFFFFF",
        "systemBlueColor": "#007AFF", "systemRedColor": "#FF3B30", "systemGreenColor": "#34C759",
        "systemOrangeColor": "#FF9500", "systemYellowColor": "#FFCC00", "systemGrayColor": "#8E8E93",
        "systemGray6Color": "#F2F2F7", "labelColor": "#000000", "whiteColor": "#FFFFFF", "blackColor": "#000000",
        "darkTextColor": "#000000", "groupTableViewBackgroundColor": "#EFEFF4",
        "tableCellGroupedBackgroundColor": "#FFFFFF",
        "lightTextColor": "#FFFFFF99",
      ]
      return known[name]
    } else {
      return nil
    }
    func hex(_ v: Double) -> String {
      let n = Int((v * 255).rounded())
      let digits = String(n, radix: 16, uppercase: true)
      return digits.count == 1 ? "0" + digits : digits
    }
    return "#" + rgba.prefix(3).map(hex).joined() + (rgba[3] < 1 ? hex(rgba[3]) : "")
  }

  /// The text of an `<attributedString key=…>` child: its fragments' contents.
  func attributedText(_ e: Int, key: String) -> String? {
    guard let s = doc.child(e, key: key, named: "attributedString") else { return nil }
    let parts = doc.children(s, named: "fragment").compactMap { doc[$0].attributes["content"] }
    return parts.isEmpty ? nil : parts.joined()
  }

  // MARK: Views

  mutating func view(_ e: Int, frame: Rect, parentSize: Size, depth: Int) throws(SceneFileError) -> ViewSpec {
    if depth >= SceneReader.maxDepth {
      throw fail(e, "nested too deeply: a scene's view tree may be at most \(SceneReader.maxDepth) levels deep")
    }
    if viewCount >= SceneReader.maxViews {
      throw fail(e, "too many views: a scene may have at most \(SceneReader.maxViews)")
    }
    viewCount += 1
    let name = doc[e].name
    let a = doc[e].attributes
    let known = StoryboardClasses.kind(name)
    if known == nil, !unknownWarned.contains(name) {
      unknownWarned.insert(name)
      warn(e, "<\(name)> is not a view element this importer knows: imported as a plain view, with its subviews")
    }
    let kind = known ?? .view
    let id = makeID(
      [a["userLabel"], a["customClass"], a["reuseIdentifier"], a["restorationIdentifier"]], fallback: name)
    viewIDs[e] = id
    var comment = YAMLEmitter.quoted(StoryboardClasses.uikitClass(name))
    if let c = a["customClass"] { comment += " customClass " + YAMLEmitter.quoted(c) }
    if let ib = a["id"] { comment += " id " + YAMLEmitter.quoted(ib) }
    comments[id] = comment
    var v = ViewSpec(id: id, kind: kind, frame: frame)
    if let h = flag(a, "hidden") { v.hidden = h }
    if let alpha = number(e, "alpha", in: 0...1) { v.alpha = alpha }
    v.userInteractionEnabled = flag(a, "userInteractionEnabled") ?? true
    if let c = flag(a, "clipsSubviews") { v.clipsToBounds = c }
    if let m = flag(a, "multipleTouchEnabled") { v.multipleTouchEnabled = m }
    if let x = flag(a, "exclusiveTouch") { v.exclusiveTouch = x }
    if kind.isControl, let en = flag(a, "enabled") { v.enabled = en }
    if let c = doc.child(e, key: "backgroundColor", named: "color") { v.color = hexColor(doc[c].attributes) }
    readText(e, into: &v)
    readValue(e, into: &v)
    // Subviews.
    var children: [(Int, Rect?)] = []
    for key in ["backgroundView", "contentView"] {
      if let c = doc.child(e, key: key), isViewElement(c) { children.append((c, nil)) }
    }
    // Xcode writes a stack view's arranged subviews in its <subviews>; an <arrangedSubviews> list is read
    // the same way (its references to views listed already are not views of their own).
    var listed: Set<String> = []
    for container in ["subviews", "arrangedSubviews"] {
      guard let s = doc.child(e, named: container) else { continue }
      let excluded = excludedSubviews(e)
      for c in doc[s].children
      where isViewElement(c)
        || (!StoryboardClasses.notViews.contains(doc[c].name) && StoryboardClasses.recognizers[doc[c].name] == nil)
      {
        // Not installed for an iPhone held upright (IB's "Installed" box unticked for that size class).
        if let id = doc[c].attributes["id"], excluded.contains(id) { continue }
        if container == "arrangedSubviews" {
          if doc[c].attributes["reference"] != nil { continue }
          if let id = doc[c].attributes["id"], listed.contains(id) { continue }
        }
        if let id = doc[c].attributes["id"] { listed.insert(id) }
        children.append((c, nil))
      }
    }
    var contentBottom: Double? = nil
    if name == "tableView" {
      let laid = tableRows(e, width: frame.width)
      children += laid.rows
      contentBottom = laid.bottom
    } else if name == "collectionView" {
      let cells = (doc.child(e, named: "cells").map { doc[$0].children } ?? []).filter { isViewElement($0) }
      // Cells IB wrote without a frame: where the flow layout would put them.
      let estimated = try flowLayoutFrames(e, cells: cells, size: frame.size)
      for c in cells {
        if let f = estimated[c] {
          children.append((c, f))
          continue
        }
        // Xcode 6 could store a cell smaller than its content view (50 x 50 around a 250 x 250 content
        // view, the layout's item size): at run time a cell is as large as its content view.
        if let cell = try rect(c), let content = doc.child(c, key: "contentView"), let inner = try rect(content),
          inner.width > cell.width || inner.height > cell.height
        {
          children.append(
            (c, Rect(cell.minX, cell.minY, max(cell.width, inner.width), max(cell.height, inner.height))))
        } else {
          children.append((c, nil))
        }
      }
      // A flow layout's section header and footer (Xcode writes them after the cells): where IB placed them.
      for key in ["sectionHeaderView", "sectionFooterView"] {
        if let c = doc.child(e, key: key), isViewElement(c) { children.append((c, nil)) }
      }
    }
    if let items = doc.child(e, named: "items") { children += barCustomViews(items) }
    if name == "stackView" { children = try stackFrames(e, children, size: frame.size) }
    for (c, placed) in children {
      let f: Rect
      if let placed {
        f = placed
      } else if let r = try rect(c) {
        f = r
      } else {
        warn(c, "the \(doc[c].name) has no frame: it is taken to fill its superview")
        f = Rect(0, 0, frame.width, frame.height)
      }
      v.subviews.append(try view(c, frame: f, parentSize: frame.size, depth: depth + 1))
    }
    if kind == .scroll {
      var scroll = ScrollSpec(contentSize: frame.size)
      var w = frame.width
      var h = frame.height
      if name != "textView" {
        for s in v.subviews {
          w = max(w, s.frame.maxX)
          h = max(h, s.frame.maxY)
        }
        if let contentBottom { h = max(h, contentBottom) }
      }
      scroll.contentSize = Size(min(w, 1_000_000), min(h, 1_000_000))
      if let d = flag(a, "delaysContentTouches") { scroll.delaysContentTouches = d }
      if let c = flag(a, "canCancelContentTouches") { scroll.canCancelContentTouches = c }
      if flag(a, "scrollEnabled") == false {
        warn(e, "scrollEnabled=\"NO\" is not in the scene format: this scroll view scrolls in the scene")
      }
      // Rules H-12, H-13, H-14, H-16: Interface Builder's names for them.
      if let p = flag(a, "pagingEnabled") { scroll.isPagingEnabled = p }
      if let b = flag(a, "bounces") { scroll.bounces = b }
      if let b = flag(a, "alwaysBounceVertical") { scroll.alwaysBounceVertical = b }
      if let b = flag(a, "alwaysBounceHorizontal") { scroll.alwaysBounceHorizontal = b }
      if let d = flag(a, "directionalLockEnabled") { scroll.isDirectionalLockEnabled = d }
      // Rule H-15: the content inset. The scroll indicators' insets move no content and take no touch.
      if let i = insets(e, key: "contentInset") { scroll.contentInset = i }
      // Rule H-18: the zoom scales (the delegate's viewForZooming is code, never in the file).
      if let z = number(e, "minimumZoomScale", in: 0.001...1000) { scroll.minimumZoomScale = z }
      if let z = number(e, "maximumZoomScale", in: 0.001...1000) { scroll.maximumZoomScale = z }
      if scroll.minimumZoomScale > scroll.maximumZoomScale {
        warn(e, "minimumZoomScale is above maximumZoomScale: both left at 1")
        scroll.minimumZoomScale = 1
        scroll.maximumZoomScale = 1
      }
      if let b = flag(a, "bouncesZoom") { scroll.bouncesZoom = b }
      v.scroll = scroll
    }
    // Set after the view's own attributes, so they win.
    applyRuntimeAttributes(e, into: &v)
    readRecognizers(e, into: &v)
    return v
  }

  /// The views a bar (a toolbar's, a navigation bar's) shows for its items: each bar button item's
  /// `customView` (a segmented control, a switch…), where IB placed it in the bar. An item that is a
  /// title or a system item draws no view of the file: one warning per bar says how many were left out.
  mutating func barCustomViews(_ items: Int) -> [(Int, Rect?)] {
    var found: [(Int, Rect?)] = []
    var plain: [Int] = []
    func walk(_ i: Int, _ depth: Int) {
      guard depth < 4 else { return }
      for c in doc[i].children {
        if doc[c].name == "barButtonItem" {
          if let v = doc.child(c, key: "customView"), isViewElement(v), frameElement(v) != nil {
            found.append((v, nil))
          } else if !["flexibleSpace", "fixedSpace"].contains(doc[c].attributes["systemItem"] ?? "") {
            plain.append(c)
          }
        } else {
          walk(c, depth + 1)
        }
      }
    }
    walk(items, 0)
    if let first = plain.first {
      warn(
        first,
        "\(plain.count) bar button item\(plain.count == 1 ? "" : "s") without a custom view "
          + "\(plain.count == 1 ? "is" : "are") not in the scene format: the bar takes their touches")
    }
    return found
  }

  /// A table's cells, prototype or static, stacked from the top (after its header view) at their row height.
  mutating func tableRows(_ e: Int, width: Double) -> (rows: [(Int, Rect?)], bottom: Double) {
    var cells: [Int] = []
    if let p = doc.child(e, named: "prototypes") { cells += doc.children(p, named: "tableViewCell") }
    var staticCells: Set<Int> = []
    if let sections = doc.child(e, named: "sections") {
      for s in doc[sections].children {
        if let c = doc.child(s, named: "cells") { cells += doc[c].children.filter { isViewElement($0) } }
      }
      staticCells = Set(cells)
    }
    var rows: [(Int, Rect?)] = []
    var y = 0.0
    if let header = doc.child(e, key: "tableHeaderView"), isViewElement(header) {
      let h = (try? rect(header))??.height ?? 0
      rows.append((header, Rect(0, 0, width, h)))
      y = h
    }
    let tableRow = number(e, "rowHeight").flatMap { $0 > 0 ? $0 : nil } ?? 44
    var frameless: [Int] = []
    for c in cells {
      if frameElement(c) == nil { frameless.append(c) }
      // IB lays a static table out as UIKit does (section headers, a grouped table's insets): a static
      // cell's stored frame is where it is, when it comes after the rows above it.
      if staticCells.contains(c), let f = try? rect(c), f.width > 0, f.height > 0, f.minY >= y - 0.5 {
        rows.append((c, f))
        y = f.maxY
        continue
      }
      var h = tableRow
      if let own = number(c, "rowHeight"), own > 0 {
        h = own
      } else if let f = try? rect(c), f.height > 0 {
        h = f.height
      }
      rows.append((c, Rect(0, y, width, h)))
      y += h
    }
    if let first = frameless.first {
      let n = frameless.count
      warn(
        first,
        "\(n) table view cell\(n == 1 ? " has" : "s have") no frame: stacked under the rows above, full width, "
          + "each as tall as its own rowHeight, else the table's (\(NumberText.format(tableRow))): "
          + "\(n == 1 ? "its frame is" : "their frames are") estimated")
    }
    if let footer = doc.child(e, key: "tableFooterView"), isViewElement(footer) {
      let h = (try? rect(footer))??.height ?? 0
      rows.append((footer, Rect(0, y, width, h)))
      y += h
    }
    return (rows, y)
  }

  mutating func readText(_ e: Int, into v: inout ViewSpec) {
    let a = doc[e].attributes
    switch doc[e].name {
    case "label":
      v.text = a["text"] ?? attributedText(e, key: "attributedText")
    case "button":
      // A button with a configuration (Xcode 13 on) shows the configuration's title; older ones their
      // normal state's.
      if let c = doc.child(e, key: "configuration", named: "buttonConfiguration") {
        v.text = doc[c].attributes["title"] ?? attributedText(c, key: "attributedTitle")
      }
      if v.text == nil, let s = doc.child(e, key: "normal", named: "state") {
        v.text = doc[s].attributes["title"] ?? attributedText(s, key: "attributedTitle")
      }
    case "textField", "searchTextField":
      v.text = a["text"] ?? attributedText(e, key: "attributedText") ?? a["placeholder"]
    case "segmentedControl":
      guard let segments = doc.child(e, named: "segments") else { return }
      var titles: [String] = []
      for s in doc.children(segments, named: "segment") {
        var t = doc[s].attributes["title"] ?? ""
        if t.contains("|") {
          warn(s, "a segment title with '|', which separates segments in a scene: written with '/' instead")
          t = t.replacingOccurrences(of: "|", with: "/")
        }
        titles.append(t)
      }
      if !titles.isEmpty { v.text = titles.joined(separator: "|") }
    default:
      break
    }
  }

  mutating func readValue(_ e: Int, into v: inout ViewSpec) {
    let a = doc[e].attributes
    switch doc[e].name {
    case "switch":
      if flag(a, "on") == true { v.value = 1 }
    case "slider":
      // Rule 8.5: the slider's own range; IB writes minValue and maxValue (defaults 0 and 1).
      let low = number(e, "minValue") ?? 0
      let high = number(e, "maxValue") ?? 1
      if low != 0 { v.minimumValue = low }
      if high != 1 { v.maximumValue = high }
      let value = number(e, "value") ?? 0.5
      v.value = high >= low ? min(max(value, low), high) : low
      if high < low {
        warn(e, "the slider's maxValue is below its minValue: both are taken as \(NumberText.format(low))")
        v.maximumValue = low
      }
      if flag(a, "continuous") == false { v.isContinuous = false }
    case "stepper":
      // Rule 8.4: the stepper's range, step and behaviour as IB stores them.
      let low = number(e, "minimumValue") ?? 0
      let high = number(e, "maximumValue") ?? 100
      if low != 0 { v.minimumValue = low }
      if high != 100 { v.maximumValue = high }
      if high < low {
        warn(e, "the stepper's maximumValue is below its minimumValue: both are taken as \(NumberText.format(low))")
        v.maximumValue = low
      }
      if let step = number(e, "stepValue"), step != 1 {
        if step > 0 {
          v.stepValue = step
        } else {
          warn(e, "the stepper's stepValue \(NumberText.format(step)) is not above 0: 1 is used")
        }
      }
      if let value = number(e, "value"), value != 0 { v.value = min(max(value, low), max(high, low)) }
      if flag(a, "wraps") == true { v.wraps = true }
      if flag(a, "autorepeat") == false { v.autorepeat = false }
      if flag(a, "continuous") == false { v.isContinuous = false }
    case "segmentedControl":
      // Rule 8.6: momentary, the segments IB marks enabled="NO", and no selection (-1, noSegment).
      if flag(a, "momentary") == true { v.isMomentary = true }
      if let i = Int(a["selectedSegmentIndex"] ?? "0") {
        if i > 1000 {
          warn(e, "selectedSegmentIndex \(i) is beyond 1000: the first segment is selected")
        } else if i < 0 {
          v.value = -1
        } else if i > 0 || v.isMomentary == true {
          v.value = Double(i)
        }
      }
      if let segments = doc.child(e, named: "segments") {
        let count = ViewSpec.segmentCount(v.text ?? "")
        for (i, s) in doc.children(segments, named: "segment").enumerated()
        where flag(doc[s].attributes, "enabled") == false {
          if i < count {
            v.disabledSegments.append(i)
          } else {
            warn(s, "a disabled segment without a title is not in the scene format: it is left out")
          }
        }
      }
    case "pageControl":
      // Rule 8.7: IB writes numberOfPages (UIKit's default, 0, when it is missing) and currentPage.
      let pages = integer(e, "numberOfPages", in: 0...1000)
      if let pages { v.numberOfPages = pages }
      if let p = integer(e, "currentPage", in: 0...1000), p > 0 {
        let last = max((pages ?? 0) - 1, 0)
        if p > last { warn(e, "currentPage \(p) is beyond the last page (\(last)): UIKit keeps it at \(last)") }
        v.value = Double(min(p, last))
      }
    default:
      break
    }
  }

  // MARK: Recognizers

  mutating func readRecognizers(_ e: Int, into v: inout ViewSpec) {
    var seen: Set<String> = []
    for a in (attachmentsOf[e] ?? []).map({ attachments[$0] }) {
      let rid = a.recognizer
      guard let r = byID[rid], let kind = StoryboardClasses.recognizers[doc[r].name] else {
        warn(a.connection, "the gestureRecognizers outlet names '\(rid)', which is no gesture recognizer of the file")
        continue
      }
      if seen.contains(rid) {
        warn(a.connection, "the same recognizer is connected to this view twice: it is added once")
        continue
      }
      seen.insert(rid)
      let sceneID: String
      if let known = recognizerIDs[rid] {
        sceneID = known
      } else {
        sceneID = makeID([doc[r].attributes["userLabel"]], fallback: kind.rawValue)
        recognizerIDs[rid] = sceneID
      }
      guard let k = keeper[rid] else { continue }
      if k == e {
        if v.recognizers.count + recognizerCount >= SceneReader.maxRecognizers { continue }
        v.recognizers.append(recognizerSpec(r, id: sceneID, kind: kind))
        recognizerCount += 1
        placed.insert(rid)
      } else {
        v.recognizersTakenAway.append(TakenRecognizer(recognizer: sceneID, keptBy: ""))
        lost.append((e, k, rid, a.connection))
      }
    }
  }

  mutating func recognizerSpec(_ r: Int, id: String, kind: RecognizerKind) -> RecognizerSpec {
    let a = doc[r].attributes
    var s = RecognizerSpec(id: id, kind: kind)
    if kind == .tap || kind == .longPress,
      let n = integer(r, "numberOfTapsRequired", in: (kind == .tap ? 1 : 0)...100)
    {
      s.numberOfTapsRequired = n
    }
    if kind == .tap || kind == .longPress || kind == .swipe, let n = integer(r, "numberOfTouchesRequired", in: 1...100)
    {
      s.numberOfTouchesRequired = n
    }
    if kind == .longPress {
      if let d = number(r, "minimumPressDuration", in: 0...3600) { s.minimumPressDuration = d }
      if let m = number(r, "allowableMovement", in: 0...1_000_000) { s.allowableMovement = m }
    }
    if kind == .pan || kind == .screenEdgePan {
      if let n = integer(r, "minimumNumberOfTouches", in: 1...100) { s.minimumNumberOfTouches = n }
      if let text = a["maximumNumberOfTouches"] {
        if let n = Int(text), n >= s.minimumNumberOfTouches {
          s.maximumNumberOfTouches = n > 100 ? 0 : n
        } else {
          warn(
            r,
            "maximumNumberOfTouches=\"\(text.prefix(20))\" is not a whole number from minimumNumberOfTouches on: no limit"
          )
        }
      }
    }
    if kind == .swipe, let text = a["direction"] {
      let names: [(Int, Direction)] = [(1, .right), (2, .left), (4, .up), (8, .down)]
      var directions: [Direction]
      if let mask = Int(text) {
        directions = names.filter { mask & $0.0 != 0 }.map(\.1)
      } else {
        let words = text.lowercased().split { !$0.isLetter }.map(String.init)
        directions = names.map(\.1).filter { words.contains($0.rawValue) }
      }
      if directions.isEmpty {
        warn(r, "direction=\"\(text.prefix(20))\" names no direction: taken as right")
      } else {
        s.direction = directions
      }
    }
    if kind == .screenEdgePan {
      var edges: [Edge] = []
      if let text = a["edges"] {
        let words = text.lowercased().split { !$0.isLetter }.map(String.init)
        edges = Edge.allCases.filter { words.contains($0.rawValue) }
      } else if let re = doc.child(r, key: "edges") {
        let ea = doc[re].attributes
        edges = [Edge.left, .right, .top, .bottom].filter { flag(ea, $0.rawValue) == true }
      }
      if edges.isEmpty {
        warn(r, "the screen edge pan names no edge in the file: taken as the left edge")
      } else {
        s.edges = edges.count == 4 ? [.all] : edges
      }
    }
    if let en = flag(a, "enabled") { s.isEnabled = en }
    if let c = flag(a, "cancelsTouchesInView") { s.cancelsTouchesInView = c }
    if let b = flag(a, "delaysTouchesBegan") { s.delaysTouchesBegan = b }
    if let d = flag(a, "delaysTouchesEnded") { s.delaysTouchesEnded = d }
    if let c = doc.child(r, named: "connections"),
      doc[c].children.contains(where: { doc[$0].name == "outlet" && doc[$0].attributes["property"] == "delegate" })
    {
      warn(r, "the recognizer's delegate is code, not in the file: its methods take UIKit's defaults")
    }
    return s
  }
}
