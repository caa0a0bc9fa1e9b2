import Foundation
import Geometry
import SceneFile
import TouchSim

/// Where the scene library and its golden traces live, found from this file's own path
/// (`Tests/SceneLibraryTests/SceneLibrary.swift` → the package root two folders up).
enum SceneLibrary {
  static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // SceneLibraryTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

  static let scenesDirectory = packageRoot.appendingPathComponent("Scenes")
  static let goldenDirectory = packageRoot.appendingPathComponent("Tests/SceneLibraryTests/Golden")

  /// Every scene file name in `Scenes/` (`.yaml`, `.yml`, `.json`), sorted.
  static var sceneFiles: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: scenesDirectory.path)) ?? []
    return names.filter { ["yaml", "yml", "json"].contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
  }

  /// The golden trace of a scene file: `Golden/<name without extension>.jsonl`.
  static func goldenURL(for file: String) -> URL {
    goldenDirectory.appendingPathComponent((file as NSString).deletingPathExtension + ".jsonl")
  }

  static func load(_ file: String) throws(SceneFileError) -> Scene {
    try SceneLoader.load(path: scenesDirectory.appendingPathComponent(file).path)
  }

  /// `TOUCHSCOPE_RECORD=1` rewrites the golden files instead of comparing with them.
  static var isRecording: Bool { ProcessInfo.processInfo.environment["TOUCHSCOPE_RECORD"] == "1" }
}

/// A scene file from `Scenes/` played with its own script (exactly what `touchscope replay` prints), with
/// `Run`-style queries on the trace. `during(_:)` narrows it to one gesture of the script.
struct PlayedScene: CustomStringConvertible {
  let file: String
  let trace: [TraceEntry]

  /// Loads `Scenes/<file>` and replays its script.
  init(_ file: String) throws {
    let scene = try SceneLibrary.load(file)
    self.init(file: file, trace: Engine.replay(scene))
  }

  private init(file: String, trace: [TraceEntry]) {
    self.file = file
    self.trace = trace
  }

  /// Only the trace lines with `range.lowerBound <= t < range.upperBound`.
  func during(_ range: Range<Double>) -> PlayedScene {
    PlayedScene(file: file, trace: trace.filter { range.contains($0.t) })
  }
  /// Only the trace lines from `t` on.
  func from(_ t: Double) -> PlayedScene { during(t..<Double.infinity) }

  var description: String { "\(file):\n" + traceJSONLines(trace) }

  // MARK: Hit-testing

  /// touch.view of every touch, in the order the touches went down (nil: nothing was hit).
  var hits: [String?] {
    trace.compactMap {
      if case .hit(_, let v) = $0.event { return .some(v) }
      return nil
    }
  }
  /// Every hitTest visit as "view:result" (an override: "view:override>returned"), in order.
  var visits: [String] {
    trace.compactMap {
      if case .hitTest(let v, _, let r) = $0.event { return "\(v):\(r.rawValue)" }
      // A-12: an overriding hitTest, as "view:override>returned" ("nil" for nil).
      if case .hitTestOverride(let v, _, let r) = $0.event { return "\(v):override>\(r ?? "nil")" }
      return nil
    }
  }
  /// The `at` of each hitTest visit of `view` (its own coordinates).
  func hitTestPoints(_ view: String) -> [Point] {
    trace.compactMap {
      if case .hitTest(let v, let p, _) = $0.event, v == view { return p }
      return nil
    }
  }

  // MARK: Delivery

  /// Methods delivered to a view by the window, as "touchesBegan@t".
  func delivered(_ view: String) -> [String] {
    trace.compactMap {
      if case .deliver(let v, let m, _, _) = $0.event, v == view { return "\(m.rawValue)@\(JSONNumber.format($0.t))" }
      return nil
    }
  }
  /// Methods delivered to a view, without times.
  func methods(_ view: String) -> [String] {
    trace.compactMap {
      if case .deliver(let v, let m, _, _) = $0.event, v == view { return m.rawValue }
      return nil
    }
  }
  /// Deliveries to a view as "touchesBegan[1, 2]".
  func deliveries(_ view: String) -> [String] {
    trace.compactMap {
      if case .deliver(let v, let m, let ts, _) = $0.event, v == view { return "\(m.rawValue)\(ts)" }
      return nil
    }
  }
  func withheld(_ view: String) -> [String] {
    trace.compactMap {
      if case .withhold(let v, let m, _, _) = $0.event, v == view { return m.rawValue }
      return nil
    }
  }
  /// The recognizers named by the `withhold` lines of a view.
  func withheldBy(_ view: String) -> [[String]] {
    trace.compactMap {
      if case .withhold(let v, _, _, let by) = $0.event, v == view { return by }
      return nil
    }
  }
  /// Reasons of the `drop` lines of a view.
  func drops(_ view: String) -> [String] {
    trace.compactMap {
      if case .drop(let v, _, _, let r) = $0.event, v == view { return r.text }
      return nil
    }
  }
  /// Responders a method was forwarded to, in order.
  func forwards(_ method: TouchMethod) -> [String] {
    trace.compactMap {
      if case .forward(_, let to, let m, _) = $0.event, m == method { return to.description }
      return nil
    }
  }
  /// Recognizers fed touchesBegan, with the touches, as "zoom[1]".
  func fedBegan(_ recognizer: String) -> [[Int]] {
    trace.compactMap {
      if case .feed(let r, .touchesBegan, let ts) = $0.event, r == recognizer { return ts }
      return nil
    }
  }
  func fed(_ recognizer: String) -> Bool {
    trace.contains {
      if case .feed(let r, _, _) = $0.event { return r == recognizer }
      return false
    }
  }
  /// The recognizers of each `attach` line, in order.
  var attached: [[String]] {
    trace.compactMap {
      if case .attach(_, let rs) = $0.event { return rs }
      return nil
    }
  }

