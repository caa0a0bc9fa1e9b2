import Foundation
import Geometry
import Raster
import SceneFile
import Testing
import TouchSim
import TraceKit

@testable import StudioCore

/// Recordings whole: `touchscope record` plays what the window plays, to the end of the playback (every
/// line of the trace shown, the fades run out), one frame every 1/fps second of the window's own playback.
/// Played in-process here (the raster and FFmpeg are left to `RecordCommandTests`).
@Suite(.timeLimit(.minutes(10)))
struct ScriptRecordingTests {
  static let root = ContrastTests.root
  /// Every library scene file.
  static let library = ContrastTests.scenes.map { "\($0).yaml" }
  /// The frames' size (the GIF a slide would take); the last frame is read again at the window's size.
  static let small = Size(320, 200)
  static let full = Size(1280, 800)

  static func load(_ file: String) throws -> Scene {
    try SceneLoader.load(path: root.appendingPathComponent("Scenes/\(file)").path)
  }

  /// A model set up as `touchscope record` sets it up (the narration module's narrator).
  static func model(_ scene: Scene, presenter: Bool = false) -> StudioModel {
    let m = StudioModel(scene: scene)
    m.narrator = StudioNarration.narrate
    if presenter { m.perform(.togglePresenter) }
    return m
  }

  /// What a frame shows of the run: the playhead's time, how many trace lines it has shown, the narration
  /// and the timeline's "gesture N of M" (read from the frame drawn at the window's size).
  struct Shown: Equatable, CustomStringConvertible {
    var time: Double
    var entries: Int
    var narration: [NarrationItem]
    var gesture: String?
    var description: String {
      "\(time) ms, \(entries) lines, \(gesture ?? "no gesture label"), narration: "
        + narration.map(\.text).joined(separator: " | ")
    }
  }

  static func shown(_ m: StudioModel, texts: Bool = true) -> Shown {
    var gesture: String?
    if texts {
      let list = m.frame(size: full, pixelScale: 1)
      for case .text(let s, _, _) in list.commands where s.hasPrefix("gesture ") { gesture = s }
    }
    return Shown(
      time: m.playheadTime, entries: m.discardedTraceEntries + m.playhead.index, narration: m.narration,
      gesture: gesture)
  }

  /// Records `recording` on `m` (with `drawn`, each frame built at the small size, as the command builds
  /// it); what every frame showed (times and lines only) and the last frame whole.
  static func record(
    _ recording: ScriptRecording, on m: StudioModel, drawn: Bool = false
  ) throws -> (frames: [Shown], last: Shown?) {
    var frames: [Shown] = []
    let count = try recording.play(on: m) { i in
      #expect(i == frames.count)
      if drawn { _ = m.frame(size: small, pixelScale: 1) }
      // Recording plays through the scene's questions: none is ever on screen.
      #expect(m.question == nil)
      frames.append(shown(m, texts: false))
    }
    #expect(count == frames.count)
    return (frames, frames.isEmpty ? nil : shown(m))
  }

  /// The window playing the same script at its own pace (60 frames a second), as it is once its playback
  /// has finished.
  static func windowAtEnd(_ scene: Scene, script: [ScriptStep], presenter: Bool = false) -> Shown {
    let m = model(scene, presenter: presenter)
    var wall = 0.0
    m.tick(wall: wall)
    m.play(script: script)
    while m.isReplaying && wall < 3_600_000 {
      wall += 1000.0 / 60
      m.tick(wall: wall)
    }
    return shown(m)
  }

  @Test(arguments: library)
  func everyLibrarySceneIsRecordedToTheEndOfItsPlayback(_ file: String) throws {
    let scene = try Self.load(file)
    let fps = 5
    let (frames, last) = try Self.record(ScriptRecording(script: scene.script, fps: fps), on: Self.model(scene))
    let last1 = try #require(last)
    // Every line of the whole script's trace is shown ...
    let engine = Engine(scene: scene)
    engine.run(script: scene.script)
    #expect(last1.entries == engine.trace.count, "\(file): \(last1)")
    // ... and the fades have run out: the playback stops where the window's does.
    let end = (engine.trace.last?.t ?? 0) + Pacing.settleTime
    #expect(last1.time == end, "\(file)")
    // The last frame is the window's state once its playback has finished: narration and timeline.
    let window = Self.windowAtEnd(scene, script: scene.script)
    #expect(last1 == window, "\(file)\nrecorded: \(last1)\nwindow:   \(window)")
    if let label = last1.gesture {
      // The last gesture of the script, resolved ("gesture 5 of 5 · ...").
      let parts = label.split(separator: " ")
      #expect(parts.count > 3 && parts[1] == parts[3], "\(file): \(label)")
    }
    // The frames follow the played time, which dwells: never fewer than the script time alone takes.
    #expect(frames.count >= Int(end * Double(fps) / 1000), "\(file): \(frames.count) frames for \(end) ms")
    #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.time <= $1.time && $0.entries <= $1.entries })
    // Only the last frame shows the playback finished.
    #expect(frames.dropLast().allSatisfy { $0.time < end || $0.entries < engine.trace.count }, "\(file)")
  }

