import Geometry
import Raster
import StudioUI
import Synchronization
import TestSupport
import Testing
import TouchSim

@testable import StudioCore

/// A measurer that counts the texts it is asked to measure (the fixed DejaVu widths otherwise).
private final class CallCountingMeasurer: TextMeasurer {
  private let counted = Mutex(0)
  private let fixed = FixedTextMeasurer()
  var calls: Int { counted.withLock { $0 } }
  func width(_ text: String, face: FontFace, pixelSize: Int) -> Double {
    counted.withLock { $0 += 1 }
    return fixed.width(text, face: face, pixelSize: pixelSize)
  }
}

/// The shortcuts a frame takes give what the long way gives: a truncation found from a guess is the
/// longest start that fits, lines sliced by a panel's edge leave the others in order, and a view's box
/// found without arrays is the box of its corners.
@Suite struct FrameShortcutTests {
  /// The longest start of `text` (trailing spaces trimmed) that fits `width` with "…", found by trying
  /// every length.
  private static func longestFit(_ text: String, _ width: Double, size: Double) -> String {
    if InspectorText.width(text, size: size) <= width + 0.01 { return text }
    if InspectorText.width("…", size: size) > width + 0.01 { return "" }
    let chars = Array(text)
    var best = "…"
    for k in 1..<chars.count {
      var m = k
      while m > 0 && chars[m - 1] == " " { m -= 1 }
      let candidate = String(chars[0..<m]) + "…"
      if InspectorText.width(candidate, size: size) <= width + 0.01 { best = candidate }
    }
    return best
  }

