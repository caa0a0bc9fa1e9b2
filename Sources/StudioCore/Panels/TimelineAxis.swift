import TouchSim

/// The timeline's time axis: which stretch of trace time is shown and where each time goes in pixels.
///
/// The stretch is the gesture at the playhead (from its first entry to its last, or to the playhead while it
/// is still going on), at least `minSpan` long; a gesture longer than `maxSpan` shows the `maxSpan` around
/// the playhead. Times map linearly onto `[left, right]`.
struct TimelineAxis: Equatable, Sendable {
  var start: Double
  var end: Double
  var left: Double
  var right: Double

  static let minSpan: Double = 300
  static let maxSpan: Double = 4000

  init(start: Double, end: Double, left: Double, right: Double) {
    self.start = start
    self.end = max(end, start + 1)
    self.left = left
    self.right = max(right, left + 1)
  }

  /// The stretch to show for a gesture from `first` to `last` (trace ms) with the playhead at `playhead`.
  static func window(first: Double, last: Double, playhead: Double, ongoing: Bool) -> (start: Double, end: Double) {
    var end = ongoing ? max(last, playhead) : last
    var start = first
    if end - start > maxSpan {
      let focus = min(max(playhead, start), end)
      start = max(first, min(focus - maxSpan * 0.7, end - maxSpan))
      end = start + maxSpan
    }
    if end - start < minSpan {
      // Short gestures: a little room after the last entry so its letters are not on the edge.
      end = start + minSpan
    }
    let pad = (end - start) * 0.04
    return (start - pad, end + pad)
  }

  func x(_ t: Double) -> Double { left + (t - start) / (end - start) * (right - left) }
  func t(_ x: Double) -> Double { start + (x - left) / (right - left) * (end - start) }
  func contains(_ t: Double) -> Bool { t >= start && t <= end }

  /// Tick times (ms) spaced at least `minGap` pixels apart, at round values.
  func ticks(minGap: Double) -> [Double] {
    let perPixel = (end - start) / (right - left)
    let steps: [Double] = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000, 30000, 60000]
    let step = steps.first { $0 / perPixel >= minGap } ?? 60000
    var t = (start / step).rounded(.up) * step
    var out: [Double] = []
    while t <= end && out.count < 200 {
      out.append(t)
      t += step
    }
    return out
  }
}
