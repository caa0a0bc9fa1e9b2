import Foundation
import Geometry
import SceneFile
import TouchSim

/// The log a view controller written by `touchscope export swift` prints on a device, and what of a trace
/// it can be compared with (`touchscope diff-log`, docs/TRACE-FORMAT.md "The device log").
///
/// A real app observes `deliver` (touches* called on touch.view), `action`, `control`, `perform` (the action
/// methods of the exported responders), and `ask` for the
/// questions its own code answers: a delegate's (only for recognizers with a delegate), a view's
/// gestureRecognizerShouldBegin, a scroll view's touchesShouldBegin / touchesShouldCancel. Everything else
/// in a trace is recorded only by the simulator.
public struct DeviceEvent: Equatable, Sendable {
  public enum Kind: Hashable, Sendable {
    case deliver(view: String, method: String, touches: [Int])
    case action(recognizer: String, state: String)
    case control(control: String, event: String)
    case ask(of: String, question: String, other: String?, view: String?, answer: Bool)
    /// An action method the exported code's responders log when they perform it (rules B-7, B-7a).
    case perform(responder: String, action: String)
  }
  /// Milliseconds since the first touch began.
  public var t: Double
  public var kind: Kind
  /// `deliver`'s `at` or `action`'s `values.location`.
  public var point: Point?
  /// The line of the device log (1-based), 0 for an event taken from a trace.
  public var line: Int = 0

  public init(t: Double, kind: Kind, point: Point? = nil, line: Int = 0) {
    self.t = t
    self.kind = kind
    self.point = point
    self.line = line
  }

  /// The event in words, without its time.
  public var words: String {
    let at = point.map { " at \($0)" } ?? ""
    // Names as a log line wrote them, shortened: a hostile log can hold names of megabytes.
    func short(_ s: String) -> String { Excerpt.short(s, limit: 80) }
    switch kind.shortened(short) {
    case .deliver(let view, let method, let touches):
      let list =
        touches.prefix(20).map(String.init).joined(separator: ", ") + (touches.count > 20 ? ", …" : "")
      return "`\(view)` gets \(method) for touch\(touches.count == 1 ? "" : "es") \(list)\(at)"
    case .action(let recognizer, let state):
      return "`\(recognizer)` sends its action, state \(state)\(at)"
    case .control(let control, let event):
      return "`\(control)` sends \(event)"
    case .ask(let of, let question, let other, let view, let answer):
      let about = other.map { " about `\($0)`" } ?? view.map { " about `\($0)`" } ?? ""
      return "`\(of)` is asked \(question)\(about) and answers \(answer ? "YES" : "NO")"
    case .perform(let responder, let action):
      return "`\(responder)` performs \(action)"
    }
  }

  /// The line a device would print for this event.
  public var json: String {
    var parts = ["\"t\":\(JSONNumber.format(t))"]
    func s(_ key: String, _ value: String) { parts.append("\"\(key)\":\(JSONString.quote(value))") }
    func p(_ q: Point) -> String { "[\(JSONNumber.format(q.x)),\(JSONNumber.format(q.y))]" }
    switch kind {
    case .deliver(let view, let method, let touches):
      s("ev", "deliver")
      s("view", view)
      s("method", method)
      parts.append("\"touches\":[" + touches.map(String.init).joined(separator: ",") + "]")
      if let point { parts.append("\"at\":" + p(point)) }
    case .action(let recognizer, let state):
      s("ev", "action")
      s("recognizer", recognizer)
      s("state", state)
      if let point { parts.append("\"values\":{\"location\":" + p(point) + "}") }
    case .control(let control, let event):
      s("ev", "control")
      s("control", control)
      s("event", event)
    case .ask(let of, let question, let other, let view, let answer):
      s("ev", "ask")
      s("of", of)
      s("question", question)
      if let other { s("other", other) }
      if let view { s("view", view) }
      parts.append("\"answer\":\(answer)")
    case .perform(let responder, let action):
      s("ev", "perform")
      s("responder", responder)
      s("action", action)
    }
    return "{" + parts.joined(separator: ",") + "}"
  }
}

public enum DeviceLog {
  /// The questions a device log can hold (the others, canPrevent and canBePrevented, only the simulator sees).
  static let delegateQuestions: Set<TraceEvent.Question> = [
    .shouldReceive, .shouldBegin, .shouldRecognizeSimultaneouslyWith, .shouldRequireFailureOf,
    .shouldBeRequiredToFailBy,
  ]

