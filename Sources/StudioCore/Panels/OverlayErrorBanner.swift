import Geometry
import Localization
import Raster
import StudioUI
import TouchSim

/// The reload error banner: the scene file no longer loads, the window keeps the last good version and
/// shows why, as the positioned `FILE:LINE:COLUMN: error: MESSAGE` lines.
enum OverlayErrorBanner {
  static let title = "Scene file has errors — showing the last good version"
  static func title(_ l: Language) -> String { l(title, "场景文件有错误——显示的是上一个正确的版本") }
  static let maxLines = 6

  /// The diagnostic lines shown: at most `maxLines`, then "+N more".
  static func lines(_ errors: [String], _ l: Language = .english) -> [String] {
    let all = errors.flatMap { $0.split(separator: "\n").map(String.init) }
    guard all.count > maxLines else { return all }
    return Array(all.prefix(maxLines - 1)) + [
      l("+\(all.count - maxLines + 1) more", "还有 \(all.count - maxLines + 1) 行")
    ]
  }

  /// A diagnostic with the folders of its file left out: "scene.yaml:3:5: error: ...".
  static func withoutFolders(_ line: String) -> String {
    guard let colon = line.firstIndex(of: ":"), let slash = line[..<colon].lastIndex(of: "/") else { return line }
    return String(line[line.index(after: slash)...])
  }

  /// Most rows the diagnostics take in the banner.
  static let maxRows = 10

  /// The diagnostics as drawn in `width`, row by row: whole when they all fit, otherwise all without
  /// their folders (the same way for every line); a line still too long goes on over the next rows,
  /// indented, so that nothing of the message is cut (its hint, at its end, is the part that says what to
  /// type). At most `maxRows` rows: past them, "…".
  static func fitted(_ lines: [String], width: Double, size: Double) -> [String] {
    let allFit = lines.allSatisfy { TextMetrics.width($0, size: size, face: .mono) <= width }
    let indent = "  "
    let indentWidth = TextMetrics.width(indent, size: size, face: .mono)
    var rows: [String] = []
    for line in lines {
      let line = allFit ? line : withoutFolders(line)
      guard TextMetrics.width(line, size: size, face: .mono) > width else {
        rows.append(line)
        continue
      }
      // Wrapped as wide as the rows under the first go, those indented under it.
      let wrapped = TextMetrics.wrap(line, toWidth: max(width - indentWidth, 1), size: size, face: .mono)
        .enumerated().map { $0 == 0 ? $1 : indent + $1 }
      rows += wrapped
    }
    guard rows.count > maxRows else { return rows }
    return Array(rows.prefix(maxRows - 1)) + ["…"]
  }

  static func draw(over canvas: Rect, _ ctx: PanelContext) -> DrawList {
    var list = DrawList()
    let t = ctx.theme
    let margin = ErrorBannerFrame.margin(t)
    let pad = ErrorBannerFrame.padding(t)
    let width = canvas.width - 2 * margin - 2 * pad
    let rows = fitted(lines(ctx.loadErrors, ctx.lang), width: width, size: t.smallSize)
    let titleH = TextMetrics.height(size: t.bodySize) + 6 * t.unit
    let lineH = (t.smallSize * 1.4).rounded()
    let height = 2 * pad + titleH + Double(rows.count) * lineH
    let banner = Rect(
      canvas.minX + margin, canvas.minY + margin, canvas.width - 2 * margin, min(height, canvas.height - 2 * margin))
    ErrorBannerFrame.open(banner, t, into: &list)
    let x = banner.minX + pad
    list.text(
      TextMetrics.truncate("⚠ " + title(ctx.lang), toWidth: width, size: t.bodySize, face: .bold),
      Point(x, banner.minY + pad),
      t.style(t.bodySize, .white, face: .bold))
    var y = banner.minY + pad + titleH
    for line in rows {
      list.text(line, Point(x, y), t.style(t.smallSize, ErrorBannerFrame.lineInk, face: .mono))
      y += lineH
    }
    list.add(.unclip)
    return list
  }
}

/// The frame both error banners share (the reload error's and the save's): where it sits, its box and its
/// ink. `open` draws the box and clips to it; the banner then adds its lines and `.unclip`.
enum ErrorBannerFrame {
  static func margin(_ t: Theme) -> Double { 10 * t.unit }
  static func padding(_ t: Theme) -> Double { 10 * t.unit }
  /// The explanation's lines, under the white title.
  static let lineInk = RGBA(0xFF, 0xE4, 0xE4)

  static func open(_ banner: Rect, _ t: Theme, into list: inout DrawList) {
    list.add(
      .roundedRect(
        banner, radius: 8 * t.unit, fill: t.bad.mixed(with: .black, 0.35).withAlpha(0.96),
        stroke: Stroke(t.bad, width: 2 * t.unit)))
    list.add(.clip(banner))
  }
}
