import Geometry
import SceneFile
import TouchSim

/// What the fuzz targets check for each input , shared with the regression tests that
/// replay their findings (`Tests/FuzzFindings`). Each returns the problems found: empty when the input
/// was handled as it must be.
public enum FuzzChecks {
  // MARK: Scene loader

  /// Any bytes as a scene file: either positioned errors inside the text, or a scene that the writer
  /// writes back and the loader reads again to the same scene (up to the script steps' source lines, which
  /// the writer's layout moves). (A crash or a hang is the fuzzer's to see.)
  public static func sceneLoader(_ bytes: [UInt8]) -> [String] {
    let text = String(decoding: bytes, as: UTF8.self)
    let lines = lineCount(text)
    do {
      let scene = try SceneLoader.parse(text, file: "fuzz.yaml")
      let written = SceneWriter.yaml(scene)
      do {
        let again = try SceneLoader.parse(written, file: "written.yaml")
        return again.withoutSourceLines == scene.withoutSourceLines ? [] : ["the written scene reads back different"]
      } catch {
        return ["the written scene does not load: \(error.diagnostics.prefix(3).map(\.description))"]
      }
    } catch {
      var out: [String] = []
      if error.diagnostics.isEmpty { out.append("an error without diagnostics") }
      for d in error.diagnostics where d.line < 1 || d.line > lines + 1 || d.column < 1 || d.message.isEmpty {
        out.append("badly positioned: \(d)")
      }
      return out
    }
  }

  /// Lines as YAML counts them: a break is LF, CR LF, a lone CR, NEL, LS or PS (YAML 1.1, as libyaml reads).
  public static func lineCount(_ text: String) -> Int {
    var lines = 1
    var previous: Unicode.Scalar = " "
    for c in text.unicodeScalars {
      switch c {
      case "\n": if previous != "\r" { lines += 1 }
      case "\r", "\u{85}", "\u{2028}", "\u{2029}": lines += 1
      default: break
      }
      previous = c
    }
    return lines
  }

  // MARK: Engine

  /// Scenes for the engine fuzzer: the property scenes and, when given, the library's.
  public static func engineScenes(library: [Scene]) -> [Scene] { PropertyScenes.all + library }

  /// Bytes as a script, without any of the checks a scene file gets: the first byte picks the scene, then
  /// every 4 bytes are one step (any action, touch numbers 1 to 12, moves and lifts of touches that are
  /// not down, numbers reused, times that stand still or jump, property changes and reorderings of any
  /// view or recognizer, even ones that do not exist).
  public static func script(from bytes: [UInt8], for scene: Scene) -> [ScriptStep] {
    let views = scene.allViews.map(\.id) + ["nothing"]
    let recognizers = scene.allRecognizers.map(\.id) + ["nobody"]
    var steps: [ScriptStep] = []
    var t = 0.0
    var i = 1
    while i + 3 < bytes.count && steps.count < 2_000 {
      let (a, b, c, d) = (Int(bytes[i]), Int(bytes[i + 1]), Int(bytes[i + 2]), Int(bytes[i + 3]))
      i += 4
      switch a >> 5 {
      case 0: break
      case 1, 2: t += 16
      case 3: t += Double(b * 4)
      case 4: t += 1
      default: t += Double(c * 20)
      }
      let n = (a & 0x0F) % 12 + 1
      let p = Point(Double(b) / 255 * scene.window.width * 1.2 - 20, Double(c) / 255 * scene.window.height * 1.2 - 20)
      let action: ScriptStep.Action
      switch d % 16 {
      case 0...4: action = .down(touch: n, at: p)
      case 5...9: action = .move(touch: n, to: p)
      case 10, 11: action = .up(touch: n, at: d & 0x40 == 0 ? nil : p)
      case 12: action = .cancel(touch: n)
      case 13:
        let flag = PropertyValue.bool(d & 0x20 != 0)
        if d & 0x10 == 0 {
          let key = ["isEnabled", "cancelsTouchesInView", "delaysTouchesBegan", "delaysTouchesEnded"][b % 4]
          action = .set([PropertyChange(target: recognizers[c % recognizers.count], key: key, value: flag)])
        } else {
          let key = ["hidden", "userInteractionEnabled", "multipleTouchEnabled", "exclusiveTouch"][b % 4]
          action = .set([PropertyChange(target: views[c % views.count], key: key, value: flag)])
        }
      case 14: action = .bringToFront(views[b % views.count])
      default: action = .sendToBack(views[b % views.count])
      }
      steps.append(ScriptStep(t: t, action))
    }
    return steps
  }

  /// Runs the script of `bytes` live, one time at a time (as the window feeds the engine), then cancels
  /// whatever is still down and lets every timer fire. The trace must keep every invariant, the engine
  /// must come to rest, and a second run must give the same trace.
  ///
  /// A touch number used again while the earlier touch's `touchesEnded` is still withheld runs as two
  /// distinct touches, but the trace cannot tell them apart (docs/SCENE-FILES.md), so such a `down` is
  /// given a number not in use, as the window does, and the steps that follow for that touch go with it.
  public static func engine(_ bytes: [UInt8], scenes: [Scene]) -> [String] {
    guard let first = bytes.first, !scenes.isEmpty else { return [] }
    let scene = scenes[Int(first) % scenes.count]
    let script = script(from: bytes, for: scene)
    func run() -> Engine {
      let engine = Engine(scene: scene)
      var number: [Int: Int] = [:]  // script's touch number → the engine's
      var batch: [ScriptStep] = []
      func flush() {
        if !batch.isEmpty { engine.perform(batch) }
        batch = []
      }
      for step in script {
        if let last = batch.last, last.t != step.t { flush() }
        guard let n = step.touch else {
          batch.append(step)
          continue
        }
        var mapped = number[n, default: n]
        // The engine splits an event where one touch changes twice; do it here so that renumbering sees
        // the state between the two.
        if batch.contains(where: { $0.touch == mapped }) { flush() }
        if case .down = step.action, engine.touchesInUse.contains(mapped), !engine.liveTouches.contains(mapped) {
          let inUse = engine.touchesInUse
          mapped = ((inUse.max() ?? 0) + 1...10_000).first { !inUse.contains($0) && !number.values.contains($0) } ?? n
          number[n] = mapped
        }
        var renumbered = step
        renumbered.action = step.action.renumbered(mapped)
        batch.append(renumbered)
      }
      flush()
      let live = engine.liveTouches.sorted()
      if !live.isEmpty { engine.perform(live.map { ScriptStep(t: engine.now + 16, .cancel(touch: $0)) }) }
      engine.runUntilIdle()
      return engine
    }
    let engine = run()
    var problems = TraceInvariants.violations(in: engine.trace, discrete: TraceInvariants.discreteness(of: scene))
    problems += TraceInvariants.restViolations(of: engine, recognizers: scene.allRecognizers.map(\.id))
    if run().trace != engine.trace { problems.append("a second run gave a different trace") }
    return problems
  }
}

extension ScriptStep.Action {
  /// The same touch action for touch `n`.
  fileprivate func renumbered(_ n: Int) -> ScriptStep.Action {
    switch self {
    case .down(_, let p): return .down(touch: n, at: p)
    case .move(_, let p): return .move(touch: n, to: p)
    case .up(_, let p): return .up(touch: n, at: p)
    case .cancel: return .cancel(touch: n)
    default: return self
    }
  }
}
