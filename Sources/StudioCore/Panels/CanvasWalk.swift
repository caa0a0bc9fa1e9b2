import Raster
import TouchSim
import TraceKit

/// The hit-test walk on the canvas, as far as the playhead has shown it.
///
/// Each visited view gets a badge with its visit number and ✓ inside / ✗ outside / ⊘ skipped; the reason
/// is written out, in a list beside the device when there is room (a leader line to each badge), on the
/// badge otherwise. The subtrees the walk never entered are greyed; the view being visited is outlined
/// with a dot at the probed point; the hit view is outlined thickly in its touch's colour. Badges hold for
/// `hold` ms of playhead time after the touch-down, then fade; the hit outline stays while the touch is down.
enum CanvasWalk {
  static let hold: Double = 1500
  static let fade: Double = 600

  enum Outcome {
    case inside, outside, skipped
  }

  /// The glyph, the reason written out, and the outcome of a visit's result.
  static func describe(_ result: TraceEvent.HitResult) -> (glyph: String, reason: String, outcome: Outcome) {
    switch result {
    case .inside: return ("✓", "inside", .inside)
    case .outside: return ("✗", "point outside bounds", .outside)
    case .hidden: return ("⊘", "hidden", .skipped)
    case .alpha: return ("⊘", "alpha < 0.01", .skipped)
    case .noInteraction: return ("⊘", "userInteractionEnabled = NO", .skipped)
    case .disabled: return ("⊘", "disabled control", .skipped)
    case .passThrough: return ("⊘", "hitTest → nil (pass-through)", .skipped)
    }
  }

  static func color(_ outcome: Outcome, theme: Theme) -> RGBA {
    switch outcome {
    case .inside: return theme.good
    case .outside: return theme.bad
    case .skipped: return Palette.skippedBadge
    }
  }

  /// How visible the badges are (1 → 0) at the playhead.
  static func badgeAlpha(_ walk: HitTestWalk, playheadTime: Double) -> Double {
    let age = playheadTime - walk.time
    if age <= hold { return 1 }
    return max(0, 1 - (age - hold) / fade)
  }

  /// The walk's layer: greyed subtrees, badges, the probe, the reasons beside the device, hit outlines.
  static func commands(
    _ ctx: PanelContext, geometry: CanvasGeometry, canvas: Rect, device: Rect, labels: Double, avoiding: [Rect] = []
  ) -> [DrawCommand] {
    var out: [DrawCommand] = []
    let unit = ctx.theme.unit
    if let walk = ctx.shownWalk, !walk.visits.isEmpty {
      let alpha = badgeAlpha(walk, playheadTime: ctx.playheadTime)
      if alpha > 0 {
        out += pruned(walk, geometry: geometry, alpha: alpha)
        out += badges(
          walk, ctx, geometry: geometry, canvas: canvas, device: device, labels: labels, avoiding: avoiding,
          alpha: alpha)
      }
      if !walk.isComplete, let probe = walk.visits.last, let node = geometry[probe.view] {
        out.append(
          .rect(
            CanvasGeometry.grow(node.box, unit, unit), fill: nil,
            stroke: Stroke(Palette.probe, width: 3 * unit)))
        if let p = geometry.pixel(probe.at, inViewOf: probe.view) {
          out.append(
            .circle(center: p, radius: 5 * unit, fill: Palette.probe, stroke: Stroke(RGBA.white, width: 1.5 * unit)))
        }
      }
    }
    out += hitOutlines(ctx, geometry: geometry, canvas: canvas)
    return out
  }

  /// Grey washes over the views the walk never visited because an ancestor was outside or skipped.
  private static func pruned(_ walk: HitTestWalk, geometry: CanvasGeometry, alpha: Double) -> [DrawCommand] {
    var out: [DrawCommand] = []
    func covered(_ r: Rect, by w: Rect) -> Bool {
      w.minX <= r.minX && w.minY <= r.minY && w.maxX >= r.maxX && w.maxY >= r.maxY
    }
    for visit in walk.visits {
      let outcome = describe(visit.result).outcome
      guard outcome != .inside, visit.result != .passThrough else { continue }
      // Washes already drawn for this subtree; a descendant inside one of the last few needs none.
      // (Comparing with a few recent washes, not all, keeps large scenes linear.)
      var washed: [Rect] = []
      for d in geometry.descendants(of: visit.view) {
        let r = CanvasGeometry.intersect(d.box, d.clip)
        guard r.width > 0, r.height > 0 else { continue }
        if washed.suffix(8).contains(where: { covered(r, by: $0) }) || washed.first.map({ covered(r, by: $0) }) == true
        {
          continue
        }
        washed.append(r)
        out.append(.rect(r, fill: Palette.prunedWash.withAlpha(0.75 * alpha), stroke: nil))
      }
    }
    return out
  }

