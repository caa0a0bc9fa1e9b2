import Geometry
import Raster
import StudioUI
import TouchSim
import TraceKit

/// The value controls drawn simply: a switch's knob, a slider's thumb, a stepper's halves, a segmented
/// control's selected segment and a page control's dots, at the value the trace says they have now.
extension SceneCanvas {
  /// Draws the face of a value control; false when `view` is not one (its text is then drawn as usual).
  func drawControl(
    _ view: ViewSpec, in box: Rect, status: ControlStatus?, ink: RGBA, opacity: Double, into out: inout [DrawCommand]
  ) -> Bool {
    let value = status?.value ?? view.value ?? 0
    let dim = view.enabled ? opacity : opacity * 0.5
    switch view.kind {
    case .switch:
      drawSwitch(on: value != 0, in: box, opacity: dim, into: &out)
    case .slider:
      let range = view.rangeMaximum - view.rangeMinimum
      let fraction = range > 0 ? (value - view.rangeMinimum) / range : 0
      drawSlider(value: fraction, in: box, opacity: dim, into: &out)
    case .stepper:
      drawStepper(value: value, in: box, ink: ink, into: &out)
    case .segmentedControl:
      drawSegments(
        view.text ?? "", selected: Int(value), disabled: view.disabledSegments, in: box, ink: ink, into: &out)
    case .pageControl:
      drawPages(Int(value), of: view.pageCount, in: box, opacity: dim, into: &out)
    default:
      return false
    }
    return true
  }

  /// The boxes of what a value control's face shows (its track, knob, thumb, titles, digits): what the
  /// canvas's labels keep clear of. Empty for a view that is not a value control.
  func faceBoxes(of view: ViewSpec, in box: Rect, status: ControlStatus?) -> [Rect] {
    let value = status?.value ?? view.value ?? 0
    func text(_ s: String, at p: Point, size: Double, face: FontFace, anchor: TextAnchor = .center) -> Rect {
      let w = TextMetrics.width(s, size: size, face: face)
      let h = TextMetrics.height(size: size)
      let x = anchor.horizontal == .trailing ? p.x - w : p.x - w / 2
      let y = anchor.vertical == .bottom ? p.y - h : p.y - h / 2
      return Rect(x, y, w, h)
    }
    switch view.kind {
    case .switch:
      return [switchTrack(in: box)]
    case .slider:
      let r = sliderTrack(in: box).radius
      return [Rect(box.minX, box.mid.y - r, box.width, 2 * r)]
    case .stepper:
      let size = stepperSize(in: box)
      return [
        text("−", at: Point(box.minX + box.width / 4, box.mid.y), size: size, face: .bold),
        text("+", at: Point(box.maxX - box.width / 4, box.mid.y), size: size, face: .bold),
        text(
          JSONNumber.format(value), at: Point(box.maxX - 3 * pixelScale, box.maxY - 2 * pixelScale),
          size: 9.5 * pixelScale, face: .mono, anchor: TextAnchor(.trailing, .bottom)),
      ]
    case .segmentedControl:
      let titles = segmentTitles(view.text ?? "", in: box)
      let w = box.width / Double(ViewSpec.segmentCount(view.text ?? ""))
      let size = segmentSize
      return titles.enumerated().compactMap { i, title in
        let fitted = CanvasText.truncated(title, width: w - 4, size: size)
        guard !fitted.isEmpty else { return nil }
        return text(fitted, at: Point(box.minX + (Double(i) + 0.5) * w, box.mid.y), size: size, face: .bold)
      }
    case .pageControl:
      let (count, r, gap) = pageDots(of: view.pageCount, in: box)
      guard count > 0 else { return [] }
      return [Rect(box.mid.x - gap * Double(count - 1) / 2 - r, box.mid.y - r, gap * Double(count - 1) + 2 * r, 2 * r)]
    default:
      return []
    }
  }

  private func switchTrack(in box: Rect) -> Rect {
    let h = min(box.height * 0.8, box.width / 1.7)
    let w = h * 1.65
    return Rect(box.mid.x - w / 2, box.mid.y - h / 2, w, h)
  }

  /// A slider's thumb radius and the ends of its track: the thumb as wide as the engine takes it (rule
  /// 8.5), its centre running between its half-widths at either end.
  private func sliderTrack(in box: Rect) -> (radius: Double, x0: Double, x1: Double) {
    let half = min(ModelConstants.uikit.sliderThumbDiameter * viewport.scale, box.width) / 2
    let r = max(min(box.height * 0.45, half), 3)
    let x0 = box.minX + half
    return (r, x0, max(box.maxX - half, x0))
  }

  private func stepperSize(in box: Rect) -> Double {
    max(min(box.height * 0.6, 22 * viewport.scale), 9 * pixelScale, textFloor)
  }

  private var segmentSize: Double { max(13 * viewport.scale, 9 * pixelScale, textFloor) }

  /// A page control's dots (rule 8.7): one per page, as many as fit the box (the spacing shrinks to fit, down
  /// to a pixel a dot), their radius and spacing.
  private func pageDots(of pages: Int, in box: Rect) -> (count: Int, radius: Double, gap: Double) {
    var r = max(min(box.height * 0.12, 4 * viewport.scale), 2)
    var gap = r * 3.2
    let count = min(pages, Int(max(box.width, 1)))
    if count > 1 && gap * Double(count - 1) + 2 * r > box.width {
      gap = max(box.width - 2 * r, 0) / Double(count - 1)
      r = max(min(r, gap * 0.35), 0.5)
    }
    return (count, r, gap)
  }

