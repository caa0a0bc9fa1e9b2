import Foundation
import SceneFile

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// One element of an Interface Builder file (storyboard or XIB): its name, attributes and child elements,
/// with the line and column where its start tag ends (what the XML parser reports).
struct IBElement: Sendable {
  var name: String
  var attributes: [String: String]
  /// Indices into `IBDocument.elements`, in document order.
  var children: [Int] = []
  var line: Int
  var column: Int
  /// The element's index in document order (the same as its index in `IBDocument.elements`).
  var order: Int
  /// The enclosing element (nil for the root).
  var parent: Int?
}

/// An Interface Builder file read as a tree of elements. Text content is not kept: IB stores everything a
/// scene needs in attributes.
struct IBDocument: Sendable {
  var elements: [IBElement] = []
  /// Index of the root element (always 0 once read).
  var root: Int { 0 }

  subscript(_ i: Int) -> IBElement { elements[i] }

  func children(_ i: Int, named name: String) -> [Int] { elements[i].children.filter { elements[$0].name == name } }
  func child(_ i: Int, named name: String) -> Int? { elements[i].children.first { elements[$0].name == name } }
  /// The child with this `key` attribute (and, when given, this element name).
  func child(_ i: Int, key: String, named name: String? = nil) -> Int? {
    elements[i].children.first {
      elements[$0].attributes["key"] == key && (name == nil || elements[$0].name == name)
    }
  }

  /// At most this many bytes (as for scene files).
  static let maxBytes = SceneReader.maxBytes
  /// At most this many elements: a storyboard of 20,000 views writes far fewer.
  /// A bound on the time a huge file takes (XMLParser calls back once per element).
  static let maxElements = 250_000
  /// At most this many levels of nesting (a scene's view tree may be 200 deep; IB adds a few levels of its
  /// own per view).
  static let maxDepth = 250

