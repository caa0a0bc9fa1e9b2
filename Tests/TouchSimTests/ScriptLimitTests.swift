import Geometry
import TestSupport
import Testing

@testable import TouchSim

/// A script runs under a limit of trace entries (docs/SCENE-FORMAT.md, "Limits"): past it, the run stops
/// before the next step (or the next touch of a time step) and says which step and line; under it, the
/// run is the unlimited one.
@Suite struct ScriptLimitTests {
  /// Ten views stacked behind the root's front view, so a tap on the front one still visits them all; a tap
  /// every 100 ms, each step on its own line (line = 100 + index).
  static func taps(_ n: Int) -> Scene {
    let views = (0..<10).map { i in v("v\(i)", [Double(i), 0, 1, 1]) }
    return scene(views + [v("front", [100, 100, 100, 100], recognizers: [g("tap", .tap)])]) { s in
      var steps: [ScriptStep] = []
      for i in 0..<n {
        let t = Double(i * 100)
        steps.append(down(1, 150, 150, t: t))
        steps.append(up(1, t: t + 40))
      }
      s.script = steps
      for i in s.script.indices { s.script[i].line = 100 + i }
    }
  }

  @Test func underTheLimitTheRunIsTheUnlimitedOne() throws {
    let s = Self.taps(20)
    let whole = Engine.replay(s)
    let limited = try Engine.replay(s, limit: whole.count)
    #expect(limited == whole)
  }

  @Test func pastTheLimitTheRunStopsBeforeTheNextStepAndNamesIt() throws {
    let s = Self.taps(20)
    let whole = Engine.replay(s)
    let limit = whole.count / 3
    let engine = Engine(scene: s)
    var stop: ScriptTooLong?
    do {
      try engine.run(script: s.script, limit: limit)
    } catch {
      stop = error
    }
    let error = try #require(stop)
    #expect(error.limit == limit)
    // The trace is the unlimited one up to the step that passed the limit, and no further.
    let made = engine.trace
    #expect(made.count > limit)
    #expect(Array(whole.prefix(made.count)) == made)
    // The steps before `error.step` ran; the one it names did not: the trace up to the step before passes
    // the limit, the trace up to the one before that does not.
    let ranBefore = Engine(scene: s)
    try ranBefore.run(script: Array(s.script.prefix(error.step - 1)), limit: .max)
    #expect(ranBefore.trace.count <= limit)
    #expect(error.line == s.script[error.step].line)
    #expect(error.step > 0 && error.step < s.script.count)
  }

  /// Many fingers down at one time are one event: the run stops before the next touch of it, and names
  /// that touch's step.
  @Test func insideATimeStepItStopsBeforeTheNextTouch() throws {
    var s = Self.taps(0)
    s.script = (1...40).map { n in down(n, 150, 150, t: 0) }
    for i in s.script.indices { s.script[i].line = 10 + i }
    // Each touch-down writes its input and its hit test (about 14 entries): after ten of them the run
    // stops, long before the 40th.
    let engine = Engine(scene: s)
    var stop: ScriptTooLong?
    do { try engine.run(script: s.script, limit: 100) } catch { stop = error }
    let error = try #require(stop)
    #expect(error.step > 1 && error.step < 20, "stopped before step \(error.step)")
    #expect(error.line == 10 + error.step)
    let inputs = engine.trace.filter { if case .input(_, .began, _, _) = $0.event { true } else { false } }
    #expect(inputs.count == error.step, "the touches before the named step went down, no other")
  }

  /// The timers that run after the last step count too: the error then names the script's length.
  @Test func timersAfterTheLastStepCount() throws {
    var s = scene([v("card", [0, 0, 390, 844], recognizers: [g("press", .longPress)])])
    s.script = [down(1, 100, 100, t: 0)]
    s.script[0].line = 7
    let whole = Engine.replay(s)
    let atDown = Engine(scene: s)
    atDown.perform(s.script)
    #expect(whole.count > atDown.trace.count, "the long press's timer adds entries after the step")
    var stop: ScriptTooLong?
    do { _ = try Engine.replay(s, limit: atDown.trace.count) } catch { stop = error }
    #expect(stop == ScriptTooLong(step: 1, line: 7, limit: atDown.trace.count))
  }

  /// The streaming replay hands on what it made before it stopped, then says where.
  @Test func theStreamingReplayWritesWhatRanThenStops() {
    let s = Self.taps(20)
    let whole = Engine.replay(s)
    var pieces: [TraceEntry] = []
    let stop = Engine.replay(s, piece: 16, limit: whole.count / 2) { pieces += $0 }
    #expect(stop != nil)
    #expect(pieces.count > whole.count / 2 && pieces.count < whole.count)
    #expect(Array(whole.prefix(pieces.count)) == pieces)
    var all: [TraceEntry] = []
    #expect(Engine.replay(s, piece: 16, limit: whole.count) { all += $0 } == nil)
    #expect(all == whole)
  }

  /// A time step of many touches is read in linear time: the check for a touch changing twice in one
  /// event does not rescan the event for every step.
  @Test func aLargeEventIsSplitLikeASmallOne() {
    var s = Self.taps(0)
    // Touch 1 down and up at the same time, written twice among 30 other touches: four events.
    let others = (2...31).map { n in down(n, 150, 150, t: 0) }
    s.script = [down(1, 150, 150, t: 0)] + others + [up(1, t: 0)] + [down(1, 150, 150, t: 0)]
    let trace = Engine.replay(s)
    let phases = trace.compactMap { e -> TouchPhase? in
      if case .input(1, let phase, _, _) = e.event { phase } else { nil }
    }
    #expect(phases == [.began, .ended, .began])
  }

  @Test func theMessageGroupsTheLimit() {
    #expect(ScriptTooLong(step: 0, line: 1, limit: 2_000_000).limitText == "2,000,000")
    #expect(ScriptTooLong(step: 0, line: 1, limit: 999).limitText == "999")
    #expect(ScriptTooLong(step: 0, line: 1, limit: 1000).message.contains("1,000 entries"))
  }
}
