import Geometry
import StudioTestSupport
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore
@testable import StudioSDL
@testable import TraceKit

/// The pure-Swift rasterizer, pixel by pixel: every command kind drawn into a small buffer, no SDL.
@Suite struct RasterizerTests {
  private let background = RGBA(255, 255, 255)
  private let red = RGBA(255, 0, 0)
  private let blue = RGBA(0, 0, 255)

  /// Draws `commands` over a white `width` × `height` buffer; text comes from `masks`.
  private func draw(
    _ commands: [DrawCommand], width: Int = 100, height: Int = 100,
    masks: (TextMaskKey) -> TextMask? = { _ in nil }
  ) -> PixelBuffer {
    let rasterizer = Rasterizer(width: width, height: height)
    rasterizer.clear(to: background)
    rasterizer.draw(commands, masks: masks)
    return rasterizer.buffer
  }

  /// The pixels of row `y` from `x0` up to `x1`, as "#" (exactly `color`), "." (the background) or "?".
  private func row(_ b: PixelBuffer, _ y: Int, _ x0: Int, _ x1: Int, _ color: RGBA) -> String {
    String((x0..<x1).map { x in b.pixel(x, y) == color ? "#" : (b.pixel(x, y) == background ? "." : "?") })
  }

  private func column(_ b: PixelBuffer, _ x: Int, _ y0: Int, _ y1: Int, _ color: RGBA) -> String {
    String((y0..<y1).map { y in b.pixel(x, y) == color ? "#" : (b.pixel(x, y) == background ? "." : "?") })
  }

  /// Pixels spelled as runs: `runs("2. 30# 2.")` is two dots, 30 hashes and two dots.
  private func runs(_ spec: String) -> String {
    spec.split(separator: " ").map { run in String(repeating: String(run.last!), count: Int(run.dropLast())!) }
      .joined()
  }

  /// A rectangle of one buffer copied into another, moved (a crop, the kept pixels taken and put back):
  /// its pixels only, row by row.
  @Test func aRectangleCopiedFromAnotherBufferLandsWhereItIsMoved() {
    let source = PixelBuffer(width: 6, height: 5)
    for i in 0..<30 { source.pixels[i] = UInt32(i) }
    let target = PixelBuffer(width: 4, height: 4)
    target.copy(PixelRect(x0: 2, y0: 1, x1: 5, y1: 3), of: source, offset: (-1, 1))
    // Rows 1 and 2, columns 2 to 4 of the source, at rows 2 and 3, columns 1 to 3; the rest still black.
    var expected = [UInt32](repeating: 0xFF00_0000, count: 16)
    for (y, row) in [(2, 1), (3, 2)] { for x in 1...3 { expected[y * 4 + x] = UInt32(row * 6 + x + 1) } }
    #expect((0..<16).map { target.pixels[$0] } == expected)
  }

  @Test func aRectFillsExactlyItsPixels() {
    let b = draw([.rect(Rect(10, 20, 30, 40), fill: red, stroke: nil)])

    #expect(row(b, 40, 8, 42, red) == runs("2. 30# 2."))
    #expect(column(b, 25, 18, 62, red) == runs("2. 40# 2."))
  }

  @Test func fractionalEdgesSnapToPixelCentresAndThinRectsKeepOnePixel() {
    let b = draw([
      .rect(Rect(10.4, 10, 5.2, 2), fill: red, stroke: nil),  // centres 10.5 ... 15.5 → pixels 10 ... 15
      .rect(Rect(30.2, 30, 0.3, 0.3), fill: blue, stroke: nil),  // thinner than a pixel: still one
    ])

    #expect(row(b, 10, 8, 18, red) == runs("2. 6# 2."))
    #expect(b.pixel(30, 30) == blue)
    #expect(b.pixel(31, 30) == background && b.pixel(30, 31) == background)
  }

