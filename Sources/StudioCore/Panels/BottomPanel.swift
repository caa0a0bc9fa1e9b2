import Geometry
import Raster
import StudioUI
import TouchSim

/// The bottom panel: a tab bar (Timeline / Log) and the tab's content.
public enum BottomPanel: WindowPanel {
  static func tabBarHeight(_ t: Theme) -> Double { t.bodySize + 11 * t.unit }

  /// The content area below the tab bar.
  static func contentRect(_ rect: Rect, _ t: Theme) -> Rect {
    let h = tabBarHeight(t)
    return Rect(rect.minX, rect.minY + h, rect.width, max(rect.height - h, 1))
  }

  public static func draw(in rect: Rect, _ ctx: PanelContext, into list: inout DrawList) {
    let t = ctx.theme
    list.add(.rect(rect, fill: t.panel, stroke: nil))
    list.add(.clip(rect))
    let barH = tabBarHeight(t)
    let bar = Rect(rect.minX, rect.minY, rect.width, barH)
    list.add(.rect(bar, fill: t.background.mixed(with: t.panel, 0.4), stroke: nil))
    list.add(
      .line(
        from: Point(bar.minX, bar.maxY), to: Point(bar.maxX, bar.maxY), stroke: Stroke(t.panelBorder, width: t.unit)))
    var x = rect.minX + 8 * t.unit
    for tab in BottomTab.allCases {
      let label = tab.title(ctx.lang)
      let w = TextMetrics.width(label, size: t.bodySize, face: .bold) + 24 * t.unit
      let r = Rect(x, bar.minY + 3 * t.unit, w, barH - 3 * t.unit)
      let isOn = ctx.bottomTab == tab
      // A panel too narrow for every tab (a question's card beside it) shows the tabs that fit whole.
      if r.maxX > rect.maxX && !isOn { continue }
      if isOn {
        list.add(.rect(r, fill: t.panel, stroke: nil))
        list.add(.rect(Rect(r.minX, r.maxY - 3 * t.unit, r.width, 3 * t.unit), fill: t.accent, stroke: nil))
      }
      list.text(
        label, Point(r.mid.x, r.mid.y - t.unit),
        t.style(t.bodySize, isOn ? t.text : t.secondaryText, face: isOn ? .bold : .regular, anchor: .center))
      list.region(r, .bottomTab(tab), tip: tab.tip(ctx.lang))
      x += w + 4 * t.unit
    }
    let tools = Rect(x + 12 * t.unit, bar.minY, max(bar.maxX - x - 20 * t.unit, 1), barH)
    let content = contentRect(rect, t)
    // The toolbar only where it has room (a question's card beside a small window leaves little).
    let roomy = tools.width >= 160 * t.unit
    switch ctx.bottomTab {
    case .timeline:
      let view = TimelinePanel.TimelineView(ctx)
      if roomy { list.append(TimelinePanel.toolbar(in: tools, ctx, view: view)) }
      list.append(TimelinePanel.draw(in: content, ctx, view: view))
    case .log:
      if roomy { list.append(LogPanel.toolbar(in: tools, ctx)) }
      list.append(LogPanel.draw(in: content, ctx))
    }
    list.add(.unclip)
  }
}
