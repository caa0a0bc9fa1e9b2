import TouchSim

extension Array where Element == TraceEntry {
  /// The first index of `range` (default: the whole trace) whose time is at least `t`, by binary search:
  /// times never decrease along a trace.
  public func firstIndex(atOrAfter t: Double, in range: Range<Int>? = nil) -> Int {
    let range = range ?? indices
    var lo = range.lowerBound
    var hi = range.upperBound
    while lo < hi {
      let mid = (lo + hi) / 2
      if self[mid].t < t { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }
}