  @Test func aRectOutlineIsDrawnInsideTheEdgeWithItsWidth() {
    let b = draw([.rect(Rect(10, 10, 40, 30), fill: nil, stroke: Stroke(red, width: 3))])

    #expect(row(b, 25, 8, 52, red) == runs("2. 3# 34. 3# 2."))
    #expect(column(b, 30, 8, 42, red) == runs("2. 3# 24. 3# 2."))
  }

  @Test func fillThenOutline() {
    let b = draw([.rect(Rect(10, 10, 20, 20), fill: blue, stroke: Stroke(red, width: 2))])

    #expect(row(b, 20, 9, 31, red) == runs("1. 2# 16? 2# 1."))
    #expect(b.pixel(20, 20) == blue)
  }

  @Test func roundedRectCornersAreCutAndItsOutlineStaysInside() {
    let b = draw([
      .roundedRect(Rect(10, 10, 60, 40), radius: 10, fill: blue, stroke: nil),
      .roundedRect(Rect(10, 60, 60, 30), radius: 8, fill: nil, stroke: Stroke(red, width: 2)),
    ])

    #expect(b.pixel(10, 10) == background)  // the corner is rounded off
    #expect(b.pixel(40, 10) == blue && b.pixel(10, 30) == blue && b.pixel(40, 30) == blue)
    #expect(b.pixel(11, 11) == background && b.pixel(13, 13) == blue)  // the curve passes between them
    // The outline's straight parts: two pixels inside each edge, nothing outside, nothing within.
    #expect(column(b, 40, 58, 92, red) == runs("2. 2# 26. 2# 2."))
    #expect(row(b, 75, 8, 72, red) == runs("2. 2# 56. 2# 2."))
    #expect(b.pixel(10, 60) == background)
  }

  @Test func dashedOutlinesHaveGapsAndThePatternRunsOnAcrossCorners() {
    let b = draw([.rect(Rect(0, 0, 100, 50), fill: nil, stroke: Stroke(red, width: 1, dash: 5))])

    // The top edge's centre line starts at x 0.5: dashes at 0.5 ..< 5.5, 10.5 ..< 15.5, ...
    #expect(row(b, 0, 0, 30, red) == runs("5# 5. 5# 5. 5# 5."))
    // 99 pixels along the top edge end one pixel into a gap, so the right edge starts with that pixel of
    // gap before its first dash (a pattern restarting at the corner would start with a dash).
    #expect(column(b, 99, 0, 12, red) == runs("1. 5# 5. 1#"))
    #expect(b.pixel(50, 25) == background)
  }

  @Test func dashedRoundedRectOutlinesHaveGaps() {
    let b = draw([.roundedRect(Rect(10, 10, 80, 40), radius: 6, fill: nil, stroke: Stroke(red, width: 2, dash: 4))])

    let top = row(b, 10, 20, 80, red)
    #expect(top.contains("####") && top.contains("...."))
    #expect(!top.contains("?"))  // straight dashes are sharp
    #expect(row(b, 11, 20, 80, red) == top)  // and two pixels wide
    #expect(row(b, 12, 20, 80, red) == runs("60."))
  }

  @Test func dashesRunOnWhenAPieceEndsAtAnEdgeButForRounding() {
    // A toggle's outline in the inspector: the pattern reaches the ends of pieces within rounding error,
    // which must neither stall the pattern nor drop the rest of an edge.
    let b = draw(
      [.roundedRect(Rect(839, 297, 204, 23), radius: 11.5, fill: nil, stroke: Stroke(red, width: 1, dash: 3))],
      width: 1100, height: 330)

    for y in [297, 319] {
      let edge = row(b, y, 860, 1022, red)
      #expect(!edge.contains("####") && !edge.contains("...."), "row \(y): \(edge)")
    }
  }