  /// A visit as one line of the list: number, glyph, view, reason.
  static func line(_ number: Int, _ visit: HitTestVisit) -> String {
    let d = describe(visit.result)
    return "\(number) \(d.glyph) \(visit.view): \(d.reason)"
  }

  private static func badges(
    _ walk: HitTestWalk, _ ctx: PanelContext, geometry: CanvasGeometry, canvas: Rect, device: Rect, labels: Double,
    avoiding: [Rect], alpha: Double
  ) -> [DrawCommand] {
    let theme = ctx.theme
    let unit = theme.unit
    var size = 11 * unit
    // Badges on the device use the device's label unit; the list beside it the theme's.
    let pillSize = 11 * labels
    let h = pillSize * 1.55
    // Room beside the device for the list of reasons?
    let right = canvas.maxX - device.maxX
    let left = device.minX - canvas.minX
    let room = max(right, left) - 24 * unit
    let listed = room >= 150 * unit
    let onRight = right + 40 * unit >= left

    // One badge per view (a pass-through view is visited twice: both numbers on one badge).
    var order: [String] = []
    var numbers: [String: [Int]] = [:]
    var lastVisit: [String: HitTestVisit] = [:]
    for (i, visit) in walk.visits.enumerated() {
      if numbers[visit.view] == nil { order.append(visit.view) }
      numbers[visit.view, default: []].append(i + 1)
      lastVisit[visit.view] = visit
    }
    var out: [DrawCommand] = []
    var placed: [Rect] = []
    let obstacles = avoiding
    var anchors: [String: Point] = [:]
    for id in order {
      guard let node = geometry[id], let visit = lastVisit[id] else { continue }
      let d = describe(visit.result)
      let nums = numbers[id, default: []].map(String.init).joined(separator: "·")
      let text = listed ? "\(nums) \(d.glyph)" : "\(nums) \(d.glyph) \(d.reason)"
      let w = CanvasText.width(text, size: pillSize, bold: true) + 8 * labels
      // On the id's line, just after the id, moved down while it would cover an earlier badge.
      let idSize = SceneCanvas.idSize(unit: labels)
      let idShown = SceneCanvas.showsID(of: node.spec, box: node.box, scale: geometry.viewport.scale, unit: labels)
      let idWidth =
        idShown ? min(CanvasText.width(id, size: idSize, mono: true), max(node.box.width - 6 * labels, idSize * 3)) : 0
      let x = node.box.minX + (idShown ? 6 * labels + idWidth : 2 * labels)
      // Candidates: after the id, then under it at the leading edge, then further down.
      let first = Rect(max(min(x, device.maxX - w), canvas.minX), node.box.minY + labels, w, h)
      var candidates = [first]
      let leading = max(min(node.box.minX + 2 * labels, device.maxX - w), canvas.minX)
      for k in 1...8 { candidates.append(Rect(leading, node.box.minY + labels + Double(k) * (h + labels), w, h)) }
      func free(_ r: Rect) -> Bool {
        !placed.contains { CanvasGeometry.overlap($0, r) } && !obstacles.contains { CanvasGeometry.overlap($0, r) }
      }
      let pill = candidates.first(where: free) ?? first
      placed.append(pill)
      let visible = node.clip.width > 0 && node.clip.height > 0 && CanvasGeometry.overlap(node.clip, pill)
      guard visible || !listed else { continue }
      let color = color(d.outcome, theme: theme)
      out.append(
        .roundedRect(
          pill, radius: h / 2, fill: color.withAlpha(alpha), stroke: Stroke(RGBA.white.withAlpha(alpha), width: labels))
      )
      out.append(
        .text(
          text, at: pill.mid,
          style: TextStyle(size: pillSize, color: Palette.lightText.withAlpha(alpha), face: .bold, anchor: .center)))
      anchors[id] = onRight ? Point(pill.maxX, pill.mid.y) : Point(pill.minX, pill.mid.y)
    }
    guard listed else { return out }

    // The list beside the device: a title, one line per visit, then the result.
    let pad = 12 * unit
    let x0 = onRight ? device.maxX + pad + 10 * unit : canvas.minX + pad
    let x1 = onRight ? canvas.maxX - pad : device.minX - pad - 10 * unit
    let width = x1 - x0
    // Reasons are never cut: the list's text shrinks (to 10 points at least) until each half-line fits.
    let longest =
      walk.visits.map { v in
        let d = describe(v.result)
        return max(d.reason.count + 2, "\(walk.visits.count) \(d.glyph) \(v.view):".count)
      }.max() ?? 1
    size = max(min(size, (width - 8 * unit) / (Double(longest) * 0.6)), 10 * theme.pixelScale)
    let lineH = size * 1.55
    // A line too long for the list goes on two: the view, then its reason indented.
    var lines: [(text: String, color: RGBA, view: String?)] = []
    for (i, v) in walk.visits.enumerated() {
      let color = color(describe(v.result).outcome, theme: theme)
      let whole = line(i + 1, v)
      if CanvasText.width(whole, size: size) <= width - 8 * unit {
        lines.append((whole, color, v.view))
      } else {
        let d = describe(v.result)
        lines.append(("\(i + 1) \(d.glyph) \(v.view):", color, v.view))
        lines.append(("  " + d.reason, color, nil))
      }
    }
    if let hit = walk.hitView {
      let n = walk.touch ?? 1
      lines.append(("touch \(n) → " + (hit ?? "nil: no view"), hit == nil ? theme.bad : Palette.touch(n), nil))
    }
    let capacity = max(Int((canvas.height - 2 * pad) / lineH) - 1, 2)
    var skippedCount = 0
    if lines.count > capacity {
      skippedCount = lines.count - (capacity - 1)
      lines.removeFirst(skippedCount)
    }
    var y = canvas.minY + pad
    let titleStyle = TextStyle(size: size, color: theme.secondaryText.withAlpha(alpha), face: .bold)
    out.append(.text("hitTest(_:with:) walk", at: Point(x0, y), style: titleStyle))
    y += lineH
    if skippedCount > 0 {
      out.append(
        .text(
          "… \(skippedCount) earlier", at: Point(x0, y),
          style: TextStyle(size: size, color: theme.faintText.withAlpha(alpha))))
      y += lineH
    }
    for line in lines {
      let swatch = Rect(x0, y + lineH * 0.2, 4 * unit, lineH * 0.6)
      out.append(.rect(swatch, fill: line.color.withAlpha(alpha), stroke: nil))
      let text = CanvasText.truncated(line.text, width: width - 8 * unit, size: size)
      out.append(
        .text(
          text, at: Point(x0 + 8 * unit, y + 1 * unit), style: TextStyle(size: size, color: theme.text.withAlpha(alpha))
        ))
      if let view = line.view, let anchor = anchors[view] {
        let from = Point(onRight ? x0 - 4 * unit : x1 + 4 * unit, y + lineH / 2)
        out.append(.line(from: from, to: anchor, stroke: Stroke(line.color.withAlpha(0.3 * alpha), width: unit)))
      }
      y += lineH
    }
    return out
  }

