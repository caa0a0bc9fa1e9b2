/// Double-quoted string literals of the languages Touchscope writes (Swift for `export swift`, YAML for scene
/// files, YAML read as JSON for a JSON scene file, JSON for traces), from one escaping loop: the five escapes
/// every one of them shares, then, per syntax, which characters stand as themselves and how the others are
/// written. (The trace's byte-level writer copies a string that needs no escape whole, and calls this for
/// the rest.)
public enum QuotedString {
  public enum Syntax: Sendable {
    /// A Swift string literal: control characters as `\u{…}`, everything else as itself.
    case swift
    /// A YAML double-quoted scalar: what YAML does not print as itself (`isYAMLPrintable`) as `\xXX` or
    /// `\uXXXX`.
    case yaml
    /// A YAML double-quoted scalar that JSON reads the same: only `\uXXXX` escapes.
    case yamlInJSON
    /// JSON (RFC 8259): control characters as `\u00xx`, everything else as itself.
    case json
  }

  /// `s` between double quotes, escaped for `syntax`.
  public static func quote(_ s: String, as syntax: Syntax) -> String {
    var out = "\""
    for u in s.unicodeScalars {
      switch u {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      default:
        switch syntax {
        case .swift:
          if u.value < 0x20 || u.value == 0x7F {
            out += "\\u{" + String(u.value, radix: 16) + "}"
          } else {
            out.unicodeScalars.append(u)
          }
        case .json:
          if u.value < 0x20 {
            out += "\\u" + hex(u.value, digits: 4).lowercased()
          } else {
            out.unicodeScalars.append(u)
          }
        case .yaml, .yamlInJSON:
          if isYAMLPrintable(u) {
            out.unicodeScalars.append(u)
          } else {
            out += syntax == .yamlInJSON ? "\\u" + hex(u.value, digits: 4) : yamlEscape(u)
          }
        }
      }
    }
    return out + "\""
  }

  /// YAML's printable characters less every line break YAML knows (`\n`, `\r`, NEL, U+2028, U+2029) and the
  /// byte order mark: what may stand as itself inside a quoted scalar or a comment.
  public static func isYAMLPrintable(_ u: Unicode.Scalar) -> Bool {
    let v = u.value
    return (v >= 0x20 && v <= 0x7E) || (v >= 0xA0 && v <= 0xD7FF && v != 0x2028 && v != 0x2029)
      || (v >= 0xE000 && v <= 0xFFFD && v != 0xFEFF) || v >= 0x10000
  }

  /// YAML's escape for one character: `\\`, `\xXX` up to U+00FF, else `\uXXXX`.
  public static func yamlEscape(_ u: Unicode.Scalar) -> String {
    if u == "\\" { return "\\\\" }
    return u.value <= 0xFF ? "\\x" + hex(u.value, digits: 2) : "\\u" + hex(u.value, digits: 4)
  }

  private static func hex(_ v: UInt32, digits: Int) -> String {
    let h = String(v, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - h.count)) + h
  }
}