  @Test func circlesFillInsideTheRadiusWithSoftEdges() {
    let b = draw([.circle(center: Point(50, 50), radius: 20, fill: red, stroke: nil)])

    #expect(b.pixel(50, 50) == red)
    #expect(b.pixel(50, 31) == red && b.pixel(68, 50) == red)  // centres 19.5 from the centre
    #expect(b.pixel(50, 29) == background && b.pixel(70, 50) == background)  // centres 20.5 away
    #expect(b.pixel(35, 35) == background)  // the bounding box's corner is outside
    // On the rim, the edge is blended: neither the background nor the colour.
    let rim = (20...40).map { b.pixel($0, 40)! }
    #expect(rim.contains { $0 != red && $0 != background })
  }

  @Test func aCircleOutlineIsARingInsideTheRadius() {
    let b = draw([.circle(center: Point(50, 50), radius: 20, fill: nil, stroke: Stroke(red, width: 4))])

    // Centres 16.5 ... 18.5 from the centre lie inside the ring 16 ... 20; 14.5 is in the hole.
    #expect(row(b, 50, 64, 72, red) == runs("1. 1? 3# 1? 2."))
    #expect(b.pixel(50, 50) == background)
    #expect(b.pixel(50, 67) == red && b.pixel(33, 50) == red)
  }

  @Test func aDashedCircleAlternatesDashesAndGapsAroundTheRing() {
    let b = draw([.circle(center: Point(50, 50), radius: 30, fill: nil, stroke: Stroke(red, width: 3, dash: 6))])

    // Walk the ring's centre line (radius 28.5) pixel by pixel and count dash/gap changes.
    var samples: [Bool] = []
    for i in 0..<360 {
      let angle = Double(i) / 360 * 2 * Double.pi
      let p = b.pixel(Int(50 + 28.5 * Trig.cos(angle)), Int(50 + 28.5 * Trig.sin(angle)))!
      samples.append(p.r > 200 && p.g < 60)
    }
    let changes = zip(samples, samples.dropFirst()).filter { $0 != $1 }.count
    // The centre line is 2π · 28.5 ≈ 179 pixels long: about 15 periods of 12, so about 30 changes.
    #expect((24...34).contains(changes), "\(changes) changes between dashes and gaps")
    #expect(b.pixel(50, 50) == background)
  }

  @Test func axisAlignedLinesAreSharpAndCentredOnTheirPoints() {
    let b = draw([
      .line(from: Point(10, 20), to: Point(90, 20), stroke: Stroke(red, width: 3)),
      .line(from: Point(40.5, 30), to: Point(40.5, 90), stroke: Stroke(blue, width: 1)),
    ])

    // Width 3 around y 20: centres 18.5, 19.5, 20.5.
    #expect(column(b, 50, 16, 23, red) == runs("2. 3# 2."))
    #expect(row(b, 50, 38, 43, blue) == runs("2. 1# 2."))
    #expect(b.pixel(9, 20) == background && b.pixel(10, 20) == red && b.pixel(89, 20) == red)
    #expect(b.pixel(90, 20) == background)
  }

  @Test func slantedLinesHaveTheirWidthAcrossTheLine() {
    let b = draw([.line(from: Point(10, 10), to: Point(90, 90), stroke: Stroke(red, width: 4))])

    #expect(b.pixel(50, 50) == red)  // on the line
    #expect(b.pixel(51, 49) == red)  // 1.4 from it: inside the half width 2
    #expect(b.pixel(53, 47) == background)  // 4.2 from it
    #expect(b.pixel(52, 49) != red && b.pixel(52, 49) != background)  // 2.1 from it: partly covered
  }

  @Test func dashedLinesHaveGaps() {
    let b = draw([.line(from: Point(0, 50.5), to: Point(100, 50.5), stroke: Stroke(red, width: 1, dash: 10))])

    #expect(row(b, 50, 0, 40, red) == runs("10# 10. 10# 10."))
  }

