import TestSupport
import Testing
import TouchSim

/// Delegate questions and arbitration grow linearly with the recognizers of a touch sequence.
///
/// A chain of N recognizers on one view, each naming its neighbour, used to write N² `ask` lines (a chain of
/// 2,000 delegates: 8 million lines, 2.4 GB; 19,999: killed at 22 GB) and a require-to-fail chain rescanned
/// every recognizer at each step. These tests count lines, not time: the questions written grow at most
/// linearly (docs/MODEL.md, "Questions about pairs").
@Suite struct ArbitrationScalingTests {
  /// How each recognizer of a chain names its neighbour.
  enum Chain: String, CaseIterable, CustomTestStringConvertible {
    /// `delegate.shouldRequireFailureOf: [previous]`: each waits for the one before it (a long require-to-fail chain).
    case requireFailureOfPrevious
    /// `delegate.shouldBeRequiredToFailBy: [next]`: the same waits, asked the other way round.
    case requiredToFailByNext
    /// `delegate.shouldRecognizeSimultaneouslyWith: [next]`.
    case simultaneousWithNext
    /// `delegate.shouldRecognizeSimultaneouslyWith: all`: every recognizer recognizes at once.
    case simultaneousWithAll
    /// `requireToFail: [previous]`, no delegates.
    case requireToFailPrevious

    var testDescription: String { rawValue }
  }

  /// N taps on the root view, chained as `chain` says, and a tap in the middle of the screen.
  static func chainScene(_ chain: Chain, _ n: Int) -> Scene {
    var recognizers: [RecognizerSpec] = []
    for i in 0..<n {
      recognizers.append(
        g("r\(i)", .tap) {
          switch chain {
          case .requireFailureOfPrevious:
            $0.delegate = DelegateSpec()
            if i > 0 { $0.delegate!.shouldRequireFailureOf = ["r\(i - 1)"] }
          case .requiredToFailByNext:
            $0.delegate = DelegateSpec()
            if i + 1 < n { $0.delegate!.shouldBeRequiredToFailBy = ["r\(i + 1)"] }
          case .simultaneousWithNext:
            $0.delegate = DelegateSpec()
            $0.delegate!.shouldRecognizeSimultaneouslyWith = .ids(["r\((i + 1) % n)"])
          case .simultaneousWithAll:
            $0.delegate = DelegateSpec()
            $0.delegate!.shouldRecognizeSimultaneouslyWith = .all
          case .requireToFailPrevious:
            if i > 0 { $0.requireToFail = ["r\(i - 1)"] }
          }
        })
    }
    return scene([], rootRecognizers: recognizers)
  }

  static let sizes = [400, 1000, 2000]

  @Test(arguments: Chain.allCases, sizes)
  func delegateChainsAskLinearly(_ chain: Chain, _ n: Int) {
    let run = Run(Self.chainScene(chain, n), tap(195, 400))
    let asks = run.events("ask").count
    // A bounded number of questions per recognizer (at most 8 others asked in full by each of its
    // decisions: 67 when all of them recognize at once); N² would be 160,000 at N = 400.
    #expect(asks <= 70 * n, "\(chain) with \(n) recognizers: \(asks) ask lines")
    #expect(run.trace.count <= 80 * n, "\(chain) with \(n) recognizers: \(run.trace.count) trace lines")
    // What the chain decides.
    switch chain {
    case .requireFailureOfPrevious, .requiredToFailByNext, .requireToFailPrevious:
      // r0 needs nobody to fail: it recognizes, r1 (waiting for it) fails, and the rest are excluded.
      #expect(run.fired("r0"))
      #expect(!run.fired("r1") && !run.fired("r\(n - 1)"))
    case .simultaneousWithNext:
      // The later-added first (E-6.6): r(n-1) recognizes, and r(n-2), whose delegate allows it, with it;
      // r(n-2) then excludes r0, which only r(n-1) allowed.
      #expect(run.fired("r\(n - 1)") && run.fired("r\(n - 2)"))
      #expect(!run.fired("r0") && !run.fired("r1"))
    case .simultaneousWithAll:
      #expect(run.events("action").count == n)
    }
  }

  /// The window froze 10–12 s on one click on this chain: every step rescanned every recognizer (here, in
  /// a debug build, a few minutes; now about 3 s, most of it building the trace). What is linear is
  /// checked by count (trace lines and questions per recognizer); the time limit only stops a run that
  /// has gone back to rescanning. It is ten minutes: on a slow machine, with the whole suite and two busy
  /// processes beside it, the 3 s run went over one minute (2026-12-01).
  @Test(.timeLimit(.minutes(10))) func aRequireToFailChainOf19999RecognizersIsLinear() {
    let n = 19_999
    let run = Run(Self.chainScene(.requireToFailPrevious, n), tap(195, 400))
    // Per recognizer: shouldReceive, two feeds, a wait, canPrevent, canBePrevented, two state lines.
    #expect(run.trace.count <= 10 * n)
    #expect(run.events("ask").count <= 4 * n)
    #expect(run.fired("r0"))
    #expect(run.reason("r1", to: .failed) == "required gesture r0 recognized")
    #expect(run.reason("r\(n - 1)", to: .failed) == "excluded by r0")
    #expect(run.engine.waiting.isEmpty)
  }

  /// The rule for writing questions: about the first eight others in the touch sequence, every answer;
  /// past them, only the answers that change the outcome.
  @Test func questionsAboutTheFirstEightOthersAreWrittenInFull() {
    // Twelve taps on one view; t0 (processed last: the earliest added) has a delegate.
    let taps = (0..<12).map { i in
      g("t\(i)", .tap) {
        if i == 0 {
          $0.delegate = DelegateSpec()
          $0.delegate!.shouldRequireFailureOf = ["t2"]
        }
      }
    }
    let run = Run(scene([], rootRecognizers: taps), tap(195, 400))
    // t11 recognizes first (the later-added first) and excludes the other eleven: the questions about
    // the first eight are written, then those of each one it excludes (all of them here).
    #expect(run.fired("t11"))
    #expect(run.asks(.canPrevent).map(\.other) == (0...10).reversed().map { "t\($0)" })
    // Nobody else tried to recognize: t0 never asked its delegate.
    #expect(run.asks(.shouldRequireFailureOf).isEmpty)

    // With all of them allowed together, each one's failure requirements are asked as it tries.
    var together = taps
    for i in together.indices {
      if together[i].delegate == nil { together[i].delegate = DelegateSpec() }
      together[i].delegate!.shouldRecognizeSimultaneouslyWith = .all
    }
    let all = Run(scene([], rootRecognizers: together), tap(195, 400))
    let t0 = all.asks(.shouldRequireFailureOf).filter { $0.of == "t0" }
    // t0 asks about the first eight others in processing order (t11 ... t4), then t2 only: its YES.
    #expect(t0.map(\.other) == ["t11", "t10", "t9", "t8", "t7", "t6", "t5", "t4", "t2"])
    #expect(t0.map(\.answer) == [false, false, false, false, false, false, false, false, true])
    // t2 had recognized already, so t0 fails: required gesture t2 recognized.
    #expect(all.reason("t0", to: .failed) == "required gesture t2 recognized")
    // Each recognition considers at most eight others in full (none is excluded here: all YES).
    #expect(all.asks(.canPrevent).count <= 2 * 12 * 8)
  }
}