  /// What a device running the exported view controller would log of `trace`: deliver, action, control
  /// and the observable questions; touches renumbered as the device numbers them (the smallest number no
  /// touch still down has, given when the touch begins); times from the first touch's began.
  public static func expected(_ trace: [TraceEntry], scene: Scene) -> [DeviceEvent] {
    var delegated = Set(scene.allRecognizers.filter { $0.delegate != nil }.map(\.id))
    for step in scene.script {
      if case .set(let changes) = step.action {
        for c in changes where c.key.hasPrefix("delegate") { delegated.insert(c.target) }
      }
    }
    var number: [Int: Int] = [:]
    var down = Set<Int>()
    var start: Double?
    var out: [DeviceEvent] = []
    for e in trace {
      let t = e.t - (start ?? e.t)
      switch e.event {
      case .input(let touch, let phase, _, _):
        if phase == .began {
          if start == nil { start = e.t }
          var n = 1
          while down.contains(n) { n += 1 }
          number[touch] = n
          down.insert(n)
        } else if phase == .ended || phase == .cancelled, let n = number[touch] {
          down.remove(n)
        }
      case .deliver(let view, let method, let touches, let at):
        let list = touches.map { number[$0] ?? $0 }
        out.append(DeviceEvent(t: t, kind: .deliver(view: view, method: method.rawValue, touches: list), point: at))
      case .action(let recognizer, let state, let values):
        out.append(
          DeviceEvent(t: t, kind: .action(recognizer: recognizer, state: state.rawValue), point: values.location))
      case .control(let control, let event, _, _):
        out.append(DeviceEvent(t: t, kind: .control(control: control, event: event.rawValue)))
      case .ask(let of, let question, let other, let view, let answer):
        let visible: Bool
        switch question {
        case .gestureRecognizerShouldBegin, .touchesShouldBegin, .touchesShouldCancel, .beginTracking,
          .continueTracking:
          visible = true
        case .canPrevent, .canBePrevented: visible = false
        default: visible = delegateQuestions.contains(question) && delegated.contains(of)
        }
        if visible {
          out.append(
            DeviceEvent(t: t, kind: .ask(of: of, question: question.rawValue, other: other, view: view, answer: answer))
          )
        }
      case .perform(let responder?, let action, _):
        // B-7: the responder's action method logs it (a dropped action runs no code: nothing to log).
        out.append(DeviceEvent(t: t, kind: .perform(responder: responder.description, action: action)))
      default: break
      }
    }
    return out
  }

  /// The device log lines `expected` stands for: what the tests feed `diff-log`.
  public static func text(_ events: [DeviceEvent]) -> String {
    events.map { $0.json + "\n" }.joined()
  }

  /// Reads a device log. Console lines that hold no JSON object with `ev` (other output, a prefix before
  /// the `{`) are skipped, and so are the kinds of event a device does not log.
  public static func parse(_ text: String) -> [DeviceEvent] { read(text).events }

  /// What `read` found in a device log: its events, and the lines that look like log lines (they name
  /// `"ev"`) but could not be read (cut short by the console, or edited), each with its 1-based number.
  public struct Reading: Sendable {
    public var events: [DeviceEvent] = []
    public var unreadable: [Int] = []
    /// How many lines hold anything but blanks.
    public var nonBlankLines = 0
  }

