import Geometry
import Localization
import Raster
import StudioUI

/// What the window shows while the engine works on an input for longer than a frame (`ModelWorker` in
/// the window): the last frame stays, dimmed, under a card that says what is happening, for how long, and
/// an indeterminate progress bar that moves every frame, so the window is visibly alive. Drawn without the
/// model (which is busy on another thread): only the window's size and the theme of the last frame (its
/// colours, and its unit: the UI scale, larger in presenter mode) are needed.
public enum BusyOverlay {
  /// The card's commands for a window of `size` pixels in `theme`, `elapsed` ms into the work.
  public static func commands(size: Size, theme: Theme, elapsed: Double) -> [DrawCommand] {
    // At the theme's unit, or smaller when the window is too small for the card at that size.
    let unit = max(theme.unit, 0.25)
    let fit = min(size.width / (unit * 520), size.height / (unit * 140), 1)
    let s = max(unit * fit, 0.25)
    let l = theme.language
    let title = l("The engine is working on your input…", "引擎正在处理你的输入……")
    let seconds = (elapsed / 1000 * 10).rounded(.down) / 10
    let detail = l(
      "\(seconds.formatted1) s — the picture catches up when it is done; input is kept in order",
      "\(seconds.formatted1) s——处理完后画面会跟上；输入按顺序保留")
    let titleSize = 20 * s
    let detailSize = 15 * s
    let pad = 18 * s
    let textWidth = max(
      TextMetrics.width(title, size: titleSize, face: .bold), TextMetrics.width(detail, size: detailSize))
    let width = min(textWidth + 2 * pad, size.width - 16 * s)
    let barHeight = 6 * s
    let height =
      pad * 2 + TextMetrics.height(size: titleSize) + 6 * s + TextMetrics.height(size: detailSize) + 12 * s
      + barHeight
    let card = Rect((size.width - width) / 2, (size.height - height) / 2, width, height)
    var out: [DrawCommand] = [
      .rect(Rect(0, 0, size.width, size.height), fill: theme.background.withAlpha(0.6), stroke: nil),
      .roundedRect(
        card, radius: 10 * s, fill: theme.panel,
        stroke: Stroke(theme.accent, width: 2 * s)),
    ]
    var y = card.minY + pad
    out.append(
      .text(
        TextMetrics.truncate(title, toWidth: width - 2 * pad, size: titleSize, face: .bold),
        at: Point(card.minX + pad, y), style: TextStyle(size: titleSize, color: theme.text, face: .bold)))
    y += TextMetrics.height(size: titleSize) + 6 * s
    out.append(
      .text(
        TextMetrics.truncate(detail, toWidth: width - 2 * pad, size: detailSize), at: Point(card.minX + pad, y),
        style: TextStyle(size: detailSize, color: theme.secondaryText)))
    y += TextMetrics.height(size: detailSize) + 12 * s
    let track = Rect(card.minX + pad, y, width - 2 * pad, barHeight)
    out.append(.roundedRect(track, radius: barHeight / 2, fill: theme.panelBorder, stroke: nil))
    // A segment a quarter of the track wide sweeps across once a second.
    let segment = track.width / 4
    let phase = (elapsed / 1000).truncatingRemainder(dividingBy: 1)
    let x = track.minX + (track.width - segment) * phase
    out.append(
      .roundedRect(Rect(x, y, segment, barHeight), radius: barHeight / 2, fill: theme.accent, stroke: nil))
    return out
  }
}

extension Double {
  fileprivate var formatted1: String {
    let tenths = Int((self * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}
