import Geometry
import Testing
import TouchSim

@testable import StudioCore

/// `Playback`: the window's one playback state and its transitions.
@Suite struct PlaybackTests {
  @Test func pausingKeepsWhatToResume() {
    var p = Playback.playing(.script)
    p.pause()
    #expect(p == .paused(resume: .script) && p.isPaused && p.kind == .script)
    p.step()
    #expect(p == .stepping(resume: .script) && p.isPaused)
    // Behind the present, Space plays on what was playing.
    p.resume(behindThePresent: true)
    #expect(p == .playing(.script) && !p.isPaused)
  }

  @Test func resumingAtThePresentIsLive() {
    var p = Playback.paused(resume: .script)
    p.resume(behindThePresent: false)
    #expect(p == .live && p.kind == nil)
  }

  /// Paused from live and resumed behind the present: the rest plays as a replay (at a watchable pace).
  @Test func resumingBehindWithNothingPlayingIsAReplay() {
    var p = Playback.live
    p.pause()
    #expect(p == .paused(resume: nil))
    p.resume(behindThePresent: true)
    #expect(p == .playing(.replay))
  }

  /// Caught up, a playback goes live; paused or stepping, it stays as it is.
  @Test func catchingUpEndsOnlyAPlayback() {
    var p = Playback.playing(.replay)
    p.caughtUp()
    #expect(p == .live)
    var q = Playback.stepping(resume: .replay)
    q.caughtUp()
    #expect(q == .stepping(resume: .replay))
  }

  /// The header's mode comes from the one state: a step shows as stepping, a question's pause as paused.
  @Test func theModelsModeFollowsThePlayback() {
    let m = StudioModel(scene: Scene(root: ViewSpec(id: "root", frame: Rect(0, 0, 390, 844))))
    #expect(m.mode == .live)
    m.pauseForStepping()
    #expect(m.mode == .step && m.paused)
    m.pauseForQuestion()
    #expect(m.mode == .paused && m.paused)
    m.togglePause()
    #expect(m.mode == .live && !m.paused)
  }
}
