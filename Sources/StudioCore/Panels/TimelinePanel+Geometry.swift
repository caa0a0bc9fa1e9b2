import Geometry
import Localization
import StudioUI
import TouchSim

extension TimelinePanel {
  // MARK: - What is shown

  /// The gesture at the playhead, its lanes and its time axis (without pixels).
  struct TimelineView {
    /// Which gesture (its position among the trace's gestures) and how many there are.
    let episode: Int
    let count: Int
    /// Where the gestures before and after it start (the toolbar's buttons).
    let previousStart: Int?
    let nextStart: Int?
    let range: Range<Int>
    let content: TimelineContent
    let first: Double
    let last: Double
    /// The stretch of time shown (compare mode gives both timelines one stretch).
    var window: (start: Double, end: Double)
    /// The lane names' column width, when set from outside (compare mode: one for both timelines).
    var labelWidth: Double?

    init?(_ ctx: PanelContext) {
      guard !ctx.trace.isEmpty,
        let (k, range) = ctx.gestures.gesture(around: max(ctx.playheadIndex - 1, 0), count: ctx.trace.count),
        !range.isEmpty
      else { return nil }
      episode = k
      count = ctx.gestures.starts.count
      previousStart = k > 0 ? ctx.gestures.starts[k - 1] : nil
      nextStart = k + 1 < count ? ctx.gestures.starts[k + 1] : nil
      self.range = range
      first = ctx.trace[range.lowerBound].t
      // The axis ends where the gesture settled: what came after (a toggle flipped later) is no part of it.
      let end = ctx.gestures.settled[k].map { min($0, range.upperBound - 1) } ?? (range.upperBound - 1)
      last = ctx.trace[end].t
      let ongoing = ctx.gestures.settled[k] == nil
      window = TimelineAxis.window(first: first, last: last, playhead: ctx.playheadTime, ongoing: ongoing)
      // A long gesture: only the entries from a little before the window on.
      let from = ctx.trace.firstIndex(atOrAfter: window.start - 1000, in: range)
      content = ctx.memo.timeline(
        ctx.trace, from..<range.upperBound, language: ctx.lang, source: ctx.traceSource)
    }
  }

  /// Where things go in pixels.
  struct Geometry {
    let rect: Rect
    let labelRight: Double
    let axis: TimelineAxis
    let axisBottom: Double
    let laneHeight: Double
    /// Lanes drawn, top to bottom (indices into `content.lanes`).
    let shown: [Int]
    let hidden: Int

    init(rect: Rect, view: TimelineView, theme t: Theme) {
      self.rect = rect
      let labelWidth = view.labelWidth ?? Self.labelWidth(view, width: rect.width, theme: t)
      labelRight = rect.minX + labelWidth
      let lanes = view.content.lanes
      axis = TimelineAxis(
        start: view.window.start, end: view.window.end, left: labelRight + 12 * t.unit,
        right: rect.maxX - 96 * t.unit)
      axisBottom = rect.minY + t.smallSize + 6 * t.unit
      let available = rect.maxY - axisBottom - 4 * t.unit
      // A lane holds its letters whole (a lane the panel's edge would slice is left out and counted).
      let minLane = max(t.bodySize + 4 * t.unit, TextMetrics.height(size: t.bodySize) + 2 * t.unit)
      let maxLane = t.lineHeight + 9 * t.unit
      var shown = Array(lanes.indices)
      if Double(shown.count) * minLane > available {
        // Too many lanes: keep the busiest ones (in their order), and say how many are left out.
        let room = max(Int(available / minLane), 0)
        let keep = Set(
          lanes.indices.sorted {
            lanes[$0].marks.count + lanes[$0].bars.count > lanes[$1].marks.count + lanes[$1].bars.count
          }
          .prefix(room))
        shown = shown.filter { keep.contains($0) }
      }
      self.shown = shown
      hidden = lanes.count - shown.count
      laneHeight = min(max(available / Double(max(shown.count, 1)), minLane), maxLane)
    }

    /// The lane names' column: as wide as the longest name, within bounds.
    static func labelWidth(_ view: TimelineView, width: Double, theme t: Theme) -> Double {
      let nameWidth = view.content.lanes.map { TextMetrics.width($0.name, size: t.smallSize, face: .bold) }.max() ?? 0
      return min(max(nameWidth + 18 * t.unit, 80 * t.unit), width * 0.2)
    }

    func laneRect(_ row: Int) -> Rect {
      Rect(rect.minX, axisBottom + Double(row) * laneHeight, rect.width, laneHeight)
    }

    func row(ofLane lane: Int) -> Int? { shown.firstIndex(of: lane) }
  }

  /// A mark placed in pixels: its centre and width (labels: its left edge).
  struct Placed {
    var mark: TimelineMark
    var x: Double
    var width: Double
  }

  /// Marks placed left to right: a mark never overlaps the one before it (same-millisecond letters are
  /// nudged right); moves stay at their time; labels fill the room after their mark.
  static func place(_ lane: TimelineLane, axis: TimelineAxis, right edge: Double, theme t: Theme) -> [Placed] {
    var out: [Placed] = []
    var right = -Double.infinity
    let gap = 3 * t.unit
    let visible = lane.marks.filter { axis.contains($0.t) }
    var pendingLabels: [(Int, TimelineMark)] = []
    for m in visible {
      let ax = axis.x(m.t)
      switch m.glyph {
      case .tick:
        out.append(Placed(mark: m, x: ax, width: 0))
      case .label:
        pendingLabels.append((out.count, m))
        out.append(Placed(mark: m, x: 0, width: 0))
      default:
        let w = glyphWidth(m.glyph, t)
        let x = max(ax, right + gap + w / 2)
        out.append(Placed(mark: m, x: x, width: w))
        right = x + w / 2
      }
    }
    // Labels: after the mark before them, up to the next mark.
    for (slot, m) in pendingLabels {
      let before = out[..<slot].last { $0.width > 0 || $0.mark.glyph == .tick }
      let start = max(before.map { $0.x + $0.width / 2 + gap } ?? axis.x(m.t), axis.x(m.t))
      let next = out[(slot + 1)...].first { $0.width > 0 }
      let limit = next.map { $0.x - $0.width / 2 - gap } ?? edge
      out[slot].x = start
      out[slot].width = max(limit - start, 0)
    }
    return out
  }

  static func glyphWidth(_ g: TimelineMark.Glyph, _ t: Theme) -> Double {
    switch g {
    case .letter(let s): return TextMetrics.width(s, size: t.bodySize, face: .bold)
    case .down, .up: return 10 * t.unit
    case .cross: return TextMetrics.width("✗", size: t.bodySize)
    case .action: return TextMetrics.width("⚡", size: t.bodySize)
    case .forward: return TextMetrics.width("↑", size: t.smallSize)
    case .tick, .label: return 0
    }
  }
}
