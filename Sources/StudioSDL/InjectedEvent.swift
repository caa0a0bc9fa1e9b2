import StudioCore

/// A finger event to push into SDL's queue `at` milliseconds after the window opened.
public struct InjectedEvent: Equatable, Sendable {
  public var at: Double
  public var kind: FingerEventKind
  public var finger: Int64
  /// Normalised window coordinates (0...1), as SDL reports touchscreen fingers.
  public var x: Double
  public var y: Double
  /// Also push the mouse event SDL would synthesize from this finger (the window must ignore it).
  public var synthesizeMouse: Bool

  /// Parses lines `MS down|motion|up FINGER X Y [mouse]`; `#` starts a comment. Fields are separated by
  /// blanks or tabs; lines end as on any system (LF, CR LF, CR).
  public static func parse(_ text: String) throws -> [InjectedEvent] {
    var out: [InjectedEvent] = []
    for (i, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
      let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      let parts = line.split(whereSeparator: \.isWhitespace).map(String.init)
      if parts.isEmpty { continue }
      guard parts.count >= 5, let at = Double(parts[0]), let kind = FingerEventKind(rawValue: parts[1]),
        let finger = Int64(parts[2]), let x = Double(parts[3]), let y = Double(parts[4]),
        (0...1).contains(x), (0...1).contains(y)
      else { throw InjectError(line: i + 1, text: String(raw)) }
      out.append(
        InjectedEvent(
          at: at, kind: kind, finger: finger, x: x, y: y, synthesizeMouse: parts.count > 5 && parts[5] == "mouse"))
    }
    return out
  }
}

public struct InjectError: Error, CustomStringConvertible {
  public var line: Int
  public var text: String
  public var description: String { "line \(line): expected 'MS down|motion|up FINGER X Y [mouse]', got '\(text)'" }
}