  /// Reads `bytes` as XML. Errors are positioned (`line:column`) and thrown; a document type declaration
  /// (which IB never writes, and which could define entities that expand without bound) is refused before
  /// parsing.
  /// The offset of the first byte that does not belong to valid UTF-8, or nil.
  static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): offset += UTF8.width(scalar)
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }

  static func read(_ bytes: [UInt8], file: String) throws(SceneFileError) -> IBDocument {
    func fail(_ line: Int, _ column: Int, _ message: String) -> SceneFileError {
      SceneFileError([Diagnostic(file: file, line: line, column: column, message: message)])
    }
    if bytes.count > maxBytes { throw fail(1, 1, "the file is too large: at most \(maxBytes >> 20) MiB") }
    if bytes.isEmpty { throw fail(1, 1, "the file is empty: expected an Interface Builder document") }
    let data = Data(bytes)
    var lines = LineStarts(bytes)
    // Interface Builder writes UTF-8. Bytes that are not UTF-8 are refused where they are: Foundation's
    // XMLParser on Linux traps on an element name that is not valid UTF-8.
    if let bad = Self.firstInvalidUTF8(bytes) {
      let (line, column) = lines.position(of: bad)
      throw fail(line, column, "bytes that are not UTF-8 (Interface Builder files are UTF-8)")
    }
    if let found = data.range(of: Data("<!DOCTYPE".utf8)) ?? data.range(of: Data("<!ENTITY".utf8)) {
      let (line, column) = lines.position(of: found.lowerBound)
      throw fail(
        line, column,
        "a document type declaration: Interface Builder never writes one, and its entities are not read")
    }
    let builder = TreeBuilder()
    // A stream, read in pieces: libxml2 refuses a single piece of more than 10 MB ("huge input lookup").
    let parser = XMLParser(stream: InputStream(data: data))
    parser.shouldProcessNamespaces = false
    parser.shouldReportNamespacePrefixes = false
    parser.shouldResolveExternalEntities = false
    parser.delegate = builder
    builder.parser = parser
    let ok = parser.parse()
    builder.parser = nil
    if let (line, column, message) = builder.stopped { throw fail(line, column, message) }
    // XMLParser on Linux may answer true after reporting an error: the error decides.
    if let (line, column, e) = builder.error {
      // A document cut short is reported where it ends.
      let (l, c) = (e as NSError).code == 5 ? lines.position(of: bytes.count) : (max(line, 1), max(column, 1))
      throw fail(l, c, "malformed XML: \(Self.describe(e))")
    }
    if !ok || builder.document.elements.isEmpty || !builder.stack.isEmpty {
      var (line, column) = (max(parser.lineNumber, 1), max(parser.columnNumber, 1))
      let reason: String
      if let e = parser.parserError {
        reason = Self.describe(e)
      } else if builder.document.elements.isEmpty {
        reason = "no element found"
      } else {
        reason = "the document ends before its elements are closed"
        (line, column) = lines.position(of: bytes.count)
      }
      throw fail(line, column, "malformed XML: \(reason)")
    }
    // The parser reports where a start tag ends: each element is placed at its `<` instead.
    var document = builder.document
    for i in document.elements.indices {
      let e = document.elements[i]
      let end = lines.offset(line: e.line, column: e.column)
      if let start = lines.lastTag(Array(("<" + e.name).utf8), before: end) {
        (document.elements[i].line, document.elements[i].column) = lines.position(of: start)
      }
    }
    return document
  }

  /// Byte offsets of line starts, to turn offsets into `line:column` (columns count characters).
  struct LineStarts {
    let bytes: [UInt8]
    var starts: [Int] = [0]
    /// The last position asked for: positions asked in increasing order cost the bytes between them.
    var cursor = (offset: 0, line: 1, column: 1)

    init(_ bytes: [UInt8]) {
      self.bytes = bytes
      bytes.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        var from = 0
        while from < buffer.count, let p = memchr(base + from, 0x0A, buffer.count - from) {
          let i = base.distance(to: p.assumingMemoryBound(to: UInt8.self))
          starts.append(i + 1)
          from = i + 1
        }
      }
    }

    /// The byte offset of libxml2's `line:column` (its columns count bytes), within that line.
    func offset(line: Int, column: Int) -> Int {
      let l = min(max(line, 1), starts.count) - 1
      let lineEnd = l + 1 < starts.count ? starts[l + 1] - 1 : bytes.count
      return min(starts[l] + max(column, 1) - 1, lineEnd)
    }

    mutating func position(of offset: Int) -> (Int, Int) {
      let offset = min(max(offset, 0), bytes.count)
      var lo = 0
      var hi = starts.count - 1
      while lo < hi {
        let mid = (lo + hi + 1) / 2
        if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
      }
      var (i, column) = (starts[lo], 1)
      if cursor.line == lo + 1, cursor.offset <= offset { (i, column) = (cursor.offset, cursor.column) }
      bytes.withUnsafeBufferPointer { buffer in
        while i < offset {
          if buffer[i] & 0xC0 != 0x80 { column += 1 }
          i += 1
        }
      }
      cursor = (offset, lo + 1, column)
      return (lo + 1, column)
    }

    /// The offset of the last `needle` that starts before `end`, looking back at most 64 KiB.
    func lastTag(_ needle: [UInt8], before end: Int) -> Int? {
      bytes.withUnsafeBufferPointer { buffer in
        var i = min(end, buffer.count) - needle.count
        let stop = max(0, end - 65_536)
        while i >= stop {
          if buffer[i] == needle[0] {
            var k = 1
            while k < needle.count, buffer[i + k] == needle[k] { k += 1 }
            if k == needle.count { return i }
          }
          i -= 1
        }
        return nil
      }
    }
  }

  /// The XML parser's error in words (libxml2's message when it gives one).
  static func describe(_ error: Error) -> String {
    let ns = error as NSError
    if let text = ns.userInfo[NSLocalizedDescriptionKey] as? String, !text.isEmpty, !text.hasPrefix("The operation") {
      return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    let names: [Int: String] = [
      1: "an internal parser error", 4: "the document is empty", 5: "the document ends before its elements are closed",
      9: "a character that XML does not allow",
      26: "an entity that is not defined", 38: "an attribute is not closed", 39: "an attribute without a value",
      41: "an attribute written twice", 64: "an element with no name", 73: "a start tag is not closed",
      76: "an end tag does not match its start tag", 77: "an end tag is not closed",
      111: "an entity that refers to itself",
    ]
    return names[ns.code] ?? "XML error \(ns.code)"
  }
}

/// Builds the element tree from XMLParser's events; stops the parse at the limits.
private final class TreeBuilder: NSObject, XMLParserDelegate {
  var document = IBDocument()
  var stack: [Int] = []
  /// The first error the parser reported, where it reported it.
  var error: (Int, Int, Error)?
  /// A limit reached: where and why (the parse was aborted).
  var stopped: (Int, Int, String)?
  weak var parser: XMLParser?

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
    attributes attributeDict: [String: String] = [:]
  ) {
    guard stopped == nil else { return }
    let index = document.elements.count
    if index >= IBDocument.maxElements {
      stop(parser, "too many elements: at most \(IBDocument.maxElements) are read")
      return
    }
    if stack.count >= IBDocument.maxDepth {
      stop(parser, "nested too deeply: at most \(IBDocument.maxDepth) levels of elements are read")
      return
    }
    if stack.isEmpty && index > 0 {
      stop(parser, "a second root element")
      return
    }
    document.elements.append(
      IBElement(
        name: elementName, attributes: attributeDict, line: max(parser.lineNumber, 1),
        column: max(parser.columnNumber, 1), order: index, parent: stack.last))
    if let parent = stack.last { document.elements[parent].children.append(index) }
    stack.append(index)
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
  ) {
    guard stopped == nil else { return }
    _ = stack.popLast()
  }

  func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
    if error == nil { error = (parser.lineNumber, parser.columnNumber, parseError) }
  }

  func parser(_ parser: XMLParser, validationErrorOccurred validationError: Error) {
    if error == nil { error = (parser.lineNumber, parser.columnNumber, validationError) }
  }

  func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? { nil }

  private func stop(_ parser: XMLParser, _ message: String) {
    stopped = (max(parser.lineNumber, 1), max(parser.columnNumber, 1), message)
    parser.abortParsing()
  }
}
