import Geometry
import Localization
import Raster
import StudioUI
import TouchSim

/// The header: the scene's title, where the playhead is (live, replaying or paused) and the transport
/// controls: step back, play / pause, step, speed, replay, script, reset, presenter mode, help, scenes.
///
/// The controls are right-aligned; when the window is narrow (or text is large) their labels go, first on
/// the window controls, then on all, and last the four speed buttons become one that shows the speed and
/// goes to the next on a click, so the title and the status keep room (presenter mode at 800 px).
public enum HeaderBar: WindowPanel {
  /// How much of the labels is shown.
  enum Density: CaseIterable {
    /// Every button with its label, and a "speed" caption.
    case full
    /// Transport and run buttons labelled, the window buttons as icons.
    case compact
    /// Icons only.
    case icons
    /// Icons only, and one speed button for the four.
    case narrow

    func labelled(_ b: HeaderButton) -> Bool {
      switch self {
      case .full: return true
      case .compact: return b.group != .window
      case .icons, .narrow: return false
      }
    }

    /// The buttons shown at this density: at `.narrow` the speed buttons are one, showing the current
    /// speed, whose click sets the next (the keys 1 to 4 still set each).
    func buttons(_ all: [HeaderButton], _ ctx: PanelContext) -> [HeaderButton] {
      guard self == .narrow else { return all }
      var out = all.filter { $0.group != .speed }
      let i = all.firstIndex { $0.group == .speed } ?? out.count
      out.insert(HeaderButton.speedCycle(ctx), at: min(i, out.count))
      return out
    }
  }

  /// Where everything goes.
  struct Placement {
    var density: Density
    var buttons: [(button: HeaderButton, rect: Rect)]
    /// The title and the status line.
    var info: Rect
    var speedCaption: Point?
  }

  static func placement(in rect: Rect, _ ctx: PanelContext) -> Placement {
    let every = HeaderButton.all(ctx)
    return ctx.memo.headerPlacement(rect, every, ctx) { placement(in: rect, every, ctx) }
  }

  /// Where `every` button goes in `rect` (measuring every label at each density: kept by `FrameMemo`
  /// while the buttons, the rectangle and the theme stay the same).
  private static func placement(in rect: Rect, _ every: [HeaderButton], _ ctx: PanelContext) -> Placement {
    let t = ctx.theme
    let caption = speedCaption(ctx.lang)
    func controlsWidth(_ d: Density) -> Double {
      var w = 0.0
      var previous: HeaderButton.Group?
      for b in d.buttons(every, ctx) {
        if let p = previous { w += p == b.group ? gap(b.group, t) : 14 * t.unit }
        if b.group == .speed && previous != .speed && d == .full {
          w += TextMetrics.width(caption, size: t.smallSize) + 6 * t.unit
        }
        w += b.width(labelled: d.labelled(b), t)
        previous = b.group
      }
      return w
    }
    let margin = 10 * t.unit
    let minInfo: [Density: Double] = [.full: 420 * t.unit, .compact: 300 * t.unit, .icons: 220 * t.unit, .narrow: 0]
    let density =
      Density.allCases.first { d in rect.width - controlsWidth(d) - 2 * margin >= minInfo[d]! } ?? .narrow
    let all = density.buttons(every, ctx)
    let h = min(30 * t.unit, rect.height - 8 * t.unit)
    var x = rect.maxX - margin - controlsWidth(density)
    let controlsLeft = x
    var placed: [(HeaderButton, Rect)] = []
    var previous: HeaderButton.Group?
    var speedCaption: Point?
    for b in all {
      if let p = previous { x += p == b.group ? gap(b.group, t) : 14 * t.unit }
      if b.group == .speed && previous != .speed && density == .full {
        speedCaption = Point(x, rect.mid.y)
        x += TextMetrics.width(caption, size: t.smallSize) + 6 * t.unit
      }
      let w = b.width(labelled: density.labelled(b), t)
      placed.append((b, Rect(x, rect.mid.y - h / 2, w, h)))
      x += w
      previous = b.group
    }
    let info = Rect(
      rect.minX + 12 * t.unit, rect.minY, max(controlsLeft - 18 * t.unit - rect.minX - 12 * t.unit, 1), rect.height)
    return Placement(density: density, buttons: placed, info: info, speedCaption: speedCaption)
  }

  /// The caption before the speed buttons.
  static func speedCaption(_ l: Language) -> String { l("speed", "速度") }

