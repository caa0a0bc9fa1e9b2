import Geometry

/// Property changes (`set:` script steps and the window's toggles) applied to the scene model.
///
/// The keys are the scene file's own keys, so a change made by hand can be saved back as a file.
public enum PropertyType: String, Sendable {
  case bool, number, string, point, idList, idListOrAll
  /// A list of whole numbers 0…1000 (segment indexes).
  case indexList = "list of whole numbers"
}

public enum SettableKeys {
  /// Keys a `set` may change on a view (`kind` limits some of them, see `check`).
  public static let view: [String: PropertyType] = Dictionary(
    uniqueKeysWithValues: ViewKey.allCases.map { ($0.rawValue, $0.type) })
  /// `flag.NAME` changes the view's flag NAME (rule A-13).
  public static let flagPrefix = "flag."
  /// Keys of one control kind only (rules 8.6, 8.7).
  public static let segmentedOnly: Set<String> = ["isMomentary", "disabledSegments"]
  public static let pageControlOnly: Set<String> = ["numberOfPages"]
  /// Keys of steppers and sliders only (rules 8.4, 8.5); a slider takes the range and isContinuous.
  public static let stepperOnly: Set<String> = ["stepValue", "wraps", "autorepeat"]
  public static let stepperAndSlider: Set<String> = [
    "minimumValue", "maximumValue", "stepValue", "wraps", "autorepeat", "isContinuous",
  ]
  /// Keys a `set` may change on a recognizer.
  public static let recognizer: [String: PropertyType] = Dictionary(
    uniqueKeysWithValues: RecognizerKey.allCases.map { ($0.rawValue, $0.type) })
}

extension PropertyValue {
  var bool: Bool? {
    if case .bool(let b) = self { return b }
    return nil
  }
  var number: Double? {
    if case .number(let n) = self { return n }
    return nil
  }
  var string: String? {
    if case .string(let s) = self { return s }
    return nil
  }
  var point: Point? {
    if case .list(let l) = self, l.count == 2, let x = l[0].number, let y = l[1].number { return Point(x, y) }
    return nil
  }
  public var indexes: [Int]? {
    guard case .list(let l) = self else { return nil }
    let n = l.compactMap { v -> Int? in
      guard let x = v.number, x.rounded() == x, x >= 0, x <= 1000 else { return nil }
      return Int(x)
    }
    return n.count == l.count ? n : nil
  }
  var ids: [String]? {
    if case .list(let l) = self {
      let s = l.compactMap(\.string)
      return s.count == l.count ? s : nil
    }
    return nil
  }
  /// The value as a message shows it: at most 60 characters, "…" after them (a value can be megabytes).
  var shortDescription: String {
    let whole = "\(self)"
    guard whole.utf8.count > 60, let end = whole.index(whole.startIndex, offsetBy: 60, limitedBy: whole.endIndex),
      end < whole.endIndex
    else { return whole }
    return whole[..<end] + "…"
  }

  /// Whether the value has the shape `type` asks for.
  public func fits(_ type: PropertyType) -> Bool {
    switch type {
    case .bool: return bool != nil
    case .number: return number.map { $0.isFinite } ?? false
    case .string: return string != nil
    case .point: return point.map { $0.x.isFinite && $0.y.isFinite } ?? false
    case .idList: return ids != nil
    case .idListOrAll: return ids != nil || string == "all"
    case .indexList: return indexes != nil
    }
  }
}

extension ViewSpec {
  /// Applies `key = value`; returns an error message instead when the change does not fit.
  public mutating func set(_ key: String, _ value: PropertyValue) -> String? {
    // Rule A-13: `flag.NAME`, a stored Bool property of the view's subclass that its hitTest reads.
    if key.hasPrefix(SettableKeys.flagPrefix) {
      let name = String(key.dropFirst(SettableKeys.flagPrefix.count))
      guard flags[name] != nil else { return "view '\(id)' has no flag '\(name)' (declare it in 'flags')" }
      guard let b = value.bool else { return "'\(key)' takes a bool, not \(value.shortDescription)" }
      flags[name] = b
      return nil
    }
    guard let k = ViewKey(rawValue: key) else { return "view '\(id)' has no settable key '\(key)'" }
    guard value.fits(k.type) else { return "'\(key)' takes a \(k.type.rawValue), not \(value.shortDescription)" }
    return k.write(value, to: &self)
  }
}

extension RecognizerSpec {
  /// Applies `key = value`; returns an error message instead when the change does not fit.
  public mutating func set(_ key: String, _ value: PropertyValue) -> String? {
    guard let k = RecognizerKey(rawValue: key) else { return "recognizer '\(id)' has no settable key '\(key)'" }
    guard value.fits(k.type) else { return "'\(key)' takes a \(k.type.rawValue), not \(value.shortDescription)" }
    return k.write(value, to: &self)
  }
}

extension Scene {
  /// Applies a change to the view or recognizer named by `change.target`.
  public mutating func apply(_ change: PropertyChange) -> String? {
    func walk(_ v: inout ViewSpec) -> String?? {
      WorkMeter.add(1)
      if v.id == change.target { return .some(v.set(change.key, change.value)) }
      for i in v.recognizers.indices where v.recognizers[i].id == change.target {
        return .some(v.recognizers[i].set(change.key, change.value))
      }
      for i in v.subviews.indices {
        if let r = walk(&v.subviews[i]) { return r }
      }
      return nil
    }
    guard let result = walk(&root) else { return "no view or recognizer named '\(change.target)'" }
    return result
  }
}
