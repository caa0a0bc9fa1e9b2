/// A set of small non-negative integers (recognizer indices, or their positions in the processing order)
/// as one bit each: membership changes in O(1), and the members are visited in ascending order, skipping
/// 64 absent ones at a time. The arbiter keeps the recognizers it looks at this way, so that a decision
/// never rescans every recognizer of the scene.
struct IndexBits {
  private var words: [UInt64]

  init(capacity: Int) {
    words = [UInt64](repeating: 0, count: (max(capacity, 0) + 63) / 64)
  }

  @inline(__always) func contains(_ i: Int) -> Bool {
    words[i >> 6] & (1 << UInt64(i & 63)) != 0
  }

  @inline(__always) mutating func insert(_ i: Int) {
    words[i >> 6] |= 1 << UInt64(i & 63)
  }

  @inline(__always) mutating func remove(_ i: Int) {
    words[i >> 6] &= ~(1 << UInt64(i & 63))
  }

  @inline(__always) mutating func set(_ i: Int, _ present: Bool) {
    if present { insert(i) } else { remove(i) }
  }

  mutating func removeAll() {
    for w in words.indices { words[w] = 0 }
  }

  /// The smallest member at or after `i`, nil when there is none.
  func first(from i: Int) -> Int? {
    guard i >= 0 else { return first(from: 0) }
    var w = i >> 6
    guard w < words.count else { return nil }
    var word = words[w] & (~0 << UInt64(i & 63))
    while true {
      if word != 0 { return (w << 6) + word.trailingZeroBitCount }
      w += 1
      guard w < words.count else { return nil }
      word = words[w]
    }
  }
}

/// A binary min-heap of integers (processing positions): the order of one pass of the arbiter.
struct IntMinHeap {
  private var items: [Int] = []

  var isEmpty: Bool { items.isEmpty }

  mutating func push(_ x: Int) {
    items.append(x)
    var i = items.count - 1
    while i > 0 {
      let parent = (i - 1) / 2
      guard items[parent] > items[i] else { break }
      items.swapAt(parent, i)
      i = parent
    }
  }

  mutating func popMin() -> Int? {
    guard let top = items.first else { return nil }
    let last = items.removeLast()
    guard !items.isEmpty else { return top }
    items[0] = last
    var i = 0
    while true {
      let l = 2 * i + 1
      let r = l + 1
      var m = i
      if l < items.count && items[l] < items[m] { m = l }
      if r < items.count && items[r] < items[m] { m = r }
      if m == i { break }
      items.swapAt(i, m)
      i = m
    }
    return top
  }
}
