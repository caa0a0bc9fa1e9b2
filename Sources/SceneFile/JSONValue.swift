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
    case .string(let s): JSONValue.quote(s, into: &out)
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
        JSONValue.quote(key, into: &out)
        out += ": "
        members[key]!.write(into: &out, indent: inner)
        out += i == keys.count - 1 ? "\n" : ",\n"
      }
      out += indent + "}"
    }
  }

  private static func quote(_ s: String, into out: inout String) {
    out += "\""
    for u in s.unicodeScalars {
      switch u {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if u.value < 0x20 {
          let hex = String(u.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(u)
        }
      }
    }
    out += "\""
  }
}
