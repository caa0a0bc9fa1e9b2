import Geometry
import SceneFile
import TouchSim

/// The scene built from the chosen dump: which views are kept, each view's kind and values, and the
/// recognizers attached to the views their lines name.
extension DescriptionImporter {
  mutating func build(schema: String?) throws(SceneFileError) -> ImportedScene {
    keepViews()
    let text = leaveOutHelpers()
    var ids = nameViews(text: text)
    var specs: [ViewSpec?] = views.indices.map { views[$0].kept ? viewSpec($0, buttonText: text[$0]) : nil }
    let recognizerCount = try attachRecognizers(to: &specs, ids: &ids)
    let root = try tree(of: &specs)
    let scene = try scene(root: root, recognizerCount: recognizerCount)
    let (yaml, offset, sourceOf) = commentedYAML(scene, schema: schema)
    try checkLoads(yaml, offset: offset, sourceOf: sourceOf)
    let (grouped, all) = groupedWarnings()
    return ImportedScene(scene: scene, yaml: yaml, warnings: grouped, allWarnings: all)
  }

  /// Which views are kept: private UIKit helpers go, unless something that matters is inside them; the
  /// parts of UIKit's own controls go; a view inside one left out goes too.
  private mutating func keepViews() {
    let attached = Set(recognizers.compactMap { r in r.field("view").flatMap { ClassNames.address(in: $0.value) } })
    // The parts of UIKit's own controls (a switch's knob, a slider's track): a scene's control kind is the
    // whole control, and a part in front of it would take its touches.
    var controlPart = [Bool](repeating: false, count: views.count)
    for i in views.indices {
      guard let p = views[i].parent else { continue }
      controlPart[i] = controlPart[p] || ClassNames.isBuiltInControl(views[p].object)
    }
    var matters = [Bool](repeating: false, count: views.count)
    for i in views.indices.reversed() {
      let name = ClassNames.demangled(views[i].object.className)
      let childMatters = views[i].children.contains { matters[$0] }
      let isPrivate = ClassNames.isPrivateHelper(name) || controlPart[i]
      views[i].kept = i == 0 || !controlPart[i] && (!isPrivate || childMatters)
      let filler = (name == "UIView" || name == "UIImageView") && !attached.contains(views[i].object.address)
      matters[i] = views[i].kept && (childMatters || (!isPrivate && !filler))
    }
    // A view inside one left out goes too.
    for i in views.indices {
      if let p = views[i].parent, !views[p].kept { views[i].kept = false }
    }
  }

  /// Warns once about the private helpers and control parts left out, by class; returns the titles found
  /// in them (a button's in its UIButtonLabel), by the kept view they belong to.
  private mutating func leaveOutHelpers() -> [Int: String] {
    // Only the top of each skipped branch is counted by class.
    var skippedByClass: [String: Int] = [:]
    var skippedOrder: [String] = []
    var skippedInside = 0
    var firstSkipped: DescribedObject?
    var text: [Int: String] = [:]
    for i in views.indices where !views[i].kept {
      let name = ClassNames.demangled(views[i].object.className)
      // A button's title is in its private UIButtonLabel; a tab's in its UITabBarButtonLabel.
      if name == "UIButtonLabel" || name == "UITabBarButtonLabel", let t = views[i].object.field("text") {
        var owner = views[i].parent!
        while !views[owner].kept, let p = views[owner].parent { owner = p }
        if text[owner] == nil { text[owner] = ClassNames.text(t.value) }
      }
      let parent = views[i].parent!
      if !views[parent].kept {
        skippedInside += 1
        continue
      }
      if skippedByClass[name] == nil { skippedOrder.append(name) }
      skippedByClass[name, default: 0] += 1
      if firstSkipped == nil { firstSkipped = views[i].object }
    }
    if let first = firstSkipped {
      let total = skippedByClass.values.reduce(0, +)
      let list = skippedOrder.map { "\($0) ×\(skippedByClass[$0]!)" }.joined(separator: ", ")
      let what =
        total == 1 ? "view that is a private UIKit helper or part" : "views that are private UIKit helpers or parts"
      let inside =
        skippedInside == 0 ? "" : ", and the \(skippedInside) view\(skippedInside == 1 ? "" : "s") inside them"
      warn(
        .leftOutHelpers, first.line, first.column,
        "left out \(total) \(what) of a UIKit control (\(list))\(inside): they draw, and touches go to the "
          + "view or control they belong to")
    }
    return text
  }

