import Geometry
import SceneFile
import TouchSim

/// A scene made from LLDB's `po view.recursiveDescription()` output, as YAML text, with what could not
/// be carried over.
public struct ImportedScene: Sendable {
  public var scene: Scene
  /// The scene file's text: the view tree with each view's address and class as a comment on its id line.
  public var yaml: String
  /// `FILE:LINE:COLUMN: warning: …`, positioned in the input: one line per kind of warning, at its first
  /// place, with how many there are when more than one.
  public var warnings: [Diagnostic]
  /// Every warning, one per place (what `--verbose` prints).
  public var allWarnings: [Diagnostic]
}

/// `touchscope import recursive-description`: reads what `po view.recursiveDescription()` (and, appended
/// to it, `po view.gestureRecognizers`) prints and builds a `touchscope/1` scene from it.
///
/// The tree comes from the `|` indentation; each view's class decides its kind (or its printed
/// `baseClass` for a subclass); `frame`, `hidden`, `alpha`, `userInteractionEnabled`, `clipsToBounds`,
/// `text`, `transform`, `contentOffset` and `contentSize` carry over. Private UIKit helper views are left
/// out unless they take touches or something that matters is inside them. Recognizer lines attach to the
/// view whose address they name.
///
/// What people paste is read as it comes: text before a view on its line (a log header, `(id) $1 = …`,
/// `@"`, a comment mark) is skipped; a line cut short or unreadable is left out with the views under it;
/// a second dump in the file is left out (`dump` picks another); layer lines are left out; an unreadable
/// value takes UIKit's default. Each of these is a positioned warning. Only a file with no readable view,
/// or one that is not text, is refused.
public enum RecursiveDescriptionImporter {
  /// At most this many bytes of input (as for scene files).
  public static let maxBytes = SceneReader.maxBytes

  /// Imports `bytes` (the file's content); `file` names the input in diagnostics and in `about`;
  /// `schema`, when given, is the path of the scene schema relative to the output's folder; `dump` is
  /// which of the view hierarchies in the file to import (1 for the first).
  public static func importDescription(_ bytes: [UInt8], file: String, schema: String? = nil, dump: Int? = nil)
    throws(SceneFileError) -> ImportedScene
  {
    var importer = Importer(file: file, dumpChoice: dump)
    return try importer.run(bytes, schema: schema)
  }
}

/// A warning with its kind: warnings of one kind are said once, with a count.
struct ImportNote {
  enum Kind: String {
    case prefix, cut, unreadableLine, unreadableValue, layer, notView, text, indentJump, tooDeep, otherDumps
    case recognizersOwn, recognizersApp, leftOutHelpers, recognizer, window, transform, insets

    /// What several warnings of this kind are, counted: "5 layer lines".
    var plural: String {
      switch self {
      case .prefix: return "lines with text before the view"
      case .cut: return "lines cut short"
      case .unreadableLine: return "view lines that cannot be read"
      case .unreadableValue: return "values that cannot be read"
      case .layer: return "layer lines"
      case .notView: return "objects without a frame (not views)"
      case .text: return "lines that are neither a view nor a recognizer"
      case .indentJump: return "indentation problems"
      case .tooDeep: return "views nested too deeply"
      case .otherDumps: return "notes on other dumps"
      case .recognizersOwn: return "UIKit views with recognizers not named"
      case .recognizersApp: return "app views with recognizers not named"
      case .leftOutHelpers: return "notes on views left out"
      case .recognizer: return "recognizer problems"
      case .window: return "notes on the window"
      case .transform: return "transforms not kept as printed"
      case .insets: return "scroll views with content insets"
      }
    }
  }
  var kind: Kind
  var line: Int
  var column: Int
  var message: String
}

private struct Importer {
  let file: String
  /// `--dump N`; nil: the first dump of more than one view (an echo of one line before the real dump, or a
  /// fragment, is not what was meant), else the first.
  let requestedDump: Int?
  var dumpChoice: Int { requestedDump ?? 1 }
  /// Warnings about the file as a whole and about lines outside any dump.
  var notes: [ImportNote] = []
  var views: [RawView] = []
  var recognizers: [DescribedObject] = []
  /// The view hierarchies found, in order; the chosen one's views and recognizers become `views` and
  /// `recognizers`.
  var dumps: [Dump] = []
  /// The first view line left out as unreadable: what a file with no readable view is refused with.
  var firstUnreadable: (line: Int, column: Int, message: String)?
  /// No line of the file has bars before its view: its views are indented by blanks alone (iPhone OS 3).
  var blanksIndent = false
  /// Recognizer lines before any view: they go with the first dump.
  var earlyRecognizers: [DescribedObject] = []
  /// Each view's frame numbers as printed, by id, for the views whose frame the scene keeps as printed.
  var printedFrames: [String: [String]] = [:]

