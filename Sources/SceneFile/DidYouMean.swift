/// "Did you mean" hints: the closest candidate by edit distance (case-insensitive), if close enough.
public enum DidYouMean {
  /// The candidate closest to `word`, when the distance is small for the word's length.
  static func closest<S: Sequence>(to word: String, among candidates: S) -> String? where S.Element == String {
    let w = Array(word.lowercased().unicodeScalars)
    guard !w.isEmpty, w.count <= 64 else { return nil }
    let limit = max(1, min(3, (w.count + 1) / 3))
    var best: (name: String, distance: Int)?
    for c in candidates {
      let cs = Array(c.lowercased().unicodeScalars)
      guard abs(cs.count - w.count) <= limit, cs.count <= 64 else { continue }
      guard let d = distance(w, cs, limit: limit) else { continue }
      if let b = best, b.distance < d || (b.distance == d && b.name <= c) { continue }
      best = (c, d)
    }
    return best?.name
  }

  /// ` (did you mean 'x'?)`, or an empty string.
  public static func hint<S: Sequence>(_ word: String, _ candidates: S) -> String where S.Element == String {
    closest(to: word, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
  }

  /// Levenshtein distance with transpositions counted as one edit, or nil when above `limit`.
  static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
    if a == b { return 0 }
    let n = a.count
    let m = b.count
    var prev2 = [Int](repeating: 0, count: m + 1)
    var prev = Array(0...m)
    var cur = [Int](repeating: 0, count: m + 1)
    for i in 1...max(n, 1) where n > 0 {
      cur[0] = i
      var rowMin = cur[0]
      for j in 1...max(m, 1) where m > 0 {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var v = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { v = min(v, prev2[j - 2] + 1) }
        cur[j] = v
        rowMin = min(rowMin, v)
      }
      if rowMin > limit { return nil }
      prev2 = prev
      prev = cur
    }
    let d = n == 0 ? m : prev[m]
    return d <= limit ? d : nil
  }
}