  /// Reads a device log as a console shows it, whatever surrounds the log lines: a timestamp and process
  /// before each (NSLog, `log stream`, Console.app's columns, a tab or two), text after the object, line
  /// ends of any system (LF, CR LF, a lone CR, NEL, LS, PS, as the scene reader counts lines), a byte
  /// order mark.
  public static func read(_ text: String) -> Reading {
    var reading = Reading()
    for (i, raw) in lines(of: text).enumerated() {
      if raw.contains(where: { !$0.isWhitespace }) { reading.nonBlankLines += 1 }
      guard let object = logObject(in: raw) else {
        if raw.contains(#""ev""#) { reading.unreadable.append(i + 1) }
        continue
      }
      guard let ev = object["ev"] as? String else { continue }
      let t = (object["t"] as? NSNumber)?.doubleValue ?? 0
      func str(_ key: String) -> String? { object[key] as? String }
      func pt(_ value: Any?) -> Point? {
        guard let a = value as? [NSNumber], a.count == 2 else { return nil }
        return Point(a[0].doubleValue, a[1].doubleValue)
      }
      let kind: DeviceEvent.Kind
      var point: Point?
      switch ev {
      case "deliver":
        let touches = (object["touches"] as? [NSNumber])?.map(\.intValue) ?? []
        kind = .deliver(view: str("view") ?? "", method: str("method") ?? "", touches: touches)
        point = pt(object["at"])
      case "action":
        kind = .action(recognizer: str("recognizer") ?? "", state: str("state") ?? "")
        point = pt((object["values"] as? [String: Any])?["location"])
      case "control":
        kind = .control(control: str("control") ?? "", event: str("event") ?? "")
      case "ask":
        let answer = (object["answer"] as? Bool) ?? false
        kind = .ask(
          of: str("of") ?? "", question: str("question") ?? "", other: str("other"), view: str("view"), answer: answer)
      case "perform":
        guard let responder = str("responder") else { continue }
        kind = .perform(responder: responder, action: str("action") ?? "")
      default: continue
      }
      reading.events.append(DeviceEvent(t: t, kind: kind, point: point, line: i + 1))
    }
    return reading
  }

  /// The lines of `text`, split at every line end the scene reader counts (LF, CR LF, a lone CR, NEL, LS,
  /// PS): a log saved on Windows or pasted from a chat is read as the device wrote it.
  static func lines(of text: String) -> [Substring] {
    text.split(omittingEmptySubsequences: false) { ch in
      switch ch {
      case "\n", "\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}": true
      default: false
      }
    }
  }

  /// The first JSON object in `line` that has an `ev` key: from a `{` to the `}` that closes it (braces
  /// inside strings do not count), so whatever the console put before or after it is left out. At most a
  /// few `{` are tried, so a hostile line of braces costs little.
  static func logObject(in line: Substring) -> [String: Any]? {
    var tried = 0
    var from = line.startIndex
    while tried < 4, let open = line[from...].firstIndex(of: "{") {
      tried += 1
      from = line.index(after: open)
      guard let close = closingBrace(in: line, from: open),
        let object = try? JSONSerialization.jsonObject(with: Data(line[open...close].utf8)) as? [String: Any],
        object["ev"] is String
      else { continue }
      return object
    }
    return nil
  }

  /// The index of the `}` that closes the object opening at `open`, or nil when the line ends first.
  private static func closingBrace(in line: Substring, from open: Substring.Index) -> Substring.Index? {
    var depth = 0
    var inString = false
    var escaped = false
    var i = open
    while i < line.endIndex {
      let c = line[i]
      if inString {
        if escaped {
          escaped = false
        } else if c == "\\" {
          escaped = true
        } else if c == "\"" {
          inString = false
        }
      } else if c == "\"" {
        inString = true
      } else if c == "{" {
        depth += 1
      } else if c == "}" {
        depth -= 1
        if depth == 0 { return i }
      }
      i = line.index(after: i)
    }
    return nil
  }
}

/// A device log set against the replayed trace: the events only one of them has, and those both have
/// that happen at another time (beyond `timeTolerance` ms) or another place (beyond `pointTolerance` pt).
public struct DeviceLogComparison: Sendable {
  public enum Difference: Equatable, Sendable {
    /// In the replay, not on the device.
    case onlyInReplay(DeviceEvent)
    /// On the device, not in the replay.
    case onlyOnDevice(DeviceEvent)
    case time(replay: DeviceEvent, device: DeviceEvent)
    case place(replay: DeviceEvent, device: DeviceEvent)

    /// The difference in words.
    public var text: String {
      func ms(_ t: Double) -> String { JSONNumber.format(t) + " ms" }
      switch self {
      case .onlyInReplay(let e):
        return "only in the replay, at \(ms(e.t)): \(e.words)"
      case .onlyOnDevice(let e):
        return "only on the device, line \(e.line) at \(ms(e.t)): \(e.words)"
      case .time(let r, let d):
        return "at another time: \(r.words), at \(ms(r.t)) in the replay but \(ms(d.t)) on the device (line \(d.line))"
      case .place(let r, let d):
        return
          "at another place: \(r.words) in the replay, at \(d.point.map(\.description) ?? "no point") on the device (line \(d.line))"
      }
    }
  }

