import Geometry
import TestSupport
import Testing
import TouchSim

@testable import Raster
@testable import StudioCore
@testable import StudioSDL
@testable import TraceKit

/// The log: one readable line per trace event; each line jumps the playhead to its entry.
@Suite struct LogPanelTests {
  let size = Size(1280, 800)

  /// The contract's example: a button inside a view with a single-tap recognizer.
  func buttonInTappedView() -> Scene {
    TestSupport.scene([
      v(
        "card", [0, 100, 390, 500], recognizers: [g("parentTap", .tap)],
        subviews: [v("buy", [100, 100, 190, 60], kind: .button)])
    ]) { $0.script = tap(195, 230) }
  }

  func played(_ s: Scene) -> StudioModel {
    let m = StudioModel(scene: s)
    _ = m.frame(size: size, pixelScale: 1)
    m.perform(.playScript)
    m.perform(.bottomTab(.log))
    m.perform(.jump(m.engine.trace.count - 1))
    return m
  }

  func content(_ m: StudioModel) -> Rect {
    BottomPanel.contentRect(StudioLayout(size: size, theme: m.theme).bottom, m.theme)
  }

  func draw(_ m: StudioModel) -> DrawList {
    LogPanel.draw(in: content(m), PanelContext(model: m, layout: StudioLayout(size: size, theme: m.theme)))
  }

  @Test func eventsReadAsWords() {
    let m = played(buttonInTappedView())
    let lines = m.engine.trace.map { TraceDescriber.plain(TraceDescriber.line($0.event)) }
    #expect(lines.contains("hit-test visits buy: inside"))
    #expect(lines.contains("touch 1 hit-tests to buy"))
    #expect(lines.contains("buy ← touchesBegan [1]"))
    #expect(lines.contains("parentTap  possible → failed  (buy (UIButton) vetoes a superview's single tap)"))
    #expect(lines.contains("ask buy.gestureRecognizerShouldBegin(parentTap) → NO"))
    #expect(lines.contains("buy touchUpInside"))
    let held = TraceEvent.withhold(view: "buy", method: .touchesEnded, touches: [1], by: ["double"])
    #expect(TraceDescriber.plain(TraceDescriber.line(held)) == "withheld touchesEnded [1] from buy (held by double)")
    // The marks go whatever script the text is in; text without marks comes back as it was.
    #expect(TraceDescriber.plain("手势 `tap` 识别了 `购买按钮` 👆🏽") == "手势 tap 识别了 购买按钮 👆🏽")
    #expect(TraceDescriber.plain("no marks, é́") == "no marks, é́")
    #expect(TraceDescriber.plain("``") == "")
    // A backtick joined to a combining mark is one character, not a mark: it stays, as the narration
    // reads it.
    #expect(TraceDescriber.plain("a`\u{301}b `x`") == "a`\u{301}b x")
    #expect(TraceDescriber.time(12) == "12 ms")
    #expect(TraceDescriber.time(12.25) == "12.3 ms")
  }

  @Test func eachVisibleLineJumpsToItsOwnEntry() {
    let m = played(buttonInTappedView())
    let list = draw(m)
    let jumps = list.regions.compactMap { r -> (Rect, Int)? in
      if case .jump(let i) = r.action { return (r.rect, i) }
      return nil
    }
    #expect(jumps.count >= 5)
    for (rect, i) in jumps {
      // The text drawn in the region's row is the description of entry i.
      let expected = TraceDescriber.plain(TraceDescriber.line(m.engine.trace[i].event))
      let texts = list.commands.compactMap { c -> String? in
        if case .text(let s, let at, _) = c, rect.contains(at) { return s }
        return nil
      }
      #expect(texts.contains { $0 == expected || ($0.hasSuffix("…") && expected.hasPrefix($0.dropLast())) })
    }
    // Clicking through the model moves the playhead there.
    let (rect, i) = jumps[jumps.count / 2]
    _ = m.frame(size: size, pixelScale: 1)
    m.handle(.pointerDown(.mouse, at: rect.mid), wall: 0)
    #expect(m.playhead.index == i + 1)
  }

  @Test func theLineAtThePlayheadIsHighlightedAndLaterLinesDimmed() {
    let m = played(buttonInTappedView())
    m.perform(.jump(5))
    let list = draw(m)
    let row = list.regions.first { $0.action == .jump(5) }!.rect
    let highlight = list.commands.contains {
      if case .rect(let r, let fill, _) = $0, r == row, fill == m.theme.accent.withAlpha(0.22) { return true }
      return false
    }
    #expect(highlight)
    let later = list.regions.first { $0.action == .jump(7) }!.rect
    let laterText = list.commands.compactMap { c -> TextStyle? in
      if case .text(_, let at, let style) = c, later.contains(at), style.face == .regular { return style }
      return nil
    }
    #expect(!laterText.isEmpty && laterText.allSatisfy { $0.color.a < 255 })
  }

  @Test func itFollowsThePlayheadUntilTheUserScrolls() {
    var s = buttonInTappedView()
    s.script = (0..<6).flatMap { tap(195, 230, t: Double($0) * 1000) }
    let m = played(s)
    let count = m.engine.trace.count
    #expect(count > 40)
    // At the end: the last line is visible.
    #expect(draw(m).regions.contains { $0.action == .jump(count - 1) })
    // At the start: the first line is visible.
    m.perform(.jump(0))
    #expect(draw(m).regions.contains { $0.action == .jump(0) })
    // Scrolled by hand: the playhead's line may leave the view.
    m.perform(.scroll(.log, by: 30 * LogPanel.rowHeight(m.theme)))
    let regions = draw(m).regions
    #expect(!regions.contains { $0.action == .jump(0) })
    #expect(regions.contains { $0.action == .jump(30) })
  }

  @Test func aClickedLineStaysWhereItIs() {
    var s = buttonInTappedView()
    s.script = (0..<6).flatMap { tap(195, 230, t: Double($0) * 1000) }
    let m = played(s)
    m.perform(.jump(20))
    let before = draw(m).regions.first { $0.action == .jump(22) }?.rect
    m.perform(.jump(22))
    let after = draw(m).regions.first { $0.action == .jump(22) }?.rect
    #expect(before != nil && before == after)
  }

  @Test func anEmptyTraceSaysWhatToDo() {
    let m = StudioModel(scene: buttonInTappedView())
    m.perform(.bottomTab(.log))
    let list = m.frame(size: size, pixelScale: 1)
    #expect(list.drawnStrings.contains { $0.contains("press P") })
  }
}