  init(file: String, dumpChoice: Int?) {
    self.file = file
    requestedDump = dumpChoice
  }

  struct RawView {
    var object: DescribedObject
    var depth: Int
    var parent: Int?
    var children: [Int] = []
    var kept = true
    var id = ""
    var spec: ViewSpec?
  }

  /// One view hierarchy of the file: its first view's line and indentation, its views, and the
  /// warnings about its lines.
  struct Dump {
    var line: Int
    var base: Int
    var views: [RawView] = []
    var recognizers: [DescribedObject] = []
    var notes: [ImportNote] = []
    /// The printed indentation and index of each view on the path from the root to the last view.
    var stack: [(depth: Int, index: Int)] = []
    /// While set, views indented deeper than this are under a line left out, and go too.
    var skipBelow: Int?
    /// Set once recognizer lines follow the dump's views: a view after them begins another dump.
    var recognizersFollow = false
  }

  /// A line of text as read: its scalars, its line number in the file and the column its first scalar
  /// stands at (more than 1 for the pieces of a dump printed on one line with `\n` escapes).
  struct TextLine {
    var scalars: [Unicode.Scalar]
    var number: Int
    var columnOffset: Int
  }

  func fail(_ line: Int, _ column: Int, _ message: String) -> SceneFileError {
    SceneFileError([Diagnostic(file: file, line: line, column: column, message: message)])
  }

  /// A warning about the file (not about a line of a dump).
  mutating func warn(_ kind: ImportNote.Kind, _ line: Int, _ column: Int, _ message: String) {
    guard notes.count < 100_000 else { return }
    notes.append(ImportNote(kind: kind, line: line, column: column, message: message))
  }

  /// A warning about a line of the current dump: said only when that dump is the one imported.
  mutating func warnInDump(_ kind: ImportNote.Kind, _ line: Int, _ column: Int, _ message: String) {
    guard !dumps.isEmpty else { return warn(kind, line, column, message) }
    guard dumps[dumps.count - 1].notes.count < 100_000 else { return }
    dumps[dumps.count - 1].notes.append(ImportNote(kind: kind, line: line, column: column, message: message))
  }

  // MARK: Reading lines

  mutating func run(_ bytes: [UInt8], schema: String?) throws(SceneFileError) -> ImportedScene {
    if bytes.count > RecursiveDescriptionImporter.maxBytes {
      throw fail(1, 1, "the file is too large: at most \(RecursiveDescriptionImporter.maxBytes >> 20) MiB")
    }
    if dumpChoice < 1 { throw fail(1, 1, "--dump counts from 1 (the first view hierarchy in the file)") }
    var start = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
    // Lines end at LF or CR LF (a lone CR is a control character).
    var lines: [TextLine] = []
    var lineNumber = 0
    var lineStart = start
    var i = start
    while lineStart <= bytes.count {
      while i < bytes.count, bytes[i] != 0x0A { i += 1 }
      lineNumber += 1
      let end = i > lineStart && bytes[i - 1] == 0x0D ? i - 1 : i
      let scalars = try decode(bytes[lineStart..<end], number: lineNumber)
      lines += Self.pieces(TextLine(scalars: scalars, number: lineNumber, columnOffset: 0))
      if i >= bytes.count { break }
      i += 1
      lineStart = i
    }
    blanksIndent = !lines.contains { l in
      guard let c = Self.candidate(l.scalars, from: 0) else { return false }
      return l.scalars[..<c].contains("|")
    }
    var n = 0
    while n < lines.count {
      n += try readLine(lines, at: n)
    }
    try chooseDump()
    return try build(schema: schema)
  }

