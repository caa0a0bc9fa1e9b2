import Localization
import Narration
import TestSupport
import Testing
import TouchSim
import TraceKit

/// Narrating a growing trace from a checkpoint says exactly what narrating it from its start says: the
/// window narrates a live gesture this way, so every frame narrates only the entries added since the last.
@Suite struct NarrationResumeTests {
  /// The lines of `trace[0..<count]` narrated whole, as the window does (`complete: false`).
  func whole(_ trace: [TraceEntry], _ count: Int, _ scene: Scene, _ language: Language) -> [NarrationLine] {
    Narrator.narrate(Array(trace[0..<count]), live: LiveScene(scene), complete: false, language: language)
  }

  /// Every prefix of random runs on every property scene, in both languages: narrated from the checkpoint
  /// of every shorter prefix, the lines are those of the whole prefix.
  @Test(arguments: PropertyScenes.all.indices)
  func resumingGivesTheSameLinesAsNarratingWhole(_ sceneIndex: Int) {
    var gen = NarrationPropertyTests.Generator(state: UInt64(sceneIndex + 11) * 104_729)
    let scene = PropertyScenes.all[sceneIndex]
    let live = LiveScene(scene)
    var resumed = 0
    for _ in 0..<12 {
      let ops = (0..<(1 + gen.next() % 40)).map { _ in gen.next() }
      let trace = Run(scene, randomScript(ops)).trace
      guard trace.count > 1 else { continue }
      for language in [Language.english, .simplifiedChinese] {
        // Growing as live input makes it grow: each prefix goes on from the previous prefix's checkpoint.
        var checkpoint: NarrationCheckpoint?
        let stride = max(1, trace.count / 25)
        for count in Swift.stride(from: 1, through: trace.count, by: stride) {
          let prefix = Array(trace[0..<count])
          if checkpoint != nil { resumed += 1 }
          let (lines, next) = Narrator.narrate(
            prefix, live: live, complete: false, language: language, resuming: checkpoint)
          #expect(lines == whole(trace, count, scene, language), "prefix \(count) of \(trace.count)")
          // Taken after the prefix's last entry.
          #expect(next?.entries == count)
          checkpoint = next
        }
        // A complete run resumed from a checkpoint is summed up as the whole run is.
        let (all, _) = Narrator.narrate(trace, live: live, complete: true, language: language, resuming: checkpoint)
        #expect(all == Narrator.narrate(trace, live: live, complete: true, language: language))
      }
    }
    #expect(resumed > 0)
  }

  /// A drag: the checkpoint covers every entry, so the next frame narrates only what was added; a
  /// complete run's covers every time step but the last.
  @Test func aDragsCheckpointCoversEveryEntry() throws {
    let s = scene([v("card", [0, 100, 390, 500])], rootRecognizers: [g("pan", .pan)])
    let trace = Run(s, drag(from: (100, 300), to: (300, 300), steps: 12)).trace
    let times = Set(trace.map(\.t)).sorted()
    let (_, checkpoint) = Narrator.narrate(
      trace, live: LiveScene(s), complete: false, language: .english, resuming: nil)
    #expect(try #require(checkpoint).entries == trace.count)
    let (_, whole) = Narrator.narrate(trace, live: LiveScene(s), complete: true, language: .english, resuming: nil)
    #expect(try #require(whole).entries == trace.firstIndex { $0.t == times.last })
  }

  /// A checkpoint is not used where it cannot be: another language, a shorter trace, or a trace whose
  /// time step does not end where the checkpoint does. The lines are then narrated whole.
  @Test func aCheckpointThatDoesNotFitIsIgnored() throws {
    let s = scene([v("card", [0, 100, 390, 500])], rootRecognizers: [g("pan", .pan)])
    let trace = Run(s, drag(from: (100, 300), to: (300, 300), steps: 12)).trace
    let live = LiveScene(s)
    // The checkpoint of the trace up to its last time step.
    let lastTime = try #require(trace.firstIndex { $0.t == trace.last?.t })
    let (_, english) = Narrator.narrate(
      Array(trace[0..<lastTime]), live: live, complete: false, language: .english, resuming: nil)
    let mark = try #require(english)
    #expect(mark.entries == lastTime)
    let chinese = Narrator.narrate(
      trace, live: live, complete: false, language: .simplifiedChinese, resuming: mark)
    #expect(chinese.lines == whole(trace, trace.count, s, .simplifiedChinese))
    let short = Array(trace[0..<(mark.entries - 1)])
    #expect(
      Narrator.narrate(short, live: live, complete: false, language: .english, resuming: mark).lines
        == whole(trace, short.count, s, .english))
    // The same entries with the checkpoint's last time moved on: its time step no longer ends there.
    var moved = trace
    let last = mark.entries - 1
    moved[last + 1] = TraceEntry(t: moved[last].t, event: moved[last + 1].event)
    #expect(
      Narrator.narrate(moved, live: live, complete: false, language: .english, resuming: mark).lines
        == Narrator.narrate(moved, live: live, complete: false, language: .english))
  }
}
