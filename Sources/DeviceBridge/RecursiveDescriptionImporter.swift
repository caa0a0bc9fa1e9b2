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
    var importer = DescriptionImporter(file: file, dumpChoice: dump)
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

/// The reading of one file: its lines, the dumps found in it, the warnings (this file); the scene built
/// from the chosen dump (`RecursiveDescriptionImporter+Scene.swift`).
struct DescriptionImporter {
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
    if dumps.isEmpty, firstUnreadable == nil, let other = Self.otherHierarchy(lines) {
      throw fail(other.line, other.column, other.message)
    }
    try chooseDump()
    return try build(schema: schema)
  }

  /// The first line of a dump people print instead of `recursiveDescription`, which holds no frames to
  /// import: `_autolayoutTrace` (`UIWindow:0x…`, `|   *UILabel:0x…'Title'`) or the view controllers'
  /// `_printHierarchy` (`<ViewController 0x…>, state: appeared, view: <UIView 0x…>`); nil when there is
  /// none. Said instead of "no view found", with what to print instead.
  static func otherHierarchy(_ lines: [TextLine]) -> (line: Int, column: Int, message: String)? {
    let instead = "print `po view.recursiveDescription()` (Objective-C: `po [view recursiveDescription]`) instead"
    for l in lines.prefix(10_000) {
      let s = l.scalars
      // Past the tree's marks: blanks, `|`, `+`, and `_autolayoutTrace`'s `•`, `*`, `+`.
      var i = 0
      while i < s.count, s[i] == " " || s[i] == "|" || s[i] == "+" || s[i] == "\t" { i += 1 }
      let start = i
      if i < s.count, s[i] == "•" || s[i] == "*" { i += 1 }
      if i < s.count, s[i] == "<" {
        // `<Name 0x…>, state: `
        let text = String(String.UnicodeScalarView(s[i...].prefix(400)))
        if let close = text.firstIndex(of: ">"), text[close...].hasPrefix(">, state: "),
          text[..<close].contains(" 0x") || !text[..<close].contains(" ")
        {
          return (
            l.number, l.columnOffset + start + 1,
            "this is the view controllers' hierarchy (`_printHierarchy`), which has no views' frames: " + instead
          )
        }
        continue
      }
      // `Name:0x…`
      var j = i
      while j < s.count,
        s[j].properties.isAlphabetic || s[j].properties.numericType != nil || s[j] == "_" || s[j] == "."
      {
        j += 1
      }
      if j > i, j + 2 < s.count, s[j] == ":", s[j + 1] == "0", s[j + 2] == "x" {
        return (
          l.number, l.columnOffset + start + 1,
          "this is the output of `_autolayoutTrace`, which has no frames: " + instead
        )
      }
    }
    return nil
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
}

extension String {
  fileprivate var trimmingBlanks: String {
    var s = Substring(self)
    while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
    while let c = s.last, c == " " || c == "\t" { s = s.dropLast() }
    return String(s)
  }
}