  /// UTF-8 text without control characters (a tab is a blank).
  func decode(_ bytes: ArraySlice<UInt8>, number: Int) throws(SceneFileError) -> [Unicode.Scalar] {
    var scalars: [Unicode.Scalar] = []
    scalars.reserveCapacity(bytes.count)
    // Most lines are ASCII: read byte by byte.
    if !bytes.contains(where: { $0 >= 0x80 }) {
      for b in bytes {
        if b < 0x20 && b != 0x09 || b == 0x7F {
          throw fail(
            number, scalars.count + 1,
            "a control character (U+\(String(b, radix: 16, uppercase: true))): this is not text printed by LLDB")
        }
        scalars.append(Unicode.Scalar(b))
      }
      return scalars
    }
    var iterator = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    while true {
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
        return scalars
      }
    }
  }

  /// A dump printed as one quoted string (`(NSString *) $1 = @"<UIWindow…>\n   | <UIView…>"`, a Frida or
  /// cycript string) holds its line ends as `\n`: split there, when a view follows.
  static func pieces(_ line: TextLine) -> [TextLine] {
    let s = line.scalars
    var out: [TextLine] = []
    var start = 0
    var i = 0
    while i + 1 < s.count {
      if s[i] == "\\", s[i + 1] == "n" {
        var j = i + 2
        while j < s.count, s[j] == " " || s[j] == "|" || s[j] == "\t" { j += 1 }
        if j < s.count, s[j] == "<" || (j == s.count - 1 && s[j] == "\"") {
          out.append(TextLine(scalars: Array(s[start..<i]), number: line.number, columnOffset: start))
          start = i + 2
          i = start
          continue
        }
      }
      i += 1
    }
    if out.isEmpty { return flattened(line) }
    out.append(TextLine(scalars: Array(s[start...]), number: line.number, columnOffset: start))
    return out
  }

  /// A dump whose line ends a page collapsed into spaces (`<UIWebView: …> | <UIScrollView: …> | | <…>`):
  /// when the line holds several views, it is split before each run of bars that follows a view's `>` and
  /// leads to the next view's `<`; each piece keeps its bars, which give its depth.
  static func flattened(_ line: TextLine) -> [TextLine] {
    let s = line.scalars
    let frame = Array("; frame = (".unicodeScalars)
    var frames = 0
    var i = 0
    while i + frame.count <= s.count, frames < 2 {
      if s[i] == ";" && Array(s[i..<i + frame.count]) == frame { frames += 1 }
      i += 1
    }
    guard frames >= 2 else { return [line] }
    var out: [TextLine] = []
    var start = 0
    i = 1
    while i < s.count {
      // `> ` then a run of bars and blanks with at least one bar, then `<` and a letter or `_`.
      if s[i] == "|", s[i - 1] == " " || s[i - 1] == "\t" {
        var back = i - 1
        while back > start, s[back] == " " || s[back] == "\t" { back -= 1 }
        var j = i
        while j < s.count, s[j] == " " || s[j] == "|" || s[j] == "\t" { j += 1 }
        if s[back] == ">", j + 1 < s.count, s[j] == "<", s[j + 1].properties.isAlphabetic || s[j + 1] == "_" {
          out.append(
            TextLine(scalars: Array(s[start...back]), number: line.number, columnOffset: line.columnOffset + start))
          start = back + 1
          i = j
          continue
        }
      }
      i += 1
    }
    guard !out.isEmpty else { return [line] }
    out.append(TextLine(scalars: Array(s[start...]), number: line.number, columnOffset: line.columnOffset + start))
    return out
  }

  /// Where an element may start on the line from `from`: a `<` followed by a letter or `_`. In
  /// `<<_UITextContainerView: 0x…; …>> minSize = …` (a text view's container) that is the inner bracket.
  static func candidate(_ s: [Unicode.Scalar], from: Int) -> Int? {
    var i = from
    while i + 1 < s.count {
      if s[i] == "<" {
        let next = s[i + 1]
        if next.properties.isAlphabetic || next == "_" { return i }
      }
      i += 1
    }
    return nil
  }

  /// Reads the line at `index` (and the next one, when it continues a line cut by wrapping); returns how
  /// many lines were read.
  mutating func readLine(_ lines: [TextLine], at index: Int) throws(SceneFileError) -> Int {
    let line = lines[index]
    let s = line.scalars
    let number = line.number
    let offset = line.columnOffset
    let trimmed = String(String.UnicodeScalarView(s)).trimmingBlanks
    // LLDB's prompt lines (`(lldb) po …`), unless a view follows the prompt on the same line.
    if trimmed.isEmpty || trimmed.hasPrefix("(lldb)") && Self.candidate(s, from: 0) == nil { return 1 }
    // `<__NSArrayM 0x600000c8b2d0>(`: the header of `po view.gestureRecognizers` in Objective-C.
    if trimmed.hasSuffix(">("), !trimmed.contains(";") { return 1 }
    var from = 0
    // At most 50 tries a line: a line of `<a<a<a…` is text, read in linear time.
    var tries = 0
    while tries < 50, let start = Self.candidate(s, from: from) {
      tries += 1
      let parsed: DescribedObject
      do {
        parsed = try DescriptionLineReader.element(s, from: start, line: number).0
      } catch {
        // A line its writer shortened by hand (`…; layer = […]`, `…; opaque = NO; ...`): the elision ends it.
        if error.truncated, let cut = Self.elided(s) {
          if let (object, _) = try? DescriptionLineReader.element(cut + [">"], from: start, line: number),
            !Self.isRecognizer(object)
          {
            try readView(object, line: line, start: prefixStart(s, start))
            return 1
          }
        }
        if error.truncated {
          // A line wrapped by the page it was copied from, or a text value holding line ends (a label's
          // `text = 'first\n\nsecond'` printed as it is): read with the lines after it (up to 20) that are
          // not lines of their own, each line end read as a space.
          var joined = s
          var k = index + 1
          while k < lines.count, k - index <= 20, lines[k].columnOffset == 0 {
            let next = lines[k].scalars
            let first = next.first { $0 != " " && $0 != "\t" }
            if let first, first == "|" || first == "<" || Self.candidate(next, from: 0).map({ $0 == 0 }) == true {
              break
            }
            joined += [" "] + next
            k += 1
            if let (object, _) = try? DescriptionLineReader.element(joined, from: start, line: number),
              !Self.isRecognizer(object)
            {
              try readView(object, line: line, start: prefixStart(s, start))
              return k - index
            }
          }
        }
        let name = String(String.UnicodeScalarView(s[(start + 1)...].prefix(200).prefix { $0 != ":" && $0 != " " }))
        if name.hasSuffix("Recognizer") {
          warnInDump(
            .cut, number, error.column + offset,
            "a gesture recognizer that cannot be read (\(error.message)): left out")
          return 1
        }
        if error.truncated || error.named {
          leaveOut(line: line, start: prefixStart(s, start), error)
          return 1
        }
        from = start + 1
        continue
      }
      if Self.isRecognizer(parsed) {
        try readRecognizers(s, from: start, line: line)
      } else {
        try readView(parsed, line: line, start: prefixStart(s, start))
      }
      return 1
    }
    // No element on the line: the brackets around recognizers, or text.
    let brackets: Set<String> = ["(", ")", "[", "]", ")]", "])", "Optional([", "nil", "Optional(", "]))", "\"", "@\""]
    if brackets.contains(trimmed) { return 1 }
    warn(.text, number, offset + 1, "neither a view nor a gesture recognizer: left out")
    return 1
  }

  /// The line without the elision it ends with (`[…]`, `[...]`, `…`, `...`) and what is left open before
  /// it (`layer = `, `; `), or nil when it ends with none.
  static func elided(_ s: [Unicode.Scalar]) -> [Unicode.Scalar]? {
    var end = s.count
    while end > 0, s[end - 1] == " " { end -= 1 }
    let text = String(String.UnicodeScalarView(s[..<end]))
    guard let mark = ["[…]", "[...]", "…", "..."].first(where: { text.hasSuffix($0) }) else { return nil }
    var cut = Array(text.unicodeScalars.dropLast(mark.unicodeScalars.count))
    // Drop a field left without its value (`layer = `) and the separators before it.
    while let last = cut.last, last == " " || last == ";" { cut.removeLast() }
    if cut.last == "=", let semi = cut.lastIndex(of: ";") { cut = Array(cut[..<semi]) }
    return cut
  }

  /// The index of the `<` that begins the element at `start` (the outer one of `<<`).
  func prefixStart(_ s: [Unicode.Scalar], _ start: Int) -> Int {
    start > 0 && s[start - 1] == "<" ? start - 1 : start
  }

  static func isRecognizer(_ o: DescribedObject) -> Bool {
    (o.field("state") != nil && o.field("view") != nil) || o.className.hasSuffix("GestureRecognizer")
  }

  /// The indentation before the element at `start`: the number of `|` in the run of bars and blanks just
  /// before it, and whether other text comes before that run (a prefix, skipped).
  ///
  /// Two older shapes too: text between the line's bars and the view (iOS 5 and 6 print a view
  /// controller's `'VC:0x…' 1 child[…]` and `XX (` before some views), where the bars at the start of the
  /// line give the depth; and a file with no bars at all (iPhone OS 3 indents by blanks alone, four a
  /// level after the first three), when `blanksIndent` is set.
  static func indentation(
    _ s: [Unicode.Scalar], before start: Int, blanksIndent: Bool = false
  ) -> (depth: Int, prefixEnd: Int) {
    var i = start
    var depth = 0
    while i > 0, s[i - 1] == " " || s[i - 1] == "\t" || s[i - 1] == "|" {
      if s[i - 1] == "|" { depth += 1 }
      i -= 1
    }
    if i == 0, depth == 0, blanksIndent {
      let blanks = s[..<start].reduce(0) { $0 + ($1 == "\t" ? 4 : 1) }
      return ((blanks + 1) / 4, 0)
    }
    if i > 0 {
      var j = 0
      var leading = 0
      while j < i, s[j] == " " || s[j] == "\t" || s[j] == "|" {
        if s[j] == "|" { leading += 1 }
        j += 1
      }
      depth = max(depth, leading)
    }
    return (depth, i)
  }

  mutating func readView(_ parsed: DescribedObject, line: TextLine, start: Int) throws(SceneFileError) {
    var object = parsed
    let offset = line.columnOffset
    object.column += offset
    object.fields = object.fields.map { ($0.key, $0.value, $0.column + offset) }
    let (depth, prefixEnd) = Self.indentation(line.scalars, before: start, blanksIndent: blanksIndent)
    if prefixEnd > 0 {
      let text = String(String.UnicodeScalarView(line.scalars[..<prefixEnd])).trimmingBlanks
      warn(
        .prefix, line.number, offset + 1,
        "text before the view skipped ('\(text.prefix(40))\(text.count > 40 ? "…" : "")')")
    }
    // A layer (iOS 26 prints `<CALayer: 0x…> (layer)` lines among the views): not a view.
    if object.trailing.hasPrefix("(layer)") || object.className.hasSuffix("Layer") && object.field("frame") == nil {
      warnInDump(
        .layer, line.number, object.column,
        "a layer line (\(DescriptionLineReader.shown(object.className))): left out, layers take no touches")
      return
    }
    // An object printed without a frame that is no view (`(MFMailComposeViewController *) $1 = …
    // <MFMailComposeViewController: 0x…>`, `<NSArray: 0x…>`, the application or its delegate): left out. (A
    // view line that lacks only its frame is a view, at UIKit's default frame, with a warning.)
    let name = ClassNames.demangled(object.className)
    if object.field("frame") == nil,
      object.fields.isEmpty || name.hasSuffix("Controller") || name.hasPrefix("NS") || name.hasPrefix("__NS")
        || name == "UIApplication" || name.hasSuffix("AppDelegate")
    {
      warnInDump(
        .notView, line.number, object.column,
        "\(DescriptionLineReader.shown(object.className)) has no frame: not a view, left out")
      return
    }
    if dumps.isEmpty || depth <= dumps[dumps.count - 1].base || dumps[dumps.count - 1].recognizersFollow {
      dumps.append(Dump(line: line.number, base: depth))
      if dumps.count == 1 { dumps[0].recognizers = earlyRecognizers }
      if depth != 0 {
        warnInDump(
          .indentJump, line.number, object.column, "the first view is indented: it is taken as the outermost view")
      }
    }
    var dump = dumps.removeLast()
    defer { dumps.append(dump) }
    if let skip = dump.skipBelow {
      if depth > skip { return }
      dump.skipBelow = nil
    }
    for u in object.unreadable {
      dump.notes.append(
        ImportNote(kind: .unreadableValue, line: line.number, column: u.column + offset, message: u.message))
    }
    if dump.views.count >= SceneReader.maxViews {
      throw fail(line.number, object.column, "too many views: a scene may have at most \(SceneReader.maxViews)")
    }
    if dump.views.isEmpty {
      dump.views.append(RawView(object: object, depth: 0, parent: nil))
      dump.stack = [(depth, 0)]
      return
    }
    while let last = dump.stack.last, last.depth >= depth, dump.stack.count > 1 { dump.stack.removeLast() }
    let parent = dump.stack.last!
    if depth > parent.depth + 1 {
      dump.notes.append(
        ImportNote(
          kind: .indentJump, line: line.number, column: object.column,
          message: "indented \(depth - dump.base) levels, under a view indented \(parent.depth - dump.base): "
            + "taken as its subview (a line missing above?)"))
    }
    let treeDepth = dump.views[parent.index].depth + 1
    if treeDepth >= SceneReader.maxDepth {
      dump.notes.append(
        ImportNote(
          kind: .tooDeep, line: line.number, column: object.column,
          message: "nested deeper than the \(SceneReader.maxDepth) levels a scene's view tree may have: left out"))
      dump.skipBelow = depth
      return
    }
    dump.views.append(RawView(object: object, depth: treeDepth, parent: parent.index))
    dump.views[parent.index].children.append(dump.views.count - 1)
    dump.stack.append((depth, dump.views.count - 1))
  }

  /// A view line that cannot be read: left out with the views indented under it.
  mutating func leaveOut(line: TextLine, start: Int, _ error: DescriptionLineReader.Failure) {
    let (depth, _) = Self.indentation(line.scalars, before: start, blanksIndent: blanksIndent)
    let column = error.column + line.columnOffset
    let kind: ImportNote.Kind = error.truncated ? .cut : .unreadableLine
    let what = error.truncated ? "a view line cut short" : "a view line that cannot be read"
    let message = "\(what) (\(error.message)): left out, with any views indented under it"
    if firstUnreadable == nil { firstUnreadable = (line.number, column, error.message) }
    guard !dumps.isEmpty, depth > dumps[dumps.count - 1].base else {
      warn(kind, line.number, column, message)
      return
    }
    warnInDump(kind, line.number, column, message)
    if dumps[dumps.count - 1].skipBelow.map({ depth < $0 }) ?? true { dumps[dumps.count - 1].skipBelow = depth }
  }

  /// `po view.gestureRecognizers`: `Optional([<UITapGestureRecognizer: …>, <…>])`, or one per line in
  /// `<__NSArrayM 0x…>(` … `)`; every recognizer element on the line is read.
  mutating func readRecognizers(_ s: [Unicode.Scalar], from: Int, line: TextLine) throws(SceneFileError) {
    var i = from
    while i < s.count {
      guard s[i] == "<" else {
        i += 1
        continue
      }
      do {
        var parsed = try DescriptionLineReader.element(s, from: i, line: line.number)
        if parsed.0.field("view") != nil {
          parsed.0.column += line.columnOffset
          parsed.0.fields = parsed.0.fields.map { ($0.key, $0.value, $0.column + line.columnOffset) }
          if dumps.isEmpty {
            earlyRecognizers.append(parsed.0)
          } else {
            dumps[dumps.count - 1].recognizers.append(parsed.0)
            dumps[dumps.count - 1].recognizersFollow = true
          }
        }
        i = parsed.end
      } catch {
        // A recognizer cut short is left out; other angle brackets (`Optional<Array<…>>`) are not ours.
        let name = String(
          String.UnicodeScalarView(s[(i + 1)...].prefix(1001).prefix { $0 != ":" && $0 != " " && $0 != ";" }))
        if name.hasSuffix("Recognizer") {
          warnInDump(
            .cut, line.number, error.column + line.columnOffset,
            "a gesture recognizer that cannot be read (\(error.message)): left out")
          return
        }
        // Go on after what was read (linear time whatever the line holds).
        i = max(i + 1, error.column - 1)
      }
    }
  }

  /// Takes the chosen dump's views, recognizers and warnings; says which other dumps were left out.
  mutating func chooseDump() throws(SceneFileError) {
    if dumps.isEmpty, let first = firstUnreadable {
      throw fail(first.line, first.column, "no readable view: \(first.message)")
    }
    guard !dumps.isEmpty else {
      throw fail(
        1, 1,
        "no view found: expected the output of `po view.recursiveDescription()`, lines such as "
          + "<UIView: 0x7f8a1c40; frame = (0 0; 390 844); layer = <CALayer: 0x6000>>")
    }
    guard dumpChoice <= dumps.count else {
      let lines = dumps.prefix(10).map { String($0.line) }.joined(separator: ", ") + (dumps.count > 10 ? ", …" : "")
      throw fail(
        1, 1,
        "--dump \(dumpChoice): the file holds \(dumps.count) view hierarch\(dumps.count == 1 ? "y" : "ies") "
          + "(at line\(dumps.count == 1 ? "" : "s") \(lines))")
    }
    let index = requestedDump.map { $0 - 1 } ?? (dumps.firstIndex { $0.views.count > 1 } ?? 0)
    let chosen = dumps[index]
    views = chosen.views
    recognizers = chosen.recognizers
    notes += chosen.notes
    if dumps.count > 1 {
      let others = dumps.indices.filter { $0 != index }
      let first = dumps[others[0]]
      let list =
        others.prefix(10).map { "\($0 + 1) at line \(dumps[$0].line)" }.joined(separator: ", ")
        + (others.count > 10 ? ", …" : "")
      warn(
        .otherDumps, first.line, 1,
        "the file holds \(dumps.count) view hierarchies; dump \(index + 1) (line \(chosen.line)) is imported, "
          + "and \(others.count == 1 ? "this one is" : "these are") left out (\(list)): --dump N imports another")
    }
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
    // Ids in document order: a private view kept is named after its role (`deleteAction1`).
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
    var specs: [ViewSpec?] = []
    specs.reserveCapacity(views.count)
    for i in views.indices {
      specs.append(views[i].kept ? viewSpec(i, buttonText: text[i]) : nil)
    }
    // Recognizers, by the address of the view they name.
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
    let (grouped, all) = groupedWarnings()
    return ImportedScene(scene: scene, yaml: yaml, warnings: grouped, allWarnings: all)
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
  private mutating func numbers(
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
  /// `_TtC5MyApp8CardView` → `CardView`, `MyApp.CardView` → `CardView`, `UIButton` → `UIButton`; a
  /// generic class gives its own name without its arguments (`_TtGC7SwiftUI14_UIHostingViewGVS_6VStack…`
  /// and `SwiftUI.UIHostingView<SwiftUI.ModifiedContent<…>>` → `_UIHostingView`, `UIHostingView`).
  static func demangled(_ name: String) -> String {
    if name.hasPrefix("_Tt") {
      var s = Substring(name.dropFirst(3))
      let generic = s.first == "G"
      while let c = s.first, c.isLetter { s = s.dropFirst() }
      var last: Substring?
      var parts = 0
      while let c = s.first {
        if c == "P", s.dropFirst().first?.isNumber == true {
          // A private discriminator (`P33_…`): skipped.
          s = s.dropFirst()
          let digits = s.prefix { $0.isNumber }
          s = s.dropFirst(digits.count)
          guard let n = Int(digits), n <= s.count else { break }
          s = s.dropFirst(n)
          continue
        }
        guard c.isNumber else { break }
        let digits = s.prefix { $0.isNumber }
        s = s.dropFirst(digits.count)
        guard let n = Int(digits), n > 0, n <= s.count else { break }
        last = s.prefix(n)
        s = s.dropFirst(n)
        parts += 1
      }
      if let last, s.isEmpty || generic && parts >= 2 { return String(last) }
      return name
    }
    let plain = name.split(separator: "<").first.map(String.init) ?? name
    return plain.split(separator: ".").last.map(String.init) ?? plain
  }

  /// UIKit's and SwiftUI's own classes (`UIView`, `_UIBarBackground`, `SwiftUI._UIGraphicsView`), as
  /// against an app's.
  static func isSystemClass(_ className: String) -> Bool {
    if className.hasPrefix("_TtGC7SwiftUI") || className.hasPrefix("_TtC7SwiftUI") || className.hasPrefix("SwiftUI.")
      || className.hasPrefix("_TtCC7SwiftUI")
    {
      return true
    }
    guard !className.contains(".") && !className.hasPrefix("_Tt") else { return false }
    var name = Substring(className)
    while name.first == "_" { name = name.dropFirst() }
    return name.hasPrefix("UI") || name.hasPrefix("NS") || name.hasPrefix("CA") || name.hasPrefix("_")
  }

  /// Private UIKit and SwiftUI views that take touches (or carry the recognizers that do): kept as a view
  /// of their public base class's kind, named after their role. `whole` when the view's subviews are its
  /// parts (as a button's label is).
  static func role(_ name: String) -> (kind: ViewKind, id: String, whole: Bool)? {
    switch name {
    case "_UITableViewCellActionButton", "UISwipeActionStandardButton", "_UISwipeActionButton":
      return (.button, "swipeAction", true)
    case "_UIButtonBarButton": return (.control, "barButton", true)
    case "_UINavigationBarTitleControl": return (.control, "titleControl", true)
    case "_UIHostingView", "UIHostingView", "_UIInheritedView", "CellHostingView":
      return (.view, "hostingView", false)
    case "_UIGraphicsView": return (.view, "graphicsView", false)
    case "PlatformViewHost", "_UIPlatformViewHost", "UIKitPlatformViewHost": return (.view, "platformViewHost", false)
    case "_UIQueuingScrollView": return (.scroll, "pageScrollView", false)
    case "HostingScrollView": return (.scroll, "hostingScrollView", false)
    case "UpdateCoalescingCollectionView", "UpdateCoalescingTableView": return (.scroll, "listView", false)
    case "_UIAlertControllerActionView", "_UIInterfaceActionCustomViewRepresentationView":
      return (.view, "alertAction", false)
    case "_UIAlertControllerShadowedScrollView", "_UIInterfaceActionGroupScrollView":
      return (.scroll, "alertScrollView", false)
    default: return nil
    }
  }

  /// A text as printed (`'AA_\u6b23'`): its quotes taken off, `\uXXXX`, `\UXXXXXXXX` and Swift's `\u{…}`
  /// escapes decoded (a pair of UTF-16 surrogates as one character), and `\"` (a dump printed as a quoted
  /// string) as `"`; an escape that names no character stays as it is.
  static func text(_ printed: String) -> String {
    let s = Array(unquoted(printed).unicodeScalars)
    guard s.contains("\\") else { return String(String.UnicodeScalarView(s)) }
    var out = String.UnicodeScalarView()
    var i = 0
    func hex(_ from: Int, _ count: Int) -> UInt32? {
      guard from + count <= s.count else { return nil }
      var v: UInt32 = 0
      for u in s[from..<from + count] {
        guard let d = UInt32(String(u), radix: 16) else { return nil }
        v = v * 16 + d
      }
      return v
    }
    while i < s.count {
      if s[i] == "\\", i + 1 < s.count, s[i + 1] == "\"" {
        out.append("\"")
        i += 2
        continue
      }
      // Swift's `\u{1F600}`.
      if s[i] == "\\", i + 2 < s.count, s[i + 1] == "u", s[i + 2] == "{",
        let close = s[(i + 3)...].prefix(9).firstIndex(of: "}"), close > i + 3,
        let v = hex(i + 3, close - i - 3), let u = Unicode.Scalar(v), u.value >= 0x20, u.value != 0x7F
      {
        out.append(u)
        i = close + 1
        continue
      }
      // `\xa0` (a byte's escape, as cycript and Python print a non-breaking space): the Latin-1 character.
      if s[i] == "\\", i + 1 < s.count, s[i + 1] == "x", let v = hex(i + 2, 2), let u = Unicode.Scalar(v), v >= 0xA0 {
        out.append(u)
        i += 4
        continue
      }
      if s[i] == "\\", i + 1 < s.count, s[i + 1] == "u" || s[i + 1] == "U" {
        let width = s[i + 1] == "u" ? 4 : 8
        if var v = hex(i + 2, width) {
          var used = 2 + width
          // A high surrogate followed by `\uDC00`…`\uDFFF`: one character.
          if (0xD800...0xDBFF).contains(v), i + used + 1 < s.count, s[i + used] == "\\", s[i + used + 1] == "u",
            let low = hex(i + used + 2, 4), (0xDC00...0xDFFF).contains(low)
          {
            v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
            used += 6
          }
          if let u = Unicode.Scalar(v), u.value >= 0x20, u.value != 0x7F {
            out.append(u)
            i += used
            continue
          }
        }
      }
      out.append(s[i])
      i += 1
    }
    return String(out)
  }

  /// UIKit's private helper views, left out unless something that matters is inside.
  static func isPrivateHelper(_ name: String) -> Bool {
    role(name) == nil && name.hasPrefix("_")
      || [
        "UIButtonLabel", "UITableViewWrapperView", "UITableViewCellSeparatorView", "UIScrollViewScrollIndicator",
        "UITableViewCellSelectedBackground", "UIFieldEditor", "UITextFieldLabel",
      ].contains(name)
  }

  /// A view of one of UIKit's own controls (or a subclass saying so with `baseClass`), whose parts are
  /// the control itself in a scene.
  static func isBuiltInControl(_ o: DescribedObject) -> Bool {
    let builtIn: Set<ViewKind> = [.button, .switch, .slider, .stepper, .segmentedControl, .pageControl]
    let name = demangled(o.className)
    if let r = role(name) { return r.whole }
    let own = kind(name)
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
    case "UIControl", "UITextField", "UIDatePicker", "UIColorWell", "UISearchTextField", "UISearchBarTextField",
      "UITableViewCellEditControl", "UITableViewCellReorderControl":
      return .control
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
    // Short: at most 40 letters, cut before a capital (`tableViewCellDeleteConfirmation`).
    if out.count > 40 {
      let head = Array(out.prefix(41))
      let cut = (8..<41).last { head[$0].isUppercase } ?? 40
      out = String(head.prefix(cut))
    }
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