  public let replay: [DeviceEvent]
  public let device: [DeviceEvent]
  public let differences: [Difference]
  /// How many events both have (whether or not at the same time and place).
  public let matched: Int
  public var same: Bool { differences.isEmpty }

  public init(replay: [DeviceEvent], device: [DeviceEvent], timeTolerance: Double = 50, pointTolerance: Double = 1) {
    self.replay = replay
    self.device = device
    let pairs = Self.align(replay.map(\.kind), device.map(\.kind))
    var out: [Difference] = []
    var i = 0
    var j = 0
    func flush(to a: Int, _ b: Int) {
      while i < a {
        out.append(.onlyInReplay(replay[i]))
        i += 1
      }
      while j < b {
        out.append(.onlyOnDevice(device[j]))
        j += 1
      }
    }
    for (a, b) in pairs {
      flush(to: a, b)
      let r = replay[a]
      let d = device[b]
      if abs(r.t - d.t) > timeTolerance {
        out.append(.time(replay: r, device: d))
      } else if let p = r.point, let q = d.point, p.distance(to: q) > pointTolerance {
        out.append(.place(replay: r, device: d))
      } else if (r.point == nil) != (d.point == nil) {
        out.append(.place(replay: r, device: d))
      }
      i = a + 1
      j = b + 1
    }
    flush(to: replay.count, device.count)
    differences = out
    matched = pairs.count
  }

  /// The index pairs of a longest common subsequence of `a` and `b` (common ends first; a greedy
  /// alignment when what is left is too large for the table).
  static func align(_ a: [DeviceEvent.Kind], _ b: [DeviceEvent.Kind]) -> [(Int, Int)] {
    var head: [(Int, Int)] = []
    var lo = 0
    while lo < a.count && lo < b.count && a[lo] == b[lo] {
      head.append((lo, lo))
      lo += 1
    }
    var ha = a.count
    var hb = b.count
    var tail: [(Int, Int)] = []
    while ha > lo && hb > lo && a[ha - 1] == b[hb - 1] {
      ha -= 1
      hb -= 1
      tail.append((ha, hb))
    }
    let n = ha - lo
    let m = hb - lo
    var middle: [(Int, Int)] = []
    if n > 0 && m > 0 {
      if n * m <= 4_000_000 {
        // table[i][j]: the LCS length of a[lo+i...] and b[lo+j...].
        var table = [Int32](repeating: 0, count: (n + 1) * (m + 1))
        for i in stride(from: n - 1, through: 0, by: -1) {
          for j in stride(from: m - 1, through: 0, by: -1) {
            table[i * (m + 1) + j] =
              a[lo + i] == b[lo + j]
              ? table[(i + 1) * (m + 1) + j + 1] + 1
              : max(table[(i + 1) * (m + 1) + j], table[i * (m + 1) + j + 1])
          }
        }
        var i = 0
        var j = 0
        while i < n && j < m {
          if a[lo + i] == b[lo + j] {
            middle.append((lo + i, lo + j))
            i += 1
            j += 1
          } else if table[(i + 1) * (m + 1) + j] >= table[i * (m + 1) + j + 1] {
            i += 1
          } else {
            j += 1
          }
        }
      } else {
        var j = lo
        for i in lo..<ha {
          if let k = (j..<min(hb, j + 64)).first(where: { b[$0] == a[i] }) {
            middle.append((i, k))
            j = k + 1
          }
        }
      }
    }
    return head + middle + tail.reversed()
  }
}

extension DeviceEvent.Kind {
  /// The kind with each of its names passed through `short`.
  fileprivate func shortened(_ short: (String) -> String) -> DeviceEvent.Kind {
    switch self {
    case .deliver(let view, let method, let touches):
      return .deliver(view: short(view), method: short(method), touches: touches)
    case .action(let recognizer, let state): return .action(recognizer: short(recognizer), state: short(state))
    case .control(let control, let event): return .control(control: short(control), event: short(event))
    case .ask(let of, let question, let other, let view, let answer):
      return .ask(
        of: short(of), question: short(question), other: other.map(short), view: view.map(short), answer: answer)
    case .perform(let responder, let action): return .perform(responder: short(responder), action: short(action))
    }
  }
}