  /// Gives each kept view its id, in document order: a private view kept is named after its role
  /// (`deleteAction1`). Returns the ids made, so recognizers get ids of their own.
  private mutating func nameViews(text: [Int: String]) -> IdMaker {
    var ids = IdMaker()
    for i in views.indices where views[i].kept {
      let name = ClassNames.demangled(views[i].object.className)
      var base = ClassNames.role(name)?.id ?? ClassNames.idBase(views[i].object.className)
      if base == "swipeAction", let title = text[i] ?? views[i].object.field("text").map({ ClassNames.text($0.value) })
      {
        let word = ClassNames.idBase(title.capitalized.filter { !$0.isWhitespace })
        if word != "view", word.count <= 20 { base = word + "Action" }
      }
      views[i].id = ids.make(base)
    }
    return ids
  }

  /// Attaches each recognizer to the kept view whose address it names (warning about those that name none,
  /// or a view left out); warns about views that have recognizers the dump does not list. Returns how many
  /// were attached.
  private mutating func attachRecognizers(to specs: inout [ViewSpec?], ids: inout IdMaker) throws(SceneFileError) -> Int
  {
    var byAddress: [String: Int] = [:]
    for i in views.indices where byAddress[views[i].object.address] == nil { byAddress[views[i].object.address] = i }
    var recognizerCount = 0
    var withRecognizers = Set<Int>()
    for r in recognizers {
      guard let viewField = r.field("view"), let address = ClassNames.address(in: viewField.value) else {
        warn(.recognizer, r.line, r.column, "\(DescriptionLineReader.shown(r.className)) names no view: left out")
        continue
      }
      guard let owner = byAddress[address] else {
        warn(
          .recognizer, r.line, viewField.column,
          "\(DescriptionLineReader.shown(r.className)) is on view \(address), which is not in the tree: left out")
        continue
      }
      guard views[owner].kept, let kind = specs[owner]?.kind else {
        warn(
          .recognizer, r.line, viewField.column,
          "\(DescriptionLineReader.shown(r.className)) is on \(DescriptionLineReader.shown(ClassNames.demangled(views[owner].object.className))) \(address), a private view "
            + "left out: left out too")
        continue
      }
      withRecognizers.insert(owner)
      guard let recognizer = recognizerSpec(r, onScrollView: kind == .scroll, ids: &ids) else { continue }
      if recognizerCount >= SceneReader.maxRecognizers {
        throw fail(
          r.line, r.column,
          "too many gesture recognizers: a scene may have at most \(SceneReader.maxRecognizers)")
      }
      // Appended in place: a copy of the view's spec would copy its list for each recognizer.
      specs[owner]!.recognizers.append(recognizer)
      recognizerCount += 1
    }
    for i in views.indices where views[i].kept && !withRecognizers.contains(i) {
      guard let g = views[i].object.field("gestureRecognizers"), specs[i]?.kind != .scroll else { continue }
      // UIKit's own views (a window, a cell's content view, a text field) carry recognizers of their own:
      // said in one line, apart from the app's views, whose recognizers are usually the question.
      let own = ClassNames.isSystemClass(views[i].object.className)
      warn(
        own ? .recognizersOwn : .recognizersApp, views[i].object.line, g.column,
        "\(views[i].id) has gesture recognizers, but recursiveDescription does not say which: append the output "
          + "of `po view.gestureRecognizers` for this view (\(views[i].object.address)) to the file"
          + (own ? " if they matter (it is one of UIKit's own views)" : ""))
    }
    return recognizerCount
  }

  /// The kept views as one tree (each child moved into its parent's subviews); its root.
  private func tree(of specs: inout [ViewSpec?]) throws(SceneFileError) -> ViewSpec {
    // The tree, children before parents (views are in document order, so a reverse walk sees every child
    // before its parent).
    for i in views.indices.reversed() where views[i].kept {
      guard var spec = specs[i] else { continue }
      spec.subviews = views[i].children.compactMap { specs[$0] }
      specs[i] = spec
      for c in views[i].children { specs[c] = nil }
    }
    guard let root = specs[0] else { throw fail(1, 1, "no view found") }
    return root
  }

