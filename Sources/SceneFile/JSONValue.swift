import TouchSim

/// A JSON value: what `touchscope schema` prints, and what the tests validate against it.
public indirect enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// Pretty JSON: two spaces a level, keys sorted, whole numbers without a fraction, a final newline.
  public var pretty: String {
    var out = ""
    write(into: &out, indent: "")
    return out + "\n"
  }

  private func write(into out: inout String, indent: String) {
    switch self {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .number(let n): out += NumberText.format(n)
    case .string(let s): out += JSONString.quote(s)
    case .array(let items):
      guard !items.isEmpty else {
        out += "[]"
        return
      }
      let inner = indent + "  "
      out += "[\n"
      for (i, item) in items.enumerated() {
        out += inner
        item.write(into: &out, indent: inner)
        out += i == items.count - 1 ? "\n" : ",\n"
      }
      out += indent + "]"
    case .object(let members):
      guard !members.isEmpty else {
        out += "{}"
        return
      }
      let inner = indent + "  "
      out += "{\n"
      let keys = members.keys.sorted()
      for (i, key) in keys.enumerated() {
        out += inner
        out += JSONString.quote(key)
        out += ": "
        members[key]!.write(into: &out, indent: inner)
        out += i == keys.count - 1 ? "\n" : ",\n"
      }
      out += indent + "}"
    }
  }
}
