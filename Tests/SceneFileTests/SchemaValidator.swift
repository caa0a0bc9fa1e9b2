import Foundation

@testable import SceneFile

/// A small JSON Schema (draft 2020-12) validator for the keywords the scene schema generator emits, and no
/// others: any other keyword in a schema it is given is an error (`SchemaValidator.Unsupported`), so a
/// keyword the generator starts to emit can never be silently ignored by the tests.
struct SchemaValidator {
  struct Unsupported: Error, CustomStringConvertible {
    var keyword: String
    var path: String
    var description: String { "unsupported schema keyword '\(keyword)' at \(path)" }
  }

  /// Keywords that constrain values.
  static let assertions: Set<String> = [
    "type", "enum", "const", "minimum", "maximum", "exclusiveMinimum", "minLength", "maxLength", "pattern",
    "items", "prefixItems", "minItems", "maxItems", "uniqueItems", "properties", "additionalProperties",
    "required", "propertyNames", "minProperties", "dependentRequired", "anyOf", "oneOf", "allOf", "not", "if",
    "then", "$ref",
  ]
  /// Keywords that only describe (or hold definitions reached through `$ref`).
  static let annotations: Set<String> = ["$schema", "$comment", "title", "description", "$defs"]

  let root: JSONValue

  /// The problems of `instance` as "PATH: WHAT" (empty when it is valid).
  func problems(_ instance: JSONValue) throws -> [String] {
    var out: [String] = []
    try check(instance, root, at: "$", schemaPath: "#", into: &out)
    return out
  }

  func isValid(_ instance: JSONValue) throws -> Bool { try problems(instance).isEmpty }

  private func resolve(_ ref: String, at schemaPath: String) throws -> JSONValue {
    let prefix = "#/$defs/"
    guard ref.hasPrefix(prefix), case .object(let top) = root, case .object(let defs)? = top["$defs"],
      let target = defs[String(ref.dropFirst(prefix.count))]
    else { throw Unsupported(keyword: "$ref: \(ref)", path: schemaPath) }
    return target
  }

  private func check(_ v: JSONValue, _ schema: JSONValue, at path: String, schemaPath: String, into out: inout [String])
    throws
  {
    switch schema {
    case .bool(true): return
    case .bool(false):
      out.append("\(path): not allowed here")
      return
    case .object(let s):
      for keyword in s.keys where !SchemaValidator.assertions.contains(keyword) {
        if !SchemaValidator.annotations.contains(keyword) { throw Unsupported(keyword: keyword, path: schemaPath) }
      }
      for keyword in s.keys.sorted() where SchemaValidator.assertions.contains(keyword) {
        try apply(keyword, s[keyword]!, s, to: v, at: path, schemaPath: schemaPath + "/" + keyword, into: &out)
      }
    default:
      throw Unsupported(keyword: "(a schema that is \(schema))", path: schemaPath)
    }
  }

  private func valid(_ v: JSONValue, _ schema: JSONValue, schemaPath: String) throws -> Bool {
    var scratch: [String] = []
    try check(v, schema, at: "$", schemaPath: schemaPath, into: &scratch)
    return scratch.isEmpty
  }

