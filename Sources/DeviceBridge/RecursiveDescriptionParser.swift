import SceneFile
import TouchSim

/// One `<Class: 0xADDR; key = value; …>` element of LLDB output, split into its fields.
struct DescribedObject {
  var className: String
  var address: String
  /// 1-based line and the column of the `<`.
  var line: Int
  var column: Int
  /// The fields in the order printed, each with the column where its value starts.
  var fields: [(key: String, value: String, column: Int)] = []
  /// Fields that could not be read (`; opaque NO;`), each with its column: skipped, said as warnings.
  var unreadable: [(column: Int, message: String)] = []
  /// The text after the closing `>` (` - (null)`, ` (layer)`, `> minSize = {0, 0}, …`), trimmed.
  var trailing = ""

  func field(_ key: String) -> (value: String, column: Int)? {
    fields.first { $0.key == key }.map { ($0.value, $0.column) }
  }
}

/// Reads the text of `po view.recursiveDescription()` and `po view.gestureRecognizers` line by line.
/// Never traps: every malformed line becomes a positioned error.
struct DescriptionLineReader {
  struct Failure: Error {
    var column: Int
    var message: String
    /// The line ends before the element does (a cut paste).
    var truncated = false
    /// The class name was followed by `:`: the text was meant as an element.
    var named = false
  }

  /// The indentation depth (number of `|` before the `<`) and the column of the `<`, or nil when the line
  /// does not start (after `|` and blanks) with `<`.
  static func indentation(_ s: [Unicode.Scalar]) -> (depth: Int, start: Int)? {
    var depth = 0
    for (i, c) in s.enumerated() {
      switch c {
      case "|": depth += 1
      case " ", "\t": continue
      case "<": return (depth, i)
      default: return nil
      }
    }
    return nil
  }

  /// Parses the element that starts at `start` (a `<`). Trailing text after its closing `>` is ignored
  /// (`UIImageView`s print ` - (null)` or the image's name there).
  static func element(_ s: [Unicode.Scalar], from start: Int, line: Int) throws(Failure) -> (DescribedObject, end: Int)
  {
    var i = start + 1
    // Class name: up to ':' (a Swift generic class may hold '<…>' in its name).
    var nameEnd = i
    var angle = 0
    while nameEnd < s.count {
      if nameEnd - i > 1000 {
        throw Failure(column: nameEnd + 1, message: "a class name longer than 1,000 characters")
      }
      let c = s[nameEnd]
      if c == "<" {
        angle += 1
      } else if c == ">" {
        if angle == 0 { break }
        angle -= 1
      } else if (c == ":" || c == ";" || c == " ") && angle == 0 {
        break
      }
      nameEnd += 1
    }
    let className = String(String.UnicodeScalarView(s[i..<nameEnd]))
    if className.isEmpty { throw Failure(column: i + 1, message: "expected a class name after '<'") }
    guard nameEnd < s.count, s[nameEnd] == ":" else {
      throw Failure(
        column: nameEnd + 1,
        message: nameEnd >= s.count
          ? "the line ends after the class name '\(shown(className))' (truncated?)"
          : "expected ':' and the address after the class name '\(shown(className))'", truncated: nameEnd >= s.count)
    }
    i = nameEnd + 1
    while i < s.count, s[i] == " " { i += 1 }
    let addressStart = i
    if i + 1 < s.count, s[i] == "0", s[i + 1] == "x" || s[i + 1] == "X" {
      i += 2
      while i < s.count, s[i].properties.isASCIIHexDigit { i += 1 }
    }
    // No address, but fields follow (`<UIPeripheralHostView: frame = (0 568; 320 252);>`, a line someone
    // trimmed by hand): read without one.
    let fieldsWithoutAddress =
      i - addressStart <= 2 && i == addressStart && i < s.count && s[i].properties.isAlphabetic
      && s[i...].prefix(64).contains("=")
    if i - addressStart <= 2 && !fieldsWithoutAddress {
      throw Failure(
        column: addressStart + 1, message: "expected the object's address (0x…) after '\(shown(className)):'",
        truncated: i >= s.count, named: true)
    }
    var object = DescribedObject(
      className: className, address: String(String.UnicodeScalarView(s[addressStart..<i])).lowercased(),
      line: line, column: start + 1)
    // Fields: `; key = value` or `; key: value`, up to the closing '>' at nesting level 0.
    var separated = fieldsWithoutAddress
    while true {
      while i < s.count, s[i] == " " { i += 1 }
      guard i < s.count else { throw truncated(s, className) }
      if s[i] == ">" { return finish(object, s, i + 1) }
      if !separated {
        guard s[i] == ";" else {
          throw Failure(
            column: i + 1, message: "expected ';' or '>' in \(shown(className)), found '\(s[i])'", named: true)
        }
        i += 1
      }
      separated = false
      while i < s.count, s[i] == " " { i += 1 }
      if i < s.count, s[i] == ">" { return finish(object, s, i + 1) }  // `layer = <…>; >` in old outputs
      let keyStart = i
      while i < s.count,
        s[i].properties.isAlphabetic || s[i].properties.numericType != nil || s[i] == "."
          || s[i] == "_" || s[i] == "-"
      {
        i += 1
      }
      let key = String(String.UnicodeScalarView(s[keyStart..<i]))
      while i < s.count, s[i] == " " { i += 1 }
      guard !key.isEmpty, i < s.count, s[i] == "=" || s[i] == ":" else {
        if i >= s.count { throw truncated(s, className) }
        // Not `key = value`: skipped up to the next ';' or '>', and said.
        let column = keyStart + 1
        i = try valueEnd(s, from: i, className: className)
        let text = String(String.UnicodeScalarView(s[keyStart..<i])).prefix(40)
        object.unreadable.append((column, "'\(text)' in \(shown(className)) is not 'key = value': skipped"))
        continue
      }
      i += 1
      while i < s.count, s[i] == " " { i += 1 }
      let valueStart = i
      i = try valueEnd(s, from: i, className: className)
      var end = i
      while end > valueStart, s[end - 1] == " " { end -= 1 }
      object.fields.append((key, String(String.UnicodeScalarView(s[valueStart..<end])), valueStart + 1))
    }
  }

