import Geometry
import PropertyBased
import TestSupport
import Testing
import TouchSim

/// Invariants over random multi-touch scripts on several scenes.
@Suite struct PropertyTests {
  static let ops = Gen.int(in: 0...999_999_999).array(of: 1...60)
  static let sceneIndex = Gen.int(in: 0...(PropertyScenes.all.count - 1))

  /// Every touch that reached a view gets exactly one touchesEnded or touchesCancelled, after its
  /// touchesBegan, and nothing after that (rules F-2, F-5 to F-7, C-1).
  @Test func everyDeliveredTouchEndsOrIsCancelledExactlyOnce() async {
    await propertyCheck(count: 150, input: Self.sceneIndex, Self.ops) { i, ops in
      let run = Run(PropertyScenes.all[i], randomScript(ops))
      // Per view and touch number, deliveries must read: began, moved*, (ended | cancelled), repeatedly.
      var open: [String: Bool] = [:]
      for e in run.trace {
        guard case .deliver(let view, let m, let ts, _) = e.event else { continue }
        for n in ts {
          let key = "\(view)#\(n)"
          switch m {
          case .touchesBegan:
            #expect(open[key] != true, "began twice for \(key) at \(e.t)")
            open[key] = true
          case .touchesMoved:
            #expect(open[key] == true, "moved without began for \(key) at \(e.t)")
          case .touchesEnded, .touchesCancelled:
            #expect(open[key] == true, "\(m) without began for \(key) at \(e.t)")
            open[key] = false
          }
        }
      }
      #expect(!open.values.contains(true), "a touch never ended: \(open)")
      // Withheld deliveries were delivered or dropped in the end: nothing is held any more.
      #expect(run.engine.liveTouches.isEmpty)
    }
  }

  /// Only legal transitions of 5.1 appear, for discrete and continuous recognizers alike.
  @Test func onlyLegalTransitions() async {
    await propertyCheck(count: 150, input: Self.sceneIndex, Self.ops) { i, ops in
      let scene = PropertyScenes.all[i]
      var discrete: [String: Bool] = ["list.pan": false]
      for r in scene.allRecognizers { discrete[r.id] = r.kind.isDiscrete }
      var current: [String: GestureState] = [:]
      for e in Run(scene, randomScript(ops)).trace {
        guard case .state(let r, let from, let to, _) = e.event else { continue }
        #expect(
          GestureStateMachine.isLegal(from: from, to: to, isDiscrete: discrete[r] ?? false), "\(r): \(from) → \(to)")
        #expect((current[r] ?? .possible) == from, "\(r) left \(from) but was \(current[r] ?? .possible)")
        current[r] = to
      }
    }
  }

  /// Once all touches have ended and every timer has fired, every recognizer is back in possible,
  /// with an action for each began / changed / ended / cancelled and none for failed.
  @Test func everyRecognizerEndsInPossible() async {
    await propertyCheck(count: 150, input: Self.sceneIndex, Self.ops) { i, ops in
      let scene = PropertyScenes.all[i]
      let run = Run(scene, randomScript(ops))
      #expect(run.engine.nextTimerTime == nil)
      for r in scene.allRecognizers.map(\.id) + ["list.pan"] {
        if let s = run.engine.state(of: r) { #expect(s == .possible, "\(r) is \(s)") }
      }
      #expect(run.engine.waiting.isEmpty)
      // Actions follow states one to one (5.1).
      var lastState: [String: GestureState] = [:]
      for e in run.trace {
        switch e.event {
        case .state(let r, _, let to, _): lastState[r] = to
        case .action(let r, let s, _): #expect(lastState[r] == s && s != .failed && s != .possible)
        default: break
        }
      }
    }
  }

  /// The same scene and script give a byte-identical trace.
  @Test func rerunGivesIdenticalTrace() async {
    await propertyCheck(count: 60, input: Self.sceneIndex, Self.ops) { i, ops in
      let script = randomScript(ops)
      let a = traceJSONLines(Engine.replay(PropertyScenes.all[i], script: script))
      let b = traceJSONLines(Engine.replay(PropertyScenes.all[i], script: script))
      #expect(a == b)
    }
  }
}

/// The trace written in pieces (as `replay` streams it) is the trace written whole, each piece ending
/// with a whole line; strings that need escapes are escaped the same way.
@Suite struct TraceStreamingTests {
  @Test(arguments: [1, 64, 4096, Int.max])
  func piecesJoinToTheWholeTraceAndEndOnLines(chunk: Int) {
    var scene = Scene(root: ViewSpec(id: "root", frame: Rect(0, 0, 390, 844)))
    var odd = ViewSpec(id: "quote\"back\\slash\nline\u{1}", frame: Rect(10, 10, 100, 100))
    odd.recognizers = [RecognizerSpec(id: "tap", kind: .tap)]
    scene.root.subviews = [odd]
    scene.script = [ScriptStep(t: 0, .down(touch: 1, at: Point(50, 50))), ScriptStep(t: 40, .up(touch: 1, at: nil))]
    let trace = Engine.replay(scene)
    let whole = traceJSONLines(trace)
    var pieces: [[UInt8]] = []
    writeTraceJSONLines(trace, chunk: chunk) { pieces.append($0) }
    #expect(String(decoding: pieces.joined(), as: UTF8.self) == whole)
    for p in pieces { #expect(p.last == UInt8(ascii: "\n")) }
    if chunk == 1 { #expect(pieces.count == trace.count) }
    #expect(whole.contains(#""view":"quote\"back\\slash\nline\u0001""#))
    #expect(whole.split(separator: "\n").count == trace.count)
  }

  /// `replay` runs the engine in pieces it writes as they come (`Engine.replay(…piece:…)`): joined, the
  /// pieces are the trace of a whole run, for random scripts on every property scene and pieces from
  /// one entry up; each piece but the last holds at least `piece` entries.
  @Test func theEngineInPiecesGivesTheWholeTrace() async {
    await propertyCheck(count: 120, input: PropertyTests.sceneIndex, PropertyTests.ops, Gen.int(in: 1...300)) {
      i, ops, piece in
      let scene = PropertyScenes.all[i]
      let script = randomScript(ops)
      let whole = Engine.replay(scene, script: script)
      var pieces: [[TraceEntry]] = []
      Engine.replay(scene, script: script, piece: piece) { pieces.append($0) }
      #expect(Array(pieces.joined()) == whole)
      for p in pieces.dropLast() { #expect(p.count >= piece) }
      // Written through one writer piece by piece, the lines are those of the whole trace.
      var lines = TraceLinesWriter(chunk: 512)
      var bytes: [UInt8] = []
      for p in pieces { lines.add(p) { bytes += $0 } }
      lines.finish { bytes += $0 }
      #expect(String(decoding: bytes, as: UTF8.self) == traceJSONLines(whole))
    }
  }
}
