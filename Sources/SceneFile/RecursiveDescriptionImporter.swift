import TouchSim

/// A scene made from LLDB's `po view.recursiveDescription()` output, as YAML text, with what could not
/// be carried over.
public struct ImportedScene: Sendable {
  public var scene: Scene
  /// The scene file's text: the view tree with each view's address and class as a comment on its id line.
  public var yaml: String
  /// `FILE:LINE:COLUMN: warning: …`, positioned in the input.
  public var warnings: [Diagnostic]
}

/// `touchscope import recursive-description`: reads what `po view.recursiveDescription()` (and, appended
/// to it, `po view.gestureRecognizers`) prints and builds a `touchscope/1` scene from it.
///
/// The tree comes from the `|` indentation; each view's class decides its kind (or its printed
/// `baseClass` for a subclass); `frame`, `hidden`, `alpha`, `userInteractionEnabled`, `clipsToBounds`,
/// `text`, `transform`, `contentOffset` and `contentSize` carry over. Private UIKit helper views are left
/// out unless something that matters is inside them. Recognizer lines attach to the view whose address
/// they name. Errors (a malformed line) are positioned and thrown; nothing traps.
public enum RecursiveDescriptionImporter {
  /// At most this many bytes of input (as for scene files).
  public static let maxBytes = SceneReader.maxBytes

  /// Imports `bytes` (the file's content); `file` names the input in diagnostics and in `about`;
  /// `schema`, when given, is the path of the scene schema relative to the output's folder.
  public static func importDescription(_ bytes: [UInt8], file: String, schema: String? = nil)
    throws(SceneFileError) -> ImportedScene
  {
    var importer = Importer(file: file)
    return try importer.run(bytes, schema: schema)
  }
}

private struct Importer {
  let file: String
  var warnings: [Diagnostic] = []
  var views: [RawView] = []
  var recognizers: [DescribedObject] = []
  /// The indentation of the first view (0 unless the output was pasted from its middle).
  var baseDepth = 0

  init(file: String) { self.file = file }

  struct RawView {
    var object: DescribedObject
    var depth: Int
    var parent: Int?
    var children: [Int] = []
    var kept = true
    var id = ""
    var spec: ViewSpec?
  }

  func fail(_ line: Int, _ column: Int, _ message: String) -> SceneFileError {
    SceneFileError([Diagnostic(file: file, line: line, column: column, message: message)])
  }

  mutating func warn(_ line: Int, _ column: Int, _ message: String) {
    guard warnings.count < Problems.limit else { return }
    warnings.append(Diagnostic(file: file, line: line, column: column, message: message, severity: .warning))
  }

  // MARK: Reading lines

  mutating func run(_ bytes: [UInt8], schema: String?) throws(SceneFileError) -> ImportedScene {
    if bytes.count > RecursiveDescriptionImporter.maxBytes {
      throw fail(1, 1, "the file is too large: at most \(RecursiveDescriptionImporter.maxBytes >> 20) MiB")
    }
    var start = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
    var lineNumber = 0
    var lineStart = start
    var i = start
    while lineStart <= bytes.count {
      while i < bytes.count, bytes[i] != 0x0A { i += 1 }
      lineNumber += 1
      var end = i
      if end > lineStart, bytes[end - 1] == 0x0D { end -= 1 }
      try readLine(Array(bytes[lineStart..<end]), number: lineNumber)
      if i >= bytes.count { break }
      i += 1
      lineStart = i
    }
    guard !views.isEmpty else {
      throw fail(
        1, 1,
        "no view found: expected the output of `po view.recursiveDescription()`, lines such as "
          + "<UIView: 0x7f8a1c40; frame = (0 0; 390 844); layer = <CALayer: 0x6000>>")
    }
    return try build(schema: schema)
  }

