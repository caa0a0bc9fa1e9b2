/// A script stopped because its run made more trace entries than the limit allows (docs/SCENE-FORMAT.md,
/// "Limits"). A scene within every other limit can still ask for a trace without end in practice: 50,000
/// taps on 20,000 views behind the finger is a billion hit-test visits. Every command and the window run
/// scripts under `Engine.scriptTraceLimit`, so an accepted input finishes in bounded time and memory, and a
/// refused one names the step where it stopped.
public struct ScriptTooLong: Error, Sendable, Equatable {
  /// The index of the first step that did not run (the script's length when the timers that run after
  /// the last step made the trace too long).
  public var step: Int
  /// The line of that step in its file (of the last step, when the timers were running; 0 when unknown).
  public var line: Int
  /// The limit that was passed.
  public var limit: Int

  public init(step: Int, line: Int, limit: Int) {
    self.step = step
    self.line = line
    self.limit = limit
  }

  /// What went wrong, without a position (the caller puts the file and line in front).
  public var message: String {
    "the script stops here: its trace passed \(limitText) entries, the most one run may make "
      + "(see Limits in docs/SCENE-FORMAT.md); shorten the script or split it"
  }

  /// The limit with its thousands grouped by commas ("2,000,000").
  public var limitText: String {
    var digits = Array(String(limit))
    var i = digits.count - 3
    while i > 0 {
      digits.insert(",", at: i)
      i -= 3
    }
    return String(digits)
  }
}

extension Engine {
  /// The most trace entries one run of a script may make (commands and the window): about 75 MB of JSON
  /// Lines, under a second of engine time and about 3 s of narration (`explain`) in a release build. A
  /// lesson's script makes a few hundred; the window keeps 60,000 of live input.
  public static let scriptTraceLimit = 1_000_000
}
