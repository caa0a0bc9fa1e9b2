import Geometry
import TestSupport
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore
@testable import StudioSDL
@testable import TraceKit

/// Endless live input keeps memory bounded without changing what the window shows (memory).
@Suite struct LongSessionTests {
  let size = Size(1440, 900)

  /// A card with a pan and a tap recognizer around a button, and a slider.
  func model(_ limits: StudioModel.Limits = StudioModel.Limits()) -> StudioModel {
    let scene = TestSupport.scene([
      v(
        "card", [0, 100, 390, 500], recognizers: [g("cardPan", .pan), g("cardTap", .tap)],
        subviews: [v("buy", [100, 100, 190, 60], kind: .button)]),
      v("slider", [20, 700, 350, 40], kind: .slider),
    ])
    let m = StudioModel(scene: scene)
    m.narrator = StudioNarration.narrate
    m.limits = limits
    _ = m.frame(size: size, pixelScale: 1)
    m.tick(wall: 0)
    return m
  }

  func pixel(_ m: StudioModel, _ p: Point) -> Point {
    m.viewport(for: StudioLayout(size: size, theme: m.theme)).toPixels(p)
  }

  /// `count` gestures: taps on the button, drags on the card and on the slider, in turn; one input every
  /// 10 ms with a tick after each. Returns the wall clock at the end.
  @discardableResult
  func gestures(_ m: StudioModel, count: Int, from start: Double = 0) -> Double {
    var wall = start
    func step(_ input: StudioInput) {
      wall += 10
      m.handle(input, wall: wall)
      m.tick(wall: wall)
    }
    for i in 0..<count {
      let origin: Point = [Point(190, 230), Point(60, 400), Point(40, 720)][i % 3]
      step(.pointerDown(.mouse, at: pixel(m, origin)))
      let moves = i % 3 == 0 ? 1 : 12
      for k in 1...moves { step(.pointerMoved(.mouse, to: pixel(m, origin + Point(Double(k) * 4, 0)))) }
      step(.pointerUp(.mouse, at: pixel(m, origin + Point(Double(moves) * 4, 0))))
      wall += 300
      m.tick(wall: wall)
    }
    return wall
  }

  var small: StudioModel.Limits {
    var l = StudioModel.Limits()
    l.trace = 600
    l.traceKept = 300
    l.history = 4
    l.recording = 60
    return l
  }

  @Test func theTraceIsTrimmedAndTheWindowShowsTheSameState() {
    let bounded = model(small)
    let full = model()
    gestures(bounded, count: 90)
    gestures(full, count: 90)

    #expect(bounded.discardedEntries > 0)
    #expect(bounded.engine.trace.count <= small.trace)
    #expect(bounded.discardedEntries + bounded.engine.trace.count == full.engine.trace.count)
    #expect(Array(full.engine.trace.suffix(bounded.engine.trace.count)) == bounded.engine.trace)
    // The trace kept starts at a touch-down.
    if case .input(_, .began, _, _)? = bounded.engine.trace.first?.event {
    } else {
      Issue.record("the kept trace does not start at a touch-down: \(String(describing: bounded.engine.trace.first))")
    }
    // What the panels draw from: the fold at the playhead, and the narration's last sentence.
    #expect(bounded.snapshot.scene == full.snapshot.scene)
    #expect(bounded.snapshot.recognizers.mapValues(\.state) == full.snapshot.recognizers.mapValues(\.state))
    #expect(bounded.snapshot.controls.mapValues(\.value) == full.snapshot.controls.mapValues(\.value))
    #expect(bounded.snapshot.controls.mapValues(\.lastEvent) == full.snapshot.controls.mapValues(\.lastEvent))
    #expect(bounded.snapshot.touches.mapValues(\.location) == full.snapshot.touches.mapValues(\.location))
    #expect(bounded.narration.last?.text == full.narration.last?.text)
    #expect(bounded.narration.last.map { $0.traceIndex + bounded.discardedEntries } == full.narration.last?.traceIndex)
  }

  @Test func indicesInTheFoldMoveWithTheTrim() {
    let bounded = model(small)
    let full = model()
    gestures(bounded, count: 90)
    gestures(full, count: 90)
    let k = bounded.discardedEntries
    for (id, s) in full.snapshot.recognizers {
      #expect(bounded.snapshot.recognizers[id]?.last?.index == s.last.map { $0.index - k })
      #expect(bounded.snapshot.recognizers[id]?.lastAction?.index == s.lastAction.map { $0.index - k })
    }
    #expect(bounded.snapshot.walk?.startIndex == full.snapshot.walk.map { $0.startIndex - k })
    #expect(bounded.snapshot.deliveries.mapValues(\.index) == full.snapshot.deliveries.mapValues { $0.index - k })
  }