  /// A class name as messages show it: at most 60 characters.
  static func shown(_ className: String) -> String {
    className.count > 60 ? className.prefix(60) + "…" : className
  }

  static func truncated(_ s: [Unicode.Scalar], _ className: String) -> Failure {
    Failure(
      column: s.count + 1, message: "the line ends before the closing '>' of \(shown(className)) (truncated?)",
      truncated: true, named: true)
  }

  /// The element with the text after its end (trimmed), and the index past it.
  private static func finish(_ object: DescribedObject, _ s: [Unicode.Scalar], _ end: Int) -> (
    DescribedObject, end: Int
  ) {
    var o = object
    var rest = Substring(String(String.UnicodeScalarView(s[end...].prefix(200))))
    while let c = rest.first, c == " " || c == "\t" { rest = rest.dropFirst() }
    while let c = rest.last, c == " " || c == "\t" { rest = rest.dropLast() }
    o.trailing = String(rest)
    return (o, end)
  }

  /// The index just past a value: the next ';' or '>' at nesting level 0, outside a quoted text.
  private static func valueEnd(_ s: [Unicode.Scalar], from start: Int, className: String) throws(Failure) -> Int {
    var i = start
    var stack: [Unicode.Scalar] = []
    let truncated = truncated(s, className)
    if i < s.count, s[i] == "'" {
      // A quoted text ends at a quote followed by ';' or '>' (the text itself may hold quotes).
      i += 1
      while i < s.count {
        if s[i] == "'" {
          var j = i + 1
          while j < s.count, s[j] == " " { j += 1 }
          if j >= s.count { throw truncated }
          if s[j] == ";" || s[j] == ">" { return i + 1 }
        }
        i += 1
      }
      throw truncated
    }
    while i < s.count {
      let c = s[i]
      if stack.isEmpty && (c == ";" || c == ">") { return i }
      switch c {
      case "<": stack.append(">")
      case "{": stack.append("}")
      case "[": stack.append("]")
      case "(": stack.append(")")
      case ">", "}", "]", ")":
        if stack.last == c { stack.removeLast() }
      default: break
      }
      if stack.count > 1000 { throw Failure(column: i + 1, message: "brackets nested too deeply", named: true) }
      i += 1
    }
    throw truncated
  }
}

/// Numbers in a description: `(x y; w h)`, `{w, h}`, `[a, b, c, d, tx, ty]`, `0.5`.
enum DescriptionNumbers {
  /// The numbers between the outer brackets, split at blanks, commas and semicolons; nil when the text is
  /// not bracketed or holds something else than numbers. Each with its offset (in scalars) in `text`.
  static func list(_ text: String, open: Character, close: Character) -> [(value: Double, offset: Int, text: String)]? {
    let s = Array(text.unicodeScalars)
    guard s.count >= 2, Character(s[0]) == open, Character(s[s.count - 1]) == close else { return nil }
    var out: [(Double, Int, String)] = []
    var i = 1
    while i < s.count - 1 {
      let c = s[i]
      if c == " " || c == "," || c == ";" {
        i += 1
        continue
      }
      let start = i
      while i < s.count - 1, s[i] != " ", s[i] != ",", s[i] != ";" { i += 1 }
      let word = String(String.UnicodeScalarView(s[start..<i]))
      guard let v = number(word) else { return nil }
      out.append((v, start, word))
    }
    return out
  }

  /// A decimal number as printed by `%g` or Swift (`-14.5`, `1e+03`, `0.70710678118654757`); nil for
  /// anything else (`inf`, `nan`, words).
  static func number(_ word: String) -> Double? {
    guard !word.isEmpty, word.utf8.count <= 64,
      word.unicodeScalars.allSatisfy({ "0123456789+-.eE".unicodeScalars.contains($0) }),
      let v = Double(word), v.isFinite
    else { return nil }
    return v
  }
}