  private static func gap(_ g: HeaderButton.Group, _ t: Theme) -> Double { g == .speed ? 2 * t.unit : 4 * t.unit }

  /// "● live", "▶ replay", "▶ script", "❚❚ paused at 1.234 s", "❚❚ step at …", "● slow motion ¼" and its
  /// colour: the mode the model reports, so "live" is said only when the panels show the present.
  static func status(_ ctx: PanelContext, compact: Bool) -> (text: String, color: RGBA) {
    var plain = modeStatus(ctx, compact: compact)
    // F9: while the window records itself, the header says so first, in red.
    if ctx.recording { plain = (ctx.lang("● REC  ", "● 录制中  ") + plain.text, ctx.theme.bad) }
    // C-10: while the app ignores interaction events (at the playhead), the header says so.
    guard ctx.snapshot.ignoringInteractionEvents else { return plain }
    let note = compact ? ctx.lang(" · ignoring", " · 忽略中") : ctx.lang("  · ignoring interaction events", "  · 正在忽略交互事件")
    return (plain.text + note, ctx.theme.bad)
  }

  private static func modeStatus(_ ctx: PanelContext, compact: Bool) -> (text: String, color: RGBA) {
    let t = ctx.theme
    let l = ctx.lang
    let time = seconds(ctx.playheadTime)
    switch ctx.mode {
    case .paused: return (compact ? "❚❚ \(time)" : l("❚❚ paused at \(time)", "❚❚ 暂停于 \(time)"), t.waiting)
    case .step: return (compact ? "❚❚ \(time)" : l("❚❚ step at \(time)", "❚❚ 单步于 \(time)"), t.waiting)
    case .script: return (compact ? "▶ \(time)" : l("▶ script  \(time)", "▶ 脚本  \(time)"), t.accent)
    case .replay: return (compact ? "▶ \(time)" : l("▶ replay  \(time)", "▶ 重放  \(time)"), t.accent)
    case .live where ctx.speed != 1:
      let speed = ctx.speed == 0.5 ? "½" : ctx.speed == 0.25 ? "¼" : JSONNumber.format(ctx.speed)
      return (compact ? "● \(time)" : l("● slow motion \(speed)  \(time)", "● 慢动作 \(speed)  \(time)"), t.accent)
    case .live: return (compact ? "● \(time)" : l("● live  \(time)", "● 实时  \(time)"), t.good)
    }
  }

  /// Trace milliseconds as seconds with three decimals: "1.234 s".
  static func seconds(_ ms: Double) -> String {
    // Times are bounded by scripts (at most 10,000,000 ms); clamp so no input can overflow Int.
    let ms = ms.isFinite ? min(max(ms, 0), 1e12) : 0
    let whole = Int((ms / 1000).rounded(.down))
    let frac = Int((ms - Double(whole) * 1000).rounded())
    let (s, f) = frac >= 1000 ? (whole + 1, 0) : (whole, frac)
    let digits = String(f)
    return "\(s)." + String(repeating: "0", count: 3 - digits.count) + digits + " s"
  }

  /// "changes apply to the next touch", with how many.
  static func pendingNote(_ count: Int, _ l: Language = .english) -> String {
    l(
      count == 1 ? "1 change applies to the next touch" : "\(count) changes apply to the next touch",
      "\(count) 处更改将用于下一次触摸")
  }

  public static func draw(in rect: Rect, _ ctx: PanelContext, into list: inout DrawList) {
    let t = ctx.theme
    list.add(.rect(rect, fill: t.background, stroke: nil))
    list.add(
      .line(
        from: Point(rect.minX, rect.maxY), to: Point(rect.maxX, rect.maxY), stroke: Stroke(t.panelBorder, width: t.unit)
      ))
    list.add(.clip(rect))
    let p = placement(in: rect, ctx)
    drawInfo(p.info, ctx, into: &list)
    if let c = p.speedCaption {
      list.text(speedCaption(ctx.lang), c, t.style(t.smallSize, t.faintText, anchor: TextAnchor(.leading, .middle)))
    }
    for (b, r) in p.buttons { drawButton(b, r, labelled: p.density.labelled(b), t, into: &list) }
    list.add(.unclip)
  }

