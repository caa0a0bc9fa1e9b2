import Geometry
import Localization
import StudioUI
import TestSupport
import Testing

@testable import Raster
@testable import StudioCore
@testable import TouchSim
@testable import TraceKit

/// Recognizer cards at rest and the narration's setting are kept from one frame to the next
/// (`FrameMemo.card`, `FrameMemo.narrationSetting`): a frame built with them is the frame built without them, through taps, drags, pulses, selection, a toggle
/// flipped and a recognizer waiting for another to fail.
@Suite struct RecognizerCardMemoTests {
  let size = Size(1440, 900)

  func model() -> StudioModel {
    let scene = TestSupport.scene([
      v(
        "card", [0, 100, 390, 500],
        recognizers: [
          g("cardPan", .pan), g("single", .tap) { $0.requireToFail = ["double"] },
          g("double", .tap) { $0.numberOfTapsRequired = 2 },
          g("press", .longPress) {
            var d = DelegateSpec()
            d.shouldBegin = .always(false)
            $0.delegate = d
          },
        ],
        subviews: [v("buy", [100, 100, 190, 60], kind: .button)])
    ])
    let m = StudioModel(scene: scene)
    m.narrator = StudioNarration.narrate
    _ = m.frame(size: size, pixelScale: 1)
    m.tick(wall: 0)
    return m
  }

  func pixel(_ m: StudioModel, _ p: Point) -> Point {
    m.viewport(for: StudioLayout(size: size, theme: m.theme)).toPixels(p)
  }

  /// The frame as built now, and as built again once the kept cards are forgotten.
  func bothFrames(_ m: StudioModel) -> (kept: DrawList, fresh: DrawList) {
    let kept = m.frame(size: size, pixelScale: 1)
    m.forgetKept()
    let fresh = m.frame(size: size, pixelScale: 1)
    return (kept, fresh)
  }

  @Test func aFrameWithKeptCardsIsTheFrameWithout() {
    let m = model()
    var wall = 0.0
    var compared = 0
    func step(_ input: StudioInput?, after ms: Double = 16) {
      wall += ms
      if let input { m.handle(input, wall: wall) }
      m.tick(wall: wall)
      // Built once so the cards are kept, then compared with a fresh build at the same moment.
      _ = m.frame(size: size, pixelScale: 1)
      let (kept, fresh) = bothFrames(m)
      let sameCommands = kept.commands == fresh.commands
      let sameRegions = kept.regions.map(\.rect) == fresh.regions.map(\.rect)
      #expect(sameCommands, "frame at \(wall) ms differs with kept cards")
      #expect(sameRegions, "frame at \(wall) ms: regions differ with kept cards")
      compared += 1
    }
    let tapAt = Point(40, 400)
    // A single tap (waiting for double to fail), a double tap, a drag, a long press asked shouldBegin.
    step(.pointerDown(.mouse, at: pixel(m, tapAt)))
    step(.pointerUp(.mouse, at: pixel(m, tapAt)))
    for _ in 0..<30 { step(nil, after: 33) }
    step(.pointerDown(.mouse, at: pixel(m, tapAt)))
    step(.pointerUp(.mouse, at: pixel(m, tapAt)))
    step(.pointerDown(.mouse, at: pixel(m, tapAt)))
    step(.pointerUp(.mouse, at: pixel(m, tapAt)))
    for _ in 0..<40 { step(nil, after: 33) }
    step(.pointerDown(.mouse, at: pixel(m, tapAt)))
    for k in 1...20 { step(.pointerMoved(.mouse, to: pixel(m, tapAt + Point(Double(k) * 5, 0)))) }
    step(.pointerUp(.mouse, at: pixel(m, tapAt + Point(100, 0))))
    for _ in 0..<30 { step(nil, after: 33) }
    step(.pointerDown(.mouse, at: pixel(m, tapAt)))
    for _ in 0..<30 { step(nil, after: 33) }
    step(.pointerUp(.mouse, at: pixel(m, tapAt)))
    // Selection and a toggle flipped from the keyboard change the cards at once.
    m.perform(.select("single"))
    step(nil)
    m.perform(.change(PropertyChange(target: "single", key: "cancelsTouchesInView", value: .bool(false))))
    step(nil)
    for _ in 0..<30 { step(nil, after: 33) }
    #expect(compared > 150)
  }

  @Test func cardsAtRestAreKeptAndAChangeRedrawsThem() {
    let m = model()
    _ = m.frame(size: size, pixelScale: 1)
    let before = m.frameMemo.cardReuses
    let first = m.frame(size: size, pixelScale: 1)
    #expect(m.frameMemo.cardReuses > before, "a frame at rest should reuse the cards of the one before")
    // A flipped toggle is drawn at once: the card shows OFF for cancelsTouchesInView.
    m.perform(.change(PropertyChange(target: "single", key: "cancelsTouchesInView", value: .bool(false))))
    let after = m.frame(size: size, pixelScale: 1)
    let changed = first.commands != after.commands
    #expect(changed)
    m.forgetKept()
    let same = m.frame(size: size, pixelScale: 1).commands == after.commands
    #expect(same)
  }