  /// The hit view of every touch on the canvas, outlined thickly in the touch's colour: while the touch is
  /// down, while it lingers after lift, and as long as the walk's badges show.
  private static func hitOutlines(_ ctx: PanelContext, geometry: CanvasGeometry, canvas: Rect) -> [DrawCommand] {
    let unit = ctx.theme.unit
    var strength: [Int: (view: String, alpha: Double)] = [:]
    for t in ctx.snapshot.touches.values {
      guard case .some(.some(let view)) = t.view else { continue }
      var a = 1.0
      if let lifted = t.liftTime {
        a = 1 - (ctx.playheadTime - lifted) / CanvasTouches.linger
      }
      if a > 0 { strength[t.number] = (view, min(a, 1)) }
    }
    if let walk = ctx.shownWalk, let n = walk.touch, case .some(.some(let view)) = walk.hitView {
      let a = badgeAlpha(walk, playheadTime: ctx.playheadTime)
      if a > (strength[n]?.alpha ?? 0) { strength[n] = (view, a) }
    }
    var out: [DrawCommand] = []
    var rings: [String: Int] = [:]
    for n in strength.keys.sorted() {
      guard let (view, a) = strength[n], let node = geometry[view] else { continue }
      let w = 4 * unit
      // Touches on the same view: each outline just outside the previous one.
      let k = Double(rings[view, default: 0])
      rings[view, default: 0] += 1
      let outline = CanvasGeometry.grow(node.box, w * (1 + k), w * (1 + k))
      let color = Palette.touch(n).withAlpha(a)
      out.append(.rect(outline, fill: nil, stroke: Stroke(color, width: w)))
      let size = 10 * unit
      let label = "touch \(n)"
      let tw = CanvasText.width(label, size: size, bold: true) + 8 * unit
      var tag = Rect(outline.maxX - tw - k * (tw + 2 * unit), outline.maxY - k * w, tw, size * 1.5)
      if tag.maxY > canvas.maxY { tag.origin.y = outline.maxY - w - tag.height }
      out.append(.rect(tag, fill: color, stroke: nil))
      out.append(
        .text(
          label, at: tag.mid,
          style: TextStyle(size: size, color: Palette.darkText.withAlpha(a), face: .bold, anchor: .center)))
    }
    return out
  }
}

extension Palette {
  /// A hit-test badge of a view that was skipped (hidden, transparent, no interaction, disabled, pass-through).
  static let skippedBadge = RGBA(0x6E, 0x72, 0x7A)
  /// The grey laid over subtrees the walk never entered.
  static let prunedWash = RGBA(0x8A, 0x8D, 0x93)
  /// The view being visited and the point being probed.
  static let probe = RGBA(0x9B, 0x59, 0xF6)
}