  /// The title on the first line (messages go to the toast, never over it); the playhead status and
  /// pending changes on the second.
  private static func drawInfo(_ r: Rect, _ ctx: PanelContext, into list: inout DrawList) {
    let t = ctx.theme
    var titleSize = t.titleSize
    let statusSize = t.smallSize
    let statusH = TextMetrics.height(size: statusSize)
    let title = self.title(ctx)
    let lines = titleLines(title, width: r.width, height: r.height - statusH - 2 * t.unit, t, size: &titleSize)
    let titleH = TextMetrics.height(size: titleSize)
    let top = r.mid.y - (Double(lines.count) * titleH + 2 * t.unit + statusH) / 2
    let style = t.style(titleSize, t.text, face: .bold)
    for (i, line) in lines.enumerated() { list.text(line, Point(r.minX, top + Double(i) * titleH), style) }
    if lines.last?.hasSuffix("…") == true { list.region(r, .tipOnly, tip: title) }
    let y = top + Double(lines.count) * titleH + 2 * t.unit
    var note = ctx.pendingChanges.isEmpty ? nil : pendingNote(ctx.pendingChanges.count, ctx.lang)
    var s = status(ctx, compact: false)
    let noteGap = 14 * t.unit
    func noteWidth(_ n: String?) -> Double {
      n.map { TextMetrics.width($0, size: statusSize, face: .bold) + noteGap + 12 * t.unit } ?? 0
    }
    if TextMetrics.width(s.text, size: statusSize, face: .bold) + noteWidth(note) > r.width {
      s = status(ctx, compact: true)
    }
    let statusWidth = TextMetrics.width(s.text, size: statusSize, face: .bold)
    if let n = note, statusWidth + noteWidth(n) > r.width {
      let room = r.width - statusWidth - noteGap - 12 * t.unit
      note = room > 40 * t.unit ? TextMetrics.truncate(n, toWidth: room, size: statusSize, face: .bold) : nil
    }
    // A header too narrow for the status (presenter mode at 800 px) shortens it; the buttons never cover it.
    let statusText =
      statusWidth > r.width ? TextMetrics.truncate(s.text, toWidth: r.width, size: statusSize, face: .bold) : s.text
    if statusText != s.text { list.region(Rect(r.minX, y, r.width, statusH), .tipOnly, tip: s.text) }
    if statusText != "…" { list.text(statusText, Point(r.minX, y), t.style(statusSize, s.color, face: .bold)) }
    if let n = note {
      let x = r.minX + statusWidth + noteGap
      let w = TextMetrics.width(n, size: statusSize, face: .bold) + 12 * t.unit
      let pill = Rect(x, y - 2 * t.unit, w, statusH + 4 * t.unit)
      list.add(
        .roundedRect(
          pill, radius: pill.height / 2, fill: t.waiting.withAlpha(0.2), stroke: Stroke(t.waiting, width: t.unit)))
      list.text(n, Point(x + 6 * t.unit, y), t.style(statusSize, t.waiting, face: .bold))
    }
  }

  /// The scene's title in the window's language, else its file's name.
  static func title(_ ctx: PanelContext) -> String {
    let file = ctx.scenePath.map { String($0.split(separator: "/").last ?? Substring($0)) }
    let sceneTitle = ctx.lang.isChinese ? ctx.startScene.title(in: ctx.lang.rawValue) : ctx.startScene.title
    return sceneTitle ?? file ?? ctx.lang("Untitled scene", "未命名场景")
  }

  /// The title as the header sets it (never cut where there is room, never broken inside a word): on one
  /// line at the title size, or a little smaller; else wrapped at spaces onto two lines at a size for which
  /// two lines and the status fit `height` (smaller still, down to the small size, before a word would
  /// have to be broken); only a title longer than that is shortened after its last whole word that fits,
  /// ending with "…" (its whole text is the header's tooltip).
  static func titleLines(_ title: String, width: Double, height: Double, _ t: Theme, size: inout Double) -> [String] {
    let smallest = t.smallSize
    // What two lines at the small size could never show is cut first (a title of megabytes is set as
    // quickly as a long one).
    let title = TextMetrics.cut(title, after: TextMetrics.visibleLimit(width: width, size: smallest, lines: 2))
    for scale in [1.0, 0.9, 0.8] where t.titleSize * scale >= smallest {
      if TextMetrics.width(title, size: t.titleSize * scale, face: .bold) <= width {
        size = t.titleSize * scale
        return [title]
      }
    }
    // No room for two lines above the status (presenter mode at 768 px high): one line, shortened after a
    // whole word, its whole text the tooltip.
    if 2 * TextMetrics.height(size: smallest) > height {
      var one = t.titleSize * 0.9
      while one > smallest && TextMetrics.height(size: one) > height { one -= 0.5 * t.unit }
      size = max(one, smallest)
      return shortened(title, width: width, size: size, lines: 1)
    }
    // Two lines: the largest size at which both fit the height.
    var two = t.titleSize * 0.85
    while two > smallest && 2 * TextMetrics.height(size: two) > height { two -= 0.5 * t.unit }
    two = max(two, smallest)
    // Smaller, down to the small size, while a word would be broken or the title cut.
    var s = two
    while true {
      let lines = TextMetrics.wrap(title, toWidth: width, size: s, face: .bold, maxLines: 2)
      if lines.last?.hasSuffix("…") != true && !breaksAWord(lines, of: title) {
        size = s
        return lines
      }
      guard s > smallest else { break }
      s = max(s - 0.5 * t.unit, smallest)
    }
    size = two
    return shortened(title, width: width, size: two, lines: 2)
  }