  /// The scene of `root`: its window (the outermost view's size), its title and what it says about itself.
  private mutating func scene(root: ViewSpec, recognizerCount: Int) throws(SceneFileError) -> Scene {
    var scene = Scene(root: root)
    let rootFrame = root.frame
    var window = Size(max(rootFrame.width, rootFrame.maxX), max(rootFrame.height, rootFrame.maxY))
    if window.width < 1 || window.height < 1 {
      let f = views[0].object.field("frame")
      warn(.window, views[0].object.line, f?.column ?? 1, "the outermost view is empty: the window is 390 × 844")
      window = Size(390, 844)
    }
    if window.width > 100_000 || window.height > 100_000 {
      let f = views[0].object.field("frame")
      throw fail(
        views[0].object.line, f?.column ?? views[0].object.column,
        "the outermost view is larger than a window may be (100,000 points on each side)")
    }
    scene.window = window
    let name = file.split(separator: "/").last.map(String.init) ?? file
    let kept = views.filter(\.kept).count
    scene.title = "\(ClassNames.demangled(views[0].object.className)) hierarchy imported from \(name)"
    scene.about =
      "Imported by `touchscope import recursive-description` from \(name): \(kept) view\(kept == 1 ? "" : "s")"
      + " and \(recognizerCount) gesture recognizer\(recognizerCount == 1 ? "" : "s"). Each view's class and"
      + " address are in a comment on its id line. Frames, visibility and text are as printed; delegates,"
      + " targets and overridden methods are not in the output, so they take UIKit's defaults."
    return scene
  }

  /// The scene's YAML, each view's id line commented with its class and address, after the schema line
  /// when one is given (`offset` 1); `sourceOf` gives the input object of each id line.
  private func commentedYAML(_ scene: Scene, schema: String?) -> (
    yaml: String, offset: Int, sourceOf: [(yamlLine: Int, object: DescribedObject)]
  ) {
    // The YAML, with each view's address and class as a comment on its id line.
    var comments: [String: String] = [:]
    // The class name is the input's text: written as data, so no character of it can end the comment.
    for v in views where v.kept {
      let address = v.object.address.isEmpty ? "" : " " + v.object.address
      comments[v.id] = YAMLEmitter.commentText(v.object.className + address)
    }
    var lines = SceneYAMLWriter.document(scene, printedFrames: printedFrames).split(
      separator: "\n", omittingEmptySubsequences: false
    ).map(String.init)
    var inRecognizers: [Int] = []
    // The line of the input each view's id line came from, by its line in the YAML (1-based).
    let inputLine = Dictionary(views.filter(\.kept).map { ($0.id, $0.object) }, uniquingKeysWith: { a, _ in a })
    var sourceOf: [(yamlLine: Int, object: DescribedObject)] = []
    for (n, line) in lines.enumerated() {
      let body = line.drop { $0 == " " }
      let indent = line.count - body.count
      while let last = inRecognizers.last, indent <= last { inRecognizers.removeLast() }
      if body == "recognizers:" {
        inRecognizers.append(indent)
        continue
      }
      guard inRecognizers.isEmpty else { continue }
      let item = body.hasPrefix("- ") ? body.dropFirst(2) : body
      if item.hasPrefix("id: "), let comment = comments[String(item.dropFirst(4))] {
        lines[n] = line + "  # " + comment
        if let object = inputLine[String(item.dropFirst(4))] { sourceOf.append((n + 1, object)) }
      }
    }
    var yaml = lines.joined(separator: "\n")
    var offset = 0
    if let schema {
      yaml = "# yaml-language-server: $schema=\(YAMLEmitter.commentText(schema))\n" + yaml
      offset = 1
    }
    return (yaml, offset, sourceOf)
  }