  // MARK: Controls

  func controlEvents(_ c: String) -> [String] {
    trace.compactMap {
      if case .control(let v, let e, _, _) = $0.event, v == c { return e.rawValue }
      return nil
    }
  }
  func controlEventTimes(_ c: String) -> [String] {
    trace.compactMap {
      if case .control(let v, let e, _, _) = $0.event, v == c { return "\(e.rawValue)@\(JSONNumber.format($0.t))" }
      return nil
    }
  }
  /// The values of a control's valueChanged lines.
  func values(_ c: String) -> [Double] {
    trace.compactMap {
      if case .control(let v, .valueChanged, _, let value) = $0.event, v == c { return value?.number }
      return nil
    }
  }

  // MARK: Recognizers

  func actions(_ r: String) -> [String] {
    trace.compactMap {
      if case .action(let v, let s, _) = $0.event, v == r { return s.rawValue }
      return nil
    }
  }
  func actionTimes(_ r: String) -> [String] {
    trace.compactMap {
      if case .action(let v, let s, _) = $0.event, v == r { return "\(s.rawValue)@\(JSONNumber.format($0.t))" }
      return nil
    }
  }
  func actionValues(_ r: String) -> [ActionValues] {
    trace.compactMap {
      if case .action(let v, _, let vals) = $0.event, v == r { return vals }
      return nil
    }
  }
  /// Whether the recognizer fired (an action with ended or began).
  func fired(_ r: String) -> Bool { actions(r).contains { $0 == "ended" || $0 == "began" } }
  /// State transitions of a recognizer, as "from>to" (resets included).
  func states(_ r: String) -> [String] {
    trace.compactMap {
      if case .state(let v, let f, let t, _) = $0.event, v == r { return "\(f.rawValue)>\(t.rawValue)" }
      return nil
    }
  }
  /// The reason of the first transition of `r` to `state`.
  func reason(_ r: String, to state: GestureState) -> String? {
    for e in trace { if case .state(let v, _, let t, let why) = e.event, v == r, t == state { return why.text } }
    return nil
  }
  /// The time of the first transition of `r` to `state`.
  func time(_ r: String, to state: GestureState) -> Double? {
    for e in trace { if case .state(let v, _, let t, _) = e.event, v == r, t == state { return e.t } }
    return nil
  }
  /// The `wait` lines of a recognizer: what it waited for.
  func waits(_ r: String) -> [[String]] {
    trace.compactMap {
      if case .wait(let v, let f) = $0.event, v == r { return f }
      return nil
    }
  }
  func asks(_ q: TraceEvent.Question) -> [(of: String, other: String?, view: String?, answer: Bool)] {
    trace.compactMap {
      if case .ask(let of, let qq, let o, let v, let a) = $0.event, qq == q { return (of, o, v, a) }
      return nil
    }
  }
  /// Answers of `question` asked of `of` (about `other` or `view` when given).
  func answers(_ question: TraceEvent.Question, of: String, about: String? = nil) -> [Bool] {
    asks(question).filter { $0.of == of && (about == nil || $0.other == about || $0.view == about) }.map(\.answer)
  }

  // MARK: Scroll views, timers, script

  func scrollOffsets(_ view: String) -> [Point] {
    trace.compactMap {
      if case .scroll(let v, let o, _) = $0.event, v == view { return o }
      return nil
    }
  }
  func timers(_ what: String) -> [Double] {
    trace.compactMap {
      if case .timer(let w, _) = $0.event, w == what { return $0.t }
      return nil
    }
  }
  func events(_ kind: String) -> [TraceEntry] { trace.filter { $0.event.kind == kind } }
}