  /// Whether `lines` (a wrap of `text`) end a line inside a word: between two letters that had no space
  /// between them, unless one is a wide (Chinese, Japanese) character, which may end a line anywhere.
  static func breaksAWord(_ lines: [String], of text: String) -> Bool {
    let chars = Array(text)
    var i = 0
    for (n, line) in lines.enumerated() {
      while i < chars.count, chars[i] == " " { i += 1 }
      i += line.count
      guard n < lines.count - 1, i > 0, i < chars.count else { continue }
      let (before, after) = (chars[i - 1], chars[i])
      if before == " " || after == " " { continue }
      let wide = [before, after].contains { c in c.unicodeScalars.first.map(TextMetrics.isWide) ?? false }
      if !wide { return true }
    }
    return false
  }

  /// `text` on at most `lines` lines, whole words only, the last ending with "…" (a single word longer than
  /// a line is shortened letter by letter: nothing else fits).
  static func shortened(_ text: String, width: Double, size: Double, lines maxLines: Int) -> [String] {
    let words = text.split(separator: " ").map(String.init)
    var out: [String] = []
    var line = ""
    func fits(_ s: String) -> Bool { TextMetrics.width(s, size: size, face: .bold) <= width }
    var rest = words[...]
    while let word = rest.first {
      let candidate = line.isEmpty ? word : line + " " + word
      if fits(candidate) {
        line = candidate
        rest = rest.dropFirst()
        continue
      }
      if line.isEmpty || out.count + 1 >= maxLines { break }
      out.append(line)
      line = ""
    }
    if rest.isEmpty { return out + [line] }
    // Text is left over: the last line ends with "…", after its last whole word that leaves room for it.
    var last = line.isEmpty ? rest.first ?? "" : line
    while !last.isEmpty && !fits(last + " …") {
      if let space = last.lastIndex(of: " ") { last = String(last[..<space]) } else { last.removeLast() }
    }
    return out + [last.isEmpty ? "…" : last + " …"]
  }

  private static func drawButton(_ b: HeaderButton, _ r: Rect, labelled: Bool, _ t: Theme, into list: inout DrawList) {
    let lit = b.isWarning ? t.waiting : t.accent
    let fill = b.isOn ? lit.withAlpha(0.28) : t.panel
    let stroke = Stroke(b.isOn ? lit : t.panelBorder, width: t.unit)
    list.add(.roundedRect(r, radius: 5 * t.unit, fill: fill, stroke: stroke))
    let color = b.isOn ? t.text : t.text.withAlpha(0.92)
    if labelled && !b.label.isEmpty {
      let iconW = TextMetrics.width(b.icon, size: t.bodySize, face: .bold)
      let x = r.minX + 10 * t.unit
      list.text(
        b.icon, Point(x, r.mid.y),
        t.style(t.bodySize, b.isOn ? lit : color, face: .bold, anchor: TextAnchor(.leading, .middle)))
      list.text(
        b.label, Point(x + iconW + 6 * t.unit, r.mid.y),
        t.style(t.bodySize, color, anchor: TextAnchor(.leading, .middle)))
    } else {
      let iconColor = b.group == .speed ? color : (b.isOn ? lit : color)
      list.text(b.icon, r.mid, t.style(t.bodySize, iconColor, face: .bold, anchor: .center))
    }
    list.region(r, b.action, tip: b.tip)
  }
}