  /// The scene must load. What stops it is said at the line of the view it was made from (the view whose
  /// part of the scene holds the problem), never as an error of the importer.
  private func checkLoads(_ yaml: String, offset: Int, sourceOf: [(yamlLine: Int, object: DescribedObject)])
    throws(SceneFileError)
  {
    do {
      _ = try SceneLoader.read(yaml, file: file)
    } catch {
      let first = error.diagnostics.first
      let yamlLine = (first?.line ?? 1) - offset
      // The last view whose id line is at or before the problem's line (binary search: ids in order).
      var low = 0
      var high = sourceOf.count
      while low < high {
        let mid = (low + high) / 2
        if sourceOf[mid].yamlLine <= yamlLine { low = mid + 1 } else { high = mid }
      }
      let message = first?.message ?? "it does not load"
      if low > 0 {
        let o = sourceOf[low - 1].object
        throw fail(o.line, o.column, "the scene made from this view cannot be written: \(message)")
      }
      let o = views[0].object
      throw fail(o.line, o.column, "the scene made from this file cannot be written: \(message)")
    }
  }

  /// The warnings by position: one per kind (at its first place, with how many there are), and all.
  func groupedWarnings() -> (grouped: [Diagnostic], all: [Diagnostic]) {
    let sorted = notes.enumerated().sorted {
      ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset)
    }
    .map(\.element)
    var count: [ImportNote.Kind: Int] = [:]
    for n in sorted { count[n.kind, default: 0] += 1 }
    var seen = Set<ImportNote.Kind>()
    var grouped: [Diagnostic] = []
    for n in sorted where seen.insert(n.kind).inserted {
      let c = count[n.kind]!
      let more = c == 1 ? "" : " [\(c) \(n.kind.plural) in all: --verbose lists each]"
      grouped.append(
        Diagnostic(file: file, line: n.line, column: n.column, message: n.message + more, severity: .warning))
    }
    let all = sorted.map {
      Diagnostic(file: file, line: $0.line, column: $0.column, message: $0.message, severity: .warning)
    }
    return (grouped, all)
  }

  // MARK: One view

  mutating func viewSpec(_ index: Int, buttonText: String?) -> ViewSpec {
    let o = views[index].object
    let name = ClassNames.demangled(o.className)
    let base = o.field("baseClass").map { ClassNames.demangled($0.value) }
    let kind = ClassNames.role(name)?.kind ?? ClassNames.kind(name) ?? base.flatMap(ClassNames.kind) ?? .view
    var frame = Rect(0, 0, 0, 0)
    var printed: [String]?
    if let frameField = o.field("frame") {
      if let r = rect(frameField, o) {
        frame = r.rect
        printed = r.texts
      }
    } else {
      warn(
        .unreadableValue, o.line, o.column,
        "\(DescriptionLineReader.shown(o.className)) has no 'frame = (x y; w h)': UIKit's default (0 0; 0 0) used")
    }
    if frame.width < 0 || frame.height < 0 {
      warn(
        .unreadableValue, o.line, o.field("frame")?.column ?? o.column,
        "a negative size in the frame: taken as the same rectangle with a positive size")
      frame = Rect(
        min(frame.minX, frame.minX + frame.width), min(frame.minY, frame.minY + frame.height), abs(frame.width),
        abs(frame.height))
      printed = nil
    }
    var v = ViewSpec(id: views[index].id, kind: kind, frame: frame)
    if let b = o.field("bounds"), let bounds = rect(b, o)?.rect {
      v.bounds = Rect(bounds.minX, bounds.minY, abs(bounds.width), abs(bounds.height))
    }
    if let t = o.field("transform") {
      applyTransform(t, to: &v, frame: frame, boundsPrinted: o.field("bounds") != nil, o)
    }
    if let c = o.field("center"), let p = DescriptionNumbers.list(c.value, open: "(", close: ")"), p.count == 2,
      p.allSatisfy({ abs($0.value) <= 1_000_000 })
    {
      v.center = Point(p[0].value, p[1].value)
    }
    // The frame as printed (`124.667`, never `124.66699999999999`), when the scene keeps it as it is.
    if let printed, v.transform.isIdentity, v.center == frame.mid, v.bounds.size == frame.size {
      printedFrames[v.id] = printed
    }
    if let f = o.field("hidden") { v.hidden = f.value == "YES" }
    if let f = o.field("clipsToBounds") { v.clipsToBounds = f.value == "YES" }
    v.userInteractionEnabled = o.field("userInteractionEnabled")?.value != "NO"
    if let f = o.field("alpha") {
      if let a = DescriptionNumbers.number(f.value) {
        if a < 0 || a > 1 {
          warn(.unreadableValue, o.line, f.column, "alpha \(f.value) is outside 0…1: taken as \(a < 0 ? 0 : 1)")
        }
        v.alpha = min(max(a, 0), 1)
      } else {
        warn(
          .unreadableValue, o.line, f.column, "alpha = \(f.value.prefix(20)) is not a number: UIKit's default 1 used")
      }
    }
    if let f = o.field("text") {
      v.text = ClassNames.text(f.value)
    } else if let buttonText, kind == .button || kind == .control {
      v.text = buttonText
    }
    if let f = o.field("backgroundColor") { v.color = ClassNames.hexColor(f.value) }
    if kind == .scroll {
      var scroll = v.scroll ?? ScrollSpec(contentSize: v.bounds.size)
      if let f = o.field("contentSize"), let p = pair(f, o) {
        if p.x < 0 || p.y < 0 {
          warn(.unreadableValue, o.line, f.column, "a negative contentSize: the scroll view's own size used")
        } else {
          scroll.contentSize = Size(p.x, p.y)
        }
      }
      if let f = o.field("contentOffset"), let p = pair(f, o) {
        v.bounds = Rect(p.x, p.y, v.bounds.width, v.bounds.height)
      }
      if let f = o.field("adjustedContentInset") ?? o.field("contentInset"),
        let n = DescriptionNumbers.list(f.value, open: "{", close: "}"), n.contains(where: { $0.value != 0 })
      {
        warn(.insets, o.line, f.column, "content insets are not modelled: the scroll range is the content size alone")
      }
      v.scroll = scroll
    }
    return v
  }

  /// `(x y; w h)` with the numbers' texts as printed; nil, with a warning, when unreadable or beyond what a
  /// scene takes.
  mutating func rect(_ f: (value: String, column: Int), _ o: DescribedObject) -> (rect: Rect, texts: [String])? {
    guard
      let n = numbers(
        f, o, count: 4, open: "(", close: ")", expected: "a rectangle '(x y; w h)'",
        fallback: "UIKit's default (0 0; 0 0) used")
    else { return nil }
    return (Rect(n[0].value, n[1].value, n[2].value, n[3].value), n.map(\.text))
  }

  /// `{a, b}`; nil, with a warning, when unreadable or beyond what a scene takes.
  mutating func pair(_ f: (value: String, column: Int), _ o: DescribedObject) -> Point? {
    guard
      let n = numbers(f, o, count: 2, open: "{", close: "}", expected: "two numbers '{a, b}'", fallback: "left out")
    else { return nil }
    return Point(n[0].value, n[1].value)
  }

  /// `count` numbers between `open` and `close`, each within what a scene takes; nil, with a warning
  /// naming `expected` and what is done instead (`fallback`), when not.
  mutating func numbers(
    _ f: (value: String, column: Int), _ o: DescribedObject, count: Int, open: Character, close: Character,
    expected: String, fallback: String
  ) -> [(value: Double, offset: Int, text: String)]? {
    guard let n = DescriptionNumbers.list(f.value, open: open, close: close), n.count == count else {
      warn(.unreadableValue, o.line, f.column, "expected \(expected), found '\(f.value.prefix(60))': \(fallback)")
      return nil
    }
    if let far = n.first(where: { abs($0.value) > 1_000_000 }) {
      warn(
        .unreadableValue, o.line, f.column + far.offset,
        "a number out of range (scenes take numbers within ±1,000,000): \(fallback)")
      return nil
    }
    return n
  }

  /// `transform = [a, b, c, d, tx, ty]`: the frame printed is the transformed bounding box. The size before
  /// the transform is the printed bounds' if any, else found by inverting the transform's scale and
  /// rotation (ambiguous at 45° with an equal scale: a square is assumed, with a warning). A transform that
  /// cannot be kept is left out with a warning, and the frame is used as printed.
  mutating func applyTransform(
    _ f: (value: String, column: Int), to v: inout ViewSpec, frame: Rect, boundsPrinted: Bool, _ o: DescribedObject
  ) {
    guard let n = DescriptionNumbers.list(f.value, open: "[", close: "]"), n.count == 6 else {
      warn(
        .transform, o.line, f.column,
        "expected a transform '[a, b, c, d, tx, ty]', found '\(f.value.prefix(80))': left out")
      return
    }
    let (a, b, c, d) = (n[0].value, n[1].value, n[2].value, n[3].value)
    let (tx, ty) = (n[4].value, n[5].value)
    let sx = (a * a + b * b).squareRoot()
    if sx < 1e-9 || abs(a * d - b * c) < 1e-12 {
      warn(
        .transform, o.line, f.column,
        "a transform that flattens the view to nothing: left out (the frame is used as is)")
      return
    }
    let sy = (a * d - b * c) / sx
    let rotation = Trig.atan2(b, a) * 180 / Double.pi
    if abs(a * c + b * d) > 1e-6 * max(1, sx * abs(sy)) {
      warn(.transform, o.line, f.column, "a skewed transform: only its scale and rotation are kept")
    }
    func round(_ x: Double) -> Double { (x * 1_000_000).rounded() / 1_000_000 }
    var spec = TransformSpec(
      scale: Point(round(sx), round(sy)), rotation: round(rotation), translation: Point(round(tx), round(ty)))
    if abs(spec.rotation) >= 180 { spec.rotation = spec.rotation > 0 ? spec.rotation - 360 : spec.rotation + 360 }
    if spec.scale.x < 0.0001 || abs(spec.scale.y) < 0.0001 || spec.scale.x > 10_000 || abs(spec.scale.y) > 10_000 {
      warn(.transform, o.line, f.column, "a transform scale beyond 0.0001…10,000: left out (the frame is used as is)")
      return
    }
    let center = Point(frame.mid.x - tx, frame.mid.y - ty)
    if abs(center.x) > SceneReader.maxMagnitude || abs(center.y) > SceneReader.maxMagnitude {
      let at = abs(center.x) > SceneReader.maxMagnitude ? n[4].offset : n[5].offset
      warn(
        .transform, o.line, f.column + at,
        "this translation puts the view's centre at (\(NumberText.format(center.x)), "
          + "\(NumberText.format(center.y))) before the transform, beyond the ±1,000,000 a scene takes: "
          + "the transform is left out")
      return
    }
    var bounds = v.bounds
    if !boundsPrinted {
      // Bounding box: W = |a|w + |c|h, H = |b|w + |d|h.
      let det = abs(a) * abs(d) - abs(c) * abs(b)
      var w = 0.0
      var h = 0.0
      if abs(det) > 1e-6 * max(1, abs(a * d)) {
        w = (abs(d) * frame.width - abs(c) * frame.height) / det
        h = (abs(a) * frame.height - abs(b) * frame.width) / det
      }
      if abs(det) <= 1e-6 * max(1, abs(a * d)) || w < -0.01 || h < -0.01 {
        let side = frame.width / max(abs(a) + abs(c), 1e-9)
        w = side
        h = side
        warn(
          .transform, o.line, f.column,
          "the size before the transform cannot be told from this frame (no bounds printed): taken as a square "
            + "\(NumberText.format(round(side))) × \(NumberText.format(round(side))); add `bounds = (0 0; w h)` "
            + "to the line (from `po view.bounds`) to give it")
      }
      if max(w, h) > SceneReader.maxMagnitude {
        warn(
          .transform, o.line, f.column,
          "the size before this transform would be \(NumberText.format(round(w))) × "
            + "\(NumberText.format(round(h))), beyond the ±1,000,000 a scene takes: the transform is left out; "
            + "add `bounds = (0 0; w h)` to the line to give it")
        return
      }
      bounds = Rect(v.bounds.minX, v.bounds.minY, round(max(w, 0)), round(max(h, 0)))
    }
    v.transform = spec
    v.center = center
    v.bounds = bounds
    if !boundsPrinted, v.kind == .scroll { v.scroll = ScrollSpec(contentSize: v.bounds.size) }
  }

  // MARK: Recognizers

  mutating func recognizerSpec(_ r: DescribedObject, onScrollView: Bool, ids: inout IdMaker) -> RecognizerSpec? {
    let name = ClassNames.demangled(r.className)
    let kinds: [String: RecognizerKind] = [
      "UITapGestureRecognizer": .tap, "UILongPressGestureRecognizer": .longPress, "UIPanGestureRecognizer": .pan,
      "UISwipeGestureRecognizer": .swipe, "UIPinchGestureRecognizer": .pinch,
      "UIRotationGestureRecognizer": .rotation, "UIScreenEdgePanGestureRecognizer": .screenEdgePan,
    ]
    // A scroll view's own recognizers are part of `kind: scroll` (its pan and the delay of its content's
    // touches).
    let scrollOwn: Set<String> = [
      "UIScrollViewPanGestureRecognizer", "UIScrollViewDelayedTouchesBeganGestureRecognizer",
    ]
    if onScrollView && scrollOwn.contains(name) { return nil }
    guard let kind = kinds[name] ?? r.field("baseClass").flatMap({ kinds[ClassNames.demangled($0.value)] }) else {
      warn(
        .recognizer, r.line, r.column,
        "\(DescriptionLineReader.shown(r.className)) is not one of UIKit's seven recognizer classes (or says no baseClass that is): left out"
      )
      return nil
    }
    var spec = RecognizerSpec(id: ids.make(kind.rawValue), kind: kind)
    func integer(_ key: String, _ range: ClosedRange<Int>) -> Int? {
      guard let f = r.field(key) else { return nil }
      if let n = Int(f.value), range.contains(n) { return n }
      warn(.recognizer, r.line, f.column, "\(key) = \(f.value) is not a whole number in \(range): left at its default")
      return nil
    }
    func flag(_ key: String) -> Bool? {
      r.field(key).map { $0.value == "YES" || $0.value == "1" || $0.value == "true" }
    }
    if kind == .tap || kind == .longPress, let n = integer("numberOfTapsRequired", (kind == .tap ? 1 : 0)...100) {
      spec.numberOfTapsRequired = n
    }
    if kind == .tap || kind == .longPress || kind == .swipe, let n = integer("numberOfTouchesRequired", 1...100) {
      spec.numberOfTouchesRequired = n
    }
    if kind == .pan || kind == .screenEdgePan {
      if let n = integer("minimumNumberOfTouches", 1...100) { spec.minimumNumberOfTouches = n }
      if let f = r.field("maximumNumberOfTouches") {
        // UIKit prints Int.max for "no limit".
        if let n = Int(f.value), n >= spec.minimumNumberOfTouches {
          spec.maximumNumberOfTouches = n > 100 ? 0 : n
        }
      }
    }
    if kind == .longPress {
      if let f = r.field("minimumPressDuration"), let d = DescriptionNumbers.number(f.value), (0...3600).contains(d) {
        spec.minimumPressDuration = d
      }
      if let f = r.field("allowableMovement"), let d = DescriptionNumbers.number(f.value), (0...1_000_000).contains(d) {
        spec.allowableMovement = d
      }
    }
    if kind == .swipe, let f = r.field("direction") {
      let names: [(Int, Direction)] = [(1, .right), (2, .left), (4, .up), (8, .down)]
      var directions: [Direction] = []
      if let mask = Int(f.value) {
        directions = names.filter { mask & $0.0 != 0 }.map(\.1)
      } else {
        let words = f.value.lowercased()
        directions = names.map(\.1).filter { words.contains($0.rawValue) }
      }
      if directions.isEmpty {
        warn(.recognizer, r.line, f.column, "direction = \(f.value) names no direction: left at right")
      } else {
        spec.direction = directions
      }
    }
    if let e = flag("enabled") ?? flag("isEnabled") { spec.isEnabled = e }
    if let c = flag("cancelsTouchesInView") { spec.cancelsTouchesInView = c }
    if let b = flag("delaysTouchesBegan") { spec.delaysTouchesBegan = b }
    if let e = flag("delaysTouchesEnded") { spec.delaysTouchesEnded = e }
    return spec
  }
}
