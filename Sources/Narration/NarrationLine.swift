/// One sentence of the narration of a run, tied to the trace entry it explains.
///
/// Step lines explain one decision (or one collapsed burst of repeated decisions) and carry the index
/// of the first trace entry they explain. Summary lines come after each gesture and answer "why did
/// (or didn't) my X fire?"; they carry the index of the gesture's last trace entry. Ids are written
/// between backticks (`` `buy` ``) so the window can style or strip them.
public struct NarrationLine: Equatable, Sendable {
  /// What a line is.
  public enum Kind: String, Equatable, Sendable {
    /// One decision of the engine, in trace order.
    case step
    /// Part of the "Why?" summary written when a gesture is over.
    case summary
  }

  /// Simulated time in milliseconds: the time of the entry at `traceIndex`.
  public var t: Double
  /// The trace entry the line is shown at: for a step, the first entry it explains; for a summary,
  /// the last entry of the gesture.
  public var traceIndex: Int
  /// Every trace entry the line covers (a collapsed burst may cover entries that other lines explain;
  /// a summary covers its whole gesture).
  public var entries: ClosedRange<Int>
  public var kind: Kind
  /// One plain sentence, rule ids in parentheses at the end.
  public var text: String

  public init(t: Double, traceIndex: Int, entries: ClosedRange<Int>? = nil, kind: Kind, text: String) {
    self.t = t
    self.traceIndex = traceIndex
    self.entries = entries ?? traceIndex...traceIndex
    self.kind = kind
    self.text = text
  }

  /// The text without the backticks around ids.
  public var plainText: String { text.filter { $0 != "`" } }
}