  @Test func nestedClipsIntersectAndUnclipRestoresTheOuterOne() {
    let whole = Rect(0, 0, 100, 100)
    let b = draw([
      .clip(Rect(0, 0, 60, 100)),
      .clip(Rect(40, 0, 60, 100)),
      .rect(Rect(0, 0, 100, 10), fill: red, stroke: nil),  // only 40 ..< 60
      .unclip,
      .rect(Rect(0, 10, 100, 10), fill: red, stroke: nil),  // 0 ..< 60
      .unclip,
      .rect(Rect(0, 20, 100, 10), fill: red, stroke: nil),  // everywhere
      .clip(Rect(10, 30, 0, 10)),
      .rect(whole, fill: blue, stroke: nil),  // an empty clip draws nothing
      .unclip,
    ])

    #expect(row(b, 5, 0, 100, red) == runs("40. 20# 40."))
    #expect(row(b, 15, 0, 100, red) == runs("60# 40."))
    #expect(row(b, 25, 0, 100, red) == runs("100#"))
    #expect(!(0..<100).contains { x in b.pixel(x, 35) == blue })
  }

  @Test func clipsCoverTheWholePixelsTheyTouchAndApplyToEveryKind() {
    let b = draw([
      .clip(Rect(20.5, 20.5, 19, 19)),  // pixels 20 ..< 40
      .circle(center: Point(30, 30), radius: 30, fill: red, stroke: nil),
      .line(from: Point(0, 0), to: Point(100, 100), stroke: Stroke(blue, width: 3)),
      .unclip,
    ])

    #expect(b.pixel(20, 25) == red && b.pixel(39, 25) == red)
    #expect(b.pixel(19, 25) == background && b.pixel(40, 25) == background)
    #expect(b.pixel(30, 30) == blue && b.pixel(45, 45) == background)
  }

  @Test func translucentColoursBlendOverTheDestination() {
    let b = draw([
      .rect(Rect(0, 0, 50, 50), fill: RGBA(0, 0, 0), stroke: nil),
      .rect(Rect(0, 0, 100, 50), fill: RGBA(255, 0, 0, 128), stroke: nil),
      .rect(Rect(0, 50, 50, 50), fill: RGBA(0, 0, 255, 64), stroke: nil),
      .rect(Rect(50, 50, 50, 50), fill: RGBA(0, 0, 255, 0), stroke: nil),
    ])

    #expect(b.pixel(10, 10) == RGBA(128, 0, 0))  // 255 · 128/255 over black
    #expect(b.pixel(60, 10) == RGBA(255, 127, 127))  // over white: 255 · 127/255 left of green and blue
    #expect(b.pixel(10, 60) == RGBA(191, 191, 255))  // a quarter of blue over white
    #expect(b.pixel(60, 60) == background)  // alpha 0 draws nothing
  }