  private func drawSwitch(on: Bool, in box: Rect, opacity: Double, into out: inout [DrawCommand]) {
    let track = switchTrack(in: box)
    let h = track.height
    let color = on ? Palette.switchOn : Palette.switchOff
    out.append(.roundedRect(track, radius: h / 2, fill: color.withAlpha(opacity), stroke: nil))
    let r = h / 2 - max(h * 0.07, 1)
    let x = on ? track.maxX - h / 2 : track.minX + h / 2
    out.append(
      .circle(
        center: Point(x, track.mid.y), radius: r, fill: RGBA.white.withAlpha(opacity),
        stroke: Stroke(Palette.viewOutline.withAlpha(opacity * 0.6))))
  }

  private func drawSlider(value: Double, in box: Rect, opacity: Double, into out: inout [DrawCommand]) {
    let (r, x0, x1) = sliderTrack(in: box)
    let f = min(max(value, 0), 1)
    let x = x0 + (x1 - x0) * f
    let y = box.mid.y
    let width = max(3 * viewport.scale, 2)
    out.append(
      .line(from: Point(x0, y), to: Point(x1, y), stroke: Stroke(Palette.switchOff.withAlpha(opacity), width: width)))
    out.append(
      .line(from: Point(x0, y), to: Point(x, y), stroke: Stroke(Palette.sliderFill.withAlpha(opacity), width: width)))
    out.append(
      .circle(
        center: Point(x, y), radius: r, fill: RGBA.white.withAlpha(opacity),
        stroke: Stroke(Palette.viewOutline.withAlpha(opacity), width: max(pixelScale, 1))))
  }

  private func drawStepper(value: Double, in box: Rect, ink: RGBA, into out: inout [DrawCommand]) {
    let size = stepperSize(in: box)
    out.append(
      .line(
        from: Point(box.mid.x, box.minY + box.height * 0.2), to: Point(box.mid.x, box.maxY - box.height * 0.2),
        stroke: Stroke(ink.withAlpha(0.5), width: max(pixelScale, 1))))
    let style = TextStyle(size: size, color: ink, face: .bold, anchor: .center)
    out.append(.text("−", at: Point(box.minX + box.width / 4, box.mid.y), style: style))
    out.append(.text("+", at: Point(box.maxX - box.width / 4, box.mid.y), style: style))
    let small = TextStyle(size: 9.5 * pixelScale, color: ink, face: .mono, anchor: TextAnchor(.trailing, .bottom))
    out.append(
      .text(JSONNumber.format(value), at: Point(box.maxX - 3 * pixelScale, box.maxY - 2 * pixelScale), style: small))
  }

  /// A segmented control's titles, each cut to what a cell can show; none when there are more segments
  /// than the box has pixels (the titles of cells narrower than a pixel are never drawn).
  private func segmentTitles(_ text: String, in box: Rect) -> [String] {
    guard Double(ViewSpec.segmentCount(text)) <= max(box.width, 1) else { return [] }
    return ViewSpec.segmentTitles(text).map { TextMetrics.cut($0, after: 1000) }
  }

  private func drawSegments(
    _ text: String, selected: Int, disabled: [Int], in box: Rect, ink: RGBA, into out: inout [DrawCommand]
  ) {
    let titles = segmentTitles(text, in: box)
    let n = ViewSpec.segmentCount(text)
    let w = box.width / Double(n)
    let size = segmentSize
    // More segments than the box has pixels: a cell is narrower than a pixel and shows nothing of its own,
    // so only the selected one is drawn.
    for i in titles.isEmpty && n > 1 ? (0 <= selected && selected < n ? selected..<(selected + 1) : 0..<0) : 0..<n {
      let cell = Rect(box.minX + Double(i) * w, box.minY, w, box.height)
      if i == selected {
        let inset = max(2 * viewport.scale, 1.5)
        out.append(
          .roundedRect(
            cell.insetBy(inset), radius: min(6 * viewport.scale, cell.height / 2), fill: RGBA.white,
            stroke: Stroke(Palette.viewOutline.withAlpha(0.5))))
      } else if i > 0 && i != selected + 1 {
        out.append(
          .line(
            from: Point(cell.minX, cell.minY + cell.height * 0.25),
            to: Point(cell.minX, cell.maxY - cell.height * 0.25),
            stroke: Stroke(ink.withAlpha(0.4), width: max(pixelScale, 1))))
      }
      guard i < titles.count else { continue }
      // Rule 8.6: a disabled segment's title is drawn faint.
      let color = (i == selected ? Palette.darkText : ink).withAlpha(disabled.contains(i) ? 0.35 : 1)
      let title = CanvasText.truncated(titles[i], width: w - 4, size: size)
      out.append(.text(title, at: cell.mid, style: TextStyle(size: size, color: color, face: .bold, anchor: .center)))
    }
  }

  private func drawPages(_ page: Int, of pages: Int, in box: Rect, opacity: Double, into out: inout [DrawCommand]) {
    let (count, r, gap) = pageDots(of: pages, in: box)
    let start = box.mid.x - gap * Double(count - 1) / 2
    // More pages than dots that fit: the current page's dot is the one at its share of the row.
    let current = pages > count ? page * count / max(pages, 1) : page
    for i in 0..<count {
      let fill = (i == current ? Palette.darkText : Palette.ghost).withAlpha(opacity)
      out.append(.circle(center: Point(start + gap * Double(i), box.mid.y), radius: r, fill: fill, stroke: nil))
    }
  }
}

extension Palette {
  /// A switch that is on (iOS green) and the track of one that is off (and of a slider).
  static let switchOn = RGBA(0x34, 0xC7, 0x59)
  static let switchOff = RGBA(0xC7, 0xC7, 0xCC)
  /// The part of a slider's track left of its thumb.
  static let sliderFill = RGBA(0x0A, 0x84, 0xFF)
}
