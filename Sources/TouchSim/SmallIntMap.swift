/// A map from integers to values for the handful of entries the engine keeps per touch sequence (touches,
/// touch numbers, where each touch went down): entries sorted by key in one short array, searched in
/// place, which is faster than hashing at these sizes, and values reached in place, without copying.
/// Iteration is in ascending key order.
struct SmallIntMap<Value> {
  struct Entry {
    let key: Int
    var value: Value
  }

  /// Ascending keys.
  private(set) var entries: [Entry] = []

  var count: Int { entries.count }
  var isEmpty: Bool { entries.isEmpty }
  /// The keys, ascending.
  var keys: [Int] { entries.map(\.key) }

  @inline(__always) func index(of key: Int) -> Int? {
    for i in entries.indices {
      if entries[i].key == key { return i }
      if entries[i].key > key { return nil }
    }
    return nil
  }

  func contains(_ key: Int) -> Bool { index(of: key) != nil }

  /// A copy of the value for `key`, nil when there is none.
  func value(for key: Int) -> Value? { index(of: key).map { entries[$0].value } }

  /// The value of a key that is present, in place (a missing key is a programming error, like `dict[key]!`).
  subscript(key: Int) -> Value {
    _read { yield entries[index(of: key)!].value }
    _modify { yield &entries[index(of: key)!].value }
  }

  /// The value of the `i`th entry, in place.
  subscript(at i: Int) -> Value {
    _read { yield entries[i].value }
    _modify { yield &entries[i].value }
  }

  /// Sets the value for `key`, adding the key when it is new.
  mutating func set(_ value: Value, for key: Int) {
    if let i = index(of: key) {
      entries[i].value = value
      return
    }
    var i = entries.count
    while i > 0 && entries[i - 1].key > key { i -= 1 }
    entries.insert(Entry(key: key, value: value), at: i)
  }

  mutating func remove(_ key: Int) {
    guard let i = index(of: key) else { return }
    entries.remove(at: i)
  }

  mutating func remove(at i: Int) { entries.remove(at: i) }

  mutating func removeAll(keepingCapacity: Bool) { entries.removeAll(keepingCapacity: keepingCapacity) }
}