  private func apply(
    _ keyword: String, _ arg: JSONValue, _ s: [String: JSONValue], to v: JSONValue, at path: String,
    schemaPath: String, into out: inout [String]
  ) throws {
    func fail(_ what: String) { out.append("\(path): \(what)") }
    func number(_ x: JSONValue) throws -> Double {
      guard case .number(let n) = x else { throw Unsupported(keyword: "\(keyword): \(x)", path: schemaPath) }
      return n
    }
    func strings(_ x: JSONValue) throws -> [String] {
      guard case .array(let items) = x else { throw Unsupported(keyword: "\(keyword): \(x)", path: schemaPath) }
      return try items.map {
        guard case .string(let t) = $0 else { throw Unsupported(keyword: "\(keyword): \(x)", path: schemaPath) }
        return t
      }
    }
    switch keyword {
    case "type":
      let types: [String]
      if case .string(let t) = arg { types = [t] } else { types = try strings(arg) }
      if !types.contains(where: { SchemaValidator.has(type: $0, v) }) { fail("not of type \(types)") }
    case "enum":
      guard case .array(let values) = arg else { throw Unsupported(keyword: "enum", path: schemaPath) }
      if !values.contains(v) { fail("not one of \(values)") }
    case "const": if v != arg { fail("not \(arg)") }
    case "minimum": if case .number(let n) = v, try n < number(arg) { fail("below the minimum \(arg)") }
    case "maximum": if case .number(let n) = v, try n > number(arg) { fail("above the maximum \(arg)") }
    case "exclusiveMinimum": if case .number(let n) = v, try n <= number(arg) { fail("not above \(arg)") }
    case "minLength": if case .string(let t) = v, try Double(t.unicodeScalars.count) < number(arg) { fail("too short") }
    case "maxLength": if case .string(let t) = v, try Double(t.unicodeScalars.count) > number(arg) { fail("too long") }
    case "pattern":
      guard case .string(let p) = arg else { throw Unsupported(keyword: "pattern", path: schemaPath) }
      if case .string(let t) = v, !SchemaValidator.matches(t, p) { fail("does not match \(p)") }
    case "items":
      guard case .array(let items) = v else { return }
      let start: Int
      if case .array(let prefix)? = s["prefixItems"] { start = prefix.count } else { start = 0 }
      for (i, item) in items.enumerated() where i >= start {
        try check(item, arg, at: "\(path)[\(i)]", schemaPath: schemaPath, into: &out)
      }
    case "prefixItems":
      guard case .array(let schemas) = arg else { throw Unsupported(keyword: "prefixItems", path: schemaPath) }
      guard case .array(let items) = v else { return }
      for (i, (item, itemSchema)) in zip(items, schemas).enumerated() {
        try check(item, itemSchema, at: "\(path)[\(i)]", schemaPath: "\(schemaPath)/\(i)", into: &out)
      }
    case "minItems": if case .array(let items) = v, try Double(items.count) < number(arg) { fail("too few items") }
    case "maxItems": if case .array(let items) = v, try Double(items.count) > number(arg) { fail("too many items") }
    case "uniqueItems":
      guard case .array(let items) = v, arg == .bool(true) else { return }
      for i in items.indices where items[..<i].contains(items[i]) { fail("item \(i) repeats an earlier one") }
    case "properties":
      guard case .object(let props) = arg else { throw Unsupported(keyword: "properties", path: schemaPath) }
      guard case .object(let members) = v else { return }
      for (key, value) in members.sorted(by: { $0.key < $1.key }) {
        if let p = props[key] {
          try check(value, p, at: "\(path).\(key)", schemaPath: "\(schemaPath)/\(key)", into: &out)
        }
      }
    case "additionalProperties":
      guard case .object(let members) = v else { return }
      var known: [String: JSONValue] = [:]
      if case .object(let props)? = s["properties"] { known = props }
      for (key, value) in members.sorted(by: { $0.key < $1.key }) where known[key] == nil {
        try check(value, arg, at: "\(path).\(key)", schemaPath: schemaPath, into: &out)
      }
    case "required":
      guard case .object(let members) = v else { return }
      for key in try strings(arg) where members[key] == nil { fail("needs '\(key)'") }
    case "propertyNames":
      guard case .object(let members) = v else { return }
      for key in members.keys.sorted() {
        try check(.string(key), arg, at: "\(path) key '\(key)'", schemaPath: schemaPath, into: &out)
      }
    case "minProperties":
      if case .object(let members) = v, try Double(members.count) < number(arg) { fail("too few keys") }
    case "dependentRequired":
      guard case .object(let deps) = arg else { throw Unsupported(keyword: "dependentRequired", path: schemaPath) }
      guard case .object(let members) = v else { return }
      for (key, needed) in deps where members[key] != nil {
        for other in try strings(needed) where members[other] == nil { fail("'\(key)' needs '\(other)'") }
      }
    case "anyOf", "oneOf", "allOf":
      guard case .array(let schemas) = arg else { throw Unsupported(keyword: keyword, path: schemaPath) }
      if keyword == "allOf" {
        for (i, sub) in schemas.enumerated() {
          try check(v, sub, at: path, schemaPath: "\(schemaPath)/\(i)", into: &out)
        }
        return
      }
      var passing = 0
      for (i, sub) in schemas.enumerated() where try valid(v, sub, schemaPath: "\(schemaPath)/\(i)") { passing += 1 }
      if keyword == "anyOf" && passing == 0 { fail("matches none of anyOf") }
      if keyword == "oneOf" && passing != 1 { fail("matches \(passing) of oneOf, not exactly one") }
    case "not": if try valid(v, arg, schemaPath: schemaPath) { fail("matches what 'not' forbids") }
    case "if":
      if try valid(v, arg, schemaPath: schemaPath), let then = s["then"] {
        try check(v, then, at: path, schemaPath: schemaPath + "/../then", into: &out)
      }
    case "then": return  // applied by "if"
    case "$ref":
      guard case .string(let ref) = arg else { throw Unsupported(keyword: "$ref", path: schemaPath) }
      try check(v, try resolve(ref, at: schemaPath), at: path, schemaPath: ref, into: &out)
    default:
      throw Unsupported(keyword: keyword, path: schemaPath)
    }
  }

  static func has(type: String, _ v: JSONValue) -> Bool {
    switch (type, v) {
    case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array),
      ("object", .object):
      return true
    case ("integer", .number(let n)): return n.isFinite && n == n.rounded()
    default: return false
    }
  }

  static func matches(_ text: String, _ pattern: String) -> Bool {
    guard let re = try? NSRegularExpression(pattern: pattern) else { return false }
    return re.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
  }
}

/// A YAML document as JSON values, read with the scene reader's own YAML composer: scalars as the reader
/// takes them (`ScalarValue`), a key written twice with different tags as the last one.
enum YAMLAsJSON {
  static func convert(_ text: String) throws -> JSONValue? {
    guard let doc = try YAMLComposer.compose(text) else { return nil }
    return value(doc, doc.root)
  }

  static func value(_ doc: YAMLDocument, _ node: Node) -> JSONValue {
    switch doc.kind(node) {
    case .plain, .quoted:
      switch doc.value(node) {
      case .null?, nil: return .null
      case .bool(let b)?: return .bool(b)
      case .number(let n)?: return .number(n)
      case .string(let s)?: return .string(s)
      }
    case .sequence:
      return .array(doc.items(node).map { $0.map { value(doc, $0) } } ?? [])
    case .mapping:
      var out: [String: JSONValue] = [:]
      for i in 0..<doc.count(node) {
        let pair = doc.pair(node, i)
        out[doc.string(pair.key)] = value(doc, pair.value)
      }
      return .object(out)
    }
  }
}
