import TouchSim

/// The trace cut into gestures, so the timeline can show one at a time on a readable time axis.
///
/// A gesture starts with a touch going down while nothing is going on (no finger down, no recognizer
/// still busy with earlier touches) and runs until the next such touch-down. A recognizer is busy from
/// the first touches it is fed until it is reset to possible: a double tap's two taps, and the 350 ms a
/// tap recognizer waits after the lift, stay in one gesture. Anything that happens after a long quiet
/// spell (a toggle set between gestures) starts a gesture of its own.
///
/// Long sessions have long traces, so panels scan only a stretch around what they show (`around`); the
/// first entry of a stretch counts as a start.
struct TimelineEpisodes: Equatable, Sendable {
  /// The first trace index of each gesture found, ascending; the first is the start of the stretch.
  let starts: [Int]
  /// The stretch of the trace that was scanned.
  let scanned: Range<Int>
  /// Entries in the trace.
  let traceCount: Int

  /// How many gestures were found.
  var count: Int { starts.count }
  /// The whole trace was scanned: `starts` are all its gestures.
  var isComplete: Bool { scanned.lowerBound == 0 && scanned.upperBound == traceCount }

  /// Quiet time after which anything starts a new gesture, even if a recognizer seems busy.
  static let quietGap: Double = 1500
  /// How far (entries) `around` scans either side.
  static let reach = 3000

  /// The gestures of `trace[range]` (the whole trace by default).
  init(_ trace: [TraceEntry], scanning range: Range<Int>? = nil) {
    let range = range.map { $0.clamped(to: 0..<trace.count) } ?? 0..<trace.count
    var starts: [Int] = []
    var down = Set<Int>()
    var busy = Set<String>()
    var lastT: Double?
    for i in range {
      let e = trace[i]
      let gap = lastT.map { e.t - $0 } ?? .infinity
      var isStart: Bool
      if case .input(_, .began, _, _) = e.event {
        isStart = down.isEmpty && (busy.isEmpty || gap > Self.quietGap)
      } else {
        isStart = down.isEmpty && busy.isEmpty && gap > Self.quietGap / 2
      }
      if starts.isEmpty { isStart = true }
      if isStart {
        starts.append(i)
        if gap > Self.quietGap { busy = [] }
      }
      switch e.event {
      case .input(let n, let phase, _, _):
        if phase == .began { down.insert(n) }
        if phase == .ended || phase == .cancelled { down.remove(n) }
      case .feed(let r, .touchesBegan, _):
        busy.insert(r)
      case .state(let r, _, .possible, _):
        busy.remove(r)
      default:
        break
      }
      lastT = e.t
    }
    self.starts = starts
    scanned = range
    traceCount = trace.count
  }

  /// The gestures within `reach` entries of index `i`.
  static func around(_ i: Int, in trace: [TraceEntry], reach: Int = reach) -> TimelineEpisodes {
    TimelineEpisodes(trace, scanning: max(i - reach, 0)..<min(max(i, 0) + reach, trace.count))
  }

  /// Which gesture holds trace index `i` (clamped into the stretch); nil when nothing was scanned.
  func episode(containing i: Int) -> Int? {
    guard !starts.isEmpty else { return nil }
    let i = min(max(i, scanned.lowerBound), scanned.upperBound - 1)
    var lo = 0
    var hi = starts.count - 1
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if starts[mid] <= i { lo = mid } else { hi = mid - 1 }
    }
    return lo
  }

  /// The index range of gesture `k`.
  func range(_ k: Int) -> Range<Int> {
    starts[k]..<(k + 1 < starts.count ? starts[k + 1] : scanned.upperBound)
  }

  /// Where the gesture before `k` starts (the entry before the stretch when `k` is its first).
  func previousStart(_ k: Int) -> Int? {
    k > 0 ? starts[k - 1] : scanned.lowerBound > 0 ? scanned.lowerBound - 1 : nil
  }

  /// Where the gesture after `k` starts.
  func nextStart(_ k: Int) -> Int? {
    k + 1 < starts.count ? starts[k + 1] : scanned.upperBound < traceCount ? scanned.upperBound : nil
  }
}