  mutating func readLine(_ bytes: [UInt8], number: Int) throws(SceneFileError) {
    // UTF-8 text without control characters (a tab is a blank).
    var scalars: [Unicode.Scalar] = []
    scalars.reserveCapacity(bytes.count)
    var iterator = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    decoding: while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        let u = Unicode.UTF8.decode(encoded)
        if u.value < 0x20 && u != "\t" || u.value == 0x7F {
          throw fail(
            number, scalars.count + 1,
            "a control character (U+\(String(u.value, radix: 16, uppercase: true))): this is not text printed by LLDB")
        }
        scalars.append(u)
      case .error:
        throw fail(number, scalars.count + 1, "the file is not UTF-8 text")
      case .emptyInput:
        break decoding
      }
    }
    let trimmed = String(String.UnicodeScalarView(scalars)).trimmingBlanks
    if trimmed.isEmpty || trimmed.hasPrefix("(lldb)") { return }
    if let (depth, start) = DescriptionLineReader.indentation(scalars) {
      // `<__NSArrayM 0x600000c8b2d0>(`: the header of `po view.gestureRecognizers` in Objective-C.
      if !views.isEmpty, depth == 0, trimmed.hasSuffix(">("), !trimmed.contains(";") { return }
      let element: DescribedObject
      do {
        element = try DescriptionLineReader.element(scalars, from: start, line: number).0
      } catch {
        throw fail(number, error.column, error.message)
      }
      if element.field("state") != nil && element.field("view") != nil {
        recognizers.append(element)
        return
      }
      if !recognizers.isEmpty {
        throw fail(number, start + 1, "a view after the gesture recognizers: the view tree must come first")
      }
      try addView(element, depth: depth, column: start + 1)
      return
    }
    // `po view.gestureRecognizers`: `Optional([<UITapGestureRecognizer: …>, <…>])`, or one per line in
    // `<__NSArrayM 0x…>(` … `)`; every recognizer element on the line is read.
    if let found = try recognizerElements(scalars, number: number) {
      recognizers += found
      return
    }
    if trimmed.hasPrefix("|") {
      let column = (scalars.firstIndex { $0 != " " && $0 != "\t" && $0 != "|" } ?? 0) + 1
      throw fail(number, column, "expected a view such as <UIView: 0x7f8a1c40; frame = (0 0; 390 844)>")
    }
    warn(number, 1, "neither a view nor a gesture recognizer: left out")
  }

  /// The recognizer elements on a line that is not a view line, or nil when it holds none (and is not
  /// one of the brackets around them).
  mutating func recognizerElements(_ s: [Unicode.Scalar], number: Int) throws(SceneFileError) -> [DescribedObject]? {
    var found: [DescribedObject] = []
    var i = 0
    while i < s.count {
      guard s[i] == "<" else {
        i += 1
        continue
      }
      do {
        let parsed = try DescriptionLineReader.element(s, from: i, line: number)
        if parsed.0.field("view") != nil { found.append(parsed.0) }
        i = parsed.end
      } catch {
        // A recognizer cut short is an error; other angle brackets (`Optional<Array<…>>`) are not ours.
        let name = String(
          String.UnicodeScalarView(s[(i + 1)...].prefix(1001).prefix { $0 != ":" && $0 != " " && $0 != ";" }))
        if name.hasSuffix("Recognizer") { throw fail(number, error.column, error.message) }
        // Go on after what was read (linear time whatever the line holds).
        i = max(i + 1, error.column - 1)
      }
    }
    if found.isEmpty {
      let rest = String(String.UnicodeScalarView(s)).trimmingBlanks
      let brackets: Set<String> = ["(", ")", "[", "]", ")]", "])", "Optional([", "nil", "Optional(", "]))"]
      return brackets.contains(rest) && !views.isEmpty ? [] : nil
    }
    return found
  }

  mutating func addView(_ object: DescribedObject, depth printed: Int, column: Int) throws(SceneFileError) {
    if views.count >= SceneReader.maxViews {
      throw fail(object.line, column, "too many views: a scene may have at most \(SceneReader.maxViews)")
    }
    if views.isEmpty {
      // A part of a longer output, pasted from its middle: its first view is the outermost.
      if printed != 0 {
        warn(object.line, column, "the first view is indented: it is taken as the outermost view")
      }
      baseDepth = printed
      views.append(RawView(object: object, depth: 0, parent: nil))
      return
    }
    let depth = printed - baseDepth
    guard depth >= 1 else {
      throw fail(
        object.line, column,
        "a second outermost view: print one view's recursiveDescription (the window or a view controller's view)")
    }
    let previous = views.count - 1
    if depth > views[previous].depth + 1 {
      throw fail(
        object.line, column,
        "indented \(depth) levels, under a view indented \(views[previous].depth): one '|' more than its superview's")
    }
    if depth >= SceneReader.maxDepth {
      throw fail(
        object.line, column, "nested too deeply: a scene's view tree may be at most \(SceneReader.maxDepth) levels deep"
      )
    }
    var parent = previous
    while views[parent].depth >= depth, let p = views[parent].parent { parent = p }
    views.append(RawView(object: object, depth: depth, parent: parent))
    views[parent].children.append(views.count - 1)
  }

  // MARK: Building the scene

  mutating func build(schema: String?) throws(SceneFileError) -> ImportedScene {
    // Which views are kept: private UIKit helpers go, unless something that matters is inside them.
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
    // Skipped views: only the top of each skipped branch is counted by class.
    var skippedByClass: [String: Int] = [:]
    var skippedOrder: [String] = []
    var skippedInside = 0
    var firstSkipped: DescribedObject?
    var text: [Int: String] = [:]
    for i in views.indices where !views[i].kept {
      let name = ClassNames.demangled(views[i].object.className)
      // A button's title is in its private UIButtonLabel.
      if name == "UIButtonLabel", let t = views[i].object.field("text") {
        var owner = views[i].parent!
        while !views[owner].kept, let p = views[owner].parent { owner = p }
        if text[owner] == nil { text[owner] = ClassNames.unquoted(t.value) }
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
        first.line, first.column,
        "left out \(total) \(what) of a UIKit control (\(list))\(inside): they draw, and touches go to the "
          + "view or control they belong to")
    }
    // Ids in document order.
    var ids = IdMaker()
    for i in views.indices where views[i].kept {
      views[i].id = ids.make(ClassNames.idBase(views[i].object.className))
    }
    var specs: [ViewSpec?] = []
    specs.reserveCapacity(views.count)
    for i in views.indices {
      specs.append(views[i].kept ? try viewSpec(i, buttonText: text[i]) : nil)
    }
    // Recognizers, by the address of the view they name.
    var byAddress: [String: Int] = [:]
    for i in views.indices where byAddress[views[i].object.address] == nil { byAddress[views[i].object.address] = i }
    var recognizerCount = 0
    var withRecognizers = Set<Int>()
    for r in recognizers {
      guard let viewField = r.field("view"), let address = ClassNames.address(in: viewField.value) else {
        warn(r.line, r.column, "\(r.className) names no view: left out")
        continue
      }
      guard let owner = byAddress[address] else {
        warn(r.line, viewField.column, "\(r.className) is on view \(address), which is not in the tree: left out")
        continue
      }
      guard views[owner].kept, let kind = specs[owner]?.kind else {
        warn(
          r.line, viewField.column,
          "\(r.className) is on \(ClassNames.demangled(views[owner].object.className)) \(address), a private view "
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
      warn(
        views[i].object.line, g.column,
        "\(views[i].id) has gesture recognizers, but recursiveDescription does not say which: append the output "
          + "of `po view.gestureRecognizers` for this view (\(views[i].object.address)) to the file")
    }
    // The tree, children before parents (views are in document order, so a reverse walk sees every child
    // before its parent).
    for i in views.indices.reversed() where views[i].kept {
      guard var spec = specs[i] else { continue }
      spec.subviews = views[i].children.compactMap { specs[$0] }
      specs[i] = spec
      for c in views[i].children { specs[c] = nil }
    }
    guard let root = specs[0] else { throw fail(1, 1, "no view found") }
    var scene = Scene(root: root)
    let rootFrame = root.frame
    var window = Size(max(rootFrame.width, rootFrame.maxX), max(rootFrame.height, rootFrame.maxY))
    if window.width < 1 || window.height < 1 {
      let f = views[0].object.field("frame")
      warn(views[0].object.line, f?.column ?? 1, "the outermost view is empty: the window is 390 × 844")
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
    // The YAML, with each view's address and class as a comment on its id line.
    var comments: [String: String] = [:]
    // The class name is the input's text: written as data, so no character of it can end the comment.
    for v in views where v.kept {
      comments[v.id] = YAMLEmitter.commentText("\(v.object.className) \(v.object.address)")
    }
    var lines = SceneWriter.yaml(scene).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
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
    // The scene must load. What stops it is said at the line of the view it was made from (the view
    // whose part of the scene holds the problem), never as an error of the importer.
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
    return ImportedScene(
      scene: scene, yaml: yaml, warnings: warnings.sorted { ($0.line, $0.column) < ($1.line, $1.column) })
  }

  // MARK: One view

  mutating func viewSpec(_ index: Int, buttonText: String?) throws(SceneFileError) -> ViewSpec {
    let o = views[index].object
    let name = ClassNames.demangled(o.className)
    let base = o.field("baseClass").map { ClassNames.demangled($0.value) }
    let kind = ClassNames.kind(name) ?? base.flatMap(ClassNames.kind) ?? .view
    guard let frameField = o.field("frame") else {
      throw fail(o.line, o.column, "\(o.className) has no 'frame = (x y; w h)'")
    }
    var frame = try rect(frameField, o)
    if frame.width < 0 || frame.height < 0 {
      warn(o.line, frameField.column, "a negative size in the frame: taken as the same rectangle with a positive size")
      frame = Rect(
        min(frame.minX, frame.minX + frame.width), min(frame.minY, frame.minY + frame.height), abs(frame.width),
        abs(frame.height))
    }
    var v = ViewSpec(id: views[index].id, kind: kind, frame: frame)
    if let b = o.field("bounds") {
      let bounds = try rect(b, o)
      v.bounds = Rect(bounds.minX, bounds.minY, abs(bounds.width), abs(bounds.height))
    }
    if let t = o.field("transform") {
      try applyTransform(t, to: &v, frame: frame, boundsPrinted: o.field("bounds") != nil, o)
    }
    if let c = o.field("center"), let p = DescriptionNumbers.list(c.value, open: "(", close: ")"), p.count == 2 {
      v.center = Point(
        try checked(p[0].value, c.column + p[0].offset, o), try checked(p[1].value, c.column + p[1].offset, o))
    }
    if let f = o.field("hidden") { v.hidden = f.value == "YES" }
    if let f = o.field("clipsToBounds") { v.clipsToBounds = f.value == "YES" }
    v.userInteractionEnabled = o.field("userInteractionEnabled")?.value != "NO"
    if let f = o.field("alpha") {
      if let a = DescriptionNumbers.number(f.value) {
        if a < 0 || a > 1 { warn(o.line, f.column, "alpha \(f.value) is outside 0…1: taken as \(a < 0 ? 0 : 1)") }
        v.alpha = min(max(a, 0), 1)
      } else {
        throw fail(o.line, f.column, "alpha must be a number, not '\(f.value)'")
      }
    }
    if let f = o.field("text") {
      v.text = ClassNames.unquoted(f.value)
    } else if let buttonText, kind == .button {
      v.text = buttonText
    }
    if let f = o.field("backgroundColor") { v.color = ClassNames.hexColor(f.value) }
    if kind == .scroll {
      var scroll = v.scroll ?? ScrollSpec(contentSize: v.bounds.size)
      if let f = o.field("contentSize") {
        let p = try pair(f, o)
        if p.x < 0 || p.y < 0 { throw fail(o.line, f.column, "a negative contentSize") }
        scroll.contentSize = Size(p.x, p.y)
      }
      if let f = o.field("contentOffset") {
        let p = try pair(f, o)
        v.bounds = Rect(p.x, p.y, v.bounds.width, v.bounds.height)
      }
      if let f = o.field("adjustedContentInset") ?? o.field("contentInset"),
        let n = DescriptionNumbers.list(f.value, open: "{", close: "}"), n.contains(where: { $0.value != 0 })
      {
        warn(o.line, f.column, "content insets are not modelled: the scroll range is the content size alone")
      }
      v.scroll = scroll
    }
    return v
  }

  func checked(_ value: Double, _ column: Int, _ o: DescribedObject) throws(SceneFileError) -> Double {
    if abs(value) > 1_000_000 {
      throw fail(o.line, column, "a number out of range: scenes take numbers within ±1,000,000")
    }
    return value
  }

  func rect(_ f: (value: String, column: Int), _ o: DescribedObject) throws(SceneFileError) -> Rect {
    guard let n = DescriptionNumbers.list(f.value, open: "(", close: ")"), n.count == 4 else {
      throw fail(o.line, f.column, "expected a rectangle '(x y; w h)', found '\(f.value.prefix(60))'")
    }
    let v = try n.map { (x) throws(SceneFileError) -> Double in try checked(x.value, f.column + x.offset, o) }
    return Rect(v[0], v[1], v[2], v[3])
  }

  func pair(_ f: (value: String, column: Int), _ o: DescribedObject) throws(SceneFileError) -> Point {
    guard let n = DescriptionNumbers.list(f.value, open: "{", close: "}"), n.count == 2 else {
      throw fail(o.line, f.column, "expected two numbers '{a, b}', found '\(f.value.prefix(60))'")
    }
    return Point(try checked(n[0].value, f.column + n[0].offset, o), try checked(n[1].value, f.column + n[1].offset, o))
  }

  /// `transform = [a, b, c, d, tx, ty]`: the frame printed is the transformed bounding box. The size before
  /// the transform is the printed bounds' if any, else found by inverting the transform's scale and
  /// rotation (ambiguous at 45° with an equal scale: a square is assumed, with a warning).
  mutating func applyTransform(
    _ f: (value: String, column: Int), to v: inout ViewSpec, frame: Rect, boundsPrinted: Bool, _ o: DescribedObject
  ) throws(SceneFileError) {
    guard let n = DescriptionNumbers.list(f.value, open: "[", close: "]"), n.count == 6 else {
      throw fail(o.line, f.column, "expected a transform '[a, b, c, d, tx, ty]', found '\(f.value.prefix(80))'")
    }
    let (a, b, c, d) = (n[0].value, n[1].value, n[2].value, n[3].value)
    let tx = try checked(n[4].value, f.column + n[4].offset, o)
    let ty = try checked(n[5].value, f.column + n[5].offset, o)
    let sx = (a * a + b * b).squareRoot()
    if sx < 1e-9 || abs(a * d - b * c) < 1e-12 {
      warn(o.line, f.column, "a transform that flattens the view to nothing: left out (the frame is used as is)")
      return
    }
    let sy = (a * d - b * c) / sx
    let rotation = Trig.atan2(b, a) * 180 / Double.pi
    if abs(a * c + b * d) > 1e-6 * max(1, sx * abs(sy)) {
      warn(o.line, f.column, "a skewed transform: only its scale and rotation are kept")
    }
    func round(_ x: Double) -> Double { (x * 1_000_000).rounded() / 1_000_000 }
    var spec = TransformSpec(
      scale: Point(round(sx), round(sy)), rotation: round(rotation), translation: Point(round(tx), round(ty)))
    if abs(spec.rotation) >= 180 { spec.rotation = spec.rotation > 0 ? spec.rotation - 360 : spec.rotation + 360 }
    if spec.scale.x < 0.0001 || abs(spec.scale.y) < 0.0001 || spec.scale.x > 10_000 || abs(spec.scale.y) > 10_000 {
      warn(o.line, f.column, "a transform scale beyond 0.0001…10,000: left out (the frame is used as is)")
      return
    }
    v.transform = spec
    v.center = Point(frame.mid.x - tx, frame.mid.y - ty)
    if abs(v.center.x) > SceneReader.maxMagnitude || abs(v.center.y) > SceneReader.maxMagnitude {
      let at = abs(v.center.x) > SceneReader.maxMagnitude ? n[4].offset : n[5].offset
      throw fail(
        o.line, f.column + at,
        "this translation puts the view's centre at (\(NumberText.format(v.center.x)), "
          + "\(NumberText.format(v.center.y))) before the transform, beyond the ±1,000,000 a scene takes")
    }
    if boundsPrinted { return }
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
        o.line, f.column,
        "the size before the transform cannot be told from this frame (no bounds printed): taken as a square "
          + "\(NumberText.format(round(side))) × \(NumberText.format(round(side))); add `bounds = (0 0; w h)` "
          + "to the line (from `po view.bounds`) to give it")
    }
    if max(w, h) > SceneReader.maxMagnitude {
      throw fail(
        o.line, f.column,
        "the size before this transform would be \(NumberText.format(round(w))) × \(NumberText.format(round(h))), "
          + "beyond the ±1,000,000 a scene takes; add `bounds = (0 0; w h)` to the line to give it")
    }
    v.bounds = Rect(v.bounds.minX, v.bounds.minY, round(max(w, 0)), round(max(h, 0)))
    if v.kind == .scroll { v.scroll = ScrollSpec(contentSize: v.bounds.size) }
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
        r.line, r.column,
        "\(r.className) is not one of UIKit's seven recognizer classes (or says no baseClass that is): left out")
      return nil
    }
    var spec = RecognizerSpec(id: ids.make(kind.rawValue), kind: kind)
    func integer(_ key: String, _ range: ClosedRange<Int>) -> Int? {
      guard let f = r.field(key) else { return nil }
      if let n = Int(f.value), range.contains(n) { return n }
      warn(r.line, f.column, "\(key) = \(f.value) is not a whole number in \(range): left at its default")
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
        warn(r.line, f.column, "direction = \(f.value) names no direction: left at right")
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

/// Unique scene ids: a base and a counter per base (`button1`, `button2`), never one used already.
struct IdMaker {
  private var counters: [String: Int] = [:]
  private var used: Set<String> = []

  mutating func make(_ base: String) -> String {
    while true {
      let n = counters[base, default: 0] + 1
      counters[base] = n
      let id = base + String(n)
      if !used.contains(id) {
        used.insert(id)
        return id
      }
    }
  }
}

/// Class names as LLDB prints them, and what they mean for a scene.
enum ClassNames {
  /// `_TtC5MyApp8CardView` → `CardView`, `MyApp.CardView` → `CardView`, `UIButton` → `UIButton`.
  static func demangled(_ name: String) -> String {
    if name.hasPrefix("_Tt") {
      var s = Substring(name.dropFirst(3))
      while let c = s.first, c.isLetter { s = s.dropFirst() }
      var last: Substring?
      while let c = s.first, c.isNumber {
        let digits = s.prefix { $0.isNumber }
        s = s.dropFirst(digits.count)
        guard let n = Int(digits), n > 0, n <= s.count else { break }
        last = s.prefix(n)
        s = s.dropFirst(n)
      }
      if let last, s.isEmpty { return String(last) }
      return name
    }
    let plain = name.split(separator: "<").first.map(String.init) ?? name
    return plain.split(separator: ".").last.map(String.init) ?? plain
  }

  /// UIKit's private helper views, left out unless something that matters is inside.
  static func isPrivateHelper(_ name: String) -> Bool {
    name.hasPrefix("_")
      || [
        "UIButtonLabel", "UITableViewWrapperView", "UITableViewCellSeparatorView", "UIScrollViewScrollIndicator",
        "UITableViewCellSelectedBackground", "UIFieldEditor", "UITextFieldLabel",
      ].contains(name)
  }

  /// A view of one of UIKit's own controls (or a subclass saying so with `baseClass`), whose parts are
  /// the control itself in a scene.
  static func isBuiltInControl(_ o: DescribedObject) -> Bool {
    let builtIn: Set<ViewKind> = [.button, .switch, .slider, .stepper, .segmentedControl, .pageControl]
    let own = kind(demangled(o.className))
    let base = o.field("baseClass").flatMap { kind(demangled($0.value)) }
    return (own ?? base).map { builtIn.contains($0) } ?? false
  }

  /// The scene kind of a UIKit class, or nil for a class this table does not know.
  static func kind(_ name: String) -> ViewKind? {
    switch name {
    case "UIButton", "UIRoundedRectButton", "UINavigationButton", "UITabBarButton": return .button
    case "UISwitch": return .switch
    case "UISlider": return .slider
    case "UIStepper": return .stepper
    case "UISegmentedControl": return .segmentedControl
    case "UIPageControl": return .pageControl
    case "UILabel": return .label
    case "UIImageView": return .imageView
    case "UIScrollView", "UITableView", "UICollectionView", "UITextView": return .scroll
    case "UIControl", "UITextField", "UIDatePicker", "UIColorWell", "UISearchTextField": return .control
    default: return nil
    }
  }

  /// `cardView` for `_TtC5MyApp8CardView`, `button` for `UIButton`: letters and digits, lower camel case.
  static func idBase(_ className: String) -> String {
    var name = demangled(className)
    while name.hasPrefix("_") { name.removeFirst() }
    if name.hasPrefix("UI"), name.count > 2, name.dropFirst(2).first!.isUppercase { name.removeFirst(2) }
    var out = String(
      name.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) })
    if out.isEmpty { return "view" }
    // Lower the leading capitals (`URLView` → `urlView`).
    let chars = Array(out)
    var upper = 0
    while upper < chars.count, chars[upper].isUppercase { upper += 1 }
    let lowerCount = upper <= 1 ? upper : (upper == chars.count ? upper : upper - 1)
    out = String(chars.prefix(lowerCount)).lowercased() + String(chars.dropFirst(lowerCount))
    if out.first!.isNumber { out = "v" + out }
    if out.count > 150 { out = String(out.prefix(150)) }
    return out
  }

  /// `0x7f8a1c40` inside `<UIView 0x7f8a1c40>` (or `<UIView: 0x…; …>`).
  static func address(in text: String) -> String? {
    guard let r = text.range(of: "0x") else { return nil }
    let hex = text[r.upperBound...].prefix { $0.isHexDigit }
    return hex.isEmpty ? nil : "0x" + hex.lowercased()
  }

  /// `'Hello'` → `Hello`.
  static func unquoted(_ s: String) -> String {
    if s.count >= 2, s.hasPrefix("'"), s.hasSuffix("'") { return String(s.dropFirst().dropLast()) }
    return s
  }

  /// `UIExtendedSRGBColorSpace 1 0.5 0 1` or `UIExtendedGrayColorSpace 0.9 1` as `#RRGGBB(AA)`; nil for
  /// other colours (named system colours, patterns).
  static func hexColor(_ s: String) -> String? {
    let words = s.split(separator: " ")
    guard let space = words.first else { return nil }
    let numbers = words.dropFirst().compactMap { DescriptionNumbers.number(String($0)) }
    guard numbers.count == words.count - 1 else { return nil }
    var rgba: [Double]
    if space.contains("Gray") || space.contains("Grey"), numbers.count == 2 {
      rgba = [numbers[0], numbers[0], numbers[0], numbers[1]]
    } else if space.contains("RGB"), numbers.count == 4 {
      rgba = numbers
    } else {
      return nil
    }
    rgba = rgba.map { min(max($0, 0), 1) }
    func hex(_ v: Double) -> String {
      let n = Int((v * 255).rounded())
      let digits = String(n, radix: 16, uppercase: true)
      return digits.count == 1 ? "0" + digits : digits
    }
    return "#" + rgba.prefix(3).map(hex).joined() + (rgba[3] < 1 ? hex(rgba[3]) : "")
  }
}

extension String {
  fileprivate var trimmingBlanks: String {
    var s = Substring(self)
    while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
    while let c = s.last, c == " " || c == "\t" { s = s.dropLast() }
    return String(s)
  }
}
