/// Times that the window's pacing and the tools that reason about it share.
public enum Pacing {
  /// How long the picture keeps changing after the last trace entry when nothing else happens: the longest
  /// fade (the hit-test walk's badges, 2.1 s) and a margin. The window's playhead stops this long after the
  /// last entry, so a question asked later than that is never reached (`QuestionAnswer.problems`).
  public static let settleTime = 3000.0
}