  @Test func steppingBackAfterATrimReplaysFromTheKeptState() {
    let bounded = model(small)
    let full = model()
    gestures(bounded, count: 90)
    gestures(full, count: 90)
    for _ in 0..<25 {
      bounded.perform(.stepBack)
      full.perform(.stepBack)
    }
    #expect(bounded.snapshot.count + bounded.discardedEntries == full.snapshot.count)
    #expect(bounded.snapshot.scene == full.snapshot.scene)
    #expect(bounded.snapshot.recognizers.mapValues(\.state) == full.snapshot.recognizers.mapValues(\.state))
    #expect(bounded.snapshot.touches.mapValues(\.location) == full.snapshot.touches.mapValues(\.location))
  }

  @Test func theHistoryKeepsTheLatestGestureSummaries() {
    let m = model(small)
    gestures(m, count: 90)
    #expect(!m.history.isEmpty)
    #expect(m.history.count <= small.history)
    #expect(m.history.allSatisfy { $0.isSummary })
    #expect(m.history.map(\.t) == m.history.map(\.t).sorted())
  }

  @Test func theRecordingKeepsWholeRecentGestures() {
    let m = model(small)
    gestures(m, count: 90)
    // At most the limit plus the gesture that crossed it; at least half the limit less one gesture.
    #expect(m.recording.count <= small.recording + 14)
    #expect(m.recording.count >= small.recording / 2 - 14)
    guard case .down? = m.recording.first?.action else {
      Issue.record("the recording does not start with a touch-down")
      return
    }
  }

  @Test func nothingIsTrimmedWhileThePlayheadShowsWhatWouldGo() {
    let m = model()
    let wall = gestures(m, count: 60)
    m.limits = small
    m.perform(.jump(10))  // pauses far before what a trim would keep
    m.perform(.togglePause)  // plays on from there
    m.tick(wall: wall + 10)
    #expect(m.playhead.index < m.engine.trace.count)
    #expect(m.discardedEntries == 0)
    m.perform(.jump(m.engine.trace.count - 1))
    m.perform(.togglePause)
    m.tick(wall: wall + 20)
    #expect(m.discardedEntries > 0)
  }

  /// The narration covers the gesture at the playhead (up to the playhead); its sentences are the
  /// whole-trace narration's.
  @Test func theNarrationAroundThePlayheadIsTheWholeTracesNarration() {
    let m = model()
    gestures(m, count: 7)
    let window = m.narration
    let whole = StudioNarration.narrate(m.engine.trace, LiveScene(m.engineStartScene))
    #expect(!window.isEmpty)
    #expect(window.count < whole.count)
    #expect(Array(whole.suffix(window.count)) == window)
  }
}

/// Truncation by prefix sums gives what trying each shorter prefix in turn gave (the frame's text layout
/// must not change when it gets faster).
@Suite struct TruncationTests {
  /// The straightforward version: drop characters from the end until the text with "…" fits.
  func reference(_ text: String, _ maxWidth: Double, size: Double, face: FontFace) -> String {
    let maxWidth = maxWidth + 0.01
    if InspectorText.width(text, size: size, face: face) <= maxWidth { return text }
    if InspectorText.width("…", size: size, face: face) > maxWidth { return "" }
    var chars = Array(text)
    while !chars.isEmpty {
      chars.removeLast()
      var s = String(chars)
      while s.last == " " { s.removeLast() }
      if InspectorText.width(s + "…", size: size, face: face) <= maxWidth { return s + "…" }
    }
    return "…"
  }

  @Test func prefixSumsMatchTheReference() {
    let alphabet = Array("abc XYZ 0123 .,;:→✓✗ mWi  ")
    var seed: UInt64 = 99
    func next(_ n: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(n))
    }
    for _ in 0..<3000 {
      let text = String((0..<next(40)).map { _ in alphabet[next(alphabet.count)] })
      let width = Double(next(300))
      let size = Double(9 + next(20))
      let face = FontFace.allCases[next(3)]
      #expect(
        InspectorText.truncate(text, width, size: size, face: face) == reference(text, width, size: size, face: face),
        "\(text) in \(width) px at \(size) \(face)")
    }
  }
}
