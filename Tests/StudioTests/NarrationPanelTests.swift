import Geometry
import StudioUI
import TestSupport
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore
@testable import StudioSDL
@testable import TraceKit

/// The narration strip: the sentence for the entry at the playhead, ids set apart, the gesture's summary.
@Suite struct NarrationPanelTests {
  let size = Size(1280, 800)

  func played(narrator: (@Sendable ([TraceEntry], LiveScene) -> [NarrationItem])? = nil) -> StudioModel {
    let s = TestSupport.scene([
      v(
        "card", [0, 100, 390, 500], recognizers: [g("parentTap", .tap)],
        subviews: [v("buy", [100, 100, 190, 60], kind: .button)])
    ]) { $0.script = tap(195, 230) }
    let m = StudioModel(scene: s)
    m.narrator = narrator.map(StudioNarrator.init)
    _ = m.frame(size: size, pixelScale: 1)
    m.perform(.playScript)
    return m
  }

  func strip(_ m: StudioModel) -> DrawList {
    let layout = StudioLayout(size: size, theme: m.theme)
    return NarrationStrip.draw(in: layout.narration, PanelContext(model: m, layout: layout))
  }

  @Test func withoutANarratorItExplainsTheEntryAtThePlayhead() {
    let m = played()
    let i = m.engine.trace.firstIndex {
      if case .state(_, _, .failed, _) = $0.event { return true }
      return false
    }!
    m.perform(.jump(i))
    let list = strip(m)
    let texts = list.drawnStrings
    // "`parentTap` goes from possible to failed: ..." with the id in bold accent.
    #expect(texts.contains("parentTap"))
    #expect(texts.contains { $0.hasPrefix(" goes from possible to failed: buy (UIButton) vetoes") })
    let bold = list.commands.contains {
      if case .text("parentTap", _, let style) = $0 { return style.face == .bold && style.color == m.theme.accent }
      return false
    }
    #expect(bold)
  }

  @Test func itShowsTheNarratorsSentenceAndTheSummaryOfTheGesture() {
    // A narrator that, like the real one, tells only the entries it is given (the window hands it the
    // trace up to the playhead): the failure once it is there, the summary once the tap has reset.
    let m = played { trace, _ in
      var items = [NarrationItem(t: 0, traceIndex: 0, isSummary: false, text: "Finger 1 touches `buy`.")]
      for (i, e) in trace.enumerated() {
        guard case .state("parentTap", _, let to, _) = e.event else { continue }
        if to == .failed {
          items.append(NarrationItem(t: e.t, traceIndex: i, isSummary: false, text: "`parentTap` fails."))
        } else if to == .possible {
          items.append(
            NarrationItem(
              t: e.t, traceIndex: i, isSummary: true, text: "Why did `parentTap` not fire? `buy` vetoed it."))
        }
      }
      return items
    }
    m.perform(.jump(3))
    var texts = strip(m).drawnStrings
    #expect(texts.contains("Finger 1 touches "))
    #expect(texts.contains("buy"))
    #expect(!texts.contains { $0.contains("Why did") })
    m.perform(.jump(m.engine.trace.count - 1))
    texts = strip(m).drawnStrings
    #expect(texts.contains("parentTap"))
    #expect(texts.contains(" fails."))
    #expect(texts.contains("Why did "))
  }

  @Test func longSentencesWrapAndEndWithAnEllipsis() {
    let words = Array(repeating: "word", count: 200).joined(separator: " ")
    let lines = TextMetrics.wrap(
      TextRun.parse("`id` " + words), toWidth: 300, size: 16, face: .regular, emphasisFace: .bold, maxLines: 3)
    #expect(lines.count == 3)
    #expect(lines.last?.last?.text.hasSuffix("…") == true)
    #expect(lines[0].first == TextRun(text: "id", emphasis: true))
    for line in lines {
      let w = line.reduce(0.0) { $0 + TextMetrics.width($1.text, size: 16, face: $1.emphasis ? .bold : .regular) }
      #expect(w <= 300)
    }
    #expect(
      TextRun.parse("a `b`'s c") == [
        TextRun(text: "a ", emphasis: false), TextRun(text: "b", emphasis: true),
        TextRun(text: "'s c", emphasis: false),
      ])
    #expect(TextMetrics.truncate("abcdefghij", toWidth: TextMetrics.width("abcd…", size: 13), size: 13) == "abcd…")
  }

  @Test func textWidthsMatchTheFont() {
    // Measured with SDL2_ttf (TTF_SizeUTF8) on the bundled fonts.
    #expect(abs(TextMetrics.width("The quick brown fox: likeDoubleTap possible → failed", size: 13) - 349) <= 4)
    #expect(abs(TextMetrics.width("The quick brown fox: likeDoubleTap", size: 16, face: .bold) - 321) <= 4)
    #expect(TextMetrics.width("0123456789", size: 11, face: .mono) == 70)
  }
}
