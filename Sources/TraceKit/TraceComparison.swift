import TouchSim

/// Two traces of one script compared: the scene as written and the scene with some changes (what
/// `touchscope compare` prints). Pure: lines are compared as the trace writes them.
public struct TraceComparison: Sendable {
  /// A difference inside one gesture: the lines only the written run has, and those only the changed run has.
  public struct GestureDifference: Sendable {
    /// 0-based gesture index (the same gesture boundaries as every other reader: `GestureIndex`).
    public var gesture: Int
    /// Time of its first entry in either trace.
    public var from: Double
    public var to: Double
    public var onlyWritten: [TraceEntry]
    public var onlyChanged: [TraceEntry]
  }

  /// Where the runs first part: the entry index and what each run has there (nil: that run has ended).
  public struct Divergence: Sendable {
    public var index: Int
    public var gesture: Int
    public var written: TraceEntry?
    public var changed: TraceEntry?
    /// When the runs part: the earlier of the two lines there (the other run may have its line later).
    public var t: Double { [written?.t, changed?.t].compactMap { $0 }.min() ?? 0 }
  }

  public let written: [TraceEntry]
  public let changed: [TraceEntry]
  public private(set) var first: Divergence?
  public private(set) var gestures: [GestureDifference] = []

  public var same: Bool { first == nil }

  public init(written: [TraceEntry], changed: [TraceEntry]) {
    self.written = written
    self.changed = changed
    let a = written.map(\.json)
    let b = changed.map(\.json)
    guard a != b else { return }
    var i = 0
    while i < a.count && i < b.count && a[i] == b[i] { i += 1 }
    var ga = GestureIndex()
    ga.update(written)
    var gb = GestureIndex()
    gb.update(changed)
    let k = (i < written.count ? ga.gesture(containing: i) : gb.gesture(containing: i)) ?? 0
    first = Divergence(
      index: i, gesture: k, written: i < written.count ? written[i] : nil, changed: i < changed.count ? changed[i] : nil
    )
    // Gesture by gesture (the scripts are the same, so the k-th gesture of each run answers the same touches).
    let count = max(ga.starts.count, gb.starts.count, 1)
    for g in 0..<count {
      let ra = Self.range(ga, g, written.count)
      let rb = Self.range(gb, g, changed.count)
      let sa = Array(a[ra])
      let sb = Array(b[rb])
      guard sa != sb else { continue }
      let diff = sb.difference(from: sa)
      var removed: [Int] = []
      var inserted: [Int] = []
      for change in diff {
        switch change {
        case .remove(let offset, _, _): removed.append(offset)
        case .insert(let offset, _, _): inserted.append(offset)
        }
      }
      let onlyA = removed.sorted().map { written[ra.lowerBound + $0] }
      let onlyB = inserted.sorted().map { changed[rb.lowerBound + $0] }
      let times =
        (ra.isEmpty ? [] : [written[ra.lowerBound].t, written[ra.upperBound - 1].t])
        + (rb.isEmpty ? [] : [changed[rb.lowerBound].t, changed[rb.upperBound - 1].t])
      gestures.append(
        GestureDifference(
          gesture: g, from: times.min() ?? 0, to: times.max() ?? 0, onlyWritten: onlyA, onlyChanged: onlyB))
    }
  }

  /// The entries of gesture `g` (everything before the first touch-down belongs to the first; a gesture a
  /// run does not have is empty).
  private static func range(_ index: GestureIndex, _ g: Int, _ count: Int) -> Range<Int> {
    guard !index.starts.isEmpty else { return g == 0 ? 0..<count : count..<count }
    guard g < index.starts.count else { return count..<count }
    let lower = g == 0 ? 0 : index.starts[g]
    let upper = g + 1 < index.starts.count ? index.starts[g + 1] : count
    return lower..<max(lower, upper)
  }
}