  /// Thirty recognizers: the cards the latest touch did not reach fold into chips, which are kept from the
  /// frame before while the same ones are folded in the same states (`FrameMemo.chips`). Every frame is
  /// the frame built without them, through taps that change which cards are open and their states.
  @Test func keptFoldedChipsAreTheChipsDrawnAgain() {
    let rows = (0..<30).map { k in
      v("row\(k)", [0, 20 + Double(k) * 26, 390, 24], recognizers: [g("tap\(k)", .tap)])
    }
    let m = StudioModel(scene: TestSupport.scene(rows))
    m.narrator = StudioNarration.narrate
    var wall = 0.0
    m.tick(wall: wall)
    _ = m.frame(size: size, pixelScale: 1)
    var compared = 0
    func step(_ input: StudioInput?) {
      wall += 16
      if let input { m.handle(input, wall: wall) }
      m.tick(wall: wall)
      _ = m.frame(size: size, pixelScale: 1)
      let (kept, fresh) = bothFrames(m)
      #expect(kept.commands == fresh.commands, "frame at \(wall) ms differs with kept chips")
      #expect(kept.regions.map(\.rect) == fresh.regions.map(\.rect), "frame at \(wall) ms: regions differ")
      compared += 1
    }
    for k in [3, 17, 28] {
      let p = pixel(m, Point(100, 32 + Double(k) * 26))
      step(.pointerDown(.mouse, at: p))
      step(.pointerUp(.mouse, at: p))
      for _ in 0..<20 { step(nil) }
    }
    #expect(compared == 66)
    // At rest, the chips of the frame before are drawn again.
    let before = m.frameMemo.chipReuses
    _ = m.frame(size: size, pixelScale: 1)
    _ = m.frame(size: size, pixelScale: 1)
    #expect(m.frameMemo.chipReuses > before, "a frame at rest should reuse the folded chips")
  }
}

/// The timeline of a growing gesture is built on from the entries added for the frame before
/// (`FrameMemo.timeline`): always what building it whole gives, and built afresh for another trace.
@Suite struct TimelineMemoTests {
  func engine() -> Engine {
    let scene = TestSupport.scene([
      v("card", [0, 100, 390, 500], recognizers: [g("cardPan", .pan), g("tap", .tap)]),
      v("other", [0, 620, 390, 100], recognizers: [g("otherTap", .tap)]),
    ])
    return Engine(scene: scene)
  }

  @Test func aGrowingTimelineIsTheTimelineBuiltWhole() {
    let e = engine()
    let memo = FrameMemo()
    var compared = 0
    e.perform([down(1, 40, 300, t: 0)])
    for k in 1...30 {
      e.perform([move(1, 40 + Double(k) * 6, 300, t: Double(k) * 8)])
      let whole = TimelineContent(trace: e.trace, range: 0..<e.trace.count, language: .english)
      let grown = memo.timeline(e.trace, 0..<e.trace.count, language: .english, source: TraceSource(e))
      #expect(grown == whole, "after move \(k)")
      compared += 1
    }
    e.perform([up(1, t: 260, 220, 300)])
    #expect(
      memo.timeline(e.trace, 0..<e.trace.count, language: .english, source: TraceSource(e))
        == TimelineContent(trace: e.trace, range: 0..<e.trace.count, language: .english))
    // Another language, a shorter range (the playhead moved back): built afresh, still right.
    #expect(
      memo.timeline(e.trace, 0..<e.trace.count, language: .simplifiedChinese, source: TraceSource(e))
        == TimelineContent(trace: e.trace, range: 0..<e.trace.count, language: .simplifiedChinese))
    #expect(
      memo.timeline(e.trace, 0..<5, language: .simplifiedChinese, source: TraceSource(e))
        == TimelineContent(trace: e.trace, range: 0..<5, language: .simplifiedChinese))
    #expect(compared == 30)
  }

  /// The memo names the trace's engine by its serial number: an engine replaced is freed with its trace.
  @Test func theMemoHoldsNoEngine() {
    let memo = FrameMemo()
    weak var gone: Engine?
    do {
      let e = engine()
      e.perform([down(1, 40, 300, t: 0)])
      _ = memo.timeline(e.trace, 0..<e.trace.count, language: .english, source: TraceSource(e))
      gone = e
      #expect(engine().serial != e.serial)
    }
    #expect(gone == nil)
  }

  @Test func anotherTraceOrATrimmedOneIsBuiltAfresh() {
    let a = engine()
    a.perform([down(1, 40, 300, t: 0)])
    a.perform([up(1, t: 50)])
    let memo = FrameMemo()
    _ = memo.timeline(a.trace, 0..<a.trace.count, language: .english, source: TraceSource(a))
    // A second engine with a longer trace of other entries: never grown from the first one's.
    let b = engine()
    b.perform([down(1, 40, 650, t: 0)])
    b.perform([up(1, t: 50)])
    b.perform([down(2, 40, 660, t: 400)])
    #expect(
      memo.timeline(b.trace, 0..<b.trace.count, language: .english, source: TraceSource(b))
        == TimelineContent(trace: b.trace, range: 0..<b.trace.count, language: .english))
    // The same engine trimmed: its indices now name other entries.
    _ = memo.timeline(b.trace, 0..<4, language: .english, source: TraceSource(b))
    b.discardTrace(upTo: 3)
    #expect(
      memo.timeline(b.trace, 0..<b.trace.count, language: .english, source: TraceSource(b))
        == TimelineContent(trace: b.trace, range: 0..<b.trace.count, language: .english))
  }
}

/// Kept layouts name the measurer they were measured with: a class measurer by its instance, a value
/// measurer by its type.
@Suite struct TextMeasurerIdentityTests {
  @Test func instancesOfAClassDifferAndValuesOfATypeAgree() {
    #expect(FixedTextMeasurer().identity == FixedTextMeasurer().identity)
    let a = CountingMeasurer()
    let b = CountingMeasurer()
    #expect(a.identity == a.identity)
    #expect(a.identity != b.identity)
    #expect(a.identity != FixedTextMeasurer().identity)
  }
}
