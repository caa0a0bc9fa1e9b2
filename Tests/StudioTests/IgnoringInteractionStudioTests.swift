import Geometry
import Localization
import TestSupport
import Testing
import TouchSim

@testable import StudioCore
@testable import TraceKit

/// C-10 in the window: the header says while the app ignores interaction events, the timeline marks the
/// dropped finger, the log has words for the new lines in both languages.
@Suite struct IgnoringInteractionStudioTests {
  let size = Size(1280, 800)

  func played() -> StudioModel {
    let s = TestSupport.scene([v("buy", [0, 100, 390, 100], kind: .button)]) {
      $0.script =
        [ScriptStep(t: 0, .beginIgnoringInteractionEvents)] + tap(100, 150, t: 10)
        + [ScriptStep(t: 200, .endIgnoringInteractionEvents)]
    }
    let m = StudioModel(scene: s)
    _ = m.frame(size: size, pixelScale: 1)
    m.perform(.playScript)
    return m
  }

  func context(_ m: StudioModel) -> PanelContext {
    PanelContext(model: m, layout: StudioLayout(size: size, theme: m.theme))
  }

  /// C-10: the header's status carries the note only while ignoring is on at the playhead.
  @Test func headerSaysWhileIgnoring() {
    let m = played()
    let drop = m.engine.trace.firstIndex { $0.event.kind == "drop" }!
    m.perform(.jump(drop))
    #expect(HeaderBar.status(context(m), compact: false).text.contains("ignoring interaction events"))
    m.perform(.jump(m.engine.trace.count - 1))
    #expect(!HeaderBar.status(context(m), compact: false).text.contains("ignoring"))
  }

  /// C-10: the dropped finger's lane is labelled, even though no view lane is ever delivered to.
  @Test func timelineMarksTheIgnoredFinger() {
    let m = played()
    let content = TimelineContent(trace: m.engine.trace, range: 0..<m.engine.trace.count)
    let labels = content.lane(.touch(1))!.marks.compactMap { mark -> String? in
      if case .label(let s) = mark.glyph { return s }
      return nil
    }
    #expect(labels == ["ignoringInteractionEvents"])
  }

  /// C-10: the log and the narration strip's fallback have words for `ignoring` and the new drop reason.
  @Test func logWordsInBothLanguages() {
    let on = TraceEvent.ignoring(on: true, count: 1)
    let off = TraceEvent.ignoring(on: false, count: 0)
    #expect(TraceDescriber.line(on) == "app ignores interaction events (count 1)")
    #expect(TraceDescriber.line(off, .simplifiedChinese) == "应用不再忽略交互事件")
    #expect(TraceDescriber.sentence(on, .simplifiedChinese).contains("忽略交互事件"))
    let drop = TraceEvent.drop(view: "buy", method: .touchesBegan, touches: [1], reason: .ignoringInteractionEvents)
    #expect(TraceDescriber.line(drop).contains("it went down while the app ignored interaction events"))
    #expect(TraceDescriber.line(drop, .simplifiedChinese).contains("它按下时应用正在忽略交互事件"))
  }
}