  /// The tour's last gesture (the chip drag, to 3876 ms) and lesson 11's last double tap, in presenter
  /// mode, at the command's own 30 frames a second: recorded whole.
  @Test(arguments: [("tour.yaml", false), ("11-single-vs-double-tap.yaml", true)])
  func theReportedRecordingsEndWhenTheirPlaybackEnds(_ file: String, presenter: Bool) throws {
    let scene = try Self.load(file)
    let m = Self.model(scene, presenter: presenter)
    var times: [Double] = []
    let count = try ScriptRecording(script: scene.script, fps: 30).play(on: m) { _ in times.append(m.playheadTime) }
    let lastStep = try #require(scene.script.last?.t)
    // More frames than the script's time alone (the playback dwells), and the last past every step.
    #expect(count > Int((lastStep + Pacing.settleTime) * 30 / 1000), "\(count) frames")
    #expect(try #require(times.last) >= lastStep + Pacing.settleTime)
    #expect(Self.shown(m) == Self.windowAtEnd(scene, script: scene.script, presenter: presenter))
  }

  /// `--from` (inside the tour's chip drag) and `--to` choose exactly the frames of the whole recording whose
  /// playhead lies between them: the first frame is the first to reach `from`, the last the one before `to`.
  @Test func fromAndToChooseThePartOfTheWholeRecording() throws {
    let scene = try Self.load("tour.yaml")
    let fps = 30
    let whole = try Self.record(ScriptRecording(script: scene.script, fps: fps), on: Self.model(scene)).frames
    // 3750 ms: the finger is down on the chip and moving (3700 to 3876 ms).
    let from = 3750.0
    let to = 4400.0
    let part = try Self.record(
      ScriptRecording(script: scene.script, fps: fps, from: from, to: to), on: Self.model(scene)
    )
    .frames
    let first = try #require(whole.firstIndex { $0.time >= from })
    let after = try #require(whole.firstIndex { $0.time >= to })
    #expect(part.count > 1)
    #expect(part == Array(whole[first..<after]))
    #expect(part.first!.time >= from && part.last!.time < to)
    // A --to past the end records to the end, the same frames as without one.
    let past = try Self.record(ScriptRecording(script: scene.script, fps: fps, to: 1_000_000), on: Self.model(scene))
    #expect(past.frames == whole)
    // Only --from: from there to the end.
    let tail = try Self.record(ScriptRecording(script: scene.script, fps: fps, from: from), on: Self.model(scene))
    #expect(tail.frames == Array(whole[first...]))
  }

  /// A --from after the end of the playback is refused, saying where the playback ends.
  @Test func aFromAfterTheEndIsRefused() throws {
    let scene = try Self.load("tour.yaml")
    let engine = Engine(scene: scene)
    engine.run(script: scene.script)
    let end = (engine.trace.last?.t ?? 0) + Pacing.settleTime
    #expect(throws: ScriptRecording.FromAfterEnd(end: end, from: 60_000)) {
      try ScriptRecording(script: scene.script, fps: 10, from: 60_000).play(on: Self.model(scene)) { _ in }
    }
    #expect(
      ScriptRecording.FromAfterEnd(end: end, from: 60_000).message(.simplifiedChinese).contains("回放在脚本时间"))
  }

  /// Slow motion plays longer: at half speed the same run takes about twice the frames.
  @Test func halfSpeedTakesTwiceTheFrames() throws {
    let scene = try Self.load("tour.yaml")
    let normal = try ScriptRecording(script: scene.script, fps: 10).play(on: Self.model(scene)) { _ in }
    let slow = Self.model(scene)
    slow.perform(.setSpeed(0.5))
    let half = try ScriptRecording(script: scene.script, fps: 10).play(on: slow) { _ in }
    #expect(abs(Double(half) / Double(normal) - 2) < 0.05, "\(normal) frames at speed 1, \(half) at 0.5")
  }

  /// Drawing the frames changes nothing of what they show: the playback is the model's alone.
  @Test func drawingTheFramesChangesNothing() throws {
    let scene = try Self.load("tour.yaml")
    let recording = ScriptRecording(script: scene.script, fps: 4)
    let drawn = try Self.record(recording, on: Self.model(scene), drawn: true)
    let counted = try Self.record(recording, on: Self.model(scene))
    #expect(drawn.frames == counted.frames)
    #expect(drawn.last == counted.last)
  }
}
