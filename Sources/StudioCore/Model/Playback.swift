/// How the window plays the trace: one state for the single window and the compare mode alike, its
/// transitions named. (What the header shows is `PlaybackMode`, derived from it and from where the playhead
/// is.)
///
///     live ──P/R──▶ playing(kind) ──caught up──▶ live
///       │  ▲            │    ▲
///     Space│live input Space│ Space (behind the present)
///       ▼  │            ▼    │
///     paused(resume:) ◀──▶ stepping(resume:)     ← → and jumps step; a question pauses
enum Playback: Equatable, Sendable {
  /// Live input: at speed 1 the playhead is the engine's present.
  case live
  /// Playing a script (P) or a gesture again (R) at a watchable pace, until the playhead has caught up.
  case playing(Kind)
  /// Paused (Space, or a question asked); `resume` is what Space goes back to playing.
  case paused(resume: Kind?)
  /// Stepping decision by decision, or a jump: the playhead stays where it is put.
  case stepping(resume: Kind?)

  enum Kind: Equatable, Sendable {
    case script, replay

    var mode: PlaybackMode { self == .script ? .script : .replay }
  }

  var isPaused: Bool {
    switch self {
    case .paused, .stepping: return true
    case .live, .playing: return false
    }
  }

  /// What is played, or what Space resumes playing.
  var kind: Kind? {
    switch self {
    case .live: return nil
    case .playing(let k): return k
    case .paused(let k), .stepping(let k): return k
    }
  }

  /// Space while playing or live, or a question: paused, keeping what to resume.
  mutating func pause() { self = .paused(resume: kind) }

  /// A step or a jump: the playhead stays where it is put.
  mutating func step() { self = .stepping(resume: kind) }

  /// Space while paused: behind the present the rest plays at a watchable pace (as a replay when
  /// nothing was playing); at the present, live.
  mutating func resume(behindThePresent: Bool) { self = behindThePresent ? .playing(kind ?? .replay) : .live }

  /// The playhead has caught up with what was played: live again.
  mutating func caughtUp() {
    if case .playing = self { self = .live }
  }
}