  @Test func textMasksAreBlittedInTheCommandsColourAtTheirAnchor() {
    // A 4 × 2 mask: full, half and no coverage.
    let mask = TextMask(width: 4, height: 2, coverage: [255, 128, 0, 255, 0, 0, 0, 0])
    var asked: [TextMaskKey] = []
    let green = RGBA(0, 200, 0)
    let b = draw(
      [
        .text("Hi", at: Point(10, 10), style: TextStyle(size: 12.4, color: green, face: .bold)),
        .text("Hi", at: Point(50, 50), style: TextStyle(size: 12, color: blue, anchor: .center)),
        .text("", at: Point(0, 0), style: TextStyle(size: 12, color: blue)),
      ],
      masks: { key in
        asked.append(key)
        return mask
      })

    #expect(
      asked == [TextMaskKey(text: "Hi", face: .bold, size: 12), TextMaskKey(text: "Hi", face: .regular, size: 12)])
    #expect(b.pixel(10, 10) == green)
    #expect(b.pixel(11, 10) == RGBA(127, 227, 127))  // half of green over white
    #expect(b.pixel(12, 10) == background)
    #expect(b.pixel(13, 10) == green)
    #expect(b.pixel(10, 11) == background)
    // Centred on (50, 50): the 4 × 2 mask's top left lands at (48, 49).
    #expect(b.pixel(48, 49) == blue && b.pixel(51, 49) == blue && b.pixel(47, 49) == background)
  }

  @Test func textMasksRecordWhereEachRowHasCoverage() {
    let mask = TextMask(width: 5, height: 3, coverage: [0, 9, 0, 9, 0, 0, 0, 0, 0, 0, 9, 0, 0, 0, 0])

    #expect(mask.rows == [1, 4, 0, 0, 0, 1])
  }

  @Test func shapesOutsideTheBufferAndDegenerateGeometryAreHarmless() {
    let b = draw([
      .rect(Rect(-1e9, -1e9, 2e9, 10), fill: red, stroke: Stroke(blue, width: 1e6)),
      .circle(center: Point(.nan, 50), radius: 10, fill: red, stroke: Stroke(blue, width: 2, dash: 3)),
      .line(from: Point(10, 10), to: Point(10, 10), stroke: Stroke(red, width: 3)),
      .roundedRect(Rect(200, 200, 50, 50), radius: 1e9, fill: red, stroke: nil),
      .line(from: Point(-50, -50), to: Point(1e7, 1e7 + 1), stroke: Stroke(red, width: 2, dash: 1e6)),
    ])

    #expect(b.pixel(10, 10) != nil)
  }

  @Test func aWholeFrameSkipsTheClearWhenTheFirstCommandCoversEverything() {
    let rasterizer = Rasterizer(width: 20, height: 10)
    rasterizer.clear(to: red)

    rasterizer.drawFrame([.rect(Rect(0, 0, 20, 10), fill: blue, stroke: nil)], background: .black) { _ in nil }
    #expect(rasterizer.buffer.pixel(19, 9) == blue)
    rasterizer.drawFrame([.rect(Rect(1, 0, 19, 10), fill: blue, stroke: nil)], background: .black) { _ in nil }
    #expect(rasterizer.buffer.pixel(0, 0) == .black)
  }

  @Test func aFramesBackgroundIsTheSameWhereverPanelsCoverIt() {
    let commands: [DrawCommand] = [
      .rect(Rect(0, 0, 100, 60), fill: RGBA(10, 20, 30), stroke: nil),  // the background
      .rect(Rect(10, 10, 30, 30), fill: RGBA(255, 0, 0, 128), stroke: nil),  // blends over it, then is covered
      .rect(Rect(0, 0, 50, 60), fill: RGBA(0, 200, 0), stroke: nil),  // a panel over the left half
      .clip(Rect(60, 0, 40, 60)),
      .rect(Rect(50, 0, 50, 30), fill: blue, stroke: nil),  // clipped: covers only part of what it says
      .unclip,
    ]
    let frame = Rasterizer(width: 100, height: 60)
    frame.drawFrame(commands, background: .black) { _ in nil }
    let plain = Rasterizer(width: 100, height: 60)
    plain.clear(to: .black)
    plain.draw(commands) { _ in nil }

    #expect(frame.buffer.bitmap().pixels == plain.buffer.bitmap().pixels)
    #expect(frame.buffer.pixel(55, 10) == RGBA(10, 20, 30))
    #expect(frame.buffer.pixel(65, 10) == blue && frame.buffer.pixel(65, 40) == RGBA(10, 20, 30))
    #expect(frame.buffer.pixel(20, 20) == RGBA(0, 200, 0))
  }

  @Test func resizingKeepsDrawingWithinTheNewSize() {
    let rasterizer = Rasterizer(width: 10, height: 10)
    rasterizer.resize(width: 30, height: 20)
    rasterizer.drawFrame([.rect(Rect(0, 0, 100, 100), fill: red, stroke: nil)], background: .black) { _ in nil }

    #expect(rasterizer.buffer.width == 30 && rasterizer.buffer.height == 20)
    #expect(rasterizer.buffer.pixel(29, 19) == red)
    #expect(rasterizer.buffer.bitmap().pixels.count == 600)
  }
}