  @Test func aTruncationIsTheLongestStartThatFits() {
    let texts = [
      "translation 0, -10 · velocity 480, -360 · at 298, 267",
      "failed: buyButton (UIButton) vetoes a superview's single tap",
      "WWWWWWWWWWWWWWWWWWWWiiiiiiiiiiiiiiiiiiiiiiiiiiiiii",
      "iiiiiiiiiiiiiiiiiiiiiiiiiiiiiiWWWWWWWWWWWWWWWWWWWWWW",
      "a  b   c    d     e      f       g        h",
      "上一次触摸未到达的手势识别器已折叠：点击展开 Tab",
      "x",
    ]
    for text in texts {
      for width in stride(from: 4.0, through: 420, by: 7) {
        #expect(
          InspectorText.truncate(text, width, size: 11) == Self.longestFit(text, width, size: 11),
          "\(text) at \(width)")
      }
    }
  }

  @Test func aTextThatChangesEveryFrameIsMeasuredAFewTimes() {
    // A pan's translation changes every frame, so it is never found among the truncations kept: each
    // frame shortens a new text. The search starts from the text's average character, so it measures a
    // few prefixes, not one per halving of its length (nine for this one, the old way).
    let m = CallCountingMeasurer()
    TextMetrics.$measurer.withValue(m) {
      _ = InspectorText.truncate(
        "translation 0, -10 · velocity 480, -360 · at 298, 267 · since 0.125 s · in feed (scroll view) of root",
        230, size: 11)
    }
    #expect(m.calls <= 8, "\(m.calls)")
  }

  /// A text is measured when its characters at 1.3 em each could reach an edge (bold "W" is 1.103 em): a
  /// run of bold W's crossing a panel's right edge by a pixel is found and dropped. (At 1.05 em each it was
  /// never measured, and stayed drawn, sliced.)
  @Test func aBoldRunOfWideLettersCrossingAnEdgeByAPixelIsDropped() {
    let style = TextStyle(size: 10, color: .white, face: .bold)
    let width = TextMetrics.width("WWWW", size: 10, face: .bold)
    #expect(width > 4 * 10 * 1.05 + 1.5)
    let panel = Rect(0, 0, width - 1.2, 100)
    var commands: [DrawCommand] = [
      .rect(Rect(0, 0, 400, 400), fill: .black, stroke: nil), .clip(panel),
      .text("WWWW", at: Point(0, 40), style: style), .text("Wi", at: Point(0, 60), style: style), .unclip,
    ]
    WholeLines.enforce(&commands, window: Size(400, 400), device: Rect(500, 0, 10, 10))
    #expect(commands.compactMap { if case .text(let s, _, _) = $0 { s } else { nil } } == ["Wi"])
  }

  /// The bound counts scalars from the text's UTF-8 bytes: as many as `unicodeScalars`, never fewer than
  /// the characters (a combining accent, a flag's two halves, a family's joiners each count).
  @Test func theBoundCountsScalarsNeverFewerThanCharacters() {
    let texts = [
      "", "tap", "购买按钮", "e\u{0301}te\u{0301}", "🇨🇳 flag", "👨‍👩‍👧", "שלום", "x\u{0}y", "a · b → c",
      String(repeating: "W", count: 300),
    ]
    for s in texts {
      #expect(WholeLines.scalarCount(s) == s.unicodeScalars.count, "\(s)")
      #expect(WholeLines.scalarCount(s) >= s.count, "\(s)")
    }
  }

  @Test func linesCutByAnEdgeLeaveTheOthersInOrder() {
    let style = TextStyle(size: 12, color: .white)
    let panel = Rect(0, 0, 300, 100)
    var commands: [DrawCommand] = [.rect(Rect(0, 0, 400, 400), fill: .black, stroke: nil), .clip(panel)]
    var kept: [DrawCommand] = commands
    for i in 0..<12 {
      // Rows 16 px apart: those from 88 on cross the panel's bottom edge, those from 100 on lie below it.
      let y = Double(i) * 16 - 8
      let text = DrawCommand.text("row \(i)", at: Point(10, y), style: style)
      commands.append(text)
      if y >= 0 && y + TextMetrics.height(size: 12) <= 100.5 || y >= 100 { kept.append(text) }
      let mark = DrawCommand.rect(Rect(200, y, 4, 4), fill: .white, stroke: nil)
      commands.append(mark)
      kept.append(mark)
    }
    commands.append(.unclip)
    kept.append(.unclip)
    let before = commands.count
    WholeLines.enforce(&commands, window: Size(400, 400), device: Rect(500, 0, 10, 10))
    #expect(commands.count < before)
    #expect(commands == kept)
  }

  @Test func aViewsBoxWithoutArraysIsTheBoxOfItsCorners() {
    var random = SplitMix(seed: 41)
    let special: [Double] = [0, -0.0, 1e-12, 1e9, .infinity, -.infinity, .nan]
    for i in 0..<2_000 {
      func value(_ scale: Double) -> Double {
        i % 50 == 0 ? special[random.int(special.count)] : random.double(-scale / 2, scale / 2)
      }
      let bounds = Rect(value(200), value(200), abs(value(400)), abs(value(400)))
      let t =
        i % 3 == 0
        ? AffineTransform(
          scale: Point(value(4), value(4)), rotationDegrees: value(720), translation: Point(value(900), value(900)))
        : AffineTransform(
          a: value(3), b: i % 3 == 1 ? 0 : value(3), c: i % 3 == 1 ? 0 : value(3), d: value(3), tx: value(900),
          ty: value(900))
      let fast = SceneCanvas.boundingBox(of: bounds, through: t)
      // The box of the corners as arrays find it.
      let corners = SceneCanvas.corners(of: bounds, through: t)
      let (xs, ys) = (corners.map(\.x), corners.map(\.y))
      let slow = Rect(xs.min()!, ys.min()!, xs.max()! - xs.min()!, ys.max()! - ys.min()!)
      // Bit for bit (+0 and −0 apart), any NaN alike.
      let same = [fast.minX, fast.minY, fast.width, fast.height].elementsEqual(
        [slow.minX, slow.minY, slow.width, slow.height]) { $0.bitPattern == $1.bitPattern || ($0.isNaN && $1.isNaN) }
      #expect(same, "\(bounds) through \(t): \(fast) against \(slow)")
    }
  }
}
